using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>A generated method shape: a class <see cref="Name"/> with one method <c>Run</c>, and the choices that made it.</summary>
public sealed record Shape(string Name, string Description, string Code)
{
    /// <summary>No fix may be offered here at all (the shape writes, resizes or hands on the stream in the loop).</summary>
    public bool MustNotChange { get; init; }
}

/// <summary>
/// Generates the stream-reading methods the fixes of SL1001, SL1002 and SL1006 meet in real parsers, as every
/// combination drawn from: loop shape (for, while, do, foreach over a range; ending on a condition, a break, a return
/// or an exception mid-loop) x who owns the stream (opened in the method, directly, through a helper or under a
/// BufferedStream; a parameter, a field, a property) x disposal
/// (using statement or declaration, try/finally, none; leaveOpen) x what else sees the stream (a BaseStream alias
/// before the loop or inside it, a read of its position, the stream read directly or by a second reader in the loop,
/// the reader or stream handed to another method, <c>CopyTo</c>
/// or another reader after the loop, a seek back and a second read, the reader returned or stored, a lambda capture)
/// x what is read (values that fit or end mid-value, chars, strings, byte blocks) x method kind (plain, async, iterator, a local function capturing the parameters).
/// Each shape is one class, so many fit in one compilation; the draw is seeded and so the same in every run.
/// </summary>
public static partial class ShapeGenerator
{
    public static readonly string Usings = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Linq;
        using System.Text;
        using System.Threading.Tasks;

        """;

    private enum Owner { OpenedInline, OpenedLocal, NewFileStreamLocal, Parameter, FileStreamParameter, Field, Property, BufferedLocal, OpenedByHelper }

    private enum Disposal { UsingStatement, UsingDeclaration, TryFinally, None }

    private enum ReaderCtor { Plain, LeaveOpenTrue, LeaveOpenFalse }

    private enum Kind { Sync, Async, Iterator, LocalFunction }

    private enum After { Nothing, Position, CopyTo, AnotherReader, ReturnIt, StoreIt, Helper, Lambda, ThrowInLoop, PassReader, SeekBackAndReread }

    private enum ReaderLoop
    {
        PositionLength, StreamPositionLength, LengthHoisted, BaseStreamAlias, Counted, WhileTrueCatch, DoWhileCounted, DoWhilePositionLength,
        ForeachRange, BreakAtLength, ReturnMidLoop,
    }

    /// <summary>What else the loop body does with the reader or its stream, besides the reads.</summary>
    private enum Inside { Nothing, PositionRead, AliasPositionRead, HelperOnStream, PassReader, PeekChar, StreamReadByte, OtherReader, SeekForward, PositionAdvance }

    private enum ReaderBody { Int32, UInt16, Mixed, Char, Bytes, String, Chars, Decimal, IntoBuffer, ThroughHelper }

    private enum SkipLoop { ReadSkip, ReadSkipConstant, ReadIncrement, ReadAssignAdvance, ReadNotZero, CountedReadByte, PositionLengthSkip, DoWhileRead, ReadAsyncSkip, ReadSkipFar }

    /// <summary><paramref name="count"/> shapes of BinaryReader loops (SL1002, SL1006), drawn with <paramref name="seed"/>.</summary>
    public static IReadOnlyList<Shape> ReaderShapes(int count, int seed)
    {
        var random = new Random(seed);
        var shapes = new List<Shape>();
        for (int i = 0; i < count; i++)
        {
            // Cycle the first dimensions so every value appears evenly; draw the rest.
            var owner = (Owner)(i % 9);
            var loop = (ReaderLoop)((i / 9) % 11);
            var disposal = Pick<Disposal>(random);
            var ctor = Pick<ReaderCtor>(random);
            var kind = random.Next(6) switch { 0 => Kind.Async, 1 => Kind.Iterator, 2 => Kind.LocalFunction, _ => Kind.Sync };
            var after = Pick<After>(random);
            var body = Pick<ReaderBody>(random);
            bool afterOutside = random.Next(3) == 0;
            var inside = random.Next(3) == 0 ? Pick<Inside>(random) : Inside.Nothing;
            shapes.Add(ReaderShape($"R{i}", owner, loop, disposal, ctor, kind, after, body, afterOutside, inside));
        }

        return shapes;
    }

    /// <summary><paramref name="count"/> shapes of read-and-skip loops over a stream (SL1001, SL1006).</summary>
    public static IReadOnlyList<Shape> SkipShapes(int count, int seed)
    {
        var random = new Random(seed);
        var shapes = new List<Shape>();
        Owner[] owners = { Owner.OpenedLocal, Owner.NewFileStreamLocal, Owner.Parameter, Owner.FileStreamParameter, Owner.Field };
        for (int i = 0; i < count; i++)
        {
            Owner owner = owners[i % owners.Length];
            var loop = (SkipLoop)((i / owners.Length) % 10);
            var disposal = Pick<Disposal>(random);
            var kind = loop == SkipLoop.ReadAsyncSkip ? Kind.Async : random.Next(5) switch { 0 => Kind.Async, 1 => Kind.Iterator, _ => Kind.Sync };
            var after = Pick<After>(random);
            bool alias = random.Next(3) == 0;
            int chunk = random.Next(2) == 0 ? 4 : 1;
            shapes.Add(SkipShape($"S{i}", owner, loop, disposal, kind, after, alias, chunk));
        }

        return shapes;
    }

    /// <summary>More passes than any data or count here allows (70,002 bytes, counts up to 100,000).</summary>
    private const string RunawayGuard = "if (++guard == 300_000) throw new InvalidOperationException(\"runaway loop\");";

    private static T Pick<T>(Random random) where T : struct, Enum
    {
        T[] values = Enum.GetValues<T>();
        return values[random.Next(values.Length)];
    }

    private static Shape ReaderShape(string name, Owner owner, ReaderLoop loop, Disposal disposal, ReaderCtor ctor, Kind kind, After after, ReaderBody body, bool afterOutside, Inside insideLoop)
    {
        if (kind == Kind.Iterator && after == After.ReturnIt)
            after = After.StoreIt;
        if (disposal == Disposal.UsingDeclaration)
            afterOutside = false;
        if (after is After.ReturnIt or After.StoreIt or After.ThrowInLoop or After.Nothing or After.PassReader or After.SeekBackAndReread)
            afterOutside = false;
        // The loop may read the stream through its own variable only where the method has one.
        if (loop == ReaderLoop.StreamPositionLength && owner == Owner.OpenedInline)
            loop = ReaderLoop.PositionLength;

        string description = $"BinaryReader: {owner}, {loop}, {body}, {disposal}, {ctor}, {kind}, in the loop: {insideLoop}, " +
            $"after: {after}{(afterOutside ? " (after the reader's scope)" : string.Empty)}";
        var code = new StringBuilder();
        code.Append("// ").Append(description).Append('\n');
        code.Append("public class ").Append(name).Append("\n{\n");
        if (owner == Owner.Field)
            code.Append("    Stream _input;\n");
        if (owner == Owner.Property)
            code.Append("    Stream Input { get; set; }\n");
        code.Append("    BinaryReader _reader;\n");
        code.Append("    static int Helper(Stream s) => s.ReadByte();\n");
        code.Append("    static long Consume(BinaryReader r) => r.ReadInt16();\n");
        code.Append("    static Stream Open(string p) => File.OpenRead(p);\n\n");

        string parameters = owner switch
        {
            Owner.Parameter => "Stream input, int count",
            Owner.FileStreamParameter => "FileStream input, int count",
            Owner.Field or Owner.Property => "int count",
            _ => "string path, int count",
        };
        string signature = kind switch
        {
            Kind.Async => $"public async Task<object> Run({parameters})",
            Kind.Iterator => $"public IEnumerable<long> Run({parameters})",
            _ => $"public object Run({parameters})",
        };
        code.Append("    ").Append(signature).Append("\n    {\n");
        var lines = new List<string> { "long sum = 0;", "int n = 0;", "int guard = 0;", "byte[] buffer = new byte[3];" };
        if (kind == Kind.Async)
            lines.Add("await Task.Yield();");

        string streamSource = owner switch
        {
            Owner.OpenedInline => "File.OpenRead(path)",
            Owner.OpenedLocal or Owner.NewFileStreamLocal or Owner.BufferedLocal or Owner.OpenedByHelper => "stream",
            Owner.Field => "_input",
            Owner.Property => "Input",
            _ => "input",
        };
        if (owner == Owner.OpenedLocal)
            lines.Add("var stream = File.OpenRead(path);");
        if (owner == Owner.NewFileStreamLocal)
            lines.Add("var stream = new FileStream(path, FileMode.Open, FileAccess.Read);");
        if (owner == Owner.BufferedLocal)
            lines.Add("var stream = new BufferedStream(File.OpenRead(path), 16);");
        if (owner == Owner.OpenedByHelper)
            lines.Add("Stream stream = Open(path);");
        string streamExpression = owner == Owner.OpenedInline ? "reader.BaseStream" : streamSource;

        string creation = ctor switch
        {
            ReaderCtor.LeaveOpenTrue => $"new BinaryReader({streamSource}, Encoding.UTF8, leaveOpen: true)",
            ReaderCtor.LeaveOpenFalse => $"new BinaryReader({streamSource}, Encoding.UTF8, false)",
            _ => $"new BinaryReader({streamSource})",
        };

        if (after == After.Lambda && owner != Owner.OpenedInline)
            lines.Add($"Func<long> probe = () => {streamExpression}.Position;");

        string read = body switch
        {
            ReaderBody.Int32 => "sum = sum * 31 + reader.ReadInt32();",
            ReaderBody.UInt16 => "sum = sum * 31 + reader.ReadUInt16();",
            ReaderBody.Mixed => "sum = sum * 31 + reader.ReadByte(); sum = sum * 31 + reader.ReadInt16();",
            ReaderBody.Char => "sum = sum * 31 + reader.ReadChar();",
            ReaderBody.Bytes => "byte[] bytes = reader.ReadBytes(5); if (bytes.Length == 0) break; sum = sum * 31 + bytes.Length;",
            ReaderBody.Chars => "foreach (char c in reader.ReadChars(2)) sum = sum * 31 + c;",
            ReaderBody.Decimal => "sum = sum * 31 + (long)(reader.ReadDecimal() % 1000);",
            ReaderBody.ThroughHelper => "sum = sum * 31 + Consume(reader);", // the loop reads only in a method it hands the reader to
            ReaderBody.IntoBuffer => "int got = reader.Read(buffer, 0, 3); if (got == 0) break; sum = sum * 31 + got * 1000 + buffer[0];",
            _ => "foreach (char c in reader.ReadString()) sum = sum * 31 + c;",
        };
        // Reads that return nothing at the end (ReadBytes, Read) leave the loop themselves; the guard turns a loop that
        // would never end, in the original or the fixed program, into an exception the comparison sees.
        var bodyLines = new List<string> { read, RunawayGuard };
        switch (insideLoop)
        {
            case Inside.PositionRead:
                bodyLines.Add("sum += reader.BaseStream.Position;");
                break;
            case Inside.AliasPositionRead:
                bodyLines.Add("Stream here = reader.BaseStream;");
                bodyLines.Add("sum += here.Position;");
                break;
            case Inside.HelperOnStream:
                bodyLines.Add("sum += Helper(reader.BaseStream);");
                break;
            case Inside.PassReader:
                bodyLines.Add("if (sum % 3 == 0) sum += Consume(reader);");
                break;
            case Inside.PeekChar:
                bodyLines.Add("sum += reader.PeekChar();");
                break;
            case Inside.StreamReadByte:
                bodyLines.Add($"sum += {streamExpression}.ReadByte();");
                break;
            case Inside.OtherReader:
                bodyLines.Add("sum += other.ReadByte();");
                break;
            case Inside.SeekForward:
                bodyLines.Add("reader.BaseStream.Seek(1, SeekOrigin.Current);");
                break;
            case Inside.PositionAdvance:
                bodyLines.Add("reader.BaseStream.Position += 1;");
                break;
        }

        if (after == After.ThrowInLoop)
            bodyLines.Add("if (++n == 3) throw new InvalidDataException(\"third value\");");
        if (kind == Kind.Iterator)
            bodyLines.Add("yield return sum;");
        if (kind == Kind.Async && loop != ReaderLoop.WhileTrueCatch)
            bodyLines.Add("if (sum % 5 == 0) await Task.Yield();");

        var loopLines = new List<string>();
        if (insideLoop == Inside.OtherReader)
            loopLines.Add($"var other = new BinaryReader({streamExpression}, Encoding.UTF8, true);");
        switch (loop)
        {
            case ReaderLoop.PositionLength:
                loopLines.Add("while (reader.BaseStream.Position < reader.BaseStream.Length)");
                loopLines.AddRange(Block(bodyLines));
                break;
            case ReaderLoop.StreamPositionLength:
                loopLines.Add($"while ({streamExpression}.Position < {streamExpression}.Length)");
                loopLines.AddRange(Block(bodyLines));
                break;
            case ReaderLoop.LengthHoisted:
                loopLines.Add("long length = reader.BaseStream.Length;");
                loopLines.Add("while (reader.BaseStream.Position < length)");
                loopLines.AddRange(Block(bodyLines));
                break;
            case ReaderLoop.BaseStreamAlias:
                loopLines.Add("Stream s = reader.BaseStream;");
                loopLines.Add("while (s.Position < s.Length)");
                loopLines.AddRange(Block(bodyLines));
                break;
            case ReaderLoop.Counted:
                loopLines.Add("for (int i = 0; i < count; i++)");
                loopLines.AddRange(Block(bodyLines));
                break;
            case ReaderLoop.WhileTrueCatch when kind == Kind.Iterator:
                loopLines.Add("while (true)");
                loopLines.Add("{");
                loopLines.Add("    try { " + read + " } catch (EndOfStreamException) { break; }");
                loopLines.AddRange(bodyLines.Skip(1).Select(l => "    " + l));
                loopLines.Add("}");
                break;
            case ReaderLoop.WhileTrueCatch:
                loopLines.Add("try");
                loopLines.Add("{");
                loopLines.Add("    while (true)");
                loopLines.AddRange(Block(bodyLines).Select(l => "    " + l));
                loopLines.Add("}");
                loopLines.Add("catch (EndOfStreamException)");
                loopLines.Add("{");
                loopLines.Add("}");
                break;
            case ReaderLoop.DoWhileCounted:
                loopLines.Add("int i = 0;");
                loopLines.Add("do");
                loopLines.AddRange(Block(bodyLines));
                loopLines.Add("while (++i < count);");
                break;
            case ReaderLoop.DoWhilePositionLength:
                loopLines.Add("do");
                loopLines.AddRange(Block(bodyLines));
                loopLines.Add("while (reader.BaseStream.Position < reader.BaseStream.Length);");
                break;
            case ReaderLoop.ForeachRange:
                loopLines.Add("foreach (int i in Enumerable.Range(0, count))");
                loopLines.AddRange(Block(bodyLines));
                break;
            case ReaderLoop.BreakAtLength:
                loopLines.Add("while (true)");
                loopLines.AddRange(Block(new[] { "if (reader.BaseStream.Position >= reader.BaseStream.Length) break;" }.Concat(bodyLines)));
                break;
            case ReaderLoop.ReturnMidLoop:
                loopLines.Add("for (int i = 0; i < count; i++)");
                loopLines.AddRange(Block(bodyLines.Append(kind == Kind.Iterator ? "if (sum % 4 == 1) yield break;" : "if (sum % 4 == 1) return -sum;")));
                break;
        }

        var afterLines = new List<string>();
        string afterStream = afterOutside && owner != Owner.OpenedInline ? streamSource : streamExpression;
        if (afterOutside && owner == Owner.OpenedInline)
            afterOutside = false;
        switch (after)
        {
            case After.Position:
                afterLines.Add($"sum += {afterStream}.Position * 1000;");
                break;
            case After.CopyTo:
                afterLines.Add("var sink = new MemoryStream();");
                afterLines.Add($"{afterStream}.CopyTo(sink);");
                afterLines.Add("sum += sink.Length * 1000;");
                break;
            case After.AnotherReader:
                afterLines.Add($"sum += new BinaryReader({afterStream}).ReadInt16() * 1000L;");
                break;
            case After.ReturnIt:
                afterLines.Add("return reader;");
                break;
            case After.StoreIt:
                afterLines.Add("_reader = reader;");
                break;
            case After.Helper:
                afterLines.Add($"sum += Helper({afterStream}) * 1000L;");
                break;
            case After.Lambda:
                afterLines.Add(owner == Owner.OpenedInline ? "Func<long> probe = () => reader.BaseStream.Position;" : "// probe defined before the loop");
                afterLines.Add("sum += probe() * 1000;");
                break;
            case After.PassReader:
                afterLines.Add("sum += Consume(reader) * 1000;");
                break;
            case After.SeekBackAndReread:
                afterLines.Add("reader.BaseStream.Seek(0, SeekOrigin.Begin);");
                afterLines.Add("sum += reader.ReadInt32() * 1000L;");
                break;
        }

        var inside = new List<string>(loopLines);
        if (!afterOutside)
            inside.AddRange(afterLines);

        switch (disposal)
        {
            case Disposal.UsingStatement:
                lines.Add($"using (var reader = {creation})");
                lines.AddRange(Block(inside));
                break;
            case Disposal.UsingDeclaration:
                lines.Add($"using var reader = {creation};");
                lines.AddRange(inside);
                break;
            case Disposal.TryFinally:
                lines.Add($"var reader = {creation};");
                lines.Add("try");
                lines.AddRange(Block(inside));
                lines.Add("finally");
                lines.AddRange(Block(new[] { "reader.Dispose();" }));
                break;
            default:
                lines.Add($"var reader = {creation};");
                lines.AddRange(inside);
                break;
        }

        if (afterOutside)
            lines.AddRange(afterLines);
        if (owner is Owner.OpenedLocal or Owner.NewFileStreamLocal or Owner.BufferedLocal or Owner.OpenedByHelper && disposal != Disposal.None && after != After.ReturnIt)
            lines.Add("stream.Dispose();");
        lines.Add(kind == Kind.Iterator ? "yield return sum;" : "return sum;");
        if (kind == Kind.LocalFunction)
        {
            // The same body in a local function that captures the parameters.
            List<string> outer = lines;
            lines = new List<string> { "object Body()" };
            lines.AddRange(Block(outer));
            lines.Add("return Body();");
        }

        foreach (string line in lines)
            code.Append("        ").Append(line).Append('\n');
        code.Append("    }\n}\n");
        return new Shape(name, description, code.ToString());
    }

    private static Shape SkipShape(string name, Owner owner, SkipLoop loop, Disposal disposal, Kind kind, After after, bool alias, int chunk)
    {
        if (kind == Kind.Iterator && after == After.ReturnIt)
            after = After.StoreIt;
        if (owner is Owner.Parameter or Owner.FileStreamParameter or Owner.Field && disposal is Disposal.UsingStatement or Disposal.UsingDeclaration)
            disposal = Disposal.TryFinally; // a using over a parameter reads oddly; try/finally disposes the caller's stream the same way

        string description = $"Stream skip loop: {owner}, {loop}, chunk {chunk}, {disposal}, {kind}, after: {after}{(alias ? ", through an alias" : string.Empty)}";
        var code = new StringBuilder();
        code.Append("// ").Append(description).Append('\n');
        code.Append("public class ").Append(name).Append("\n{\n");
        if (owner == Owner.Field)
            code.Append("    Stream _input;\n");
        code.Append("    object _stored;\n");
        code.Append("    static int Helper(Stream s) => s.ReadByte();\n\n");
        string parameters = owner switch
        {
            Owner.Parameter => "Stream input, int count, int skip",
            Owner.FileStreamParameter => "FileStream input, int count, int skip",
            Owner.Field => "int count, int skip",
            _ => "string path, int count, int skip",
        };
        string signature = kind switch
        {
            Kind.Async => $"public async Task<object> Run({parameters})",
            Kind.Iterator => $"public IEnumerable<long> Run({parameters})",
            _ => $"public object Run({parameters})",
        };
        code.Append("    ").Append(signature).Append("\n    {\n");
        var lines = new List<string> { "long sum = 0;", "int n;", "int k = 0;", $"byte[] buffer = new byte[{chunk}];" };
        if (kind == Kind.Async)
            lines.Add("await Task.Yield();");

        string stream = owner switch
        {
            Owner.Field => "_input",
            Owner.Parameter or Owner.FileStreamParameter => "input",
            _ => "stream",
        };
        string opened = owner == Owner.NewFileStreamLocal ? "new FileStream(path, FileMode.Open, FileAccess.Read)" : "File.OpenRead(path)";
        if (after == After.Lambda)
            lines.Add($"Func<long> probe = null;");

        var scope = new List<string>();
        string s = stream;
        if (alias)
        {
            scope.Add($"Stream alias = {stream};");
            s = "alias";
        }

        if (after == After.Lambda)
            scope.Add($"probe = () => {s}.Position;");

        var body = new List<string>();
        string advance = $"{s}.Position += skip;";
        switch (loop)
        {
            case SkipLoop.ReadSkip:
                scope.Add($"while ((n = {s}.Read(buffer, 0, {chunk})) > 0)");
                body.Add("sum = sum * 31 + buffer[0] + n;");
                break;
            case SkipLoop.ReadSkipConstant:
                scope.Add($"while ((n = {s}.Read(buffer, 0, buffer.Length)) > 0)");
                body.Add("sum = sum * 31 + buffer[0] + n;");
                advance = $"{s}.Position += 3;";
                break;
            case SkipLoop.ReadSkipFar:
                // A skip to near long.MaxValue: past what the OS accepts for a file offset, so the next read fails there.
                scope.Add($"while ((n = {s}.Read(buffer, 0, {chunk})) > 0)");
                body.Add("sum = sum * 31 + buffer[0] + n;");
                advance = $"{s}.Position += 9_223_372_036_854_775_000;";
                break;
            case SkipLoop.ReadIncrement:
                scope.Add($"while ({s}.Read(buffer, 0, {chunk}) > 0)");
                body.Add("sum = sum * 31 + buffer[0];");
                advance = $"{s}.Position++;";
                break;
            case SkipLoop.ReadAssignAdvance:
                scope.Add($"while ({s}.Read(buffer, 0, {chunk}) > 0)");
                body.Add("sum = sum * 31 + buffer[0];");
                advance = $"{s}.Position = {s}.Position + 2;";
                break;
            case SkipLoop.ReadNotZero:
                scope.Add($"while ({s}.Read(buffer, 0, {chunk}) != 0)");
                body.Add("sum = sum * 31 + buffer[0];");
                break;
            case SkipLoop.CountedReadByte:
                scope.Add("for (int i = 0; i < count; i++)");
                body.Add($"sum = sum * 31 + {s}.ReadByte();");
                break;
            case SkipLoop.PositionLengthSkip:
                scope.Add($"while ({s}.Position < {s}.Length)");
                body.Add($"sum = sum * 31 + {s}.ReadByte();");
                break;
            case SkipLoop.DoWhileRead:
                scope.Add("do");
                body.Add($"n = {s}.Read(buffer, 0, {chunk});");
                body.Add("sum = sum * 31 + n;");
                break;
            case SkipLoop.ReadAsyncSkip:
                scope.Add($"while ((n = await {s}.ReadAsync(buffer, 0, {chunk})) > 0)");
                body.Add("sum = sum * 31 + buffer[0] + n;");
                break;
        }

        if (after == After.ThrowInLoop)
            body.Add("if (++k == 3) throw new InvalidDataException(\"third record\");");
        body.Add(advance);
        if (kind == Kind.Iterator)
            body.Add("yield return sum;");
        if (kind == Kind.Async && loop != SkipLoop.ReadAsyncSkip)
            body.Add("if (sum % 5 == 0) await Task.Yield();");
        scope.AddRange(Block(body));
        if (loop == SkipLoop.DoWhileRead)
            scope.Add("while (n > 0);");

        switch (after)
        {
            case After.Position:
                scope.Add($"sum += {s}.Position * 1000;");
                break;
            case After.CopyTo:
                scope.Add("var sink = new MemoryStream();");
                scope.Add($"{s}.CopyTo(sink);");
                scope.Add("sum += sink.Length * 1000;");
                break;
            case After.AnotherReader:
                scope.Add($"sum += new BinaryReader({s}).ReadInt16() * 1000L;");
                break;
            case After.ReturnIt:
                scope.Add($"return {s};");
                break;
            case After.StoreIt:
                scope.Add($"_stored = {s};");
                break;
            case After.Helper:
                scope.Add($"sum += Helper({s}) * 1000L;");
                break;
            case After.Lambda:
                scope.Add("sum += probe() * 1000;");
                break;
        }

        bool opens = owner is Owner.OpenedLocal or Owner.NewFileStreamLocal;
        switch (disposal)
        {
            case Disposal.UsingStatement:
                lines.Add($"using (var stream = {opened})");
                lines.AddRange(Block(scope));
                break;
            case Disposal.UsingDeclaration:
                lines.Add($"using var stream = {opened};");
                lines.AddRange(scope);
                break;
            case Disposal.TryFinally:
                if (opens)
                    lines.Add($"var stream = {opened};");
                lines.Add("try");
                lines.AddRange(Block(scope));
                lines.Add("finally");
                lines.AddRange(Block(new[] { $"{stream}.Dispose();" }));
                break;
            default:
                if (opens)
                    lines.Add($"var stream = {opened};");
                lines.AddRange(scope);
                break;
        }

        lines.Add(kind == Kind.Iterator ? "yield return sum;" : "return sum;");
        foreach (string line in lines)
            code.Append("        ").Append(line).Append('\n');
        code.Append("    }\n}\n");
        return new Shape(name, description, code.ToString());
    }

    private static IEnumerable<string> Block(IEnumerable<string> lines)
    {
        yield return "{";
        foreach (string line in lines)
            yield return "    " + line;
        yield return "}";
    }
}
