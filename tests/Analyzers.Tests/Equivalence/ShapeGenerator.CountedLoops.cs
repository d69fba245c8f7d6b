using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>
/// Counted loops of fixed-size reads from a reader the method is handed (SL1002's fix where the loop is, through
/// <c>BufferedBinaryReader.ReadAhead</c>): what each pass does with its values (array, list, a record made by a
/// constructor that stores them, an object initializer, a vector, a sum) x the values read (every fixed-size read) x
/// the bound (a parameter, an array's length, an auto-property, a static field) x a body that throws half-way or not x
/// what follows (nothing, more reads through the caller's reader, a second loop) x a static or a virtual method.
/// The caller's reader and stream are inspected afterwards by the runner.
/// </summary>
public static partial class ShapeGenerator
{
    private enum CountedStore { Array, List, Record, Initializer, Vector, Sum }

    private enum CountedBound { Parameter, ArrayLength, AutoProperty, StaticField }

    private enum CountedThrow { None, IndexPastHalf, CheckedNarrowing }

    private enum CountedAfter { Nothing, MoreReads, SecondLoop }

    private enum CountedFlow { EveryPass, SomePasses, Break, Return, Iterator }

    private static readonly (string Read, int Size)[] s_fixedReads =
    {
        ("ReadByte", 1), ("ReadSByte", 1), ("ReadBoolean", 1), ("ReadInt16", 2), ("ReadUInt16", 2), ("ReadInt32", 4),
        ("ReadUInt32", 4), ("ReadInt64", 8), ("ReadUInt64", 8), ("ReadSingle", 4), ("ReadDouble", 8), ("ReadDecimal", 16),
    };

    /// <summary><paramref name="count"/> shapes of counted loops over a caller's reader, drawn with
    /// <paramref name="seed"/>; <paramref name="vectors"/> false where the target has no <c>System.Numerics.Vector3</c>
    /// (netstandard2.0), whose shapes then store records.</summary>
    public static IReadOnlyList<Shape> CountedLoopShapes(int count, int seed, bool vectors = true)
    {
        var random = new Random(seed);
        var shapes = new List<Shape>();
        for (int i = 0; i < count; i++)
        {
            var store = (CountedStore)(i % 6);
            if (store == CountedStore.Vector && !vectors)
                store = CountedStore.Record;
            var bound = (CountedBound)((i / 6) % 4);
            var failure = Pick<CountedThrow>(random);
            var after = Pick<CountedAfter>(random);
            bool isVirtual = random.Next(3) == 0;
            string step = random.Next(3) switch { 0 => "i++", 1 => "++i", _ => "i += 1" };
            var flow = Pick<CountedFlow>(random);
            string[] reads = store == CountedStore.Vector
                ? new[] { "ReadSingle", "ReadSingle", "ReadSingle" }
                : Enumerable.Range(0, store is CountedStore.Record or CountedStore.Initializer ? 2 : random.Next(1, 4))
                    .Select(_ => s_fixedReads[random.Next(s_fixedReads.Length)].Read).ToArray();
            shapes.Add(flow == CountedFlow.Iterator
                ? CountedIteratorShape($"N{i}", failure, step, reads)
                : CountedLoopShape($"N{i}", store, bound, failure, after, isVirtual, step, reads, flow));
        }

        return shapes;
    }

    // A private iterator of the loop, every call of which is handed to ToList: the fix reads ahead across its yields.
    private static Shape CountedIteratorShape(string name, CountedThrow failure, string step, string[] reads)
    {
        string description = $"counted loop in an iterator: throw {failure}, {step}, reads {string.Join("+", reads)}";
        var code = new StringBuilder();
        code.Append("// ").Append(description).Append('\n');
        code.Append("public static class ").Append(name).Append("\n{\n");
        code.Append("    public static string M(BinaryReader reader, int count)\n    {\n");
        code.Append("        List<object> list = Items(reader, count).ToList();\n");
        code.Append("        return string.Join(\",\", list) + \"|\" + Items(reader, count / 2).ToArray().Length;\n    }\n");
        code.Append("    private static IEnumerable<object> Items(BinaryReader reader, int count)\n    {\n");
        code.Append("        for (int i = 0; i < count; ").Append(step).Append(")\n        {\n");
        foreach (string read in reads)
            code.Append("            yield return reader.").Append(read).Append("();\n");
        if (failure == CountedThrow.CheckedNarrowing)
            code.Append("            yield return checked((sbyte)reader.ReadInt16());\n");
        if (failure == CountedThrow.IndexPastHalf)
            code.Append("            if (i > count / 2)\n                yield return (new int[1])[i];\n");
        code.Append("        }\n    }\n}\n");
        return new Shape(name, description, code.ToString());
    }

    private static Shape CountedLoopShape(string name, CountedStore store, CountedBound bound, CountedThrow failure, CountedAfter after, bool isVirtual, string step, string[] reads, CountedFlow flow)
    {
        string description = $"counted loop: {store}, bound {bound}, throw {failure}, after {after}, {(isVirtual ? "virtual" : "static")}, {step}, reads {string.Join("+", reads)}, {flow}";
        var code = new StringBuilder();
        code.Append("// ").Append(description).Append('\n');
        code.Append("public class ").Append(name).Append("\n{\n");
        if (bound == CountedBound.AutoProperty)
            code.Append("    public int Count { get; set; }\n");
        if (bound == CountedBound.StaticField)
            code.Append("    static int s_count;\n");
        code.Append("    public ").Append(isVirtual ? "virtual string" : "static string").Append(" M(BinaryReader reader, int count)\n    {\n");
        int length = failure == CountedThrow.IndexPastHalf ? 2 : 1;
        code.Append("        var values = new object[Math.Max(0, count) / ").Append(length).Append("];\n");
        code.Append("        var list = new List<object>();\n");
        code.Append("        double sum = 0;\n");
        if (bound == CountedBound.AutoProperty)
            code.Append(isVirtual ? "        Count = count;\n" : string.Empty);
        if (bound == CountedBound.StaticField)
            code.Append("        s_count = count;\n");
        string limit = bound switch
        {
            CountedBound.ArrayLength when failure != CountedThrow.IndexPastHalf => "values.Length",
            CountedBound.AutoProperty when isVirtual => "Count",
            CountedBound.StaticField => "s_count",
            _ => "count",
        };
        AppendCountedLoop(code, store, failure, step, reads, limit, name, flow);
        if (after == CountedAfter.MoreReads)
            code.Append("        sum += reader.ReadInt32();\n");
        if (after == CountedAfter.SecondLoop)
        {
            code.Append("        list.Clear();\n");
            AppendCountedLoop(code, CountedStore.List, CountedThrow.None, "i++", new[] { "ReadUInt16" }, "count", name, CountedFlow.EveryPass);
        }

        code.Append("        return string.Join(\",\", values) + \"|\" + string.Join(\",\", list.Select(v => v is ").Append(name)
            .Append("Header r ? r.A + \":\" + r.B : v is ").Append(name).Append("Helpers h ? h.A + \";\" + h.B : v)) + \"|\" + sum;\n");
        code.Append("    }\n}\n");
        code.Append("public sealed class ").Append(name).Append("Header\n{\n    public ").Append(name)
            .Append("Header(object a, object b) { A = a; B = b; }\n    public object A { get; }\n    public object B { get; }\n}\n");
        code.Append("public sealed class ").Append(name).Append("Helpers\n{\n    public object A { get; set; }\n    public object B { get; set; }\n}\n");
        return new Shape(name, description, code.ToString());
    }

    private static void AppendCountedLoop(StringBuilder code, CountedStore store, CountedThrow failure, string step, string[] reads, string limit, string name, CountedFlow flow)
    {
        code.Append("        for (int i = 0; i < ").Append(limit).Append("; ").Append(step).Append(")\n        {\n");
        string Read(int k) => "reader." + reads[k] + "()";
        switch (store)
        {
            case CountedStore.Array:
                for (int k = 0; k < reads.Length; k++)
                    code.Append(k == 0 ? "            values[i] = " : "            list.Add(").Append(Read(k)).Append(k == 0 ? ";\n" : ");\n");
                break;
            case CountedStore.List:
                foreach (int k in Enumerable.Range(0, reads.Length))
                    code.Append("            list.Add(").Append(Read(k)).Append(");\n");
                break;
            case CountedStore.Record:
                code.Append("            list.Add(new ").Append(name).Append("Header(").Append(Read(0)).Append(", ").Append(Read(1)).Append("));\n");
                break;
            case CountedStore.Initializer:
                code.Append("            list.Add(new ").Append(name).Append("Helpers { A = ").Append(Read(0)).Append(", B = ").Append(Read(1)).Append(" });\n");
                break;
            case CountedStore.Vector:
                code.Append("            list.Add(new System.Numerics.Vector3(").Append(Read(0)).Append(", ").Append(Read(1)).Append(", ").Append(Read(2)).Append("));\n");
                break;
            default:
                foreach (int k in Enumerable.Range(0, reads.Length))
                {
                    if (reads[k] == "ReadBoolean")
                        code.Append("            list.Add(").Append(Read(k)).Append(");\n"); // no conversion to double
                    else
                        code.Append("            sum += (double)").Append(Read(k)).Append(";\n");
                }

                break;
        }

        if (failure == CountedThrow.IndexPastHalf)
            code.Append("            values[i] = i;\n");
        if (failure == CountedThrow.CheckedNarrowing)
            code.Append("            sum += checked((sbyte)reader.ReadInt16());\n");
        if (flow == CountedFlow.SomePasses)
            code.Append("            if (i % 3 == 1)\n                list.Add(reader.ReadUInt16());\n");
        if (flow == CountedFlow.Break)
            code.Append("            if (list.Count == 37 || values.Length == 1)\n                break;\n");
        if (flow == CountedFlow.Return)
            code.Append("            if (list.Count == 41 || values.Length == 2)\n                return null;\n");
        code.Append("        }\n");
    }
}
