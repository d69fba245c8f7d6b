using System;
using System.IO;
using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Streamline.Runtime;

namespace Streamline.Benchmarks;

/// <summary>
/// SL1002: small BinaryReader reads in a loop over a FileStream (flagged) against the same loop over a
/// BufferedBinaryReader (fixed). Each pair reads the same file and returns the same checksum. The Bytes pair reads the
/// ushort file one ReadByte at a time (BinaryReader passes ReadByte straight to the stream's own ReadByte, the cheapest
/// read a FileStream has). The UInt16ToLength pairs
/// loop on <c>BaseStream.Position &lt; BaseStream.Length</c>, the usual way to read to the end, over the file and over
/// a MemoryStream of the same bytes (where Length costs no system call). The HandedToHelpers pair reads the records
/// through helpers that take a BinaryReader: the fix where the reader is made (issue 32).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class SL1002BufferSmallBinaryReadsBenchmarks
{
    private const int UInt16Count = 5 * 1024 * 1024; // 10 MB of ushorts
    private const int RecordCount = 500_000; // about 10 MB of (int, float, ushort, string) records
    private const string Bytes = "Bytes";
    private const string UInt16s = "UInt16";
    private const string Records = "Records";
    private const string UInt16sToLength = "UInt16ToLength";
    private const string UInt16sToLengthInMemory = "UInt16ToLengthInMemory";
    private const string HandedToHelpers = "HandedToHelpers";

    private string _directory = string.Empty;
    private string _uint16Path = string.Empty;
    private string _recordPath = string.Empty;
    private byte[] _uint16Bytes = Array.Empty<byte>();
    private int _uint16Count = UInt16Count;

    [GlobalSetup]
    public void Setup()
    {
        var random = new Random(1002);
        // One folder per run: other runs on the same machine (another checkout, the smoke test) must not delete it.
        string directory = _directory = Path.Combine(Path.GetTempPath(), "streamline-sl1002-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(directory);

        // The smoke test lowers the large-input size: then 128 KB stand in for 10 MB (the Position/Length loop over a
        // FileStream costs an fstat per value and would take half a minute).
        _uint16Count = BenchmarkCorpus.LargeFileMinimumBytes < BenchmarkCorpus.DefaultLargeFileMinimumBytes ? 64 * 1024 : UInt16Count;
        _uint16Path = Path.Combine(directory, "uint16.bin");
        byte[] uint16Bytes = new byte[_uint16Count * sizeof(ushort)];
        random.NextBytes(uint16Bytes);
        File.WriteAllBytes(_uint16Path, uint16Bytes);
        _uint16Bytes = uint16Bytes;

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
        Directory.Delete(_directory, recursive: true);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Bytes)]
    public long Bytes_BinaryReader()
    {
        using var reader = new BinaryReader(File.OpenRead(_uint16Path));
        long sum = 0;
        for (int i = 0; i < _uint16Count * sizeof(ushort); i++)
        {
            sum += reader.ReadByte();
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory(Bytes)]
    public long Bytes_BufferedBinaryReader()
    {
        using var reader = new BufferedBinaryReader(File.OpenRead(_uint16Path));
        long sum = 0;
        for (int i = 0; i < _uint16Count * sizeof(ushort); i++)
        {
            sum += reader.ReadByte();
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(UInt16s)]
    public long UInt16_BinaryReader()
    {
        using var reader = new BinaryReader(File.OpenRead(_uint16Path));
        long sum = 0;
        for (int i = 0; i < _uint16Count; i++)
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
        for (int i = 0; i < _uint16Count; i++)
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

    // Issue 32's fix where the reader is made: the reader is made here and read by helpers that take a BinaryReader
    // (the records file: per record an int, a float and a ushort in one helper, the string in another), so the
    // buffered reader is called through the base type, as the fixed code calls it.
    [Benchmark(Baseline = true)]
    [BenchmarkCategory(HandedToHelpers)]
    public long HandedToHelpers_BinaryReader()
    {
        using var reader = new BinaryReader(File.OpenRead(_recordPath), Encoding.UTF8);
        return ReadRecords(reader, RecordCount);
    }

    [Benchmark]
    [BenchmarkCategory(HandedToHelpers)]
    public long HandedToHelpers_BufferedBinaryReader()
    {
        using var reader = new BufferedBinaryReader(File.OpenRead(_recordPath), Encoding.UTF8);
        return ReadRecords(reader, RecordCount);
    }

    private static long ReadRecords(BinaryReader reader, int count)
    {
        long sum = 0;
        for (int i = 0; i < count; i++)
        {
            sum += ReadFixedPart(reader);
            sum += ReadName(reader);
        }

        return sum;
    }

    private static long ReadFixedPart(BinaryReader reader)
        => reader.ReadInt32() + (long)(reader.ReadSingle() * 1024) + reader.ReadUInt16();

    private static long ReadName(BinaryReader reader)
    {
        string text = reader.ReadString();
        return text.Length + (text.Length == 0 ? 0 : text[0]);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(UInt16sToLength)]
    public long UInt16ToLength_BinaryReader()
    {
        using var reader = new BinaryReader(File.OpenRead(_uint16Path));
        long sum = 0;
        while (reader.BaseStream.Position < reader.BaseStream.Length)
        {
            sum += reader.ReadUInt16();
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory(UInt16sToLength)]
    public long UInt16ToLength_BufferedBinaryReader()
    {
        using var reader = new BufferedBinaryReader(File.OpenRead(_uint16Path));
        long sum = 0;
        while (reader.BaseStream.Position < reader.BaseStream.Length)
        {
            sum += reader.ReadUInt16();
        }

        return sum;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(UInt16sToLengthInMemory)]
    public long UInt16ToLengthInMemory_BinaryReader()
    {
        using var reader = new BinaryReader(new MemoryStream(_uint16Bytes));
        long sum = 0;
        while (reader.BaseStream.Position < reader.BaseStream.Length)
        {
            sum += reader.ReadUInt16();
        }

        return sum;
    }

    [Benchmark]
    [BenchmarkCategory(UInt16sToLengthInMemory)]
    public long UInt16ToLengthInMemory_BufferedBinaryReader()
    {
        using var reader = new BufferedBinaryReader(new MemoryStream(_uint16Bytes));
        long sum = 0;
        while (reader.BaseStream.Position < reader.BaseStream.Length)
        {
            sum += reader.ReadUInt16();
        }

        return sum;
    }
}

/// <summary>
/// SL1002 on a reader handed in (<c>ReadVarint(BinaryReader input)</c>): why it gets no fix. The baseline calls a
/// helper that reads <see cref="PerCall"/> bytes through the caller's <see cref="BinaryReader"/>; the other wraps the
/// reader's stream in a <see cref="BufferedBinaryReader"/> (leaveOpen) for each call and disposes it, which puts the
/// stream back: the only exact rewrite inside the helper. Both return the same checksum and leave the stream in the
/// same place.
/// </summary>
[MemoryDiagnoser]
public class SL1002ReaderHandedInBenchmarks
{
    private const int TotalBytes = 4 * 1024 * 1024;

    private string _directory = string.Empty;
    private string _path = string.Empty;
    private int _totalBytes = TotalBytes;

    /// <summary>Bytes each helper call reads: a varint, a short name, a 512-byte sector, a 4 KB block.</summary>
    [Params(3, 16, 512, 4096)]
    public int PerCall { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _directory = Path.Combine(Path.GetTempPath(), "streamline-sl1002-param-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(_directory);

        // The smoke test lowers the large-input size: then 48 KB stand in for 4 MB (the wrapped case is slow by design).
        _totalBytes = BenchmarkCorpus.LargeFileMinimumBytes < BenchmarkCorpus.DefaultLargeFileMinimumBytes ? 48 * 1024 : TotalBytes;
        _path = Path.Combine(_directory, "bytes.bin");
        byte[] bytes = new byte[_totalBytes];
        new Random(1002).NextBytes(bytes);
        File.WriteAllBytes(_path, bytes);
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        Directory.Delete(_directory, recursive: true);
    }

    [Benchmark(Baseline = true)]
    public long Helper_CallersBinaryReader()
    {
        using var reader = new BinaryReader(File.OpenRead(_path));
        long sum = 0;
        for (int call = 0; call < _totalBytes / PerCall; call++)
        {
            sum += ReadSome(reader, PerCall);
        }

        return sum + reader.BaseStream.Position;
    }

    [Benchmark]
    public long Helper_BufferedWrapperPerCall()
    {
        using var reader = new BinaryReader(File.OpenRead(_path));
        long sum = 0;
        for (int call = 0; call < _totalBytes / PerCall; call++)
        {
            using var buffered = new BufferedBinaryReader(reader.BaseStream, Encoding.UTF8, leaveOpen: true);
            sum += ReadSome(buffered, PerCall);
        }

        return sum + reader.BaseStream.Position;
    }

    private static long ReadSome(BinaryReader reader, int count)
    {
        long sum = 0;
        for (int i = 0; i < count; i++)
        {
            sum += reader.ReadByte();
        }

        return sum;
    }
}
