using System;
using System.IO;
using System.Text;
#if STREAMLINE_SPANS
using System.Buffers.Binary;
#endif

namespace Streamline.Runtime;

/// <summary>
/// Reads primitive values, strings and characters from a stream like <see cref="BinaryReader"/>, but reads the stream
/// ahead into one owned buffer and serves every read from it, so a loop of small reads costs a few array accesses per
/// value instead of one or more <see cref="Stream.Read(byte[], int, int)"/> calls.
/// </summary>
/// <remarks>
/// <para>
/// Matches <see cref="BinaryReader"/> of .NET (dotnet/runtime <c>System.IO.BinaryReader</c>): the same little-endian
/// values, the same exceptions at the same points (including <see cref="EndOfStreamException"/> for a value only partly
/// present, after which the rest of the stream counts as read), the same argument checks in the same order, and the
/// same decoder calls for characters and strings, so decoder errors surface as they do there.
/// It derives from <see cref="BinaryReader"/> so it can be passed wherever one is expected; it overrides every virtual
/// read and hides the non-virtual <c>Read7BitEncodedInt</c> and <c>Read7BitEncodedInt64</c>. Called through a
/// <see cref="BinaryReader"/> reference, those two run the base versions, which read through the overridden
/// <see cref="ReadByte"/> and so return the same values.
/// </para>
/// <para>
/// Because it reads ahead, the underlying stream is ahead of the reader. When the stream can seek, reading
/// <see cref="BaseStream"/>, <see cref="BinaryReader.Close"/> and <see cref="BinaryReader.Dispose()"/> seek it to the
/// reader's position, so its <see cref="Stream.Position"/> is what it would be with <see cref="BinaryReader"/>. After
/// <see cref="BaseStream"/> has been read, the next read compares the stream's position with where it was left: if
/// other code moved it, the buffer is discarded and reading goes on from wherever the stream now is; if not, reading
/// goes on from the buffer. So a loop condition such as <c>BaseStream.Position &lt; BaseStream.Length</c> costs one
/// seek and one position read per iteration; <see cref="Position"/> gives the same value without touching the stream.
/// A stream that cannot seek could not be put back, so it is never read ahead: the reader makes the very
/// <see cref="Stream.Read(byte[], int, int)"/> calls <see cref="BinaryReader"/> makes (same sizes, zero-byte reads
/// included), so whoever reads the stream next finds the same bytes, and characters and strings are decoded from the
/// same chunks even when the stream returns short reads. Over such a stream the reader is exact but no faster than
/// <see cref="BinaryReader"/>.
/// </para>
/// <para>
/// Known differences from <see cref="BinaryReader"/>: after <see cref="BinaryReader.Dispose()"/> every read throws
/// <see cref="ObjectDisposedException"/>, while <see cref="BinaryReader"/> over a <see cref="MemoryStream"/> left open
/// still reads fixed-size values. <see cref="Read(byte[], int, int)"/> returns the buffered bytes and, on a seekable
/// stream, completes the request with at most one more stream read, so it may return more bytes than the one
/// <see cref="Stream.Read(byte[], int, int)"/> call that <see cref="BinaryReader"/> makes (never fewer than a stream that
/// fills every request, such as <see cref="FileStream"/> or <see cref="MemoryStream"/>). Code that writes through
/// <see cref="BaseStream"/> over bytes the reader has already buffered and then puts the stream back exactly where it
/// was is not seen: the reader returns the bytes it buffered before the write (any other move, including a write
/// that is not undone, is seen). Over a seekable stream that returns short reads (not <see cref="FileStream"/> over a
/// regular file, nor <see cref="MemoryStream"/>), <see cref="BinaryReader"/> decodes text in chunks that depend on the
/// read sizes, while this reader decodes as over a stream that fills each read. With UTF-8, UTF-16, UTF-32, ASCII and
/// Latin-1, whose decoders keep their state between calls, <see cref="ReadChars"/> returns the same characters either
/// way (the differential tests check this); code-page decoders (GB18030 and others from
/// System.Text.Encoding.CodePages) may turn invalid bytes into other characters, or overflow the room left, by the
/// chunk. <see cref="ReadString"/> may differ too: on .NET 5 and later a string of at most 128 bytes that arrives
/// in one read is decoded on its own, one that arrives in pieces through the shared decoder. Mono's GB18030 decoder
/// drops a character split between two calls, so there the characters of BinaryReader itself depend on the stream.
/// </para>
/// </remarks>
public sealed partial class BufferedBinaryReader : BinaryReader
{
    /// <summary>The size in bytes the read-ahead buffer of the public constructors grows to, unless a seekable stream
    /// has less left to read (then what is left, but at least <c>4096</c> bytes) or the stream cannot seek (then it is
    /// never read ahead, and the buffer is <c>256</c> bytes). The first refill reads <c>256</c> bytes into a buffer of
    /// that size, and each later one twice as many, so a reader made to read a few values costs little more than
    /// those values.</summary>
    /// <remarks>
    /// Chosen by measurement on .NET 10 (10 MB of <see cref="ushort"/> values read one at a time from a
    /// <see cref="FileStream"/>, BenchmarkDotNet, 2-core shared VM): 1 KB 36 ms, 4 KB 24 ms, 16 KB 17 ms, 64 KB 11 ms,
    /// 256 KB 20 ms (a large-object-heap allocation), against 231 ms for <see cref="BinaryReader"/>. 64 KB stays below
    /// the large object heap threshold; the clamp to the stream's remaining length keeps small streams cheap.
    /// </remarks>
    public const int DefaultBufferSize = 64 * 1024;

    // The smallest buffer allocated for a seekable stream that has less than DefaultBufferSize left.
    private const int MinClampedBufferSize = 4096;

    // The first refill after the stream was moved by other code.
    private const int SmallFillSize = 4096;

    // The first refill of a seekable stream, and the buffer's first size: a reader made for a few values (a record
    // parser handed a caller's stream, called once per record) reads and allocates little more than those values, and
    // each refill doubles (the buffer with it) up to the buffer size.
    private const int FirstFillSize = 256;

    // The buffer over a stream that cannot seek: room for the largest single request served through the buffer (a
    // text chunk of MaxCharBytesSize bytes); larger requests go straight to the stream.
    private const int ExactBufferSize = 2 * MaxCharBytesSize;

    // BinaryReader decodes strings and character arrays in chunks of at most this many bytes.
    private const int MaxCharBytesSize = 128;

    // The largest fixed-size value (decimal) that may straddle the end of the buffer.
    private const int MaxValueSize = 16;

    private readonly Stream _stream;
    private byte[] _buffer; // grows with the refills, up to _capacity

    // The size the buffer may grow to: what decides, as it always has, which reads go through the buffer.
    private readonly int _capacity;
    private readonly Encoding _encoding;
    private readonly Decoder _decoder;
    private readonly int _maxCharsSize;
    private readonly int _fillBufferLimit;
    private readonly bool _twoBytesPerChar;
    private readonly bool _isMemoryStream;

    // The stream cannot seek, so read-ahead could never be undone: every read takes only the bytes it needs.
    private readonly bool _exact;

    // Whether _streamPosition is the stream's real Position, so that a move by other code can be seen by comparing.
    private readonly bool _tracksPosition;

    private int _index; // next unread byte in _buffer
    private int _count; // bytes of _buffer that reads may take; _index while the buffer is handed out
    private long _filled; // the stream position just past the buffered bytes
    private long _streamPosition; // where the stream is: _filled, or behind it after BaseStream put it back
    private long _bufferStart; // the stream position of _buffer[0] after the last refill
    private bool _disposed;

    // While BaseStream is out, the stream sits at the reader's position and the buffer is kept but closed to reads
    // (_count == _index); _keptCount is its real extent. The next read reopens it if the stream is still where it was
    // left, and discards it otherwise.
    private bool _handedOut;
    private int _keptCount;

    // How many bytes the next refill asks for. After other code has moved the stream (a parser that seeks from record to
    // record), refills start at SmallFillSize, as FileStream's own buffer does, and double while reading goes on from
    // there, so that a seek costs no more I/O than under BinaryReader and a long run soon reads whole buffers again.
    private int _fillSize;

    private byte[]? _valueBytes;
    private byte[]? _charBytes;
    private char[]? _charBuffer;
    private char[]? _singleChar;

    /// <summary>Initializes a reader over <paramref name="input"/> that decodes characters as UTF-8 and closes the
    /// stream when it is disposed.</summary>
    /// <param name="input">The stream to read.</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> does not support reading.</exception>
    /// <remarks>Matches <see cref="BinaryReader(Stream)"/>.</remarks>
    public BufferedBinaryReader(Stream input)
        : this(input, new UTF8Encoding(), leaveOpen: false, DefaultBufferSize)
    {
    }

    /// <summary>Initializes a reader over <paramref name="input"/> that decodes characters with
    /// <paramref name="encoding"/> and closes the stream when it is disposed.</summary>
    /// <param name="input">The stream to read.</param>
    /// <param name="encoding">The encoding of characters and strings in the stream.</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> or <paramref name="encoding"/> is
    /// <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> does not support reading.</exception>
    /// <remarks>Matches <see cref="BinaryReader(Stream, Encoding)"/>.</remarks>
    public BufferedBinaryReader(Stream input, Encoding encoding)
        : this(input, encoding, leaveOpen: false, DefaultBufferSize)
    {
    }

    /// <summary>Initializes a reader over <paramref name="input"/> that decodes characters with
    /// <paramref name="encoding"/> and closes the stream on dispose unless <paramref name="leaveOpen"/> is set.</summary>
    /// <param name="input">The stream to read.</param>
    /// <param name="encoding">The encoding of characters and strings in the stream.</param>
    /// <param name="leaveOpen"><see langword="true"/> to leave the stream open after the reader is disposed.</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> or <paramref name="encoding"/> is
    /// <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> does not support reading.</exception>
    /// <remarks>Matches <see cref="BinaryReader(Stream, Encoding, bool)"/>.</remarks>
    public BufferedBinaryReader(Stream input, Encoding encoding, bool leaveOpen)
        : this(input, encoding, leaveOpen, DefaultBufferSize)
    {
    }

    // Lets tests use buffers of a few bytes so that every read straddles a buffer boundary.
    internal BufferedBinaryReader(Stream input, Encoding encoding, bool leaveOpen, int bufferSize)
        : base(input, encoding, leaveOpen) // validates the arguments exactly as BinaryReader does
    {
        if (bufferSize <= 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(bufferSize));
        }

        _stream = input;
        _exact = !input.CanSeek;
        _capacity = ClampToRemaining(input, bufferSize, out long? position);
        _fillSize = _exact ? _capacity : Math.Min(_capacity, FirstFillSize);
        _buffer = new byte[_fillSize];
        if (position is long start)
        {
            _tracksPosition = true;
            _filled = start;
            _streamPosition = start;
        }

        _encoding = encoding;
        _decoder = encoding.GetDecoder();
        _maxCharsSize = encoding.GetMaxCharCount(MaxCharBytesSize);
        _fillBufferLimit = Math.Max(16, encoding.GetMaxByteCount(1));
        _twoBytesPerChar = encoding is UnicodeEncoding;
        _isMemoryStream = input.GetType() == typeof(MemoryStream);
    }

    /// <summary>Gets the underlying stream, first putting a seekable stream back at the reader's position.</summary>
    /// <remarks>
    /// Matches <see cref="BinaryReader.BaseStream"/>. On a seekable stream this seeks the stream to the reader's position
    /// (at most one seek, none when it is already there), so the caller may use or move the stream freely. The buffer is
    /// kept: the next read gets the stream's <see cref="Stream.Position"/> once and goes on from the buffer when the
    /// stream is still where it was left, or discards the buffer and starts from wherever the stream now is. So a loop
    /// such as <c>while (reader.BaseStream.Position &lt; reader.BaseStream.Length)</c> costs one seek and one position
    /// read per iteration, not a refill. A stream that cannot seek is never read ahead, so it is returned as it is,
    /// already at the reader's position.
    /// </remarks>
    public override Stream BaseStream
    {
        get
        {
            if (_disposed)
            {
                // Whatever the base class keeps: the stream on .NET 5 and later, null on .NET Framework and Mono.
                return base.BaseStream;
            }

            if (!_handedOut)
            {
                HandOut();
            }

            return _stream;
        }
    }

    /// <summary>Gets the position that <see cref="BaseStream"/>'s <see cref="Stream.Position"/> would report at this
    /// point under <see cref="BinaryReader"/>: where the stream started plus the bytes the reader has consumed.</summary>
    /// <value>The reader's position in the stream.</value>
    /// <exception cref="NotSupportedException">The stream cannot seek (as <see cref="Stream.Position"/> throws
    /// there).</exception>
    /// <exception cref="ObjectDisposedException">The reader, or the stream, is disposed, where
    /// <c>BaseStream.Position</c> would throw it.</exception>
    /// <remarks>
    /// Equal to <c>BaseStream.Position</c> but computed from the buffer without a system call or a seek, so a loop
    /// such as <c>while (reader.Position &lt; length)</c> keeps the read-ahead that <c>BaseStream.Position</c> would
    /// give up on every pass. While <see cref="BaseStream"/> is out (read since the last read), and after the reader
    /// is disposed, it reads the stream's own <see cref="Stream.Position"/>, which is then where the reader is, or
    /// wherever other code has moved the stream. A move of the stream through another reference while the reader
    /// holds it is not seen (as by the reads themselves).
    /// </remarks>
    public long Position
    {
        get
        {
            if (_disposed || !_tracksPosition)
            {
                // Disposed, cannot seek, or a position that could not be read: whatever BaseStream.Position does.
                return BaseStream.Position;
            }

            return _handedOut ? _stream.Position : LogicalPosition;
        }
    }

    /// <summary>Releases the reader, putting a seekable stream back at the reader's position and closing it unless
    /// the reader was created with <c>leaveOpen</c>.</summary>
    /// <param name="disposing"><see langword="true"/> when called from <see cref="BinaryReader.Dispose()"/> or
    /// <see cref="BinaryReader.Close"/>.</param>
    /// <remarks>Matches <see cref="BinaryReader"/>'s <c>Dispose(bool)</c>.</remarks>
    protected override void Dispose(bool disposing)
    {
        if (!_disposed)
        {
            if (disposing)
            {
                PutBackUnreadBytes();
            }

            // An empty buffer sends every later read to a slow path, which checks _disposed.
            _index = 0;
            _count = 0;
            _handedOut = false;
            _disposed = true;
        }

        base.Dispose(disposing);
    }

    /// <summary>Consumes <paramref name="numBytes"/> bytes, as <see cref="BinaryReader"/>'s <c>FillBuffer</c> reads them
    /// into its internal buffer.</summary>
    /// <param name="numBytes">The number of bytes to consume.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="numBytes"/> is negative or larger than
    /// <see cref="BinaryReader"/>'s internal buffer.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <exception cref="EndOfStreamException">The stream ends first.</exception>
    /// <remarks>Matches <see cref="BinaryReader"/>'s <c>FillBuffer</c>, which nothing can call on this sealed type; it
    /// is overridden only so that no base code path reads the stream behind the buffer.</remarks>
    protected override void FillBuffer(int numBytes)
    {
        if (numBytes < 0 || numBytes > _fillBufferLimit)
        {
            ThrowHelper.ThrowFillBufferOutOfRange(nameof(numBytes));
        }

        for (int i = 0; i < numBytes; i++)
        {
            _ = ReadByte();
        }
    }

    /// <summary>Reads the next byte.</summary>
    /// <returns>The byte.</returns>
    /// <exception cref="EndOfStreamException">The stream has ended.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadByte"/>.</remarks>
    public override byte ReadByte()
    {
        int index = _index;
        if ((uint)index < (uint)_count)
        {
            _index = index + 1;
            return _buffer[index];
        }

        return ReadByteSlow();
    }

    /// <summary>Reads the next byte as a signed byte.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">The stream has ended.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadSByte"/>.</remarks>
    [CLSCompliant(false)]
    public override sbyte ReadSByte() => (sbyte)ReadByte();

    /// <summary>Reads the next byte as a Boolean: any non-zero byte is <see langword="true"/>.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">The stream has ended.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadBoolean"/>.</remarks>
    public override bool ReadBoolean() => ReadByte() != 0;

    /// <summary>Reads a 2-byte little-endian signed integer.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">Fewer than 2 bytes remain; those that remain are consumed.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadInt16"/>.</remarks>
    public override short ReadInt16() => (short)ReadUInt16();

    /// <summary>Reads a 2-byte little-endian unsigned integer.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">Fewer than 2 bytes remain; those that remain are consumed.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadUInt16"/>.</remarks>
    [CLSCompliant(false)]
    public override ushort ReadUInt16()
    {
        int index = _index;
        if (_count - index >= sizeof(ushort))
        {
            _index = index + sizeof(ushort);
            return ReadUInt16LittleEndian(_buffer, index);
        }

        byte[] bytes = TakeSlow(sizeof(ushort), out index);
        return ReadUInt16LittleEndian(bytes, index);
    }

    /// <summary>Reads a 4-byte little-endian signed integer.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">Fewer than 4 bytes remain; those that remain are consumed.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadInt32"/>.</remarks>
    public override int ReadInt32() => (int)ReadUInt32();

    /// <summary>Reads a 4-byte little-endian unsigned integer.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">Fewer than 4 bytes remain; those that remain are consumed.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadUInt32"/>.</remarks>
    [CLSCompliant(false)]
    public override uint ReadUInt32()
    {
        int index = _index;
        if (_count - index >= sizeof(uint))
        {
            _index = index + sizeof(uint);
            return ReadUInt32LittleEndian(_buffer, index);
        }

        byte[] bytes = TakeSlow(sizeof(uint), out index);
        return ReadUInt32LittleEndian(bytes, index);
    }

    /// <summary>Reads an 8-byte little-endian signed integer.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">Fewer than 8 bytes remain; those that remain are consumed.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadInt64"/>.</remarks>
    public override long ReadInt64() => (long)ReadUInt64();

    /// <summary>Reads an 8-byte little-endian unsigned integer.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">Fewer than 8 bytes remain; those that remain are consumed.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadUInt64"/>.</remarks>
    [CLSCompliant(false)]
    public override ulong ReadUInt64()
    {
        int index = _index;
        if (_count - index >= sizeof(ulong))
        {
            _index = index + sizeof(ulong);
            return ReadUInt64LittleEndian(_buffer, index);
        }

        byte[] bytes = TakeSlow(sizeof(ulong), out index);
        return ReadUInt64LittleEndian(bytes, index);
    }

#if STREAMLINE_NET6
    /// <summary>Reads a 2-byte little-endian half-precision floating-point value.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">Fewer than 2 bytes remain; those that remain are consumed.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadHalf"/>.</remarks>
    public override Half ReadHalf() => BitConverter.Int16BitsToHalf((short)ReadUInt16());
#endif

    /// <summary>Reads a 4-byte little-endian single-precision floating-point value.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">Fewer than 4 bytes remain; those that remain are consumed.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadSingle"/>.</remarks>
    public override float ReadSingle() => Int32BitsToSingle((int)ReadUInt32());

    /// <summary>Reads an 8-byte little-endian double-precision floating-point value.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">Fewer than 8 bytes remain; those that remain are consumed.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadDouble"/>.</remarks>
    public override double ReadDouble() => BitConverter.Int64BitsToDouble((long)ReadUInt64());

    /// <summary>Reads a 16-byte decimal value (lo, mid, hi and flags, each a little-endian 4-byte integer).</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">Fewer than 16 bytes remain; those that remain are consumed.</exception>
    /// <exception cref="IOException">The 16 bytes, which are consumed, are not a valid decimal.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadDecimal"/>.</remarks>
    public override decimal ReadDecimal()
    {
        byte[] bytes;
        int index = _index;
        if (_count - index >= sizeof(decimal))
        {
            _index = index + sizeof(decimal);
            bytes = _buffer;
        }
        else
        {
            bytes = TakeSlow(sizeof(decimal), out index);
        }

        return DecodeDecimal(bytes, index);
    }

    // The 16 bytes at index as BinaryReader.ReadDecimal decodes them, or the IOException it throws.
    internal static decimal DecodeDecimal(byte[] bytes, int index)
    {
        int lo = (int)ReadUInt32LittleEndian(bytes, index);
        int mid = (int)ReadUInt32LittleEndian(bytes, index + 4);
        int hi = (int)ReadUInt32LittleEndian(bytes, index + 8);
        int flags = (int)ReadUInt32LittleEndian(bytes, index + 12);

        // decimal's own rule: only the sign bit and a scale of 0..28 in bits 16..23 may be set.
        const int SignMask = unchecked((int)0x80000000);
        const int ScaleMask = 0x00FF0000;
        if ((flags & ~(SignMask | ScaleMask)) != 0 || ((flags & ScaleMask) >> 16) > 28)
        {
            ThrowHelper.ThrowInvalidDecimal();
        }

        return new decimal(lo, mid, hi, flags < 0, (byte)((flags & ScaleMask) >> 16));
    }

    /// <summary>Reads a 32-bit integer written 7 bits at a time, low bits first, as
    /// <see cref="BinaryWriter"/> writes string lengths.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">The stream ends inside the value.</exception>
    /// <exception cref="FormatException">The fifth byte has bits set beyond the 32nd bit of the value (on .NET
    /// Framework and Mono: the fifth byte has its high bit set).</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <c>BinaryReader.Read7BitEncodedInt</c> of the runtime it runs on (public on .NET 5 and later,
    /// protected on netstandard2.0 and netstandard2.1, not virtual anywhere, hence <see langword="new"/>): .NET
    /// Framework and Mono ignore the bits of a fifth byte that overflow the value, .NET 5 and later reject
    /// them.</remarks>
    public new int Read7BitEncodedInt()
    {
        uint result = 0;
        const int MaxBytesWithoutOverflow = 4;
        for (int shift = 0; shift < MaxBytesWithoutOverflow * 7; shift += 7)
        {
            byte b = ReadByte();
            result |= (b & 0x7Fu) << shift;
            if (b <= 0x7Fu)
            {
                return (int)result;
            }
        }

        // .NET Framework and Mono keep the low bits of a fifth byte up to 0x7F; every runtime rejects a sixth byte.
        byte last = ReadByte();
        if (last > 0x7Fu || (last > 0b_1111u && RejectsOverlongFifthByte))
        {
            ThrowHelper.ThrowBad7BitInt();
        }

        result |= (uint)last << (MaxBytesWithoutOverflow * 7);
        return (int)result;
    }

    /// <summary>Reads a 64-bit integer written 7 bits at a time, low bits first.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="EndOfStreamException">The stream ends inside the value.</exception>
    /// <exception cref="FormatException">The tenth byte has bits set beyond the 64th bit of the value.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <c>BinaryReader.Read7BitEncodedInt64</c> of .NET 5 and later (absent from netstandard, not
    /// virtual, hence <see langword="new"/> where the base has it).</remarks>
#if STREAMLINE_NET5
    public new long Read7BitEncodedInt64()
#else
    public long Read7BitEncodedInt64()
#endif
    {
        ulong result = 0;
        const int MaxBytesWithoutOverflow = 9;
        for (int shift = 0; shift < MaxBytesWithoutOverflow * 7; shift += 7)
        {
            byte b = ReadByte();
            result |= (b & 0x7Ful) << shift;
            if (b <= 0x7Fu)
            {
                return (long)result;
            }
        }

        byte last = ReadByte();
        if (last > 0b_1u)
        {
            ThrowHelper.ThrowBad7BitInt();
        }

        result |= (ulong)last << (MaxBytesWithoutOverflow * 7);
        return (long)result;
    }

    /// <summary>Reads up to <paramref name="count"/> bytes into <paramref name="buffer"/> at
    /// <paramref name="index"/>.</summary>
    /// <param name="buffer">The array to fill.</param>
    /// <param name="index">Where in <paramref name="buffer"/> to start.</param>
    /// <param name="count">The most bytes to read.</param>
    /// <returns>The number of bytes read: 0 only at the end of the stream or when <paramref name="count"/> is 0.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is
    /// negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="index"/> plus <paramref name="count"/> exceeds the length of
    /// <paramref name="buffer"/>.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.Read(byte[], int, int)"/>, checking the arguments in the same order.
    /// Buffered bytes are returned first; on a seekable stream a shortfall is made up by one more stream read, on a
    /// stream that cannot seek the buffered bytes alone are returned, so that the call never waits on a pipe or socket
    /// for bytes the caller may not need.</remarks>
    public override int Read(byte[] buffer, int index, int count)
    {
        if (buffer is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(buffer));
        }

        if (index < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(index));
        }

        if (count < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(count));
        }

        if (buffer.Length - index < count)
        {
            ThrowHelper.ThrowInvalidOffsetLength();
        }

        PrepareRead();
        if (count == 0 && _exact)
        {
            // BinaryReader hands a zero-byte read to the stream, where a pipe or socket waits for data.
            return _stream.Read(buffer, index, 0);
        }

        int fromBuffer = Math.Min(_count - _index, count);
        Buffer.BlockCopy(_buffer, _index, buffer, index, fromBuffer);
        _index += fromBuffer;
        if (fromBuffer == count || (fromBuffer > 0 && !_stream.CanSeek))
        {
            return fromBuffer;
        }

        return fromBuffer + ReadOnce(buffer, index + fromBuffer, count - fromBuffer);
    }

#if STREAMLINE_SPANS
    /// <summary>Reads up to <c>buffer.Length</c> bytes into <paramref name="buffer"/>.</summary>
    /// <param name="buffer">The span to fill.</param>
    /// <returns>The number of bytes read: 0 only at the end of the stream or when <paramref name="buffer"/> is
    /// empty.</returns>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.Read(Span{byte})"/>, completing a shortfall as
    /// <see cref="Read(byte[], int, int)"/> does.</remarks>
    public override int Read(Span<byte> buffer)
    {
        PrepareRead();
        if (buffer.IsEmpty && _exact)
        {
            // BinaryReader hands a zero-byte read to the stream, where a pipe or socket waits for data.
            return _stream.Read(buffer);
        }

        int fromBuffer = Math.Min(_count - _index, buffer.Length);
        new ReadOnlySpan<byte>(_buffer, _index, fromBuffer).CopyTo(buffer);
        _index += fromBuffer;
        if (fromBuffer == buffer.Length || (fromBuffer > 0 && !_stream.CanSeek))
        {
            return fromBuffer;
        }

        buffer = buffer.Slice(fromBuffer);
        int read;
        if (buffer.Length >= _capacity)
        {
            CatchUpStream();
            read = _stream.Read(buffer);
            _filled += read;
            _streamPosition = _filled;
        }
        else
        {
            read = Math.Min(Fill(buffer.Length), buffer.Length);
            new ReadOnlySpan<byte>(_buffer, 0, read).CopyTo(buffer);
            _index = read;
        }

        return fromBuffer + read;
    }
#endif

    /// <summary>Reads <paramref name="count"/> bytes, or fewer if the stream ends first.</summary>
    /// <param name="count">The number of bytes to read.</param>
    /// <returns>A new array of the bytes read, shorter than <paramref name="count"/> only at the end of the
    /// stream.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadBytes"/>.</remarks>
    public override byte[] ReadBytes(int count)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(count));
        }

        PrepareRead();

        if (count == 0)
        {
            return Array.Empty<byte>();
        }

        byte[] result = new byte[count];
        int numRead = 0;
        do
        {
            int n = ReadOnce(result, numRead, count - numRead);
            if (n == 0)
            {
                break;
            }

            numRead += n;
        }
        while (numRead < count);

        if (numRead != count)
        {
            byte[] copy = new byte[numRead];
            Buffer.BlockCopy(result, 0, copy, 0, numRead);
            result = copy;
        }

        return result;
    }

    // Returns the buffer size to allocate and, for a seekable stream whose position can be read, that position.
    private static int ClampToRemaining(Stream input, int bufferSize, out long? position)
    {
        position = null;
        if (!input.CanSeek)
        {
            // Never read ahead there (see Fill): the buffer holds the bytes of one value or one text chunk, which
            // BinaryReader asks the stream for in one read, so it is never smaller than that.
            return ExactBufferSize;
        }

        long remaining;
        try
        {
            position = input.Position;
            remaining = input.Length - position.Value;
        }
        catch (NotSupportedException)
        {
            return bufferSize;
        }

        if (bufferSize <= MinClampedBufferSize)
        {
            return bufferSize;
        }

        return remaining < bufferSize ? (int)Math.Max(remaining, MinClampedBufferSize) : bufferSize;
    }

    // The entry of every read that may leave the buffer: throws once disposed, and takes the buffer back after
    // BaseStream was handed out.
    private void PrepareRead()
    {
        if (_disposed)
        {
            ThrowHelper.ThrowReaderClosed();
        }

        if (_handedOut)
        {
            TakeBack();
        }
    }

    // Seeks a seekable stream to the reader's position and closes the buffer to reads until TakeBack.
    private void HandOut()
    {
        if (!_stream.CanSeek)
        {
            return;
        }

        long logical = LogicalPosition;
        if (!_tracksPosition)
        {
            // Without a readable position a move cannot be seen later: put the stream back and drop the buffer.
            SeekBy(logical - _streamPosition);
            _filled = logical;
            _index = 0;
            _count = 0;
            _fillSize = Math.Min(_capacity, SmallFillSize);
            return;
        }

        SeekBy(logical - _streamPosition);
        _keptCount = _count;
        _count = _index;
        _handedOut = true;
    }

    // Reopens the buffer if the stream is still where HandOut left it, or was moved to a byte the buffer holds (a scan
    // that sets Position a few bytes on, pass after pass): the reader goes on from that byte without reading it again.
    // Else the caller moved it (or closed it) elsewhere, and the reader starts again from wherever it is, as
    // BinaryReader would.
    private void TakeBack()
    {
        _handedOut = false;
        if (_stream.CanSeek)
        {
            long now = _stream.Position;
            if (now == _streamPosition)
            {
                _count = _keptCount;
                return;
            }

            // The buffer holds stream[_bufferStart, _filled) unless a large read went past it straight to the stream.
            if (_bufferStart + _keptCount == _filled && now >= _bufferStart && now < _filled)
            {
                _index = (int)(now - _bufferStart);
                _count = _keptCount;
                _streamPosition = now; // the next refill first seeks the stream on to _filled
                return;
            }

            _streamPosition = now;
        }

        _filled = _streamPosition;
        _index = 0;
        _count = 0;
        _fillSize = Math.Min(_capacity, SmallFillSize);
    }

    // Seeks the stream forward to the end of the buffered bytes when BaseStream left it behind them.
    private void CatchUpStream()
    {
        SeekBy(_filled - _streamPosition);
    }

    // Moves the stream by a relative offset, keeping _streamPosition in step; no call when there is nothing to move.
    private void SeekBy(long offset)
    {
        if (offset != 0)
        {
            _stream.Seek(offset, SeekOrigin.Current);
            _streamPosition += offset;
        }
    }

    // Refills the empty buffer with one stream read; returns the bytes now buffered (0 at the end of the stream).
    // `needed` is the most bytes the calling read will take: over a stream that cannot seek only those are read, so
    // nothing is ever read ahead of the reader there.
    private int Fill(int needed)
    {
        CatchUpStream();
        int size;
        if (_exact)
        {
            size = Math.Min(needed, _capacity);
        }
        else
        {
            size = Math.Min(Math.Max(needed, _fillSize), _capacity);
            _fillSize = _fillSize >= _capacity / 2 ? _capacity : _fillSize * 2;
        }

        if (size > _buffer.Length)
        {
            _buffer = new byte[size]; // the buffer is empty here: nothing to copy
        }

        int read = _stream.Read(_buffer, 0, size);
        _index = 0;
        _count = read;
        _bufferStart = _filled;
        _filled += read;
        _streamPosition = _filled;
        return read;
    }

    // Copies up to count bytes from the buffer, or else from one stream read (straight into the destination when the
    // request is at least a buffer long); returns 0 only at the end of the stream.
    private int ReadOnce(byte[] destination, int offset, int count)
    {
        int available = _count - _index;
        if (available == 0)
        {
            if (count == 0)
            {
                return 0;
            }

            if (count >= _capacity)
            {
                CatchUpStream();
                int direct = _stream.Read(destination, offset, count);
                _filled += direct;
                _streamPosition = _filled;
                return direct;
            }

            available = Fill(count);
        }

        int n = Math.Min(available, count);
        Buffer.BlockCopy(_buffer, _index, destination, offset, n);
        _index += n;
        return n;
    }

    private byte ReadByteSlow()
    {
        PrepareRead();
        int index = _index;
        if (index < _count)
        {
            // The buffer was handed out through BaseStream and has just been taken back.
            _index = index + 1;
            return _buffer[index];
        }

        if (Fill(1) == 0)
        {
            ThrowHelper.ThrowEndOfStream();
        }

        _index = 1;
        return _buffer[0];
    }

    // Takes a value the fast path could not: from the buffer when it was only handed out through BaseStream, else
    // gathered across the end of the buffer, consuming what is left and throwing at the end of the stream, as
    // BinaryReader does when a value is only partly present.
    private byte[] TakeSlow(int size, out int offset)
    {
        PrepareRead();
        int index = _index;
        if (_count - index >= size)
        {
            _index = index + size;
            offset = index;
            return _buffer;
        }

        offset = 0;
        byte[] value = _valueBytes ?? (_valueBytes = new byte[MaxValueSize]);
        int got = 0;
        while (true)
        {
            int available = _count - _index;
            if (available == 0)
            {
                available = Fill(size - got);
                if (available == 0)
                {
                    ThrowHelper.ThrowEndOfStream();
                }
            }

            int n = Math.Min(available, size - got);
            Buffer.BlockCopy(_buffer, _index, value, got, n);
            _index += n;
            got += n;
            if (got == size)
            {
                return value;
            }
        }
    }

    // The reader's position in the stream (relative to an unknown origin when the stream's position cannot be read).
    private long LogicalPosition => _filled - (_count - _index);

    // On Dispose: seeks a seekable stream to the reader's position, unless BaseStream is out (then the stream is
    // already there, or wherever the caller has moved it since, which is where BinaryReader would leave it).
    private void PutBackUnreadBytes()
    {
        if (_handedOut || !_stream.CanSeek)
        {
            return;
        }

        long logical = LogicalPosition;
        SeekBy(logical - _streamPosition);
        _filled = logical;
        _index = 0;
        _count = 0;
    }

    // Moves the reader back to an earlier LogicalPosition of a seekable stream, within the buffer when it still holds
    // that byte, else by seeking the stream.
    private void Rewind(long position)
    {
        long back = LogicalPosition - position;
        if (back <= _index)
        {
            _index -= (int)back;
            return;
        }

        SeekBy(position - _streamPosition);
        _filled = position;
        _index = 0;
        _count = 0;
    }

    internal static ushort ReadUInt16LittleEndian(byte[] bytes, int index)
    {
#if !STREAMLINE_SPANS
        return (ushort)(bytes[index] | bytes[index + 1] << 8);
#else
        return BinaryPrimitives.ReadUInt16LittleEndian(new ReadOnlySpan<byte>(bytes, index, sizeof(ushort)));
#endif
    }

    internal static uint ReadUInt32LittleEndian(byte[] bytes, int index)
    {
#if !STREAMLINE_SPANS
        return (uint)(bytes[index] | bytes[index + 1] << 8 | bytes[index + 2] << 16 | bytes[index + 3] << 24);
#else
        return BinaryPrimitives.ReadUInt32LittleEndian(new ReadOnlySpan<byte>(bytes, index, sizeof(uint)));
#endif
    }

    internal static ulong ReadUInt64LittleEndian(byte[] bytes, int index)
    {
#if !STREAMLINE_SPANS
        return ReadUInt32LittleEndian(bytes, index) | (ulong)ReadUInt32LittleEndian(bytes, index + 4) << 32;
#else
        return BinaryPrimitives.ReadUInt64LittleEndian(new ReadOnlySpan<byte>(bytes, index, sizeof(ulong)));
#endif
    }

    internal static float Int32BitsToSingle(int bits)
    {
#if !STREAMLINE_SPANS
        return new SingleBits { Int32 = bits }.Single;
#else
        return BitConverter.Int32BitsToSingle(bits);
#endif
    }

#if !STREAMLINE_SPANS
    // netstandard2.0 has no BitConverter.Int32BitsToSingle; an overlay reinterprets the bits without unsafe code.
    [System.Runtime.InteropServices.StructLayout(System.Runtime.InteropServices.LayoutKind.Explicit)]
    private struct SingleBits
    {
        [System.Runtime.InteropServices.FieldOffset(0)]
        public int Int32;

        [System.Runtime.InteropServices.FieldOffset(0)]
        public float Single;
    }
#endif
}
