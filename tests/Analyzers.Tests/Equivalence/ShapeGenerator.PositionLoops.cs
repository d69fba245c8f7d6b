using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>
/// Loops that read a reader the method is handed up to a position, <c>while (reader.BaseStream.Position &lt; end)</c>
/// (SL1002's fix where the loop is, through <c>BufferedBinaryReader.ReadAheadUntil</c>): the end (a local computed from
/// the count, a static field, an auto-property, a struct's offset plus length) x what a pass reads (fixed-size values,
/// some only on some passes, in a switch, in an inner counted loop, <c>ReadBytes</c>) x a pass that leaves the loop or
/// throws half-way x what follows (nothing, more reads through the caller's reader, a second loop) x a static or a
/// virtual method. The caller's reader and stream are inspected afterwards by the runner; ends past the stream's end
/// make the reads throw at the end of the stream, ends before the start make no pass.
/// </summary>
public static partial class ShapeGenerator
{
    private enum PositionEnd { Local, StaticField, AutoProperty, BlobFields }

    private enum PositionBody { Values, Conditional, Switch, InnerLoop, Bytes }

    private enum PositionExit { None, BreakAfterForty, CheckedNarrowing }

    /// <summary><paramref name="count"/> shapes of loops read up to a position over a caller's reader, drawn with
    /// <paramref name="seed"/>.</summary>
    public static IReadOnlyList<Shape> PositionLoopShapes(int count, int seed)
    {
        var random = new Random(seed);
        var shapes = new List<Shape>();
        for (int i = 0; i < count; i++)
        {
            var end = (PositionEnd)(i % 4);
            var body = (PositionBody)((i / 4) % 5);
            var exit = Pick<PositionExit>(random);
            var after = Pick<CountedAfter>(random);
            bool isVirtual = random.Next(3) == 0;
            int scale = new[] { 1, 3, 8 }[random.Next(3)];
            string[] reads = Enumerable.Range(0, random.Next(1, 4)).Select(_ => s_fixedReads[random.Next(s_fixedReads.Length)].Read).ToArray();
            int bytes = new[] { 0, 3, 16, 70 }[random.Next(4)];
            shapes.Add(PositionLoopShape($"P{i}", end, body, exit, after, isVirtual, scale, reads, bytes));
        }

        return shapes;
    }

    private static Shape PositionLoopShape(string name, PositionEnd end, PositionBody body, PositionExit exit, CountedAfter after, bool isVirtual, int scale, string[] reads, int bytes)
    {
        string description = $"loop up to a position: end {end} (count x {scale}), body {body}, exit {exit}, after {after}, {(isVirtual ? "virtual" : "static")}, reads {string.Join("+", reads)}, ReadBytes({bytes})";
        var code = new StringBuilder();
        code.Append("// ").Append(description).Append('\n');
        code.Append("public struct ").Append(name).Append("Blob { public int Offset; public int Length; }\n");
        code.Append("public class ").Append(name).Append("\n{\n");
        if (end == PositionEnd.AutoProperty)
            code.Append("    public long End { get; set; }\n");
        if (end == PositionEnd.StaticField)
            code.Append("    static long s_end;\n");
        code.Append("    public ").Append(isVirtual ? "virtual string" : "static string").Append(" M(BinaryReader reader, int count)\n    {\n");
        code.Append("        var list = new List<object>();\n");
        code.Append("        double sum = 0;\n");
        string limit;
        switch (end)
        {
            case PositionEnd.StaticField:
                code.Append("        s_end = (long)count * ").Append(scale).Append(";\n");
                limit = "s_end";
                break;
            case PositionEnd.AutoProperty when isVirtual:
                code.Append("        End = (long)count * ").Append(scale).Append(";\n");
                limit = "End";
                break;
            case PositionEnd.BlobFields:
                code.Append("        var blob = new ").Append(name).Append("Blob { Offset = 3, Length = count * ").Append(scale).Append(" - 3 };\n");
                limit = "blob.Offset + blob.Length";
                break;
            default:
                code.Append("        long end = (long)count * ").Append(scale).Append(";\n");
                limit = "end";
                break;
        }

        AppendPositionLoop(code, body, exit, reads, bytes, limit);
        if (after == CountedAfter.MoreReads)
            code.Append("        sum += reader.ReadInt32();\n");
        if (after == CountedAfter.SecondLoop)
            AppendPositionLoop(code, PositionBody.Values, PositionExit.None, new[] { "ReadUInt16" }, 0, limit + " + 40");

        code.Append("        return string.Join(\",\", list.Select(v => v is byte[] b ? BitConverter.ToString(b) : v)) + \"|\" + sum;\n");
        code.Append("    }\n}\n");
        return new Shape(name, description, code.ToString());
    }

    private static void AppendPositionLoop(StringBuilder code, PositionBody body, PositionExit exit, string[] reads, int bytes, string limit)
    {
        code.Append("        while (reader.BaseStream.Position < ").Append(limit).Append(")\n        {\n");
        string Read(int k) => "reader." + reads[k % reads.Length] + "()";
        code.Append("            var first = ").Append(Read(0)).Append(";\n");
        code.Append("            list.Add(first);\n");
        switch (body)
        {
            case PositionBody.Values:
                for (int k = 1; k < reads.Length; k++)
                    code.Append("            list.Add(").Append(Read(k)).Append(");\n");
                break;
            case PositionBody.Conditional:
                code.Append("            if (list.Count % 3 == 1)\n                list.Add(").Append(Read(1)).Append(");\n");
                code.Append("            list.Add(list.Count % 2 == 0 ? (object)").Append(Read(2)).Append(" : 0);\n");
                break;
            case PositionBody.Switch:
                code.Append("            switch (list.Count % 3)\n            {\n");
                code.Append("                case 0:\n                    list.Add(").Append(Read(1)).Append(");\n                    break;\n");
                code.Append("                case 1:\n                    list.Add(reader.ReadInt16());\n                    list.Add(").Append(Read(2)).Append(");\n                    break;\n");
                code.Append("                default:\n                    break;\n            }\n");
                break;
            case PositionBody.InnerLoop:
                code.Append("            for (var i = 0; i < 3; i++)\n                list.Add(").Append(Read(1)).Append(");\n");
                break;
            default:
                code.Append("            list.Add(reader.ReadBytes(").Append(bytes).Append("));\n");
                break;
        }

        if (exit == PositionExit.BreakAfterForty)
            code.Append("            if (list.Count > 40)\n                break;\n");
        if (exit == PositionExit.CheckedNarrowing)
            code.Append("            sum += checked((sbyte)reader.ReadInt16());\n");
        code.Append("        }\n");
    }
}
