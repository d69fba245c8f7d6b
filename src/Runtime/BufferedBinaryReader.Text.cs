using System;
#if STREAMLINE_NET5
using System.Diagnostics.CodeAnalysis;
#endif
using System.IO;
using System.Reflection;
using System.Text;

namespace Streamline.Runtime;

// Characters and strings. Every decoder call gets the same bytes, the same output room and the same flush flag as in
// BinaryReader over a stream that fills each read (FileStream, MemoryStream), so decoded text, decoder errors and the
// decoder's carried-over state all match; only where the bytes come from differs.
public sealed partial class BufferedBinaryReader
{
    // null: not looked up yet; HasStateUnknown: the decoder is not a DecoderNLS or its HasState cannot be read.
    private PropertyInfo? _hasState;
    private bool _hasStateLookedUp;
    private bool _isDecoderNls;

    /// <summary>Returns the next character without consuming it, or -1 at the end of the stream or when the stream
    /// cannot seek.</summary>
    /// <returns>The next character, or -1.</returns>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <exception cref="ArgumentException">The next bytes decode to a surrogate pair, which does not fit one
    /// character.</exception>
    /// <exception cref="DecoderFallbackException">The next bytes are invalid in an encoding that throws on invalid
    /// bytes.</exception>
    /// <remarks>Matches <see cref="BinaryReader.PeekChar"/>, which also returns -1 for any stream that cannot seek. The
    /// decoder keeps whatever state decoding the character left, as in <see cref="BinaryReader"/>.</remarks>
    public override int PeekChar()
    {
        PrepareRead();
        if (!_stream.CanSeek)
        {
            return -1;
        }

        long position = LogicalPosition;
        int ch = Read();
        Rewind(position);
        return ch;
    }

    /// <summary>Reads the next character.</summary>
    /// <returns>The character, or -1 at the end of the stream.</returns>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <exception cref="ArgumentException">The next bytes decode to a surrogate pair, which does not fit one
    /// character; a seekable stream is left before them.</exception>
    /// <exception cref="DecoderFallbackException">The next bytes are invalid in an encoding that throws on invalid
    /// bytes; a seekable stream is left before them.</exception>
    /// <remarks>Matches <see cref="BinaryReader.Read()"/>: bytes go to the decoder one at a time (two for
    /// <see cref="UnicodeEncoding"/>) until it produces a character.</remarks>
    public override int Read()
    {
        PrepareRead();

        long start = LogicalPosition;
        byte[] charBytes = _charBytes ?? (_charBytes = new byte[MaxCharBytesSize]);
        char[] singleChar = _singleChar ?? (_singleChar = new char[1]);
        int charsRead = 0;
        while (charsRead == 0)
        {
            int numBytes = _twoBytesPerChar ? 2 : 1;
            int b = NextByteOrEnd();
            charBytes[0] = (byte)b;
            if (b == -1)
            {
                numBytes = 0;
            }

            if (numBytes == 2)
            {
                b = NextByteOrEnd();
                charBytes[1] = (byte)b;
                if (b == -1)
                {
                    numBytes = 1;
                }
            }

            if (numBytes == 0)
            {
                return -1;
            }

            try
            {
                charsRead = _decoder.GetChars(charBytes, 0, numBytes, singleChar, 0, flush: false);
            }
            catch
            {
                if (_stream.CanSeek)
                {
                    Rewind(start);
                }

                throw;
            }
        }

        return singleChar[0];
    }

    /// <summary>Reads the next character.</summary>
    /// <returns>The character.</returns>
    /// <exception cref="EndOfStreamException">The stream has ended.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <exception cref="ArgumentException">The next bytes decode to a surrogate pair, which does not fit one
    /// character; a seekable stream is left before them.</exception>
    /// <exception cref="DecoderFallbackException">The next bytes are invalid in an encoding that throws on invalid
    /// bytes; a seekable stream is left before them.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadChar"/>.</remarks>
    public override char ReadChar()
    {
        int value = Read();
        if (value == -1)
        {
            ThrowHelper.ThrowEndOfStream();
        }

        return (char)value;
    }

    /// <summary>Reads <paramref name="count"/> characters, or fewer if the stream ends first.</summary>
    /// <param name="count">The number of characters to read.</param>
    /// <returns>A new array of the characters read.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <exception cref="ArgumentException">The decoded characters overflow the room left (a surrogate pair or a
    /// multi-character replacement at the end).</exception>
    /// <exception cref="DecoderFallbackException">The bytes are invalid in an encoding that throws on invalid
    /// bytes.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadChars"/>.</remarks>
    public override char[] ReadChars(int count)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowNeedNonNegative(nameof(count));
        }

        PrepareRead();

        if (count == 0)
        {
            return Array.Empty<char>();
        }

        char[] chars = new char[count];
        int n = InternalReadChars(chars, 0, count);
        if (n != count)
        {
            char[] copy = new char[n];
            Array.Copy(chars, copy, n);
            chars = copy;
        }

        return chars;
    }

    /// <summary>Reads up to <paramref name="count"/> characters into <paramref name="buffer"/> at
    /// <paramref name="index"/>.</summary>
    /// <param name="buffer">The array to fill.</param>
    /// <param name="index">Where in <paramref name="buffer"/> to start.</param>
    /// <param name="count">The most characters to read.</param>
    /// <returns>The number of characters read, fewer than <paramref name="count"/> only at the end of the
    /// stream.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="index"/> or <paramref name="count"/> is
    /// negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="index"/> plus <paramref name="count"/> exceeds the length of
    /// <paramref name="buffer"/>, or the decoded characters overflow the room left.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <exception cref="DecoderFallbackException">The bytes are invalid in an encoding that throws on invalid
    /// bytes.</exception>
    /// <remarks>Matches <see cref="BinaryReader.Read(char[], int, int)"/>, checking the arguments in the same
    /// order.</remarks>
    public override int Read(char[] buffer, int index, int count)
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
        return InternalReadChars(buffer, index, count);
    }

#if STREAMLINE_SPANS
    /// <summary>Reads up to <c>buffer.Length</c> characters into <paramref name="buffer"/>.</summary>
    /// <param name="buffer">The span to fill.</param>
    /// <returns>The number of characters read, fewer than <c>buffer.Length</c> only at the end of the stream.</returns>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <exception cref="ArgumentException">The decoded characters overflow the room left.</exception>
    /// <exception cref="DecoderFallbackException">The bytes are invalid in an encoding that throws on invalid
    /// bytes.</exception>
    /// <remarks>Matches <see cref="BinaryReader.Read(Span{char})"/>.</remarks>
    public override int Read(Span<char> buffer)
    {
        PrepareRead();
        int total = 0;
        while (!buffer.IsEmpty)
        {
            int n = TakeCharBytes(buffer.Length, out byte[] bytes, out int offset);
            if (n == 0)
            {
                break;
            }

            int charsRead = _decoder.GetChars(new ReadOnlySpan<byte>(bytes, offset, n), buffer, flush: false);
            buffer = buffer.Slice(charsRead);
            total += charsRead;
        }

        return total;
    }
#endif

    /// <summary>Reads a string prefixed with its length in bytes, written as a 7-bit encoded integer.</summary>
    /// <returns>The string.</returns>
    /// <exception cref="EndOfStreamException">The stream ends inside the string; the bytes read are consumed and
    /// decoded.</exception>
    /// <exception cref="IOException">The length prefix is negative.</exception>
    /// <exception cref="FormatException">The length prefix is not a valid 7-bit encoded integer.</exception>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <exception cref="DecoderFallbackException">The bytes are invalid in an encoding that throws on invalid
    /// bytes.</exception>
    /// <remarks>Matches <see cref="BinaryReader.ReadString"/> of the runtime it runs on. On .NET 5 and later a string
    /// of at most 128 bytes that is all there is decoded by itself (<see cref="Encoding.GetString(byte[], int, int)"/>,
    /// so an unfinished character at its end becomes a replacement character or an error), a longer or truncated one
    /// in chunks of at most 128 bytes through the reader's decoder, which carries state to and from
    /// <see cref="ReadChars"/> and <see cref="Read()"/>. .NET Framework and Mono decode every string through that
    /// decoder (the netstandard builds find out which once, from the BCL's own BinaryReader).</remarks>
    public override string ReadString()
    {
        PrepareRead();

        int stringLength = Read7BitEncodedInt();
        if (stringLength < 0)
        {
            ThrowHelper.ThrowInvalidStringLength(stringLength);
        }

        if (stringLength == 0)
        {
            return string.Empty;
        }

        char[] charBuffer = _charBuffer ?? (_charBuffer = new char[_maxCharsSize]);
        StringBuilder? builder = null;
        int currPos = 0;
        do
        {
            int readLength = Math.Min(stringLength - currPos, MaxCharBytesSize);
            int n = TakeUpTo(readLength, out byte[] bytes, out int offset);
            if (n == 0)
            {
                ThrowHelper.ThrowEndOfStream();
            }

            if (currPos == 0 && n == stringLength && DecodesOneReadStringsAlone)
            {
                // A string that arrives in one read is decoded on its own, flushed, without the shared decoder.
                return _encoding.GetString(bytes, offset, n);
            }

            int charsRead = _decoder.GetChars(bytes, offset, n, charBuffer, 0);
            if (currPos == 0 && n == stringLength)
            {
                return new string(charBuffer, 0, charsRead);
            }

            // The length comes from the data: cap the first allocation, as BinaryReader does.
            builder = builder ?? new StringBuilder(Math.Min(stringLength, 360));
            builder.Append(charBuffer, 0, charsRead);
            currPos += n;
        }
        while (currPos < stringLength);

        return builder.ToString();
    }

    private int InternalReadChars(char[] buffer, int index, int count)
    {
#if !STREAMLINE_SPANS
        int total = 0;
        while (count > 0)
        {
            int n = TakeCharBytes(count, out byte[] bytes, out int offset);
            if (n == 0)
            {
                break;
            }

            // The decoder must see exactly `count` chars of room, as BinaryReader's span gives it; the array overload
            // offers the rest of the array, so decode elsewhere when the caller's array is longer.
            int charsRead;
            if (index + count == buffer.Length)
            {
                charsRead = _decoder.GetChars(bytes, offset, n, buffer, index, flush: false);
            }
            else
            {
                char[] exact = new char[count];
                charsRead = _decoder.GetChars(bytes, offset, n, exact, 0, flush: false);
                Array.Copy(exact, 0, buffer, index, charsRead);
            }

            index += charsRead;
            count -= charsRead;
            total += charsRead;
        }

        return total;
#else
        return Read(new Span<char>(buffer, index, count));
#endif
    }

    // Takes the bytes BinaryReader would read next for `charsRemaining` characters: one per char (two for
    // UnicodeEncoding), less what the decoder may still hold, at most 128 unless the stream is exactly a MemoryStream.
    // .NET Framework and Mono take one char less when the decoder holds state, before doubling for UTF-16, and never
    // more than 128 bytes.
    private int TakeCharBytes(int charsRemaining, out byte[] bytes, out int offset)
    {
        int numBytes = charsRemaining;
        if (!UsesModernCharByteCount)
        {
            if (numBytes > 1 && DecoderMayHaveState(assumeStateForOtherDecoders: false))
            {
                numBytes--;
            }

            if (_twoBytesPerChar)
            {
                numBytes <<= 1;
            }

            return TakeUpTo(Math.Min(numBytes, MaxCharBytesSize), out bytes, out offset);
        }

        if (_twoBytesPerChar)
        {
            numBytes <<= 1;
        }

        if (numBytes > 1 && DecoderMayHaveState(assumeStateForOtherDecoders: true))
        {
            numBytes--;
            if (_twoBytesPerChar && numBytes > 2)
            {
                numBytes -= 2;
            }
        }

        if (!_isMemoryStream && numBytes > MaxCharBytesSize)
        {
            numBytes = MaxCharBytesSize;
        }

        return TakeUpTo(numBytes, out bytes, out offset);
    }

    // Takes the bytes of BinaryReader's one stream read of `count` bytes. Over a stream that cannot seek, the reader
    // makes that same read (which may return fewer), so text is decoded in the same chunks as by BinaryReader.
    // Otherwise the bytes come from the buffer as a stream that fills every request returns them: fewer than `count`
    // only at the end of the stream; in place when the buffer holds them, else gathered across refills.
    private int TakeUpTo(int count, out byte[] bytes, out int offset)
    {
        if (_index == _count)
        {
            Fill(count);
        }

        int available = _count - _index;
        if (available >= count || available == 0 || _exact)
        {
            int n = Math.Min(available, count);
            bytes = _buffer;
            offset = _index;
            _index += n;
            return n;
        }

        byte[] gathered = count <= MaxCharBytesSize ? (_charBytes ?? (_charBytes = new byte[MaxCharBytesSize])) : new byte[count];
        int got = 0;
        do
        {
            int n = Math.Min(_count - _index, count - got);
            Buffer.BlockCopy(_buffer, _index, gathered, got, n);
            _index += n;
            got += n;
        }
        while (got < count && Fill(count - got) > 0);

        bytes = gathered;
        offset = 0;
        return got;
    }

    private int NextByteOrEnd()
    {
        int index = _index;
        if (index < _count)
        {
            _index = index + 1;
            return _buffer[index];
        }

        if (Fill(1) == 0)
        {
            return -1;
        }

        _index = 1;
        return _buffer[0];
    }

    // BinaryReader reads one byte less per chunk when its decoder (an internal DecoderNLS) holds bytes of an
    // unfinished character, and, on .NET 5 and later, always when the decoder is of another kind (never on .NET
    // Framework and Mono). HasState is internal, so it is read by reflection; where that is impossible (a trimmed or
    // AOT-compiled app), assuming state is the safe side: chunks one byte shorter decode to the same characters and
    // never overrun the room left.
#if STREAMLINE_NET5
    [UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "Falls back to assuming decoder state when the member is unavailable.")]
    [UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "Falls back to assuming decoder state when the member is unavailable.")]
#endif
    private bool DecoderMayHaveState(bool assumeStateForOtherDecoders)
    {
        if (!_hasStateLookedUp)
        {
            _hasStateLookedUp = true;
            for (Type? type = _decoder.GetType(); type != null && type != typeof(Decoder); type = type.BaseType)
            {
                // BinaryReader tests for CoreLib's own DecoderNLS; System.Text.Encoding.CodePages has a type of the
                // same name that BinaryReader treats as any other decoder.
                if (type.FullName == "System.Text.DecoderNLS" && type.Assembly == typeof(object).Assembly)
                {
                    _isDecoderNls = true;
                    PropertyInfo? property = type.GetProperty("HasState", BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public);
                    _hasState = property?.PropertyType == typeof(bool) ? property : null;
                    break;
                }
            }
        }

        if (!_isDecoderNls)
        {
            return assumeStateForOtherDecoders;
        }

        return _hasState is null || (bool)_hasState.GetValue(_decoder)!;
    }
}
