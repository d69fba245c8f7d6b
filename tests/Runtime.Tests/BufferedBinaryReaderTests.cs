using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using CsCheck;
using static Streamline.Runtime.Tests.Differential;

namespace Streamline.Runtime.Tests;

public class BufferedBinaryReaderTests
{
    private static readonly Gen<byte[]> s_textSegment =
        from text in Gen.Char["aZ0 \r\n\u00e9\u20ac\ud83d\ude00\ud800\udc00\u0000\ufffd"].Array[0, 24]
        from encodingIndex in Gen.Int[0, 2]
        select (encodingIndex switch { 0 => Encoding.UTF8, 1 => Encoding.Unicode, _ => Encoding.UTF32 }).GetBytes(text);

    // A length-prefixed string as BinaryWriter writes it, sometimes with a prefix that lies about the length.
    private static readonly Gen<byte[]> s_prefixedSegment =
        from text in Gen.Char["ab\u00e9\u20ac\ud83d\ude00"].Array[0, 150]
        from lie in Gen.Frequency((4, Gen.Const(0)), (1, Gen.Int[-3, 3]))
        select Prefixed(Encoding.UTF8.GetBytes(text), lie);

    // Values as BinaryWriter writes them, so the reads meet valid decimals of every scale (28 too) and the longest
    // 7-bit encodings (a negative Int32 takes 5 bytes, a negative Int64 10, whose last byte is 1), which random bytes
    // almost never form.
    private static readonly Gen<byte[]> s_valueSegment =
        from kind in Gen.Int[0, 2]
        from lo in Gen.Int
        from mid in Gen.Int
        from hi in Gen.Int
        from negative in Gen.Bool
        from scale in Gen.Frequency((3, Gen.Byte[0, 28]), (1, Gen.Const((byte)28)))
        from int32 in Gen.Frequency((1, Gen.Int), (1, Gen.Int[int.MinValue, -1]))
        from int64 in Gen.Frequency((1, Gen.Long), (1, Gen.Long[long.MinValue, -1]))
        select Written(writer =>
        {
            switch (kind)
            {
                case 0: writer.Write(new decimal(lo, mid, hi, negative, scale)); break;
                case 1: writer.Write7BitEncodedInt(int32); break;
                default: writer.Write7BitEncodedInt64(int64); break;
            }
        });

    private static readonly Gen<byte[]> s_data =
        Gen.Frequency(
                (3, Gen.Byte.Array[0, 40]),
                (2, s_textSegment),
                (2, s_prefixedSegment),
                (2, s_valueSegment),
                (1, Gen.OneOf(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x0F }, new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x1F }, new byte[] { 0xF0, 0x9F, 0x98 }, new byte[] { 0xE2, 0x82 })))
            .Array[0, 8]
            .Select(segments => segments.SelectMany(s => s).ToArray());

    private static readonly Gen<int> s_count = Gen.Frequency((6, Gen.Int[0, 20]), (2, Gen.Int[21, 300]), (1, Gen.Int[-2, -1]));

    private static readonly Gen<Op> s_op = Gen.Frequency(
        (3, Gen.Enum<OpKind>().Where(k => k is not (OpKind.ReadChars or OpKind.ReadBytes or OpKind.ReadIntoBytes or OpKind.ReadIntoByteSpan
            or OpKind.ReadIntoChars or OpKind.ReadIntoCharSpan or OpKind.BaseStreamSeek or OpKind.BaseStreamAwayAndBack
            or OpKind.BaseStreamSeekRelative or OpKind.Dispose)).Select(k => new Op(k))),
        (1, from kind in Gen.OneOf(OpKind.ReadChars, OpKind.ReadBytes)
            from count in s_count
            select new Op(kind, count)),
        (1, from kind in Gen.OneOf(OpKind.ReadIntoByteSpan, OpKind.ReadIntoCharSpan)
            from length in Gen.Frequency((6, Gen.Int[0, 20]), (2, Gen.Int[21, 300]))
            select new Op(kind, length)),
        (1, from kind in Gen.OneOf(OpKind.ReadIntoBytes, OpKind.ReadIntoChars)
            from length in Gen.Frequency((9, Gen.Int[0, 40]), (1, Gen.Const(-1)))
            from index in Gen.Frequency((5, Gen.Int[0, 10]), (1, Gen.Int[-2, 45]))
            from count in Gen.Frequency((5, Gen.Int[0, 30]), (1, Gen.Int[-2, 45]))
            select new Op(kind, length, index, count)),
        (1, Gen.Int[0, 400].Select(p => new Op(OpKind.BaseStreamSeek, p))),
        (1, from kind in Gen.OneOf(OpKind.BaseStreamAwayAndBack, OpKind.BaseStreamSeekRelative)
            from offset in Gen.Int[-6, 6]
            select new Op(kind, kind == OpKind.BaseStreamAwayAndBack ? Math.Abs(offset) * 7 : offset)),
        (1, Gen.Const(new Op(OpKind.Dispose))));

    // The loops BaseStream is read in: a position or length check before each small read, now and then a move by the
    // caller (away and back, relative, a byte read through the stream) or a text read.
    private static readonly Gen<Op[]> s_loopOps =
        Gen.Frequency(
                (6, from check in Gen.OneOf(OpKind.BaseStreamLoopCondition, OpKind.BaseStreamPosition, OpKind.BaseStreamLength, OpKind.ReaderPosition)
                    from read in Gen.OneOf(OpKind.ReadByte, OpKind.ReadUInt16, OpKind.ReadInt32, OpKind.ReadInt64, OpKind.ReadDecimal, OpKind.PeekChar, OpKind.ReadChar, OpKind.Read7BitEncodedInt)
                    select new[] { new Op(check), new Op(read) }),
                (1, from kind in Gen.OneOf(OpKind.BaseStreamAwayAndBack, OpKind.BaseStreamSeekRelative, OpKind.BaseStreamSeek)
                    from offset in Gen.Int[-6, 6]
                    select new[] { new Op(kind, kind == OpKind.BaseStreamSeekRelative ? offset : Math.Abs(offset) * 5) }),
                (1, Gen.OneOf(OpKind.BaseStreamReadByte, OpKind.BaseStreamTouch, OpKind.ReadString).Select(k => new[] { new Op(k) })),
                (1, s_op.Select(o => new[] { o })))
            .Array[1, 40]
            .Select(groups => groups.SelectMany(g => g).ToArray());

    private static readonly Gen<ReaderCase> s_case =
        from data in s_data
        from kind in Gen.Enum<StreamKind>()
        from encodingIndex in Gen.Int[0, Encodings.Length - 1]
        from bufferSize in Gen.Frequency((6, Gen.Int[1, 17]), (2, Gen.Int[18, 300]), (1, Gen.Const(BufferedBinaryReader.DefaultBufferSize)))
        from chunkSeed in Gen.Int[0, 1000]
        from chunkMax in Gen.Int[1, 20]
        from leaveOpen in Gen.Frequency((5, Gen.Const(true)), (1, Gen.Const(false)))
        from ops in s_op.Array[1, 30]
        select new ReaderCase(data, kind, encodingIndex, bufferSize, chunkSeed, chunkMax, leaveOpen, ops);

    private static byte[] Written(Action<BinaryWriter> write)
    {
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream))
        {
            write(writer);
        }

        return stream.ToArray();
    }

    [Fact]
    public void ValuesAtTheirLimits_ReadLikeBinaryReader()
    {
        byte[] data = Written(writer =>
        {
            writer.Write(new decimal(1, 0, 0, false, 28));
            writer.Write(new decimal(-1, -1, -1, true, 28));
            writer.Write(decimal.MinValue);
            writer.Write7BitEncodedInt(-1);
            writer.Write7BitEncodedInt(int.MinValue);
            writer.Write7BitEncodedInt64(-1L);
            writer.Write7BitEncodedInt64(long.MinValue);
            writer.Write7BitEncodedInt64(long.MaxValue);
        });
        foreach (StreamKind kind in Enum.GetValues<StreamKind>())
        {
            AssertSame(new ReaderCase(data, kind, 0, 5, 3, 4, true,
                [new Op(OpKind.ReadDecimal), new Op(OpKind.ReadDecimal), new Op(OpKind.ReadDecimal), new Op(OpKind.Read7BitEncodedInt),
                 new Op(OpKind.Read7BitEncodedInt), new Op(OpKind.Read7BitEncodedInt64), new Op(OpKind.Read7BitEncodedInt64),
                 new Op(OpKind.Read7BitEncodedInt64), new Op(OpKind.ReadByte)]));
        }
    }

    [Fact]
    public void Dispose_ClosesTheStream_UnlessLeaveOpenSaysSo()
    {
        var first = new MemoryStream(new byte[8]);
        new BufferedBinaryReader(first).Dispose();
        Assert.False(first.CanRead);

        var second = new MemoryStream(new byte[8]);
        new BufferedBinaryReader(second, Encoding.UTF8).Dispose();
        Assert.False(second.CanRead);

        var third = new MemoryStream(new byte[8]);
        new BufferedBinaryReader(third, Encoding.UTF8, leaveOpen: true).Dispose();
        Assert.True(third.CanRead);
    }

    private static byte[] Prefixed(byte[] payload, int lie)
    {
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream))
        {
            writer.Write7BitEncodedInt(Math.Max(0, payload.Length + lie));
            writer.Write(payload);
        }

        return stream.ToArray();
    }

    private static void AssertSame(ReaderCase c) => Check(c);

    private static void Check(ReaderCase c)
    {
        string? difference = Compare(c);
        if (difference is not null)
        {
            throw new Xunit.Sdk.XunitException(difference);
        }
    }

    [Fact]
    public void EveryRead_BehavesLikeBinaryReader()
    {
        s_case.Sample(c => Check(c), iter: 10_000);
    }

    [Fact]
    public void BaseStreamChecksAndMoves_BetweenReads_BehaveLikeBinaryReader()
    {
        Gen<ReaderCase> loops =
            from c in s_case
            from ops in s_loopOps
            from kind in Gen.Frequency((3, Gen.OneOf(StreamKind.Memory, StreamKind.File)), (1, Gen.Enum<StreamKind>()))
            select c with { Kind = kind, Ops = ops };
        loops.Sample(c => Check(c), iter: 5_000);
    }

    [Fact]
    public void ReadsOnly_OverEveryStreamKind_BehaveLikeBinaryReader()
    {
        // Without Dispose and BaseStream in the middle, sequences run to the end of the data more often.
        Gen<ReaderCase> readsOnly = s_case.Select(c => c with
        {
            Ops = c.Ops.Where(o => o.Kind is not (OpKind.Dispose or OpKind.BaseStreamSeek)).Concat(c.Ops).ToArray(),
        });
        readsOnly.Sample(c => Check(c), iter: 3_000);
    }

    [Fact]
    public void ByteReads_OverShortReadingStreams_BehaveLikeBinaryReader()
    {
        // Character decoding ends a case over these streams (see Differential.Compare); here only byte-level reads run.
        Gen<ReaderCase> byteReads =
            from c in s_case
            from kind in Gen.OneOf(StreamKind.Chunked, StreamKind.NonSeekable)
            select c with
            {
                Kind = kind,
                Ops = c.Ops.Where(o => o.Kind is not (OpKind.ReadChars or OpKind.ReadIntoChars or OpKind.ReadIntoCharSpan or OpKind.ReadString)).ToArray(),
            };
        byteReads.Sample(c => Check(c), iter: 3_000);
    }

    [Fact]
    public void TextReads_OverNonSeekableShortReads_BehaveLikeBinaryReader()
    {
        // The reader makes BinaryReader's own reads over a stream that cannot seek, so even where the stream returns
        // short reads, characters and strings are decoded from the same chunks.
        s_case.Select(c => c with { Kind = StreamKind.NonSeekable }).Sample(c => Check(c), iter: 3_000);
    }

    // Issue 12: GB18030's decoder comes from System.Text.Encoding.CodePages, whose decoder type is also named
    // System.Text.DecoderNLS but is not CoreLib's; BinaryReader counts it as a decoder that may hold state.
    [Theory]
    [InlineData(StreamKind.Memory)]
    [InlineData(StreamKind.File)]
    [InlineData(StreamKind.NonSeekable)]
    [InlineData(StreamKind.NonSeekableFull)]
    public void ReadChars_Gb18030_ReadsWhatBinaryReaderReads(StreamKind kind)
    {
        int gb18030 = Array.FindIndex(Encodings, e => e().CodePage == 54936);
        var c = new ReaderCase(Hex("FC36616161"), kind, gb18030, 16, 3, 2, true,
            [new Op(OpKind.ReadChars, 4), new Op(OpKind.BaseStreamPosition), new Op(OpKind.ReadBytes, 9)]);
        AssertSame(c);

        // What BinaryReader does there (a stream that is not a MemoryStream, as in the issue): too many characters for
        // the room left, after reading five bytes.
        var bclStream = new ShortReadStream(Hex("FC36616161"), canSeek: true, 0, int.MaxValue);
        var ourStream = new ShortReadStream(Hex("FC36616161"), canSeek: true, 0, int.MaxValue);
        Assert.Equal("chars", Assert.Throws<ArgumentException>(() => new BinaryReader(bclStream, Encodings[gb18030]()).ReadChars(4)).ParamName);
        Assert.Equal(5, bclStream.Position);
        var ours = new BufferedBinaryReader(ourStream, Encodings[gb18030](), leaveOpen: true);
        Assert.Equal("chars", Assert.Throws<ArgumentException>(() => ours.ReadChars(4)).ParamName);
        Assert.Equal(5, ours.Position);
    }

    // Issue 12: a string whose last character arrives in two reads is decoded by BinaryReader through its decoder,
    // which keeps the unfinished character; decoded alone, it would end in U+FFFD.
    [Fact]
    public void ReadString_LastCharacterSplitAcrossShortReads_NonSeekable()
    {
        byte[] data = [0x04, 0x61, 0x62, 0xE2, 0x82, 0x61];
        for (int seed = 0; seed < 64; seed++)
        {
            AssertSame(new ReaderCase(data, StreamKind.NonSeekable, 0, 16, seed, 3, true,
                [new Op(OpKind.ReadString), new Op(OpKind.ReadChars, 2), new Op(OpKind.ReadByte)]));
        }

        var bclStream = new ShortReadStream(data, canSeek: false, chunkSeed: 0, chunkMax: 1);
        var ourStream = new ShortReadStream(data, canSeek: false, chunkSeed: 0, chunkMax: 1);
        Assert.Equal("ab", new BinaryReader(bclStream).ReadString());
        Assert.Equal("ab", new BufferedBinaryReader(ourStream).ReadString());
        Assert.Equal(bclStream.Consumed, ourStream.Consumed);
    }

    // A parser that seeks from record to record: after each move the reader asks for 4 KB, as FileStream's own buffer
    // does, not a whole buffer, and doubles while reading goes on from there.
    [Fact]
    public void AfterTheStreamIsMoved_RefillsStartSmall_AndGrowBack()
    {
        var stream = new RequestLoggingStream(new byte[1 << 20]);
        var reader = new BufferedBinaryReader(stream, Encoding.UTF8, leaveOpen: true);
        reader.ReadInt32();
        reader.BaseStream.Seek(100_000, SeekOrigin.Begin);
        reader.ReadInt32();
        Assert.Equal(100_004, reader.Position);
        for (int i = 0; i < ((4092 + 8192 + 16384 + 32768) / 4) + 1; i++)
        {
            reader.ReadInt32();
        }

        reader.BaseStream.Position += 70_000;
        reader.ReadByte();
        Assert.Equal([256, 4096, 8192, 16384, 32768, BufferedBinaryReader.DefaultBufferSize, 4096], stream.Requests);
    }

    // A scan that sets Position a few bytes on, pass after pass (a chunk search: Position = p; ReadInt32(); p++), over
    // a position the buffer holds: the reader goes on from there without asking the stream again, and reads what
    // BinaryReader reads.
    [Fact]
    public void AMoveWithinTheBuffer_IsServedFromIt()
    {
        byte[] data = new byte[1 << 16];
        for (int i = 0; i < data.Length; i++)
            data[i] = (byte)(i * 7 + (i >> 8));

        var stream = new RequestLoggingStream(data);
        var reader = new BufferedBinaryReader(stream, Encoding.UTF8, leaveOpen: true);
        var expected = new BinaryReader(new MemoryStream(data, writable: false));
        for (long position = 0; position < 600; position++)
        {
            reader.BaseStream.Position = position;
            expected.BaseStream.Position = position;
            Assert.Equal(expected.ReadInt32(), reader.ReadInt32());
            Assert.Equal(expected.BaseStream.Position, reader.Position);
        }

        reader.BaseStream.Position = 10;
        Assert.Equal(BitConverter.ToInt16(data, 10), reader.ReadInt16());
        // The first refill (256 bytes) and the next (512) serve the scan up to the value at 253, which straddles them;
        // a move back to 254, before the second buffer, refills from there (4096, as after any move), and that buffer
        // serves the rest of the scan; the move back to 10 refills once more.
        Assert.Equal([256, 512, 4096, 4096], stream.Requests);
    }

    private sealed class RequestLoggingStream(byte[] data) : MemoryStream(data, writable: false)
    {
        public List<int> Requests { get; } = [];

        public override int Read(byte[] buffer, int offset, int count)
        {
            Requests.Add(count);
            return base.Read(buffer, offset, count);
        }
    }

    // Shrunk from seed 0b66h3EIVs72: .NET 10 decodes a string that arrives in one read on its own and flushed, so a
    // trailing partial UTF-32 unit becomes U+FFFD.
    [Fact]
    public void ReadString_OneRead_FlushedOnItsOwn_Utf32()
    {
        AssertSame(new ReaderCase(Hex("00000A00FDFFE9000A003DD800DC61000D0020000A00FDFF6100AC20FDFF5A0000005A00300020005A00FDFF"), StreamKind.File, 5, 7, 276, 13, true,
            [new Op(OpKind.ReadBytes, 17), new Op(OpKind.ReadIntoBytes, 1, 3, 12), new Op(OpKind.BaseStreamPosition), new Op(OpKind.ReadUInt16), new Op(OpKind.ReadIntoByteSpan, 1), new Op(OpKind.ReadString), new Op(OpKind.BaseStreamPosition)]));
    }

    // From a failing Chunked case (UTF-32, buffer 1): after a string leaves a partial unit in the decoder, ReadChars
    // consumes bytes that depend on the stream's read sizes in BinaryReader; over full reads both agree exactly.
    [Fact]
    public void ReadChars_Utf32WithPendingUnit_AfterString_OverFullReads()
    {
        byte[] data = Hex("FE967B20DD1178E282EE01E282AC62C3A9EFBFBDE282AC61F09F9880EFBFBD62EFBFBDE282AC62E282ACEFBFBDEFBFBD616161F09F9880C3A96161EFBFBDEFBFBDEFBFBDE282AC61E282AC61C3A9C3A9F09F9880EFBFBDC3A9E282ACEFBFBDEFBFBDEFBFBDC3A9EFBFBD62EFBFBDEFBFBDE282ACEFBFBD6261EFBFBDC3A9C3A9EFBFBDE282AC61C3A9E282ACEFBFBD62EFBFBD6162EFBFBD62E282ACEFBFBD62EFBFBD616261EFBFBDEFBFBDE282AC626262C3A9EFBFBDC3A961EFBFBDE282ACC3A9EFBFBDE282ACC3A962C3A962E282ACEFBFBDEFBFBDE282ACE282ACC3A9E282ACEFBFBD61626261EFBFBD61EFBFBDE282ACEFBFBD61C3A9EFBFBDC3A9EFBFBD0DB02303D3EA88ACFF45CFD7C1B9BE22175108A4D77804999F44674FF882F5830816A007DCAE1BB0F5699CAD7308575912E18280A254015A00C6AD2E66C499788F4ACDEC5FCFCE244B8EB4FD0354B9");
        foreach (StreamKind kind in new[] { StreamKind.Memory, StreamKind.File })
        {
            AssertSame(new ReaderCase(data, kind, 5, 1, 988, 13, true,
                [new Op(OpKind.BaseStreamSeek, 120), new Op(OpKind.ReadString), new Op(OpKind.ReadChars, 4), new Op(OpKind.BaseStreamPosition), new Op(OpKind.ReadBytes, 6), new Op(OpKind.ReadIntoByteSpan, 17)]));
        }
    }

    [Fact]
    public void DecoderState_CarriesBetweenReadCharsAndLongStrings_ButNotOneReadStrings()
    {
        byte[] longString = [0x82, 0x01, .. Enumerable.Repeat((byte)0x61, 129), 0xE2]; // 130 bytes ending in a partial
        string[] Outcomes(Func<Stream, BinaryReader> create)
        {
            var stream = new MemoryStream();
            stream.Write([0xE2]);
            stream.Position = 0;
            BinaryReader reader = create(stream);
            string pending = new string(reader.ReadChars(1)); // leaves E2 in the decoder at the end of the data
            long position = reader.BaseStream.Position; // puts BufferedBinaryReader's stream back before appending
            stream.Write([.. longString, 0x82, 0xAC, 0x02, 0x82, 0xAC]);
            stream.Position = position;
            return [pending, reader.ReadString(), new string(reader.ReadChars(1)), reader.ReadString()];
        }

        string[] expected = Outcomes(s => new BinaryReader(s, Encoding.UTF8, true));
        string[] actual = Outcomes(s => new BufferedBinaryReader(s, Encoding.UTF8, true, 5));
        Assert.Equal(expected, actual);

        // What .NET 10 does: the long string decodes through the shared decoder (the pending E2 turns into U+FFFD,
        // its own trailing E2 stays pending for ReadChars), the one-read string is decoded on its own.
        Assert.Equal(130, expected[1].Length);
        Assert.Equal("\u20ac", expected[2]);
        Assert.Equal("\ufffd\ufffd", expected[3]);
    }

    [Fact]
    public void Constructors_ValidateLikeBinaryReader()
    {
        Assert.Equal(
            Assert.Throws<ArgumentNullException>(() => new BinaryReader(null!)).ParamName,
            Assert.Throws<ArgumentNullException>(() => new BufferedBinaryReader(null!)).ParamName);
        Assert.Equal(
            Assert.Throws<ArgumentNullException>(() => new BinaryReader(new MemoryStream(), null!)).ParamName,
            Assert.Throws<ArgumentNullException>(() => new BufferedBinaryReader(new MemoryStream(), null!)).ParamName);
        Assert.Equal(
            Assert.Throws<ArgumentNullException>(() => new BinaryReader(null!, null!, leaveOpen: true)).ParamName,
            Assert.Throws<ArgumentNullException>(() => new BufferedBinaryReader(null!, null!, leaveOpen: true)).ParamName);
        var closed = new MemoryStream();
        closed.Dispose();
        Assert.Equal(
            Assert.Throws<ArgumentException>(() => new BinaryReader(closed)).ParamName,
            Assert.Throws<ArgumentException>(() => new BufferedBinaryReader(closed)).ParamName);
        var closedChunked = new ShortReadStream([], canSeek: true, 0, 1);
        closedChunked.Dispose();
        Assert.Equal(
            Assert.Throws<ArgumentException>(() => new BinaryReader(closedChunked)).ParamName,
            Assert.Throws<ArgumentException>(() => new BufferedBinaryReader(closedChunked)).ParamName);
    }

    [Fact]
    public void PublicConstructors_UseDefaultBufferSize_AndUtf8()
    {
        byte[] data = new byte[BufferedBinaryReader.DefaultBufferSize * 2 + 3];
        new Random(1).NextBytes(data);
        using var stream = new MemoryStream(data);
        using var reader = new BufferedBinaryReader(stream, Encoding.UTF8, leaveOpen: true);
        reader.ReadByte();
        Assert.Equal(256, stream.Position); // the first refill
        Assert.Equal(1, reader.BaseStream.Position);

        // The refills double up to the buffer size: 256 + 512 + ... + 32,768 = 65,280 bytes, then 65,536 at once.
        for (int i = 1; i <= 65_280; i++)
            reader.ReadByte();
        Assert.Equal(65_280 + BufferedBinaryReader.DefaultBufferSize + 0L, stream.Position);
        Assert.Equal(65_281, reader.BaseStream.Position);
    }

    [Fact]
    public void SmallSeekableStream_GetsSmallBuffer()
    {
        var stream = new RequestLoggingStream(new byte[10_000]);
        using var reader = new BufferedBinaryReader(stream, Encoding.UTF8, leaveOpen: true);
        while (reader.PeekChar() >= 0)
            reader.ReadByte();

        // The refills double from 256 and would reach 16,384; the buffer is clamped to the 10,000 bytes there are.
        Assert.Equal([256, 512, 1024, 2048, 4096, 8192, 10_000], stream.Requests);
        var tiny = new MemoryStream(new byte[10]);
        using var tinyReader = new BufferedBinaryReader(tiny);
        Assert.Equal(10, tinyReader.ReadBytes(100).Length);
    }

    [Fact]
    public void DecoderState_IsReadable_OnThisRuntime()
    {
        // Without it the reader still decodes the same text, but chunks differ on decoder errors.
        using var reader = new BufferedBinaryReader(new MemoryStream([0xE2, 0x82, 0xAC, 0x41, 0x42]), Encoding.UTF8);
        Assert.Equal("\u20acA", new string(reader.ReadChars(2)));
        System.Reflection.FieldInfo field = typeof(BufferedBinaryReader).GetField("_hasState", System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.NonPublic)!;
        Assert.NotNull(field.GetValue(reader));
    }

    [Fact]
    public void AfterDispose_MemoryStreamLeftOpen_BinaryReaderStillReads()
    {
        // A difference we keep on purpose: BinaryReader reads fixed-size values straight from a MemoryStream without
        // checking that it is disposed; BufferedBinaryReader throws, as BinaryReader does over any other stream.
        var bclStream = new MemoryStream([1, 0, 0, 0]);
        var bcl = new BinaryReader(bclStream, Encoding.UTF8, leaveOpen: true);
        bcl.Dispose();
        Assert.Equal(1, bcl.ReadInt32());

        var ours = new BufferedBinaryReader(new MemoryStream([1, 0, 0, 0]), Encoding.UTF8, leaveOpen: true);
        ours.Dispose();
        Assert.Throws<ObjectDisposedException>(() => ours.ReadInt32());
    }

    [Fact]
    public void ReadChar_SurrogatePairInUtf8_ThrowsAndRewindsLikeBinaryReader()
    {
        byte[] data = Encoding.UTF8.GetBytes("\ud83d\ude00z");
        foreach (StreamKind kind in Enum.GetValues<StreamKind>())
        {
            AssertSame(new ReaderCase(data, kind, 0, 3, 0, 2, true,
                [new Op(OpKind.ReadChar), new Op(OpKind.BaseStreamPosition), new Op(OpKind.PeekChar), new Op(OpKind.ReadByte), new Op(OpKind.ReadChar)]));
        }
    }

    [Fact]
    public void ReadChar_InvalidUtf8WithThrowingDecoder_LikeBinaryReader()
    {
        AssertSame(new ReaderCase([0x41, 0xE2, 0x41, 0x42], StreamKind.Memory, 1, 2, 0, 1, true,
            [new Op(OpKind.ReadChar), new Op(OpKind.ReadChar), new Op(OpKind.ReadChar), new Op(OpKind.BaseStreamPosition), new Op(OpKind.ReadBytes, 3)]));
    }

    [Fact]
    public void ReadString_InvalidUtf8WithThrowingDecoder_LikeBinaryReader()
    {
        AssertSame(new ReaderCase(Hex("0541E2414243444546"), StreamKind.File, 1, 3, 0, 1, true,
            [new Op(OpKind.ReadString), new Op(OpKind.BaseStreamPosition), new Op(OpKind.ReadString)]));
    }

    [Fact]
    public void PartialValueAtEnd_ThrowsEndOfStream_AndConsumesTheRest()
    {
        foreach (StreamKind kind in Enum.GetValues<StreamKind>())
        {
            AssertSame(new ReaderCase([1, 2, 3], kind, 0, 2, 5, 2, true, [new Op(OpKind.ReadInt32), new Op(OpKind.ReadByte)]));
            AssertSame(new ReaderCase(new byte[15], kind, 0, 4, 5, 2, true, [new Op(OpKind.ReadDecimal), new Op(OpKind.ReadByte)]));
        }
    }

    [Fact]
    public void InvalidDecimal_ThrowsIOException_AfterConsumingIt()
    {
        byte[] data = new byte[20];
        data[15] = 0x01; // a flag bit outside sign and scale
        AssertSame(new ReaderCase(data, StreamKind.Memory, 0, 7, 0, 1, true, [new Op(OpKind.ReadDecimal), new Op(OpKind.ReadInt32)]));
    }

    [Fact]
    public void ArgumentChecks_InBinaryReaderOrder()
    {
        AssertSame(new ReaderCase([1, 2, 3], StreamKind.Memory, 0, 2, 0, 1, true,
        [
            new Op(OpKind.ReadBytes, -1), new Op(OpKind.ReadChars, -1),
            new Op(OpKind.ReadIntoBytes, -1, -1, -1), new Op(OpKind.ReadIntoBytes, 4, -1, -1), new Op(OpKind.ReadIntoBytes, 4, 0, -1),
            new Op(OpKind.ReadIntoBytes, 4, 3, 2), new Op(OpKind.ReadIntoChars, -1, 0, 0), new Op(OpKind.ReadIntoChars, 4, 5, 0),
            new Op(OpKind.Dispose), new Op(OpKind.ReadBytes, -1), new Op(OpKind.ReadIntoBytes, 4, 3, 2), new Op(OpKind.ReadIntoBytes, 4, 0, 2),
            new Op(OpKind.ReadBytes, 0), new Op(OpKind.ReadChars, 0), new Op(OpKind.ReadByte), new Op(OpKind.PeekChar), new Op(OpKind.ReadString),
        ]));
    }

    [Fact]
    public void PeekChar_NonSeekable_ReturnsMinusOne()
    {
        AssertSame(new ReaderCase([0x41, 0x42], StreamKind.NonSeekable, 0, 1, 0, 1, true,
            [new Op(OpKind.PeekChar), new Op(OpKind.ReadChar), new Op(OpKind.PeekChar), new Op(OpKind.ReadChar), new Op(OpKind.Read)]));
    }

    [Fact]
    public void BaseStream_PutsSeekableStreamBack_AndNextReadFollowsTheStream()
    {
        byte[] data = Enumerable.Range(0, 100).Select(i => (byte)i).ToArray();
        using var stream = new MemoryStream(data);
        using var reader = new BufferedBinaryReader(stream, Encoding.UTF8, leaveOpen: true, bufferSize: 32);
        Assert.Equal(0x0100, reader.ReadUInt16());
        Assert.Equal(32, stream.Position);
        Assert.Equal(2, reader.BaseStream.Position);
        reader.BaseStream.Position = 50;
        Assert.Equal(50, reader.ReadByte());
        reader.Dispose();
        Assert.Equal(51, stream.Position);
    }

    [Fact]
    public void BaseStreamLoopCondition_KeepsTheBuffer_OneStreamReadPerBuffer()
    {
        byte[] data = new byte[10_000];
        new Random(7).NextBytes(data);
        var stream = new CountingStream(data);
        using var reader = new BufferedBinaryReader(stream, Encoding.UTF8, leaveOpen: true, bufferSize: 1000);
        long sum = 0;
        long expected = 0;
        for (int i = 0; i < data.Length; i += 2)
        {
            expected += data[i] | (data[i + 1] << 8);
        }

        while (reader.BaseStream.Position < reader.BaseStream.Length)
        {
            Assert.Equal(stream.Position, reader.BaseStream.Position);
            sum += reader.ReadUInt16();
        }

        Assert.Equal(expected, sum);
        Assert.Equal(12, stream.Reads); // 256 and 512 bytes, then 9,232 in buffers of 1000; the final check seeks but reads nothing
        Assert.Equal(data.Length, stream.Position);
    }

    [Fact]
    public void BaseStream_MovedByCaller_NextReadFollowsTheStream_EvenWithinTheBuffer()
    {
        byte[] data = Enumerable.Range(0, 100).Select(i => (byte)i).ToArray();
        var stream = new CountingStream(data);
        using var reader = new BufferedBinaryReader(stream, Encoding.UTF8, leaveOpen: true, bufferSize: 64);
        Assert.Equal(0, reader.ReadByte());
        Assert.Equal(1, reader.BaseStream.Position);
        reader.BaseStream.Position = 10;
        Assert.Equal(10, reader.ReadByte());
        Assert.Equal(11, reader.BaseStream.Position);
        Assert.Equal(11, reader.BaseStream.ReadByte()); // read through the stream: moves it
        Assert.Equal(12, reader.ReadByte());
        Assert.Equal(13, reader.BaseStream.Position);
        reader.BaseStream.Position = 5;
        reader.BaseStream.Position = 13; // away and back: nothing to see, the buffer stays
        int readsBefore = stream.Reads;
        Assert.Equal(13, reader.ReadByte());
        Assert.Equal(readsBefore, stream.Reads);
        reader.Dispose();
        Assert.Equal(14, stream.Position);
    }

    [Fact]
    public void BaseStream_WrittenOverAndPutBack_ReaderKeepsBufferedBytes()
    {
        // The documented difference: a write through BaseStream over buffered bytes, undone by a seek back, is not seen.
        byte[] data = [1, 2, 3, 4];
        var stream = new MemoryStream(data.ToArray());
        using var reader = new BufferedBinaryReader(stream, Encoding.UTF8, leaveOpen: true, bufferSize: 16);
        Assert.Equal(1, reader.ReadByte());
        long position = reader.BaseStream.Position;
        reader.BaseStream.WriteByte(9);
        reader.BaseStream.Position = position;
        Assert.Equal(2, reader.ReadByte());

        var plain = new MemoryStream(data.ToArray());
        using var bcl = new BinaryReader(plain, Encoding.UTF8, leaveOpen: true);
        Assert.Equal(1, bcl.ReadByte());
        bcl.BaseStream.WriteByte(9);
        bcl.BaseStream.Position = position;
        Assert.Equal(9, bcl.ReadByte());
    }

    [Fact]
    public void BaseStream_NonSeekable_IsTheStreamAtTheReadersPosition()
    {
        var stream = new ShortReadStream([1, 2, 3, 4, 5, 6], canSeek: false, 0, 6);
        using var reader = new BufferedBinaryReader(stream, Encoding.UTF8, leaveOpen: true, bufferSize: 16);
        Assert.Equal(1, reader.ReadByte());
        Assert.Same(stream, reader.BaseStream);
        Assert.Equal(1, stream.Consumed);
        Assert.Equal(2, reader.ReadByte());
    }

    // Issue 12, shapes 3 and 4: a caller's stream that cannot seek, read through a reader left open and disposed; the
    // caller then reads the rest of it.
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(9_999)]
    public void CallersGZipStream_AfterTheReaderIsDisposed_HoldsWhatBinaryReaderLeft(int values)
    {
        byte[] compressed = Compress(Enumerable.Range(0, 40_000).Select(i => (byte)(i * 7 + (i >> 8))).ToArray());

        static (long Sum, byte[] Remaining) Run(byte[] compressed, int values, Func<Stream, BinaryReader> open)
        {
            using var input = new System.IO.Compression.GZipStream(new MemoryStream(compressed), System.IO.Compression.CompressionMode.Decompress);
            long sum = 0;
            using (BinaryReader reader = open(input))
            {
                for (int i = 0; i < values; i++)
                {
                    sum += reader.ReadInt32();
                }
            }

            var rest = new MemoryStream();
            input.CopyTo(rest);
            return (sum, rest.ToArray());
        }

        var expected = Run(compressed, values, s => new BinaryReader(s, Encoding.UTF8, leaveOpen: true));
        var actual = Run(compressed, values, s => new BufferedBinaryReader(s, Encoding.UTF8, leaveOpen: true));
        Assert.Equal(expected.Sum, actual.Sum);
        Assert.Equal(40_000 - (4 * values), expected.Remaining.Length);
        Assert.Equal(expected.Remaining, actual.Remaining);
    }

    [Fact]
    public void Position_InALengthLoop_IsBaseStreamPositionWithoutTouchingTheStream()
    {
        byte[] data = Enumerable.Range(0, 10_001).Select(i => (byte)i).ToArray();
        var stream = new CountingStream(data);
        using var reader = new BufferedBinaryReader(stream, Encoding.UTF8, leaveOpen: true, bufferSize: 64);
        int touchesAfterOpening = stream.PositionReads + stream.Seeks;
        long length = data.Length;
        var positions = new System.Collections.Generic.List<long>();
        try
        {
            while (reader.Position < length)
            {
                positions.Add(reader.Position);
                reader.ReadUInt16();
            }
        }
        catch (EndOfStreamException)
        {
            positions.Add(-1);
        }

        Assert.Equal(touchesAfterOpening, stream.PositionReads + stream.Seeks);

        using var bcl = new BinaryReader(new MemoryStream(data), Encoding.UTF8);
        var expected = new System.Collections.Generic.List<long>();
        try
        {
            while (bcl.BaseStream.Position < length)
            {
                expected.Add(bcl.BaseStream.Position);
                bcl.ReadUInt16();
            }
        }
        catch (EndOfStreamException)
        {
            expected.Add(-1);
        }

        Assert.Equal(expected, positions);
        Assert.Equal(bcl.BaseStream.Position, reader.Position);
    }

    [Fact]
    public void Position_StreamCannotSeek_ThrowsLikeBaseStreamPosition()
    {
        using var reader = new BufferedBinaryReader(new ShortReadStream([1, 2, 3], canSeek: false, 0, 3), Encoding.UTF8);
        reader.ReadByte();
        Assert.Throws<NotSupportedException>(() => reader.Position);
    }

    [Fact]
    public void Position_AfterBaseStreamWasMoved_IsWhereTheStreamIs()
    {
        using var reader = new BufferedBinaryReader(new MemoryStream(new byte[100]), Encoding.UTF8, leaveOpen: false, bufferSize: 16);
        reader.ReadInt32();
        reader.BaseStream.Position = 50;
        Assert.Equal(50, reader.Position);
        reader.ReadInt32();
        Assert.Equal(54, reader.Position);
    }

    private static byte[] Compress(byte[] data)
    {
        var output = new MemoryStream();
        using (var gzip = new System.IO.Compression.GZipStream(output, System.IO.Compression.CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(data, 0, data.Length);
        }

        return output.ToArray();
    }

    [Fact]
    public void LeaveOpenFalse_ClosesStream()
    {
        var stream = new MemoryStream([1, 2]);
        var reader = new BufferedBinaryReader(stream);
        reader.Close();
        Assert.False(stream.CanRead);
        Assert.Throws<ObjectDisposedException>(() => reader.ReadByte());
    }

    [Fact]
    public void UsableAsBinaryReader_Read7BitEncodedIntThroughBase()
    {
        using var reader = new BufferedBinaryReader(new MemoryStream([0x80, 0x01, 0xFF, 0x7F]), Encoding.UTF8, false, 1);
        BinaryReader asBase = reader;
        Assert.Equal(128, asBase.Read7BitEncodedInt());
        Assert.Equal(0x3FFF, reader.Read7BitEncodedInt());
    }

    private sealed class CountingStream(byte[] data) : MemoryStream(data, writable: false)
    {
        public int Reads { get; private set; }

        public int PositionReads { get; private set; }

        public int Seeks { get; private set; }

        public override long Position
        {
            get
            {
                PositionReads++;
                return base.Position;
            }

            set
            {
                Seeks++;
                base.Position = value;
            }
        }

        public override long Seek(long offset, SeekOrigin loc)
        {
            Seeks++;
            return base.Seek(offset, loc);
        }

        public override int Read(byte[] buffer, int offset, int count)
        {
            Reads++;
            return base.Read(buffer, offset, count);
        }

        public override int Read(Span<byte> buffer)
        {
            Reads++;
            return base.Read(buffer);
        }
    }
}
