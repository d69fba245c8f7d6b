using System;
using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;
using Xunit;
using SL1001Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1001SeekInsteadOfPositionAdvanceAnalyzer,
    Streamline.CodeFixes.Rules.SL1001SeekInsteadOfPositionAdvanceCodeFix>;
using SL1002Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1002BufferSmallBinaryReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1002BufferSmallBinaryReadsCodeFix>;
using SL1003Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1003CountLinesWithoutMaterializingAnalyzer,
    Streamline.CodeFixes.Rules.SL1003CountLinesWithoutMaterializingCodeFix>;
using SL1004Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1004UseCachedSearchValuesAnalyzer,
    Streamline.CodeFixes.Rules.SL1004UseCachedSearchValuesCodeFix>;
using SL1006Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1006StreamLengthInLoopAnalyzer,
    Streamline.CodeFixes.Rules.SL1006StreamLengthInLoopCodeFix>;
using SL1007Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1007BufferSingleByteReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1007BufferSingleByteReadsCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// A file with CRLF line endings gets CRLF lines from every fix that adds lines (statements, locals, a using block,
/// fields, usings), whatever the host's own new-line setting is (LF on this machine): the testing library compares
/// the fixed text exactly, line endings included. Issue 30, point 9.
/// </summary>
public class FixLineEndingTests
{
    private static string Crlf(string source) => source.Replace("\r\n", "\n", StringComparison.Ordinal).Replace("\n", "\r\n", StringComparison.Ordinal);

    [Theory]
    [InlineData(TestTarget.Net80)]
    [InlineData(TestTarget.Net472)]
    public Task SL1001_SkipReaderBlockAndUsing(TestTarget target)
        => new SL1001Verify.Test(target, referenceRuntime: false)
        {
            GeneratedRuntime = true,
            TestCode = Crlf(SL1001SeekInsteadOfPositionAdvanceTests.ReadSkipLoop),
            FixedCode = Crlf(SL1001SeekInsteadOfPositionAdvanceTests.ReadSkipLoopWithSkipReader),
        }.RunAsync();

    [Fact]
    public Task SL1002_ReaderAndUsing()
        => new SL1002Verify.Test(TestTarget.Net80, referenceRuntime: false)
        {
            GeneratedRuntime = true,
            TestCode = Crlf("""
                using System.IO;

                class C
                {
                    long Sum(string path)
                    {
                        using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                        long sum = 0;
                        for (long i = 0; i < 4000; i++)
                            sum += reader.ReadUInt16();
                        return sum;
                    }
                }
                """),
            FixedCode = Crlf("""
                using System.IO;
                using Streamline.Runtime;

                class C
                {
                    long Sum(string path)
                    {
                        using var reader = new BufferedBinaryReader(File.OpenRead(path));
                        long sum = 0;
                        for (long i = 0; i < 4000; i++)
                            sum += reader.ReadUInt16();
                        return sum;
                    }
                }
                """),
        }.RunAsync();

    [Fact]
    public Task SL1003_UsingReplaced()
        => SL1003Verify.VerifyCodeFixAsync(
            Crlf("""
                using System.IO;

                class C
                {
                    int M(string path) => {|SL1003:File.ReadAllLines(path).Length|};
                }
                """),
            Crlf("""
                using Streamline.Runtime;

                class C
                {
                    int M(string path) => LineCounter.Count(path);
                }
                """));

    [Fact]
    public Task SL1003_UsingAddedBesideAnother()
        => SL1003Verify.VerifyCodeFixAsync(
            Crlf("""
                using System;
                using System.IO;

                class C
                {
                    int M(string path) => {|SL1003:File.ReadAllLines(path).Length|} + Environment.ProcessorCount;
                }
                """),
            Crlf("""
                using System;
                using Streamline.Runtime;

                class C
                {
                    int M(string path) => LineCounter.Count(path) + Environment.ProcessorCount;
                }
                """));

    [Fact]
    public Task SL1004_FieldAndUsing()
    {
        var test = new SL1004Verify.Test(TestTarget.Net472, referenceRuntime: false)
        {
            GeneratedRuntime = true,
            TestCode = Crlf("""
                class C
                {
                    int M(string text) => text.IndexOfAny({|SL1004:new[] { ' ', '\t', '\r', '\n', '\f', '\v' }|});
                }
                """),
            FixedCode = Crlf("""
                using Streamline.Runtime;

                class C
                {
                    private static readonly CharSearchSet s_whitespace = CharSearchSet.Create(" \t\r\n\f\v");

                    int M(string text) => s_whitespace.IndexOfAny(text);
                }
                """),
        };
        return test.RunAsync();
    }

    [Fact]
    public Task SL1006_LocalBeforeTheLoop_ThenTheReader()
        => new SL1006Verify.Test(TestTarget.Net80, referenceRuntime: false)
        {
            GeneratedRuntime = true,
            TestCode = Crlf("""
                using System.IO;

                class C
                {
                    long Sum(string path)
                    {
                        using var reader = new BinaryReader(File.OpenRead(path));
                        long sum = 0;
                        while (reader.BaseStream.Position < {|SL1006:reader.BaseStream.Length|})
                        {
                            sum += reader.ReadUInt16();
                        }

                        return sum;
                    }
                }
                """),
            FixedCode = Crlf("""
                using System.IO;
                using Streamline.Runtime;

                class C
                {
                    long Sum(string path)
                    {
                        using var reader = new BufferedBinaryReader(File.OpenRead(path));
                        long sum = 0;
                        long length = reader.BaseStream.Length;
                        while (reader.Position < length)
                        {
                            sum += reader.ReadUInt16();
                        }

                        return sum;
                    }
                }
                """),
        }.RunAsync();

    [Fact]
    public Task SL1007_SkipReaderBlockAndUsing()
        => new SL1007Verify.Test(TestTarget.Net80, referenceRuntime: false)
        {
            GeneratedRuntime = true,
            TestCode = Crlf(SL1007BufferSingleByteReadsTests.CallersLoop),
            FixedCode = Crlf(SL1007BufferSingleByteReadsTests.CallersLoop
                .Replace("using System.IO;\n", "using System.IO;\nusing Streamline.Runtime;\n", StringComparison.Ordinal)
                .Replace("        while ({|SL1007:input.ReadByte()|} > 0) n++;\n", "        using (var inputReader = new SkipReader(input, leaveOpen: true))\n        {\n            while (inputReader.ReadByte() > 0) n++;\n        }\n\n", StringComparison.Ordinal)),
        }.RunAsync();

    private const string QualifiedSlow = """

        class Slow : System.IO.Stream
        {
            private readonly System.IO.Stream _inner;
            public Slow(System.IO.Stream inner) => _inner = inner;
            public override bool CanRead => true;
            public override bool CanSeek => false;
            public override bool CanWrite => false;
            public override long Length => 0;
            public override long Position { get => 0; set { } }
            public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
            public override void Flush() { }
            public override long Seek(long offset, System.IO.SeekOrigin origin) => 0;
            public override void SetLength(long value) { }
            public override void Write(byte[] buffer, int offset, int count) { }
        }
        """;

    [Fact]
    public Task SL1007_BufferedStream_UsingAdded()
        => SL1007Verify.VerifyCodeFixAsync(
            Crlf("""
                class C
                {
                    long Sum(string path)
                    {
                        using var s = new Slow(System.IO.File.OpenRead(path));
                        long sum = 0;
                        int b;
                        while ((b = {|SL1007:s.ReadByte()|}) != -1)
                            sum += b;
                        return sum;
                    }
                }
                """ + QualifiedSlow),
            Crlf("""
                using System.IO;

                class C
                {
                    long Sum(string path)
                    {
                        using var s = new BufferedStream(new Slow(System.IO.File.OpenRead(path)));
                        long sum = 0;
                        int b;
                        while ((b = s.ReadByte()) != -1)
                            sum += b;
                        return sum;
                    }
                }
                """ + QualifiedSlow));
}
