using System;
using System.IO;
using BenchmarkDotNet.Attributes;
using Streamline.Runtime;

namespace Streamline.Benchmarks;

/// <summary>
/// SL1001, the seed case: a 7 MB file read as 4-byte records with 3 bytes skipped after each, through
/// <c>Position += 3</c> (flagged), <c>Seek(3, SeekOrigin.Current)</c> and <c>Seek(position, SeekOrigin.Begin)</c> (the
/// cheap rewrites), and <see cref="SkipReader"/> (the buffered rewrite). Each returns a checksum of the bytes read and
/// the stream's final position.
/// </summary>
[MemoryDiagnoser]
public class SL1001SeekInsteadOfPositionAdvanceBenchmarks
{
    private const int FileSize = 7 * 1024 * 1024;
    private const int RecordSize = 4;
    private const int Gap = 3;

    private readonly byte[] _record = new byte[RecordSize];
    private string _path = string.Empty;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(1001);
        byte[] data = new byte[FileSize];
        random.NextBytes(data);
        string directory = Path.Combine(Path.GetTempPath(), "streamline-sl1001");
        Directory.CreateDirectory(directory);
        _path = Path.Combine(directory, "records.bin");
        File.WriteAllBytes(_path, data);
    }

    [GlobalCleanup]
    public void Cleanup() => File.Delete(_path);

    [Benchmark(Baseline = true)]
    public long PositionAdvance()
    {
        using var stream = File.OpenRead(_path);
        long sum = 0;
        int n;
        while ((n = stream.Read(_record, 0, RecordSize)) > 0)
        {
            sum += _record[0] + n;
            stream.Position += Gap;
        }

        return (sum * 31) + stream.Position;
    }

    [Benchmark]
    public long SeekCurrent()
    {
        using var stream = File.OpenRead(_path);
        long sum = 0;
        int n;
        while ((n = stream.Read(_record, 0, RecordSize)) > 0)
        {
            sum += _record[0] + n;
            stream.Seek(Gap, SeekOrigin.Current);
        }

        return (sum * 31) + stream.Position;
    }

    [Benchmark]
    public long SeekBegin()
    {
        using var stream = File.OpenRead(_path);
        long sum = 0;
        long position = 0;
        int n;
        while ((n = stream.Read(_record, 0, RecordSize)) > 0)
        {
            sum += _record[0] + n;
            position += n + Gap;
            stream.Seek(position, SeekOrigin.Begin);
        }

        return (sum * 31) + stream.Position;
    }

    [Benchmark]
    public long SkipReader()
    {
        using var stream = File.OpenRead(_path);
        long sum = 0;
        int n;
        using (var reader = new SkipReader(stream, leaveOpen: true))
        {
            while ((n = reader.Read(_record, 0, RecordSize)) > 0)
            {
                sum += _record[0] + n;
                reader.Skip(Gap);
            }
        }

        return (sum * 31) + stream.Position;
    }
}
