using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Streamline.Runtime.Tests;

/// <summary>What a call did: a count, or an exception's type and parameter name.</summary>
internal readonly record struct Outcome(long Count, Type? Exception, string? ParamName)
{
    public static Outcome Of(Func<long> call)
    {
        try
        {
            return new Outcome(call(), null, null);
        }
        catch (Exception exception)
        {
            return Failed(exception);
        }
    }

    public static async Task<Outcome> OfAsync(Func<Task<long>> call)
    {
        try
        {
            return new Outcome(await call().ConfigureAwait(false), null, null);
        }
        catch (Exception exception)
        {
            return Failed(exception);
        }
    }

    public static Outcome Failed(Exception exception) =>
        new(-1, exception.GetType(), (exception as ArgumentException)?.ParamName);

    public override string ToString() => Exception is null ? $"{Count} lines" : $"{Exception.Name}({ParamName})";
}

/// <summary>The BCL calls that <see cref="LineCounter"/> replaces, with the same optional encoding.</summary>
internal static class Bcl
{
    public static Outcome ReadAllLines(string path, Encoding? encoding) =>
        Outcome.Of(() => encoding is null ? File.ReadAllLines(path).Length : File.ReadAllLines(path, encoding).Length);

    public static Task<Outcome> ReadAllLinesAsync(string path, Encoding? encoding) =>
        Outcome.OfAsync(async () => encoding is null
            ? (await File.ReadAllLinesAsync(path).ConfigureAwait(false)).Length
            : (await File.ReadAllLinesAsync(path, encoding).ConfigureAwait(false)).Length);
}

/// <summary>Encodings to test with, named for failure messages; null means the overload without an encoding.</summary>
internal static class TestEncodings
{
    public static readonly IReadOnlyList<(string Name, Encoding? Encoding)> All = new (string, Encoding?)[]
    {
        ("default", null),
        ("UTF8", Encoding.UTF8),
        ("UTF8NoBom", new UTF8Encoding(encoderShouldEmitUTF8Identifier: false)),
        ("UTF8Throwing", new UTF8Encoding(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true)),
        ("UTF8EmptyFallback", Encoding.GetEncoding("utf-8", EncoderFallback.ReplacementFallback, new DecoderReplacementFallback(string.Empty))),
        ("UTF8NewlineFallback", Encoding.GetEncoding("utf-8", EncoderFallback.ReplacementFallback, new DecoderReplacementFallback("\n"))),
        ("UTF8Derived", new DerivedUtf8Encoding()),
        ("PreambleAB", new PreambleEncoding(0x41, 0x42)),
        ("PreambleFEFF", new PreambleEncoding(0xFE, 0xFF)),
        ("Unicode", Encoding.Unicode),
        ("UnicodeNoBom", new UnicodeEncoding(bigEndian: false, byteOrderMark: false)),
        ("UnicodeThrowing", new UnicodeEncoding(bigEndian: false, byteOrderMark: true, throwOnInvalidBytes: true)),
        ("BigEndianUnicode", Encoding.BigEndianUnicode),
        ("UTF32", Encoding.UTF32),
        ("UTF32BigEndian", new UTF32Encoding(bigEndian: true, byteOrderMark: true)),
        ("Latin1", Encoding.Latin1),
        ("ASCII", Encoding.ASCII),
        ("ASCIIEmptyFallback", Encoding.GetEncoding("us-ascii", EncoderFallback.ReplacementFallback, new DecoderReplacementFallback(string.Empty))),
    };

    /// <summary>UTF-8 through a derived type, which must take the decoding path.</summary>
    private sealed class DerivedUtf8Encoding : UTF8Encoding
    {
    }

    /// <summary>UTF-8 that declares a preamble of its own, which StreamReader skips before any BOM detection.</summary>
    private sealed class PreambleEncoding : UTF8Encoding
    {
        private readonly byte[] _preamble;

        public PreambleEncoding(params byte[] preamble) => _preamble = preamble;

        public override byte[] GetPreamble() => (byte[])_preamble.Clone();

        public override ReadOnlySpan<byte> Preamble => _preamble;
    }
}

/// <summary>Temporary files for the tests, in one folder removed when the process exits.</summary>
internal static class TempFiles
{
    private static readonly Lazy<string> s_folder = new(CreateFolder);

    [ThreadStatic]
    private static string? t_perThread;

    /// <summary>One reusable file per thread, for generated cases.</summary>
    public static string ForThread(byte[] contents)
    {
        t_perThread ??= NewPath();
        File.WriteAllBytes(t_perThread, contents);
        return t_perThread;
    }

    public static string NewPath() => Path.Combine(s_folder.Value, Guid.NewGuid().ToString("N") + ".txt");

    public static string Write(byte[] contents)
    {
        string path = NewPath();
        File.WriteAllBytes(path, contents);
        return path;
    }

    private const string FolderPrefix = "streamline-linecounter-";

    private static string CreateFolder()
    {
        DeleteFoldersOfEndedRuns();
        string folder = Path.Combine(Path.GetTempPath(), FolderPrefix + Environment.ProcessId);
        Directory.CreateDirectory(folder);
        AppDomain.CurrentDomain.ProcessExit += (_, _) =>
        {
            try
            {
                Directory.Delete(folder, recursive: true);
            }
            catch (IOException)
            {
            }
        };
        return folder;
    }

    /// <summary>
    /// The test host may be stopped before <see cref="AppDomain.ProcessExit"/> has deleted its folder (vstest ends it
    /// shortly after the run), so each run also removes the folders of test hosts that are no longer running.
    /// </summary>
    private static void DeleteFoldersOfEndedRuns()
    {
        foreach (string stale in Directory.EnumerateDirectories(Path.GetTempPath(), FolderPrefix + "*"))
        {
            if (!int.TryParse(Path.GetFileName(stale).AsSpan(FolderPrefix.Length), out int processId)
                || processId == Environment.ProcessId || IsRunning(processId))
            {
                continue;
            }

            try
            {
                Directory.Delete(stale, recursive: true);
            }
            catch (Exception exception) when (exception is IOException or UnauthorizedAccessException)
            {
            }
        }
    }

    private static bool IsRunning(int processId)
    {
        try
        {
            using System.Diagnostics.Process process = System.Diagnostics.Process.GetProcessById(processId);
            return !process.HasExited;
        }
        catch (ArgumentException)
        {
            return false;
        }
        catch (InvalidOperationException)
        {
            return false;
        }
    }
}

/// <summary>The text corpus shipped in the repository's tests/corpus folder.</summary>
internal static class Corpus
{
    public static string Folder { get; } = FindFolder();

    private static string FindFolder()
    {
        for (DirectoryInfo? folder = new(AppContext.BaseDirectory); folder is not null; folder = folder.Parent)
        {
            string candidate = Path.Combine(folder.FullName, "tests", "corpus");
            if (File.Exists(Path.Combine(candidate, "README.md")))
            {
                return candidate;
            }
        }

        throw new DirectoryNotFoundException("tests/corpus not found above " + AppContext.BaseDirectory);
    }

    /// <summary>The rows of the README's tables: file name and the line count GNU wc -l gave.</summary>
    public static IEnumerable<(string File, long WcLines)> WcLineCounts()
    {
        foreach (string row in File.ReadLines(Path.Combine(Folder, "README.md")))
        {
            string[] cells = row.Split('|', StringSplitOptions.TrimEntries);
            if (cells.Length >= 4 && !cells[1].StartsWith("**", StringComparison.Ordinal)
                && long.TryParse(cells[2], out long lines) && File.Exists(Path.Combine(Folder, cells[1])))
            {
                yield return (cells[1], lines);
            }
        }
    }
}

internal static class Hex
{
    public static string Of(byte[] bytes) =>
        bytes.Length <= 256
            ? "[" + string.Join(" ", bytes.Select(b => b.ToString("X2", System.Globalization.CultureInfo.InvariantCulture))) + "]"
            : $"[{bytes.Length} bytes: {Of(bytes[..64])} ... {Of(bytes[^64..])}]";
}

internal static class CancelledToken
{
    public static CancellationToken Value { get; } = new(canceled: true);
}
