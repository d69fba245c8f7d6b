using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using Xunit.Abstractions;

namespace Streamline.Runtime.Tests;

/// <summary>
/// Differential tests of <see cref="BufferedBinaryReader.ReadAheadUntil"/>, <see cref="BufferedBinaryReader.ReadAheadScope.Position"/>
/// and <see cref="BufferedBinaryReader.ReadAheadScope.ReadBytes"/> as SL1002's fix uses them for a loop over a caller's
/// reader that runs until the stream reaches a position: the ORIGINAL loop
/// <c>while (reader.BaseStream.Position &lt; end) { ...reads of reader... }</c> against the FIXED loop
/// <c>using (var ahead = BufferedBinaryReader.ReadAheadUntil(reader, end)) { while (ahead.Position &lt; end) { ...reads of ahead... } }</c>,
/// each on its own copy of the same stream wrapped in the caller's <see cref="BinaryReader"/>. Every value (floats by
/// bits, decimals by their bits, byte arrays by content), every position the body asks, every exception (type, and
/// ParamName for an <see cref="ArgumentException"/>), the number of passes, and afterwards the stream's position and
/// every byte the caller reads next are compared. Cases are seeded (<see cref="Make"/> rebuilds one from its seed).
/// </summary>
public class BufferedBinaryReaderReadAheadUntilTests(ITestOutputHelper output)
{
    /// <summary>Generated cases per stream kind.</summary>
    private const int CasesPerKind = 600;

    private const int BaseSeed = 20_260_200;

    // A loop never runs more passes than this (it reads at least a byte a pass until it stalls, and the streams hold
    // at most 200 KB).
    private const int MaxPasses = 250_000;

    private static readonly int[] s_byteCounts = [0, 0, 1, 1, 1, 3, 3, 3, 4, 4, 4, 16, 16, 16, 100, 100, 5000, 5000, 70_000, -1];

    private static readonly int[] s_boundaries = [64, 256, 4096, 65_536];

    private static readonly FieldInfo s_window =
        typeof(BufferedBinaryReader.ReadAheadScope).GetField("_window", BindingFlags.NonPublic | BindingFlags.Instance)!;

    /// <summary>The caller's streams the loop runs over.</summary>
    public enum UntilStreamKind
    {
        File,
        Memory,

        /// <summary>Seekable; overrides only <see cref="Stream.Read(byte[], int, int)"/>, returning at most a random k bytes a call.</summary>
        ShortReads,

        NonSeekable,

        /// <summary>A <see cref="BufferedStream"/> over one of the other kinds.</summary>
        Buffered,

        /// <summary>Seekable, short reads; returns the bytes before a failure point, then throws IOException.</summary>
        Failing,
    }

    /// <summary>How the caller's reader is handed to the loop.</summary>
    public enum UntilReaderKind
    {
        /// <summary>A BinaryReader with leaveOpen: true.</summary>
        Plain,

        /// <summary>A BinaryReader with leaveOpen: false (not disposed).</summary>
        Owning,

        /// <summary>A subclass whose ReadInt32 and ReadBytes return something else: the scope must read through it.</summary>
        Subclass,

        DisposedLeaveOpen,

        DisposedClosing,

        Null,
    }

    /// <summary>One step of a pass: the twelve fixed-size reads, ReadBytes(Count), ReadBytes(last value % 4096), Position.</summary>
    public enum UntilOpKind
    {
        Byte,
        SByte,
        Boolean,
        Int16,
        UInt16,
        Int32,
        UInt32,
        Int64,
        UInt64,
        Single,
        Double,
        Decimal,
        Bytes,
        BytesOfLast,
        Position,
    }

    /// <summary>A step; <c>IfOdd</c>: only when the last value read is odd; <c>CatchArgument</c>: the body catches
    /// ReadBytes' ArgumentOutOfRangeException and goes on.</summary>
    public readonly record struct UntilOp(UntilOpKind Kind, int Count = 0, bool IfOdd = false, bool CatchArgument = false)
    {
        public override string ToString() =>
            (IfOdd ? "if odd " : string.Empty) + Kind + (Kind == UntilOpKind.Bytes ? "(" + Count + ")" : string.Empty) + (CatchArgument ? " caught" : string.Empty);
    }

    /// <summary>One loop: the stream's bytes and kind, the start it is positioned at, <c>Prefix</c> bytes read
    /// through the reader before the loop, the loop's <c>End</c> and its pass (<c>Ops</c>); the body throws before pass
    /// <c>ThrowAt</c>, breaks after pass <c>BreakAt</c> or when the last value's low byte is <c>BreakOn</c> (-1: never).</summary>
    public sealed record UntilCase(
        int Seed, byte[] Data, UntilStreamKind Kind, UntilStreamKind Inner, int BufferSize, UntilReaderKind Reader, int ChunkSeed, int ChunkMax,
        long FailAt, long Start, int Prefix, long End, UntilOp[] Ops, int ThrowAt, int BreakAt, int BreakOn, bool PositionEveryOp)
    {
        public override string ToString() =>
            $"seed {Seed} (Make({Seed}, UntilStreamKind.{Kind})): {Data.Length} bytes, {Kind}"
            + (Kind == UntilStreamKind.Buffered ? $" over {Inner}" : string.Empty)
            + $", buffer {BufferSize}, reader {Reader}, chunks <= {ChunkMax}, failAt {FailAt}, start {Start}, prefix {Prefix}, end {End}, "
            + $"pass [{string.Join(", ", Ops)}], throwAt {ThrowAt}, breakAt {BreakAt}, breakOn {BreakOn}, positionEveryOp {PositionEveryOp}";
    }

    [Theory]
    [InlineData(UntilStreamKind.File)]
    [InlineData(UntilStreamKind.Memory)]
    [InlineData(UntilStreamKind.ShortReads)]
    [InlineData(UntilStreamKind.NonSeekable)]
    [InlineData(UntilStreamKind.Buffered)]
    [InlineData(UntilStreamKind.Failing)]
    public void GeneratedLoops_BehaveAsTheOriginalLoop(UntilStreamKind kind)
    {
        int readAhead = 0;
        var failures = new List<string>();
        var endings = new SortedDictionary<string, int>(StringComparer.Ordinal);
        for (int i = 0; i < CasesPerKind; i++)
        {
            UntilCase c = Make(BaseSeed + ((int)kind * 100_000) + i, kind);
            string? difference = Check(c, out bool aheadUsed, out string ending);
            readAhead += aheadUsed ? 1 : 0;
            endings[ending] = endings.TryGetValue(ending, out int n) ? n + 1 : 1;
            if (difference is not null)
            {
                failures.Add(difference);
            }
        }

        output.WriteLine($"{kind}: {CasesPerKind} cases, {readAhead} read ahead, {failures.Count} differ");
        output.WriteLine("  endings: " + string.Join(", ", endings.Select(e => e.Key + " " + e.Value)));
        Assert.True(
            failures.Count == 0,
            $"{failures.Count} of {CasesPerKind} {kind} cases differ; the first:\n" + string.Join("\n\n", failures.Take(3)));

        // The cases must exercise the read-ahead path where the stream allows it.
        if (kind != UntilStreamKind.NonSeekable)
        {
            Assert.True(readAhead > CasesPerKind / 4, $"only {readAhead} of {CasesPerKind} {kind} cases read ahead");
        }
    }

    [Fact]
    public void ALoopOverEachKind_AtTheReadAheadBoundaries_BehavesAsTheOriginalLoop()
    {
        // Streams of 64/256/4096/65536 bytes (and one either side), ends at, below and beyond them.
        var failures = new List<string>();
        int cases = 0;
        int seed = 0;
        foreach (UntilStreamKind kind in Enum.GetValues<UntilStreamKind>())
        {
            foreach (int boundary in s_boundaries)
            {
                for (int delta = -1; delta <= 1; delta++)
                {
                    byte[] data = Pattern(boundary + delta);
                    foreach (long end in new[] { data.Length, data.Length - 1, data.Length + 1, boundary, long.MaxValue })
                    {
                        foreach (UntilOp[] ops in new[]
                        {
                            new[] { new UntilOp(UntilOpKind.Int32) },
                            new[] { new UntilOp(UntilOpKind.Byte), new UntilOp(UntilOpKind.Position), new UntilOp(UntilOpKind.Bytes, 3) },
                            new[] { new UntilOp(UntilOpKind.Bytes, 100), new UntilOp(UntilOpKind.Position), new UntilOp(UntilOpKind.Position) },
                            new[] { new UntilOp(UntilOpKind.Int64), new UntilOp(UntilOpKind.Bytes, 5000) },
                        })
                        {
                            var c = new UntilCase(
                                seed++, data, kind, UntilStreamKind.Memory, 4096, UntilReaderKind.Plain, seed, 7, boundary / 2, 0, 0, end, ops, -1, -1, -1, false);
                            cases++;
                            string? difference = Check(c, out _, out _);
                            if (difference is not null)
                            {
                                failures.Add(difference);
                            }
                        }
                    }
                }
            }
        }

        output.WriteLine($"{cases} boundary cases, {failures.Count} differ");
        Assert.True(failures.Count == 0, $"{failures.Count} of {cases} boundary cases differ; the first:\n" + string.Join("\n\n", failures.Take(3)));
    }

    /// <summary>Past a MemoryStream's end, BinaryReader's multi-byte reads move the stream back to its end before they
    /// throw (MemoryStream.InternalReadSpan): the scope passes such a stream's reads through.</summary>
    [Fact]
    public void AMemoryStreamPositionedPastItsEnd_IsLeftWhereTheOriginalLoopLeavesIt()
    {
        // 300 bytes, positioned at 310, a loop until 1000 (690 bytes on, enough to read ahead over a MemoryStream):
        // the original loop's ReadInt32 throws EndOfStreamException and leaves Position at 300; so must the fixed loop's.
        AssertSame(Directed(UntilStreamKind.Memory, UntilReaderKind.Plain, Pattern(300), 1000, new UntilOp(UntilOpKind.Int32)) with { Start = 310 });
        AssertSame(Directed(UntilStreamKind.Memory, UntilReaderKind.Plain, Pattern(300), 1000, new UntilOp(UntilOpKind.Decimal)) with { Start = 400 });
    }

    /// <summary>
    /// The one known difference (SL1002's page, "What is assumed"): a BufferedStream holding bytes over a stream that
    /// then fails drops those bytes when a large read crosses into the failure (BufferedStream.Read copies them, then the
    /// inner read throws). The original loop's small reads get them first. Both loops throw the same IOException and
    /// leave the stream in the same place; the fixed one has read fewer values when it throws.
    /// </summary>
    [Fact]
    public void ABufferedStreamHoldingBytes_OverAFailingStream_ThrowsTheSameIOException_AfterFewerValues()
    {
        // 1000 bytes; a BufferedStream of 100 over a stream that fails at 50; one byte read before the loop fills the
        // BufferedStream with bytes 0..49. The original loop reads bytes 1..49 (or 12 Int32 values), then throws.
        foreach (UntilOpKind op in new[] { UntilOpKind.Byte, UntilOpKind.Int32 })
        {
            UntilCase c = Directed(UntilStreamKind.Buffered, UntilReaderKind.Plain, Pattern(1000), 1000, new UntilOp(op)) with
            {
                Inner = UntilStreamKind.Failing, BufferSize = 100, ChunkMax = int.MaxValue, FailAt = 50, Prefix = 1,
            };
            List<string> original = Run(c, null, fixedLoop: false, verbose: true, out _).Text!;
            Log fixedLog = Run(c, null, fixedLoop: true, verbose: true, out bool readAhead);
            List<string> fixedText = fixedLog.Text!;
            Assert.True(readAhead);
            Assert.Equal("IOException", fixedLog.Ending);
            Assert.Equal("IOException", Run(c, null, fixedLoop: false, verbose: false, out _).Ending);
            // The byte read before the loop comes first in both logs, then the loop's values.
            Assert.Equal(original[0], fixedText[0]);
            int values = 1 + original.Skip(1).TakeWhile(line => line.StartsWith(op + " ", StringComparison.Ordinal)).Count();
            int fixedValues = 1 + fixedText.Skip(1).TakeWhile(line => line.StartsWith(op + " ", StringComparison.Ordinal)).Count();
            Assert.True(values > 1 && fixedValues < values, $"original {values - 1} values, fixed {fixedValues - 1}: {string.Join(" ; ", original.Take(4))}");
            Assert.Equal(original.Take(fixedValues), fixedText.Take(fixedValues));
            // The same ending, position and rest (the passes differ with the values).
            Assert.Equal(original.Skip(values).Where(line => !line.StartsWith("passes", StringComparison.Ordinal)), fixedText.Skip(fixedValues).Where(line => !line.StartsWith("passes", StringComparison.Ordinal)));
        }
    }

    /// <summary>An end at or before the position (long.MinValue too, where end - position would wrap) reads nothing
    /// ahead.</summary>
    [Fact]
    public void AnEndBeforeThePosition_NeverReadsAhead()
    {
        // Positioned at 100, end long.MinValue: long.MinValue - 100 wraps to long.MaxValue - 99, not below MinReadAhead.
        // The loop never runs either way; the stream sees a zero-byte Read (which a stream may answer with an exception,
        // as a broken network stream can: the original loop would not have touched it).
        var stream = new ShortReadStream(new byte[1000], canSeek: true, 1, 7) { Position = 100 };
        var reader = new BinaryReader(stream);
        using (BufferedBinaryReader.ReadAheadScope ahead = BufferedBinaryReader.ReadAheadUntil(reader, long.MinValue))
        {
            Assert.Null(s_window.GetValue(ahead));
            Assert.False(ahead.Position < long.MinValue);
        }

        Assert.Equal(0, stream.ReadCalls);
    }

    [Fact]
    public void ANullReader_ThrowsNullReferenceException_AsTheOriginalLoop()
    {
        BinaryReader? reader = null;
        Assert.Throws<NullReferenceException>(() => reader!.BaseStream.Position < 1000);
        using (BufferedBinaryReader.ReadAheadScope ahead = BufferedBinaryReader.ReadAheadUntil(reader, 1000))
        {
            Assert.Throws<NullReferenceException>(() => ahead.Position < 1000);
            Assert.Throws<NullReferenceException>(() => ahead.ReadBytes(4));
            Assert.Throws<NullReferenceException>(() => ahead.ReadBytes(-1));
        }

        foreach (UntilStreamKind kind in Enum.GetValues<UntilStreamKind>())
        {
            AssertSame(Directed(kind, UntilReaderKind.Null, Pattern(1000), 1000, new UntilOp(UntilOpKind.Int32)));
        }
    }

    [Theory]
    [InlineData(UntilReaderKind.DisposedLeaveOpen)]
    [InlineData(UntilReaderKind.DisposedClosing)]
    public void ADisposedReader_ThrowsWhereTheOriginalLoopThrows(UntilReaderKind readerKind)
    {
        foreach (UntilStreamKind kind in Enum.GetValues<UntilStreamKind>())
        {
            foreach (UntilOpKind op in new[] { UntilOpKind.Byte, UntilOpKind.Int32, UntilOpKind.Decimal, UntilOpKind.Position })
            {
                AssertSame(Directed(kind, readerKind, Pattern(1000), 1000, new UntilOp(op)));
            }

            AssertSame(Directed(kind, readerKind, Pattern(1000), 1000, new UntilOp(UntilOpKind.Bytes, 16)));
            AssertSame(Directed(kind, readerKind, Pattern(1000), 1000, new UntilOp(UntilOpKind.Bytes, 0)));
            AssertSame(Directed(kind, readerKind, Pattern(1000), 1000, new UntilOp(UntilOpKind.Bytes, -1, CatchArgument: true)));
        }

        // Directly: with the stream left open the loop's condition holds and its first read throws; with the stream
        // closed by the reader the condition throws. (Not over a MemoryStream with the stream left open: there .NET's
        // BinaryReader reads multi-byte values from a disposed reader without throwing, which the cases above compare.)
        Stream stream = readerKind == UntilReaderKind.DisposedLeaveOpen ? new ShortReadStream(Pattern(1000), canSeek: true, 1, 7) : new MemoryStream(Pattern(1000));
        var reader = new BinaryReader(stream, Encoding.UTF8, leaveOpen: readerKind == UntilReaderKind.DisposedLeaveOpen);
        reader.Dispose();
        using BufferedBinaryReader.ReadAheadScope ahead = BufferedBinaryReader.ReadAheadUntil(reader, 1000);
        if (readerKind == UntilReaderKind.DisposedLeaveOpen)
        {
            Assert.Equal(0, ahead.Position);
            Assert.Throws<ObjectDisposedException>(() => ahead.ReadInt32());
            Assert.Throws<ObjectDisposedException>(() => ahead.ReadBytes(4));
            Assert.Equal(0, ahead.Position);
        }
        else
        {
            Assert.Throws<ObjectDisposedException>(() => ahead.Position);
        }
    }

    [Fact]
    public void ASubclassReader_IsReadThrough_AsTheOriginalLoopReadsIt()
    {
        foreach (UntilStreamKind kind in Enum.GetValues<UntilStreamKind>())
        {
            AssertSame(Directed(kind, UntilReaderKind.Subclass, Pattern(3000), 3000, new UntilOp(UntilOpKind.Int32), new UntilOp(UntilOpKind.Bytes, 5)));
            AssertSame(Directed(kind, UntilReaderKind.Subclass, Pattern(3000), 2000, new UntilOp(UntilOpKind.Int16), new UntilOp(UntilOpKind.Int32), new UntilOp(UntilOpKind.Position)));
        }

        // The overrides' values, not the stream's.
        byte[] data = Pattern(1000);
        var reader = new AlteredReader(new ShortReadStream(data, canSeek: true, 1, int.MaxValue));
        using BufferedBinaryReader.ReadAheadScope ahead = BufferedBinaryReader.ReadAheadUntil(reader, 1000);
        Assert.Equal(~BinaryPrimitives.ReadInt32LittleEndian(data), ahead.ReadInt32());
        Assert.Equal(Enumerable.Reverse(data.AsSpan(4, 3).ToArray()).ToArray(), ahead.ReadBytes(3));
        Assert.Equal(7, ahead.Position);
    }

    [Fact]
    public void Position_AskedManyTimesInAPass_IsTheOriginalLoopsPosition_AndAsksTheStreamOnce()
    {
        byte[] data = Pattern(30_000);
        foreach (long start in new long[] { 0, 1, 999, 5000 })
        {
            var stream = new PositionCountingStream(data);
            stream.Position = start;
            var reader = new BinaryReader(stream);
            long expected = start;
            int passes = 0;
            using (BufferedBinaryReader.ReadAheadScope ahead = BufferedBinaryReader.ReadAheadUntil(reader, 20_000))
            {
                Assert.NotNull(s_window.GetValue(ahead)); // read ahead
                while (ahead.Position < 20_000)
                {
                    passes++;
                    Assert.Equal(expected, ahead.Position);
                    _ = ahead.ReadInt16();
                    expected += 2;
                    Assert.Equal(expected, ahead.Position);
                    Assert.Equal(expected, ahead.Position);
                    _ = ahead.ReadBytes(passes % 7 == 0 ? 5000 : 3);
                    expected += passes % 7 == 0 ? 5000 : 3;
                    Assert.Equal(expected, ahead.Position);
                    if (passes % 11 == 0)
                    {
                        Assert.Throws<ArgumentOutOfRangeException>(() => ahead.ReadBytes(-1)); // puts the unread bytes back
                        Assert.Equal(expected, ahead.Position);
                    }
                }
            }

            // The stream's position: once by ReadAheadUntil, once for the loop; only seeks after that (the put-backs).
            Assert.Equal(2, stream.PositionGets);
            Assert.Equal(expected, stream.Position);
        }

        // Reads as large as a refill go from the stream straight into the array: the position still counts them.
        byte[] large = Pattern(200_000);
        var bigStream = new PositionCountingStream(large);
        var bigReader = new BinaryReader(bigStream);
        using (BufferedBinaryReader.ReadAheadScope ahead = BufferedBinaryReader.ReadAheadUntil(bigReader, 140_000))
        {
            long at = 0;
            while (ahead.Position < 140_000)
            {
                Assert.Equal(at, ahead.Position);
                Assert.Equal(large.AsSpan((int)at, 70_000).ToArray(), ahead.ReadBytes(70_000));
                at += 70_000;
                Assert.Equal(at, ahead.Position);
                Assert.Equal(large[at], ahead.ReadByte());
                at++;
                Assert.Equal(at, ahead.Position);
            }

            Assert.Equal(140_002, at);
        }

        Assert.Equal(140_002, bigStream.Position);
    }

    [Fact]
    public void ReadBytes_IsBinaryReadersReadBytes()
    {
        byte[] data = Pattern(70_000);
        foreach (UntilStreamKind kind in new[] { UntilStreamKind.File, UntilStreamKind.Memory, UntilStreamKind.ShortReads, UntilStreamKind.Buffered, UntilStreamKind.Failing })
        {
            foreach (long start in new long[] { 0, 100, 65_000, 69_990, 70_000, 70_100 })
            {
                foreach (int count in new[] { 0, 1, 3, 4, 16, 100, 5000, 65_536, 70_000, -1 })
                {
                    // Once before the loop reads anything, once after the window holds bytes.
                    AssertSame(Directed(kind, UntilReaderKind.Plain, data, long.MaxValue, new UntilOp(UntilOpKind.Bytes, count)) with { Start = start, BreakAt = 2 });
                    AssertSame(Directed(kind, UntilReaderKind.Plain, data, data.Length, new UntilOp(UntilOpKind.Byte), new UntilOp(UntilOpKind.Bytes, count, CatchArgument: true)) with { Start = start, BreakAt = 3 });
                }
            }
        }

        // Directly: a short array at the end, the reader's exception for a negative count, the stream where the reader
        // leaves it.
        var stream = new ShortReadStream(data, canSeek: true, 5, int.MaxValue);
        stream.Position = 69_000;
        var reader = new BinaryReader(stream);
        using (BufferedBinaryReader.ReadAheadScope ahead = BufferedBinaryReader.ReadAheadUntil(reader, long.MaxValue))
        {
            Assert.NotNull(s_window.GetValue(ahead));
            Assert.Equal(data.AsSpan(69_000, 10).ToArray(), ahead.ReadBytes(10));
            ArgumentOutOfRangeException e = Assert.Throws<ArgumentOutOfRangeException>(() => ahead.ReadBytes(-1));
            Assert.Equal("count", e.ParamName);
            Assert.Equal(69_010, stream.Position);
            Assert.Equal(data.AsSpan(69_010).ToArray(), ahead.ReadBytes(5000));
            Assert.Empty(ahead.ReadBytes(5000));
            Assert.Equal(70_000, ahead.Position);
        }

        Assert.Equal(70_000, stream.Position);
    }

    [Fact]
    public void ReadsAhead_OnlyWhereItCanBeUndoneAndPays()
    {
        // Whether the scope holds a window: the differential cases above test both paths.
        static bool ReadsAhead(Stream stream, long end, Func<Stream, BinaryReader>? make = null)
        {
            BinaryReader reader = make is null ? new BinaryReader(stream) : make(stream);
            using BufferedBinaryReader.ReadAheadScope ahead = BufferedBinaryReader.ReadAheadUntil(reader, end);
            return s_window.GetValue(ahead) is not null;
        }

        Assert.True(ReadsAhead(new ShortReadStream(new byte[1000], canSeek: true, 1, 7), 64));
        Assert.False(ReadsAhead(new ShortReadStream(new byte[1000], canSeek: true, 1, 7), 63));
        Assert.False(ReadsAhead(new ShortReadStream(new byte[1000], canSeek: false, 1, 7), 1000));
        Assert.False(ReadsAhead(new ShortReadStream(new byte[1000], canSeek: true, 1, 7), 1000, s => new AlteredReader(s)));
        Assert.True(ReadsAhead(new MemoryStream(new byte[1000]), 256));
        Assert.False(ReadsAhead(new MemoryStream(new byte[1000]), 255));
        Assert.True(ReadsAhead(new BufferedStream(new MemoryStream(new byte[1000])), 64));
        Assert.False(ReadsAhead(new MemoryStream(new byte[1000]), long.MinValue));

        // A start of 100 counts: 164 is 64 bytes on.
        var atHundred = new ShortReadStream(new byte[1000], canSeek: true, 1, 7) { Position = 100 };
        Assert.True(ReadsAhead(atHundred, 164));
        atHundred.Position = 101;
        Assert.False(ReadsAhead(atHundred, 164));
    }

    /// <summary>Rebuilds a generated case from its seed.</summary>
    internal static UntilCase Make(int seed, UntilStreamKind kind)
    {
        var random = new Random(seed);
        int length = random.Next(20) switch
        {
            < 6 => random.Next(0, 300),
            < 10 => Math.Max(0, s_boundaries[random.Next(s_boundaries.Length)] + random.Next(-3, 4)),
            < 15 => random.Next(300, 8000),
            < 18 => random.Next(8000, 70_000),
            _ => random.Next(70_000, 200_001),
        };
        var data = new byte[length];
        random.NextBytes(data);
        switch (random.Next(4))
        {
            case 0: // mostly zeros: valid decimals, even values, long runs
                for (int i = 0; i < data.Length; i++)
                {
                    if ((data[i] & 7) != 0)
                        data[i] = 0;
                }

                break;
            case 1: // small values
                for (int i = 0; i < data.Length; i++)
                    data[i] &= 3;
                break;
        }

        UntilStreamKind inner = (UntilStreamKind)new[] { 0, 1, 2, 3, 5 }[random.Next(5)];
        int bufferSize = kind == UntilStreamKind.File
            ? new[] { 0, 1, 512, 4096 }[random.Next(4)]
            : new[] { 1, 16, 100, 4096, 65_536 }[random.Next(5)];
        UntilReaderKind reader = random.Next(24) switch
        {
            < 15 => UntilReaderKind.Plain,
            < 17 => UntilReaderKind.Owning,
            < 19 => UntilReaderKind.Subclass,
            < 21 => UntilReaderKind.DisposedLeaveOpen,
            < 23 => UntilReaderKind.DisposedClosing,
            _ => UntilReaderKind.Null,
        };
        int chunkSeed = random.Next();
        int chunkMax = random.Next(3) switch { 0 => random.Next(1, 9), 1 => random.Next(9, 5000), _ => int.MaxValue };
        long failAt = random.Next(4) == 0 ? length + random.Next(0, 10) : random.Next(0, length + 1);
        long start = random.Next(10) switch
        {
            < 5 => 0,
            < 8 => random.Next(0, length + 1),
            8 => Math.Max(0, length - random.Next(0, 300)),
            _ => length + random.Next(0, 20),
        };
        int prefix = random.Next(4) == 0 ? random.Next(1, 40) : 0;
        if (kind == UntilStreamKind.Buffered && inner == UntilStreamKind.Failing)
        {
            // Bytes a BufferedStream holds from before the loop are lost where the inner stream then fails in the scope's
            // larger read, the one known difference: ABufferedStreamHoldingBytes_OverAFailingStream_ThrowsTheSameIOException_AfterFewerValues.
            prefix = 0;
        }
        long from = start + prefix;
        long end = random.Next(12) switch
        {
            0 or 1 => length,
            2 => length - random.Next(1, Math.Min(length, 300) + 1),
            3 => random.Next(0, length + 1),
            4 => length + random.Next(1, 300),
            5 => long.MaxValue,
            6 or 7 => from + s_boundaries[random.Next(s_boundaries.Length)] + random.Next(-2, 3),
            8 => from - random.Next(0, 10),
            9 => random.Next(2) == 0 ? long.MinValue : -1,
            10 => from + random.Next(1, 64),
            _ => length + random.Next(1, 70_000),
        };
        var ops = new UntilOp[random.Next(4) switch { 0 => 1, 1 => 2, 2 => random.Next(1, 4), _ => random.Next(1, 8) }];
        for (int i = 0; i < ops.Length; i++)
        {
            UntilOpKind op = random.Next(30) switch
            {
                < 16 => (UntilOpKind)random.Next((int)UntilOpKind.Bytes),
                < 22 => UntilOpKind.Bytes,
                < 24 => UntilOpKind.BytesOfLast,
                _ => UntilOpKind.Position,
            };
            int count = op == UntilOpKind.Bytes ? s_byteCounts[random.Next(s_byteCounts.Length)] : 0;
            ops[i] = new UntilOp(op, count, IfOdd: i > 0 && random.Next(5) == 0, CatchArgument: count < 0 && random.Next(2) == 0);
        }

        int throwAt = random.Next(5) == 0 ? random.Next(0, 60) : -1;
        int breakAt = random.Next(5) == 0 ? random.Next(1, 60) : -1;
        int breakOn = random.Next(6) == 0 ? random.Next(256) : -1;
        bool positionEveryOp = random.Next(6) == 0;
        return new UntilCase(seed, data, kind, inner, bufferSize, reader, chunkSeed, chunkMax, failAt, start, prefix, end, ops, throwAt, breakAt, breakOn, positionEveryOp);
    }

    private static UntilCase Directed(UntilStreamKind kind, UntilReaderKind reader, byte[] data, long end, params UntilOp[] ops)
        => new(0, data, kind, UntilStreamKind.ShortReads, 100, reader, 11, 7, data.Length / 2, 0, 0, end, ops, -1, -1, -1, false);

    private static byte[] Pattern(int length)
    {
        var data = new byte[length];
        for (int i = 0; i < length; i++)
            data[i] = (byte)((i * 31) ^ (i >> 8));
        return data;
    }

    private static void AssertSame(UntilCase c)
    {
        string? difference = Check(c, out _, out _);
        Assert.True(difference is null, difference);
    }

    /// <summary>Runs the original and the fixed loop; null when they agree, else where they part.</summary>
    private static string? Check(UntilCase c, out bool readAhead, out string ending)
    {
        string? path = null;
        try
        {
            if (c.Kind == UntilStreamKind.File || (c.Kind == UntilStreamKind.Buffered && c.Inner == UntilStreamKind.File))
            {
                path = Path.Combine(Path.GetTempPath(), "sl1002-until-" + Guid.NewGuid().ToString("N"));
                File.WriteAllBytes(path, c.Data);
            }

            Log expected = Run(c, path, fixedLoop: false, verbose: false, out _);
            Log actual = Run(c, path, fixedLoop: true, verbose: false, out readAhead);
            ending = expected.Ending;
            if (expected.SameAs(actual))
            {
                return null;
            }

            // Again with the values written out, to show where the loops part.
            List<string> before = Run(c, path, fixedLoop: false, verbose: true, out _).Text!;
            List<string> after = Run(c, path, fixedLoop: true, verbose: true, out _).Text!;
            int first = 0;
            while (first < before.Count && first < after.Count && before[first] == after[first])
                first++;
            int from = Math.Max(0, first - 3);
            return $"in {c}\n(read ahead: {readAhead}) the loops part at entry {first} of {before.Count} / {after.Count}:\n"
                + $"  original: {string.Join(" ; ", before.Skip(from).Take(7))}\n"
                + $"  fixed:    {string.Join(" ; ", after.Skip(from).Take(7))}";
        }
        finally
        {
            if (path is not null)
                File.Delete(path);
        }
    }

    private static Stream Open(UntilStreamKind kind, UntilCase c, string? path) => kind switch
    {
        UntilStreamKind.File => new FileStream(path!, FileMode.Open, FileAccess.Read, FileShare.Read, c.Kind == UntilStreamKind.File ? c.BufferSize : 4096),
        UntilStreamKind.Memory => new MemoryStream(c.Data, writable: (c.ChunkSeed & 1) == 0),
        UntilStreamKind.ShortReads => new TestStream(c.Data, canSeek: true, c.ChunkSeed, c.ChunkMax, failAt: -1),
        UntilStreamKind.NonSeekable => new TestStream(c.Data, canSeek: false, c.ChunkSeed, c.ChunkMax, failAt: -1),
        UntilStreamKind.Failing => new TestStream(c.Data, canSeek: true, c.ChunkSeed, c.ChunkMax, c.FailAt),
        _ => new BufferedStream(Open(c.Inner, c, path), c.BufferSize),
    };

    private static Log Run(UntilCase c, string? path, bool fixedLoop, bool verbose, out bool readAhead)
    {
        var log = new Log(verbose);
        readAhead = false;
        Stream stream = Open(c.Kind, c, path);
        try
        {
            if (c.Start != 0)
            {
                if (stream.CanSeek)
                {
                    stream.Position = c.Start;
                }
                else
                {
                    var skip = new byte[4096];
                    for (long left = c.Start; left > 0;)
                    {
                        int n = stream.Read(skip, 0, (int)Math.Min(left, skip.Length));
                        if (n == 0)
                            break;
                        left -= n;
                    }
                }
            }

            BinaryReader? reader = c.Reader switch
            {
                UntilReaderKind.Null => null,
                UntilReaderKind.Subclass => new AlteredReader(stream),
                UntilReaderKind.Owning or UntilReaderKind.DisposedClosing => new BinaryReader(stream, Encoding.UTF8, leaveOpen: false),
                _ => new BinaryReader(stream, Encoding.UTF8, leaveOpen: true),
            };

            // Bytes the caller reads before the loop (into a BufferedStream's buffer, for one).
            try
            {
                for (int i = 0; i < c.Prefix && reader is not null; i++)
                    log.Value(UntilOpKind.Byte, reader.ReadByte());
            }
            catch (Exception e) when (e is not Xunit.Sdk.XunitException)
            {
                log.Exception("prefix", e);
            }

            if (c.Reader is UntilReaderKind.DisposedLeaveOpen or UntilReaderKind.DisposedClosing)
                reader!.Dispose();

            var state = new LoopState(c, log);
            try
            {
                if (fixedLoop)
                {
                    using (BufferedBinaryReader.ReadAheadScope ahead = BufferedBinaryReader.ReadAheadUntil(reader, c.End))
                    {
                        readAhead = s_window.GetValue(ahead) is not null;
                        Loop(new Ahead(ahead), state);
                    }
                }
                else
                {
                    Loop(new Direct(reader), state);
                }
            }
            catch (Exception e) when (e is not Xunit.Sdk.XunitException)
            {
                log.Exception("loop", e);
            }

            log.Passes(state.Passes);

            // The caller goes on with its stream: where it is, and every byte it reads next.
            try
            {
                log.Position(stream.Position);
            }
            catch (Exception e) when (e is not Xunit.Sdk.XunitException)
            {
                log.Exception("position", e);
            }

            if (stream is TestStream test)
                log.Position(test.Consumed);
            var buffer = new byte[8192];
            try
            {
                int n;
                while ((n = stream.Read(buffer, 0, buffer.Length)) > 0)
                    log.Rest(buffer, n);
            }
            catch (Exception e) when (e is not Xunit.Sdk.XunitException)
            {
                log.Exception("rest", e);
            }

            log.RestEnd();
            return log;
        }
        finally
        {
            stream.Dispose();
        }
    }

    private static void Loop<T>(T reads, LoopState s)
        where T : IReads
    {
        UntilCase c = s.Case;
        Log log = s.Log;
        long last = 0;
        int stalls = 0;
        while (reads.Position < c.End)
        {
            if (s.Passes == c.ThrowAt)
                throw new BodyException();
            s.Passes++;
            bool progress = false;
            foreach (UntilOp op in c.Ops)
            {
                if (c.PositionEveryOp)
                    log.Position(reads.Position);
                if (op.IfOdd && (last & 1) == 0)
                    continue;
                switch (op.Kind)
                {
                    case UntilOpKind.Byte: last = reads.ReadByte(); break;
                    case UntilOpKind.SByte: last = reads.ReadSByte(); break;
                    case UntilOpKind.Boolean: last = reads.ReadBoolean() ? 1 : 0; break;
                    case UntilOpKind.Int16: last = reads.ReadInt16(); break;
                    case UntilOpKind.UInt16: last = reads.ReadUInt16(); break;
                    case UntilOpKind.Int32: last = reads.ReadInt32(); break;
                    case UntilOpKind.UInt32: last = reads.ReadUInt32(); break;
                    case UntilOpKind.Int64: last = reads.ReadInt64(); break;
                    case UntilOpKind.UInt64: last = (long)reads.ReadUInt64(); break;
                    case UntilOpKind.Single: last = BitConverter.SingleToInt32Bits(reads.ReadSingle()); break;
                    case UntilOpKind.Double: last = BitConverter.DoubleToInt64Bits(reads.ReadDouble()); break;
                    case UntilOpKind.Decimal:
                        int[] bits = decimal.GetBits(reads.ReadDecimal());
                        log.Value(op.Kind, ((long)bits[3] << 32) | (uint)bits[2]);
                        last = ((long)bits[1] << 32) | (uint)bits[0];
                        break;
                    case UntilOpKind.Bytes or UntilOpKind.BytesOfLast:
                        int count = op.Kind == UntilOpKind.Bytes ? op.Count : (int)((ulong)last % 4096);
                        byte[] bytes;
                        if (op.CatchArgument)
                        {
                            try
                            {
                                bytes = reads.ReadBytes(count);
                            }
                            catch (ArgumentOutOfRangeException e)
                            {
                                log.Exception("caught", e);
                                continue;
                            }
                        }
                        else
                        {
                            bytes = reads.ReadBytes(count);
                        }

                        log.Bytes(bytes);
                        last = bytes.Length == 0 ? 0 : bytes.Length ^ bytes[0] ^ (bytes[^1] << 8);
                        progress |= bytes.Length > 0;

                        // More bytes than the stream holds: a broken ReadBytes, stopped before it fills the memory.
                        s.BytesReturned += bytes.Length;
                        if (s.BytesReturned > c.Data.Length + 1_000_000)
                            throw new RunawayException();
                        continue;
                    default:
                        last = reads.Position;
                        log.Position(last);
                        continue;
                }

                log.Value(op.Kind, last);
                progress = true;
            }

            if (s.Passes == c.BreakAt || (c.BreakOn >= 0 && (last & 0xFF) == c.BreakOn))
            {
                log.Mark("break");
                break;
            }

            // A pass that reads nothing (skipped reads, empty arrays at the end of the stream) would loop forever.
            if ((!progress && ++stalls == 3) || s.Passes == MaxPasses)
            {
                log.Mark("stall");
                break;
            }
        }
    }

    /// <summary>The reads of a pass: through the caller's reader, or through the scope.</summary>
    private interface IReads
    {
        long Position { get; }

        byte ReadByte();

        sbyte ReadSByte();

        bool ReadBoolean();

        short ReadInt16();

        ushort ReadUInt16();

        int ReadInt32();

        uint ReadUInt32();

        long ReadInt64();

        ulong ReadUInt64();

        float ReadSingle();

        double ReadDouble();

        decimal ReadDecimal();

        byte[] ReadBytes(int count);
    }

    /// <summary>The original loop's reads: the caller's reader (null throws at its first use, as the loop did).</summary>
    private readonly struct Direct(BinaryReader? reader) : IReads
    {
        public long Position => reader!.BaseStream.Position;

        public byte ReadByte() => reader!.ReadByte();

        public sbyte ReadSByte() => reader!.ReadSByte();

        public bool ReadBoolean() => reader!.ReadBoolean();

        public short ReadInt16() => reader!.ReadInt16();

        public ushort ReadUInt16() => reader!.ReadUInt16();

        public int ReadInt32() => reader!.ReadInt32();

        public uint ReadUInt32() => reader!.ReadUInt32();

        public long ReadInt64() => reader!.ReadInt64();

        public ulong ReadUInt64() => reader!.ReadUInt64();

        public float ReadSingle() => reader!.ReadSingle();

        public double ReadDouble() => reader!.ReadDouble();

        public decimal ReadDecimal() => reader!.ReadDecimal();

        public byte[] ReadBytes(int count) => reader!.ReadBytes(count);
    }

    /// <summary>The fixed loop's reads: the scope.</summary>
    private readonly struct Ahead(BufferedBinaryReader.ReadAheadScope ahead) : IReads
    {
        public long Position => ahead.Position;

        public byte ReadByte() => ahead.ReadByte();

        public sbyte ReadSByte() => ahead.ReadSByte();

        public bool ReadBoolean() => ahead.ReadBoolean();

        public short ReadInt16() => ahead.ReadInt16();

        public ushort ReadUInt16() => ahead.ReadUInt16();

        public int ReadInt32() => ahead.ReadInt32();

        public uint ReadUInt32() => ahead.ReadUInt32();

        public long ReadInt64() => ahead.ReadInt64();

        public ulong ReadUInt64() => ahead.ReadUInt64();

        public float ReadSingle() => ahead.ReadSingle();

        public double ReadDouble() => ahead.ReadDouble();

        public decimal ReadDecimal() => ahead.ReadDecimal();

        public byte[] ReadBytes(int count) => ahead.ReadBytes(count);
    }

    private sealed class LoopState(UntilCase c, Log log)
    {
        public UntilCase Case { get; } = c;

        public Log Log { get; } = log;

        public int Passes { get; set; }

        public long BytesReturned { get; set; }
    }

    /// <summary>The body's own exception.</summary>
    private sealed class BodyException : Exception;

    /// <summary>The body's exception where ReadBytes has returned more bytes than the stream holds.</summary>
    private sealed class RunawayException : Exception;

    /// <summary>What a run saw, as bytes to compare (and as text lines when asked, to show a difference).</summary>
    private sealed class Log(bool verbose)
    {
        private readonly MemoryStream _bytes = new();
        private long _restLength;
        private ulong _restHash = 14_695_981_039_346_656_037;

        public List<string>? Text { get; } = verbose ? [] : null;

        /// <summary>How the loop ended: by the exception it threw, else normally.</summary>
        public string Ending { get; private set; } = "normally";

        public void Value(UntilOpKind kind, long bits)
        {
            Put((byte)kind, bits);
            Text?.Add(kind + " " + bits);
        }

        public void Bytes(byte[] bytes)
        {
            Put(100, bytes.Length);
            _bytes.Write(bytes, 0, bytes.Length);
            Text?.Add($"bytes[{bytes.Length}] {Convert.ToHexString(bytes, 0, Math.Min(bytes.Length, 12))}.. hash {Hash(bytes, bytes.Length):x}");
        }

        public void Position(long position)
        {
            Put(101, position);
            Text?.Add("position " + position);
        }

        public void Passes(int passes)
        {
            Put(102, passes);
            Text?.Add("passes " + passes);
        }

        public void Mark(string what)
        {
            Put(103, what.Length);
            Text?.Add(what);
        }

        public void Exception(string where, Exception e)
        {
            string text = where + " threw " + e.GetType().FullName + (e is ArgumentException a ? "(" + a.ParamName + ")" : string.Empty);
            if (where == "loop")
                Ending = e.GetType().Name;
            byte[] bytes = Encoding.UTF8.GetBytes(text);
            Put(104, bytes.Length);
            _bytes.Write(bytes, 0, bytes.Length);
            Text?.Add(text);
        }

        public void Rest(byte[] buffer, int count)
        {
            _bytes.Write(buffer, 0, count);
            _restLength += count;
            if (Text is not null)
            {
                for (int i = 0; i < count; i++)
                    _restHash = (_restHash ^ buffer[i]) * 1_099_511_628_211;
            }
        }

        public void RestEnd()
        {
            Put(105, _restLength);
            Text?.Add($"rest {_restLength} bytes, hash {_restHash:x}");
        }

        public bool SameAs(Log other) =>
            _bytes.Length == other._bytes.Length
            && _bytes.GetBuffer().AsSpan(0, (int)_bytes.Length).SequenceEqual(other._bytes.GetBuffer().AsSpan(0, (int)other._bytes.Length));

        private static ulong Hash(byte[] bytes, int count)
        {
            ulong hash = 14_695_981_039_346_656_037;
            for (int i = 0; i < count; i++)
                hash = (hash ^ bytes[i]) * 1_099_511_628_211;
            return hash;
        }

        private void Put(byte tag, long value)
        {
            Span<byte> bytes = stackalloc byte[9];
            bytes[0] = tag;
            BinaryPrimitives.WriteInt64LittleEndian(bytes.Slice(1), value);
            _bytes.Write(bytes);
        }
    }

    /// <summary>A reader of its own: its ReadInt32 and ReadBytes return other values, which the scope must keep.</summary>
    private sealed class AlteredReader(Stream input) : BinaryReader(input, Encoding.UTF8, leaveOpen: true)
    {
        public override int ReadInt32() => ~base.ReadInt32();

        public override byte[] ReadBytes(int count)
        {
            byte[] bytes = base.ReadBytes(count);
            Array.Reverse(bytes);
            return bytes;
        }
    }

    /// <summary>
    /// A stream over bytes that overrides only <see cref="Read(byte[], int, int)"/> of the reads: at most a random
    /// 1..<c>chunkMax</c> bytes a call, seekable or not, with <see cref="MemoryStream"/>'s position rules; past
    /// <c>failAt</c> (-1: never) a read of at least a byte throws IOException (a read across it stops at it).
    /// </summary>
    private sealed class TestStream(byte[] data, bool canSeek, int chunkSeed, int chunkMax, long failAt) : Stream
    {
        private int _state = chunkSeed;
        private long _position;
        private bool _closed;

        /// <summary>How far reads have taken the stream, also when it cannot seek.</summary>
        public long Consumed => _position;

        public override bool CanRead => !_closed;

        public override bool CanSeek => canSeek && !_closed;

        public override bool CanWrite => false;

        public override long Length => CanSeek ? data.Length : throw Unsupported();

        public override long Position
        {
            get => CanSeek ? _position : throw Unsupported();
            set
            {
                if (!CanSeek)
                    throw Unsupported();
                ArgumentOutOfRangeException.ThrowIfNegative(value);
                _position = value;
            }
        }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            ValidateBufferArguments(buffer, offset, count);
            ObjectDisposedException.ThrowIf(_closed, this);
            if (count == 0)
                return 0;
            long remaining = Math.Max(0, data.Length - _position);
            if (failAt >= 0 && remaining > 0)
            {
                if (_position >= failAt)
                    throw new IOException("failed at " + failAt);
                remaining = Math.Min(remaining, failAt - _position);
            }

            _state = unchecked((_state * 1_103_515_245) + 12_345);
            int chunk = chunkMax == int.MaxValue ? int.MaxValue : 1 + (int)((uint)(_state >> 8) % (uint)chunkMax);
            int n = (int)Math.Min(Math.Min(chunk, count), remaining);
            if (n > 0)
                Buffer.BlockCopy(data, (int)_position, buffer, offset, n);
            _position += n;
            return n;
        }

        public override long Seek(long offset, SeekOrigin origin)
        {
            if (!CanSeek)
                throw Unsupported();
            long target = origin switch
            {
                SeekOrigin.Begin => offset,
                SeekOrigin.Current => _position + offset,
                _ => data.Length + offset,
            };
            if (target < 0)
                throw new IOException("Seek before the beginning.");
            _position = target;
            return target;
        }

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            _closed = true;
            base.Dispose(disposing);
        }

        private Exception Unsupported() => _closed ? new ObjectDisposedException(nameof(TestStream)) : new NotSupportedException();
    }

    /// <summary>A seekable MemoryStream-like stream that counts how often its position is asked.</summary>
    private sealed class PositionCountingStream(byte[] data) : Stream
    {
        private long _position;

        public int PositionGets { get; private set; }

        public override bool CanRead => true;

        public override bool CanSeek => true;

        public override bool CanWrite => false;

        public override long Length => data.Length;

        public override long Position
        {
            get
            {
                PositionGets++;
                return _position;
            }

            set => _position = value;
        }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            int n = (int)Math.Max(0, Math.Min(count, data.Length - _position));
            Buffer.BlockCopy(data, (int)Math.Min(_position, data.Length), buffer, offset, n);
            _position += n;
            return n;
        }

        public override long Seek(long offset, SeekOrigin origin)
        {
            _position = origin switch
            {
                SeekOrigin.Begin => offset,
                SeekOrigin.Current => _position + offset,
                _ => data.Length + offset,
            };
            return _position;
        }

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
