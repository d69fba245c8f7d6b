using System.IO;
using System.Linq;
using BenchmarkDotNet.Attributes;
using Streamline.Runtime;

namespace Streamline.Benchmarks;

/// <summary>
/// SL1003: counting a file's lines with <c>File.ReadAllLines(path).Length</c> builds every line as a string and the
/// whole array; the fixes stream the file (<c>File.ReadLines</c>) or count line breaks without strings
/// (<see cref="LineCounter"/>).
/// </summary>
[MemoryDiagnoser]
public class SL1003CountLinesWithoutMaterializingBenchmarks
{
    private string? _path;

    /// <summary>Gets or sets the file counted.</summary>
    [Params(CorpusFile.Clarissa1, CorpusFile.Concatenated100MiB)]
    public CorpusFile Input { get; set; }

    /// <summary>Finds or writes the input file.</summary>
    [GlobalSetup]
    public void Setup() => _path = BenchmarkCorpus.Acquire(Input);

    /// <summary>Deletes the input file if the setup wrote it.</summary>
    [GlobalCleanup]
    public void Cleanup()
    {
        BenchmarkCorpus.Release(_path);
        _path = null;
    }

    /// <summary>The flagged code.</summary>
    /// <returns>The line count.</returns>
    [Benchmark(Baseline = true)]
    public int ReadAllLinesLength() => File.ReadAllLines(_path!).Length;

    /// <summary>The BCL-only fix: stream the lines, keeping one at a time.</summary>
    /// <returns>The line count.</returns>
    [Benchmark]
    public int ReadLinesCount() => File.ReadLines(_path!).Count();

    /// <summary>The Streamline.Runtime fix: count line breaks without creating strings.</summary>
    /// <returns>The line count.</returns>
    [Benchmark]
    public int LineCounterCount() => LineCounter.Count(_path!);
}
