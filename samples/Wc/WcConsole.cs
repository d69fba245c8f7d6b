using System;
using System.IO;

namespace Streamline.Samples.Wc;

/// <summary>What <see cref="WcCommand"/> reads from and writes to, so that tests can run it in-process.</summary>
/// <param name="StandardInput">The stream read for <c>-</c> or when no file is named.</param>
/// <param name="StandardInputStatus">What <c>fstat(0)</c> would say about <paramref name="StandardInput"/>.</param>
/// <param name="StandardOutput">Where the counts go.</param>
/// <param name="StandardError">Where the diagnostics go.</param>
/// <param name="GetEnvironmentVariable">Reads <c>LC_ALL</c>, <c>LC_CTYPE</c>, <c>LANG</c> and <c>POSIXLY_CORRECT</c>.</param>
public sealed record WcConsole(
    Stream StandardInput,
    FileStatus StandardInputStatus,
    Stream StandardOutput,
    Stream StandardError,
    Func<string, string?> GetEnvironmentVariable);

/// <summary>The part of <c>stat(2)</c> that <c>wc</c> uses to choose its column width.</summary>
/// <param name="Exists">Whether <c>stat</c> succeeded.</param>
/// <param name="IsRegular">Whether the file is a regular file.</param>
/// <param name="Size">The size of a regular file in bytes.</param>
public readonly record struct FileStatus(bool Exists, bool IsRegular, long Size)
{
    /// <summary>Gets the status of something that exists but is not a regular file, such as a pipe.</summary>
    public static FileStatus Other => new(true, false, 0);

    /// <summary>Gets the status of a path, following symbolic links as <c>stat</c> does.</summary>
    /// <param name="path">The path.</param>
    /// <returns>Its status.</returns>
    public static FileStatus Of(string path)
    {
        try
        {
            if (Directory.Exists(path))
                return Other;
            var file = new FileInfo(path);
            if (!file.Exists)
                return default;
            FileSystemInfo? target = file.ResolveLinkTarget(returnFinalTarget: true);
            string fullName = target?.FullName ?? file.FullName;
            // .NET does not expose st_mode; device nodes live under /dev on Linux.
            if (fullName.StartsWith("/dev/", StringComparison.Ordinal))
                return Other;
            return new FileStatus(true, true, target is FileInfo resolved ? resolved.Length : file.Length);
        }
        catch (IOException)
        {
            return default;
        }
        catch (UnauthorizedAccessException)
        {
            return default;
        }
    }
}
