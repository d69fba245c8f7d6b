using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>
/// Loops that read a byte at a time (SL1007): <c>ReadByte()</c> or <c>Read(one, 0, 1)</c> from a stream whose type
/// does not buffer it (a nested <c>Slow</c> stream that overrides only <c>Read</c>, plain, returning at most three
/// bytes a read, or failing past a point after returning the bytes before it), made in the method over the data file
/// or over the caller's stream, or the caller's stream itself (a parameter, a checked parameter, a field, a readonly
/// field used before the loop) of every kind the callers hand in: file, memory, GZip, non-seekable, short-reading,
/// failing. A stream the method makes over a file it opens may be buffered; a Slow made over the caller's stream may have
/// its loop run over a SkipReader; the caller's stream itself, typed Stream, must stay as it is
/// (<see cref="Shape.MustNotChange"/>).
/// </summary>
public static partial class ShapeGenerator
{
    private enum ByteOwner { OwnedSlow, OwnedShortSlow, OwnedFailingSlow, OwnedOverBufferedFile, SlowOverParameter, Parameter, Field, CheckedParameter, ReadonlyField, SeekableOverParameter }

    private enum ByteDisposal { UsingDeclaration, UsingStatement, None }

    private enum ByteLoop { ToEnd, UntilZero, Counted, ReturnMidLoop, ThrowInLoop, ReadOneToEnd, DoWhile, NestedRecords }

    private enum ByteAfter { Nothing, MoreReads, Position, HandOn, Alias }

    /// <summary><paramref name="count"/> shapes of single-byte read loops, drawn with <paramref name="seed"/>.</summary>
    public static IReadOnlyList<Shape> ReadByteShapes(int count, int seed)
    {
        var random = new Random(seed);
        var shapes = new List<Shape>();
        for (int i = 0; i < count; i++)
        {
            // Cycle owner and loop so that every pair appears; draw the rest.
            var owner = (ByteOwner)(i % 10);
            var loop = (ByteLoop)((i / 10) % 8);
            var disposal = Pick<ByteDisposal>(random);
            var kind = random.Next(5) switch { 0 => Kind.Async, 1 => Kind.Iterator, _ => Kind.Sync };
            var after = random.Next(2) == 0 ? ByteAfter.Nothing : Pick<ByteAfter>(random);
            shapes.Add(ReadByteShape($"B{i}", owner, loop, disposal, kind, after));
        }

        return shapes;
    }

    private static Shape ReadByteShape(string name, ByteOwner owner, ByteLoop loop, ByteDisposal disposal, Kind kind, ByteAfter after)
    {
        if (kind == Kind.Iterator && loop == ByteLoop.ReturnMidLoop)
            loop = ByteLoop.UntilZero;
        string description = $"ReadByte loop: {owner}, {loop}, {disposal}, {kind}, after: {after}";
        var code = new StringBuilder();
        code.Append("// ").Append(description).Append('\n');
        code.Append("public class ").Append(name).Append("\n{\n");
        code.Append(SlowStream);
        if (owner == ByteOwner.Field)
            code.Append("    Stream _input;\n");
        if (owner == ByteOwner.ReadonlyField)
            code.Append("    readonly Stream _input;\n");
        code.Append("    static long Keep(Stream s) => s.CanRead ? 1 : 0;\n\n");
        string parameters = owner is ByteOwner.Parameter or ByteOwner.SlowOverParameter or ByteOwner.CheckedParameter or ByteOwner.SeekableOverParameter ? "Stream input, int count" : "string path, int count";
        string signature = kind switch
        {
            Kind.Async => $"public async Task<object> Run({parameters})",
            Kind.Iterator => $"public IEnumerable<long> Run({parameters})",
            _ => $"public object Run({parameters})",
        };
        code.Append("    ").Append(signature).Append("\n    {\n");

        var lines = new List<string> { "long sum = 0;", "int b = 0;", "int n = 0;", "int guard = 0;", "byte[] one = new byte[1];" };
        if (kind == Kind.Async)
            lines.Add("await Task.Yield();");

        // What proves the caller's stream is not null before the loop (SL1007's SkipReader fix needs it).
        if (owner == ByteOwner.CheckedParameter)
            lines.Add(kind == Kind.Iterator ? "if (input == null) yield break;" : "if (input == null) return -5;");
        if (owner == ByteOwner.ReadonlyField)
            lines.Add("sum += _input.CanSeek ? 1 : 0;");

        string? opened = owner switch
        {
            ByteOwner.OwnedSlow => "new Slow(File.OpenRead(path), 0, -1)",
            ByteOwner.OwnedShortSlow => "new Slow(File.OpenRead(path), 3, -1)",
            ByteOwner.OwnedFailingSlow => "new Slow(File.OpenRead(path), 0, 50)",
            ByteOwner.OwnedOverBufferedFile => "new Slow(new BufferedStream(File.OpenRead(path), 16), 5, -1)",
            ByteOwner.SlowOverParameter => "new Slow(input, 0, -1)",
            ByteOwner.SeekableOverParameter => "new Slow(input, 3, -1)",
            _ => null,
        };
        string s = owner switch
        {
            ByteOwner.Parameter or ByteOwner.CheckedParameter => "input",
            ByteOwner.Field or ByteOwner.ReadonlyField => "_input",
            _ => "s",
        };

        var scope = new List<string>();
        if (after == ByteAfter.Alias)
        {
            scope.Add($"Stream alias = {s};");
            scope.Add("sum += alias.ReadByte() * 3;");
        }

        string read = loop == ByteLoop.ReadOneToEnd ? $"({s}.Read(one, 0, 1) == 1 ? one[0] : -1)" : $"{s}.ReadByte()";
        var body = new List<string> { RunawayGuard };
        if (kind == Kind.Iterator)
            body.Add("yield return sum;");
        if (kind == Kind.Async)
            body.Add("if (sum % 7 == 0) await Task.Yield();");
        switch (loop)
        {
            case ByteLoop.ToEnd:
            case ByteLoop.ReadOneToEnd:
                scope.Add($"while ((b = {read}) != -1)");
                scope.AddRange(Block(body.Prepend("sum = sum * 31 + b;")));
                break;
            case ByteLoop.UntilZero:
                scope.Add($"while ((b = {read}) > 0)");
                scope.AddRange(Block(body.Prepend("sum = sum * 31 + b;")));
                break;
            case ByteLoop.Counted:
                scope.Add("for (int i = 0; i < count; i++)");
                scope.AddRange(Block(body.Prepend($"sum = sum * 31 + {read};")));
                break;
            case ByteLoop.ReturnMidLoop:
                scope.Add("while (true)");
                scope.AddRange(Block(body.Prepend($"b = {read}; if (b == -1 || b == 7) return sum + b; sum = sum * 31 + b;")));
                break;
            case ByteLoop.ThrowInLoop:
                scope.Add($"while ((b = {read}) != -1)");
                scope.AddRange(Block(body.Prepend("sum = sum * 31 + b; if (++n == count) throw new InvalidDataException(\"count reached\");")));
                break;
            case ByteLoop.DoWhile:
                scope.Add("do");
                scope.AddRange(Block(body.Prepend($"b = {read}; sum = sum * 31 + b;")));
                scope.Add("while (b >= 0 && b != 200);");
                break;
            case ByteLoop.NestedRecords:
                // Records: a length byte, then that many bytes; the inner loop is bounded by the data, the outer by count.
                scope.Add("for (int r = 0; r < count; r++)");
                scope.AddRange(Block(new[]
                {
                    $"int length = {read};",
                    "if (length < 0) break;",
                    $"for (int j = 0; j < length % 16; j++) sum = sum * 31 + {read};",
                    RunawayGuard,
                }));
                break;
        }

        switch (after)
        {
            case ByteAfter.MoreReads:
                scope.Add($"sum = sum * 7 + {s}.ReadByte();");
                scope.Add($"n = {s}.Read(one, 0, 1); sum = sum * 7 + n * 1000 + one[0];");
                break;
            case ByteAfter.Position:
                scope.Add($"sum += {s}.CanSeek ? {s}.Position * 1000 : -1;");
                break;
            case ByteAfter.HandOn:
                scope.Add($"sum += Keep({s});");
                break;
        }

        if (opened is null)
        {
            lines.AddRange(scope);
        }
        else if (disposal == ByteDisposal.UsingStatement)
        {
            lines.Add($"using (var s = {opened})");
            lines.AddRange(Block(scope));
        }
        else
        {
            lines.Add(disposal == ByteDisposal.UsingDeclaration ? $"using var s = {opened};" : $"var s = {opened};");
            lines.AddRange(scope);
        }

        lines.Add(kind == Kind.Iterator ? "yield return sum;" : "return sum;");
        foreach (string line in lines)
            code.Append("        ").Append(line).Append('\n');
        code.Append("    }\n}\n");

        // A stream made here over a file, read only a byte at a time, may be buffered; a caller's stream known not to be
        // null (a checked parameter, a readonly field used before the loop, a local made over the parameter) may have
        // its loop run over a SkipReader, whatever comes after the loop. Nothing else may change.
        // The caller's stream typed Stream (checked or not) is never fixed: the reader is measured to lose over the
        // FileStream or MemoryStream it may be at run time. A Slow made over it (a type without a ReadByte override that
        // may seek) is, whatever comes after the loop.
        return new Shape(name, description, code.ToString())
        {
            MustNotChange = owner is ByteOwner.Parameter or ByteOwner.Field or ByteOwner.CheckedParameter or ByteOwner.ReadonlyField,
        };
    }

    /// <summary>
    /// A stream that overrides only <c>Read(byte[], int, int)</c>: at most <c>maxChunk</c> bytes a read (0: as many as
    /// asked), and, past <c>failAt</c> bytes (-1: never), the bytes before that point and then an IOException, as a
    /// failing disk or a dropped connection does. It can seek where its inner stream can.
    /// </summary>
    private const string SlowStream = """
            sealed class Slow : Stream
            {
                private readonly Stream _inner;
                private readonly int _maxChunk;
                private readonly long _failAt;
                private long _read;
                public Slow(Stream inner, int maxChunk, long failAt) { _inner = inner; _maxChunk = maxChunk; _failAt = failAt; }
                public override bool CanRead => true;
                public override bool CanSeek => _inner.CanSeek;
                public override bool CanWrite => false;
                public override long Length => _inner.Length;
                public override long Position { get => _inner.Position; set => _inner.Position = value; }
                public override int Read(byte[] buffer, int offset, int count)
                {
                    if (_maxChunk > 0 && count > _maxChunk) count = _maxChunk;
                    if (_failAt >= 0)
                    {
                        if (_read >= _failAt) throw new IOException("failed at " + _failAt);
                        if (count > _failAt - _read) count = (int)(_failAt - _read);
                    }

                    int n = _inner.Read(buffer, offset, count);
                    _read += n;
                    return n;
                }
                public override void Flush() { }
                public override long Seek(long offset, SeekOrigin origin) => _inner.Seek(offset, origin);
                public override void SetLength(long value) => throw new NotSupportedException();
                public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
                protected override void Dispose(bool disposing) { if (disposing) _inner.Dispose(); base.Dispose(disposing); }
            }

        """;
}
