using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using CsCheck;

namespace Streamline.Runtime.Tests;

/// <summary>The streams a SkipReader case runs over, and what the original loop runs over beside it.</summary>
public enum SkipStreamKind
{
    /// <summary>A FileStream on a temporary file, for both.</summary>
    File,

    /// <summary>A MemoryStream, for both.</summary>
    Memory,

    /// <summary>A seekable stream whose reads return 1 to a few bytes under the reader; a MemoryStream for the loop,
    /// standing for the FileStream over a disk file whose every read is full.</summary>
    ShortReads,

    /// <summary>A stream that cannot seek and returns short reads, the same one for both.</summary>
    NonSeekable,

    /// <summary>A seekable stream whose Length is 0 and whose reads are short, as a pseudo-file under /proc: the same
    /// one for both.</summary>
    PseudoFile,
}

public enum SkipOpKind
{
    Read,
    ReadAt,
    ReadByte,
    Skip,
    Position,
}

/// <summary>One call: Read(buffer of A bytes, B, C), ReadByte(), Skip(A) (<c>Position += A</c> in the loop), or a read of
/// Position.</summary>
public readonly record struct SkipOp(SkipOpKind Kind, int A = 0, int B = 0, int C = 0)
{
    public override string ToString() => $"new SkipOp(SkipOpKind.{Kind}, {A}, {B}, {C})";
}

public sealed record SkipCase(byte[] Data, SkipStreamKind Kind, int BufferSize, int ChunkSeed, int ChunkMax, long StartPosition, SkipOp[] Ops)
{
    public override string ToString() =>
        $"new SkipCase(Convert.FromHexString(\"{Convert.ToHexString(Data)}\"), SkipStreamKind.{Kind}, {BufferSize}, {ChunkSeed}, {ChunkMax}, {StartPosition}, [{string.Join(", ", Ops)}])";
}

/// <summary>
/// Differential tests of <see cref="SkipReader"/> against the loop it replaces: the same calls on the BCL stream
/// (<c>stream.Read</c>, <c>stream.ReadByte()</c>, <c>stream.Position += n</c>), every result, every byte, every
/// exception (type and parameter name) and the stream's final position compared.
/// </summary>
public class SkipReaderTests
{
    private static readonly Gen<byte[]> s_data = Gen.Frequency(
        (6, Gen.Byte.Array[0, 200]),
        (2, Gen.Byte.Array[200, 3000]),
        (1, Gen.Int[SkipReader.DefaultBufferSize - 50, (2 * SkipReader.DefaultBufferSize) + 50].Select(n => Pattern(n))));

    private static readonly Gen<int> s_skip = Gen.Frequency(
        (6, Gen.Int[0, 8]),
        (3, Gen.Int[9, 300]),
        (1, Gen.Int[300, 40_000]),
        (1, Gen.Const(0)));

    private static readonly Gen<SkipOp> s_op = Gen.Frequency(
        (5, Gen.Frequency((6, Gen.Int[0, 16]), (2, Gen.Int[17, 400]), (1, Gen.Int[400, 40_000])).Select(n => new SkipOp(SkipOpKind.Read, n, 0, n))),
        (1, from length in Gen.Int[0, 40]
            from offset in Gen.Frequency((5, Gen.Int[0, 10]), (1, Gen.Int[-2, 45]))
            from count in Gen.Frequency((5, Gen.Int[0, 30]), (1, Gen.Int[-2, 45]))
            select new SkipOp(SkipOpKind.ReadAt, length, offset, count)),
        (1, Gen.Const(new SkipOp(SkipOpKind.ReadByte))),
        (1, Gen.Const(new SkipOp(SkipOpKind.Position))),
        (5, s_skip.Select(n => new SkipOp(SkipOpKind.Skip, n))));

    private static readonly Gen<SkipCase> s_case =
        from data in s_data
        from kind in Gen.Enum<SkipStreamKind>()
        from bufferSize in Gen.Frequency((6, Gen.Int[1, 17]), (2, Gen.Int[18, 300]), (1, Gen.Const(SkipReader.DefaultBufferSize)))
        from chunkSeed in Gen.Int[0, 1000]
        from chunkMax in Gen.Int[1, 20]
        from start in Gen.Frequency((5, Gen.Const(0L)), (1, Gen.Long[0, 400]))
        from ops in s_op.Array[0, 30]
        select new SkipCase(data, kind, bufferSize, chunkSeed, chunkMax, kind == SkipStreamKind.NonSeekable ? 0 : start, ops);

    // The seed case's shape: while ((n = stream.Read(buffer, 0, read)) > 0) { ...; stream.Position += skip; }
    private static readonly Gen<SkipCase> s_loop =
        from data in s_data
        from kind in Gen.Enum<SkipStreamKind>()
        from bufferSize in Gen.Frequency((4, Gen.Int[1, 17]), (2, Gen.Int[18, 300]), (2, Gen.Const(SkipReader.DefaultBufferSize)))
        from chunkSeed in Gen.Int[0, 1000]
        from chunkMax in Gen.Int[1, 20]
        from read in Gen.Frequency((6, Gen.Int[1, 16]), (2, Gen.Int[17, 400]), (1, Gen.Int[400, 40_000]), (1, Gen.Const(0)))
        from skip in s_skip
        select LoopCase(data, kind, bufferSize, chunkSeed, chunkMax, read, skip);

    [Fact]
    public void Property_LoopOfReadThenSkip_MatchesPositionAdvance()
        => s_loop.Sample(c => AssertSame(c), iter: 10_000);

    [Fact]
    public void Property_AnyReadsAndSkips_MatchPositionAdvance()
        => s_case.Sample(c => AssertSame(c), iter: 10_000);

    [Fact]
    public void SeedCase_Read4Skip3_OverAFile()
        => AssertSame(LoopCase(Pattern(100_000), SkipStreamKind.File, SkipReader.DefaultBufferSize, 0, 1, read: 4, skip: 3));

    [Fact]
    public void SkipPastTheEnd_LaterReadsReturnZero_AndThePositionIsPastTheEnd()
        => AssertSame(new SkipCase(Pattern(10), SkipStreamKind.File, SkipReader.DefaultBufferSize, 0, 1, 0,
            [new SkipOp(SkipOpKind.Read, 4, 0, 4), new SkipOp(SkipOpKind.Skip, 100), new SkipOp(SkipOpKind.Read, 4, 0, 4),
             new SkipOp(SkipOpKind.ReadByte), new SkipOp(SkipOpKind.Skip, 3)]));

    [Fact]
    public void SkipLargerThanTheBuffer_SeeksOnce_AndKeepsReading()
        => AssertSame(new SkipCase(Pattern(200), SkipStreamKind.ShortReads, 8, 7, 3, 0,
            [new SkipOp(SkipOpKind.Read, 3, 0, 3), new SkipOp(SkipOpKind.Skip, 50), new SkipOp(SkipOpKind.Read, 20, 0, 20),
             new SkipOp(SkipOpKind.Skip, 9), new SkipOp(SkipOpKind.ReadByte)]));

    // Shrunk by CsCheck: ReadByte after a skip that the refill lands inside returned the buffer's first byte.
    [Fact]
    public void Pinned_ReadByteAfterAPendingSkipInsideTheNextBuffer()
        => AssertSame(new SkipCase(Convert.FromHexString("09E470A15A9B9C34B0874F0D21A6"), SkipStreamKind.ShortReads, 10, 690, 20, 0,
            [new SkipOp(SkipOpKind.Skip, 5), new SkipOp(SkipOpKind.ReadByte), new SkipOp(SkipOpKind.Skip, 227), new SkipOp(SkipOpKind.Read, 4, 0, 4)]));

    [Fact]
    public void InvalidArguments_ThrowWhatTheStreamThrows()
        => AssertSame(new SkipCase(Pattern(50), SkipStreamKind.File, 16, 0, 1, 0,
            [new SkipOp(SkipOpKind.ReadAt, 10, -1, 2), new SkipOp(SkipOpKind.ReadAt, 10, 2, -1), new SkipOp(SkipOpKind.ReadAt, 10, 8, 5),
             new SkipOp(SkipOpKind.ReadAt, -1, 0, 1), new SkipOp(SkipOpKind.Read, 5, 0, 5)]));

    [Fact]
    public void NonSeekable_SkipThrowsNotSupported_LikePositionAdvance()
        => AssertSame(new SkipCase(Pattern(50), SkipStreamKind.NonSeekable, 16, 3, 4, 0,
            [new SkipOp(SkipOpKind.Read, 10, 0, 10), new SkipOp(SkipOpKind.Skip, 0), new SkipOp(SkipOpKind.Read, 10, 0, 10)]));

    [Fact]
    public void ClosedStream_FirstReadThrowsObjectDisposed_LikeTheStream()
    {
        var bcl = new MemoryStream(Pattern(10));
        bcl.Dispose();
        var ours = new MemoryStream(Pattern(10));
        ours.Dispose();
        using var reader = new SkipReader(ours, leaveOpen: true);
        Exception expected = Assert.ThrowsAny<Exception>(() => bcl.Read(new byte[4], 0, 4));
        Exception actual = Assert.ThrowsAny<Exception>(() => reader.Read(new byte[4], 0, 4));
        Assert.Equal(expected.GetType(), actual.GetType());
    }

    [Fact]
    public void Dispose_ClosesTheStreamUnlessLeftOpen_AndLaterCallsThrow()
    {
        var owned = new MemoryStream(Pattern(10));
        var reader = new SkipReader(owned);
        reader.Read(new byte[2], 0, 2);
        reader.Dispose();
        reader.Dispose();
        Assert.False(owned.CanRead);
        Assert.Throws<ObjectDisposedException>(() => reader.Read(new byte[2], 0, 2));
        Assert.Throws<ObjectDisposedException>(() => reader.ReadByte());
        Assert.Throws<ObjectDisposedException>(() => reader.Skip(1));
        Assert.Throws<ObjectDisposedException>(() => reader.Position);

        var kept = new MemoryStream(Pattern(10));
        var leaving = new SkipReader(kept, leaveOpen: true);
        using (leaving)
        {
            leaving.Read(new byte[2], 0, 2);
            leaving.Skip(3);
            Assert.Equal(5, leaving.Position);
        }

        Assert.True(kept.CanRead);
        Assert.Equal(5, kept.Position);

        // Left open, the stream would still answer: the reader itself must refuse.
        Assert.Throws<ObjectDisposedException>(() => leaving.Read(new byte[2], 0, 2));
        Assert.Throws<ObjectDisposedException>(() => leaving.ReadByte());
        Assert.Throws<ObjectDisposedException>(() => leaving.Skip(1));
        Assert.Throws<ObjectDisposedException>(() => leaving.Position);
        Assert.Equal(5, kept.Position);
    }

    [Fact]
    public void Position_CountsASkipNotYetApplied()
        => AssertSame(new SkipCase(Pattern(5000), SkipStreamKind.File, 16, 0, 1, 0,
            [new SkipOp(SkipOpKind.Read, 4, 0, 4), new SkipOp(SkipOpKind.Skip, 1000), new SkipOp(SkipOpKind.Position),
             new SkipOp(SkipOpKind.Skip, 3), new SkipOp(SkipOpKind.Position), new SkipOp(SkipOpKind.Read, 8, 0, 8),
             new SkipOp(SkipOpKind.Position)]));

    [Fact]
    public void PseudoFile_ShortReadsReachTheCallerAsInTheLoop()
        => AssertSame(LoopCase(Pattern(3000), SkipStreamKind.PseudoFile, SkipReader.DefaultBufferSize, 11, 300, read: 64, skip: 5));

    // Linux: a /proc file reports length 0 and returns short reads; the loop sees those short reads.
    [Fact]
    public void ProcFile_ReadsAndSkipsAsTheLoop()
    {
        const string path = "/proc/kallsyms"; // megabytes, stable, returned a page or less per read
        if (!File.Exists(path))
        {
            return; // not Linux: nothing to compare
        }

        using var loop = new FileStream(path, FileMode.Open, FileAccess.Read);
        using var ours = new FileStream(path, FileMode.Open, FileAccess.Read);
        Assert.Equal(0, loop.Length);
        using var reader = new SkipReader(ours, leaveOpen: true);
        int shortReads = 0;
        byte[] expected = new byte[5000];
        byte[] actual = new byte[5000];
        for (int pass = 0; pass < 50; pass++)
        {
            int n = loop.Read(expected, 0, expected.Length);
            Assert.Equal(n, reader.Read(actual, 0, actual.Length));
            Assert.True(expected.AsSpan(0, n).SequenceEqual(actual.AsSpan(0, n)));
            if (n == 0)
            {
                break;
            }

            shortReads += n < expected.Length ? 1 : 0;
            loop.Position += 3;
            reader.Skip(3);
        }

        Assert.Equal(loop.Position, reader.Position);
        Assert.True(shortReads > 0, "the pseudo-file returned no short read: the test compares nothing");
    }

    // Near long.MaxValue: Position += count overflows (the stream throws and stays put), and a read whose end passes
    // the largest offset the OS accepts fails with IOException, in the loop and through the reader alike.
    [Theory]
    [InlineData(5L, 8)]
    [InlineData(5L, 20_000)]
    [InlineData(10L, 8)]
    [InlineData(100L, 20_000)]
    [InlineData(10_000L, 20_000)]
    [InlineData(20_000L, 20_000)]
    [InlineData(20_000L, 8)]
    [InlineData(70_000L, 4096)]
    public void FarSkips_BehaveAsTheLoop(long belowMax, int readCount)
    {
        string path = Path.Combine(Path.GetTempPath(), "sl1001-far-" + Guid.NewGuid().ToString("N"));
        File.WriteAllBytes(path, Pattern(100));
        try
        {
            List<string> Run(bool useReader)
            {
                var log = new List<string>();
                using var stream = new FileStream(path, FileMode.Open, FileAccess.Read);
                var reader = new SkipReader(stream, leaveOpen: true);
                byte[] buffer = new byte[readCount];
                void Step(Func<object> action)
                {
                    try
                    {
                        log.Add(action().ToString()!);
                    }
                    catch (Exception e)
                    {
                        log.Add(e.GetType().Name + (e is ArgumentException a ? "(" + a.ParamName + ")" : string.Empty));
                    }
                }

                Step(() => useReader ? reader.Read(buffer, 0, 8) : stream.Read(buffer, 0, 8));
                Step(() => { if (useReader) { reader.Skip(long.MaxValue - belowMax); } else { stream.Position += long.MaxValue - belowMax; } return "skipped"; });
                Step(() => useReader ? reader.Position : stream.Position);
                Step(() => useReader ? reader.Read(buffer, 0, readCount) : stream.Read(buffer, 0, readCount));
                Step(() => useReader ? reader.ReadByte() : stream.ReadByte());
                Step(() => { reader.Dispose(); return stream.Position; });
                return log;
            }

            List<string> expected = Run(useReader: false);
            Assert.Equal(expected, Run(useReader: true));
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void Skip_RejectsANegativeCount()
    {
        using var reader = new SkipReader(new MemoryStream(Pattern(10)));
        Assert.Equal("count", Assert.Throws<ArgumentOutOfRangeException>(() => reader.Skip(-1)).ParamName);
        Assert.Equal("stream", Assert.Throws<ArgumentNullException>(() => new SkipReader(null!)).ParamName);
    }

    internal static SkipCase LoopCase(byte[] data, SkipStreamKind kind, int bufferSize, int chunkSeed, int chunkMax, int read, int skip)
    {
        // The loop reads until Read returns 0; a generous bound on the passes keeps every case finite.
        var ops = new List<SkipOp>();
        int passes = read == 0 ? 1 : Math.Min(3_000, (data.Length / Math.Max(1, read + skip)) + 2);
        for (int i = 0; i < passes; i++)
        {
            ops.Add(new SkipOp(SkipOpKind.Read, read, 0, read));
            ops.Add(new SkipOp(SkipOpKind.Skip, skip));
        }

        return new SkipCase(data, kind, bufferSize, chunkSeed, chunkMax, 0, ops.ToArray());
    }

    internal static byte[] Pattern(int length)
    {
        byte[] data = new byte[length];
        for (int i = 0; i < data.Length; i++)
        {
            data[i] = (byte)((i * 31) + (i >> 8));
        }

        return data;
    }

    internal static void AssertSame(SkipCase c)
    {
        string? difference = Compare(c);
        Assert.True(difference is null, difference + " in " + c);
    }

    /// <summary>Runs the case both ways; null when they agree, else the first difference.</summary>
    internal static string? Compare(SkipCase c)
    {
        string? path = null;
        try
        {
            if (c.Kind == SkipStreamKind.File)
            {
                path = Path.Combine(Path.GetTempPath(), "sl1001-" + Guid.NewGuid().ToString("N"));
                File.WriteAllBytes(path, c.Data);
            }

            using Stream bclStream = Open(c, path, forReader: false);
            using Stream ourStream = Open(c, path, forReader: true);
            if (c.StartPosition != 0)
            {
                bclStream.Position = c.StartPosition;
                ourStream.Position = c.StartPosition;
            }

            bool checkArguments = c.Kind != SkipStreamKind.ShortReads; // the loop runs over a MemoryStream there, which checks arguments its own way
            using (var reader = new SkipReader(ourStream, leaveOpen: true, c.BufferSize))
            {
                for (int i = 0; i < c.Ops.Length; i++)
                {
                    SkipOp op = c.Ops[i];
                    if (op.Kind == SkipOpKind.ReadAt && !checkArguments && !ValidRange(op))
                    {
                        continue;
                    }

                    string? difference = Step(op, bclStream, reader, out bool stop);
                    if (difference is not null)
                    {
                        return $"op {i} {op}: {difference}";
                    }

                    if (stop)
                    {
                        break;
                    }
                }
            }

            if (c.Kind != SkipStreamKind.NonSeekable && bclStream.Position != ourStream.Position)
            {
                return $"final position {ourStream.Position}, expected {bclStream.Position}";
            }

            return null;
        }
        finally
        {
            if (path is not null)
            {
                File.Delete(path);
            }
        }
    }

    private static bool ValidRange(SkipOp op) => op.A >= 0 && op.B >= 0 && op.C >= 0 && op.A - op.B >= op.C;

    private static Stream Open(SkipCase c, string? path, bool forReader) => c.Kind switch
    {
        SkipStreamKind.File => new FileStream(path!, FileMode.Open, FileAccess.Read),
        SkipStreamKind.Memory => new MemoryStream(c.Data, writable: false),
        SkipStreamKind.ShortReads => forReader ? new ShortReadStream(c.Data, canSeek: true, c.ChunkSeed, c.ChunkMax) : new MemoryStream(c.Data, writable: false),
        SkipStreamKind.PseudoFile => new ShortReadStream(c.Data, canSeek: true, c.ChunkSeed, c.ChunkMax) { ReportsZeroLength = true },
        _ => new ShortReadStream(c.Data, canSeek: false, c.ChunkSeed, c.ChunkMax),
    };

    private static string? Step(SkipOp op, Stream bcl, SkipReader ours, out bool stop)
    {
        stop = false;
        switch (op.Kind)
        {
            case SkipOpKind.Read:
            case SkipOpKind.ReadAt:
            {
                byte[]? expectedBuffer = op.A < 0 ? null : new byte[op.A];
                byte[]? actualBuffer = op.A < 0 ? null : new byte[op.A];
                var expected = Run(() => bcl.Read(expectedBuffer!, op.B, op.C));
                var actual = Run(() => ours.Read(actualBuffer!, op.B, op.C));
                string? difference = Same(expected, actual);
                if (difference is null && expectedBuffer is not null && !expectedBuffer.AsSpan().SequenceEqual(actualBuffer))
                {
                    difference = "bytes differ";
                }

                stop = op.Kind == SkipOpKind.Read && expected.Value == 0 && op.C != 0; // the loop ends when Read returns 0
                return difference;
            }

            case SkipOpKind.ReadByte:
                return Same(Run(() => bcl.ReadByte()), Run(() => ours.ReadByte()));
            case SkipOpKind.Position:
                return Same(Run(() => bcl.Position), Run(() => ours.Position));
            default:
                return Same(Run(() => { bcl.Position += op.A; return 0L; }), Run(() => { ours.Skip(op.A); return 0L; }));
        }
    }

    private static (T? Value, Exception? Error) Run<T>(Func<T> action)
    {
        try
        {
            return (action(), null);
        }
        catch (Exception e) when (e is not Xunit.Sdk.XunitException)
        {
            return (default, e);
        }
    }

    private static string? Same<T>((T? Value, Exception? Error) expected, (T? Value, Exception? Error) actual)
    {
        if (expected.Error is not null || actual.Error is not null)
        {
            if (expected.Error?.GetType() != actual.Error?.GetType())
            {
                return $"threw {actual.Error?.GetType().Name ?? "nothing"}, expected {expected.Error?.GetType().Name ?? "nothing"} ({expected.Error?.Message ?? actual.Error?.Message})";
            }

            string? expectedParam = (expected.Error as ArgumentException)?.ParamName;
            string? actualParam = (actual.Error as ArgumentException)?.ParamName;
            return expectedParam == actualParam ? null : $"ParamName {actualParam}, expected {expectedParam}";
        }

        return EqualityComparer<T>.Default.Equals(expected.Value, actual.Value) ? null : $"returned {actual.Value}, expected {expected.Value}";
    }
}
