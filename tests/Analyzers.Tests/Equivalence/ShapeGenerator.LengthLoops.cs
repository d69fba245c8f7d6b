using System;
using System.Collections.Generic;
using System.Text;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>
/// Loops that read a stream's <c>Length</c> on every pass (SL1006), alone or through a BinaryReader's
/// <c>BaseStream</c> (where SL1002's fix composes with SL1006's), with or without something in the loop that writes,
/// resizes or hands on the stream. Where something does, no fix may change the shape at all (<see cref="Shape.MustNotChange"/>):
/// a <c>Length</c> read once before the loop would miss the change.
/// </summary>
public static partial class ShapeGenerator
{
    private enum LengthOwner { ScratchFile, ReadOnlyFile, BufferedScratchFile, Parameter, FileStreamParameter, Field, ReaderParameter }

    private enum LengthAccess { Direct, Alias, ReaderBaseStream }

    /// <summary>
    /// The loop. The first four read Length first on every pass; the others may not (a pass that reads first, a read
    /// behind <c>&amp;&amp;</c>, a counted loop that may not run), where the fix reads it where the loop first does.
    /// </summary>
    private enum LengthLoop
    {
        PositionBelowLength, RemainingAtLeastTwo, BreakAtLength, ForIndexBelowLength, DoWhileBelowLength,
        CountedCheckInBody, GuardedBelowLength, CheckAfterRead,
    }

    private enum LengthRead { ReadByte, ReadTwo, ReaderUInt16 }

    /// <summary>What the loop does to the stream on its second pass, besides reading it.</summary>
    private enum Change { None, Append, Truncate, Grow, WriteInPlace, Writer, HelperAppends, HelperReads, Flush }

    private enum LengthAfter { Nothing, Position, Length, CopyTo, ThrowInLoop }

    /// <summary><paramref name="count"/> shapes of loops that read <c>Length</c> on every pass, drawn with <paramref name="seed"/>.</summary>
    public static IReadOnlyList<Shape> LengthShapes(int count, int seed)
    {
        var random = new Random(seed);
        var shapes = new List<Shape>();
        for (int i = 0; i < count; i++)
        {
            // Cycle owner and change so that every pair appears; draw the rest.
            var owner = (LengthOwner)(i % 7);
            var change = (Change)((i / 7) % 9);
            var loop = Pick<LengthLoop>(random);
            var access = change == Change.None ? Pick<LengthAccess>(random) : random.Next(2) == 0 ? LengthAccess.Direct : LengthAccess.Alias;
            if (owner == LengthOwner.ReaderParameter)
                access = LengthAccess.ReaderBaseStream; // the caller's reader: its BaseStream is the only way to the stream
            var read = access == LengthAccess.ReaderBaseStream ? LengthRead.ReaderUInt16 : random.Next(2) == 0 ? LengthRead.ReadByte : LengthRead.ReadTwo;
            var kind = random.Next(5) switch { 0 => Kind.Async, 1 => Kind.Iterator, _ => Kind.Sync };
            var after = Pick<LengthAfter>(random);
            bool usingStatement = random.Next(2) == 0;
            shapes.Add(LengthShape($"L{i}", owner, access, loop, read, change, kind, after, usingStatement));
        }

        return shapes;
    }

    private static Shape LengthShape(string name, LengthOwner owner, LengthAccess access, LengthLoop loop, LengthRead read, Change change, Kind kind, LengthAfter after, bool usingStatement)
    {
        string description = $"Length loop: {owner}, {access}, {loop}, {read}, change: {change}, {kind}, after: {after}{(usingStatement ? ", using statement" : string.Empty)}";
        var code = new StringBuilder();
        code.Append("// ").Append(description).Append('\n');
        code.Append("public class ").Append(name).Append("\n{\n");
        if (owner == LengthOwner.Field)
            code.Append("    Stream _input;\n");
        code.Append("    static void Append(Stream s) { long p = s.Position; s.Seek(0, SeekOrigin.End); s.WriteByte(7); s.Position = p; }\n");
        code.Append("    static int Peek(Stream s) => s.ReadByte();\n\n");
        string parameters = owner switch
        {
            LengthOwner.ScratchFile or LengthOwner.BufferedScratchFile => "string scratchPath, int count",
            LengthOwner.ReadOnlyFile => "string path, int count",
            LengthOwner.Parameter => "Stream input, int count",
            LengthOwner.FileStreamParameter => "FileStream input, int count",
            LengthOwner.ReaderParameter => "BinaryReader reader, int count",
            _ => "int count",
        };
        string signature = kind switch
        {
            Kind.Async => $"public async Task<object> Run({parameters})",
            Kind.Iterator => $"public IEnumerable<long> Run({parameters})",
            _ => $"public object Run({parameters})",
        };
        code.Append("    ").Append(signature).Append("\n    {\n");

        var lines = new List<string> { "long sum = 0;", "int k = 0;", "int n = 0;", "int guard = 0;", "byte[] buffer = new byte[2];" };
        if (kind == Kind.Async)
            lines.Add("await Task.Yield();");

        // The stream: opened here (always disposed, so every write reaches the file), or the caller's.
        string? opened = owner switch
        {
            LengthOwner.ScratchFile => "new FileStream(scratchPath, FileMode.Open, FileAccess.ReadWrite)",
            LengthOwner.BufferedScratchFile => "new BufferedStream(new FileStream(scratchPath, FileMode.Open, FileAccess.ReadWrite), 16)",
            LengthOwner.ReadOnlyFile => "File.OpenRead(path)",
            _ => null,
        };
        string stream = owner switch
        {
            LengthOwner.Parameter or LengthOwner.FileStreamParameter => "input",
            LengthOwner.Field => "_input",
            _ => "stream",
        };

        var scope = new List<string>();
        string s = stream;
        if (access == LengthAccess.ReaderBaseStream)
        {
            if (owner != LengthOwner.ReaderParameter)
                scope.Add($"using var reader = new BinaryReader({stream}, Encoding.UTF8, leaveOpen: true);");
            s = "reader.BaseStream";
        }
        else if (access == LengthAccess.Alias)
        {
            scope.Add($"Stream s = {stream};");
            s = "s";
        }

        if (change == Change.Writer)
            scope.Add($"var writer = new BinaryWriter({s}, Encoding.UTF8, true);");

        var body = new List<string>();
        body.Add(read switch
        {
            LengthRead.ReadByte => $"sum = sum * 31 + {s}.ReadByte();",
            LengthRead.ReadTwo => $"n = {s}.Read(buffer, 0, 2); sum = sum * 31 + n * 1000 + buffer[0];",
            _ => "sum = sum * 31 + reader.ReadUInt16();",
        });
        body.Add(RunawayGuard);
        string? changeLine = change switch
        {
            Change.Append => $"long p = {s}.Position; {s}.Seek(0, SeekOrigin.End); {s}.WriteByte(7); {s}.Position = p;",
            Change.Truncate => $"{s}.SetLength({s}.Length - 1);",
            Change.Grow => $"{s}.SetLength({s}.Length + 3);",
            Change.WriteInPlace => $"{s}.WriteByte(1);",
            Change.Writer => "writer.Write((short)-2); writer.Flush();",
            Change.HelperAppends => $"Append({s});",
            Change.HelperReads => $"sum += Peek({s});",
            Change.Flush => $"{s}.Flush();",
            _ => null,
        };
        if (changeLine is not null)
            body.Add($"if (++k == 2) {{ {changeLine} }}");
        if (after == LengthAfter.ThrowInLoop)
            body.Add("if (++n == 3) throw new InvalidDataException(\"third value\");");
        if (kind == Kind.Iterator)
            body.Add("yield return sum;");
        if (kind == Kind.Async)
            body.Add("if (sum % 5 == 0) await Task.Yield();");

        switch (loop)
        {
            case LengthLoop.PositionBelowLength:
                scope.Add($"while ({s}.Position < {s}.Length)");
                scope.AddRange(Block(body));
                break;
            case LengthLoop.RemainingAtLeastTwo:
                scope.Add($"while ({s}.Length - {s}.Position >= 2)");
                scope.AddRange(Block(body));
                break;
            case LengthLoop.BreakAtLength:
                scope.Add("while (true)");
                body.Insert(0, $"if ({s}.Position >= {s}.Length) break;");
                scope.AddRange(Block(body));
                break;
            case LengthLoop.ForIndexBelowLength:
                scope.Add($"for (long i = 0; i < {s}.Length; i += 2)");
                scope.AddRange(Block(body));
                break;
            case LengthLoop.DoWhileBelowLength:
                scope.Add("do");
                scope.AddRange(Block(body));
                scope.Add($"while ({s}.Position < {s}.Length);");
                break;
            case LengthLoop.CountedCheckInBody:
                // count is the caller's (3, 50 or 100,000): with 3 the original never reads Length
                scope.Add("for (int j = 3; j < count; j++)");
                body.Insert(0, $"if ({s}.Position + 1 > {s}.Length) break;");
                scope.AddRange(Block(body));
                break;
            case LengthLoop.GuardedBelowLength:
                scope.Add($"while (count > 3 && {s}.Position < {s}.Length)");
                scope.AddRange(Block(body));
                break;
            case LengthLoop.CheckAfterRead:
                scope.Add("while (true)");
                body.Add($"if ({s}.Position >= {s}.Length || {s}.Length - {s}.Position < 1) break;");
                scope.AddRange(Block(body));
                break;
        }

        switch (after)
        {
            case LengthAfter.Position:
                scope.Add($"sum += {s}.Position * 1000;");
                break;
            case LengthAfter.Length:
                scope.Add($"sum += {s}.Length * 1000;");
                break;
            case LengthAfter.CopyTo:
                scope.Add("var sink = new MemoryStream();");
                scope.Add($"{s}.CopyTo(sink);");
                scope.Add("sum += sink.Length * 1000;");
                break;
        }

        if (opened is null)
        {
            lines.AddRange(scope);
        }
        else if (usingStatement)
        {
            lines.Add($"using (var stream = {opened})");
            lines.AddRange(Block(scope));
        }
        else
        {
            lines.Add($"using var stream = {opened};");
            lines.AddRange(scope);
        }

        lines.Add(kind == Kind.Iterator ? "yield return sum;" : "return sum;");
        foreach (string line in lines)
            code.Append("        ").Append(line).Append('\n');
        code.Append("    }\n}\n");
        // A helper that only reads (Peek) cannot change the length: the fix may stand there, and must keep the behaviour.
        return new Shape(name, description, code.ToString()) { MustNotChange = change is not (Change.None or Change.HelperReads) };
    }
}
