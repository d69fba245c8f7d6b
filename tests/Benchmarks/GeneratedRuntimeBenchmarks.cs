using System;
using System.IO;
using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Streamline.Benchmarks.GeneratedRuntime;

namespace Streamline.Benchmarks;

/// <summary>
/// Each runtime type compiled from Streamline.Generator's source in a consumer project (Generated) against the
/// Streamline.Runtime assembly's build (Assembly, the baseline), on the same workload and data. Any gap over 10% is a
/// bug: the generated text is the runtime's own files, so only what the two compilations differ in (language version,
/// feature symbols, attributes) can make one slower.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class GeneratedRuntimeBenchmarks
{
    private const int Seed = 20231127;

    private string _path = string.Empty;
    private string _text = string.Empty;
    private byte[] _utf8 = Array.Empty<byte>();
    private byte[] _binary = Array.Empty<byte>();

    [GlobalSetup]
    public void Setup()
    {
        _path = BenchmarkCorpus.Acquire(CorpusFile.Clarissa1);
        _utf8 = File.ReadAllBytes(_path);
        _text = Encoding.UTF8.GetString(_utf8);
        _binary = new byte[4 << 20];
        new Random(Seed).NextBytes(_binary);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("LineCounter")]
    public int LineCounter_Assembly() => AssemblyWorkloads.Lines(_path);

    [Benchmark, BenchmarkCategory("LineCounter")]
    public int LineCounter_Generated() => GeneratedWorkloads.Lines(_path);

    [Benchmark(Baseline = true), BenchmarkCategory("TextCounter")]
    public long TextCounter_Assembly() => AssemblyWorkloads.Text(_utf8);

    [Benchmark, BenchmarkCategory("TextCounter")]
    public long TextCounter_Generated() => GeneratedWorkloads.Text(_utf8);

    [Benchmark(Baseline = true), BenchmarkCategory("BufferedBinaryReader")]
    public long BufferedBinaryReader_Assembly() => AssemblyWorkloads.UInt16s(_binary);

    [Benchmark, BenchmarkCategory("BufferedBinaryReader")]
    public long BufferedBinaryReader_Generated() => GeneratedWorkloads.UInt16s(_binary);

    [Benchmark(Baseline = true), BenchmarkCategory("SkipReader")]
    public long SkipReader_Assembly() => AssemblyWorkloads.FirstOfFour(_binary);

    [Benchmark, BenchmarkCategory("SkipReader")]
    public long SkipReader_Generated() => GeneratedWorkloads.FirstOfFour(_binary);

    [Benchmark(Baseline = true), BenchmarkCategory("CharSearchSet")]
    public int CharSearchSet_Assembly() => AssemblyWorkloads.CharSeparators(_text);

    [Benchmark, BenchmarkCategory("CharSearchSet")]
    public int CharSearchSet_Generated() => GeneratedWorkloads.CharSeparators(_text);

    [Benchmark(Baseline = true), BenchmarkCategory("ByteSearchSet")]
    public int ByteSearchSet_Assembly() => AssemblyWorkloads.ByteSeparators(_utf8);

    [Benchmark, BenchmarkCategory("ByteSearchSet")]
    public int ByteSearchSet_Generated() => GeneratedWorkloads.ByteSeparators(_utf8);
}
