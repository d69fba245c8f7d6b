using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

namespace Streamline.Samples.Wc;

/// <summary>The entry point of a <c>wc</c> that prints what GNU coreutils 9.x <c>wc</c> prints.</summary>
public static class Program
{
    /// <summary>Runs <c>wc</c> on the process's own descriptors 0, 1 and 2 and its environment.</summary>
    /// <param name="args">The command line, without the program name.</param>
    /// <returns>The exit status: 0, or 1 after any error.</returns>
    public static int Main(string[] args)
    {
        int stdin = Posix.Inherited(0);
        int stdout = Posix.Inherited(1);
        int stderr = Posix.Inherited(2);
        var console = new WcConsole(new FdStream(stdin), Posix.FStat(stdin), new FdStream(stdout) { BrokenPipeKills = true }, new FdStream(stderr), Environment.GetEnvironmentVariable)
        {
            StandardInputOffset = () => Posix.CurrentOffset(stdin),
            CloseStandardInput = () => Posix.Close(stdin),
            CloseStandardOutput = () => Posix.Close(stdout),
        };
        try
        {
            return WcCommand.Run(RawArguments(args), console);
        }
        catch (Exception e)
        {
            // Every error wc knows is reported above with GNU's words; this is the last resort for a bug, so that even
            // then the program ends with a one-line message and status 1 (as a C program's error() does), not a trace.
            Posix.WriteAll(stderr, Encoding.UTF8.GetBytes($"wc: {e.Message}\n"));
            return 1;
        }
    }

    // .NET decodes argv as UTF-8, replacing bytes that are not UTF-8, so a file name such as caf\xE9 could not be
    // opened. Linux keeps the original bytes in /proc/self/cmdline (NUL-separated); the arguments are its last
    // entries (before them: the program, or `dotnet wc.dll`). Each is used only if it decodes to the argument .NET
    // gave (apart from how many U+FFFD stand for an undecodable run, which the apphost and native AOT count
    // differently), so a mismatch of any other kind falls back to the UTF-8 of the arguments.
    private static IReadOnlyList<byte[]> RawArguments(string[] args)
    {
        var fallback = new byte[args.Length][];
        for (int i = 0; i < args.Length; i++)
            fallback[i] = Encoding.UTF8.GetBytes(args[i]);
        byte[] cmdline;
        try
        {
            cmdline = File.ReadAllBytes("/proc/self/cmdline");
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return fallback;
        }

        var entries = new List<byte[]>();
        int start = 0;
        for (int i = 0; i < cmdline.Length; i++)
        {
            if (cmdline[i] != 0)
                continue;
            entries.Add(cmdline.AsSpan(start, i - start).ToArray());
            start = i + 1;
        }

        if (entries.Count < args.Length)
            return fallback;
        var raw = entries.GetRange(entries.Count - args.Length, args.Length);
        for (int i = 0; i < args.Length; i++)
        {
            if (WithoutReplacements(Encoding.UTF8.GetString(raw[i])) != WithoutReplacements(args[i]))
                return fallback;
        }

        return raw;
    }

    private static string WithoutReplacements(string text) => text.Replace("\uFFFD", string.Empty, StringComparison.Ordinal);
}
