using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1002BufferSmallBinaryReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1002BufferSmallBinaryReadsCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// A reader the method is handed, whose construction the fix cannot reach (a public method, a virtual one): each counted
/// loop of fixed-size reads is read ahead where it is, through <c>BufferedBinaryReader.ReadAhead</c>, which reads the
/// loop's bytes in one call only where the stream can be put back and puts it back when the loop ends. Loops that could
/// run other code over the stream, read conditionally, or read through a reader type of the project's keep no fix.
/// </summary>
[Trait("Rule", "SL1002")]
public class SL1002ReadAheadLoopTests
{
    private const string Message = "'reader' reads small values one call at a time in a loop over a stream from a caller this compilation cannot see: the fix reads each loop's bytes ahead where the stream can be put back";

    private const string Evidence = " (the data gives the pass count, the stream comes from outside this compilation)";

    private const string GrowthEvidence = " (passes grow with the data's length, the stream comes from outside this compilation)";

    private static Task NoFix(string source, string method = "Read", string evidence = Evidence)
        => new Verify.Test
        {
            TestCode = source,
            FixedCode = source,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(
                    $"'reader' reads small values one call at a time in a loop over a stream from a caller this compilation cannot see: make it a BufferedBinaryReader where it is made (no fix: '{method}' is callable from outside)" + evidence),
            },
        }.RunAsync();

    [Fact]
    public Task PublicHelper_ArrayLoop_IsReadAhead()
        => Verify.VerifyCodeFixAsync(
            """
            using System.IO;

            public static class Tables
            {
                public static ushort[] ReadUInt16s(BinaryReader reader, int count)
                {
                    var values = new ushort[count];
                    // one value a pass
                    for (int i = 0; i < count; i++)
                    {
                        values[i] = {|SL1102:reader.ReadUInt16()|};
                    }

                    return values;
                }
            }
            """,
            """
            using System.IO;
            using Streamline.Runtime;

            public static class Tables
            {
                public static ushort[] ReadUInt16s(BinaryReader reader, int count)
                {
                    var values = new ushort[count];
                    // one value a pass
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 2))
                    {
                        for (int i = 0; i < count; i++)
                        {
                            values[i] = ahead.ReadUInt16();
                        }
                    }

                    return values;
                }
            }
            """);

    [Fact]
    public Task Message_SaysTheLoopIsReadAhead()
        => new Verify.Test
        {
            TestCode = """
                using System.IO;

                public static class Tables
                {
                    public static int[] ReadInt32s(BinaryReader reader, int count)
                    {
                        var values = new int[count];
                        for (int i = 0; i < values.Length; ++i) values[i] = {|#0:reader.ReadInt32()|};
                        return values;
                    }
                }
                """,
            FixedCode = """
                using System.IO;
                using Streamline.Runtime;

                public static class Tables
                {
                    public static int[] ReadInt32s(BinaryReader reader, int count)
                    {
                        var values = new int[count];
                        using (var ahead = BufferedBinaryReader.ReadAhead(reader, values.Length, bytesPerPass: 4))
                        {
                            for (int i = 0; i < values.Length; ++i) values[i] = ahead.ReadInt32();
                        }
                        return values;
                    }
                }
                """,
            ExpectedDiagnostics = { Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(Message + Evidence) },
        }.RunAsync();

    /// <summary>Records of several values: a struct of the project's whose constructor only stores its arguments, a
    /// library vector, a list's Add, an object initializer of auto-properties; the bound an auto-property.</summary>
    [Fact]
    public Task Records_OfSeveralValues_CountTheirBytes()
        => Verify.VerifyCodeFixAsync(
            """
            using System.Collections.Generic;
            using System.IO;
            using System.Numerics;

            public readonly struct Range
            {
                public Range(ushort start, ushort end, ushort value) { Start = start; End = end; Value = value; }
                public ushort Start { get; }
                public ushort End { get; }
                public ushort Value { get; }
            }

            public sealed class Face { public int Plane { get; set; } public float Light { get; set; } }

            public sealed class Model
            {
                public int Count { get; set; }
                public List<Range> Ranges { get; } = new List<Range>();
                public List<Vector3> Corners { get; } = new List<Vector3>();
                public List<Face> Faces { get; } = new List<Face>();

                public void Read(BinaryReader reader, int count)
                {
                    Count = count;
                    for (int i = 0; i < Count; i++)
                        Ranges.Add(new Range({|SL1102:reader.ReadUInt16()|}, reader.ReadUInt16(), reader.ReadUInt16()));
                    for (int i = 0; i < Count * 2; i++)
                    {
                        Corners.Add(new Vector3(reader.ReadSingle(), reader.ReadSingle(), reader.ReadSingle()));
                        Faces.Add(new Face { Plane = reader.ReadInt32(), Light = reader.ReadSingle() });
                    }
                }
            }
            """,
            """
            using System.Collections.Generic;
            using System.IO;
            using System.Numerics;
            using Streamline.Runtime;

            public readonly struct Range
            {
                public Range(ushort start, ushort end, ushort value) { Start = start; End = end; Value = value; }
                public ushort Start { get; }
                public ushort End { get; }
                public ushort Value { get; }
            }

            public sealed class Face { public int Plane { get; set; } public float Light { get; set; } }

            public sealed class Model
            {
                public int Count { get; set; }
                public List<Range> Ranges { get; } = new List<Range>();
                public List<Vector3> Corners { get; } = new List<Vector3>();
                public List<Face> Faces { get; } = new List<Face>();

                public void Read(BinaryReader reader, int count)
                {
                    Count = count;
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, Count, bytesPerPass: 6))
                    {
                        for (int i = 0; i < Count; i++)
                            Ranges.Add(new Range(ahead.ReadUInt16(), ahead.ReadUInt16(), ahead.ReadUInt16()));
                    }
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, Count * 2, bytesPerPass: 20))
                    {
                        for (int i = 0; i < Count * 2; i++)
                        {
                            Corners.Add(new Vector3(ahead.ReadSingle(), ahead.ReadSingle(), ahead.ReadSingle()));
                            Faces.Add(new Face { Plane = ahead.ReadInt32(), Light = ahead.ReadSingle() });
                        }
                    }
                }
            }
            """);

    /// <summary>A body that throws half-way (a checked conversion, an index past a short array): the scope has read
    /// the loop's bytes ahead, and puts the stream back where the loop stopped; callers that catch and go on reading
    /// (CodeFixTestEquivalenceTests) see the same bytes.</summary>
    [Fact]
    public Task ABodyThatThrowsHalfWay_IsReadAhead()
        => Verify.VerifyCodeFixAsync(
            """
            using System.IO;

            public static class Tables
            {
                public static byte[] Narrow(BinaryReader reader, int count)
                {
                    var values = new byte[count];
                    for (int i = 0; i < count; i++)
                        values[i] = checked((byte){|SL1102:reader.ReadInt32()|});
                    return values;
                }

                public static short[] Half(BinaryReader reader, int count)
                {
                    var values = new short[count / 2];
                    for (int i = 0; i < count; i++)
                        values[i] = {|SL1102:reader.ReadInt16()|};
                    return values;
                }
            }
            """,
            """
            using System.IO;
            using Streamline.Runtime;

            public static class Tables
            {
                public static byte[] Narrow(BinaryReader reader, int count)
                {
                    var values = new byte[count];
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 4))
                    {
                        for (int i = 0; i < count; i++)
                            values[i] = checked((byte)ahead.ReadInt32());
                    }
                    return values;
                }

                public static short[] Half(BinaryReader reader, int count)
                {
                    var values = new short[count / 2];
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 2))
                    {
                        for (int i = 0; i < count; i++)
                            values[i] = ahead.ReadInt16();
                    }
                    return values;
                }
            }
            """);

    /// <summary>An unsigned count read from the data, and an array property of vectors (ValveResourceFormat's nav mesh
    /// corners).</summary>
    [Fact]
    public Task UnsignedBound_VectorsIntoAnArrayProperty_IsReadAhead()
        => Verify.VerifyCodeFixAsync(
            """
            using System.IO;
            using System.Numerics;

            public class Area
            {
                public Vector3[] Corners { get; private set; }

                public void Read(BinaryReader binaryReader)
                {
                    var cornerCount = binaryReader.ReadUInt32() % 4096; // bounded: the tests run it over random data
                    Corners = new Vector3[cornerCount];
                    for (var i = 0; i < cornerCount; i++)
                    {
                        Corners[i] = new Vector3({|SL1102:binaryReader.ReadSingle()|}, binaryReader.ReadSingle(), binaryReader.ReadSingle());
                    }
                }
            }
            """,
            """
            using System.IO;
            using System.Numerics;
            using Streamline.Runtime;

            public class Area
            {
                public Vector3[] Corners { get; private set; }

                public void Read(BinaryReader binaryReader)
                {
                    var cornerCount = binaryReader.ReadUInt32() % 4096; // bounded: the tests run it over random data
                    Corners = new Vector3[cornerCount];
                    using (var ahead = BufferedBinaryReader.ReadAhead(binaryReader, cornerCount, bytesPerPass: 12))
                    {
                        for (var i = 0; i < cornerCount; i++)
                        {
                            Corners[i] = new Vector3(ahead.ReadSingle(), ahead.ReadSingle(), ahead.ReadSingle());
                        }
                    }
                }
            }
            """);

    /// <summary>A readonly field typed <c>IList&lt;T&gt;</c> that the class only ever sets to a new
    /// <c>List&lt;T&gt;</c>: its <c>Add</c> is <c>List&lt;T&gt;.Add</c> (SledgeFormats' BSP lumps).</summary>
    [Fact]
    public Task AnIListFieldThatIsAlwaysAList_IsReadAhead()
        => Verify.VerifyCodeFixAsync(
            """
            using System.Collections.Generic;
            using System.IO;

            public class Surfedges
            {
                private readonly IList<int> _edges;

                public Surfedges() { _edges = new List<int>(); }

                public void Read(BinaryReader br, int length)
                {
                    var num = length / sizeof(int);
                    for (var i = 0; i < num; i++)
                    {
                        _edges.Add({|SL1102:br.ReadInt32()|});
                    }
                }
            }
            """,
            """
            using System.Collections.Generic;
            using System.IO;
            using Streamline.Runtime;

            public class Surfedges
            {
                private readonly IList<int> _edges;

                public Surfedges() { _edges = new List<int>(); }

                public void Read(BinaryReader br, int length)
                {
                    var num = length / sizeof(int);
                    using (var ahead = BufferedBinaryReader.ReadAhead(br, num, bytesPerPass: 4))
                    {
                        for (var i = 0; i < num; i++)
                        {
                            _edges.Add(ahead.ReadInt32());
                        }
                    }
                }
            }
            """);

    /// <summary>The same field set from a constructor's argument could be any collection, whose <c>Add</c> is the
    /// program's code.</summary>
    [Theory]
    [InlineData("public Surfedges(IList<int> edges) { _edges = edges; }")]
    [InlineData("public Surfedges() { _edges = new List<int>(); } public Surfedges(IList<int> edges) { _edges = edges; }")]
    [InlineData("public Surfedges() { _edges = new List<int>(); Init(out _edges); } static void Init(out IList<int> e) { e = new List<int>(); }")]
    public Task AnIListFieldThatMayBeAnythingElse_KeepsNoFix(string constructors)
        => new Verify.Test
        {
            TestCode = $$"""
                using System.Collections.Generic;
                using System.IO;

                public class Surfedges
                {
                    private readonly IList<int> _edges;

                    {{constructors}}

                    public void Read(BinaryReader br, int num)
                    {
                        for (var i = 0; i < num; i++)
                            _edges.Add({|#0:br.ReadInt32()|});
                    }
                }
                """,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(
                    "'br' reads small values one call at a time in a loop over a stream from a caller this compilation cannot see: make it a BufferedBinaryReader where it is made (no fix: 'Read' is callable from outside)" + Evidence),
            },
        }.RunAsync();

    /// <summary>The name <c>ahead</c> taken: the next free one.</summary>
    [Fact]
    public Task TakenName_GetsANumber()
        => Verify.VerifyCodeFixAsync(
            """
            using System.IO;

            public static class Tables
            {
                public static long Sum(BinaryReader reader, long n, int ahead)
                {
                    long sum = ahead;
                    for (long i = 0; i < n; i++)
                        sum += {|SL1102:reader.ReadInt64()|};
                    return sum;
                }
            }
            """,
            """
            using System.IO;
            using Streamline.Runtime;

            public static class Tables
            {
                public static long Sum(BinaryReader reader, long n, int ahead)
                {
                    long sum = ahead;
                    using (var ahead1 = BufferedBinaryReader.ReadAhead(reader, n, bytesPerPass: 8))
                    {
                        for (long i = 0; i < n; i++)
                            sum += ahead1.ReadInt64();
                    }
                    return sum;
                }
            }
            """);

    [Theory]
    // a call of the program's could use the stream meanwhile
    [InlineData("values[i] = Check({|#0:reader.ReadInt32()|});")]
    // the reader used otherwise in the loop
    [InlineData("values[i] = {|#0:reader.ReadInt32()|} + (int)reader.BaseStream.Position;")]
    [InlineData("values[i] = {|#0:reader.ReadInt32()|} + reader.ReadString().Length;")]
    // throwing an exception the library makes (its constructor is not the program's, but is not known to store only)
    [InlineData("values[i] = {|#0:reader.ReadInt32()|}; if (values[i] < 0) throw new InvalidDataException();")]
    // the counter moved in the body
    [InlineData("values[i++] = {|#0:reader.ReadInt32()|};")]
    public Task LoopsThatCouldTell_KeepNoFix(string body)
        => NoFix(
            $$"""
            using System.IO;

            public static class Tables
            {
                public static int[] Read(BinaryReader reader, int[] values)
                {
                    for (int i = 0; i < values.Length; i++)
                    {
                        {{body}}
                    }

                    return values;
                }

                private static int Check(int value) => value;
            }
            """);

    /// <summary>Reads on some passes only, in an inner loop, and leaving the loop or the method early: the count of bytes
    /// only sizes the read (each read counts once), and the <c>using</c> puts the stream back on every way out.</summary>
    [Theory]
    [InlineData("if (i % 2 == 0) values[i] = {|SL1102:reader.ReadInt32()|};", "if (i % 2 == 0) values[i] = ahead.ReadInt32();")]
    [InlineData("values[i] = i > 3 ? {|SL1102:reader.ReadInt32()|} : 0;", "values[i] = i > 3 ? ahead.ReadInt32() : 0;")]
    [InlineData("values[i] = {|SL1102:reader.ReadInt32()|}; if (values[i] == 0) break;", "values[i] = ahead.ReadInt32(); if (values[i] == 0) break;")]
    [InlineData("values[i] = {|SL1102:reader.ReadInt32()|}; if (values[i] < 0) return null;", "values[i] = ahead.ReadInt32(); if (values[i] < 0) return null;")]
    [InlineData("for (int j = 0; j < 2; j++) values[i] += {|SL1102:reader.ReadInt32()|};", "for (int j = 0; j < 2; j++) values[i] += ahead.ReadInt32();")]
    public Task LoopsThatReadOnSomePassesOrLeaveEarly_AreReadAhead(string body, string fixedBody)
        => Verify.VerifyCodeFixAsync(
            $$"""
            using System.IO;

            public static class Tables
            {
                public static int[] Read(BinaryReader reader, int[] values)
                {
                    for (int i = 0; i < values.Length; i++)
                    {
                        {{body}}
                    }

                    return values;
                }
            }
            """,
            $$"""
            using System.IO;
            using Streamline.Runtime;

            public static class Tables
            {
                public static int[] Read(BinaryReader reader, int[] values)
                {
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, values.Length, bytesPerPass: 4))
                    {
                        for (int i = 0; i < values.Length; i++)
                        {
                            {{fixedBody}}
                        }
                    }

                    return values;
                }
            }
            """);

    /// <summary>A private iterator whose every call is handed straight to <c>ToArray</c> or <c>ToList</c> (War3Net's
    /// model keyframes): only that library code runs between two values, and it disposes the iterator when it
    /// stops.</summary>
    [Fact]
    public Task AnIteratorEveryCallOfWhichIsMaterialized_IsReadAhead()
        => Verify.VerifyCodeFixAsync(
            """
            using System.Collections.Generic;
            using System.IO;
            using System.Linq;

            public class Key { public int Frame { get; set; } public uint Value { get; set; } public uint TanIn { get; set; } }

            public static class Parser
            {
                public static Key[] Parse(BinaryReader reader, uint count, bool tangents) => ParseKeys(reader, count, tangents).ToArray();

                public static List<Key> ParseList(BinaryReader reader) => ParseKeys(reader, reader.ReadUInt32(), false).ToList();

                private static IEnumerable<Key> ParseKeys(BinaryReader reader, uint count, bool tangents)
                {
                    for (var i = 0; i < count; i++)
                    {
                        var key = new Key();
                        key.Frame = {|SL1102:reader.ReadInt32()|};
                        key.Value = reader.ReadUInt32();
                        if (tangents)
                        {
                            key.TanIn = reader.ReadUInt32();
                        }

                        yield return key;
                    }
                }
            }
            """,
            """
            using System.Collections.Generic;
            using System.IO;
            using System.Linq;
            using Streamline.Runtime;

            public class Key { public int Frame { get; set; } public uint Value { get; set; } public uint TanIn { get; set; } }

            public static class Parser
            {
                public static Key[] Parse(BinaryReader reader, uint count, bool tangents) => ParseKeys(reader, count, tangents).ToArray();

                public static List<Key> ParseList(BinaryReader reader) => ParseKeys(reader, reader.ReadUInt32(), false).ToList();

                private static IEnumerable<Key> ParseKeys(BinaryReader reader, uint count, bool tangents)
                {
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 12))
                    {
                        for (var i = 0; i < count; i++)
                        {
                            var key = new Key();
                            key.Frame = ahead.ReadInt32();
                            key.Value = ahead.ReadUInt32();
                            if (tangents)
                            {
                                key.TanIn = ahead.ReadUInt32();
                            }

                            yield return key;
                        }
                    }
                }
            }
            """);

    /// <summary>An iterator whose values a caller takes one at a time (a foreach that could read the stream between
    /// two), or that is not private, keeps no fix.</summary>
    [Theory]
    [InlineData("private", "foreach (var v in ReadAll(reader, count)) sum += v;", "Use")]
    [InlineData("private", "sum += ReadAll(reader, count).First();", "Use")]
    [InlineData("public", "sum += ReadAll(reader, count).ToArray().Sum();", "ReadAll")]
    public Task AnIteratorTakenOneAtATime_KeepsNoFix(string access, string use, string method)
        => new Verify.Test
        {
            TestCode = $$"""
                using System.Collections.Generic;
                using System.IO;
                using System.Linq;

                public static class Parser
                {
                    public static int Use(BinaryReader reader, int count)
                    {
                        int sum = 0;
                        {{use}}
                        return sum;
                    }

                    {{access}} static IEnumerable<int> ReadAll(BinaryReader reader, int count)
                    {
                        for (var i = 0; i < count; i++)
                            yield return {|#0:reader.ReadInt32()|};
                    }
                }
                """,
            FixedCode = $$"""
                using System.Collections.Generic;
                using System.IO;
                using System.Linq;

                public static class Parser
                {
                    public static int Use(BinaryReader reader, int count)
                    {
                        int sum = 0;
                        {{use}}
                        return sum;
                    }

                    {{access}} static IEnumerable<int> ReadAll(BinaryReader reader, int count)
                    {
                        for (var i = 0; i < count; i++)
                            yield return {|#0:reader.ReadInt32()|};
                    }
                }
                """,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(
                    $"'reader' reads small values one call at a time in a loop over a stream from a caller this compilation cannot see: make it a BufferedBinaryReader where it is made (no fix: '{method}' is callable from outside)" + Evidence),
            },
        }.RunAsync();

    [Theory]
    // a bound whose evaluation could run the program's code
    [InlineData("Next()")]
    [InlineData("Length")]
    // an auto-property a subclass may override with code, and a Count of the program's that runs code
    [InlineData("Count")]
    [InlineData("Custom.Count")]
    // a library property that is not a length or count
    [InlineData("Names.Capacity")]
    public Task BoundsThatRunCode_KeepNoFix(string bound)
        => NoFix(
            $$"""
            using System.Collections.Generic;
            using System.IO;

            public class Counted { public int Count => 3; }

            public class Tables
            {
                private int _length;
                public int Length => _length + 1;
                public virtual int Count { get; set; }
                public Counted Custom = new Counted();
                public List<string> Names = new List<string>();
                private int Next() => _length++;

                public long Read(BinaryReader reader)
                {
                    long sum = 0;
                    for (int i = 0; i < {{bound}}; i++)
                        sum += {|#0:reader.ReadInt32()|};
                    return sum;
                }
            }
            """);

    /// <summary>A second loop of the same reader with a constant bound is read ahead from 64 bytes, not below (the
    /// runtime would read them through); the reported loop's bound is the data's.</summary>
    [Theory]
    [InlineData(40, false)]
    [InlineData(63, false)]
    [InlineData(64, true)]
    public Task AConstantBound_IsReadAheadFrom64Bytes(int constant, bool readAhead)
        => Verify.VerifyCodeFixAsync(
            $$"""
            using System.IO;

            public static class Tables
            {
                public static int[] Read(BinaryReader reader, int count)
                {
                    var values = new int[count + {{constant}}];
                    for (int i = 0; i < count; i++)
                        values[i] = {|SL1102:reader.ReadInt32()|};
                    for (int j = 0; j < {{constant}}; j++)
                        values[j] += reader.ReadByte();
                    return values;
                }
            }
            """,
            readAhead
                ? $$"""
                using System.IO;
                using Streamline.Runtime;

                public static class Tables
                {
                    public static int[] Read(BinaryReader reader, int count)
                    {
                        var values = new int[count + {{constant}}];
                        using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 4))
                        {
                            for (int i = 0; i < count; i++)
                                values[i] = ahead.ReadInt32();
                        }
                        using (var ahead = BufferedBinaryReader.ReadAhead(reader, {{constant}}, bytesPerPass: 1))
                        {
                            for (int j = 0; j < {{constant}}; j++)
                                values[j] += ahead.ReadByte();
                        }
                        return values;
                    }
                }
                """
                : $$"""
                using System.IO;
                using Streamline.Runtime;

                public static class Tables
                {
                    public static int[] Read(BinaryReader reader, int count)
                    {
                        var values = new int[count + {{constant}}];
                        using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 4))
                        {
                            for (int i = 0; i < count; i++)
                                values[i] = ahead.ReadInt32();
                        }
                        for (int j = 0; j < {{constant}}; j++)
                            values[j] += reader.ReadByte();
                        return values;
                    }
                }
                """);

    /// <summary>The library code a body may run: a list's Count as the bound, List.Insert, Math and BinaryPrimitives.</summary>
    [Fact]
    public Task LibraryCodeThatRunsNothingOfTheProgram_IsReadAhead()
        => Verify.VerifyCodeFixAsync(
            """
            using System;
            using System.Buffers.Binary;
            using System.Collections.Generic;
            using System.IO;

            public static class Tables
            {
                public static List<int> Read(BinaryReader reader, List<int> slots)
                {
                    var values = new List<int>();
                    for (int i = 0; i < slots.Count; i++)
                        values.Insert(0, Math.Max(BinaryPrimitives.ReverseEndianness({|SL1102:reader.ReadInt32()|}), slots[i]));
                    return values;
                }
            }
            """,
            """
            using System;
            using System.Buffers.Binary;
            using System.Collections.Generic;
            using System.IO;
            using Streamline.Runtime;

            public static class Tables
            {
                public static List<int> Read(BinaryReader reader, List<int> slots)
                {
                    var values = new List<int>();
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, slots.Count, bytesPerPass: 4))
                    {
                        for (int i = 0; i < slots.Count; i++)
                            values.Insert(0, Math.Max(BinaryPrimitives.ReverseEndianness(ahead.ReadInt32()), slots[i]));
                    }
                    return values;
                }
            }
            """);

    /// <summary>The reported read is in a loop that is not counted (a chunk walk): a counted loop after it in the same
    /// method does not make the diagnostic fixable, since its own loop would stay as it is.</summary>
    [Fact]
    public Task TheReportedLoopNotCounted_KeepsNoFix()
        => NoFix(
            """
            using System.IO;

            public static class Tables
            {
                public static long Read(BinaryReader reader, int count)
                {
                    long sum = 0;
                    while (sum < 1_000_000)
                        sum += {|#0:reader.ReadInt32()|};
                    for (int i = 0; i < count; i++)
                        sum += reader.ReadInt32();
                    return sum;
                }
            }
            """);

    /// <summary>Code of the program's that runs without a call in sight: a constructor that stores through a property
    /// with a body, and a concatenation (which calls <c>ToString</c>).</summary>
    [Theory]
    [InlineData("records.Add(new Logged({|#0:reader.ReadInt32()|}));")]
    [InlineData("names.Add(\"v\" + {|#0:reader.ReadInt32()|});")]
    public Task CodeThatRunsUnseen_KeepsNoFix(string body)
        => NoFix(
            $$"""
            using System.Collections.Generic;
            using System.IO;

            public readonly struct Logged
            {
                public Logged(int value) { Value = value; }
                public int Value { get => 0; init => System.Console.WriteLine(value); }
            }

            public static class Tables
            {
                public static void Read(BinaryReader reader, int count, List<Logged> records, List<string> names)
                {
                    for (int i = 0; i < count; i++)
                    {
                        {{body}}
                    }
                }
            }
            """);

    /// <summary>A reader type of the project's own (a font library's byte-swapping reader): the methods that take a
    /// <c>BinaryReader</c> are most likely handed it, and the runtime would pass it through, no faster.</summary>
    [Fact]
    public Task ACompilationWithItsOwnReaderType_KeepsNoFix()
        => NoFix(
            """
            using System.IO;

            public sealed class BigEndianReader : BinaryReader
            {
                public BigEndianReader(Stream input) : base(input) { }
                public override ushort ReadUInt16() => (ushort)((ReadByte() << 8) | ReadByte());
            }

            public static class Tables
            {
                public static ushort[] ReadUInt16s(BinaryReader reader, int count)
                {
                    var values = new ushort[count];
                    for (int i = 0; i < count; i++) values[i] = {|#0:reader.ReadUInt16()|};
                    return values;
                }
            }
            """,
            "ReadUInt16s");

    /// <summary>A loop that reads up to a position (SledgeFormats' BSP lumps): the bytes up to the end are read ahead,
    /// and the loop asks the scope its position. Reads on some passes only, in a switch or an inner loop, and
    /// <c>ReadBytes</c> are taken as they come: the end, not the body, sizes the read.</summary>
    [Fact]
    public Task ALoopUpToAPosition_IsReadAheadUntilTheEnd()
        => Verify.VerifyCodeFixAsync(
            """
            using System.Collections.Generic;
            using System.IO;

            public struct Blob { public int Offset; public int Length; }
            public enum Version { Quake1, Quake2 }
            public class Leaf { public int Contents { get; set; } public short[] Mins { get; set; } public byte[] Levels { get; set; } }

            public class Leaves
            {
                private readonly IList<Leaf> _leaves;

                public Leaves() { _leaves = new List<Leaf>(); }

                public void Read(BinaryReader br, int offset, int length)
                {
                    var blob = new Blob { Offset = offset, Length = length };
                    var version = length % 2 == 0 ? Version.Quake1 : Version.Quake2;
                    while (br.BaseStream.Position < blob.Offset + blob.Length)
                    {
                        var leaf = new Leaf { Contents = {|SL1102:br.ReadInt32()|}, Mins = new short[3] };
                        switch (version)
                        {
                            case Version.Quake1:
                                leaf.Levels = br.ReadBytes(4);
                                break;
                            case Version.Quake2:
                                for (var i = 0; i < 3; i++) leaf.Mins[i] = br.ReadInt16();
                                break;
                        }

                        if (leaf.Contents < 0)
                            leaf.Contents = br.ReadByte();
                        _leaves.Add(leaf);
                    }
                }
            }
            """,
            """
            using System.Collections.Generic;
            using System.IO;
            using Streamline.Runtime;

            public struct Blob { public int Offset; public int Length; }
            public enum Version { Quake1, Quake2 }
            public class Leaf { public int Contents { get; set; } public short[] Mins { get; set; } public byte[] Levels { get; set; } }

            public class Leaves
            {
                private readonly IList<Leaf> _leaves;

                public Leaves() { _leaves = new List<Leaf>(); }

                public void Read(BinaryReader br, int offset, int length)
                {
                    var blob = new Blob { Offset = offset, Length = length };
                    var version = length % 2 == 0 ? Version.Quake1 : Version.Quake2;
                    using (var ahead = BufferedBinaryReader.ReadAheadUntil(br, blob.Offset + blob.Length))
                    {
                        while (ahead.Position < blob.Offset + blob.Length)
                        {
                            var leaf = new Leaf { Contents = ahead.ReadInt32(), Mins = new short[3] };
                            switch (version)
                            {
                                case Version.Quake1:
                                    leaf.Levels = ahead.ReadBytes(4);
                                    break;
                                case Version.Quake2:
                                    for (var i = 0; i < 3; i++) leaf.Mins[i] = ahead.ReadInt16();
                                    break;
                            }

                            if (leaf.Contents < 0)
                                leaf.Contents = ahead.ReadByte();
                            _leaves.Add(leaf);
                        }
                    }
                }
            }
            """);

    /// <summary>A counted loop inside a loop read up to a position reads through the outer loop's scope: one scope,
    /// never two over one stream.</summary>
    [Fact]
    public Task ACountedLoopInsideALoopUpToAPosition_SharesItsScope()
        => Verify.VerifyCodeFixAsync(
            """
            using System.Collections.Generic;
            using System.IO;

            public static class Vertices
            {
                public static List<float> Read(BinaryReader reader, long end, int count)
                {
                    var values = new List<float>();
                    while (reader.BaseStream.Position < end)
                    {
                        for (int i = 0; i < count; i++)
                            values.Add({|SL1102:reader.ReadSingle()|});
                    }

                    return values;
                }
            }
            """,
            """
            using System.Collections.Generic;
            using System.IO;
            using Streamline.Runtime;

            public static class Vertices
            {
                public static List<float> Read(BinaryReader reader, long end, int count)
                {
                    var values = new List<float>();
                    using (var ahead = BufferedBinaryReader.ReadAheadUntil(reader, end))
                    {
                        while (ahead.Position < end)
                        {
                            for (int i = 0; i < count; i++)
                                values.Add(ahead.ReadSingle());
                        }
                    }

                    return values;
                }
            }
            """);

    /// <summary>A record made by a primary constructor (ValveResourceFormat's octree nodes, a C# 12 struct; a record
    /// struct): the constructor only stores its arguments.</summary>
    [Theory]
    [InlineData("public readonly struct Node(uint first, uint second) { public bool IsLeaf => (first & 1) != 0; public uint Second => second; }")]
    [InlineData("public readonly record struct Node(uint First, uint Second);")]
    [InlineData("public sealed record Node(uint First, uint Second);")]
    public Task APrimaryConstructorThatOnlyStores_IsReadAhead(string node)
        => Verify.VerifyCodeFixAsync(
            $$"""
            using System.IO;

            {{node}}

            public static class Octree
            {
                public static Node[] Read(BinaryReader reader, int count)
                {
                    var nodes = new Node[count];
                    for (var i = 0; i < count; i++)
                    {
                        nodes[i] = new Node({|SL1102:reader.ReadUInt32()|}, reader.ReadUInt32());
                    }

                    return nodes;
                }
            }
            """,
            $$"""
            using System.IO;
            using Streamline.Runtime;

            {{node}}

            public static class Octree
            {
                public static Node[] Read(BinaryReader reader, int count)
                {
                    var nodes = new Node[count];
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 8))
                    {
                        for (var i = 0; i < count; i++)
                        {
                            nodes[i] = new Node(ahead.ReadUInt32(), ahead.ReadUInt32());
                        }
                    }

                    return nodes;
                }
            }
            """);

    /// <summary>A primary constructor whose type runs code as it is made (a member initializer that calls a method)
    /// keeps no fix.</summary>
    [Fact]
    public Task APrimaryConstructorWithAnInitializerThatCalls_KeepsNoFix()
        => NoFix(
            """
            using System.IO;

            public readonly struct Node(uint first, uint second)
            {
                public readonly uint Checked = Tables.Check(first);
                public uint Second => second;
            }

            public static class Tables
            {
                public static Node[] Read(BinaryReader reader, int count)
                {
                    var nodes = new Node[count];
                    for (var i = 0; i < count; i++)
                        nodes[i] = new Node({|#0:reader.ReadUInt32()|}, reader.ReadUInt32());
                    return nodes;
                }

                public static uint Check(uint value) => value;
            }
            """);

    /// <summary>A counter typed <c>nint</c> (War3Net): its bound converts to <c>ReadAhead</c>'s long.</summary>
    [Fact]
    public Task ANativeIntegerCounter_IsReadAhead()
        => Verify.VerifyCodeFixAsync(
            """
            using System.Collections.Generic;
            using System.IO;

            public static class Attributes
            {
                public static List<int> Read(BinaryReader reader, int count)
                {
                    nint fileCount = count;
                    var crcs = new List<int>();
                    for (nint i = 0; i < fileCount; i++)
                    {
                        crcs.Add({|SL1102:reader.ReadInt32()|});
                    }

                    return crcs;
                }
            }
            """,
            """
            using System.Collections.Generic;
            using System.IO;
            using Streamline.Runtime;

            public static class Attributes
            {
                public static List<int> Read(BinaryReader reader, int count)
                {
                    nint fileCount = count;
                    var crcs = new List<int>();
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, fileCount, bytesPerPass: 4))
                    {
                        for (nint i = 0; i < fileCount; i++)
                        {
                            crcs.Add(ahead.ReadInt32());
                        }
                    }

                    return crcs;
                }
            }
            """);

    [Theory]
    // the loop asks the stream or reader for something else, or hands it on
    [InlineData("while (reader.BaseStream.Position < end) { values.Add({|#0:reader.ReadInt32()|}); values.Add((int)reader.BaseStream.Position); }")]
    [InlineData("while (reader.BaseStream.Position < end) { values.Add({|#0:reader.ReadInt32()|}); values.Add(reader.ReadString().Length); }")]
    [InlineData("while (reader.BaseStream.Position < end) { values.Add({|#0:reader.ReadInt32()|}); values.Add(reader.ReadChars(4).Length); }")]
    [InlineData("while (reader.BaseStream.Position < end) { values.Add({|#0:reader.ReadInt32()|}); Skip(reader); }")]
    // a call of the program's in the body or the end
    [InlineData("while (reader.BaseStream.Position < end) { values.Add(Check({|#0:reader.ReadInt32()|})); }")]
    [InlineData("while (reader.BaseStream.Position < Next()) { values.Add({|#0:reader.ReadInt32()|}); }")]
    // not a loop up to a position of this reader's stream
    [InlineData("while (reader.BaseStream.Position <= end) { values.Add({|#0:reader.ReadInt32()|}); }")]
    [InlineData("while (other.BaseStream.Position < end) { values.Add({|#0:reader.ReadInt32()|}); }")]
    [InlineData("do { values.Add({|#0:reader.ReadInt32()|}); } while (reader.BaseStream.Position < end);")]
    [InlineData("while (reader.BaseStream.Position < 1e6) { values.Add({|#0:reader.ReadInt32()|}); }", false)]
    public Task LoopsUpToAPositionThatCouldTell_KeepNoFix(string loop, bool growsWithLength = true)
        => NoFix(
            $$"""
            using System.Collections.Generic;
            using System.IO;

            public static class Tables
            {
                public static List<int> Read(BinaryReader reader, BinaryReader other, long end)
                {
                    var values = new List<int>();
                    {{loop}}
                    return values;
                }

                private static int Check(int value) => value;
                private static long Next() => 0;
                private static void Skip(BinaryReader r) { }
            }
            """,
            evidence: growsWithLength ? GrowthEvidence : Evidence);

    /// <summary>An <c>IList&lt;T&gt;</c> field set to a new list in its declaration, with no constructor of its own.</summary>
    [Fact]
    public Task AnIListFieldSetInItsDeclaration_IsReadAhead()
        => Verify.VerifyCodeFixAsync(
            """
            using System.Collections.Generic;
            using System.IO;

            public class Surfedges
            {
                private readonly IList<int> _edges = new List<int>();

                public void Read(BinaryReader br, int num)
                {
                    for (var i = 0; i < num; i++)
                        _edges.Add({|SL1102:br.ReadInt32()|});
                }
            }
            """,
            """
            using System.Collections.Generic;
            using System.IO;
            using Streamline.Runtime;

            public class Surfedges
            {
                private readonly IList<int> _edges = new List<int>();

                public void Read(BinaryReader br, int num)
                {
                    using (var ahead = BufferedBinaryReader.ReadAhead(br, num, bytesPerPass: 4))
                    {
                        for (var i = 0; i < num; i++)
                            _edges.Add(ahead.ReadInt32());
                    }
                }
            }
            """);

    /// <summary>The same field set in a constructor of another file of a partial class: the proof reads only the loop's
    /// file, so it cannot tell what the field holds and keeps the fix away.</summary>
    [Fact]
    public Task AnIListFieldSetInAnotherFile_KeepsNoFix()
    {
        const string loop = """
            using System.Collections.Generic;
            using System.IO;

            public partial class Surfedges
            {
                private readonly IList<int> _edges;

                public void Read(BinaryReader br, int num)
                {
                    for (var i = 0; i < num; i++)
                        _edges.Add({|#0:br.ReadInt32()|});
                }
            }
            """;
        const string constructor = """
            using System.Collections.Generic;

            public partial class Surfedges
            {
                public Surfedges() { _edges = new List<int>(); }
            }
            """;
        var test = new Verify.Test
        {
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(
                    "'br' reads small values one call at a time in a loop over a stream from a caller this compilation cannot see: make it a BufferedBinaryReader where it is made (no fix: 'Read' is callable from outside)" + Evidence),
            },
        };
        test.TestState.Sources.Add(loop);
        test.TestState.Sources.Add(constructor);
        return test.RunAsync();
    }

    /// <summary>A constructor that stores its argument with an expression body only stores.</summary>
    [Fact]
    public Task AConstructorWithAnExpressionBodyThatStores_IsReadAhead()
        => Verify.VerifyCodeFixAsync(
            """
            using System.IO;

            public readonly struct Entry
            {
                public readonly uint Value;

                public Entry(uint value) => Value = value;

                public override int GetHashCode() => (int)Value;
            }

            public static class Tables
            {
                public static Entry[] Read(BinaryReader reader, int count)
                {
                    var entries = new Entry[count];
                    for (int i = 0; i < count; i++)
                        entries[i] = new Entry({|SL1102:reader.ReadUInt32()|});
                    return entries;
                }
            }
            """,
            """
            using System.IO;
            using Streamline.Runtime;

            public readonly struct Entry
            {
                public readonly uint Value;

                public Entry(uint value) => Value = value;

                public override int GetHashCode() => (int)Value;
            }

            public static class Tables
            {
                public static Entry[] Read(BinaryReader reader, int count)
                {
                    var entries = new Entry[count];
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 4))
                    {
                        for (int i = 0; i < count; i++)
                            entries[i] = new Entry(ahead.ReadUInt32());
                    }
                    return entries;
                }
            }
            """);

    /// <summary>Constructors that may run more than stores: one that calls another (<c>this(...)</c>), a type with a base
    /// class (its constructor runs first), a record with a base record, and a constructor that calls a method.</summary>
    [Theory]
    [InlineData("public sealed class Entry { public uint Value; public uint Twice; public Entry(uint value) : this() { Value = value; } public Entry() { Twice = Tables.Check(2); } }")]
    [InlineData("public class Base { public Base() { Tables.Check(1); } } public sealed class Entry : Base { public uint Value; public Entry(uint value) { Value = value; } }")]
    [InlineData("public record Base { public uint Seen { get; } = Tables.Check(1); } public sealed record Entry(uint Value) : Base;")]
    [InlineData("public sealed class Entry { public uint Value; public Entry(uint value) { Value = Tables.Check(value); } }")]
    public Task ConstructorsThatMayRunCode_KeepNoFix(string entry)
        => NoFix(
            $$"""
            using System.IO;

            {{entry}}

            public static class Tables
            {
                public static Entry[] Read(BinaryReader reader, int count)
                {
                    var entries = new Entry[count];
                    for (int i = 0; i < count; i++)
                        entries[i] = new Entry({|#0:reader.ReadUInt32()|});
                    return entries;
                }

                public static uint Check(uint value) => value;
            }
            """);

    /// <summary>A bound read from the reader's stream runs the stream's code (a caller's <c>Length</c>): no fix.</summary>
    [Fact]
    public Task ABoundOfTheStream_KeepsNoFix()
        => NoFix(
            """
            using System.IO;

            public static class Tables
            {
                public static long Read(BinaryReader reader)
                {
                    long sum = 0;
                    for (long i = 0; i < reader.BaseStream.Length / 4; i++)
                        sum += {|#0:reader.ReadInt32()|};
                    return sum;
                }
            }
            """,
            evidence: GrowthEvidence);

    /// <summary><c>MathF</c> is library code that runs nothing of the program's, as <c>Math</c> is.</summary>
    [Fact]
    public Task MathFInTheBody_IsReadAhead()
        => Verify.VerifyCodeFixAsync(
            """
            using System;
            using System.IO;

            public static class Tables
            {
                public static float[] Read(BinaryReader reader, int count)
                {
                    var values = new float[count];
                    for (int i = 0; i < count; i++)
                        values[i] = MathF.Abs({|SL1102:reader.ReadSingle()|});
                    return values;
                }
            }
            """,
            """
            using System;
            using System.IO;
            using Streamline.Runtime;

            public static class Tables
            {
                public static float[] Read(BinaryReader reader, int count)
                {
                    var values = new float[count];
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 4))
                    {
                        for (int i = 0; i < count; i++)
                            values[i] = MathF.Abs(ahead.ReadSingle());
                    }
                    return values;
                }
            }
            """);
}
