using System;
using System.Globalization;
using System.IO;
using System.Reflection;
using System.Text;
using Streamline.Runtime;

namespace Streamline.Legacy.Tests;

/// <summary>BufferedBinaryReader against the running BCL's BinaryReader: random sequences of calls over MemoryStream,
/// FileStream and streams that return short reads (seekable or not), comparing values, exception types and
/// ParamNames, and the stream's position after every BaseStream access and after Dispose with leaveOpen.</summary>
internal static class BinaryReaderChecks
{
    private const int Cases = 20000;

    private static readonly Func<Encoding>[] s_encodings =
    {
        () => new UTF8Encoding(),
        () => new UTF8Encoding(false, throwOnInvalidBytes: true),
        () => new UnicodeEncoding(),
        () => new UnicodeEncoding(false, false, throwOnInvalidBytes: true),
        () => new UnicodeEncoding(bigEndian: true, byteOrderMark: false),
        () => new UTF32Encoding(),
        () => Encoding.ASCII,
        () => Encoding.GetEncoding(28591),
        () => Encoding.GetEncoding(54936), // GB18030 (Mono's I18N.CJK)
        () => Encoding.GetEncoding(932), // Shift-JIS
        () => Encoding.GetEncoding(1252),
    };

    private static readonly string[] s_encodingNames = { "UTF8", "UTF8Throwing", "Unicode", "UnicodeThrowing", "BigEndianUnicode", "UTF32", "ASCII", "Latin1", "GB18030", "ShiftJIS", "CP1252" };

    // The constructor that lets a test choose the buffer size is internal; tiny buffers make every value straddle.
    private static readonly ConstructorInfo s_sizedConstructor = typeof(BufferedBinaryReader).GetConstructor(
        BindingFlags.Instance | BindingFlags.NonPublic, null, new[] { typeof(Stream), typeof(Encoding), typeof(bool), typeof(int) }, null)
        ?? throw new InvalidOperationException("BufferedBinaryReader's sized constructor was not found");

    internal enum StreamKind
    {
        Memory,
        File,
        Chunked,
        NonSeekable,
    }

    internal enum OpKind
    {
        ReadByte,
        ReadSByte,
        ReadBoolean,
        ReadChar,
        ReadInt16,
        ReadUInt16,
        ReadInt32,
        ReadUInt32,
        ReadInt64,
        ReadUInt64,
        ReadSingle,
        ReadDouble,
        ReadDecimal,
        ReadString,
        Read7BitEncodedInt,
        PeekChar,
        Read,
        BaseStreamPosition,
        BaseStreamLoopCondition,
        BaseStreamTouch,
        ReadChars, // the kinds from here on take arguments
        ReadBytes,
        ReadIntoBytes,
        ReadIntoChars,
        BaseStreamSeek,
        BaseStreamAwayAndBack,
        Dispose,
    }

    internal struct Op
    {
        public OpKind Kind;
        public int A;
        public int B;
        public int C;

        public override string ToString() => Kind + "(" + A.ToString(CultureInfo.InvariantCulture) + "," + B.ToString(CultureInfo.InvariantCulture) + "," + C.ToString(CultureInfo.InvariantCulture) + ")";
    }

    internal sealed class Case
    {
        public byte[] Data = Array.Empty<byte>();
        public StreamKind Kind;
        public int EncodingIndex;
        public int BufferSize;
        public int ChunkSeed;
        public int ChunkMax;
        public bool LeaveOpen;
        public Op[] Ops = Array.Empty<Op>();

        public override string ToString() => string.Format(CultureInfo.InvariantCulture, "data {0}, {1}, {2}, buffer {3}, chunks {4}/{5}, leaveOpen {6}, ops [{7}]",
            Outcome.Hex(Data), Kind, s_encodingNames[EncodingIndex], BufferSize, ChunkSeed, ChunkMax, LeaveOpen, string.Join(" ", Array.ConvertAll(Ops, o => o.ToString())));
    }

    /// <summary>Exposes the BCL's protected Read7BitEncodedInt; nothing else is overridden.</summary>
    private sealed class BclReader : BinaryReader
    {
        public BclReader(Stream input, Encoding encoding, bool leaveOpen)
            : base(input, encoding, leaveOpen)
        {
        }

        public int Read7Bit() => Read7BitEncodedInt();
    }

    public static Suite Run(int seed, double scale)
    {
        var suite = new Suite("BufferedBinaryReader");
        var random = new Random(seed);
        string directory = Path.Combine(Path.GetTempPath(), "streamline-legacy-br-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(directory);
        try
        {
            CheckConstructors(suite);
            int cases = (int)(Cases * scale);
            for (int i = 0; i < cases; i++)
            {
                Case c = Generate(random, i);
                string path = Path.Combine(directory, "case" + i.ToString(CultureInfo.InvariantCulture) + ".bin");
                suite.Run("case " + i.ToString(CultureInfo.InvariantCulture) + ": " + c, () => Compare(c, path));
            }
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }

        return suite;
    }

    private static void CheckConstructors(Suite suite)
    {
        var readable = new MemoryStream(new byte[4]);
        var closed = new MemoryStream(new byte[4]);
        closed.Dispose();
        var streams = new[] { null, readable, closed };
        var encodings = new[] { null, Encoding.UTF8 };
        foreach (MemoryStream? stream in streams)
        {
            foreach (Encoding? encoding in encodings)
            {
                suite.Run("constructor(" + (stream is null ? "null" : stream == closed ? "closed" : "stream") + ", " + (encoding is null ? "null" : "UTF8") + ")", () =>
                {
                    string expected = Outcome.Of(() => new BinaryReader(stream!, encoding!, true) is null ? "null" : "ok");
                    string actual = Outcome.Of(() => new BufferedBinaryReader(stream!, encoding!, true) is null ? "null" : "ok");
                    return expected == actual ? null : "BinaryReader " + expected + ", BufferedBinaryReader " + actual;
                });
            }
        }
    }

    private static Case Generate(Random random, int index)
    {
        var c = new Case
        {
            Data = GenerateData(random),
            Kind = (StreamKind)random.Next(4),
            EncodingIndex = random.Next(s_encodings.Length),
            BufferSize = random.Next(10) switch
            {
                < 6 => 1 + random.Next(17),
                < 9 => 18 + random.Next(283),
                _ => BufferedBinaryReader.DefaultBufferSize,
            },
            ChunkSeed = random.Next(1000),
            ChunkMax = 1 + random.Next(20),
            LeaveOpen = random.Next(6) != 0,
        };

        // A third of the cases: reads only (they run to the end of the data more often); a third: the loop shapes
        // with BaseStream checks between reads; the rest: anything, Dispose included.
        int shape = index % 3;
        var ops = new Op[1 + random.Next(30)];
        for (int i = 0; i < ops.Length; i++)
        {
            ops[i] = shape switch
            {
                0 => GenerateOp(random, allowMoves: false),
                1 => i % 2 == 0 && random.Next(6) != 0 ? new Op { Kind = random.Next(2) == 0 ? OpKind.BaseStreamLoopCondition : OpKind.BaseStreamPosition } : GenerateOp(random, allowMoves: true),
                _ => GenerateOp(random, allowMoves: true),
            };
        }

        c.Ops = ops;
        return c;
    }

    private static Op GenerateOp(Random random, bool allowMoves)
    {
        int pick = random.Next(12);
        if (pick < 7)
        {
            return new Op { Kind = (OpKind)random.Next((int)OpKind.ReadChars) };
        }

        switch (pick)
        {
            case 7:
                return new Op { Kind = random.Next(2) == 0 ? OpKind.ReadChars : OpKind.ReadBytes, A = Count(random) };
            case 8:
                return new Op
                {
                    Kind = random.Next(2) == 0 ? OpKind.ReadIntoBytes : OpKind.ReadIntoChars,
                    A = random.Next(10) == 0 ? -1 : random.Next(41),
                    B = random.Next(6) == 0 ? random.Next(-2, 46) : random.Next(11),
                    C = random.Next(6) == 0 ? random.Next(-2, 46) : random.Next(31),
                };
            case 9:
                return allowMoves ? new Op { Kind = OpKind.BaseStreamSeek, A = random.Next(401) } : new Op { Kind = OpKind.ReadString };
            case 10:
                return allowMoves ? new Op { Kind = OpKind.BaseStreamAwayAndBack, A = random.Next(50) } : new Op { Kind = OpKind.ReadByte };
            default:
                return allowMoves && random.Next(3) == 0 ? new Op { Kind = OpKind.Dispose } : new Op { Kind = OpKind.ReadString };
        }
    }

    private static int Count(Random random) => random.Next(9) switch
    {
        < 6 => random.Next(21),
        < 8 => 21 + random.Next(280),
        _ => -1 - random.Next(2),
    };

    private static byte[] GenerateData(Random random)
    {
        var stream = new MemoryStream();
        int segments = random.Next(9);
        for (int s = 0; s < segments; s++)
        {
            switch (random.Next(8))
            {
                case 0:
                case 1:
                case 2:
                {
                    byte[] bytes = new byte[random.Next(41)];
                    random.NextBytes(bytes);
                    stream.Write(bytes, 0, bytes.Length);
                    break;
                }

                case 3:
                case 4:
                {
                    string text = Text(random, "aZ0 \r\n\u00e9\u20ac\ud83d\ude00\ud800\udc00\u0000\ufffd", random.Next(25));
                    Encoding encoding = random.Next(3) switch { 0 => Encoding.UTF8, 1 => Encoding.Unicode, _ => Encoding.UTF32 };
                    byte[] bytes = encoding.GetBytes(text);
                    stream.Write(bytes, 0, bytes.Length);
                    break;
                }

                case 5:
                case 6:
                {
                    // A length-prefixed string as BinaryWriter writes it, sometimes with a prefix that lies.
                    byte[] payload = Encoding.UTF8.GetBytes(Text(random, "ab\u00e9\u20ac\ud83d\ude00", random.Next(151)));
                    int lie = random.Next(5) == 0 ? random.Next(-3, 4) : 0;
                    int length = Math.Max(0, payload.Length + lie);
                    do
                    {
                        stream.WriteByte((byte)(length > 0x7F ? (length & 0x7F) | 0x80 : length));
                        length >>= 7;
                    }
                    while (length > 0);
                    stream.Write(payload, 0, payload.Length);
                    break;
                }

                default:
                {
                    byte[][] edges =
                    {
                        new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x0F },
                        new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x1F },
                        new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x7F },
                        new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x8F, 0x01 },
                        new byte[] { 0xF0, 0x9F, 0x98 },
                        new byte[] { 0xE2, 0x82 },
                        new byte[] { 0x02, 0x61, 0xE2 },
                        new byte[] { 0x03, 0x3D, 0xD8, 0x00 },
                    };
                    byte[] edge = edges[random.Next(edges.Length)];
                    stream.Write(edge, 0, edge.Length);
                    break;
                }
            }
        }

        return stream.ToArray();
    }

    private static string Text(Random random, string alphabet, int length)
    {
        var builder = new StringBuilder(length);
        for (int i = 0; i < length; i++)
        {
            builder.Append(alphabet[random.Next(alphabet.Length)]);
        }

        return builder.ToString();
    }

    private static Stream Open(Case c, string path) => c.Kind switch
    {
        StreamKind.Memory => new MemoryStream(c.Data, writable: false),
        StreamKind.File => new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete),
        StreamKind.Chunked => new ChunkedStream(c.Data, canSeek: true, c.ChunkSeed, c.ChunkMax),
        _ => new ChunkedStream(c.Data, canSeek: false, c.ChunkSeed, c.ChunkMax),
    };

    private static BufferedBinaryReader CreateOurs(Stream stream, Encoding encoding, bool leaveOpen, int bufferSize)
    {
        try
        {
            return (BufferedBinaryReader)s_sizedConstructor.Invoke(new object[] { stream, encoding, leaveOpen, bufferSize });
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            throw e.InnerException;
        }
    }

    private static string? Compare(Case c, string path)
    {
        bool file = c.Kind == StreamKind.File;
        if (file)
        {
            File.WriteAllBytes(path, c.Data);
        }

        try
        {
            using Stream bclStream = Open(c, path);
            using Stream ourStream = Open(c, path);
            var bcl = new BclReader(bclStream, s_encodings[c.EncodingIndex](), c.LeaveOpen);
            BufferedBinaryReader ours = CreateOurs(ourStream, s_encodings[c.EncodingIndex](), c.LeaveOpen, c.BufferSize);
            bool exact = c.Kind is StreamKind.Memory or StreamKind.File;
            bool seekable = c.Kind != StreamKind.NonSeekable;

            // Over a stream that cannot seek, BufferedBinaryReader makes the reads BinaryReader makes, so a stream that
            // returns short reads gives both the same chunks; only Chunked (seekable) is read ahead in chunks of its own.
            bool sameChunks = exact || !seekable;
            bool disposed = false;
            for (int i = 0; i < c.Ops.Length; i++)
            {
                Op op = c.Ops[i];
                if (!seekable && op.Kind is OpKind.BaseStreamPosition or OpKind.BaseStreamLoopCondition or OpKind.BaseStreamSeek or OpKind.BaseStreamAwayAndBack)
                {
                    continue;
                }

                // Mono's GB18030 decoder (I18N.CJK) drops a character whose bytes reach it in two GetChars calls, so
                // BinaryReader's characters over a seekable stream that returns short reads depend on where the
                // stream splits them. BufferedBinaryReader decodes as over a stream that fills each read.
                if (c.Kind == StreamKind.Chunked && s_encodingNames[c.EncodingIndex] == "GB18030"
                    && op.Kind is OpKind.ReadChars or OpKind.ReadIntoChars or OpKind.ReadString)
                {
                    return null;
                }

                string expected = Run(bcl, bcl, op);
                string actual = Run(ours, null, op);
                if (!sameChunks && op.Kind is OpKind.ReadIntoBytes && expected.StartsWith("bytes:", StringComparison.Ordinal) && actual.StartsWith("bytes:", StringComparison.Ordinal))
                {
                    // A stream may return fewer bytes than asked; let the reader that got fewer catch up.
                    (expected, actual) = CatchUp(bcl, ours, expected, actual);
                }

                if (expected != actual)
                {
                    return "op " + i.ToString(CultureInfo.InvariantCulture) + " " + op + ": BinaryReader " + expected + ", BufferedBinaryReader " + actual;
                }

                if (op.Kind == OpKind.Dispose)
                {
                    disposed = true;
                }

                if (!seekable)
                {
                    var bclChunked = (ChunkedStream)bclStream;
                    var ourChunked = (ChunkedStream)ourStream;
                    if (bclChunked.Consumed != ourChunked.Consumed || bclChunked.ReadCalls != ourChunked.ReadCalls)
                    {
                        return "op " + i.ToString(CultureInfo.InvariantCulture) + " " + op + ": BinaryReader has read " + bclChunked.Consumed.ToString(CultureInfo.InvariantCulture)
                            + " bytes in " + bclChunked.ReadCalls.ToString(CultureInfo.InvariantCulture) + " reads, BufferedBinaryReader "
                            + ourChunked.Consumed.ToString(CultureInfo.InvariantCulture) + " in " + ourChunked.ReadCalls.ToString(CultureInfo.InvariantCulture);
                    }
                }

                // Over streams that return short reads, BinaryReader hands its decoder chunks that depend on the
                // stream, so the bytes it consumes for characters may differ from a stream that fills each read, which
                // is what BufferedBinaryReader reproduces. The characters themselves were compared above; stop here.
                if (!sameChunks && op.Kind is OpKind.ReadChars or OpKind.ReadIntoChars or OpKind.ReadString)
                {
                    return null;
                }
            }

            if (!disposed)
            {
                bcl.Dispose();
                ours.Dispose();
            }

            if (c.LeaveOpen && seekable)
            {
                if (bclStream.Position != ourStream.Position)
                {
                    return "after Dispose: BinaryReader left the stream at " + bclStream.Position.ToString(CultureInfo.InvariantCulture) + ", BufferedBinaryReader at " + ourStream.Position.ToString(CultureInfo.InvariantCulture);
                }
            }
            else if (!c.LeaveOpen && (bclStream.CanRead || ourStream.CanRead))
            {
                return "after Dispose without leaveOpen: stream open? BinaryReader " + bclStream.CanRead + ", BufferedBinaryReader " + ourStream.CanRead;
            }

            return null;
        }
        finally
        {
            if (file)
            {
                File.Delete(path);
            }
        }
    }

    private static (string Expected, string Actual) CatchUp(BinaryReader bcl, BinaryReader ours, string expected, string actual)
    {
        string bclBytes = expected.Substring("bytes:".Length);
        string ourBytes = actual.Substring("bytes:".Length);
        int bclCount = bclBytes.Length / 2;
        int ourCount = ourBytes.Length / 2;
        if (bclCount < ourCount)
        {
            bclBytes += Outcome.Hex(bcl.ReadBytes(ourCount - bclCount));
        }
        else if (ourCount < bclCount)
        {
            ourBytes += Outcome.Hex(ours.ReadBytes(bclCount - ourCount));
        }

        return ("bytes:" + bclBytes, "bytes:" + ourBytes);
    }

    private static string Run(BinaryReader reader, BclReader? bcl, Op op)
    {
        try
        {
            return RunUnguarded(reader, bcl, op);
        }
        catch (Exception e)
        {
            return Outcome.Describe(e);
        }
    }

    private static string RunUnguarded(BinaryReader reader, BclReader? bcl, Op op)
    {
        switch (op.Kind)
        {
            case OpKind.ReadByte: return "v:" + reader.ReadByte().ToString(CultureInfo.InvariantCulture);
            case OpKind.ReadSByte: return "v:" + reader.ReadSByte().ToString(CultureInfo.InvariantCulture);
            case OpKind.ReadBoolean: return "v:" + reader.ReadBoolean();
            case OpKind.ReadChar: return "v:" + ((int)reader.ReadChar()).ToString(CultureInfo.InvariantCulture);
            case OpKind.ReadInt16: return "v:" + reader.ReadInt16().ToString(CultureInfo.InvariantCulture);
            case OpKind.ReadUInt16: return "v:" + reader.ReadUInt16().ToString(CultureInfo.InvariantCulture);
            case OpKind.ReadInt32: return "v:" + reader.ReadInt32().ToString(CultureInfo.InvariantCulture);
            case OpKind.ReadUInt32: return "v:" + reader.ReadUInt32().ToString(CultureInfo.InvariantCulture);
            case OpKind.ReadInt64: return "v:" + reader.ReadInt64().ToString(CultureInfo.InvariantCulture);
            case OpKind.ReadUInt64: return "v:" + reader.ReadUInt64().ToString(CultureInfo.InvariantCulture);
            case OpKind.ReadSingle: return "v:" + BitConverter.ToInt32(BitConverter.GetBytes(reader.ReadSingle()), 0).ToString(CultureInfo.InvariantCulture);
            case OpKind.ReadDouble: return "v:" + BitConverter.DoubleToInt64Bits(reader.ReadDouble()).ToString(CultureInfo.InvariantCulture);
            case OpKind.ReadDecimal: return "v:" + string.Join(",", Array.ConvertAll(decimal.GetBits(reader.ReadDecimal()), b => b.ToString(CultureInfo.InvariantCulture)));
            case OpKind.ReadString: return "chars:" + Outcome.Chars(reader.ReadString());
            case OpKind.Read7BitEncodedInt:
                return "v:" + (bcl is not null ? bcl.Read7Bit() : ((BufferedBinaryReader)reader).Read7BitEncodedInt()).ToString(CultureInfo.InvariantCulture);
            case OpKind.PeekChar: return "v:" + reader.PeekChar().ToString(CultureInfo.InvariantCulture);
            case OpKind.Read: return "v:" + reader.Read().ToString(CultureInfo.InvariantCulture);
            case OpKind.BaseStreamPosition: return "v:" + reader.BaseStream.Position.ToString(CultureInfo.InvariantCulture);
            case OpKind.BaseStreamLoopCondition: return "v:" + (reader.BaseStream.Position < reader.BaseStream.Length);
            case OpKind.BaseStreamTouch: return "v:" + reader.BaseStream.CanRead;
            case OpKind.ReadChars:
            {
                char[] chars = reader.ReadChars(op.A);
                return "chars:" + Outcome.Chars(chars, 0, chars.Length);
            }

            case OpKind.ReadBytes: return "bytes:" + Outcome.Hex(reader.ReadBytes(op.A));
            case OpKind.ReadIntoBytes:
            {
                byte[]? buffer = op.A < 0 ? null : new byte[op.A];
                int n = reader.Read(buffer!, op.B, op.C);
                return "bytes:" + Outcome.Hex(buffer!, op.B, n);
            }

            case OpKind.ReadIntoChars:
            {
                char[]? buffer = op.A < 0 ? null : new char[op.A];
                int n = reader.Read(buffer!, op.B, op.C);
                return "chars:" + Outcome.Chars(buffer!, op.B, n) + "|" + Outcome.Chars(buffer!, 0, buffer!.Length);
            }

            case OpKind.BaseStreamSeek:
                reader.BaseStream.Position = Math.Min(op.A, reader.BaseStream.Length);
                return "ok";
            case OpKind.BaseStreamAwayAndBack:
            {
                long position = reader.BaseStream.Position;
                reader.BaseStream.Position = Math.Min(op.A, reader.BaseStream.Length);
                reader.BaseStream.Position = position;
                return "v:" + position.ToString(CultureInfo.InvariantCulture);
            }

            case OpKind.Dispose:
                reader.Dispose();
                return "ok";
            default: throw new InvalidOperationException(op.Kind.ToString());
        }
    }
}

/// <summary>A seekable or non-seekable stream over bytes whose reads return between 1 and a few bytes.</summary>
internal sealed class ChunkedStream : Stream
{
    private readonly byte[] _data;
    private readonly bool _canSeek;
    private readonly int _chunkMax;
    private int _state;
    private long _position;
    private bool _closed;

    public ChunkedStream(byte[] data, bool canSeek, int chunkSeed, int chunkMax)
    {
        _data = data;
        _canSeek = canSeek;
        _state = chunkSeed;
        _chunkMax = Math.Max(1, chunkMax);
    }

    /// <summary>How far reads have taken the stream, also when it cannot seek.</summary>
    public long Consumed => _position;

    /// <summary>How many times Read has been called.</summary>
    public int ReadCalls { get; private set; }

    public override bool CanRead => !_closed;

    public override bool CanSeek => _canSeek && !_closed;

    public override bool CanWrite => false;

    public override long Length => _canSeek ? _data.Length : throw new NotSupportedException();

    public override long Position
    {
        get => _canSeek ? _position : throw new NotSupportedException();
        set
        {
            if (!_canSeek)
            {
                throw new NotSupportedException();
            }

            _position = value;
        }
    }

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count)
    {
        if (_closed)
        {
            throw new ObjectDisposedException(null);
        }

        ReadCalls++;
        _state = unchecked((_state * 1103515245) + 12345);
        int chunk = 1 + (int)((uint)(_state >> 8) % (uint)_chunkMax);
        long remaining = Math.Max(0, _data.Length - _position);
        int n = (int)Math.Min(Math.Min(chunk, count), remaining);
        Array.Copy(_data, (int)_position, buffer, offset, n);
        _position += n;
        return n;
    }

    public override long Seek(long offset, SeekOrigin origin)
    {
        if (!_canSeek)
        {
            throw new NotSupportedException();
        }

        long target = origin switch
        {
            SeekOrigin.Begin => offset,
            SeekOrigin.Current => _position + offset,
            _ => _data.Length + offset,
        };
        if (target < 0)
        {
            throw new IOException("Seek before the beginning.");
        }

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
}
