using System;
using System.IO;
using System.Text;

namespace Streamline.Samples.Wc;

/// <summary>What <see cref="WcCommand"/> reads from and writes to, so that tests can run it in-process.</summary>
/// <param name="StandardInput">The stream read for <c>-</c> or when no file is named. An <see cref="FdStream"/> reports
/// read errors with their <c>errno</c>; any other stream reports them by throwing an <see cref="IOException"/>.</param>
/// <param name="StandardInputStatus">What <c>fstat(0)</c> says about <paramref name="StandardInput"/>
/// (<see cref="FileStatus.Exists"/> is false when it failed).</param>
/// <param name="StandardOutput">Where the counts go; a write that throws <see cref="IOException"/> is a write error.</param>
/// <param name="StandardError">Where the diagnostics go.</param>
/// <param name="GetEnvironmentVariable">Reads <c>LC_ALL</c>, <c>LC_CTYPE</c>, <c>LANG</c> and <c>POSIXLY_CORRECT</c>.</param>
public sealed record WcConsole(
    Stream StandardInput,
    FileStatus StandardInputStatus,
    Stream StandardOutput,
    Stream StandardError,
    Func<string, string?> GetEnvironmentVariable)
{
    /// <summary>Gets the offset of standard input, as <c>lseek(0, 0, SEEK_CUR)</c>; -1 when unknown.</summary>
    public Func<long> StandardInputOffset { get; init; } = () => -1;

    /// <summary>Gets what closes standard input after it was read: it returns 0 or the <c>errno</c> of the failure.</summary>
    public Func<int> CloseStandardInput { get; init; } = () => 0;

    /// <summary>Gets what closes standard output at exit: it returns 0 or the <c>errno</c> of the failure.</summary>
    public Func<int> CloseStandardOutput { get; init; } = () => 0;
}

/// <summary>The part of <c>stat(2)</c> that <c>wc</c> uses.</summary>
/// <param name="Exists">Whether <c>stat</c> succeeded.</param>
/// <param name="IsRegular">Whether the file is a regular file.</param>
/// <param name="Size">The size of a regular file in bytes.</param>
public readonly record struct FileStatus(bool Exists, bool IsRegular, long Size)
{
    /// <summary>Gets the status of something that exists but is not a regular file, such as a pipe.</summary>
    public static FileStatus Other => new(true, false, 0);

    /// <summary>Gets whether the file is a directory.</summary>
    public bool IsDirectory { get; init; }

    /// <summary>Gets <c>st_size</c> whatever the file type.</summary>
    public long RawSize { get; init; }

    /// <summary>Gets the status of a path, following symbolic links as <c>stat</c> does.</summary>
    /// <param name="path">The path; its UTF-8 bytes name the file.</param>
    /// <returns>Its status; <see cref="Exists"/> is false when <c>stat</c> failed.</returns>
    public static FileStatus Of(string path) => Posix.Stat(Encoding.UTF8.GetBytes(path));
}
