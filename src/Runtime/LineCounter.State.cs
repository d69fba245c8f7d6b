using System;
using System.IO;
using System.Text;
#if STREAMLINE_SPANS
using System.Buffers;
#endif

namespace Streamline.Runtime;

/// <summary>
/// Counts the lines that <see cref="StreamReader.ReadLine"/> would return for a stream of bytes fed to it in chunks.
/// It reproduces StreamReader's start-of-stream handling (the given encoding's preamble, then byte order mark
/// detection), its line breaks (<c>\r</c>, <c>\n</c>, <c>\r\n</c>), and its end-of-stream handling of a decoder that
/// still holds an incomplete sequence, which differs between runtimes (see <see cref="EndOfStream"/>).
/// </summary>
/// <remarks>
/// Two modes. Byte mode counts the bytes <c>0x0A</c> and <c>0x0D</c> directly; it is taken only for the core
/// library's own UTF-8, ASCII and Latin-1 encodings, whose decoders turn exactly those bytes into <c>\n</c> and
/// <c>\r</c>, never absorb them into another sequence, and (with a non-empty replacement fallback) turn every other
/// byte into at least one other character. Char mode decodes with the encoding's own <see cref="Decoder"/> into a
/// fixed char buffer and counts characters, so it is exact for any encoding, including one that throws.
/// </remarks>
internal struct LineCounterState
{
    private const byte LineFeed = (byte)'\n';
    private const byte CarriageReturn = (byte)'\r';

    // Read by StreamReader when FF FE 00 00 or 00 00 FE FF starts a stream; the static one is little-endian.
    private static readonly Encoding s_utf32BigEndian = new UTF32Encoding(bigEndian: true, byteOrderMark: true);

    private readonly int _charBufferSize;
    private Encoding _encoding;
    private bool _byteMode;
    private Decoder? _decoder;
    private char[]? _chars;

    // Line breaks counted so far; a \r that ended the previous chunk is not counted until the next one shows
    // whether a \n follows it.
    private long _lineBreaks;
    private bool _pendingCarriageReturn;

    // Char mode: whether characters follow the last line break (they make one more line at the end).
    private bool _lineOpen;

    // Byte mode: how many bytes follow the last 0x0A/0x0D, and the last three bytes of content (newest in the low
    // byte). At the end, a run of 1 to 3 bytes that are all non-ASCII may be an incomplete sequence that decodes to
    // nothing on runtimes that do not flush the decoder.
    private long _runLength;
    private uint _lastBytes;

    public LineCounterState(Encoding encoding, int charBufferSize)
    {
        _encoding = encoding;
        _charBufferSize = charBufferSize;
        _byteMode = false;
        _decoder = null;
        _chars = null;
        _lineBreaks = 0;
        _pendingCarriageReturn = false;
        _lineOpen = false;
        _runLength = 0;
        _lastBytes = 0;
    }

    /// <summary>How many leading bytes <see cref="Begin"/> needs to decide as StreamReader does.</summary>
    public static int HeaderLength(Encoding encoding, int bufferLength)
    {
#if !STREAMLINE_SPANS
        int preambleLength = encoding.GetPreamble().Length;
#else
        int preambleLength = encoding.Preamble.Length;
#endif
        // Byte order marks are up to 4 bytes long.
        return Math.Min(bufferLength, Math.Max(4, preambleLength));
    }

    /// <summary>
    /// Looks at the start of the stream, picks the encoding and the mode, and returns how many bytes (a preamble or
    /// byte order mark) to skip. <paramref name="count"/> is at least <see cref="HeaderLength"/> unless the stream is
    /// shorter, in which case it is the whole stream.
    /// </summary>
    public int Begin(byte[] buffer, int count)
    {
        int skip = DetectStart(buffer, count, _encoding, out Encoding effective);
        _encoding = effective;
        _byteMode = IsByteTransparent(effective);
        if (!_byteMode)
        {
            _decoder = effective.GetDecoder();
#if !STREAMLINE_SPANS
            _chars = new char[_charBufferSize];
#else
            _chars = ArrayPool<char>.Shared.Rent(_charBufferSize);
#endif
        }

        return skip;
    }

    public void Feed(byte[] buffer, int offset, int count)
    {
        if (count == 0)
        {
            return;
        }

        if (_byteMode)
        {
            FeedBytes(buffer, offset, count);
        }
        else
        {
            Decode(buffer, offset, count, flush: false);
        }
    }

    /// <summary>Ends the stream and returns the number of lines. <paramref name="scratch"/> must hold 4 bytes.</summary>
    public long Finish(byte[] scratch)
    {
        if (_byteMode)
        {
            long lines = _lineBreaks + (_pendingCarriageReturn ? 1 : 0);
            if (_runLength > 3 || (_runLength > 0 && RunDecodesToText(scratch)))
            {
                lines++;
            }

            return lines;
        }

        if (EndOfStream.FlushesDecoder)
        {
            Decode(scratch, 0, 0, flush: true);
        }

        return _lineBreaks + (_pendingCarriageReturn ? 1 : 0) + (_lineOpen ? 1 : 0);
    }

    public void Release()
    {
#if STREAMLINE_SPANS
        if (_chars != null)
        {
            ArrayPool<char>.Shared.Return(_chars);
        }
#endif
        _chars = null;
    }

    /// <summary>
    /// StreamReader's start of stream: first the given encoding's own preamble (skipped when it matches, and then no
    /// detection happens); otherwise the byte order marks of UTF-8, UTF-16 and UTF-32, which replace the encoding.
    /// A stream that ends inside a matching prefix of the preamble is decoded with the given encoding.
    /// </summary>
    internal static int DetectStart(byte[] b, int n, Encoding encoding, out Encoding effective)
    {
        effective = encoding;
#if !STREAMLINE_SPANS
        byte[] preamble = encoding.GetPreamble();
#else
        ReadOnlySpan<byte> preamble = encoding.Preamble;
#endif
        if (preamble.Length > 0)
        {
            int compared = Math.Min(n, preamble.Length);
            int i = 0;
            while (i < compared && b[i] == preamble[i])
            {
                i++;
            }

            if (i == compared)
            {
                return n >= preamble.Length ? preamble.Length : 0;
            }
        }

        if (n < 2)
        {
            return 0;
        }

        if (b[0] == 0xFE && b[1] == 0xFF)
        {
            effective = Encoding.BigEndianUnicode;
            return 2;
        }

        if (b[0] == 0xFF && b[1] == 0xFE)
        {
            // FF FE 00 00 is UTF-32 LE only when all four bytes are there; a 3-byte FF FE 00 is UTF-16 LE.
            if (n < 4 || b[2] != 0 || b[3] != 0)
            {
                effective = Encoding.Unicode;
                return 2;
            }

            effective = Encoding.UTF32;
            return 4;
        }

        if (n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF)
        {
            effective = Encoding.UTF8;
            return 3;
        }

        if (n >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF)
        {
            effective = s_utf32BigEndian;
            return 4;
        }

        return 0;
    }

    /// <summary>Whether counting 0x0A/0x0D bytes gives the same lines as decoding with <paramref name="encoding"/>.</summary>
    internal static bool IsByteTransparent(Encoding encoding)
    {
        // A derived type may decode differently; only trust the core library's own encodings.
        if (encoding.GetType().Assembly != typeof(object).Assembly)
        {
            return false;
        }

        switch (encoding.CodePage)
        {
            case 28591:
                // Latin-1 maps each byte to the char of the same value and never falls back.
                return true;
            case 65001:
            case 20127:
                // UTF-8 and ASCII: invalid bytes become the fallback's string, which must be non-empty (or a lone
                // invalid byte would make no line) and free of line breaks (or it would add some).
                return encoding.DecoderFallback is DecoderReplacementFallback fallback
                    && fallback.GetType() == typeof(DecoderReplacementFallback)
                    && fallback.DefaultString.Length > 0
                    && fallback.DefaultString.IndexOf('\r') < 0
                    && fallback.DefaultString.IndexOf('\n') < 0;
            default:
                return false;
        }
    }

    private void FeedBytes(byte[] buffer, int offset, int count)
    {
        if (_pendingCarriageReturn)
        {
            // \r\n counts once: at its \n, which this chunk counts.
            if (buffer[offset] != LineFeed)
            {
                _lineBreaks++;
            }

            _pendingCarriageReturn = false;
        }

        int last = offset + count - 1;
        _lineBreaks += TextKernels.CountLineBreaks(buffer, offset, count - 1);
        byte lastByte = buffer[last];
        if (lastByte == LineFeed)
        {
            _lineBreaks++;
        }
        else if (lastByte == CarriageReturn)
        {
            _pendingCarriageReturn = true;
        }

        int lastBreak = TextKernels.LastIndexOfLineBreak(buffer, offset, count);
        _runLength = lastBreak >= 0 ? last - lastBreak : _runLength + count;
        for (int i = Math.Max(offset, last - 2); i <= last; i++)
        {
            _lastBytes = (_lastBytes << 8) | buffer[i];
        }
    }

    private bool RunDecodesToText(byte[] scratch)
    {
        int length = (int)_runLength;
        bool allNonAscii = true;
        for (int i = 0; i < length; i++)
        {
            byte value = (byte)(_lastBytes >> (8 * (length - 1 - i)));
            scratch[i] = value;
            allNonAscii &= value >= 0x80;
        }

        // An ASCII byte always decodes to a char. Otherwise ask the encoding: a fresh decoder is in the same state as
        // StreamReader's after the preceding line break (an ASCII byte ends any pending sequence).
        return !allNonAscii || _encoding.GetDecoder().GetCharCount(scratch, 0, length, EndOfStream.FlushesDecoder) > 0;
    }

    private void Decode(byte[] buffer, int offset, int count, bool flush)
    {
        Decoder decoder = _decoder!;
        char[] chars = _chars!;
        bool completed;
        do
        {
            decoder.Convert(buffer, offset, count, chars, 0, _charBufferSize, flush, out int bytesUsed, out int charsUsed, out completed);
            offset += bytesUsed;
            count -= bytesUsed;
            ScanChars(chars, charsUsed);
        }
        while (count > 0 || (flush && !completed));
    }

    private void ScanChars(char[] chars, int count)
    {
        if (count == 0)
        {
            return;
        }

        int i = 0;
        if (_pendingCarriageReturn)
        {
            _pendingCarriageReturn = false;
            _lineBreaks++;
            if (chars[0] == '\n')
            {
                i = 1;
                if (count == 1)
                {
                    return;
                }
            }
        }

        // Every char but the last is counted with the next one in view; the last decides what is pending.
        int last = count - 1;
        _lineBreaks += TextKernels.CountLineBreaks(chars, i, last - i);
        char lastChar = chars[last];
        if (lastChar == '\n')
        {
            _lineBreaks++;
            _lineOpen = false;
        }
        else if (lastChar == '\r')
        {
            _pendingCarriageReturn = true;
            _lineOpen = false;
        }
        else
        {
            _lineOpen = true;
        }
    }

    /// <summary>What the running runtime's StreamReader does with an incomplete sequence at the end of the stream.</summary>
    internal static class EndOfStream
    {
        /// <summary>
        /// True where StreamReader flushes its decoder at the end of the stream, so that an incomplete trailing
        /// sequence becomes a replacement char (.NET 8 and later, dotnet/runtime#69888); false where it drops those
        /// bytes (.NET Framework, .NET Core up to 7, Mono). Probed once on the runtime we run on.
        /// </summary>
        internal static readonly bool FlushesDecoder = Probe();

        private static bool Probe()
        {
            using (var reader = new StreamReader(
                new MemoryStream(new byte[] { 0xE2 }, writable: false),
                new UTF8Encoding(encoderShouldEmitUTF8Identifier: false),
                detectEncodingFromByteOrderMarks: false))
                return reader.Read() >= 0;
        }
    }
}
