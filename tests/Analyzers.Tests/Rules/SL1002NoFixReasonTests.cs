using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1002BufferSmallBinaryReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1002BufferSmallBinaryReadsCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// A reader the method makes whose fix the read-ahead proof refuses: the message names the use that stops it (issue 32:
/// "where the proof fails, the message says which use stops it"), one shape per reason. And objects made while the
/// reader is alive: one with an initializer that holds no stream cannot reach the caller's stream (DBCD's readers make
/// <c>new BitReader(data) { Position = 0 }</c> per record), one whose initializer holds another stream can.
/// </summary>
[Trait("Rule", "SL1002")]
public class SL1002NoFixReasonTests
{
    private const string OverCallersStream = "'reader' reads small values one call at a time in a loop over a stream from a caller this compilation cannot see: ";

    private const string OverFile = "'reader' reads small values one call at a time in a loop over a file: ";

    private const string Counted = " (the data gives the pass count, the stream comes from outside this compilation)";

    private const string CountedFile = " (the data gives the pass count, a file on every path)";

    private static Task NoFix(string source, string message, string id = "SL1102")
        => new Verify.Test
        {
            TestCode = source,
            FixedCode = source,
            ExpectedDiagnostics = { Verify.Diagnostic(id).WithLocation(0).WithMessage(message) },
        }.RunAsync();

    private const string NotDisposedSource = """
        using System.IO;

        class C
        {
            long M(Stream input, int count)
            {
                var reader = {|#0:new BinaryReader(input)|};
                long sum = 0;
                for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                return sum;
            }
        }
        """;

    private const string NotDisposedFixed = """
        using System.IO;
        using System.Text;
        using Streamline.Runtime;

        class C
        {
            long M(Stream input, int count)
            {
                using var reader = new BufferedBinaryReader(input, Encoding.UTF8, leaveOpen: true);
                long sum = 0;
                for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                return sum;
            }
        }
        """;

    /// <summary>Issue 12's shape 2: a reader over a caller's stream that nothing disposes. The fix declares it with
    /// <c>using</c> and <c>leaveOpen: true</c>: disposed at the end of the block, it puts the stream back where
    /// BinaryReader leaves it, and the stream stays open as before.</summary>
    [Fact]
    public Task Fix_NotDisposed_OverACallersStream_DeclaresItWithUsing_AndLeavesTheStreamOpen()
        => new Verify.Test
        {
            TestCode = NotDisposedSource,
            ExpectedDiagnostics = { Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(OverCallersStream + "read them through a BufferedBinaryReader" + Counted) },
            FixedCode = NotDisposedFixed,
        }.RunAsync();

    [Theory]
    [InlineData("new BinaryReader(input, Encoding.ASCII)", "new BufferedBinaryReader(input, Encoding.ASCII, leaveOpen: true)")]
    [InlineData("new BinaryReader(input, Encoding.ASCII, true)", "new BufferedBinaryReader(input, Encoding.ASCII, true)")]
    public Task Fix_NotDisposed_WithAnEncoding(string made, string buffered)
        => new Verify.Test
        {
            TestCode = $$"""
                using System.IO;
                using System.Text;

                class C
                {
                    long M(Stream input, int count)
                    {
                        long sum = 0;
                        for (int pass = 0; pass < count; pass++)
                        {
                            // one reader per pass, nothing disposes it
                            BinaryReader reader = {|SL1102:{{made}}|};
                            for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        }

                        return sum;
                    }
                }
                """,
            FixedCode = $$"""
                using System.IO;
                using System.Text;
                using Streamline.Runtime;

                class C
                {
                    long M(Stream input, int count)
                    {
                        long sum = 0;
                        for (int pass = 0; pass < count; pass++)
                        {
                            // one reader per pass, nothing disposes it
                            using BinaryReader reader = {{buffered}};
                            for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        }

                        return sum;
                    }
                }
                """,
        }.RunAsync();

    /// <summary>Before C# 8 there is no using declaration: no fix, and the message says why.</summary>
    [Fact]
    public Task NotDisposed_BeforeCSharp8()
        => new Verify.Test
        {
            TestCode = NotDisposedSource,
            FixedCode = NotDisposedSource,
            LanguageVersion = Microsoft.CodeAnalysis.CSharp.LanguageVersion.CSharp7_3,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(
                    OverCallersStream + "read them through a BufferedBinaryReader (no fix: 'reader' is not disposed on every path)" + Counted),
            },
        }.RunAsync();

    /// <summary>A multi-targeted project with a target that defaults to C# 7.3 (the package's props pass the targets):
    /// the using declaration would not compile there, so no fix, and the message says why.</summary>
    [Fact]
    public Task NotDisposed_OnAMultiTargetedProject_WithATargetBeforeCSharp8()
    {
        var test = new Verify.Test
        {
            TestCode = NotDisposedSource,
            FixedCode = NotDisposedSource,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(
                    OverCallersStream + "read them through a BufferedBinaryReader (no fix: 'reader' is not disposed on every path)" + Counted),
            },
        };
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\nbuild_property.StreamlineTargetFrameworks = net8.0,netstandard2.0\n"));
        return test.RunAsync();
    }

    /// <summary>C# 8 itself has the using declaration.</summary>
    [Fact]
    public Task Fix_NotDisposed_InCSharp8()
        => new Verify.Test
        {
            TestCode = NotDisposedSource.Replace("{|#0:new BinaryReader(input)|}", "{|SL1102:new BinaryReader(input)|}"),
            LanguageVersion = Microsoft.CodeAnalysis.CSharp.LanguageVersion.CSharp8,
            FixedCode = NotDisposedFixed,
        }.RunAsync();

    /// <summary>Disposed in a finally that is not the next statement: BinaryReader closes the caller's stream there
    /// (unless an exception comes first), which a using declaration with leaveOpen: true would not.</summary>
    [Fact]
    public Task NotDisposed_ButDisposedInALaterFinally()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(Stream input, int count)
                {
                    var reader = {|#0:new BinaryReader(input)|};
                    long sum = 0;
                    try
                    {
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    }
                    finally
                    {
                        reader.Dispose();
                    }

                    return sum;
                }
            }
            """,
            OverCallersStream + "read them through a BufferedBinaryReader (no fix: 'reader' is not disposed on every path)" + Counted);

    [Fact]
    public Task MadeInALambda_OverAStreamFromOutsideIt()
        => NoFix("""
            using System;
            using System.IO;

            class C
            {
                Func<int, long> M(Stream input)
                    => count =>
                    {
                        using var reader = {|#0:new BinaryReader(input, System.Text.Encoding.UTF8, true)|};
                        long sum = 0;
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        return sum;
                    };
            }
            """,
            OverCallersStream + "read them through a BufferedBinaryReader (no fix: made in a lambda over a stream from outside it)" + Counted);

    /// <summary>Closed by hand (not in a finally): BinaryReader closes the caller's stream there, and an exception
    /// skips it, which a using declaration would not keep.</summary>
    [Fact]
    public Task NotDisposed_ButClosedByHand()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(Stream input, int count)
                {
                    var reader = {|#0:new BinaryReader(input)|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    reader.Close();
                    return sum;
                }
            }
            """,
            OverCallersStream + "read them through a BufferedBinaryReader (no fix: 'reader' is not disposed on every path)" + Counted);

    /// <summary>A switch section cannot hold a using declaration (CS8647).</summary>
    [Fact]
    public Task NotDisposed_InASwitchSection()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(Stream input, int count, int kind)
                {
                    switch (kind)
                    {
                        case 1:
                            var reader = {|#0:new BinaryReader(input)|};
                            long sum = 0;
                            for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                            return sum;
                        default:
                            return 0;
                    }
                }
            }
            """,
            OverCallersStream + "read them through a BufferedBinaryReader (no fix: 'reader' is not disposed on every path)" + Counted);

    [Fact]
    public Task StreamUsed_WhileTheReaderIsAlive()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(Stream input, int count)
                {
                    using (var reader = {|#0:new BinaryReader(input, System.Text.Encoding.UTF8, true)|})
                    {
                        long sum = 0;
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        sum += input.ReadByte();
                        return sum;
                    }
                }
            }
            """,
            OverCallersStream + "read them through a BufferedBinaryReader (no fix: 'input' is used at line 11)" + Counted);

    [Fact]
    public Task ReaderKept_InAField()
        => NoFix("""
            using System.IO;

            class C
            {
                BinaryReader _last;

                long M(string path, int count)
                {
                    var reader = {|#0:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    _last = reader;
                    return sum;
                }
            }
            """,
            OverFile + "read them through a BufferedBinaryReader (no fix: 'reader' escapes at line 12)" + CountedFile,
            id: "SL1102");

    [Fact]
    public Task ReaderHanded_ToAMethodOfAnotherAssembly()
        => NoFix("""
            using System;
            using System.IO;

            class C
            {
                long M(string path, int count)
                {
                    using var reader = {|#0:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    GC.KeepAlive(reader);
                    return sum;
                }
            }
            """,
            OverFile + "read them through a BufferedBinaryReader (no fix: it reaches external 'KeepAlive')" + CountedFile);

    [Fact]
    public Task OtherStream_MadeWhileTheReaderIsAlive()
        => NoFix("""
            using System.IO;

            class Holder { public Stream S { get; set; } }

            class C
            {
                long M(Stream input, Stream other, int count)
                {
                    using (var reader = {|#0:new BinaryReader(input, System.Text.Encoding.UTF8, true)|})
                    {
                        long sum = 0;
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        var holder = new Holder { S = other };
                        return sum + holder.S.ReadByte();
                    }
                }
            }
            """,
            OverCallersStream + "read them through a BufferedBinaryReader (no fix: line 13 could reach the caller's stream)" + Counted);

    [Fact]
    public Task NewWrapper_OfTheCallersStream()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(Stream input, int count)
                {
                    using (var reader = {|#0:new BinaryReader(new BufferedStream(input))|})
                    {
                        long sum = 0;
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        return sum;
                    }
                }
            }
            """,
            OverCallersStream + "read them through a BufferedBinaryReader (no fix: a new wrapper of its stream cannot be put back)" + Counted);

    [Fact]
    public Task GoTo_InTheMethod()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(string path, int count)
                {
                    using var reader = {|#0:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    int i = 0;
                again:
                    sum += reader.ReadInt32();
                    for (int j = 0; j < count; j++) sum += reader.ReadInt32();
                    if (++i < count) goto again;
                    return sum;
                }
            }
            """,
            OverFile + "read them through a BufferedBinaryReader (no fix: the method uses goto)" + CountedFile);

    /// <summary>
    /// Strings over a caller's stream: BinaryReader decodes a string that one stream read returns whole on its own, and
    /// one that arrives in pieces through its decoder, which keeps an incomplete sequence for the next string; the
    /// buffered reader decodes as over a stream that fills every read. A caller's seekable stream that returns short
    /// reads would see other characters (found by the generated cross-method shapes on a one-byte-a-read stream).
    /// </summary>
    [Theory]
    [InlineData("sum += reader.ReadString().Length;")]
    [InlineData("sum += Name(reader).Length;")]
    [InlineData("sum += (reader?.ReadString() ?? \"\").Length;")]
    [InlineData("sum += reader?.ReadString().Length ?? 0;")]
    [InlineData("sum += new string(reader.ReadChars(4), 0, 4).GetHashCode();", "Encoding.GetEncoding(936)")] // a code page's decoder: by the chunk
    public Task Text_OverACallersStream(string read, string encoding = "Encoding.UTF8")
        => NoFix($$"""
            using System.IO;
            using System.Text;

            class C
            {
                static string Name(BinaryReader r) => r.ReadString();

                long M(Stream input, int count)
                {
                    using (var reader = {|#0:new BinaryReader(input, {{encoding}}, true)|})
                    {
                        long sum = 0;
                        for (int i = 0; i < count; i++) { sum += reader.ReadInt32(); {{read}} }
                        return sum;
                    }
                }
            }
            """,
            OverCallersStream + "read them through a BufferedBinaryReader (no fix: a caller's stream could split its strings otherwise)" + Counted);

    /// <summary>Characters with a decoder that keeps its state (UTF-8 here, ASCII for chunk ids) come out the same
    /// however the stream splits its reads: the fix stands. So do strings over a stream the method opened.</summary>
    [Theory]
    [InlineData("Stream input", "new BinaryReader(input, Encoding.ASCII, true)", "sum += reader.ReadChars(4)[0];", "new BufferedBinaryReader(input, Encoding.ASCII, true)")]
    [InlineData("Stream input", "new BinaryReader(input, new UTF8Encoding(false), true)", "sum += reader.PeekChar();", "new BufferedBinaryReader(input, new UTF8Encoding(false), true)")]
    [InlineData("string path", "new BinaryReader(File.OpenRead(path))", "sum += reader.ReadString().Length;", "new BufferedBinaryReader(File.OpenRead(path))")]
    [InlineData("Stream input", "new BinaryReader(input)", "sum += reader.ReadChar();", "new BufferedBinaryReader(input)")]
    [InlineData("Stream input", "new BinaryReader(input, Encoding.UTF8, true)", "sum += reader.ReadChar();", "new BufferedBinaryReader(input, Encoding.UTF8, true)")]
    [InlineData("Stream input", "new BinaryReader(input, Encoding.Unicode, true)", "sum += reader.ReadChar();", "new BufferedBinaryReader(input, Encoding.Unicode, true)")]
    [InlineData("Stream input", "new BinaryReader(input, Encoding.BigEndianUnicode, true)", "sum += reader.ReadChar();", "new BufferedBinaryReader(input, Encoding.BigEndianUnicode, true)")]
    [InlineData("Stream input", "new BinaryReader(input, Encoding.UTF32, true)", "sum += reader.ReadChar();", "new BufferedBinaryReader(input, Encoding.UTF32, true)")]
    [InlineData("Stream input", "new BinaryReader(input, Encoding.Latin1, true)", "sum += reader.ReadChar();", "new BufferedBinaryReader(input, Encoding.Latin1, true)")]
    [InlineData("Stream input", "new BinaryReader(input, new UnicodeEncoding(), true)", "sum += reader.ReadChar();", "new BufferedBinaryReader(input, new UnicodeEncoding(), true)")]
    [InlineData("Stream input", "new BinaryReader(input, new UTF32Encoding(), true)", "sum += reader.ReadChar();", "new BufferedBinaryReader(input, new UTF32Encoding(), true)")]
    [InlineData("Stream input", "new BinaryReader(input, new ASCIIEncoding(), true)", "sum += reader.ReadChar();", "new BufferedBinaryReader(input, new ASCIIEncoding(), true)")]
    public Task Text_ThatComesOutTheSame(string parameter, string made, string read, string buffered)
        => new Verify.Test
        {
            TestCode = $$"""
                using System.IO;
                using System.Text;

                class C
                {
                    long M({{parameter}}, int count)
                    {
                        using (var reader = {|SL1102:{{made}}|})
                        {
                            long sum = 0;
                            for (int i = 0; i < count; i++) { sum += reader.ReadInt32(); {{read}} }
                            return sum;
                        }
                    }
                }
                """,
            FixedCode = $$"""
                using System.IO;
                using System.Text;
                using Streamline.Runtime;

                class C
                {
                    long M({{parameter}}, int count)
                    {
                        using (var reader = {{buffered}})
                        {
                            long sum = 0;
                            for (int i = 0; i < count; i++) { sum += reader.ReadInt32(); {{read}} }
                            return sum;
                        }
                    }
                }
                """,
        }.RunAsync();

    /// <summary>DBCD's shape: an object with an initializer that holds no stream, made on every pass while the reader
    /// over the caller's stream is alive, cannot reach that stream.</summary>
    [Fact]
    public Task Fix_WhenAnObjectWithAnInitializerThatHoldsNoStream_IsMadeWhileTheReaderIsAlive()
        => new Verify.Test
        {
            TestCode = """
                using System.IO;
                using System.Text;

                class Cursor { public int Position { get; set; } public byte[] Data { get; set; } }

                class C
                {
                    long M(Stream stream, int count)
                    {
                        using (var reader = {|SL1102:new BinaryReader(stream, Encoding.UTF8)|})
                        {
                            long sum = 0;
                            for (int i = 0; i < count; i++)
                            {
                                var cursor = new Cursor { Position = reader.ReadUInt16(), Data = new byte[4] };
                                sum += reader.ReadInt32() + cursor.Position;
                            }

                            return sum;
                        }
                    }
                }
                """,
            FixedCode = """
                using System.IO;
                using System.Text;
                using Streamline.Runtime;

                class Cursor { public int Position { get; set; } public byte[] Data { get; set; } }

                class C
                {
                    long M(Stream stream, int count)
                    {
                        using (var reader = new BufferedBinaryReader(stream, Encoding.UTF8))
                        {
                            long sum = 0;
                            for (int i = 0; i < count; i++)
                            {
                                var cursor = new Cursor { Position = reader.ReadUInt16(), Data = new byte[4] };
                                sum += reader.ReadInt32() + cursor.Position;
                            }

                            return sum;
                        }
                    }
                }
                """,
        }.RunAsync();
}
