using System;
using System.IO;
using System.Linq;
using System.Text;
using CsCheck;

namespace Streamline.Runtime.Tests;

/// <summary>The caller's streams a counted loop reads through <see cref="BufferedBinaryReader.ReadAhead"/>.</summary>
public enum AheadStreamKind
{
    File,
    Memory,
    ShortReadsSeekable,
    NonSeekable,

    /// <summary>Seekable; returns the bytes before a failure point, then throws IOException.</summary>
    Failing,
}

/// <summary>How the caller's reader is handed to the loop.</summary>
public enum AheadReaderKind
{
    Plain,

    /// <summary>A subclass that reads big-endian values: the scope must keep it.</summary>
    Subclass,

    /// <summary>Disposed with its stream left open: the loop's first read throws.</summary>
    Disposed,

    Null,
}

/// <summary>One counted loop: <c>Prefix</c> bytes read before it, <c>Count</c> and <c>BytesPerPass</c> as the fix
/// passes them, <c>Passes</c> passes that each read the values of <c>PassOps</c> (0 byte, 1 ushort, 2 int, 3 long,
/// 4 float, 5 double, 6 decimal, 7 sbyte, 8 bool, 9 short, 10 uint, 11 ulong), the body throwing before pass <c>ThrowAt</c> (-1: never).</summary>
public sealed record AheadCase(
    byte[] Data, AheadStreamKind Kind, AheadReaderKind Reader, int ChunkSeed, int FailAt, int Prefix, long Count, int BytesPerPass, int Passes, int[] PassOps, int ThrowAt)
{
    public override string ToString() =>
        $"new AheadCase(Convert.FromHexString(\"{Convert.ToHexString(Data)}\"), AheadStreamKind.{Kind}, AheadReaderKind.{Reader}, {ChunkSeed}, {FailAt}, {Prefix}, {Count}, {BytesPerPass}, {Passes}, [{string.Join(", ", PassOps)}], {ThrowAt})";
}

/// <summary>
/// Differential tests of <see cref="BufferedBinaryReader.ReadAhead"/> as SL1002's fix for a counted loop over a
/// caller's reader uses it: the same loop through the caller's <see cref="BinaryReader"/> and through the scope's
/// reader, over file, memory, short-reading, non-seekable and failing streams, with counts that match the loop or not,
/// bodies that throw, readers that are subclasses, disposed or null. Every value, every exception,
/// the stream's position and every byte the caller reads next are compared. Exceptions are compared by type, as in
/// the reader's other differential tests.
/// </summary>
public class BufferedBinaryReaderReadAheadTests
{
    private static readonly int[] s_sizes = [1, 2, 4, 8, 4, 8, 16, 1, 1, 2, 4, 8];

    private static readonly Gen<AheadCase> s_case =
        from data in Gen.Frequency((4, Gen.Byte.Array[0, 400]), (2, Gen.Byte.Array[400, 5000]), (1, Gen.Byte.Array[70_000, 140_000]))
        from kind in Gen.Enum<AheadStreamKind>()
        from reader in Gen.Frequency((12, Gen.Const(AheadReaderKind.Plain)), (1, Gen.Const(AheadReaderKind.Subclass)), (1, Gen.Const(AheadReaderKind.Disposed)), (1, Gen.Const(AheadReaderKind.Null)))
        from chunkSeed in Gen.Int[0, 1000]
        from failAt in Gen.Int[0, 6000]
        from prefix in Gen.Frequency((3, Gen.Const(0)), (1, Gen.Int[1, 40]))
        from passOps in Gen.Frequency((4, Gen.Int[0, 5].Array[1, 4]), (1, Gen.Int[0, 11].Array[1, 12]))
        from passes in Gen.Frequency((4, Gen.Int[0, 60]), (2, Gen.Int[60, 3000]), (1, Gen.Int[3000, 20_000]))
        from countMode in Gen.Int[0, 5]
        from throwAt in Gen.Frequency((4, Gen.Const(-1)), (1, Gen.Int[0, 200]))
        let bytesPerPass = passOps.Sum(op => s_sizes[op])
        select new AheadCase(
            data, kind, reader, chunkSeed, failAt, prefix,
            countMode switch { 0 => passes / 2, 1 => passes + 7, 2 => -1, 3 => long.MaxValue / 3, _ => passes },
            countMode == 4 ? 0 : bytesPerPass, passes, passOps, throwAt);

    [Fact]
    public void CountedLoops_BehaveAsThroughTheCallersReader()
        => s_case.Sample(AssertSame, iter: 3000, threads: 1);

    [Fact]
    public void ALoopThatReadsAhead_LeavesTheStreamForTheCaller_OverEachKind()
    {
        // Enough passes to read ahead; a body that throws half-way; a count that overstates the loop.
        byte[] data = Enumerable.Range(0, 3000).Select(i => (byte)(i * 7)).ToArray();
        foreach (AheadStreamKind kind in Enum.GetValues<AheadStreamKind>())
        {
            AssertSame(new AheadCase(data, kind, AheadReaderKind.Plain, 3, 2500, 5, 400, 6, 400, [1, 2], -1));
            AssertSame(new AheadCase(data, kind, AheadReaderKind.Plain, 3, 2500, 5, 400, 6, 400, [1, 2], 150));
            AssertSame(new AheadCase(data, kind, AheadReaderKind.Plain, 3, 2500, 0, 10_000, 6, 400, [1, 2], -1));
            AssertSame(new AheadCase(data, kind, AheadReaderKind.Plain, 3, 2500, 0, 100, 6, 600, [1, 2], -1));
        }
    }

    [Fact]
    public void ReadsAhead_OnlyWhereItCanBeUndoneAndPays()
    {
        // Read calls the stream sees for 100 Int32 values (or 15, below MinReadAhead's 64 bytes).
        static int ReadCalls(bool canSeek, int values, Func<Stream, BinaryReader> make)
        {
            var stream = new ShortReadStream(new byte[1000], canSeek, 1, int.MaxValue);
            BinaryReader reader = make(stream);
            using (var scope = BufferedBinaryReader.ReadAhead(reader, values, 4))
            {
                for (int i = 0; i < values; i++)
                    _ = scope.ReadInt32();
            }

            Assert.Equal(values * 4, stream.Consumed);
            return stream.ReadCalls;
        }

        // The zero-byte read that checks the reader is open, then one read of the loop's 400 bytes.
        Assert.Equal(2, ReadCalls(canSeek: true, 100, s => new BinaryReader(s)));

        // Below MinReadAhead, a stream that cannot seek, a subclass: every read through the caller's reader.
        Assert.Equal(15, ReadCalls(canSeek: true, 15, s => new BinaryReader(s)));
        Assert.Equal(100, ReadCalls(canSeek: false, 100, s => new BinaryReader(s)));
        Assert.Equal(100, ReadCalls(canSeek: true, 100, s => new CountingReader(s)));

        using var nullScope = BufferedBinaryReader.ReadAhead(null, 100, 4);
        Assert.Throws<NullReferenceException>(() => nullScope.ReadInt32());
    }

    [Fact]
    public void AScopeUsedAfterItsLoop_Throws_AndCannotReadTheNextLoopsBytes()
    {
        byte[] data = Enumerable.Range(0, 1000).Select(i => (byte)i).ToArray();
        var stream = new ShortReadStream(data, canSeek: true, 1, int.MaxValue);
        var reader = new BinaryReader(stream);
        BufferedBinaryReader.ReadAheadScope first = BufferedBinaryReader.ReadAhead(reader, 100, 1);
        Assert.Equal(0, first.ReadByte());
        first.Dispose();
        Assert.Equal(1, stream.Position);
        first.Dispose(); // a second Dispose does nothing
        Assert.Equal(1, stream.Position);

        // The next loop on this thread reuses the window: the first scope must not read its bytes.
        using var second = BufferedBinaryReader.ReadAhead(reader, 100, 1);
        Assert.Equal(1, second.ReadByte());
        Assert.Throws<ObjectDisposedException>(() => first.ReadByte());
        Assert.Throws<ObjectDisposedException>(() => first.ReadInt32());
        Assert.Equal(2, second.ReadByte());
    }

    /// <summary>A subclass whose reads the scope must leave to it.</summary>
    private sealed class CountingReader(Stream input) : BinaryReader(input)
    {
        public override int ReadInt32() => base.ReadInt32();
    }

    internal static void AssertSame(AheadCase c)
    {
        string expected = Run(c, fixedLoop: false);
        string actual = Run(c, fixedLoop: true);
        Assert.True(expected == actual, $"through the caller's reader:\n{Cut(expected)}\nthrough ReadAhead:\n{Cut(actual)}\nin {c}");
    }

    private static string Cut(string s) => s.Length <= 600 ? s : s.Substring(0, 300) + " ... " + s.Substring(s.Length - 300);

    private static string Run(AheadCase c, bool fixedLoop)
    {
        string? path = null;
        try
        {
            if (c.Kind == AheadStreamKind.File)
            {
                path = Path.Combine(Path.GetTempPath(), "sl1002-ahead-" + Guid.NewGuid().ToString("N"));
                File.WriteAllBytes(path, c.Data);
            }

            using Stream stream = c.Kind switch
            {
                AheadStreamKind.File => new FileStream(path!, FileMode.Open, FileAccess.Read),
                AheadStreamKind.Memory => new MemoryStream(c.Data, writable: false),
                AheadStreamKind.ShortReadsSeekable => new ShortReadStream(c.Data, canSeek: true, c.ChunkSeed, 7),
                AheadStreamKind.Failing => new SkipReaderByteLoopTests.FailingStream(c.Data, c.FailAt),
                _ => new ShortReadStream(c.Data, canSeek: false, c.ChunkSeed, 7),
            };
            var log = new StringBuilder();
            BinaryReader? reader = c.Reader switch
            {
                AheadReaderKind.Subclass => new BigEndianReader(stream),
                AheadReaderKind.Null => null,
                _ => new BinaryReader(stream, Encoding.UTF8, leaveOpen: true),
            };
            try
            {
                for (int i = 0; i < c.Prefix; i++)
                    log.Append(reader!.ReadByte()).Append(',');
                if (c.Reader == AheadReaderKind.Disposed)
                    reader!.Dispose();
                log.Append('|');
                if (fixedLoop)
                {
                    using (var ahead = BufferedBinaryReader.ReadAhead(reader, c.Count, c.BytesPerPass))
                        Loop(c, log, ahead.ReadByte, ahead.ReadUInt16, ahead.ReadInt32, ahead.ReadInt64, ahead.ReadSingle, ahead.ReadDouble, ahead.ReadDecimal, ahead.ReadSByte, ahead.ReadBoolean, ahead.ReadInt16, ahead.ReadUInt32, ahead.ReadUInt64);
                }
                else
                {
                    // Lambdas: a null reader throws at the first read, as the loop did.
                    Loop(c, log, () => reader!.ReadByte(), () => reader!.ReadUInt16(), () => reader!.ReadInt32(), () => reader!.ReadInt64(), () => reader!.ReadSingle(), () => reader!.ReadDouble(), () => reader!.ReadDecimal(), () => reader!.ReadSByte(), () => reader!.ReadBoolean(), () => reader!.ReadInt16(), () => reader!.ReadUInt32(), () => reader!.ReadUInt64());
                }
            }
            catch (Exception e) when (e is not Xunit.Sdk.XunitException)
            {
                // The type (messages differ where BufferedBinaryReader words them its own way, as for a bad decimal).
                log.Append(" threw ").Append(e.GetType().Name);
            }

            // The caller goes on with its stream: where it is, and every byte it reads next.
            log.Append(" | consumed ").Append(stream is ShortReadStream s ? s.Consumed : stream.CanSeek ? stream.Position : -1).Append(" | next ");
            try
            {
                int b;
                while ((b = stream.ReadByte()) != -1)
                    log.Append(b.ToString("x2"));
            }
            catch (IOException e)
            {
                log.Append(" threw ").Append(e.Message);
            }

            return log.ToString();
        }
        finally
        {
            if (path is not null)
                File.Delete(path);
        }
    }

    private static void Loop(
        AheadCase c, StringBuilder log, Func<byte> readByte, Func<ushort> readUInt16, Func<int> readInt32, Func<long> readInt64, Func<float> readSingle,
        Func<double> readDouble, Func<decimal> readDecimal, Func<sbyte> readSByte, Func<bool> readBoolean, Func<short> readInt16, Func<uint> readUInt32, Func<ulong> readUInt64)
    {
        for (int pass = 0; pass < c.Passes; pass++)
        {
            if (pass == c.ThrowAt)
                throw new InvalidOperationException("the body threw at pass " + pass);
            foreach (int op in c.PassOps)
            {
                object value = op switch
                {
                    0 => readByte(),
                    1 => readUInt16(),
                    2 => readInt32(),
                    3 => readInt64(),
                    4 => readSingle(),
                    5 => readDouble(),
                    6 => readDecimal(),
                    7 => readSByte(),
                    8 => readBoolean(),
                    9 => readInt16(),
                    10 => readUInt32(),
                    _ => readUInt64(),
                };
                log.Append(value).Append(',');
            }
        }
    }

    /// <summary>A reader of its own kind, as a font library's byte-swapping reader: it must read as it does.</summary>
    private sealed class BigEndianReader(Stream input) : BinaryReader(input, Encoding.UTF8, leaveOpen: true)
    {
        public override ushort ReadUInt16() => (ushort)((ReadByte() << 8) | ReadByte());

        public override int ReadInt32() => (ReadUInt16() << 16) | ReadUInt16();
    }
}
