using System;
using System.IO;
using Microsoft.Win32.SafeHandles;

namespace Streamline.Samples.Wc;

/// <summary>The entry point of a <c>wc</c> that prints what GNU coreutils 9.x <c>wc</c> prints.</summary>
public static class Program
{
    /// <summary>Runs <c>wc</c> on the process's own standard streams and environment.</summary>
    /// <param name="args">The command line, without the program name.</param>
    /// <returns>The exit status: 0, or 1 after any error.</returns>
    public static int Main(string[] args)
    {
        using var stdin = new FileStream(new SafeFileHandle(IntPtr.Zero, ownsHandle: false), FileAccess.Read, 1);
        using Stream stdout = Console.OpenStandardOutput();
        using Stream stderr = Console.OpenStandardError();
        var console = new WcConsole(stdin, StandardInputStatus(), stdout, stderr, Environment.GetEnvironmentVariable);
        return WcCommand.Run(args, console);
    }

    // wc sizes its columns from fstat(0). .NET has no fstat, so follow Linux's /proc/self/fd/0 link: a path there is a
    // file (or a device, under /dev); anything else (pipe:[…], socket:[…]) is not a regular file.
    private static FileStatus StandardInputStatus()
    {
        try
        {
            string? target = new FileInfo("/proc/self/fd/0").LinkTarget;
            return target is not null && target.StartsWith('/') ? FileStatus.Of(target) : FileStatus.Other;
        }
        catch (IOException)
        {
            return FileStatus.Other;
        }
        catch (UnauthorizedAccessException)
        {
            return FileStatus.Other;
        }
    }
}
