using System;
using System.IO;
using System.IO.Compression;
using System.IO.Pipes;
using System.Net;
using System.Net.Sockets;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace Streamline.Benchmarks;

/// <summary>
/// SL1007 on the rest of the BCL streams the rule lists (<c>SL1007BufferSingleByteReadsBenchmarks</c> has the custom
/// stream, GZip, File and Memory): <c>while ((b = s.ReadByte()) != -1) sum += b;</c> on the stream itself (flagged)
/// against the same loop through <c>new BufferedStream(s)</c> (fixed), over 1 MB of the same text-like bytes.
/// Deflate, ZLib and Brotli decompress from a MemoryStream of the compressed bytes (ZLib and Brotli exist on .NET
/// only); Network reads a loopback TCP connection and Pipe an anonymous pipe (<c>AnonymousPipeClientStream</c>), each
/// written to by a task (the connection's or the pipe's set-up is in both methods).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class SL1007StreamKindsBenchmarks
{
    private const string Deflate = "Deflate";
    private const string ZLib = "ZLib";
    private const string Brotli = "Brotli";
    private const string Network = "Network";
    private const string Pipe = "Pipe";

    private byte[] _bytes = Array.Empty<byte>();
    private byte[] _deflated = Array.Empty<byte>();
#if NET
    private byte[] _zlib = Array.Empty<byte>();
    private byte[] _brotli = Array.Empty<byte>();
#endif

    [GlobalSetup]
    public void Setup()
    {
        int size = BenchmarkCorpus.LargeFileMinimumBytes < BenchmarkCorpus.DefaultLargeFileMinimumBytes ? 64 * 1024 : 1024 * 1024;
        _bytes = new byte[size];
        var random = new Random(1007);
        for (int i = 0; i < size; i++)
            _bytes[i] = (byte)(random.Next(4) == 0 ? random.Next(256) : 'a' + (i % 23));
        _deflated = Compress(s => new DeflateStream(s, CompressionLevel.Fastest, leaveOpen: true));
#if NET
        _zlib = Compress(s => new ZLibStream(s, CompressionLevel.Fastest, leaveOpen: true));
        _brotli = Compress(s => new BrotliStream(s, CompressionLevel.Fastest, leaveOpen: true));
#endif
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Deflate)]
    public long Deflate_ReadByte()
    {
        using var s = new DeflateStream(new MemoryStream(_deflated), CompressionMode.Decompress);
        return Sum(s);
    }

    [Benchmark]
    [BenchmarkCategory(Deflate)]
    public long Deflate_ThroughBufferedStream()
    {
        using var s = new DeflateStream(new MemoryStream(_deflated), CompressionMode.Decompress);
        return Sum(new BufferedStream(s));
    }

#if NET
    [Benchmark(Baseline = true)]
    [BenchmarkCategory(ZLib)]
    public long ZLib_ReadByte()
    {
        using var s = new ZLibStream(new MemoryStream(_zlib), CompressionMode.Decompress);
        return Sum(s);
    }

    [Benchmark]
    [BenchmarkCategory(ZLib)]
    public long ZLib_ThroughBufferedStream()
    {
        using var s = new ZLibStream(new MemoryStream(_zlib), CompressionMode.Decompress);
        return Sum(new BufferedStream(s));
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Brotli)]
    public long Brotli_ReadByte()
    {
        using var s = new BrotliStream(new MemoryStream(_brotli), CompressionMode.Decompress);
        return Sum(s);
    }

    [Benchmark]
    [BenchmarkCategory(Brotli)]
    public long Brotli_ThroughBufferedStream()
    {
        using var s = new BrotliStream(new MemoryStream(_brotli), CompressionMode.Decompress);
        return Sum(new BufferedStream(s));
    }
#endif

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Network)]
    public long Network_ReadByte() => OverLoopback(s => Sum(s));

    [Benchmark]
    [BenchmarkCategory(Network)]
    public long Network_ThroughBufferedStream() => OverLoopback(s => Sum(new BufferedStream(s)));

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Pipe)]
    public long Pipe_ReadByte() => OverAnonymousPipe(s => Sum(s));

    [Benchmark]
    [BenchmarkCategory(Pipe)]
    public long Pipe_ThroughBufferedStream() => OverAnonymousPipe(s => Sum(new BufferedStream(s)));

    private long OverAnonymousPipe(Func<Stream, long> read)
    {
        using var server = new AnonymousPipeServerStream(PipeDirection.Out, HandleInheritability.None);
        // The client takes the server's copy of the read end: once exposed, the server's Dispose leaves it open.
        using var client = new AnonymousPipeClientStream(PipeDirection.In, server.ClientSafePipeHandle);
        Task writer = Task.Run(() =>
        {
            server.Write(_bytes, 0, _bytes.Length);
            server.Dispose(); // closing the write end is what ends the reader's loop
        });
        long sum = read(client);
        writer.Wait();
        return sum;
    }

    private long OverLoopback(Func<Stream, long> read)
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        try
        {
            int port = ((IPEndPoint)listener.LocalEndpoint).Port;
            Task writer = Task.Run(() =>
            {
                using TcpClient server = listener.AcceptTcpClient();
                using NetworkStream stream = server.GetStream();
                stream.Write(_bytes, 0, _bytes.Length);
            });
            using var client = new TcpClient();
            client.Connect(IPAddress.Loopback, port);
            using NetworkStream input = client.GetStream();
            long sum = read(input);
            writer.Wait();
            return sum;
        }
        finally
        {
            listener.Stop();
        }
    }

    private byte[] Compress(Func<Stream, Stream> compressor)
    {
        var output = new MemoryStream();
        using (Stream compress = compressor(output))
            compress.Write(_bytes, 0, _bytes.Length);
        return output.ToArray();
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
