using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;

namespace Streamline.Runtime.Tests;

/// <summary>The kinds of stream a differential case runs over.</summary>
public enum StreamKind
{
    Memory,
    File,
    Chunked,
    NonSeekable,

    // Cannot seek, and fills every read it is asked for (a pipe with the data already there).
    NonSeekableFull,
}

public enum OpKind
{
    ReadByte,
    ReadSByte,
    ReadBoolean,
    ReadChar,
    ReadChars,
    ReadInt16,
    ReadUInt16,
    ReadInt32,
    ReadUInt32,
    ReadInt64,
    ReadUInt64,
    ReadHalf,
    ReadSingle,
    ReadDouble,
    ReadDecimal,
    ReadBytes,
    ReadIntoBytes,
    ReadIntoByteSpan,
    ReadIntoChars,
    ReadIntoCharSpan,
    ReadString,
    Read7BitEncodedInt,
    Read7BitEncodedIntViaBase,
    Read7BitEncodedInt64,
    PeekChar,
    Read,
    BaseStreamPosition,
    BaseStreamSeek,
    BaseStreamTouch,
    BaseStreamLength,
    BaseStreamLoopCondition,
    BaseStreamAwayAndBack,
    BaseStreamSeekRelative,
    BaseStreamReadByte,

    // BaseStream.Position on BinaryReader, BufferedBinaryReader.Position on ours.
    ReaderPosition,
    Dispose,
}

/// <summary>One call on a reader; A, B and C are its arguments where it takes any.</summary>
public readonly record struct Op(OpKind Kind, int A = 0, int B = 0, int C = 0)
{
    public override string ToString() => Kind switch
    {
        OpKind.ReadChars or OpKind.ReadBytes or OpKind.ReadIntoByteSpan or OpKind.ReadIntoCharSpan or OpKind.BaseStreamSeek or OpKind.BaseStreamAwayAndBack or OpKind.BaseStreamSeekRelative => $"new Op(OpKind.{Kind}, {A})",
        OpKind.ReadIntoBytes or OpKind.ReadIntoChars => $"new Op(OpKind.{Kind}, {A}, {B}, {C})",
        _ => $"new Op(OpKind.{Kind})",
    };
}

/// <summary>A differential case: the same calls on a BinaryReader and a BufferedBinaryReader over identical streams.</summary>
public sealed record ReaderCase(
    byte[] Data, StreamKind Kind, int EncodingIndex, int BufferSize, int ChunkSeed, int ChunkMax, bool LeaveOpen, Op[] Ops)
{
    public override string ToString() =>
        $"new ReaderCase(Hex(\"{Convert.ToHexString(Data)}\"), StreamKind.{Kind}, {EncodingIndex}, {BufferSize}, {ChunkSeed}, {ChunkMax}, {(LeaveOpen ? "true" : "false")}, [{string.Join(", ", Ops)}])";
}

/// <summary>Runs a case on both readers and reports the first difference.</summary>
public static class Differential
{
    public static readonly Func<Encoding>[] Encodings =
    [
        () => new UTF8Encoding(),
        () => new UTF8Encoding(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true),
        () => new UnicodeEncoding(),
        () => new UnicodeEncoding(bigEndian: false, byteOrderMark: false, throwOnInvalidBytes: true),
        () => new UnicodeEncoding(bigEndian: true, byteOrderMark: false),
        () => new UTF32Encoding(),
        () => Encoding.ASCII,
        () => Encoding.Latin1,
        () => CodePagesEncodingProvider.Instance.GetEncoding(54936)!, // GB18030: its decoder is not CoreLib's DecoderNLS
        () => CodePagesEncodingProvider.Instance.GetEncoding(932)!, // Shift-JIS
        () => CodePagesEncodingProvider.Instance.GetEncoding(1252)!,
    ];

    public static byte[] Hex(string hex) => Convert.FromHexString(hex);

    /// <summary>Runs the case; returns null when both readers behaved the same, else a description of the first
    /// difference.</summary>
    public static string? Compare(ReaderCase c)
    {
        string? path = null;
        try
        {
            if (c.Kind == StreamKind.File)
            {
                path = Path.Combine(Path.GetTempPath(), "sl1002-" + Guid.NewGuid().ToString("N"));
                File.WriteAllBytes(path, c.Data);
            }

            using Stream bclStream = Open(c, path);
            using Stream ourStream = Open(c, path);
            Encoding encoding = Encodings[c.EncodingIndex]();
            var bcl = new BinaryReader(bclStream, encoding, c.LeaveOpen);
            var ours = new BufferedBinaryReader(ourStream, encoding, c.LeaveOpen, c.BufferSize);
            bool exact = c.Kind is StreamKind.Memory or StreamKind.File or StreamKind.NonSeekableFull;
            // Over a stream that cannot seek, BufferedBinaryReader makes the reads BinaryReader makes, so even a stream
            // that returns short reads gives both the same chunks. Only a seekable one that returns short reads
            // (Chunked) is read ahead in chunks of its own.
            bool sameChunks = exact || c.Kind == StreamKind.NonSeekable;
            bool seekable = c.Kind is not (StreamKind.NonSeekable or StreamKind.NonSeekableFull);
            bool disposed = false;
            for (int i = 0; i < c.Ops.Length; i++)
            {
                Op op = c.Ops[i];
                if (!seekable && op.Kind is OpKind.BaseStreamPosition or OpKind.BaseStreamSeek or OpKind.BaseStreamLength
                    or OpKind.BaseStreamLoopCondition or OpKind.BaseStreamAwayAndBack or OpKind.BaseStreamSeekRelative
                    or OpKind.BaseStreamReadByte)
                {
                    continue;
                }

                // BinaryReader over a MemoryStream left open still reads fixed-size values after Dispose (a documented
                // difference; see BufferedBinaryReaderTests.AfterDispose_MemoryStreamLeftOpen_BinaryReaderStillReads).
                if (disposed && c.Kind == StreamKind.Memory && c.LeaveOpen && IsFixedSizeRead(op.Kind))
                {
                    continue;
                }

                // Code-page decoders (System.Text.Encoding.CodePages) turn invalid bytes into characters by the chunk
                // they arrive in: over a seekable stream that returns short reads, BinaryReader's characters (and whether
                // they overflow the room left) depend on the read sizes. Stop before such a text read.
                if (!sameChunks && IsChunkedDecode(op.Kind) && encoding.CodePage is not (65001 or 1200 or 1201 or 12000 or 20127 or 28591))
                {
                    return null;
                }

                string expected = Run(bcl, op, useBaseFor7Bit: true);
                string actual = Run(ours, op, useBaseFor7Bit: op.Kind == OpKind.Read7BitEncodedIntViaBase);
                if (!sameChunks && IsPartialRead(op.Kind) && expected.StartsWith("bytes:", StringComparison.Ordinal) && actual.StartsWith("bytes:", StringComparison.Ordinal))
                {
                    // A stream may return fewer bytes than asked; let the reader that got fewer catch up.
                    (expected, actual) = CatchUp(bcl, ours, expected, actual);
                }

                // A stream that returns short reads can make BinaryReader decode a short string through its shared
                // decoder instead of on its own; the two differ only in state carried in or left over.
                if (!sameChunks && op.Kind == OpKind.ReadString && expected != actual)
                {
                    return null;
                }

                if (expected != actual)
                {
                    return $"op {i} {op}: BinaryReader {expected}, BufferedBinaryReader {actual}";
                }

                if (op.Kind == OpKind.Dispose)
                {
                    disposed = true;
                }

                // A stream that cannot seek is never read ahead: whoever reads it next finds what BinaryReader left.
                if (!seekable
                    && ((ShortReadStream)bclStream).Consumed != ((ShortReadStream)ourStream).Consumed)
                {
                    return $"op {i} {op}: BinaryReader has taken {((ShortReadStream)bclStream).Consumed} bytes of the stream, BufferedBinaryReader {((ShortReadStream)ourStream).Consumed}";
                }

                // Over a stream that cannot seek, the reader makes the reads BinaryReader makes (a stream that returns
                // short reads then returns the same chunks to both).
                if (!seekable && ((ShortReadStream)bclStream).ReadCalls != ((ShortReadStream)ourStream).ReadCalls)
                {
                    return $"op {i} {op}: BinaryReader has read the stream {((ShortReadStream)bclStream).ReadCalls} times, BufferedBinaryReader {((ShortReadStream)ourStream).ReadCalls}";
                }

                // Over streams that return short reads, BinaryReader hands its decoder chunks that depend on the stream,
                // so the bytes it consumes for characters (with invalid or UTF-32 data, after a decoding error) and the
                // state its decoder is left in may differ from a stream that fills each read, which is what
                // BufferedBinaryReader reproduces. The characters themselves were compared above; stop here.
                if (!sameChunks && IsChunkedDecode(op.Kind))
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
                    return $"after Dispose: BinaryReader left the stream at {bclStream.Position}, BufferedBinaryReader at {ourStream.Position}";
                }
            }
            else if (!c.LeaveOpen && (bclStream.CanRead || ourStream.CanRead))
            {
                return $"after Dispose without leaveOpen: stream open? BinaryReader {bclStream.CanRead}, BufferedBinaryReader {ourStream.CanRead}";
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

    private static Stream Open(ReaderCase c, string? path) => c.Kind switch
    {
        StreamKind.Memory => new MemoryStream(c.Data, writable: false),
        StreamKind.File => new FileStream(path!, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete),
        StreamKind.Chunked => new ShortReadStream(c.Data, canSeek: true, c.ChunkSeed, c.ChunkMax),
        StreamKind.NonSeekableFull => new ShortReadStream(c.Data, canSeek: false, c.ChunkSeed, int.MaxValue),
        _ => new ShortReadStream(c.Data, canSeek: false, c.ChunkSeed, c.ChunkMax),
    };

    private static bool IsFixedSizeRead(OpKind kind) => kind is OpKind.ReadInt16 or OpKind.ReadUInt16 or OpKind.ReadInt32
        or OpKind.ReadUInt32 or OpKind.ReadInt64 or OpKind.ReadUInt64 or OpKind.ReadHalf or OpKind.ReadSingle
        or OpKind.ReadDouble or OpKind.ReadDecimal;

    private static bool IsPartialRead(OpKind kind) => kind is OpKind.ReadIntoBytes or OpKind.ReadIntoByteSpan;

    private static bool IsChunkedDecode(OpKind kind) =>
        kind is OpKind.ReadChars or OpKind.ReadIntoChars or OpKind.ReadIntoCharSpan or OpKind.ReadString;

    private static (string Expected, string Actual) CatchUp(BinaryReader bcl, BinaryReader ours, string expected, string actual)
    {
        string bclBytes = expected["bytes:".Length..];
        string ourBytes = actual["bytes:".Length..];
        int bclCount = bclBytes.Length / 2;
        int ourCount = ourBytes.Length / 2;
        if (bclCount < ourCount)
        {
            bclBytes += Convert.ToHexString(bcl.ReadBytes(ourCount - bclCount));
        }
        else if (ourCount < bclCount)
        {
            ourBytes += Convert.ToHexString(ours.ReadBytes(bclCount - ourCount));
        }

        return ("bytes:" + bclBytes, "bytes:" + ourBytes);
    }

    /// <summary>Runs one call and renders its outcome: a value, or the exception type and parameter name.</summary>
    public static string Run(BinaryReader reader, Op op, bool useBaseFor7Bit)
    {
        try
        {
            return RunUnguarded(reader, op, useBaseFor7Bit);
        }
        catch (Exception e)
        {
            return "throws:" + e.GetType().FullName + (e is ArgumentException a ? "(" + a.ParamName + ")" : string.Empty);
        }
    }

    private static string RunUnguarded(BinaryReader reader, Op op, bool useBaseFor7Bit)
    {
        switch (op.Kind)
        {
            case OpKind.ReadByte: return "v:" + reader.ReadByte();
            case OpKind.ReadSByte: return "v:" + reader.ReadSByte();
            case OpKind.ReadBoolean: return "v:" + reader.ReadBoolean();
            case OpKind.ReadChar: return "v:" + (int)reader.ReadChar();
            case OpKind.ReadChars: return "chars:" + Chars(reader.ReadChars(op.A));
            case OpKind.ReadInt16: return "v:" + reader.ReadInt16();
            case OpKind.ReadUInt16: return "v:" + reader.ReadUInt16();
            case OpKind.ReadInt32: return "v:" + reader.ReadInt32();
            case OpKind.ReadUInt32: return "v:" + reader.ReadUInt32();
            case OpKind.ReadInt64: return "v:" + reader.ReadInt64();
            case OpKind.ReadUInt64: return "v:" + reader.ReadUInt64();
            case OpKind.ReadHalf: return "v:" + BitConverter.HalfToInt16Bits(reader.ReadHalf());
            case OpKind.ReadSingle: return "v:" + BitConverter.SingleToInt32Bits(reader.ReadSingle());
            case OpKind.ReadDouble: return "v:" + BitConverter.DoubleToInt64Bits(reader.ReadDouble());
            case OpKind.ReadDecimal: return "v:" + string.Join(",", decimal.GetBits(reader.ReadDecimal()));
            case OpKind.ReadBytes: return "bytes:" + Convert.ToHexString(reader.ReadBytes(op.A));
            case OpKind.ReadIntoBytes:
            {
                byte[]? buffer = op.A < 0 ? null : new byte[op.A];
                int n = reader.Read(buffer!, op.B, op.C);
                return "bytes:" + Convert.ToHexString(buffer!, op.B, n);
            }

            case OpKind.ReadIntoByteSpan:
            {
                byte[] buffer = new byte[op.A];
                int n = reader.Read(buffer.AsSpan());
                return "bytes:" + Convert.ToHexString(buffer, 0, n);
            }

            case OpKind.ReadIntoChars:
            {
                char[]? buffer = op.A < 0 ? null : new char[op.A];
                int n = reader.Read(buffer!, op.B, op.C);
                return "chars:" + Chars(buffer!.AsSpan(op.B, n)) + "|" + Chars(buffer);
            }

            case OpKind.ReadIntoCharSpan:
            {
                char[] buffer = new char[op.A];
                int n = reader.Read(buffer.AsSpan());
                return "chars:" + Chars(buffer.AsSpan(0, n));
            }

            case OpKind.ReadString: return "chars:" + Chars(reader.ReadString().AsSpan());
            case OpKind.Read7BitEncodedInt:
            case OpKind.Read7BitEncodedIntViaBase:
                return "v:" + (useBaseFor7Bit ? reader.Read7BitEncodedInt() : ((BufferedBinaryReader)reader).Read7BitEncodedInt());
            case OpKind.Read7BitEncodedInt64:
                return "v:" + (reader is BufferedBinaryReader buffered ? buffered.Read7BitEncodedInt64() : reader.Read7BitEncodedInt64());
            case OpKind.PeekChar: return "v:" + reader.PeekChar();
            case OpKind.Read: return "v:" + reader.Read();
            case OpKind.BaseStreamPosition: return "v:" + reader.BaseStream.Position;
            case OpKind.BaseStreamSeek:
                reader.BaseStream.Position = Math.Min(op.A, reader.BaseStream.Length);
                return "ok";
            case OpKind.BaseStreamTouch: return "v:" + reader.BaseStream.CanRead;
            case OpKind.BaseStreamLength: return "v:" + reader.BaseStream.Length;
            case OpKind.BaseStreamLoopCondition: return "v:" + (reader.BaseStream.Position < reader.BaseStream.Length);
            case OpKind.BaseStreamAwayAndBack:
            {
                // Moves the stream and puts it back where it was: the reader may keep what it buffered.
                long position = reader.BaseStream.Position;
                reader.BaseStream.Position = Math.Min(op.A, reader.BaseStream.Length);
                reader.BaseStream.Position = position;
                return "v:" + position;
            }

            case OpKind.BaseStreamSeekRelative:
            {
                long position = reader.BaseStream.Position;
                long target = Math.Clamp(position + op.A, 0, reader.BaseStream.Length);
                return "v:" + reader.BaseStream.Seek(target - position, SeekOrigin.Current);
            }

            case OpKind.BaseStreamReadByte: return "v:" + reader.BaseStream.ReadByte();
            case OpKind.ReaderPosition:
                return "v:" + (reader is BufferedBinaryReader ours ? ours.Position : reader.BaseStream.Position);
            case OpKind.Dispose:
                reader.Dispose();
                return "ok";
            default: throw new InvalidOperationException(op.Kind.ToString());
        }
    }

    private static string Chars(ReadOnlySpan<char> chars)
    {
        var builder = new StringBuilder(chars.Length * 5);
        foreach (char ch in chars)
        {
            builder.Append(((int)ch).ToString("X4", System.Globalization.CultureInfo.InvariantCulture));
        }

        return builder.ToString();
    }
}
