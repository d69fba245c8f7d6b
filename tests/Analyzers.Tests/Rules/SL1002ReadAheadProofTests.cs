using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1002BufferSmallBinaryReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1002BufferSmallBinaryReadsCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// One shape per condition of the read-ahead proof (<c>Evidence/ReadAheadProof.cs</c>) that no other test pinned:
/// each was found by a mutant that Stryker.NET left alive (docs/mutation.md). A <c>NoFix</c> shape is one where the fix
/// would change what a caller sees; a <c>Fix</c> shape is one the proof must keep accepting.
/// </summary>
[Trait("Rule", "SL1002")]
public class SL1002ReadAheadProofTests
{
    private static Task NoFix(string source) => new Verify.Test { TestCode = source, FixedCode = source }.RunAsync();

    private static Task Fix(string source, string fixedSource) => new Verify.Test { TestCode = source, FixedCode = fixedSource }.RunAsync();

    /// <summary>A finally that does not dispose the reader does not make it disposed: over a caller's stream the fix
    /// declares it with <c>using</c> (were the finally taken for a disposal, it would not).</summary>
    [Fact]
    public Task Fix_WhenTheFinallyDoesNotDisposeTheReader_DeclaresItWithUsing()
        => Fix("""
            using System;
            using System.IO;
            using System.Text;

            class C
            {
                long M(Stream input, int count)
                {
                    var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|};
                    try
                    {
                        long sum = 0;
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        return sum;
                    }
                    finally
                    {
                        Console.WriteLine("done");
                    }
                }
            }
            """, """
            using System;
            using System.IO;
            using System.Text;
            using Streamline.Runtime;

            class C
            {
                long M(Stream input, int count)
                {
                    using var reader = new BufferedBinaryReader(input, Encoding.UTF8, true);
                    try
                    {
                        long sum = 0;
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        return sum;
                    }
                    finally
                    {
                        Console.WriteLine("done");
                    }
                }
            }
            """);

    [Theory]
    [InlineData("reader?.Dispose()")]
    [InlineData("reader?.Close()")]
    [InlineData("reader.Close()")]
    public Task Fix_WhenTheReaderIsTheFirstStatement_AndTheNextOneIsATryThatDisposesIt(string dispose)
        => Fix($$"""
            using System.IO;
            using System.Text;

            class C
            {
                long M(Stream input, int count)
                {
                    var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|};
                    try
                    {
                        long sum = 0;
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        return sum;
                    }
                    finally
                    {
                        {{dispose}};
                    }
                }
            }
            """, $$"""
            using System.IO;
            using System.Text;
            using Streamline.Runtime;

            class C
            {
                long M(Stream input, int count)
                {
                    var reader = new BufferedBinaryReader(input, Encoding.UTF8, true);
                    try
                    {
                        long sum = 0;
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        return sum;
                    }
                    finally
                    {
                        {{dispose}};
                    }
                }
            }
            """);

    [Fact]
    public Task NoFix_WhenAReaderMadeOnEveryPassIsNeverDisposed_AndTheNextPassReadsTheStream()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(string path, int passes, int count)
                {
                    var stream = File.OpenRead(path);
                    long sum = 0;
                    for (int p = 0; p < passes; p++)
                    {
                        sum += stream.ReadByte();
                        var reader = {|SL1102:new BinaryReader(stream)|};
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    }

                    return sum;
                }
            }
            """);

    [Fact]
    public Task NoFix_OverAStreamOfAnotherTypeMadeWithAName()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(int count)
                {
                    var reader = {|SL1102:new BinaryReader(new NamedStream("journal"))|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum;
                }
            }

            class NamedStream : FileStream
            {
                public static NamedStream? Last;
                public NamedStream(string name) : base(name, FileMode.Open) => Last = this; // whoever reads Last shares it
            }
            """);

    [Fact]
    public Task NoFix_OverAStreamAnotherTypesOpenMethodReturns()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(Archive archive, int count)
                {
                    var reader = {|SL1102:new BinaryReader(archive.Open())|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum + archive.Open().Position;
                }
            }

            class Archive
            {
                private readonly Stream _shared = new FileStream("archive.bin", FileMode.Open);
                public Stream Open() => _shared;
            }
            """);

    [Theory]
    [InlineData("new FileInfo(path).OpenRead()")]
    [InlineData("File.Open(path, FileMode.Open)")]
    [InlineData("new BufferedStream(new GZipStream(File.OpenRead(path), CompressionMode.Decompress))")]
    [InlineData("new BufferedStream(new DeflateStream(File.OpenRead(path), CompressionMode.Decompress))")]
    [InlineData("new BufferedStream(new ZLibStream(File.OpenRead(path), CompressionMode.Decompress))")]
    [InlineData("new BufferedStream(new BrotliStream(File.OpenRead(path), CompressionMode.Decompress))")]
    public Task Fix_OverAStreamMadeOnTheSpot_ThatNobodyElseHolds(string stream)
        => Fix($$"""
            using System.IO;
            using System.IO.Compression;

            class C
            {
                long M(string path, int count)
                {
                    var reader = {|SL1102:new BinaryReader({{stream}})|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum;
                }
            }
            """, $$"""
            using System.IO;
            using System.IO.Compression;
            using Streamline.Runtime;

            class C
            {
                long M(string path, int count)
                {
                    var reader = new BufferedBinaryReader({{stream}});
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum;
                }
            }
            """);

    /// <summary>A stream handed to somebody before the reader is made is a caller's stream from then on: the reader,
    /// which nothing disposes, is declared with <c>using</c> and left open, so whoever holds the stream finds it where
    /// BinaryReader would have left it (an owned stream would get no <c>using</c>).</summary>
    [Fact]
    public Task Fix_WhenTheStreamWasHandedToSomebodyBeforeTheReaderWasMade_DisposesTheReaderToPutItBack()
        => Fix("""
            using System.IO;

            class C
            {
                static Stream? s_kept;

                long M(string path, int count)
                {
                    var stream = File.OpenRead(path);
                    Keep(stream);
                    var reader = {|SL1102:new BinaryReader(stream)|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum;
                }

                static void Keep(Stream s) => s_kept = s;
            }
            """, """
            using System.IO;
            using System.Text;
            using Streamline.Runtime;

            class C
            {
                static Stream? s_kept;

                long M(string path, int count)
                {
                    var stream = File.OpenRead(path);
                    Keep(stream);
                    using var reader = new BufferedBinaryReader(stream, Encoding.UTF8, leaveOpen: true);
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum;
                }

                static void Keep(Stream s) => s_kept = s;
            }
            """);

    [Fact]
    public Task Fix_WhenTheStreamIsOnlyPositionedBeforeTheReaderIsMade()
        => Fix("""
            using System.IO;

            class C
            {
                long M(string path, int count)
                {
                    var stream = File.OpenRead(path);
                    stream.Position = 8;
                    var reader = {|SL1102:new BinaryReader(stream)|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum;
                }
            }
            """, """
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                long M(string path, int count)
                {
                    var stream = File.OpenRead(path);
                    stream.Position = 8;
                    var reader = new BufferedBinaryReader(stream);
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum;
                }
            }
            """);

    [Fact]
    public Task Fix_CallersStream_WhileTheLoopFillsAMemoryStreamOfItsOwn()
        => Fix("""
            using System.IO;
            using System.Text;

            class C
            {
                byte[] M(Stream input, int count)
                {
                    using var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|};
                    var copy = new MemoryStream();
                    for (int i = 0; i < count; i++) copy.WriteByte((byte)reader.ReadInt32());
                    return copy.ToArray();
                }
            }
            """, """
            using System.IO;
            using System.Text;
            using Streamline.Runtime;

            class C
            {
                byte[] M(Stream input, int count)
                {
                    using var reader = new BufferedBinaryReader(input, Encoding.UTF8, true);
                    var copy = new MemoryStream();
                    for (int i = 0; i < count; i++) copy.WriteByte((byte)reader.ReadInt32());
                    return copy.ToArray();
                }
            }
            """);

    [Theory]
    [InlineData("reader.BaseStream.SetLength(reader.BaseStream.Length)")]
    [InlineData("reader.BaseStream.BeginWrite(new byte[1], 0, 1, null, null)")]
    public Task NoFix_WhenTheStreamIsChangedThroughBaseStreamWhileTheReaderLives(string change)
        => NoFix($$"""
            using System.IO;
            using System.Text;

            class C
            {
                long M(Stream stream, int count)
                {
                    using var reader = {|SL1102:new BinaryReader(stream, Encoding.UTF8, true)|};
                    long sum = 0;
                    for (int i = 0; i < count; i++)
                        sum += reader.ReadInt32();
                    {{change}};
                    return sum + reader.ReadInt32();
                }
            }
            """);

    [Fact]
    public Task Fix_WhenTheReaderIsAlsoUsedThroughConditionalAccess()
        => Fix("""
            using System.IO;

            class C
            {
                long M(string path, int count)
                {
                    using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum + (reader?.ReadInt64() ?? 0);
                }
            }
            """, """
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                long M(string path, int count)
                {
                    using var reader = new BufferedBinaryReader(File.OpenRead(path));
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum + (reader?.ReadInt64() ?? 0);
                }
            }
            """);

    /// <summary>A reader assigned rather than declared is not fixed where it is made; its counted loop is read ahead
    /// where it is (SL1002ReadAheadLoopTests), which puts the stream back before <c>input.Position</c> is read.</summary>
    [Fact]
    public Task WhenTheReaderIsAssignedRatherThanDeclared_TheLoopIsReadAhead()
        => new Verify.Test
        {
            TestCode = """
                using System.IO;
                using System.Text;

                class C
                {
                    long M(Stream input, int count)
                    {
                        BinaryReader reader;
                        reader = new BinaryReader(input, Encoding.UTF8, true);
                        long sum = 0;
                        for (int i = 0; i < count; i++) sum += {|SL1102:reader.ReadInt32()|};
                        return sum + input.Position;
                    }
                }
                """,
            FixedCode = """
                using System.IO;
                using System.Text;
                using Streamline.Runtime;

                class C
                {
                    long M(Stream input, int count)
                    {
                        BinaryReader reader;
                        reader = new BinaryReader(input, Encoding.UTF8, true);
                        long sum = 0;
                        using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 4))
                        {
                            for (int i = 0; i < count; i++) sum += ahead.ReadInt32();
                        }
                        return sum + input.Position;
                    }
                }
                """,
        }.RunAsync();

    [Fact]
    public Task NoFix_WhenAHelperCallsADelegateParameterNamedLikeAMethodOfItsType()
        => NoFix("""
            using System;
            using System.IO;

            class C
            {
                static BinaryReader? s_kept;

                long M(string path, int count)
                {
                    var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum + Run(reader, r => { s_kept = r; return 0; });
                }

                static long Run(BinaryReader r, Func<BinaryReader, long> Sum) => Sum(r);

                static long Sum(BinaryReader r) => r.ReadInt64();
            }
            """);

    [Fact]
    public Task NoFix_WhenAHelperCallsALocalNamedLikeAMethodOfItsType()
        => NoFix("""
            using System;
            using System.IO;

            class C
            {
                static BinaryReader? s_kept;

                long M(string path, int count)
                {
                    var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum + Run(reader);
                }

                static long Run(BinaryReader r)
                {
                    Func<BinaryReader, long> Sum = x => { s_kept = x; return 0; };
                    return Sum(r);
                }

                static long Sum(BinaryReader r) => r.ReadInt64();
            }
            """);

    [Fact]
    public Task NoFix_WhenAHelperCallsAReadNamedExtensionThatKeepsTheReader()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(string path, int count)
                {
                    var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum + Run(reader);
                }

                static long Run(BinaryReader r) => r.ReadAndKeep(1);
            }

            static class ReaderExtensions
            {
                public static BinaryReader? Kept;

                public static long ReadAndKeep(this BinaryReader r, int n)
                {
                    Kept = r;
                    return r.ReadInt64() * n;
                }
            }
            """);
}
