using System;
using System.IO;
using System.Text;
using BenchmarkDotNet.Attributes;
using Streamline.Runtime;

namespace Streamline.Benchmarks;

/// <summary>
/// Where buffering starts to pay, by pass count: a reader made over an open FileStream reads <see cref="Passes"/>
/// Int32 values (one small read per pass, as a chunk table or a varint loop does) and is disposed, leaving the stream
/// open, with BinaryReader (flagged) and with BufferedBinaryReader (the rewrite, whose buffer fill and the seek back over
/// the unread bytes on Dispose are fixed costs). The pass count at which the ratio falls below 1 is the boundary SL1001,
/// SL1002 and SL1006 use for "few passes" (docs/performance.md).
/// </summary>
[MemoryDiagnoser]
public class SL1002FewPassesBenchmarks
{
    private const int FileBytes = 1024 * 1024;

    private string _path = string.Empty;
    private FileStream? _file;

    [Params(1, 4, 16, 64, 256, 1024)]
    public int Passes { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _path = Path.Combine(Path.GetTempPath(), "streamline-passes-" + Guid.NewGuid().ToString("N") + ".bin");
        byte[] bytes = new byte[FileBytes];
        new Random(1002).NextBytes(bytes);
        File.WriteAllBytes(_path, bytes);
        _file = new FileStream(_path, FileMode.Open, FileAccess.Read);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _file?.Dispose();
        File.Delete(_path);
    }

    [Benchmark(Baseline = true)]
    public long BinaryReader()
    {
        FileStream file = _file!;
        file.Position = 0;
        using var reader = new BinaryReader(file, Encoding.UTF8, leaveOpen: true);
        long sum = 0;
        for (int i = 0; i < Passes; i++)
            sum += reader.ReadInt32();
        return sum;
    }

    [Benchmark]
    public long BufferedBinaryReader()
    {
        FileStream file = _file!;
        file.Position = 0;
        using var reader = new BufferedBinaryReader(file, Encoding.UTF8, leaveOpen: true);
        long sum = 0;
        for (int i = 0; i < Passes; i++)
            sum += reader.ReadInt32();
        return sum;
    }
}
