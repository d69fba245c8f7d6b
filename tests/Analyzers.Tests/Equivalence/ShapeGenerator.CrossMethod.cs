using System;
using System.Collections.Generic;
using System.Text;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>
/// Readers that cross methods (issue 32): <c>Run</c> makes a BinaryReader and hands it to helpers that read it in
/// loops, where SL1002 reports the reads and fixes the construction in <c>Run</c>. Drawn from: who owns the stream
/// (opened in the argument or in a local, the caller's <c>Stream</c> or <c>FileStream</c>) x leaveOpen x disposal
/// (using statement or declaration, try/finally, none) x consumers (one helper, two, a helper handing it on, a helper
/// called in a loop, helpers of other types: a static class's method that uses the stream on the spot, builds an object
/// whose constructor reads, and reads through an extension method and a recursive helper) x what <c>Run</c> does between them (a BaseStream position read or seek, a direct read of the
/// stream, the reader stored in a field) x the helpers' loops (counted, a count read from the data, Position against
/// Length, an exception on the third pass) x what they read (fixed-size values, chars, strings).
/// </summary>
public static partial class ShapeGenerator
{
    private enum CrossOwner { OpenedInline, OpenedLocal, Parameter, FileStreamParameter }

    private enum Consumers { One, Two, HandedOn, CalledInALoop, OtherTypes }

    private enum Between { Nothing, PositionRead, SeekBack, StreamRead, StoreReader }

    private enum HelperLoop { Counted, CountFromData, PositionLength, ThrowOnThird }

    private enum HelperRead { Int32, Mixed, Char, String }

    /// <summary><paramref name="count"/> shapes of readers made in one method and read in others.</summary>
    public static IReadOnlyList<Shape> CrossMethodShapes(int count, int seed)
    {
        var random = new Random(seed);
        var shapes = new List<Shape>();
        for (int i = 0; i < count; i++)
        {
            var owner = (CrossOwner)(i % 4);
            var consumers = (Consumers)((i / 4) % 5);
            var disposal = Pick<Disposal>(random);
            bool leaveOpen = random.Next(2) == 0;
            var between = random.Next(2) == 0 ? Between.Nothing : Pick<Between>(random);
            var loop = Pick<HelperLoop>(random);
            var read = Pick<HelperRead>(random);
            shapes.Add(CrossMethodShape($"X{i}", owner, consumers, disposal, leaveOpen, between, loop, read));
        }

        return shapes;
    }

    private static Shape CrossMethodShape(string name, CrossOwner owner, Consumers consumers, Disposal disposal, bool leaveOpen, Between between, HelperLoop loop, HelperRead read)
    {
        string description = $"BinaryReader across methods: {owner}, {consumers}, {disposal}, leaveOpen {leaveOpen}, between: {between}, helper loop: {loop}, {read}";
        var code = new StringBuilder();
        code.Append("// ").Append(description).Append('\n');
        code.Append("public class ").Append(name).Append("\n{\n");
        code.Append("    BinaryReader _reader;\n\n");

        string value = read switch
        {
            HelperRead.Int32 => "sum = sum * 31 + r.ReadInt32();",
            HelperRead.Mixed => "sum = sum * 31 + r.ReadByte(); sum = sum * 31 + r.ReadInt16();",
            HelperRead.Char => "sum = sum * 31 + r.ReadChar(); sum = sum * 31 + r.ReadUInt16();",
            _ => "foreach (char c in r.ReadString()) sum = sum * 31 + c; sum += r.ReadByte();",
        };
        var body = new List<string> { value, RunawayGuard };
        if (loop == HelperLoop.ThrowOnThird)
            body.Add("if (++n == 3) throw new InvalidDataException(\"third value\");");

        var helper = new List<string> { "long sum = 0;", "int guard = 0;", "int n = 0;" };
        switch (loop)
        {
            case HelperLoop.CountFromData:
                helper.Add("int items = r.ReadByte() + count % 7;");
                helper.Add("for (int i = 0; i < items; i++)");
                break;
            case HelperLoop.PositionLength:
                helper.Add("while (r.BaseStream.Position < r.BaseStream.Length)");
                break;
            default:
                helper.Add("for (int i = 0; i < count; i++)");
                break;
        }

        helper.AddRange(Block(body));
        helper.Add("return sum + n;");
        if (consumers != Consumers.OtherTypes) // those read through helpers of other types alone
            AppendSameTypeHelpers(code, helper);

        AppendRun(code, name, owner, consumers, disposal, leaveOpen, between);
        code.Append("}\n");
        if (consumers == Consumers.OtherTypes)
            AppendOtherTypes(code, name, value, loop);
        return new Shape(name, description, code.ToString());
    }

    private static void AppendSameTypeHelpers(StringBuilder code, List<string> helper)
    {
        AppendMethod(code, "static long Parse(BinaryReader r, int count)", helper);

        // A second consumer reads something else: the tail after Parse stopped.
        AppendMethod(code, "static long ParseTail(BinaryReader r, int count)", new[]
        {
            "long sum = 0;",
            "int guard = 0;",
            "for (int i = 0; i < count; i++)",
            "{",
            "    sum = sum * 31 + r.ReadUInt16();",
            "    " + RunawayGuard,
            "}",
            "return sum;",
        });
        AppendMethod(code, "static long HandOn(BinaryReader r, int count)", new[]
        {
            "long sum = Parse(r, count);",
            "return sum * 7 + ParseTail(r, count / 2);",
        });
        AppendMethod(code, "static long ReadPair(BinaryReader r)", new[] { "return r.ReadInt32() * 3L + r.ReadByte();" });
    }

    private static void AppendRun(StringBuilder code, string name, CrossOwner owner, Consumers consumers, Disposal disposal, bool leaveOpen, Between between)
    {
        string parameters = owner switch
        {
            CrossOwner.Parameter => "Stream input, int count",
            CrossOwner.FileStreamParameter => "FileStream input, int count",
            _ => "string path, int count",
        };
        var run = new List<string> { "long sum = 0;" };
        string streamSource = owner switch
        {
            CrossOwner.OpenedInline => "File.OpenRead(path)",
            CrossOwner.OpenedLocal => "stream",
            _ => "input",
        };
        if (owner == CrossOwner.OpenedLocal)
            run.Add("var stream = File.OpenRead(path);");
        string stream = owner == CrossOwner.OpenedInline ? "reader.BaseStream" : streamSource;
        string creation = leaveOpen ? $"new BinaryReader({streamSource}, Encoding.UTF8, leaveOpen: true)" : $"new BinaryReader({streamSource})";

        var uses = new List<string>();
        switch (consumers)
        {
            case Consumers.One:
                uses.Add("sum += Parse(reader, count);");
                break;
            case Consumers.Two:
                uses.Add("sum += Parse(reader, count);");
                uses.Add("BETWEEN");
                uses.Add("sum = sum * 31 + ParseTail(reader, count);");
                break;
            case Consumers.HandedOn:
                uses.Add("sum += HandOn(reader, count);");
                break;
            case Consumers.OtherTypes:
                uses.Add($"sum += {name}Helpers.Walk(reader, count);");
                uses.Add("BETWEEN");
                uses.Add($"sum = sum * 31 + new {name}Header(reader).Kind;");
                break;
            default:
                uses.Add("int guard = 0;");
                uses.Add("for (int i = 0; i < count; i++)");
                uses.Add("{");
                uses.Add("    sum = sum * 31 + ReadPair(reader);");
                uses.Add("    " + RunawayGuard);
                uses.Add("}");
                break;
        }

        if (!uses.Contains("BETWEEN"))
            uses.Add("BETWEEN");
        int at = uses.IndexOf("BETWEEN");
        uses.RemoveAt(at);
        switch (between)
        {
            case Between.PositionRead:
                uses.Insert(at, "sum += reader.BaseStream.Position * 1000;");
                break;
            case Between.SeekBack:
                uses.Insert(at, "reader.BaseStream.Seek(0, SeekOrigin.Begin);");
                uses.Insert(at + 1, "sum = sum * 31 + reader.ReadInt32();");
                break;
            case Between.StreamRead:
                uses.Insert(at, $"sum = sum * 31 + {stream}.ReadByte();");
                break;
            case Between.StoreReader:
                uses.Insert(at, "_reader = reader;");
                break;
        }

        switch (disposal)
        {
            case Disposal.UsingStatement:
                run.Add($"using (var reader = {creation})");
                run.AddRange(Block(uses));
                break;
            case Disposal.UsingDeclaration:
                run.Add("{");
                run.Add($"    using var reader = {creation};");
                run.AddRange(Indent(uses));
                run.Add("}");
                break;
            case Disposal.TryFinally:
                run.Add($"var reader = {creation};");
                run.Add("try");
                run.AddRange(Block(uses));
                run.Add("finally");
                run.AddRange(Block(new[] { "reader.Dispose();" }));
                break;
            default:
                run.Add($"var reader = {creation};");
                run.AddRange(uses);
                break;
        }

        if (owner == CrossOwner.OpenedLocal)
            run.Add("stream.Dispose();");
        run.Add("return sum;");
        AppendMethod(code, $"public object Run({parameters})", run);
    }

    /// <summary>Helpers of other types the reader is handed to: a static class whose <c>Walk</c> uses the stream on the
    /// spot, reads through an extension method and a recursive helper in the drawn loop, and a class whose constructor
    /// reads.</summary>
    private static void AppendOtherTypes(StringBuilder code, string name, string value, HelperLoop loop)
    {
        var body = new List<string> { value, "sum = sum * 31 + r.ReadSmall" + name + "();", RunawayGuard };
        if (loop == HelperLoop.ThrowOnThird)
            body.Add("if (++n == 3) throw new InvalidDataException(\"third value\");");

        var walk = new List<string>
        {
            "if (r == null) return 0;",
            "long sum = 0;",
            "int guard = 0;",
            "int n = 0;",
            "if (r.BaseStream.CanSeek) sum += r.BaseStream.Position;",
            "sum += Nested(r, 2);",
        };
        switch (loop)
        {
            case HelperLoop.CountFromData:
                walk.Add("int items = r.ReadByte() + count % 7;");
                walk.Add("for (int i = 0; i < items; i++)");
                break;
            case HelperLoop.PositionLength:
                walk.Add("while (r.BaseStream.Position < r.BaseStream.Length)");
                break;
            default:
                walk.Add("for (int i = 0; i < count; i++)");
                break;
        }

        walk.AddRange(Block(body));
        walk.Add("return sum + n;");

        code.Append("\nstatic class ").Append(name).Append("Helpers\n{\n");
        AppendMethod(code, "public static long Walk(BinaryReader r, int count)", walk);
        AppendMethod(code, "static long Nested(BinaryReader r, int depth)", new[] { "return depth == 0 ? r.ReadByte() : r.ReadByte() * 3L + Nested(r, depth - 1);" });
        AppendMethod(code, "public static int ReadSmall" + name + "(this BinaryReader r)", new[] { "return r.ReadSByte();" });
        code.Append("}\n");
        code.Append("\nsealed class ").Append(name).Append("Header\n{\n");
        AppendMethod(code, "public " + name + "Header(BinaryReader r)", new[] { "Kind = r.ReadInt16();" });
        code.Append("    public int Kind { get; }\n}\n");
    }

    private static IEnumerable<string> Indent(IEnumerable<string> lines)
    {
        foreach (string line in lines)
            yield return "    " + line;
    }

    private static void AppendMethod(StringBuilder code, string signature, IEnumerable<string> lines)
    {
        code.Append("    ").Append(signature).Append("\n    {\n");
        foreach (string line in lines)
            code.Append("        ").Append(line).Append('\n');
        code.Append("    }\n\n");
    }
}
