using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Streamline.Analyzers.Evidence;
using Streamline.Analyzers.Rules;
using Streamline.Analyzers.Tests.Verifiers;
using SL1001 = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1001SeekInsteadOfPositionAdvanceAnalyzer,
    Streamline.CodeFixes.Rules.SL1001SeekInsteadOfPositionAdvanceCodeFix>;
using SL1002 = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1002BufferSmallBinaryReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1002BufferSmallBinaryReadsCodeFix>;
using SL1006 = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1006StreamLengthInLoopAnalyzer,
    Streamline.CodeFixes.Rules.SL1006StreamLengthInLoopCodeFix>;
using SL1007 = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1007BufferSingleByteReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1007BufferSingleByteReadsCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// Issue 31's tiers: each test changes one fact of a shape the warning id reports and shows the diagnostic move to the
/// suggestion sibling (SL11xx), or back. The facts: how the passes grow (with the data's length, or by a count the data
/// gives), and what the stream is (proven costly on every path, mixed with one in memory, or from outside the
/// compilation).
/// </summary>
[Trait("Rule", "SL1001")]
[Trait("Rule", "SL1002")]
[Trait("Rule", "SL1006")]
[Trait("Rule", "SL1007")]
public class TierTests
{
    // SL1002 over a reader a private helper makes; Open decides the stream, LOOP the passes.
    private const string Reader = """
        using System.IO;

        public static class Records
        {
            public static long SumFile(string path, int size) => Sum(File.OpenRead(path), size);

            OTHER_CALLER
            private static long Sum(Stream stream, int size)
            {
                using var reader = {|ID:new BinaryReader(stream)|};
                long total = 0;
                LOOP
                    total += reader.ReadInt32();
                return total;
            }
        }
        """;

    private const string ByteSizeLoop = "for (int i = 0; i < size; i += 4)";

    private const string DataCountLoop = "int count = reader.ReadInt32();\n        for (int i = 0; i < count; i++)";

    private static string ReaderShape(string id, string loop, string otherCaller = "")
        => Reader.Replace("ID", id).Replace("LOOP", loop).Replace("OTHER_CALLER", otherCaller);

    [Fact]
    public Task SL1002_WarnsWhenThePassesGrowWithAByteSize_OverAFileOnEveryPath()
        => SL1002.VerifyAnalyzerAsync(ReaderShape("SL1002", ByteSizeLoop));

    [Fact]
    public Task SL1002_SuggestsWhenTheDataGivesTheCount()
        => SL1002.VerifyAnalyzerAsync(ReaderShape("SL1102", DataCountLoop));

    [Fact]
    public Task SL1002_SuggestsWhenAnotherCallerHandsInAMemoryStream()
        => SL1002.VerifyAnalyzerAsync(ReaderShape(
            "SL1102", ByteSizeLoop, "public static long SumBytes(byte[] data) => Sum(new MemoryStream(data), data.Length);"));

    [Fact]
    public Task SL1002_SuggestsWhenTheStreamComesFromOutsideTheCompilation()
        => SL1002.VerifyAnalyzerAsync(ReaderShape("SL1102", ByteSizeLoop).Replace("private static long Sum(", "public static long Sum("));

    [Fact]
    public Task SL1002_WarnsWhenEveryCallerHandsInADecompressor()
        => SL1002.VerifyAnalyzerAsync(ReaderShape(
            "SL1002", ByteSizeLoop,
            "public static long SumGZip(string path, int size) => Sum(new System.IO.Compression.GZipStream(File.OpenRead(path), System.IO.Compression.CompressionMode.Decompress), size);"));

    [Fact]
    public Task SL1002_WarnsWhenTheLoopEndsAtTheEndOfTheStream()
        => SL1002.VerifyAnalyzerAsync("""
            using System.IO;

            static class Records
            {
                public static long Sum(string path)
                {
                    using var reader = {|SL1002:new BinaryReader(File.OpenRead(path))|};
                    long total = 0;
                    while (reader.PeekChar() != -1)
                        total += reader.ReadByte();
                    return total;
                }
            }
            """);

    // SL1007: a decompressor read a byte at a time; how the loop ends and who hands the stream in decide the tier.
    private const string Bytes = """
        using System.IO;
        using System.IO.Compression;

        public static class Inflate
        {
            public static int CountFile(string path) => Count(new GZipStream(File.OpenRead(path), CompressionMode.Decompress));

            OTHER_CALLER
            private static int Count(Stream stream)
            {
                int count = 0;
                LOOP
                return count;
            }
        }
        """;

    private const string ToTheEnd = "while ({|ID:stream.ReadByte()|} != -1)\n            count++;";

    private const string DataCountBytes = "int n = stream.ReadByte() << 8 | stream.ReadByte();\n        for (int i = 0; i < n; i++)\n            count += {|ID:stream.ReadByte()|};";

    private static string ByteShape(string id, string loop, string otherCaller = "")
        => Bytes.Replace("LOOP", loop.Replace("ID", id)).Replace("OTHER_CALLER", otherCaller);

    [Fact]
    public Task SL1007_WarnsWhenTheLoopReadsToTheEnd_OfADecompressorOnEveryPath()
        => SL1007.VerifyAnalyzerAsync(ByteShape("SL1007", ToTheEnd));

    [Fact]
    public Task SL1007_SuggestsWhenTheDataGivesTheCount()
        => SL1007.VerifyAnalyzerAsync(ByteShape("SL1107", DataCountBytes));

    [Fact]
    public Task SL1007_SuggestsWhenAnotherCallerHandsInAFile()
        => SL1007.VerifyAnalyzerAsync(ByteShape("SL1107", ToTheEnd, "public static int CountPlain(string path) => Count(File.OpenRead(path));"));

    [Fact]
    public Task SL1007_SuggestsWhenTheStreamComesFromOutsideTheCompilation()
        => SL1007.VerifyAnalyzerAsync(ByteShape("SL1107", ToTheEnd).Replace("private static int Count(", "public static int Count("));

    [Fact]
    public Task SL1007_WarnsWhenTheLoopCountsToAByteArraysLength()
        => SL1007.VerifyAnalyzerAsync(ByteShape(
            "SL1007", "var buffer = new byte[stream.ReadByte()];\n        for (int i = 0; i < buffer.Length; i++)\n            buffer[i] = (byte){|ID:stream.ReadByte()|};"));

    [Fact]
    public Task SL1007_SuggestsWhenTheLoopCountsToARecordArraysLength()
        => SL1007.VerifyAnalyzerAsync(ByteShape(
            "SL1107", "var names = new string[stream.ReadByte()];\n        for (int i = 0; i < names.Length; i++)\n            count += {|ID:stream.ReadByte()|};"));

    // An alignment's padding (BinarySerializer's Align): a remainder is below its divisor, whatever it is named, and a
    // read that leaves a counted loop at the end of the stream only cuts it short.
    [Fact]
    public Task SL1007_SuggestsWhenTheLoopCountsToARemainder_NamedAsASize()
        => SL1007.VerifyAnalyzerAsync(ByteShape(
            "SL1107", "int alignment = stream.ReadByte() << 8 | stream.ReadByte();\n        long paddingBytes = (alignment - stream.Position % alignment) % alignment;\n        for (int i = 0; i < paddingBytes; i++)\n            count += {|ID:stream.ReadByte()|};"));

    [Fact]
    public Task SL1007_SuggestsWhenAReadOnlyCutsACountedLoopShort()
        => SL1007.VerifyAnalyzerAsync(ByteShape(
            "SL1107", "int n = stream.ReadByte();\n        for (int i = 0; i < n; i++)\n        {\n            if ({|ID:stream.ReadByte()|} < 0)\n                break;\n            count++;\n        }"));

    [Fact]
    public Task SL1007_WarnsWhenAReadIsAllThatEndsTheLoop()
        => SL1007.VerifyAnalyzerAsync(ByteShape(
            "SL1007", "while (true)\n        {\n            if ({|ID:stream.ReadByte()|} < 0)\n                break;\n            count++;\n        }"));

    [Fact]
    public Task SL1007_WarnsWhereTheStreamsTypeIsTheProof_WhoeverHandsItIn()
        => SL1007.VerifyAnalyzerAsync("""
            using System.IO.Compression;

            public static class Inflate
            {
                public static int Count(DeflateStream stream)
                {
                    int count = 0;
                    while ({|SL1007:stream.ReadByte()|} != -1)
                        count++;
                    return count;
                }
            }
            """);

    // SL1006: Position < Length over a file is a walk over the data; a stream handed in from outside is a suggestion.
    private const string LengthLoop = """
        using System.IO;

        public static class Walk
        {
            public static long Sum(string path) => Sum(File.OpenRead(path));

            private static long Sum(Stream stream)
            {
                long total = 0;
                while (stream.Position < {|ID:stream.Length|})
                    total += stream.ReadByte();
                return total;
            }
        }
        """;

    [Fact]
    public Task SL1006_WarnsOnPositionAgainstLength_OverAFileOnEveryPath()
        => SL1006.VerifyAnalyzerAsync(LengthLoop.Replace("ID", "SL1006"));

    [Fact]
    public Task SL1006_SuggestsWhenTheStreamComesFromOutsideTheCompilation()
        => SL1006.VerifyAnalyzerAsync(LengthLoop.Replace("ID", "SL1106").Replace("private static long Sum(", "public static long Sum("));

    [Fact]
    public Task SL1006_SuggestsWhenEachPassSkipsAChunkTheDataSizes()
        => SL1006.VerifyAnalyzerAsync(LengthLoop.Replace("ID", "SL1106").Replace(
            "total += stream.ReadByte();", "{ int size = stream.ReadByte(); stream.Seek(size, SeekOrigin.Current); total++; }"));

    // An end-of-data check in a counted loop only cuts it short: the loop's bound decides how the passes grow.
    private const string GuardedCount = """
        using System.IO;

        public static class Records
        {
            public static int SumUntilEnd(string path, int BOUND)
            {
                int sum = 0;
                using (var input = File.OpenRead(path))
                {
                    for (int i = 0; i < BOUND; i++)
                    {
                        if (input.Position + 4 > {|ID:input.Length|})
                            break;
                        sum += input.ReadByte();
                    }
                }

                return sum;
            }
        }
        """;

    [Fact]
    public Task SL1006_SuggestsWhenAnEndCheckOnlyCutsACountedLoopShort()
        => SL1006.VerifyAnalyzerAsync(GuardedCount.Replace("BOUND", "count").Replace("ID", "SL1106"));

    [Fact]
    public Task SL1006_WarnsWhenTheGuardedLoopCountsToAByteSize()
        => SL1006.VerifyAnalyzerAsync(GuardedCount.Replace("BOUND", "size").Replace("ID", "SL1006"));

    // SL1001 on an older target (where Position's setter costs more than Seek): a skip per pass over a file.
    private const string Skip = """
        using System.IO;

        public static class Skipper
        {
            public static long Sum(string path, long size) => Sum(File.OpenRead(path), size);

            private static long Sum(Stream stream, long size)
            {
                long total = 0;
                LOOP
                {
                    total += stream.ReadByte();
                    {|ID:stream.Position += 3|};
                }

                return total;
            }
        }
        """;

    [Fact]
    public Task SL1001_WarnsWhenThePassesGrowWithAByteSize_OverAFile()
        => VerifyOlderTargetAsync(Skip.Replace("ID", "SL1001").Replace("LOOP", "for (long i = 0; i < size; i += 4)"));

    [Fact]
    public Task SL1001_SuggestsWhenTheDataGivesTheCount()
        => VerifyOlderTargetAsync(Skip.Replace("ID", "SL1101").Replace("LOOP", "int count = stream.ReadByte();\n        for (int i = 0; i < count; i++)"));

    private static Task VerifyOlderTargetAsync(string source)
    {
        var test = new SL1001.Test(TestTarget.NetStandard20) { TestCode = source };
        return test.RunAsync();
    }

    [Fact]
    public async Task BothTiersCarryTheSameFixProperties_AndTheTierAndPrecisionForSarif()
    {
        string warning = ReaderShape("SL1002", ByteSizeLoop).Replace("{|SL1002:", string.Empty).Replace("|}", string.Empty);
        string suggestion = ReaderShape("SL1102", DataCountLoop).Replace("{|SL1102:", string.Empty).Replace("|}", string.Empty);
        Diagnostic w = Assert.Single(await AnalyzeAsync(warning));
        Diagnostic s = Assert.Single(await AnalyzeAsync(suggestion));
        Assert.Equal(("SL1002", DiagnosticSeverity.Warning), (w.Id, w.Severity));
        Assert.Equal(("SL1102", DiagnosticSeverity.Info), (s.Id, s.Severity));
        Assert.Equal("warning", w.Properties[TieredRule.TierProperty]);
        Assert.Equal("suggestion", s.Properties[TieredRule.TierProperty]);
        Assert.Equal(MeasuredPrecision.SL1002, w.Properties[TieredRule.PrecisionProperty]);
        Assert.Equal(MeasuredPrecision.SL1102, s.Properties[TieredRule.PrecisionProperty]);
        Assert.Equal(w.Properties["CanFix"], s.Properties["CanFix"]);

        // The message says which evidence there was.
        Assert.Contains("passes grow with the data's length, a file on every path", w.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
        Assert.Contains("the data gives the pass count", s.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
    }

    private static async Task<ImmutableArray<Diagnostic>> AnalyzeAsync(string source)
    {
        Compilation compilation = AnalyzerRunner.CreateCompilation(TestTarget.Net80, source);
        AnalyzerRun run = await AnalyzerRunner.RunAsync(
            ImmutableArray.Create<DiagnosticAnalyzer>(new SL1002BufferSmallBinaryReadsAnalyzer()), compilation, concurrent: false, default);
        Assert.Empty(run.Exceptions);
        return run.Diagnostics.Where(d => d.Id.StartsWith("SL1", System.StringComparison.Ordinal)).ToImmutableArray();
    }
}
