using System;
using System.IO;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Streamline.Runtime;

namespace Streamline.Benchmarks;

/// <summary>
/// Issue 32 item 3, loop versioning for a caller's stream: the method of <see cref="SL1007CallersStreamBenchmarks"/>
/// (handed a <c>Stream</c>, it reads <see cref="BytesPerCall"/> bytes with <c>ReadByte()</c> and returns; flagged,
/// the baseline) against the same method with a type test at the loop's entry (versioned): a seekable stream that is
/// not one of the types whose <c>ReadByte</c> is served from a buffer runs the loop over a <c>SkipReader</c> (which
/// puts the stream back when it is disposed), every other stream the original loop. Called until the 1 MB file is
/// read, over each kind of stream a caller may hand in: File (a FileStream), Memory (a MemoryStream), Buffered (a
/// BufferedStream over a FileStream), Custom (a seekable <c>Stream</c> subclass over a FileStream that overrides only
/// <c>Read</c>: the versioned form buffers it) and NonSeekable (the same but not seekable: the original loop).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class SL1007LoopVersioningBenchmarks
{
    private const string File = "File";
    private const string Memory = "Memory";
    private const string Buffered = "Buffered";
    private const string Custom = "Custom";
    private const string NonSeekable = "NonSeekable";

    private CallersStreamFile? _file;
    private string _path = string.Empty;
    private byte[] _bytes = Array.Empty<byte>();

    /// <summary>How many bytes each call reads before it returns: a short field, a record, a whole member.</summary>
    [Params(16, 256, 65536)]
    public int BytesPerCall { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _file = CallersStreamFile.Create("streamline-sl1007-versioning-", seed: 1007);
        _path = _file.Path;
        _bytes = _file.Bytes;
    }

    [GlobalCleanup]
    public void Cleanup() => _file?.Delete();

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(File)]
    public long File_Original()
    {
        using var s = System.IO.File.OpenRead(_path);
        return Drain(s, SL1007CallersStreamBenchmarks.ReadByteCall);
    }

    [Benchmark]
    [BenchmarkCategory(File)]
    public long File_Versioned()
    {
        using var s = System.IO.File.OpenRead(_path);
        return Drain(s, VersionedCall);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Memory)]
    public long Memory_Original()
    {
        using var s = new MemoryStream(_bytes, writable: false);
        return Drain(s, SL1007CallersStreamBenchmarks.ReadByteCall);
    }

    [Benchmark]
    [BenchmarkCategory(Memory)]
    public long Memory_Versioned()
    {
        using var s = new MemoryStream(_bytes, writable: false);
        return Drain(s, VersionedCall);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Buffered)]
    public long Buffered_Original()
    {
        using var s = new BufferedStream(System.IO.File.OpenRead(_path));
        return Drain(s, SL1007CallersStreamBenchmarks.ReadByteCall);
    }

    [Benchmark]
    [BenchmarkCategory(Buffered)]
    public long Buffered_Versioned()
    {
        using var s = new BufferedStream(System.IO.File.OpenRead(_path));
        return Drain(s, VersionedCall);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Custom)]
    public long Custom_Original()
    {
        using var s = new SeekableStream(System.IO.File.OpenRead(_path));
        return Drain(s, SL1007CallersStreamBenchmarks.ReadByteCall);
    }

    [Benchmark]
    [BenchmarkCategory(Custom)]
    public long Custom_Versioned()
    {
        using var s = new SeekableStream(System.IO.File.OpenRead(_path));
        return Drain(s, VersionedCall);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(NonSeekable)]
    public long NonSeekable_Original()
    {
        using var s = new NonSeekableStream(System.IO.File.OpenRead(_path));
        return Drain(s, SL1007CallersStreamBenchmarks.ReadByteCall);
    }

    [Benchmark]
    [BenchmarkCategory(NonSeekable)]
    public long NonSeekable_Versioned()
    {
        using var s = new NonSeekableStream(System.IO.File.OpenRead(_path));
        return Drain(s, VersionedCall);
    }

    // Calls the method once per BytesPerCall bytes of the file (a non-seekable stream has no Position to stop at); the
    // result folds in every byte and, where the stream can seek, where it was after each call.
    private long Drain(Stream s, Func<Stream, int, long> call)
    {
        long result = 0;
        for (int calls = (_bytes.Length + BytesPerCall - 1) / BytesPerCall; calls > 0; calls--)
            result = (result * 31) + call(s, BytesPerCall) + (s.CanSeek ? s.Position : 0);
        return result;
    }

    // The flagged method versioned at the loop's entry, as a fix would write it: the loop over a SkipReader only where
    // it can win (a seekable stream whose ReadByte is not already served from a buffer), the original loop elsewhere.
    private static long VersionedCall(Stream input, int count)
    {
        if (input == null)
            throw new ArgumentNullException(nameof(input));
        long sum = 0;
        if (input.CanSeek && !(input is MemoryStream || input is FileStream || input is BufferedStream || input is UnmanagedMemoryStream))
        {
            using (var inputReader = new SkipReader(input, leaveOpen: true))
            {
                for (int i = 0; i < count; i++)
                {
                    int b = inputReader.ReadByte();
                    if (b < 0)
                        break;
                    sum = (sum * 31) + b;
                }
            }
        }
        else
        {
            for (int i = 0; i < count; i++)
            {
                int b = input.ReadByte();
                if (b < 0)
                    break;
                sum = (sum * 31) + b;
            }
        }

        return sum;
    }
}
