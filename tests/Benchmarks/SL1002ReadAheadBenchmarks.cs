using System;
using System.IO;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Streamline.Runtime;

namespace Streamline.Benchmarks;

/// <summary>
/// SL1002's fix for a counted loop over a caller's reader: a method handed a <c>BinaryReader</c> reads
/// <see cref="BytesPerCall"/> / 4 <c>Int32</c> values in a counted loop and returns (flagged, the baseline), against
/// the same method as the fix writes it, the loop inside <c>using (var ahead = BufferedBinaryReader.ReadAhead(reader,
/// count, bytesPerPass: 4))</c> and reading through <c>ahead</c>: the loop's bytes in one read where the stream can
/// seek and is not a MemoryStream, the caller's reader itself elsewhere. Called until the 1 MB file is read, the reader
/// made once over each kind of stream a caller may hand in: File, Memory, Buffered (a BufferedStream over a
/// FileStream), Custom (a seekable <c>Stream</c> subclass over a FileStream that overrides only <c>Read</c>) and
/// NonSeekable (the same but not seekable: the caller's reader).
/// The Until pairs measure the fix for a loop read up to a position, <c>while (reader.BaseStream.Position &lt; end)</c>
/// reading an <c>Int32</c> and a <c>Single</c> a pass (SledgeFormats' BSP lumps), against the same loop inside
/// <c>using (var ahead = BufferedBinaryReader.ReadAheadUntil(reader, end))</c> asking <c>ahead.Position</c>, over the
/// seekable kinds (over a stream that cannot seek, the original loop throws at its first <c>Position</c>).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class SL1002ReadAheadBenchmarks
{
    private const string File = "File";
    private const string Memory = "Memory";
    private const string Buffered = "Buffered";
    private const string Custom = "Custom";
    private const string NonSeekable = "NonSeekable";
    private const string UntilFile = "UntilFile";
    private const string UntilMemory = "UntilMemory";
    private const string UntilBuffered = "UntilBuffered";
    private const string UntilCustom = "UntilCustom";

    private CallersStreamFile? _file;
    private string _path = string.Empty;
    private byte[] _bytes = Array.Empty<byte>();

    /// <summary>How many bytes each call reads (a quarter as many <c>Int32</c> values): a short record, the
    /// smallest loop that reads ahead, a record table, a whole member.</summary>
    [Params(16, 64, 256, 65536)]
    public int BytesPerCall { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _file = CallersStreamFile.Create("streamline-sl1002-read-ahead-", seed: 1002);
        _path = _file.Path;
        _bytes = _file.Bytes;
    }

    [GlobalCleanup]
    public void Cleanup() => _file?.Delete();

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(File)]
    public long File_Original() => Drain(System.IO.File.OpenRead(_path), Int32Call);

    [Benchmark]
    [BenchmarkCategory(File)]
    public long File_Fixed() => Drain(System.IO.File.OpenRead(_path), FixedCall);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Memory)]
    public long Memory_Original() => Drain(new MemoryStream(_bytes, writable: false), Int32Call);

    [Benchmark]
    [BenchmarkCategory(Memory)]
    public long Memory_Fixed() => Drain(new MemoryStream(_bytes, writable: false), FixedCall);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Buffered)]
    public long Buffered_Original() => Drain(new BufferedStream(System.IO.File.OpenRead(_path)), Int32Call);

    [Benchmark]
    [BenchmarkCategory(Buffered)]
    public long Buffered_Fixed() => Drain(new BufferedStream(System.IO.File.OpenRead(_path)), FixedCall);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Custom)]
    public long Custom_Original() => Drain(new SeekableStream(System.IO.File.OpenRead(_path)), Int32Call);

    [Benchmark]
    [BenchmarkCategory(Custom)]
    public long Custom_Fixed() => Drain(new SeekableStream(System.IO.File.OpenRead(_path)), FixedCall);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(NonSeekable)]
    public long NonSeekable_Original() => Drain(new NonSeekableStream(System.IO.File.OpenRead(_path)), Int32Call);

    [Benchmark]
    [BenchmarkCategory(NonSeekable)]
    public long NonSeekable_Fixed() => Drain(new NonSeekableStream(System.IO.File.OpenRead(_path)), FixedCall);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(UntilFile)]
    public long UntilFile_Original() => Drain(System.IO.File.OpenRead(_path), UntilCall);

    [Benchmark]
    [BenchmarkCategory(UntilFile)]
    public long UntilFile_Fixed() => Drain(System.IO.File.OpenRead(_path), FixedUntilCall);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(UntilMemory)]
    public long UntilMemory_Original() => Drain(new MemoryStream(_bytes, writable: false), UntilCall);

    [Benchmark]
    [BenchmarkCategory(UntilMemory)]
    public long UntilMemory_Fixed() => Drain(new MemoryStream(_bytes, writable: false), FixedUntilCall);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(UntilBuffered)]
    public long UntilBuffered_Original() => Drain(new BufferedStream(System.IO.File.OpenRead(_path)), UntilCall);

    [Benchmark]
    [BenchmarkCategory(UntilBuffered)]
    public long UntilBuffered_Fixed() => Drain(new BufferedStream(System.IO.File.OpenRead(_path)), FixedUntilCall);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(UntilCustom)]
    public long UntilCustom_Original() => Drain(new SeekableStream(System.IO.File.OpenRead(_path)), UntilCall);

    [Benchmark]
    [BenchmarkCategory(UntilCustom)]
    public long UntilCustom_Fixed() => Drain(new SeekableStream(System.IO.File.OpenRead(_path)), FixedUntilCall);

    // Makes the caller's reader over the stream (and disposes both), then calls the method once per BytesPerCall bytes
    // of the file; the result folds in every value and, where the stream can seek, where it was after each call.
    private long Drain(Stream stream, Func<BinaryReader, int, long> call)
    {
        using var reader = new BinaryReader(stream);
        int values = BytesPerCall / sizeof(int);
        long result = 0;
        for (int calls = _bytes.Length / BytesPerCall; calls > 0; calls--)
            result = (result * 31) + call(reader, values) + (stream.CanSeek ? stream.Position : 0);
        return result;
    }

    // The flagged method: fixed-size values from the caller's reader.
    private static long Int32Call(BinaryReader reader, int count)
    {
        if (reader == null)
            throw new ArgumentNullException(nameof(reader));
        long sum = 0;
        for (int i = 0; i < count; i++)
            sum = (sum * 31) + reader.ReadInt32();
        return sum;
    }

    // The flagged method as SL1002's fix writes it.
    private static long FixedCall(BinaryReader reader, int count)
    {
        if (reader == null)
            throw new ArgumentNullException(nameof(reader));
        long sum = 0;
        using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 4))
        {
            for (int i = 0; i < count; i++)
                sum = (sum * 31) + ahead.ReadInt32();
        }

        return sum;
    }

    // The flagged method read up to a position: a record of an Int32 and a Single a pass until `count` values are read.
    private static long UntilCall(BinaryReader reader, int count)
    {
        if (reader == null)
            throw new ArgumentNullException(nameof(reader));
        long end = reader.BaseStream.Position + (count * 4L);
        long sum = 0;
        while (reader.BaseStream.Position < end)
            sum = (sum * 31) + reader.ReadInt32() + reader.ReadSingle().GetHashCode();
        return sum;
    }

    // The same as SL1002's fix writes it.
    private static long FixedUntilCall(BinaryReader reader, int count)
    {
        if (reader == null)
            throw new ArgumentNullException(nameof(reader));
        long end = reader.BaseStream.Position + (count * 4L);
        long sum = 0;
        using (var ahead = BufferedBinaryReader.ReadAheadUntil(reader, end))
        {
            while (ahead.Position < end)
                sum = (sum * 31) + ahead.ReadInt32() + ahead.ReadSingle().GetHashCode();
        }

        return sum;
    }
}
