using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Streamline.Benchmarks;

/// <summary>
/// Locates <c>tests/corpus</c> at run time (no machine paths are committed) and builds the large concatenated input.
/// </summary>
public static class BenchmarkCorpus
{
    /// <summary>The real size of <see cref="CorpusFile.Concatenated100MiB"/>: 100 MiB.</summary>
    public const long DefaultLargeFileMinimumBytes = 100L * 1024 * 1024;

    /// <summary>Seed of the order in which corpus texts are concatenated, so every run measures the same bytes.</summary>
    public const int Seed = 1003;

    private const string CorpusEnvironmentVariable = "STREAMLINE_CORPUS";
    private const string LargeBytesEnvironmentVariable = "STREAMLINE_BENCH_LARGE_BYTES";

    private static string? s_corpusDirectory;

    /// <summary>
    /// Gets or sets the minimum size of <see cref="CorpusFile.Concatenated100MiB"/>. The smoke test lowers it so it does
    /// not write 100 MiB; the <c>STREAMLINE_BENCH_LARGE_BYTES</c> environment variable sets it for a whole process.
    /// </summary>
    public static long LargeFileMinimumBytes { get; set; } = ReadLargeBytesFromEnvironment();

    /// <summary>Gets the <c>tests/corpus</c> directory, from <c>STREAMLINE_CORPUS</c> or by walking up to the repository.</summary>
    public static string CorpusDirectory => s_corpusDirectory ??= FindCorpusDirectory();

    /// <summary>Gets the path of a committed corpus file, such as <c>clarissa_volume1.txt</c>.</summary>
    /// <param name="fileName">The file name inside <c>tests/corpus</c>.</param>
    /// <returns>The full path.</returns>
    public static string GetPath(string fileName) => Path.Combine(CorpusDirectory, fileName);

    /// <summary>Gets the top-level corpus texts (<c>*.txt</c>, not <c>edge/</c>), sorted by name.</summary>
    /// <returns>Full paths.</returns>
    public static IReadOnlyList<string> GetTexts() =>
        Directory.GetFiles(CorpusDirectory, "*.txt").OrderBy(path => path, StringComparer.Ordinal).ToArray();

    /// <summary>
    /// Provides the file for <paramref name="input"/>: the committed file, or a new temporary file that the caller
    /// deletes with <see cref="Release"/> in its <c>[GlobalCleanup]</c>.
    /// </summary>
    /// <param name="input">Which input.</param>
    /// <returns>The path to read.</returns>
    public static string Acquire(CorpusFile input) => input switch
    {
        CorpusFile.Clarissa1 => GetPath("clarissa_volume1.txt"),
        CorpusFile.Concatenated100MiB => WriteConcatenation(LargeFileMinimumBytes),
        _ => throw new ArgumentOutOfRangeException(nameof(input), input, null),
    };

    /// <summary>Deletes <paramref name="path"/> if <see cref="Acquire"/> created it; committed files are left alone.</summary>
    /// <param name="path">A path from <see cref="Acquire"/>, or null.</param>
    public static void Release(string? path)
    {
        if (path is not null && !IsInside(path, CorpusDirectory) && File.Exists(path))
            File.Delete(path);
    }

    /// <summary>
    /// Writes the corpus texts, each pass in a new <see cref="Seed"/>-shuffled order, to a temporary file until it holds
    /// at least <paramref name="minimumBytes"/> bytes. Every text is CRLF-terminated, so lines never merge at a seam.
    /// </summary>
    /// <param name="minimumBytes">The size to reach.</param>
    /// <returns>The temporary file's path.</returns>
    public static string WriteConcatenation(long minimumBytes)
    {
        byte[][] texts = GetTexts().Select(File.ReadAllBytes).ToArray();
        var random = new Random(Seed);
        string path = Path.Combine(Path.GetTempPath(), "streamline-bench-" + Guid.NewGuid().ToString("N") + ".txt");
        using (var output = new FileStream(path, FileMode.CreateNew, FileAccess.Write, FileShare.None, 1 << 16))
        {
            while (output.Length < minimumBytes)
            {
                foreach (int index in Shuffle(texts.Length, random))
                    output.Write(texts[index], 0, texts[index].Length);
            }
        }

        return path;
    }

    private static int[] Shuffle(int count, Random random)
    {
        int[] order = Enumerable.Range(0, count).ToArray();
        for (int i = count - 1; i > 0; i--)
        {
            int j = random.Next(i + 1);
            (order[i], order[j]) = (order[j], order[i]);
        }

        return order;
    }

    private static long ReadLargeBytesFromEnvironment()
    {
        string? value = Environment.GetEnvironmentVariable(LargeBytesEnvironmentVariable);
        return long.TryParse(value, out long bytes) && bytes > 0 ? bytes : DefaultLargeFileMinimumBytes;
    }

    private static string FindCorpusDirectory()
    {
        string? configured = Environment.GetEnvironmentVariable(CorpusEnvironmentVariable);
        if (!string.IsNullOrEmpty(configured))
            return Path.GetFullPath(configured);

        // The exe runs from tests/Benchmarks/bin/<configuration>/<tfm>/ (or deeper, in BenchmarkDotNet's generated
        // projects), the tests from tests/Benchmarks.Tests/bin/...: walk up from there, then from the working directory.
        foreach (string start in new[] { AppDomain.CurrentDomain.BaseDirectory, Directory.GetCurrentDirectory() })
        {
            for (DirectoryInfo? directory = new DirectoryInfo(start); directory is not null; directory = directory.Parent)
            {
                string candidate = Path.Combine(directory.FullName, "tests", "corpus");
                if (File.Exists(Path.Combine(candidate, "clarissa_volume1.txt")))
                    return candidate;
            }
        }

        throw new DirectoryNotFoundException(
            "tests/corpus was not found above the benchmark binaries or the working directory; set " +
            CorpusEnvironmentVariable + " to its path.");
    }

    private static bool IsInside(string path, string directory) =>
        Path.GetFullPath(path).StartsWith(
            Path.GetFullPath(directory).TrimEnd(Path.DirectorySeparatorChar) + Path.DirectorySeparatorChar,
            StringComparison.Ordinal);
}
