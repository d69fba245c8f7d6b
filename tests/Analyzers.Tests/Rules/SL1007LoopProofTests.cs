using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1007BufferSingleByteReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1007BufferSingleByteReadsCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// One shape per condition of SL1007's proof for the loop it runs over a <c>SkipReader</c> (<c>Rules/SL1007LoopProof.cs</c>)
/// that no other test pinned, each found by a mutant Stryker.NET left alive (docs/mutation.md). A <c>NoFix</c> shape is
/// one where the fix would change what the program does (a different stream read, <c>ArgumentNullException</c> where
/// the loop throws <c>NullReferenceException</c>); a <c>Fix</c> shape is one the proof must keep accepting.
/// </summary>
[Trait("Rule", "SL1007")]
public class SL1007LoopProofTests
{
    private const string Streams = """

        class Slow : Stream
        {
            private readonly Stream _inner;
            public Slow(Stream inner) => _inner = inner;
            public override bool CanRead => true;
            public override bool CanSeek => true;
            public override bool CanWrite => false;
            public override long Length => _inner.Length;
            public override long Position { get => _inner.Position; set => _inner.Position = value; }
            public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
            public override void Flush() { }
            public override long Seek(long offset, SeekOrigin origin) => _inner.Seek(offset, origin);
            public override void SetLength(long value) => throw new NotSupportedException();
            public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        }

        static class Guard
        {
            public static void ThrowIfNull(object value) { } // no [NotNull]: it may return for null
        }
        """;

    private static Task NoFix(string body)
    {
        string source = "using System;\nusing System.IO;\n\nclass C\n{\n" + body + "}\n" + Streams;
        return new Verify.Test { TestCode = source, FixedCode = source }.RunAsync();
    }

    [Fact]
    public Task NoFix_WhenTheLoopPointsTheParameterAtAnotherStream()
        => NoFix("""
                static int M(Slow input, Slow other)
                {
                    if (input == null) throw new ArgumentNullException(nameof(input));
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0)
                    {
                        n++;
                        if (n == 10) input = other;
                    }

                    return n;
                }
            """);

    [Fact]
    public Task NoFix_WhenTheLoopAlsoReadsItselfAsAStream()
        => NoFix("""
                sealed class Copier : Slow
                {
                    public Copier() : base(Stream.Null) { }

                    public int Drain(Slow input)
                    {
                        if (input == null) throw new ArgumentNullException(nameof(input));
                        int n = 0;
                        while ({|SL1007:input.ReadByte()|} > 0) n += {|SL1007:this.ReadByte()|};
                        return n;
                    }
                }
            """);

    [Fact]
    public Task NoFix_WhenTheLoopReadsATextReaderThatMayBeOverTheSameStream()
        => NoFix("""
                static int M(Slow input, TextReader text)
                {
                    if (input == null) throw new ArgumentNullException(nameof(input));
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) n += text.Read();
                    return n;
                }
            """);

    [Fact]
    public Task NoFix_WhenTheLoopMovesAnotherStream()
        => NoFix("""
                static int M(Slow input, Stream output)
                {
                    if (input == null) throw new ArgumentNullException(nameof(input));
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) n += (int)output.Position;
                    return n;
                }
            """);

    [Theory]
    [InlineData("long length = flag ? input.Length : 0;")]
    [InlineData("input?.Flush();")]
    [InlineData("bool readable = flag && input.CanRead;")]
    [InlineData("long length = (flag ? null : input)?.Length ?? 0;")]
    [InlineData("if (input == other) throw new ArgumentException();")]
    [InlineData("if (other is null) return 0;")]
    [InlineData("Guard.ThrowIfNull(input);")]
    public Task NoFix_WhenNothingBeforeTheLoopShowsTheStreamIsNotNull(string check)
        => NoFix($$"""
                static int M(Slow input, Slow other, bool flag)
                {
                    {{check}}
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) n++;
                    return n;
                }
            """);

    [Theory]
    [InlineData("ArgumentNullException.ThrowIfNull(input);")]
    [InlineData("if (input == null) { Console.WriteLine(\"no input\"); return 0; }")]
    [InlineData("if (null == input || other is null) return 0;")]
    [InlineData("long length = input.Length;")]
    public Task Fix_WhenAStatementBeforeTheLoopShowsTheStreamIsNotNull(string check)
    {
        string source = $$"""
            using System;
            using System.IO;

            class C
            {
                static int M(Slow input, Slow other, Stream output)
                {
                    {{check}}
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) n += (int)output.Length + Environment.ProcessorCount;
                    return n;
                }
            }
            """ + Streams;
        string fixedSource = $$"""
            using System;
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                static int M(Slow input, Slow other, Stream output)
                {
                    {{check}}
                    int n = 0;
                    using (var inputReader = new SkipReader(input, leaveOpen: true))
                    {
                        while (inputReader.ReadByte() > 0) n += (int)output.Length + Environment.ProcessorCount;
                    }

                    return n;
                }
            }
            """ + Streams;
        return Verify.VerifyCodeFixAsync(source, fixedSource);
    }
}
