using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1007BufferSingleByteReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1007BufferSingleByteReadsCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// SL1007 over a value typed <c>Stream</c> the method does not create: what the compilation hands it decides (the
/// shared stream-origin facts of SL1001, SL1002 and SL1006). Quiet where every origin serves <c>ReadByte</c> from memory
/// or a buffer (a <c>MemoryStream</c>, a file), reported where one is a decompressor, another stream type or a caller
/// the compilation cannot see (see docs/rules/SL1007.md).
/// </summary>
[Trait("Rule", "SL1007")]
public class SL1007StreamOriginTests
{
    private const string Tags = """
        using System.IO;
        using System.IO.Compression;

        public static class Tags
        {
            public static int Count(byte[] data) => Count(new MemoryStream(data));

            private static int Count(Stream input)
            {
                int zeros = 0;
                int b;
                while ((b = READ) != -1)
                {
                    if (b == 0)
                        zeros++;
                }

                return zeros;
            }
        """;

    [Fact]
    public Task Quiet_PrivateOverloadOnlyCalledOverAMemoryStream()
        => Verify.VerifyAnalyzerAsync(Tags.Replace("READ", "input.ReadByte()") + "\n}\n");

    [Fact]
    public Task Quiet_PrivateOverloadAlsoCalledOverAFile()
        => Verify.VerifyAnalyzerAsync(Tags.Replace("READ", "input.ReadByte()") + """

                public static int CountFile(string path)
                {
                    using var file = File.OpenRead(path);
                    return Count(file);
                }
            }
            """);

    private const string CallersAdvice = "no fix is offered for a caller's stream";

    /// <summary>The message says which origin makes the value typed Stream worth reporting, also at compilation end.</summary>
    [Fact]
    public Task Reported_PrivateOverloadAlsoCalledOverADecompressor()
        => new Verify.Test
        {
            TestCode = Tags.Replace("READ", "{|#0:input.ReadByte()|}") + """

                public static int CountGZip(string path)
                {
                    using var gzip = new GZipStream(File.OpenRead(path), CompressionMode.Decompress);
                    return Count(gzip);
                }
            }
            """,
            ExpectedDiagnostics = { Verify.Diagnostic("SL1107").WithLocation(0).WithArguments("input", "Stream, from a decompressing stream", CallersAdvice, EvidenceText.Mixed(EvidenceText.Length)) },
        }.RunAsync();

    [Fact]
    public Task Reported_PublicMethodsStreamIsTheCallers()
        => new Verify.Test
        {
            TestCode = """
            using System.IO;

            public static class Tags
            {
                public static int Count(Stream input)
                {
                    int zeros = 0;
                    int b;
                    while ((b = {|#0:input.ReadByte()|}) != -1)
                    {
                        if (b == 0)
                            zeros++;
                    }

                    return zeros;
                }
            }
            """,
            ExpectedDiagnostics = { Verify.Diagnostic("SL1107").WithLocation(0).WithArguments("input", "Stream, from a caller this compilation cannot see", CallersAdvice, EvidenceText.Unseen(EvidenceText.Length)) },
        }.RunAsync();

    /// <summary>A stream class over a field that only the library makes, over a MemoryStream of a tag it has read (the
    /// shape of an ID3 unsynchronisation stream): in memory everywhere.</summary>
    private const string Unsync = """
        using System;
        using System.IO;

        internal sealed class Unsync : Stream
        {
            private readonly Stream _stream;
            private int _last;

            internal Unsync(Stream stream) => _stream = stream;

            public override int Read(byte[] buffer, int offset, int count)
            {
                int i = offset;
                int value = 0;
                while (i < offset + count && value != -1)
                {
                    value = READ;
                    if (_last == 0xFF && value == 0)
                        value = READ;
                    if (value != -1)
                        buffer[i++] = (byte)value;
                    _last = value;
                }

                return i - offset;
            }

            public override bool CanRead => true;
            public override bool CanSeek => false;
            public override bool CanWrite => false;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
            public override void Flush() { }
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        }

        public static class Tag
        {
            public static byte[] Decode(byte[] tag)
            {
                var output = new byte[tag.Length];
                int n = new Unsync(SOURCE).Read(output, 0, output.Length);
                Array.Resize(ref output, n);
                return output;
            }
        }
        """;

    [Fact]
    public Task Quiet_FieldOnlyEverAMemoryStream()
        => Verify.VerifyAnalyzerAsync(Unsync.Replace("READ", "_stream.ReadByte()").Replace("SOURCE", "new MemoryStream(tag)"));

    [Fact]
    public Task Reported_FieldAlsoADecompressor()
        => Verify.VerifyAnalyzerAsync(
            Unsync.Replace("READ", "{|SL1107:_stream.ReadByte()|}").Replace("SOURCE", "new MemoryStream(tag)") + """

            public static class Compressed
            {
                public static int First(string path)
                {
                    var gzip = new System.IO.Compression.GZipStream(File.OpenRead(path), System.IO.Compression.CompressionMode.Decompress);
                    var one = new byte[1];
                    return new Unsync(gzip).Read(one, 0, 1);
                }
            }
            """);
    /// <summary>A decoder's reader over a field that a public type fills from a file it opens or from a caller's stream
    /// (the shape of an MP3 decoder's stream reader), read through another object's field in a nested buffer class.</summary>
    [Fact]
    public Task Reported_FieldOfAnotherInstance_FilledFromAFileOrACallersStream()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            public sealed class MpegFile
            {
                private Stream _stream;
                private Reader _reader;

                public MpegFile(string fileName) => Init(File.Open(fileName, FileMode.Open, FileAccess.Read, FileShare.Read));

                public MpegFile(Stream stream) => Init(stream);

                private void Init(Stream stream)
                {
                    _stream = stream;
                    _reader = new Reader(_stream);
                }

                public int Skip(long count) => _reader.Skip(count);
            }

            internal sealed class Reader
            {
                private Stream _source;
                private readonly Buffer _buffer = new Buffer();

                internal Reader(Stream source) => _source = source;

                internal int Skip(long count) => _buffer.Skip(this, count);

                private sealed class Buffer
                {
                    public int Skip(Reader reader, long count)
                    {
                        int skipped = 0;
                        while (--count >= 0)
                        {
                            if ({|SL1107:reader._source.ReadByte()|} == -1)
                                break;
                            skipped++;
                        }

                        return skipped;
                    }
                }
            }
            """);
}
