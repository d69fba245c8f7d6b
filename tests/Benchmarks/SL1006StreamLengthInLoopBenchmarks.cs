using System;
using System.IO;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace Streamline.Benchmarks;

/// <summary>
/// SL1006: a loop that reads a FileStream's Length on every pass (flagged) against the same loop with Length read once
/// before it (fixed), over a 1 MB temp file. ReadByte: the stream's own loop (FileStream serves the bytes from its
/// buffer, so Length's system calls dominate). BinaryReader: the loop, <c>BaseStream.Position &lt; BaseStream.Length</c>
/// around ReadUInt16. CheckInBody: a counted loop that checks <c>Position + 2 &gt; Length</c> in its body, fixed with
/// <c>(length ??= BaseStream.Length)</c>. InMemory: the same BinaryReader loop over a MemoryStream, where the rule stays quiet.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class SL1006StreamLengthInLoopBenchmarks
{
    private const int FileBytes = 1024 * 1024;
    private const string ReadByte = "ReadByte";
    private const string BinaryReaderLoop = "BinaryReader";
    private const string InMemory = "InMemory";
    private const string CheckInBody = "CheckInBody";

    private string _directory = string.Empty;
    private string _path = string.Empty;
    private byte[] _bytes = Array.Empty<byte>();

    [GlobalSetup]
    public void Setup()
    {
        // One folder per run: other runs on the same machine (another checkout, the smoke test) must not delete it.
        _directory = Path.Combine(Path.GetTempPath(), "streamline-sl1006-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(_directory);

        // The smoke test lowers the large-input size: then 64 KB stand in for 1 MB.
        int size = BenchmarkCorpus.LargeFileMinimumBytes < BenchmarkCorpus.DefaultLargeFileMinimumBytes ? 64 * 1024 : FileBytes;
        _bytes = new byte[size];
        new Random(1006).NextBytes(_bytes);
        _path = Path.Combine(_directory, "data.bin");
        File.WriteAllBytes(_path, _bytes);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        Directory.Delete(_directory, recursive: true);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(ReadByte)]
    public long ReadByte_LengthInLoop()
    {
        using var stream = File.OpenRead(_path);
        long sum = 0;
        while (stream.Position < stream.Length)
        {
            sum += stream.ReadByte();
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory(ReadByte)]
    public long ReadByte_LengthHoisted()
    {
        using var stream = File.OpenRead(_path);
        long sum = 0;
        long length = stream.Length;
        while (stream.Position < length)
        {
            sum += stream.ReadByte();
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(BinaryReaderLoop)]
    public long BinaryReader_LengthInLoop()
    {
        using var reader = new BinaryReader(File.OpenRead(_path));
        long sum = 0;
        while (reader.BaseStream.Position < reader.BaseStream.Length)
        {
            sum += reader.ReadUInt16();
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory(BinaryReaderLoop)]
    public long BinaryReader_LengthHoisted()
    {
        using var reader = new BinaryReader(File.OpenRead(_path));
        long sum = 0;
        long length = reader.BaseStream.Length;
        while (reader.BaseStream.Position < length)
        {
            sum += reader.ReadUInt16();
        }

        return sum;
    }

    // The on-first-read form: a counted loop whose check sits in the body (SmolvDecoder's shape), fixed with ??=.
    [Benchmark(Baseline = true)]
    [BenchmarkCategory(CheckInBody)]
    public long CheckInBody_LengthInLoop()
    {
        using var reader = new BinaryReader(File.OpenRead(_path));
        long sum = 0;
        int count = _bytes.Length / 2;
        for (int i = 0; i < count; i++)
        {
            if (reader.BaseStream.Position + 2 > reader.BaseStream.Length)
                break;
            sum += reader.ReadUInt16();
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory(CheckInBody)]
    public long CheckInBody_LengthOnFirstRead()
    {
        using var reader = new BinaryReader(File.OpenRead(_path));
        long sum = 0;
        int count = _bytes.Length / 2;
        long? length = null;
        for (int i = 0; i < count; i++)
        {
            if (reader.BaseStream.Position + 2 > (length ??= reader.BaseStream.Length))
                break;
            sum += reader.ReadUInt16();
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(InMemory)]
    public long InMemory_LengthInLoop()
    {
        using var reader = new BinaryReader(new MemoryStream(_bytes));
        long sum = 0;
        while (reader.BaseStream.Position < reader.BaseStream.Length)
        {
            sum += reader.ReadUInt16();
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory(InMemory)]
    public long InMemory_LengthHoisted()
    {
        using var reader = new BinaryReader(new MemoryStream(_bytes));
        long sum = 0;
        long length = reader.BaseStream.Length;
        while (reader.BaseStream.Position < length)
        {
            sum += reader.ReadUInt16();
        }

        return sum;
    }
}
