using System;
using System.IO;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Streamline.Runtime;

namespace Streamline.Benchmarks;

/// <summary>
/// SL1007's fix for a caller's stream, and what it costs per call: a method handed the stream reads
/// <see cref="BytesPerCall"/> bytes with <c>ReadByte()</c> and returns, called until the 1 MB file ends (flagged),
/// against the same method whose loop runs over a <c>SkipReader</c> that puts the stream back when it is disposed
/// (fixed). Custom: a seekable <c>Stream</c> subclass over a FileStream that overrides only <c>Read</c> (the
/// decompressor's input). File and Memory: a FileStream and a MemoryStream handed in as <c>Stream</c>, where the fix
/// applies too (the parameter's type says nothing more), to show what it costs there.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class SL1007CallersStreamBenchmarks
{
    private const string Custom = "Custom";
    private const string File = "File";
    private const string Memory = "Memory";

    private CallersStreamFile? _file;
    private string _path = string.Empty;
    private byte[] _bytes = Array.Empty<byte>();

    /// <summary>How many bytes each call reads before it returns: a short field, a record, a whole member.</summary>
    [Params(16, 256, 65536)]
    public int BytesPerCall { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _file = CallersStreamFile.Create("streamline-sl1007-callers-", seed: 1007);
        _path = _file.Path;
        _bytes = _file.Bytes;
    }

    [GlobalCleanup]
    public void Cleanup() => _file?.Delete();

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Custom)]
    public long Custom_ReadByte()
    {
        using var s = new SeekableStream(System.IO.File.OpenRead(_path));
        return Drain(s, ReadByteCall);
    }

    [Benchmark]
    [BenchmarkCategory(Custom)]
    public long Custom_ThroughSkipReader()
    {
        using var s = new SeekableStream(System.IO.File.OpenRead(_path));
        return Drain(s, SkipReaderCall);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(File)]
    public long File_ReadByte()
    {
        using var s = System.IO.File.OpenRead(_path);
        return Drain(s, ReadByteCall);
    }

    [Benchmark]
    [BenchmarkCategory(File)]
    public long File_ThroughSkipReader()
    {
        using var s = System.IO.File.OpenRead(_path);
        return Drain(s, SkipReaderCall);
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Memory)]
    public long Memory_ReadByte()
    {
        using var s = new MemoryStream(_bytes, writable: false);
        return Drain(s, ReadByteCall);
    }

    [Benchmark]
    [BenchmarkCategory(Memory)]
    public long Memory_ThroughSkipReader()
    {
        using var s = new MemoryStream(_bytes, writable: false);
        return Drain(s, SkipReaderCall);
    }

    // Calls the method until the stream ends; the result folds in every byte and where the stream was after each call.
    private long Drain(Stream s, Func<Stream, int, long> call)
    {
        long result = 0;
        while (s.Position < _bytes.Length)
            result = (result * 31) + call(s, BytesPerCall) + s.Position;
        return result;
    }

    // The flagged method: a byte at a time from the caller's stream.
    internal static long ReadByteCall(Stream input, int count)
    {
        if (input == null)
            throw new ArgumentNullException(nameof(input));
        long sum = 0;
        for (int i = 0; i < count; i++)
        {
            int b = input.ReadByte();
            if (b < 0)
                break;
            sum = (sum * 31) + b;
        }

        return sum;
    }

    // The same method as SL1007's fix writes it.
    private static long SkipReaderCall(Stream input, int count)
    {
        if (input == null)
            throw new ArgumentNullException(nameof(input));
        long sum = 0;
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

        return sum;
    }
}
