using System;
using System.IO;
using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Streamline.Runtime;

namespace Streamline.Benchmarks;

/// <summary>
/// Issue 32 item 3, loop versioning for a caller's reader: a method handed a <c>BinaryReader</c> reads
/// <see cref="BytesPerCall"/> / 4 <c>Int32</c> values in a loop and returns (flagged, the baseline), against the same
/// method with a test at the loop's entry (versioned): a plain <c>BinaryReader</c> over a seekable stream that is not
/// one of the types whose reads are served from a buffer runs the loop over a <c>BufferedBinaryReader</c> made over
/// its stream (leaveOpen) and disposed when the loop ends, which puts the stream back; every other reader runs the
/// original loop. Called until the 1 MB file is read, the reader made once over each kind of stream a caller may
/// hand in: File, Memory, Buffered (a BufferedStream over a FileStream), Custom (a seekable <c>Stream</c> subclass
/// over a FileStream that overrides only <c>Read</c>: the versioned form buffers it) and NonSeekable (the same but
/// not seekable: the original loop).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class SL1002LoopVersioningBenchmarks
{
    private const string File = "File";
    private const string Memory = "Memory";
    private const string Buffered = "Buffered";
    private const string Custom = "Custom";
    private const string NonSeekable = "NonSeekable";

    private CallersStreamFile? _file;
    private string _path = string.Empty;
    private byte[] _bytes = Array.Empty<byte>();

    /// <summary>How many bytes each call reads (a quarter as many <c>Int32</c> values): a short record, a record
    /// table, a whole member.</summary>
    [Params(16, 256, 65536)]
    public int BytesPerCall { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _file = CallersStreamFile.Create("streamline-sl1002-versioning-", seed: 1002);
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
    public long File_Versioned() => Drain(System.IO.File.OpenRead(_path), VersionedCall);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Memory)]
    public long Memory_Original() => Drain(new MemoryStream(_bytes, writable: false), Int32Call);

    [Benchmark]
    [BenchmarkCategory(Memory)]
    public long Memory_Versioned() => Drain(new MemoryStream(_bytes, writable: false), VersionedCall);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Buffered)]
    public long Buffered_Original() => Drain(new BufferedStream(System.IO.File.OpenRead(_path)), Int32Call);

    [Benchmark]
    [BenchmarkCategory(Buffered)]
    public long Buffered_Versioned() => Drain(new BufferedStream(System.IO.File.OpenRead(_path)), VersionedCall);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Custom)]
    public long Custom_Original() => Drain(new SeekableStream(System.IO.File.OpenRead(_path)), Int32Call);

    [Benchmark]
    [BenchmarkCategory(Custom)]
    public long Custom_Versioned() => Drain(new SeekableStream(System.IO.File.OpenRead(_path)), VersionedCall);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(NonSeekable)]
    public long NonSeekable_Original() => Drain(new NonSeekableStream(System.IO.File.OpenRead(_path)), Int32Call);

    [Benchmark]
    [BenchmarkCategory(NonSeekable)]
    public long NonSeekable_Versioned() => Drain(new NonSeekableStream(System.IO.File.OpenRead(_path)), VersionedCall);

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

    // The flagged method versioned at the loop's entry, as a fix would write it: only a plain BinaryReader (a subclass
    // may override the reads, or be a buffered reader already) over a seekable stream whose reads are not already
    // served from a buffer gets the buffered reader. Only fixed-size values are read, so the encoding passed (the
    // caller's is not visible) is never used.
    private static long VersionedCall(BinaryReader reader, int count)
    {
        if (reader == null)
            throw new ArgumentNullException(nameof(reader));
        long sum = 0;
        Stream input = reader.BaseStream;
        if (reader.GetType() == typeof(BinaryReader) && input.CanSeek
            && !(input is MemoryStream || input is FileStream || input is BufferedStream || input is UnmanagedMemoryStream))
        {
            using (var buffered = new BufferedBinaryReader(input, Encoding.UTF8, leaveOpen: true))
            {
                for (int i = 0; i < count; i++)
                    sum = (sum * 31) + buffered.ReadInt32();
            }
        }
        else
        {
            for (int i = 0; i < count; i++)
                sum = (sum * 31) + reader.ReadInt32();
        }

        return sum;
    }
}
