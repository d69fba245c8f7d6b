using System;
using System.IO;
using System.IO.Compression;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Streamline.Runtime;

namespace Streamline.Benchmarks;

/// <summary>
/// Issue 32 item 2, the class that takes a stream in: a decoder that keeps the caller's stream in a field and reads it a
/// byte at a time (SL1007's commonest true positive), against the same decoder whose constructor wraps the stream in a
/// <c>SkipReader</c> (<c>leaveOpen: true</c>) and whose <c>Dispose</c> disposes it, which puts a seekable stream back
/// where the decoder stopped. A caller makes a decoder over the stream it is handed, decodes
/// <see cref="BytesPerDecoder"/> bytes of LEB128 varints through <c>NextByte()</c>, disposes it and returns; it is called
/// until the 1 MB file is read. Streams a caller may hand the class: File (a FileStream), Memory (a MemoryStream),
/// Buffered (a BufferedStream over a FileStream), Custom (a seekable <c>Stream</c> subclass over a FileStream that
/// overrides only <c>Read</c>), NonSeekable (the same, not seekable: the reader passes every call through) and GZip (a
/// GZipStream decompressing the file's bytes from a MemoryStream: not seekable either).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class SL1007StreamTakerBenchmarks
{
    private const string File = "File";
    private const string Memory = "Memory";
    private const string Buffered = "Buffered";
    private const string Custom = "Custom";
    private const string NonSeekable = "NonSeekable";
    private const string GZip = "GZip";

    private CallersStreamFile? _file;
    private string _path = string.Empty;
    private byte[] _bytes = Array.Empty<byte>();
    private byte[] _gzipped = Array.Empty<byte>();

    /// <summary>How many bytes each decoder reads before it is disposed: a short field, a record, a whole member.</summary>
    [Params(16, 256, 65536)]
    public int BytesPerDecoder { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _file = CallersStreamFile.Create("streamline-sl1007-taker-", seed: 1007);
        _path = _file.Path;
        _bytes = _file.Bytes;
        using var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
            gzip.Write(_bytes, 0, _bytes.Length);
        _gzipped = compressed.ToArray();
    }

    [GlobalCleanup]
    public void Cleanup() => _file?.Delete();

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(File)]
    public long File_Original()
    {
        using var s = System.IO.File.OpenRead(_path);
        return Drain(s, DecodeOriginal);
    }

    [Benchmark]
    [BenchmarkCategory(File)]
    public long File_ReaderAtConstructor()
    {
        using var s = System.IO.File.OpenRead(_path);
        return Drain(s, DecodeWithReader);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Memory)]
    public long Memory_Original()
    {
        using var s = new MemoryStream(_bytes, writable: false);
        return Drain(s, DecodeOriginal);
    }

    [Benchmark]
    [BenchmarkCategory(Memory)]
    public long Memory_ReaderAtConstructor()
    {
        using var s = new MemoryStream(_bytes, writable: false);
        return Drain(s, DecodeWithReader);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Buffered)]
    public long Buffered_Original()
    {
        using var s = new BufferedStream(System.IO.File.OpenRead(_path));
        return Drain(s, DecodeOriginal);
    }

    [Benchmark]
    [BenchmarkCategory(Buffered)]
    public long Buffered_ReaderAtConstructor()
    {
        using var s = new BufferedStream(System.IO.File.OpenRead(_path));
        return Drain(s, DecodeWithReader);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Custom)]
    public long Custom_Original()
    {
        using var s = new SeekableStream(System.IO.File.OpenRead(_path));
        return Drain(s, DecodeOriginal);
    }

    [Benchmark]
    [BenchmarkCategory(Custom)]
    public long Custom_ReaderAtConstructor()
    {
        using var s = new SeekableStream(System.IO.File.OpenRead(_path));
        return Drain(s, DecodeWithReader);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(NonSeekable)]
    public long NonSeekable_Original()
    {
        using var s = new NonSeekableStream(System.IO.File.OpenRead(_path));
        return Drain(s, DecodeOriginal);
    }

    [Benchmark]
    [BenchmarkCategory(NonSeekable)]
    public long NonSeekable_ReaderAtConstructor()
    {
        using var s = new NonSeekableStream(System.IO.File.OpenRead(_path));
        return Drain(s, DecodeWithReader);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(GZip)]
    public long GZip_Original()
    {
        using var s = new GZipStream(new MemoryStream(_gzipped, writable: false), CompressionMode.Decompress);
        return Drain(s, DecodeOriginal);
    }

    [Benchmark]
    [BenchmarkCategory(GZip)]
    public long GZip_ReaderAtConstructor()
    {
        using var s = new GZipStream(new MemoryStream(_gzipped, writable: false), CompressionMode.Decompress);
        return Drain(s, DecodeWithReader);
    }

    // Calls the caller once per BytesPerDecoder bytes of the file (a stream that cannot seek has no Position to stop
    // at); the result folds in every value decoded and, where the stream can seek, where it was after each call.
    private long Drain(Stream s, Func<Stream, int, long> call)
    {
        long result = 0;
        for (int calls = (_bytes.Length + BytesPerDecoder - 1) / BytesPerDecoder; calls > 0; calls--)
            result = (result * 31) + call(s, BytesPerDecoder) + (s.CanSeek ? s.Position : 0);
        return result;
    }

    // The caller: a decoder over the stream it was handed, count bytes decoded, the decoder disposed.
    private static long DecodeOriginal(Stream input, int count)
    {
        using var decoder = new VarintDecoder(input);
        long sum = 0;
        long value = 0;
        int shift = 0;
        for (int i = 0; i < count; i++)
        {
            int b = decoder.NextByte();
            if (b < 0)
                break;
            value |= (long)(b & 0x7F) << shift;
            shift += 7;
            if ((b & 0x80) == 0 || shift > 56)
            {
                sum = (sum * 31) + value;
                value = 0;
                shift = 0;
            }
        }

        return (sum * 31) + value;
    }

    // The same caller over the decoder fixed at its constructor; only the class differs.
    private static long DecodeWithReader(Stream input, int count)
    {
        using var decoder = new VarintDecoderOverSkipReader(input);
        long sum = 0;
        long value = 0;
        int shift = 0;
        for (int i = 0; i < count; i++)
        {
            int b = decoder.NextByte();
            if (b < 0)
                break;
            value |= (long)(b & 0x7F) << shift;
            shift += 7;
            if ((b & 0x80) == 0 || shift > 56)
            {
                sum = (sum * 31) + value;
                value = 0;
                shift = 0;
            }
        }

        return (sum * 31) + value;
    }

    // The original: the caller's stream in a field, a byte at a time (Stream's one-byte path unless the stream's own
    // ReadByte buffers). Dispose has nothing to release: the stream is the caller's.
    private sealed class VarintDecoder : IDisposable
    {
        private readonly Stream _input;

        public VarintDecoder(Stream input) => _input = input ?? throw new ArgumentNullException(nameof(input));

        public int NextByte() => _input.ReadByte();

        public void Dispose()
        {
        }
    }

    // Fixed at the constructor: the field is a SkipReader over the caller's stream, left open, and Dispose disposes it,
    // which seeks a seekable stream back over the bytes read ahead (a stream that cannot seek was never read ahead).
    private sealed class VarintDecoderOverSkipReader : IDisposable
    {
        private readonly SkipReader _input;

        public VarintDecoderOverSkipReader(Stream input) => _input = new SkipReader(input ?? throw new ArgumentNullException(nameof(input)), leaveOpen: true);

        public int NextByte() => _input.ReadByte();

        public void Dispose() => _input.Dispose();
    }
}
