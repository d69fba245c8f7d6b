namespace Streamline.Benchmarks;

/// <summary>The input files a benchmark pair can be measured on; see <see cref="BenchmarkCorpus"/>.</summary>
public enum CorpusFile
{
    /// <summary><c>tests/corpus/clarissa_volume1.txt</c> as committed: 0.6 MB, 11716 CRLF lines, UTF-8 with BOM.</summary>
    Clarissa1,

    /// <summary>
    /// The corpus texts concatenated in seeded random order into a temporary file of at least
    /// <see cref="BenchmarkCorpus.LargeFileMinimumBytes"/> bytes (100 MiB unless a smoke run lowers it).
    /// </summary>
    Concatenated100MiB,
}
