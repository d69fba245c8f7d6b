using System;
using System.IO;
using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Streamline.Runtime;

namespace Streamline.Benchmarks;

/// <summary>
/// SL1002: small BinaryReader reads in a loop over a FileStream (flagged) against the same loop over a
/// BufferedBinaryReader (fixed). Each pair reads the same file and returns the same checksum.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class SL1002BufferSmallBinaryReadsBenchmarks
{
    private const int UInt16Count = 5 * 1024 * 1024; // 10 MB of ushorts
    private const int RecordCount = 500_000; // about 10 MB of (int, float, ushort, string) records
    private const string UInt16s = "UInt16";
    private const string Records = "Records";

    private string _uint16Path = string.Empty;
    private string _recordPath = string.Empty;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(1002);
        string directory = Path.Combine(Path.GetTempPath(), "streamline-sl1002");
        Directory.CreateDirectory(directory);

        _uint16Path = Path.Combine(directory, "uint16.bin");
        byte[] uint16Bytes = new byte[UInt16Count * sizeof(ushort)];
        random.NextBytes(uint16Bytes);
        File.WriteAllBytes(_uint16Path, uint16Bytes);

        _recordPath = Path.Combine(directory, "records.bin");
        using var writer = new BinaryWriter(File.Create(_recordPath), Encoding.UTF8);
        char[] text = new char[24];
        for (int i = 0; i < RecordCount; i++)
        {
            writer.Write(random.Next());
            writer.Write((float)random.NextDouble());
            writer.Write((ushort)random.Next(ushort.MaxValue + 1));
            int length = random.Next(text.Length + 1);
            for (int j = 0; j < length; j++)
            {
                text[j] = (char)random.Next('a', 'z' + 1);
            }

            writer.Write(new string(text, 0, length));
        }
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        File.Delete(_uint16Path);
        File.Delete(_recordPath);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(UInt16s)]
    public long UInt16_BinaryReader()
    {
        using var reader = new BinaryReader(File.OpenRead(_uint16Path));
        long sum = 0;
        for (int i = 0; i < UInt16Count; i++)
        {
            sum += reader.ReadUInt16();
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory(UInt16s)]
    public long UInt16_BufferedBinaryReader()
    {
        using var reader = new BufferedBinaryReader(File.OpenRead(_uint16Path));
        long sum = 0;
        for (int i = 0; i < UInt16Count; i++)
        {
            sum += reader.ReadUInt16();
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Records)]
    public long Records_BinaryReader()
    {
        using var reader = new BinaryReader(File.OpenRead(_recordPath), Encoding.UTF8);
        long sum = 0;
        for (int i = 0; i < RecordCount; i++)
        {
            sum += reader.ReadInt32();
            sum += (long)(reader.ReadSingle() * 1024);
            sum += reader.ReadUInt16();
            string text = reader.ReadString();
            sum += text.Length + (text.Length == 0 ? 0 : text[0]);
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory(Records)]
    public long Records_BufferedBinaryReader()
    {
        using var reader = new BufferedBinaryReader(File.OpenRead(_recordPath), Encoding.UTF8);
        long sum = 0;
        for (int i = 0; i < RecordCount; i++)
        {
            sum += reader.ReadInt32();
            sum += (long)(reader.ReadSingle() * 1024);
            sum += reader.ReadUInt16();
            string text = reader.ReadString();
            sum += text.Length + (text.Length == 0 ? 0 : text[0]);
        }

        return sum;
    }
}
