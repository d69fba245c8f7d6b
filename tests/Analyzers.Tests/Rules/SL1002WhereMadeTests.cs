using System.IO;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;
using System.Linq;
using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1002BufferSmallBinaryReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1002BufferSmallBinaryReadsCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// SL1002 on a reader handed in, fixed where the reader is made (issue 32): the read's diagnostic carries the
/// constructions as additional locations, its fix rewrites them, in whatever file they are, and Fix All rewrites each
/// once. Where a use stops the proof, there is no fix and the message names the use.
/// Its loops count down, which the counted-loop fix (SL1002ReadAheadLoopTests) leaves alone, so that each refusal
/// here is the construction's.
/// </summary>
[Trait("Rule", "SL1002")]
public class SL1002WhereMadeTests
{
    private const string Evidence = " (the data gives the pass count, a file on every path)";

    [Fact]
    public Task Fix_ReaderMadeInOneMethod_ReadByHelpers_IsFixedWhereMade()
        => new Verify.Test
        {
            TestCode = """
                using System.IO;

                class C
                {
                    static long Decode(string path)
                    {
                        using (var reader = {|#2:new BinaryReader(File.OpenRead(path))|})
                        {
                            return ParseRecords(reader) ^ ReadVarints(reader);
                        }
                    }

                    static long ParseRecords(BinaryReader reader)
                    {
                        int count = reader.ReadInt32();
                        long sum = 0;
                        for (int i = count; i > 0; i--)
                            sum += {|#0:reader.ReadInt32()|} + reader.ReadUInt16();
                        return sum;
                    }

                    static long ReadVarints(BinaryReader input)
                    {
                        int count = input.ReadInt32();
                        long sum = 0;
                        for (int i = count; i > 0; i--)
                            sum += ReadVarint(input);
                        return sum;
                    }

                    static int ReadVarint(BinaryReader input)
                    {
                        int value = 0, shift = 0;
                        byte b;
                        do
                        {
                            b = {|#1:input.ReadByte()|};
                            value |= (b & 0x7F) << shift;
                            shift += 7;
                        }
                        while ((b & 0x80) != 0 && shift < 35);
                        return value;
                    }
                }
                """,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithLocation(2).WithMessage(
                    "'reader' reads small values one call at a time in a loop over a file: the fix makes it a BufferedBinaryReader where it is made, in 'Decode'" + Evidence),
                // Handed on twice (ReadVarints, then ReadVarint): followed back to the same construction.
                Verify.Diagnostic("SL1102").WithLocation(1).WithLocation(2).WithMessage(
                    "'input' reads small values one call at a time in a loop over a file: the fix makes it a BufferedBinaryReader where it is made, in 'Decode'" + Evidence),
            },
            FixedCode = """
                using System.IO;
                using Streamline.Runtime;

                class C
                {
                    static long Decode(string path)
                    {
                        using (var reader = new BufferedBinaryReader(File.OpenRead(path)))
                        {
                            return ParseRecords(reader) ^ ReadVarints(reader);
                        }
                    }

                    static long ParseRecords(BinaryReader reader)
                    {
                        int count = reader.ReadInt32();
                        long sum = 0;
                        for (int i = count; i > 0; i--)
                            sum += reader.ReadInt32() + reader.ReadUInt16();
                        return sum;
                    }

                    static long ReadVarints(BinaryReader input)
                    {
                        int count = input.ReadInt32();
                        long sum = 0;
                        for (int i = count; i > 0; i--)
                            sum += ReadVarint(input);
                        return sum;
                    }

                    static int ReadVarint(BinaryReader input)
                    {
                        int value = 0, shift = 0;
                        byte b;
                        do
                        {
                            b = input.ReadByte();
                            value |= (b & 0x7F) << shift;
                            shift += 7;
                        }
                        while ((b & 0x80) != 0 && shift < 35);
                        return value;
                    }
                }
                """,
        }.RunAsync();

    private const string Parse = """

            static long Parse(BinaryReader reader)
            {
                int count = reader.ReadInt32();
                long sum = 0;
                for (int i = count; i > 0; i--)
                    sum += {|#0:reader.ReadInt32()|};
                return sum;
            }
        }
        """;

    private static string Message(string origin, string advice, string evidence)
        => $"'reader' reads small values one call at a time in a loop over {origin}: {advice} ({evidence})";

    /// <summary>Two callers make a reader each, one over the caller's stream (disposed on every path): both constructions
    /// go with the diagnostic, and the fix rewrites both, the one in another file too.</summary>
    [Fact]
    public Task Fix_TwoConstructions_InTwoFiles_BothRewritten()
    {
        var test = new Verify.Test
        {
            TestCode = """
                using System.IO;

                partial class C
                {
                    static long FromFile(string path)
                    {
                        using var reader = {|#1:new BinaryReader(File.OpenRead(path))|};
                        return Parse(reader);
                    }
                """ + Parse,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithLocation(1).WithLocation("/0/Test1.cs", 8, 29).WithMessage(
                    Message("a file", "the fix makes it a BufferedBinaryReader where it is made, in 2 places", "the data gives the pass count, the stream comes from outside this compilation")),
            },
            FixedCode = """
                using System.IO;
                using Streamline.Runtime;

                partial class C
                {
                    static long FromFile(string path)
                    {
                        using var reader = new BufferedBinaryReader(File.OpenRead(path));
                        return Parse(reader);
                    }
                    static long Parse(BinaryReader reader)
                    {
                        int count = reader.ReadInt32();
                        long sum = 0;
                        for (int i = count; i > 0; i--)
                            sum += reader.ReadInt32();
                        return sum;
                    }
                }
                """,
        };
        test.TestState.Sources.Add(("/0/Test1.cs", """
            using System.IO;
            using System.Text;

            partial class C
            {
                internal static long FromCaller(Stream input)
                {
                    using (var reader = new BinaryReader(input, Encoding.UTF8, leaveOpen: true))
                        return Parse(reader);
                }
            }
            """));
        test.FixedState.Sources.Add(("/0/Test1.cs", """
            using System.IO;
            using System.Text;
            using Streamline.Runtime;

            partial class C
            {
                internal static long FromCaller(Stream input)
                {
                    using (var reader = new BufferedBinaryReader(input, Encoding.UTF8, leaveOpen: true))
                        return Parse(reader);
                }
            }
            """));
        return test.RunAsync();
    }

    /// <summary>Where a use stops the proof, there is no fix and the message names it.</summary>
    [Theory]
    [InlineData("""
        static long Decode(string path)
        {
            var stream = File.OpenRead(path);
            using var reader = new BinaryReader(stream);
            return Parse(reader) + stream.ReadByte();
        }
        """, "a file", "no fix: 'Decode' could see it read ahead", "a file on every path")]
    [InlineData("""
        static BinaryReader s_kept;

        static long Decode(string path)
        {
            using var reader = new BinaryReader(File.OpenRead(path));
            s_kept = reader;
            return Parse(reader);
        }
        """, "a file", "no fix: 'Decode' could see it read ahead", "a file on every path")]
    [InlineData("""
        static long Decode(Stream input)
        {
            var reader = new BinaryReader(input);
            long sum = Parse(reader);
            input.Position = 0;
            return sum;
        }

        static long Caller(string path) => Decode(File.OpenRead(path));
        """, "a file", "no fix: 'Decode' could see it read ahead", "a file on every path")]
    [InlineData("""
        static long Decode(string path)
        {
            var reader = new BinaryReader(File.OpenRead(path));
            long sum = Parse(reader);
            for (int i = 0; i < 2; i++)
            {
                sum += reader.BaseStream.Position;
                if (i == 0)
                    reader.Close();
            }

            return sum;
        }
        """, "a file", "no fix: 'Decode' could see it read ahead", "a file on every path")]
    [InlineData("""
        static BinaryReader s_reader = new BinaryReader(File.OpenRead("data.bin"));

        static long Decode() => Parse(s_reader);
        """, "a file", "no fix: 'Decode' does not construct it", "a file on every path")]
    [InlineData("""
        static long Decode(string path)
        {
            BinaryReader reader = new SwappingReader(File.OpenRead(path));
            return Parse(reader);
        }

        sealed class SwappingReader : BinaryReader
        {
            public SwappingReader(Stream input) : base(input) { }
        }
        """, "a file", "no fix: 'Decode' does not construct it", "a file on every path")]
    [InlineData("", "a stream from a caller this compilation cannot see", "no fix: 'Parse' has no caller here", "the stream comes from outside this compilation")]
    public Task NoFix_WhereAUseStopsTheProof_SaysWhichUse(string caller, string origin, string reason, string stream)
    {
        string source = "using System.IO;\n\nclass C\n{\n" + Indent(caller) + Parse;
        return new Verify.Test
        {
            TestCode = source,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(
                    Message(origin, $"make it a BufferedBinaryReader where it is made ({reason})", "the data gives the pass count, " + stream)),
            },
            FixedCode = source,
        }.RunAsync();
    }

    /// <summary>A helper that can be called from outside the project: reported at once, without a fix, saying so.</summary>
    [Fact]
    public Task NoFix_PublicHelper_SaysCallersOutside()
    {
        string source = """
            using System.IO;

            public class C
            {
                static long Decode(string path)
                {
                    using var reader = new BinaryReader(File.OpenRead(path));
                    return Parse(reader);
                }

                public static long Parse(BinaryReader reader)
                {
                    int count = reader.ReadInt32();
                    long sum = 0;
                    for (int i = count; i > 0; i--)
                        sum += {|#0:reader.ReadInt32()|};
                    return sum;
                }
            }
            """;
        return new Verify.Test
        {
            TestCode = source,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(Message(
                    "a stream from a caller this compilation cannot see",
                    "make it a BufferedBinaryReader where it is made (no fix: 'Parse' is callable from outside)",
                    "the data gives the pass count, the stream comes from outside this compilation")),
            },
            FixedCode = source,
        }.RunAsync();
    }

    /// <summary>A private helper whose reader comes through a public method: the public method's callers are outside.</summary>
    [Fact]
    public Task NoFix_ReaderHandedOnByAPublicMethod_SaysCallersOutside()
    {
        string source = """
            using System.IO;

            public class C
            {
                static long Decode(string path)
                {
                    using var reader = new BinaryReader(File.OpenRead(path));
                    return Load(reader);
                }

                public static long Load(BinaryReader reader) => Parse(reader);

                static long Parse(BinaryReader reader)
                {
                    int count = reader.ReadInt32();
                    long sum = 0;
                    for (int i = count; i > 0; i--)
                        sum += {|#0:reader.ReadInt32()|};
                    return sum;
                }
            }
            """;
        return new Verify.Test
        {
            TestCode = source,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(Message(
                    "a file",
                    "make it a BufferedBinaryReader where it is made (no fix: 'Load' is callable from outside)",
                    "the data gives the pass count, the stream comes from outside this compilation")),
            },
            FixedCode = source,
        }.RunAsync();
    }

    /// <summary>Made over a caller's stream and disposed on every path: fixed only with a runtime whose reader reads
    /// nothing ahead of a stream that cannot seek (the one that has <c>Position</c>).</summary>
    [Fact]
    public Task NoFix_WhereMadeOverACallersStream_WithARuntimeThatMayReadAheadOfAStreamThatCannotSeek()
    {
        string source = """
            using System.IO;
            using System.Text;

            namespace Streamline.Runtime
            {
                public sealed class BufferedBinaryReader : BinaryReader
                {
                    public BufferedBinaryReader(Stream input) : base(input) { }
                    public BufferedBinaryReader(Stream input, Encoding encoding, bool leaveOpen) : base(input, encoding, leaveOpen) { }
                }
            }

            class C
            {
                static long Decode(Stream input)
                {
                    using var reader = new BinaryReader(input, Encoding.UTF8, leaveOpen: true);
                    return Parse(reader);
                }

                static long Parse(BinaryReader reader)
                {
                    int count = reader.ReadInt32();
                    long sum = 0;
                    for (int i = count; i > 0; i--)
                        sum += {|SL1102:reader.ReadInt32()|};
                    return sum;
                }
            }
            """;
        return new Verify.Test(TestTarget.Net80, referenceRuntime: false) { TestCode = source, FixedCode = source }.RunAsync();
    }

    /// <summary>The maker's reader is over its caller's stream and nothing disposes it: the fix declares it with
    /// <c>using</c> and <c>leaveOpen: true</c> where it is made, which puts the stream back when the maker returns.</summary>
    [Fact]
    public Task Fix_WhereMade_ReaderThatNothingDisposes_IsDeclaredWithUsing()
        => new Verify.Test
        {
            TestCode = """
                using System.IO;

                class C
                {
                    static long Decode(Stream input)
                    {
                        var reader = new BinaryReader(input);
                        return Parse(reader);
                    }

                    static long Parse(BinaryReader reader)
                    {
                        int count = reader.ReadInt32();
                        long sum = 0;
                        for (int i = count; i > 0; i--)
                            sum += {|SL1102:reader.ReadInt32()|};
                        return sum;
                    }

                    static long Caller(string path) => Decode(File.OpenRead(path));
                }
                """,
            FixedCode = """
                using System.IO;
                using System.Text;
                using Streamline.Runtime;

                class C
                {
                    static long Decode(Stream input)
                    {
                        using var reader = new BufferedBinaryReader(input, Encoding.UTF8, leaveOpen: true);
                        return Parse(reader);
                    }

                    static long Parse(BinaryReader reader)
                    {
                        int count = reader.ReadInt32();
                        long sum = 0;
                        for (int i = count; i > 0; i--)
                            sum += reader.ReadInt32();
                        return sum;
                    }

                    static long Caller(string path) => Decode(File.OpenRead(path));
                }
                """,
        }.RunAsync();

    /// <summary>A helper reached through a base or interface member: its calls are recorded under that member, so the
    /// constructions are not followed; reported at once, saying so.</summary>
    [Fact]
    public Task NoFix_InterfaceImplementation_SaysCalledThroughABaseOrInterface()
    {
        string source = """
            using System.IO;

            interface IChunk
            {
                long Parse(BinaryReader reader);
            }

            sealed class Chunk : IChunk
            {
                public long Parse(BinaryReader reader)
                {
                    int count = reader.ReadInt32();
                    long sum = 0;
                    for (int i = count; i > 0; i--)
                        sum += {|#0:reader.ReadInt32()|};
                    return sum;
                }
            }

            static class Loader
            {
                static long Load(string path, IChunk chunk)
                {
                    using var reader = new BinaryReader(File.OpenRead(path));
                    return chunk.Parse(reader);
                }
            }
            """;
        return new Verify.Test
        {
            TestCode = source,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(Message(
                    "a stream from a caller this compilation cannot see",
                    "make it a BufferedBinaryReader where it is made (no fix: 'Parse' is virtual or an interface's)",
                    "the data gives the pass count, the stream comes from outside this compilation")),
            },
            FixedCode = source,
        }.RunAsync();
    }

    /// <summary>Every reader handed in is a BufferedBinaryReader already (after the fix, or the user's own): quiet.</summary>
    [Fact]
    public Task Quiet_WhereEveryReaderHandedInIsBuffered()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                static long Decode(string path)
                {
                    using var reader = new BufferedBinaryReader(File.OpenRead(path));
                    return Parse(reader);
                }

                static long Parse(BinaryReader reader)
                {
                    int count = reader.ReadInt32();
                    long sum = 0;
                    for (int i = count; i > 0; i--)
                        sum += reader.ReadInt32();
                    return sum;
                }
            }
            """);

    /// <summary>A reader passed on from helper to helper that only read through it is as safe as one read in place:
    /// the construction's own diagnostic gets its fix.</summary>
    [Fact]
    public Task Fix_ReaderHandedOnThroughHelpersThatOnlyRead()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                long Sum(string path, int count)
                {
                    using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    for (int i = count; i > 0; i--)
                        sum += Entry(reader);
                    return sum;
                }

                static long Entry(BinaryReader r) => Value(r) + r.ReadByte();
                static long Value(BinaryReader r) => r.ReadInt64();
            }
            """, """
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                long Sum(string path, int count)
                {
                    using var reader = new BufferedBinaryReader(File.OpenRead(path));
                    long sum = 0;
                    for (int i = count; i > 0; i--)
                        sum += Entry(reader);
                    return sum;
                }

                static long Entry(BinaryReader r) => Value(r) + r.ReadByte();
                static long Value(BinaryReader r) => r.ReadInt64();
            }
            """);

    /// <summary>At compilation end the reader is followed into helpers of any type: an extension method, a static
    /// helper of another class, a constructor that only reads, a recursive helper, and the stream used on the spot
    /// through <c>BaseStream</c> (a seek, a position). Each only reads, so the construction is rewritten.</summary>
    [Fact]
    public Task Fix_ReaderFollowedIntoHelpersOfOtherTypes()
        => new Verify.Test
        {
            TestCode = """
                using System.IO;

                class C
                {
                    static long Decode(string path)
                    {
                        using (var reader = {|#2:new BinaryReader(File.OpenRead(path))|})
                        {
                            return Parse(reader);
                        }
                    }

                    static long Parse(BinaryReader reader)
                    {
                        if (reader == null)
                            return 0;
                        var header = new Header(reader);
                        reader.BaseStream.Seek(header.Offset, SeekOrigin.Begin);
                        long sum = Table.Read(reader) + Node(reader, 3) + reader.BaseStream.Position;
                        for (int i = header.Count; i > 0; i--)
                            sum += {|#0:reader.ReadInt32()|} + reader.ReadVarint();
                        return sum;
                    }

                    static long Node(BinaryReader reader, int depth)
                        => depth == 0 ? reader.ReadByte() : reader.ReadInt16() + Node(reader, depth - 1);
                }

                sealed class Header
                {
                    public Header(BinaryReader reader)
                    {
                        Count = reader.ReadInt32();
                        Offset = reader.ReadInt64();
                    }

                    public int Count { get; }

                    public long Offset { get; }
                }

                static class Table
                {
                    public static long Read(BinaryReader reader) => reader.ReadInt64();
                }

                static class ReaderExtensions
                {
                    public static int ReadVarint(this BinaryReader reader)
                    {
                        int value = 0, shift = 0;
                        byte b;
                        do
                        {
                            b = {|#1:reader.ReadByte()|};
                            value |= (b & 0x7F) << shift;
                            shift += 7;
                        }
                        while ((b & 0x80) != 0 && shift < 35);
                        return value;
                    }
                }
                """,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithLocation(2).WithMessage(
                    "'reader' reads small values one call at a time in a loop over a file: the fix makes it a BufferedBinaryReader where it is made, in 'Decode'" + Evidence),
                Verify.Diagnostic("SL1102").WithLocation(1).WithLocation(2).WithMessage(
                    "'reader' reads small values one call at a time in a loop over a file: the fix makes it a BufferedBinaryReader where it is made, in 'Decode'" + Evidence),
            },
            FixedCode = """
                using System.IO;
                using Streamline.Runtime;

                class C
                {
                    static long Decode(string path)
                    {
                        using (var reader = new BufferedBinaryReader(File.OpenRead(path)))
                        {
                            return Parse(reader);
                        }
                    }

                    static long Parse(BinaryReader reader)
                    {
                        if (reader == null)
                            return 0;
                        var header = new Header(reader);
                        reader.BaseStream.Seek(header.Offset, SeekOrigin.Begin);
                        long sum = Table.Read(reader) + Node(reader, 3) + reader.BaseStream.Position;
                        for (int i = header.Count; i > 0; i--)
                            sum += reader.ReadInt32() + reader.ReadVarint();
                        return sum;
                    }

                    static long Node(BinaryReader reader, int depth)
                        => depth == 0 ? reader.ReadByte() : reader.ReadInt16() + Node(reader, depth - 1);
                }

                sealed class Header
                {
                    public Header(BinaryReader reader)
                    {
                        Count = reader.ReadInt32();
                        Offset = reader.ReadInt64();
                    }

                    public int Count { get; }

                    public long Offset { get; }
                }

                static class Table
                {
                    public static long Read(BinaryReader reader) => reader.ReadInt64();
                }

                static class ReaderExtensions
                {
                    public static int ReadVarint(this BinaryReader reader)
                    {
                        int value = 0, shift = 0;
                        byte b;
                        do
                        {
                            b = reader.ReadByte();
                            value |= (b & 0x7F) << shift;
                            shift += 7;
                        }
                        while ((b & 0x80) != 0 && shift < 35);
                        return value;
                    }
                }
                """,
        }.RunAsync();

    /// <summary>A helper of another type that does more than read through the reader stops the proof: it keeps it, hands
    /// it to a virtual method, keeps its stream, writes to its stream, captures it, or hands it to another assembly.</summary>
    [Theory]
    [InlineData("sealed class Helper { public BinaryReader Kept; public Helper(BinaryReader reader) { Kept = reader; } }", "new Helper(reader)")]
    [InlineData("class Helper { public virtual int Use(BinaryReader reader) => reader.ReadInt32(); }", "new Helper().Use(reader)")]
    [InlineData("static class Helper { public static long Use(BinaryReader reader) { var s = reader.BaseStream; reader.ReadInt32(); return s.ReadByte(); } }", "Helper.Use(reader)")]
    [InlineData("static class Helper { public static void Use(BinaryReader reader) => reader.BaseStream.WriteByte(0); }", "Helper.Use(reader)")]
    [InlineData("static class Helper { public static System.Func<int> Use(BinaryReader reader) => () => reader.ReadInt32(); }", "Helper.Use(reader)")]
    [InlineData("static class Helper { public static string Use(BinaryReader reader) => reader.ToString(); }", "Helper.Use(reader)")]
    [InlineData("static class Helper { public static int Use(BinaryReader reader) => Next(reader); static int Next(BinaryReader r) { r.Close(); return 0; } }", "Helper.Use(reader)")]
    [InlineData("static class Helper { public static void Use(BinaryReader reader) => System.GC.KeepAlive(reader); }", "Helper.Use(reader)")]
    public Task NoFix_WhereAHelperOfAnotherTypeDoesMoreThanRead(string helper, string use)
    {
        string source = "using System.IO;\n\nclass C\n{\n" + Indent($$"""
            static long Decode(string path)
            {
                using var reader = new BinaryReader(File.OpenRead(path));
                {{use}};
                return Parse(reader);
            }
            """) + Parse + "\n" + helper + "\n";
        return new Verify.Test
        {
            TestCode = source,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(
                    Message("a file", "make it a BufferedBinaryReader where it is made (no fix: 'Decode' could see it read ahead)", "the data gives the pass count, a file on every path")),
            },
            FixedCode = source,
        }.RunAsync();
    }

    /// <summary>A reader read in a loop where it is made and also handed to a constructor of another type: the method
    /// alone cannot see into the constructor, so its proof waits for compilation end, where a constructor that only
    /// reads lets the fix stand and one that keeps the reader does not, which the message names.</summary>
    [Theory]
    [InlineData("public Header(BinaryReader r) { Count = r.ReadInt32(); }", true)]
    [InlineData("public Header(BinaryReader r) { Count = r.ReadInt32(); Kept = r; } public BinaryReader Kept;", false)]
    public Task Construction_HandedToAConstructorOfAnotherType_IsJudgedAtCompilationEnd(string constructor, bool fixable)
    {
        string Source(string made) => $$"""
            using System.IO;{{(made == "BufferedBinaryReader" ? "\nusing Streamline.Runtime;" : "")}}

            class C
            {
                static long Sum(string path)
                {
                    using var reader = {{(made == "BinaryReader" ? "{|#0:new BinaryReader(File.OpenRead(path))|}" : "new " + made + "(File.OpenRead(path))")}};
                    var header = new Header(reader);
                    long sum = 0;
                    for (int i = header.Count; i > 0; i--)
                        sum += reader.ReadInt32();
                    return sum;
                }
            }

            sealed class Header
            {
                {{constructor}}

                public int Count { get; }
            }
            """;
        string source = Source("BinaryReader");
        return new Verify.Test
        {
            TestCode = source,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(
                    "'reader' reads small values one call at a time in a loop over a file: read them through a BufferedBinaryReader"
                    + (fixable ? "" : " (no fix: 'reader' escapes at line 8)") + Evidence),
            },
            FixedCode = fixable ? Source("BufferedBinaryReader") : source,
        }.RunAsync();
    }

    /// <summary>A helper that only reads, but lives in another project: the build sees that project as an assembly and
    /// cannot read the helper's body, so the fix is not offered. The IDE sees the same project as source (a project
    /// reference); the rule must say the same there, or the lightbulb offers a fix that CI and dotnet format refuse.</summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task NoFix_WhereTheHelperIsInAnotherProject_AsSourceOrAsAssembly(bool asProjectReference)
    {
        const string helpers = """
            using System.IO;

            namespace Shared
            {
                public static class ReaderExtensions
                {
                    public static int ReadPair(this BinaryReader reader) => reader.ReadInt16() + reader.ReadInt16();
                }
            }
            """;
        string source = "using System.IO;\nusing Shared;\n\nclass C\n{\n" + Indent("""
            static long Decode(string path)
            {
                using var reader = new BinaryReader(File.OpenRead(path));
                long sum = reader.ReadPair();
                return sum + Parse(reader);
            }
            """) + Parse;
        var test = new Verify.Test
        {
            TestCode = source,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(
                    Message("a file", "make it a BufferedBinaryReader where it is made (no fix: it reaches external 'ReadPair')", "the data gives the pass count, a file on every path")),
            },
            FixedCode = source,
        };
        if (asProjectReference)
        {
            test.TestState.AdditionalProjects["Shared"].Sources.Add(("/Shared/ReaderExtensions.cs", helpers));
            test.TestState.AdditionalProjects["Shared"].AdditionalReferences.AddRange(TestReferenceAssemblies.Framework(TestTarget.Net80));
            test.TestState.AdditionalProjectReferences.Add("Shared");
        }
        else
        {
            test.TestState.AdditionalReferences.Add(CompileToImage("Shared", helpers));
        }

        await test.RunAsync();
    }

    // A library compiled to an assembly image, as the build hands a referenced project to the compiler.
    private static MetadataReference CompileToImage(string name, string source)
    {
        var compilation = CSharpCompilation.Create(name, new[] { CSharpSyntaxTree.ParseText(source) },
            TestReferenceAssemblies.Framework(TestTarget.Net80), new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        using var image = new MemoryStream();
        var result = compilation.Emit(image);
        Assert.True(result.Success, string.Join("\n", result.Diagnostics));
        return MetadataReference.CreateFromImage(image.ToArray());
    }

    private static string Indent(string code)
        => string.Join("\n", code.Split('\n').Select(line => line.Length == 0 ? line : "    " + line)) + "\n";
}
