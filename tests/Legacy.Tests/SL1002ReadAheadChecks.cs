using System;
using System.Globalization;
using System.IO;
using System.Text;
using Streamline.Runtime;

namespace Streamline.Legacy.Tests;

/// <summary>
/// SL1002's fix for a counted loop over a caller's reader on the running BCL (Mono 6.8 under eng/test-mono.sh): a loop
/// of fixed-size reads through <c>BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass)</c> must return what the
/// same reads return from the caller's <c>BinaryReader</c>, exceptions included, with counts that match the loop or
/// not and a body that may throw half-way; after the scope's disposal the caller must find the stream at the same
/// position with the same bytes left. The stream is Mono's own FileStream, or a stream over one that returns 1 to 7
/// bytes a read and may fail past a point.
/// <para>
/// Then a loop that runs until the stream reaches a position: <c>while (reader.BaseStream.Position &lt; end)</c> over the
/// caller's reader against <c>using (var ahead = BufferedBinaryReader.ReadAheadUntil(reader, end)) while (ahead.Position &lt; end)</c>
/// over the scope, with passes of fixed-size reads, <c>ReadBytes(k)</c> (k from 0 to 70,000, and -1) and positions
/// asked, reads that depend on the last value, early breaks and throwing bodies, plain, subclassed, disposed and null
/// readers, over Mono's FileStream and MemoryStream, short-reading seekable and non-seekable streams, the failing
/// stream and a BufferedStream. Every value, exception, position, the passes, and the stream's position and rest after
/// the loop are compared.
/// </para>
/// </summary>
internal static class SL1002ReadAheadChecks
{
    private const int Cases = 600;
    private static readonly int[] s_sizes = { 1, 2, 4, 8, 4, 8, 16 };

    public static Suite Run(int seed, double scale)
    {
        var suite = new Suite("SL1002 ReadAhead");
        var random = new Random(seed);
        int cases = Math.Max(1, (int)(Cases * scale));
        string path = Path.Combine(Path.GetTempPath(), "streamline-legacy-sl1002-" + Guid.NewGuid().ToString("N"));
        try
        {
            for (int i = 0; i < cases; i++)
            {
                int size = random.Next(4) switch { 0 => random.Next(80), 1 => random.Next(300, 700), 2 => random.Next(4090, 4110), _ => random.Next(80000) };
                var data = new byte[size];
                random.NextBytes(data);
                File.WriteAllBytes(path, data);
                bool slow = random.Next(2) == 0;
                int maxChunk = random.Next(3) == 0 ? int.MaxValue : random.Next(1, 8);
                long failAt = slow && random.Next(4) == 0 ? random.Next(size + 1) : -1;
                var ops = new int[random.Next(1, 5)];
                int bytesPerPass = 0;
                for (int k = 0; k < ops.Length; k++)
                {
                    ops[k] = random.Next(s_sizes.Length);
                    bytesPerPass += s_sizes[ops[k]];
                }

                int passes = random.Next(3) == 0 ? random.Next(20) : random.Next(size / bytesPerPass + 20);
                long count = random.Next(5) switch { 0 => passes / 2, 1 => passes + 9, _ => passes };
                int throwAt = random.Next(4) == 0 ? random.Next(passes + 1) : -1;
                int start = random.Next(3) == 0 ? random.Next(size + 1) : 0;
                string repro = string.Format(
                    CultureInfo.InvariantCulture, "size {0}, slow {1}, chunk {2}, failAt {3}, ops {4}, passes {5}, count {6}, throwAt {7}, start {8}",
                    size, slow, maxChunk, failAt, string.Join(",", ops), passes, count, throwAt, start);
                suite.Run(repro, () =>
                {
                    string direct = LoopThenRest(path, slow, maxChunk, failAt, start, ops, passes, count, bytesPerPass, throwAt, ahead: false);
                    string fixedLoop = LoopThenRest(path, slow, maxChunk, failAt, start, ops, passes, count, bytesPerPass, throwAt, ahead: true);
                    return direct == fixedLoop ? null : "through the reader: " + Tail(direct) + Environment.NewLine + "    through ReadAhead: " + Tail(fixedLoop);
                });
            }

            RunUntil(suite, seed, scale, path);
        }
        finally
        {
            File.Delete(path);
        }

        return suite;
    }

    private static string LoopThenRest(string path, bool slow, int maxChunk, long failAt, int start, int[] ops, int passes, long count, int bytesPerPass, int throwAt, bool ahead)
    {
        var log = new StringBuilder();
        using (Stream stream = slow ? new SL1007SkipReaderChecks.SeekableSlowStream(File.OpenRead(path), maxChunk, failAt) : File.OpenRead(path))
        {
            stream.Position = start;
            var reader = new BinaryReader(stream, Encoding.UTF8, leaveOpen: true);
            try
            {
                if (ahead)
                {
                    using (var scope = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass))
                        Loop(op => Read(scope, op), ops, passes, throwAt, log);
                }
                else
                {
                    Loop(op => Read(reader, op), ops, passes, throwAt, log);
                }
            }
            catch (Exception e)
            {
                log.Append("threw ").Append(Outcome.Describe(e));
            }

            // The caller reads on: where the stream is, and what is left.
            log.Append(" | position ").Append(stream.Position).Append(" rest ");
            try
            {
                int b;
                long sum = 0;
                while ((b = stream.ReadByte()) != -1)
                    sum = (sum * 31) + b;
                log.Append(sum);
            }
            catch (Exception e)
            {
                log.Append("threw ").Append(Outcome.Describe(e));
            }
        }

        return log.ToString();
    }

    private static void Loop(Func<int, object> read, int[] ops, int passes, int throwAt, StringBuilder log)
    {
        for (int pass = 0; pass < passes; pass++)
        {
            if (pass == throwAt)
                throw new InvalidOperationException("the body");
            foreach (int op in ops)
                log.Append(Convert.ToString(read(op), CultureInfo.InvariantCulture)).Append(' ');
        }
    }

    private static object Read(BinaryReader reader, int op) => op switch
    {
        0 => reader.ReadByte(),
        1 => reader.ReadUInt16(),
        2 => reader.ReadInt32(),
        3 => reader.ReadInt64(),
        4 => reader.ReadSingle(),
        5 => reader.ReadDouble(),
        _ => reader.ReadDecimal(),
    };

    private static object Read(BufferedBinaryReader.ReadAheadScope scope, int op) => op switch
    {
        0 => scope.ReadByte(),
        1 => scope.ReadUInt16(),
        2 => scope.ReadInt32(),
        3 => scope.ReadInt64(),
        4 => scope.ReadSingle(),
        5 => scope.ReadDouble(),
        _ => scope.ReadDecimal(),
    };

    private static string Tail(string log) => log.Length <= 300 ? log : "..." + log.Substring(log.Length - 300);

    // ---- ReadAheadUntil, ReadAheadScope.Position and ReadAheadScope.ReadBytes ----

    private const int UntilCases = 400;

    // A loop never runs more passes than this (it reads at least a byte a pass until it stalls).
    private const int UntilMaxPasses = 250000;

    private static readonly int[] s_untilCounts = { 0, 0, 1, 1, 3, 3, 4, 4, 16, 16, 100, 100, 5000, 5000, 70000, -1 };
    private static readonly int[] s_untilBoundaries = { 64, 256, 4096, 65536 };

    private enum UntilKind
    {
        File,
        Memory,
        Chunked,
        NonSeekable,

        // SL1007SkipReaderChecks.SeekableSlowStream over the file: short reads, and IOException past a point.
        Failing,

        // A BufferedStream over the file or a short-reading stream.
        Buffered,
    }

    private enum UntilReader
    {
        Plain,
        Subclass,
        DisposedLeaveOpen,
        DisposedClosing,
        Null,
    }

    // Op: 0 byte, 1 ushort, 2 int, 3 long, 4 float, 5 double, 6 decimal, 7 sbyte, 8 bool, 9 short, 10 uint, 11 ulong,
    // 12 ReadBytes(Count), 13 ReadBytes(last value % 4096), 14 Position.
    private sealed class UntilOp
    {
        public int Kind;
        public int Count;
        public bool IfOdd;
        public bool CatchArgument;

        public override string ToString() =>
            (IfOdd ? "odd?" : string.Empty) + Kind.ToString(CultureInfo.InvariantCulture)
            + (Kind == 12 ? "(" + Count.ToString(CultureInfo.InvariantCulture) + ")" : string.Empty) + (CatchArgument ? "caught" : string.Empty);
    }

    private sealed class UntilCase
    {
        public int Index;
        public byte[] Data = Array.Empty<byte>();
        public UntilKind Kind;
        public bool InnerFile;
        public int BufferSize;
        public UntilReader Reader;
        public int ChunkSeed;
        public int ChunkMax;
        public long FailAt;
        public long Start;
        public int Prefix;
        public long End;
        public UntilOp[] Ops = Array.Empty<UntilOp>();
        public int ThrowAt;
        public int BreakAt;
        public int BreakOn;
        public bool PositionEveryOp;

        public override string ToString() => string.Format(
            CultureInfo.InvariantCulture,
            "until case {0}: {1} bytes, {2}{3}, buffer {4}, reader {5}, chunks {6}/{7}, failAt {8}, start {9}, prefix {10}, end {11}, pass [{12}], throwAt {13}, breakAt {14}, breakOn {15}, positionEveryOp {16}",
            Index, Data.Length, Kind, Kind == UntilKind.Buffered ? (InnerFile ? " over File" : " over Chunked") : string.Empty, BufferSize, Reader, ChunkSeed, ChunkMax,
            FailAt, Start, Prefix, End, string.Join(" ", Array.ConvertAll(Ops, o => o.ToString())), ThrowAt, BreakAt, BreakOn, PositionEveryOp);
    }

    private static void RunUntil(Suite suite, int seed, double scale, string path)
    {
        var random = new Random(unchecked((seed * 31) + 1002));
        int cases = Math.Max(1, (int)(UntilCases * scale));
        int readAhead = 0;
        int differ = 0;
        for (int i = 0; i < cases; i++)
        {
            UntilCase c = GenerateUntil(random, i);
            File.WriteAllBytes(path, c.Data);
            suite.Run(c.ToString(), () =>
            {
                string direct = UntilThenRest(c, path, ahead: false, out _);
                string fixedLoop = UntilThenRest(c, path, ahead: true, out bool windowed);
                readAhead += windowed ? 1 : 0;
                differ += direct == fixedLoop ? 0 : 1;
                return direct == fixedLoop ? null : "the original loop: " + Tail(direct) + Environment.NewLine + "    through ReadAheadUntil: " + Tail(fixedLoop);
            });
        }

        // The cases must take the read-ahead path often.
        suite.Record(
            readAhead >= cases / 4 ? null : string.Format(CultureInfo.InvariantCulture, "only {0} of {1} ReadAheadUntil cases read ahead", readAhead, cases),
            "ReadAheadUntil coverage");
        Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "  ReadAheadUntil: {0} cases, {1} read ahead, {2} differ", cases, readAhead, differ));
    }

    private static UntilCase GenerateUntil(Random random, int index)
    {
        var c = new UntilCase { Index = index };
        int length = random.Next(20) switch
        {
            < 6 => random.Next(0, 300),
            < 10 => Math.Max(0, s_untilBoundaries[random.Next(s_untilBoundaries.Length)] + random.Next(-3, 4)),
            < 16 => random.Next(300, 8000),
            < 19 => random.Next(8000, 70000),
            _ => random.Next(70000, 140000),
        };
        c.Data = new byte[length];
        random.NextBytes(c.Data);
        if (random.Next(3) == 0)
        {
            // Mostly zeros: valid decimals and even values.
            for (int i = 0; i < length; i++)
            {
                if ((c.Data[i] & 7) != 0)
                    c.Data[i] = 0;
            }
        }

        c.Kind = (UntilKind)random.Next(6);
        c.InnerFile = random.Next(2) == 0;
        c.BufferSize = new[] { 1, 16, 100, 4096, 65536 }[random.Next(5)];
        c.Reader = random.Next(16) switch
        {
            < 10 => UntilReader.Plain,
            < 12 => UntilReader.Subclass,
            12 or 13 => random.Next(2) == 0 ? UntilReader.DisposedLeaveOpen : UntilReader.DisposedClosing,
            _ => random.Next(2) == 0 ? UntilReader.Null : UntilReader.Plain,
        };
        c.ChunkSeed = random.Next();
        c.ChunkMax = random.Next(3) switch { 0 => random.Next(1, 9), 1 => random.Next(9, 5000), _ => int.MaxValue };
        c.FailAt = random.Next(3) == 0 ? -1 : random.Next(0, length + 1);

        // Past the end over the file and a MemoryStream (whose multi-byte reads BinaryReader moves back to its end before
        // throwing: the scope passes them through there); not over a ChunkedStream, whose zero-byte read throws past its
        // end (Array.Copy), and the scope makes one before the loop.
        bool overFile = c.Kind == UntilKind.File || c.Kind == UntilKind.Memory || c.Kind == UntilKind.Failing || (c.Kind == UntilKind.Buffered && c.InnerFile);
        c.Start = random.Next(10) switch
        {
            < 5 => 0,
            < 8 => random.Next(0, length + 1),
            8 => Math.Max(0, length - random.Next(0, 300)),
            _ => overFile ? length + random.Next(0, 20) : length,
        };
        c.Prefix = random.Next(4) == 0 ? random.Next(1, 40) : 0;
        long from = c.Start + c.Prefix;
        c.End = random.Next(12) switch
        {
            0 or 1 => length,
            2 => length - random.Next(1, Math.Min(length, 300) + 1),
            3 => random.Next(0, length + 1),
            4 => length + random.Next(1, 300),
            5 => long.MaxValue,
            6 or 7 => from + s_untilBoundaries[random.Next(s_untilBoundaries.Length)] + random.Next(-2, 3),
            8 => from - random.Next(0, 10),
            9 => random.Next(2) == 0 ? long.MinValue : -1,
            10 => from + random.Next(1, 64),
            _ => length + random.Next(1, 70000),
        };
        c.Ops = new UntilOp[random.Next(4) switch { 0 => 1, 1 => 2, 2 => random.Next(1, 4), _ => random.Next(1, 7) }];
        for (int i = 0; i < c.Ops.Length; i++)
        {
            int kind = random.Next(30) switch { < 16 => random.Next(12), < 22 => 12, < 24 => 13, _ => 14 };
            int count = kind == 12 ? s_untilCounts[random.Next(s_untilCounts.Length)] : 0;
            c.Ops[i] = new UntilOp { Kind = kind, Count = count, IfOdd = i > 0 && random.Next(5) == 0, CatchArgument = count < 0 && random.Next(2) == 0 };
        }

        c.ThrowAt = random.Next(5) == 0 ? random.Next(0, 60) : -1;
        c.BreakAt = random.Next(5) == 0 ? random.Next(1, 60) : -1;
        c.BreakOn = random.Next(6) == 0 ? random.Next(256) : -1;
        c.PositionEveryOp = random.Next(6) == 0;
        return c;
    }

    private static Stream OpenUntil(UntilCase c, string path) => c.Kind switch
    {
        UntilKind.File => File.OpenRead(path),
        UntilKind.Memory => new MemoryStream(c.Data, writable: false),
        UntilKind.Chunked => new ChunkedStream(c.Data, canSeek: true, c.ChunkSeed, c.ChunkMax),
        UntilKind.NonSeekable => new ChunkedStream(c.Data, canSeek: false, c.ChunkSeed, c.ChunkMax),
        UntilKind.Failing => new SL1007SkipReaderChecks.SeekableSlowStream(File.OpenRead(path), c.ChunkMax, c.FailAt),
        _ => new BufferedStream(c.InnerFile ? File.OpenRead(path) : new ChunkedStream(c.Data, canSeek: true, c.ChunkSeed, c.ChunkMax), c.BufferSize),
    };

    private static string UntilThenRest(UntilCase c, string path, bool ahead, out bool windowed)
    {
        windowed = false;
        var log = new StringBuilder();
        using (Stream stream = OpenUntil(c, path))
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
                UntilReader.Null => null,
                UntilReader.Subclass => new OtherReader(stream),
                UntilReader.DisposedClosing => new BinaryReader(stream, Encoding.UTF8, leaveOpen: false),
                _ => new BinaryReader(stream, Encoding.UTF8, leaveOpen: true),
            };
            try
            {
                for (int i = 0; i < c.Prefix && reader is not null; i++)
                    log.Append(reader.ReadByte()).Append(' ');
            }
            catch (Exception e)
            {
                log.Append("prefix threw ").Append(Outcome.Describe(e)).Append(' ');
            }

            if (c.Reader == UntilReader.DisposedLeaveOpen || c.Reader == UntilReader.DisposedClosing)
                reader!.Dispose();
            log.Append("| ");
            int passes = 0;
            try
            {
                if (ahead)
                {
                    using (BufferedBinaryReader.ReadAheadScope scope = BufferedBinaryReader.ReadAheadUntil(reader, c.End))
                    {
                        windowed = s_window.GetValue(scope) is not null;
                        UntilLoop(c, () => scope.Position, (op, count) => ReadUntil(scope, op, count), log, ref passes);
                    }
                }
                else
                {
                    UntilLoop(c, () => reader!.BaseStream.Position, (op, count) => ReadUntil(reader, op, count), log, ref passes);
                }
            }
            catch (Exception e)
            {
                log.Append("threw ").Append(Outcome.Describe(e));
            }

            // The caller reads on: where the stream is, and what is left.
            log.Append(" | passes ").Append(passes).Append(" position ");
            try
            {
                log.Append(stream.CanSeek ? stream.Position : stream is ChunkedStream chunked ? chunked.Consumed : -1);
            }
            catch (Exception e)
            {
                log.Append("threw ").Append(Outcome.Describe(e));
            }

            log.Append(" rest ");
            try
            {
                int b;
                long sum = 0;
                long count = 0;
                while ((b = stream.ReadByte()) != -1)
                {
                    sum = (sum * 31) + b;
                    count++;
                }

                log.Append(count).Append(':').Append(sum);
            }
            catch (Exception e)
            {
                log.Append("threw ").Append(Outcome.Describe(e));
            }
        }

        return log.ToString();
    }

    private static readonly System.Reflection.FieldInfo s_window =
        typeof(BufferedBinaryReader.ReadAheadScope).GetField("_window", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance)!;

    private static void UntilLoop(UntilCase c, Func<long> position, Func<int, int, object> read, StringBuilder log, ref int passes)
    {
        long last = 0;
        int stalls = 0;
        long bytesReturned = 0;
        while (position() < c.End)
        {
            if (passes == c.ThrowAt)
                throw new InvalidOperationException("the body");
            passes++;
            bool progress = false;
            foreach (UntilOp op in c.Ops)
            {
                if (c.PositionEveryOp)
                    log.Append('@').Append(position()).Append(' ');
                if (op.IfOdd && (last & 1) == 0)
                    continue;
                if (op.Kind == 14)
                {
                    last = position();
                    log.Append('@').Append(last).Append(' ');
                    continue;
                }

                int count = op.Kind == 13 ? (int)((ulong)last % 4096) : op.Count;
                object value;
                try
                {
                    value = read(op.Kind, count);
                }
                catch (ArgumentOutOfRangeException e) when (op.CatchArgument)
                {
                    log.Append("caught ").Append(Outcome.Describe(e)).Append(' ');
                    continue;
                }

                switch (value)
                {
                    case byte[] bytes:
                        last = bytes.Length == 0 ? 0 : bytes.Length ^ bytes[0] ^ (bytes[bytes.Length - 1] << 8);
                        progress |= bytes.Length > 0;
                        log.Append('[').Append(bytes.Length).Append(':').Append(bytes.Length <= 32 ? Outcome.Hex(bytes) : Fnv(bytes)).Append("] ");

                        // More bytes than the stream holds: a broken ReadBytes, stopped before it runs for long.
                        bytesReturned += bytes.Length;
                        if (bytesReturned > c.Data.Length + 1000000)
                            throw new InvalidOperationException("runaway");
                        continue;
                    case float f:
                        last = BitConverter.ToInt32(BitConverter.GetBytes(f), 0);
                        break;
                    case double d:
                        last = BitConverter.DoubleToInt64Bits(d);
                        break;
                    case decimal m:
                        int[] bits = decimal.GetBits(m);
                        log.Append(bits[3]).Append(',').Append(bits[2]).Append(',').Append(bits[1]).Append(',');
                        last = bits[0];
                        break;
                    case bool x:
                        last = x ? 1 : 0;
                        break;
                    case ulong u:
                        last = unchecked((long)u);
                        break;
                    default:
                        last = Convert.ToInt64(value, CultureInfo.InvariantCulture);
                        break;
                }

                progress = true;
                log.Append(last).Append(' ');
            }

            if (passes == c.BreakAt || (c.BreakOn >= 0 && (last & 0xFF) == c.BreakOn))
            {
                log.Append("break ");
                break;
            }

            // A pass that reads nothing (skipped reads, empty arrays at the end of the stream) would loop forever.
            if ((!progress && ++stalls == 3) || passes == UntilMaxPasses)
            {
                log.Append("stall ");
                break;
            }
        }
    }

    private static object ReadUntil(BinaryReader? reader, int op, int count) => op switch
    {
        0 => reader!.ReadByte(),
        1 => reader!.ReadUInt16(),
        2 => reader!.ReadInt32(),
        3 => reader!.ReadInt64(),
        4 => reader!.ReadSingle(),
        5 => reader!.ReadDouble(),
        6 => reader!.ReadDecimal(),
        7 => reader!.ReadSByte(),
        8 => reader!.ReadBoolean(),
        9 => reader!.ReadInt16(),
        10 => reader!.ReadUInt32(),
        11 => reader!.ReadUInt64(),
        _ => reader!.ReadBytes(count),
    };

    private static object ReadUntil(BufferedBinaryReader.ReadAheadScope scope, int op, int count) => op switch
    {
        0 => scope.ReadByte(),
        1 => scope.ReadUInt16(),
        2 => scope.ReadInt32(),
        3 => scope.ReadInt64(),
        4 => scope.ReadSingle(),
        5 => scope.ReadDouble(),
        6 => scope.ReadDecimal(),
        7 => scope.ReadSByte(),
        8 => scope.ReadBoolean(),
        9 => scope.ReadInt16(),
        10 => scope.ReadUInt32(),
        11 => scope.ReadUInt64(),
        _ => scope.ReadBytes(count),
    };

    private static string Fnv(byte[] bytes)
    {
        ulong hash = 14695981039346656037;
        foreach (byte b in bytes)
            hash = unchecked((hash ^ b) * 1099511628211);
        return hash.ToString("x16", CultureInfo.InvariantCulture);
    }

    /// <summary>A reader of its own: its ReadInt32 and ReadBytes return other values, which the scope must keep.</summary>
    private sealed class OtherReader : BinaryReader
    {
        public OtherReader(Stream input)
            : base(input, Encoding.UTF8, leaveOpen: true)
        {
        }

        public override int ReadInt32() => ~base.ReadInt32();

        public override byte[] ReadBytes(int count)
        {
            byte[] bytes = base.ReadBytes(count);
            Array.Reverse(bytes);
            return bytes;
        }
    }
}
