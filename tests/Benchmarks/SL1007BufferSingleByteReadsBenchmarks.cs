using System;
using System.IO;
using System.IO.Compression;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace Streamline.Benchmarks;

/// <summary>
/// SL1007: the loop, <c>while ((b = s.ReadByte()) != -1) sum += b;</c>, on the stream itself (flagged) against
/// the same loop through <c>new BufferedStream(s)</c>, as the fix writes it (fixed), over a 1 MB temp file. Custom: a
/// <c>Stream</c> subclass that overrides only <c>Read(byte[], int, int)</c> over a FileStream (the decompressor's
/// stream). GZip: a GZipStream over the gzipped file. File: the FileStream itself, which buffers (the rule is quiet).
/// Memory: a MemoryStream (quiet).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class SL1007BufferSingleByteReadsBenchmarks
{
    private const int FileBytes = 1024 * 1024;
    private const string Custom = "Custom";
    private const string GZip = "GZip";
    private const string File = "File";
    private const string Memory = "Memory";

    private string _directory = string.Empty;
    private string _path = string.Empty;
    private string _gzipPath = string.Empty;
    private byte[] _bytes = Array.Empty<byte>();

    [GlobalSetup]
    public void Setup()
    {
        // One folder per run: other runs on the same machine (another checkout, the smoke test) must not delete it.
        _directory = Path.Combine(Path.GetTempPath(), "streamline-sl1007-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(_directory);

        // The smoke test lowers the large-input size: then 64 KB stand in for 1 MB.
        int size = BenchmarkCorpus.LargeFileMinimumBytes < BenchmarkCorpus.DefaultLargeFileMinimumBytes ? 64 * 1024 : FileBytes;
        _bytes = new byte[size];
        var random = new Random(1007);
        for (int i = 0; i < size; i++)
            _bytes[i] = (byte)(random.Next(4) == 0 ? random.Next(256) : 'a' + (i % 23)); // compresses about 2:1, as content does
        _path = Path.Combine(_directory, "data.bin");
        System.IO.File.WriteAllBytes(_path, _bytes);
        _gzipPath = Path.Combine(_directory, "data.gz");
        using (var gzip = new GZipStream(System.IO.File.Create(_gzipPath), CompressionLevel.Fastest))
            gzip.Write(_bytes, 0, _bytes.Length);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        Directory.Delete(_directory, recursive: true);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Custom)]
    public long Custom_ReadByte()
    {
        using var s = new NonSeekableStream(System.IO.File.OpenRead(_path));
        return Sum(s);
    }

    [Benchmark]
    [BenchmarkCategory(Custom)]
    public long Custom_ThroughBufferedStream()
    {
        using var s = new NonSeekableStream(System.IO.File.OpenRead(_path));
        return Sum(new BufferedStream(s));
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(GZip)]
    public long GZip_ReadByte()
    {
        using var s = new GZipStream(System.IO.File.OpenRead(_gzipPath), CompressionMode.Decompress);
        return Sum(s);
    }

    [Benchmark]
    [BenchmarkCategory(GZip)]
    public long GZip_ThroughBufferedStream()
    {
        using var s = new GZipStream(System.IO.File.OpenRead(_gzipPath), CompressionMode.Decompress);
        return Sum(new BufferedStream(s));
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(File)]
    public long File_ReadByte()
    {
        using var s = System.IO.File.OpenRead(_path);
        return Sum(s);
    }

    [Benchmark]
    [BenchmarkCategory(File)]
    public long File_ThroughBufferedStream()
    {
        using var s = System.IO.File.OpenRead(_path);
        return Sum(new BufferedStream(s));
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Memory)]
    public long Memory_ReadByte()
    {
        using var s = new MemoryStream(_bytes, writable: false);
        return Sum(s);
    }

    [Benchmark]
    [BenchmarkCategory(Memory)]
    public long Memory_ThroughBufferedStream()
    {
        using var s = new MemoryStream(_bytes, writable: false);
        return Sum(new BufferedStream(s));
    }

    private static long Sum(Stream s)
    {
        long sum = 0;
        int b;
        while ((b = s.ReadByte()) != -1)
            sum += b;
        return sum;
    }
}
