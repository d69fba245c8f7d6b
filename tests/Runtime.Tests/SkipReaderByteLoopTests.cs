using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using CsCheck;

namespace Streamline.Runtime.Tests;

/// <summary>The caller's streams an SL1007 loop runs over, the same kind on both sides.</summary>
public enum ByteLoopStreamKind
{
    File,
    Memory,
    ShortReadsSeekable,
    NonSeekable,
    PseudoFile,

    /// <summary>Seekable; returns the bytes before a failure point, then throws IOException on every read.</summary>
    Failing,
}

/// <summary>One pass of a byte loop: <c>ReadByte()</c> (A = 0), <c>Read(one, 0, 1)</c> (A = 1) or
/// <c>Read(buffer, 0, B)</c> (A = 2).</summary>
public readonly record struct ByteLoopOp(int A, int B)
{
    public override string ToString() => $"new ByteLoopOp({A}, {B})";
}

public sealed record ByteLoopCase(byte[] Data, ByteLoopStreamKind Kind, int BufferSize, int ChunkSeed, int FailAt, long Start, ByteLoopOp[] Ops)
{
    public override string ToString() =>
        $"new ByteLoopCase(Convert.FromHexString(\"{Convert.ToHexString(Data)}\"), ByteLoopStreamKind.{Kind}, {BufferSize}, {ChunkSeed}, {FailAt}, {Start}, [{string.Join(", ", Ops)}])";
}

/// <summary>
/// Differential tests of <see cref="SkipReader"/> as SL1007's fix uses it over a caller's stream: a loop of
/// single-byte reads (and the odd larger read) that stops anywhere, by the end of the stream, an exception or an early
/// exit, then the reader's disposal; against the same calls on the stream itself. Every result, every exception, the
/// stream's position and every byte the caller reads next are compared.
/// </summary>
public class SkipReaderByteLoopTests
{
    private static readonly Gen<ByteLoopOp> s_op = Gen.Frequency(
        (8, Gen.Const(new ByteLoopOp(0, 0))),
        (2, Gen.Const(new ByteLoopOp(1, 1))),
        (1, Gen.Int[0, 50].Select(n => new ByteLoopOp(2, n))));

    private static readonly Gen<ByteLoopCase> s_case =
        from data in Gen.Frequency((4, Gen.Byte.Array[0, 300]), (2, Gen.Byte.Array[300, 5000]), (1, Gen.Int[16_000, 40_000].Select(SkipReaderTests.Pattern)))
        from kind in Gen.Enum<ByteLoopStreamKind>()
        from bufferSize in Gen.Frequency((4, Gen.Int[1, 17]), (2, Gen.Int[18, 600]), (2, Gen.Const(SkipReader.DefaultBufferSize)))
        from chunkSeed in Gen.Int[0, 1000]
        from failAt in Gen.Int[0, 6000]
        from start in Gen.Frequency((4, Gen.Const(0L)), (1, Gen.Long[0, 400]))
        from ops in Gen.Frequency((3, s_op.Array[0, 100]), (1, s_op.Array[100, 3000]), (1, Gen.Const(Enumerable.Repeat(new ByteLoopOp(0, 0), 45_000).ToArray())))
        select new ByteLoopCase(data, kind, bufferSize, chunkSeed, failAt, kind == ByteLoopStreamKind.NonSeekable ? 0 : start, FullReadsOnly(kind, ops));

    // A larger Read returns what one stream Read returns only over streams that fill every request (SkipReader's
    // contract); over the others SL1007's fix keeps loops of single-byte reads alone, so the cases do too.
    private static ByteLoopOp[] FullReadsOnly(ByteLoopStreamKind kind, ByteLoopOp[] ops)
        => kind is ByteLoopStreamKind.File or ByteLoopStreamKind.Memory ? ops : ops.Where(op => op.A != 2).ToArray();

    [Fact]
    public void Property_ByteLoopsOverACallersStream_LeaveItAsTheLoopDoes()
        => s_case.Sample(c => AssertSame(c), iter: 3_000);

    [Fact]
    public void FailingStream_TheBytesBeforeTheFailureComeFirst()
    {
        // One Read per refill: the loop gets the 100 bytes before the failure (64 straight from the stream, 36 from the
        // first refill), then the exception, as ReadByte gives them.
        var c = new ByteLoopCase(SkipReaderTests.Pattern(300), ByteLoopStreamKind.Failing, SkipReader.DefaultBufferSize, 0, 100, 0,
            Enumerable.Repeat(new ByteLoopOp(0, 0), 120).ToArray());
        AssertSame(c);
        using var stream = Open(c, null);
        using var reader = new SkipReader(stream, leaveOpen: true);
        for (int i = 0; i < 100; i++)
        {
            Assert.Equal(c.Data[i], reader.ReadByte());
        }

        Assert.Throws<IOException>(() => reader.ReadByte());
    }

    [Fact]
    public void AShortCall_ReadsNothingAhead_ALongOneReadsAheadAFewHundredBytesFirst()
    {
        // A call that reads a few bytes of a caller's stream and returns should pay neither a read-ahead nor a seek back;
        // one that goes on should not start with a 16 KB read.
        var stream = new ShortReadStream(SkipReaderTests.Pattern(100_000), canSeek: true, chunkSeed: 0, chunkMax: int.MaxValue);
        using (var reader = new SkipReader(stream, leaveOpen: true))
        {
            for (int i = 0; i < 64; i++)
            {
                Assert.Equal(SkipReaderTests.Pattern(100)[i], reader.ReadByte());
            }

            Assert.Equal(64, stream.Consumed);
            reader.ReadByte();
            Assert.InRange(stream.Consumed, 66, 64 + 256);
        }

        Assert.Equal(65, stream.Position);
    }

    private static void AssertSame(ByteLoopCase c)
    {
        string? difference = Compare(c);
        Assert.True(difference is null, difference + " in " + c);
    }

    private static string? Compare(ByteLoopCase c)
    {
        string? path = null;
        try
        {
            if (c.Kind == ByteLoopStreamKind.File)
            {
                path = Path.Combine(Path.GetTempPath(), "sl1007-" + Guid.NewGuid().ToString("N"));
                File.WriteAllBytes(path, c.Data);
            }

            using Stream expected = Open(c, path);
            using Stream actual = Open(c, path);
            if (c.Start != 0)
            {
                expected.Position = c.Start;
                actual.Position = c.Start;
            }

            var log = new List<string>();
            var ours = new List<string>();
            using (var reader = new SkipReader(actual, leaveOpen: true, c.BufferSize))
            {
                foreach (ByteLoopOp op in c.Ops)
                {
                    string bcl = Step(op, expected.ReadByte, expected.Read);
                    string mine = Step(op, reader.ReadByte, reader.Read);
                    log.Add(bcl);
                    ours.Add(mine);
                    if (bcl != mine)
                    {
                        return $"pass {log.Count - 1} {op}: {mine}, expected {bcl}";
                    }

                    if (bcl.StartsWith("threw", StringComparison.Ordinal) || bcl == "-1")
                    {
                        break; // the loop leaves on an exception or at the end
                    }
                }
            }

            if (c.Kind == ByteLoopStreamKind.NonSeekable)
            {
                // Not read ahead at all: the caller reads on from the very next byte.
                return Rest(expected) == Rest(actual) ? null : "the bytes left differ";
            }

            if (expected.Position != actual.Position)
            {
                return $"position {actual.Position} after the loop, expected {expected.Position}";
            }

            return Rest(expected) == Rest(actual) ? null : "the bytes left differ";
        }
        finally
        {
            if (path is not null)
            {
                File.Delete(path);
            }
        }
    }

    private static string Step(ByteLoopOp op, Func<int> readByte, Func<byte[], int, int, int> read)
    {
        try
        {
            switch (op.A)
            {
                case 0:
                    return readByte().ToString();
                case 1:
                {
                    byte[] one = new byte[1];
                    int n = read(one, 0, 1);
                    return n + ":" + one[0];
                }

                default:
                {
                    byte[] buffer = new byte[op.B];
                    int n = read(buffer, 0, op.B);
                    return n + ":" + Convert.ToHexString(buffer, 0, n);
                }
            }
        }
        catch (Exception e)
        {
            return "threw " + e.GetType().Name;
        }
    }

    private static string Rest(Stream stream)
    {
        var rest = new MemoryStream();
        try
        {
            byte[] buffer = new byte[4096];
            int n;
            while ((n = stream.Read(buffer, 0, buffer.Length)) > 0)
            {
                rest.Write(buffer, 0, n);
            }
        }
        catch (IOException)
        {
            rest.WriteByte(0xEE);
        }

        return Convert.ToHexString(rest.ToArray());
    }

    private static Stream Open(ByteLoopCase c, string? path) => c.Kind switch
    {
        ByteLoopStreamKind.File => new FileStream(path!, FileMode.Open, FileAccess.Read),
        ByteLoopStreamKind.Memory => new MemoryStream(c.Data, writable: false),
        ByteLoopStreamKind.ShortReadsSeekable => new ShortReadStream(c.Data, canSeek: true, c.ChunkSeed, 7),
        ByteLoopStreamKind.PseudoFile => new ShortReadStream(c.Data, canSeek: true, c.ChunkSeed, 7) { ReportsZeroLength = true },
        ByteLoopStreamKind.Failing => new FailingStream(c.Data, c.FailAt),
        _ => new ShortReadStream(c.Data, canSeek: false, c.ChunkSeed, 7),
    };

    /// <summary>A seekable stream over bytes that returns the bytes before <c>failAt</c> and then throws on every read
    /// that would go past it, as a failing disk does.</summary>
    internal sealed class FailingStream : Stream
    {
        private readonly byte[] _data;
        private readonly long _failAt;
        private long _position;

        public FailingStream(byte[] data, long failAt)
        {
            _data = data;
            _failAt = failAt;
        }

        public override bool CanRead => true;

        public override bool CanSeek => true;

        public override bool CanWrite => false;

        public override long Length => _data.Length;

        public override long Position
        {
            get => _position;
            set => _position = value;
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            if (count == 0)
            {
                return 0;
            }

            if (_position >= _failAt && _position < _data.Length)
            {
                throw new IOException("failed at " + _failAt);
            }

            long end = Math.Min(_data.Length, _position < _failAt ? Math.Min(_failAt, _position + count) : _position + count);
            int n = (int)Math.Max(0, end - _position);
            if (n == 0)
            {
                return 0;
            }

            Array.Copy(_data, _position, buffer, offset, n);
            _position += n;
            return n;
        }

        public override long Seek(long offset, SeekOrigin origin)
        {
            _position = origin switch
            {
                SeekOrigin.Begin => offset,
                SeekOrigin.Current => _position + offset,
                _ => _data.Length + offset,
            };
            return _position;
        }

        public override void Flush()
        {
        }

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
