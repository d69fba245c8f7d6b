using System;
using System.IO;
#if STREAMLINE_SPANS
using System.Buffers;
#endif
#if STREAMLINE_NET8
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
#endif
#if !STREAMLINE_SPANS
using ByteData = byte[];
#else
using ByteData = System.ReadOnlySpan<byte>;
#endif

namespace Streamline.Runtime;

/// <summary>
/// Counts lines, words, characters and bytes in one pass, exactly as GNU coreutils <c>wc</c> 9.x does in the
/// <c>C.UTF-8</c> or the C locale, reading through one fixed-size buffer.
/// </summary>
/// <remarks>
/// This replaces hand-written counters built on <see cref="StreamReader.ReadLine()"/> and <see cref="string.Split(char[])"/>,
/// which decode every character, allocate a string per line and disagree with <c>wc</c> on what a word is. A line is a
/// <c>\n</c> byte. A word is a maximal run of printable non-space characters; a character that is not printable
/// (a control character, U+2028, an unassigned code point) neither starts nor ends a word. In the UTF-8 locale an
/// invalid byte is neither a character nor a word boundary, and character classes are those of glibc 2.36.
/// See docs/counting.md for the rules and their sources in coreutils <c>src/wc.c</c>.
/// </remarks>
public static partial class TextCounter
{
#if STREAMLINE_SPANS
    // GNU wc reads 16 KiB at a time (256 KiB for -l). Reads of 128 KiB, each to the start of a page, cost the kernel's
    // copy out of the page cache least on the machine of docs/counting.md (64 KiB, 256 KiB and 1 MiB, and 16 bytes off
    // a page, measured slower), while the buffer still sits in L2 for the scan. The array is rented from the shared
    // pool, so that many small counts do not each allocate it.
    private const int BufferSize = 128 * 1024;
#else
    // The netstandard2.0 build has no pool: a 64 KiB array stays off the large object heap.
    private const int BufferSize = 64 * 1024;
#endif

    private const int PageSize = 4096;

    // The longest sequence glibc's UTF-8 decoder accepts is six bytes (up to U+7FFFFFFF), so at most five bytes of an
    // unfinished sequence are carried from one read to the next.
    private const int MaxCarry = 5;

    private const int Ignored = 0;
    private const int Word = 1;
    private const int Space = 2;
    private const int NoBreakSpace = 3;

    private const TextCountOptions CountKinds = TextCountOptions.All;

    /// <summary>Counts the text in a file.</summary>
    /// <param name="path">The file to read.</param>
    /// <param name="options">What to count; <see cref="TextCountOptions.Default"/> counts lines, words and bytes.</param>
    /// <param name="locale">How to read characters: UTF-8 (<c>LANG=C.UTF-8</c>) or bytes (<c>LC_ALL=C</c>).</param>
    /// <returns>The counts asked for; the others are zero.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="options"/> asks for no count or has undefined flags,
    /// or <paramref name="locale"/> is undefined.</exception>
    /// <exception cref="ArgumentException"><paramref name="path"/> is empty or invalid.</exception>
    /// <exception cref="FileNotFoundException">The file does not exist.</exception>
    /// <exception cref="DirectoryNotFoundException">A directory in <paramref name="path"/> does not exist.</exception>
    /// <exception cref="UnauthorizedAccessException">The file cannot be opened for reading, or is a directory.</exception>
    /// <exception cref="IOException">An I/O error occurred.</exception>
    /// <remarks>Opens the file as <see cref="File.OpenRead(string)"/> does (<see cref="FileShare.Read"/>), without
    /// <see cref="FileStream"/>'s own buffer. When only <see cref="TextCountOptions.Bytes"/> is asked for, the length of a
    /// non-empty file is its byte count and nothing is read, as <c>wc -c</c> uses <c>st_size</c>.</remarks>
    public static TextCounts Count(
        string path,
        TextCountOptions options = TextCountOptions.Default,
        TextCountLocale locale = TextCountLocale.Utf8)
    {
        if (path is null)
            ThrowHelper.ThrowArgumentNull(nameof(path));
        ValidateOptions(options, locale);

        // bufferSize 1 turns FileStream's buffering off on every runtime: our own buffer is the only one.
        using (var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1, FileOptions.SequentialScan))
            return CountCore(stream, options, locale);
    }

    /// <summary>Counts the text from the current position of a stream to its end.</summary>
    /// <param name="stream">The stream to read; it is left at its end and not disposed.</param>
    /// <param name="options">What to count; <see cref="TextCountOptions.Default"/> counts lines, words and bytes.</param>
    /// <param name="locale">How to read characters: UTF-8 (<c>LANG=C.UTF-8</c>) or bytes (<c>LC_ALL=C</c>).</param>
    /// <returns>The counts asked for; the others are zero.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="stream"/> does not support reading.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="options"/> asks for no count or has undefined flags,
    /// or <paramref name="locale"/> is undefined.</exception>
    /// <exception cref="ObjectDisposedException"><paramref name="stream"/> is disposed.</exception>
    /// <exception cref="IOException">An I/O error occurred.</exception>
    /// <remarks>Reads with <see cref="Stream.Read(byte[], int, int)"/> into one buffer of fixed size and copes with any
    /// short read and with characters split between reads. When only <see cref="TextCountOptions.Bytes"/> is asked for
    /// and the stream can seek and is not empty, the count is <see cref="Stream.Length"/> less
    /// <see cref="Stream.Position"/> (never negative) and the stream is moved to its end without reading.</remarks>
    public static TextCounts Count(
        Stream stream,
        TextCountOptions options = TextCountOptions.Default,
        TextCountLocale locale = TextCountLocale.Utf8)
    {
        if (stream is null)
            ThrowHelper.ThrowArgumentNull(nameof(stream));
        if (!stream.CanRead)
            ThrowHelper.ThrowStreamNotReadable(nameof(stream));
        ValidateOptions(options, locale);
        return CountCore(stream, options, locale);
    }

    /// <summary>Counts the text in an array of bytes.</summary>
    /// <param name="buffer">The bytes.</param>
    /// <param name="options">What to count; <see cref="TextCountOptions.Default"/> counts lines, words and bytes.</param>
    /// <param name="locale">How to read characters: UTF-8 (<c>LANG=C.UTF-8</c>) or bytes (<c>LC_ALL=C</c>).</param>
    /// <returns>The counts asked for; the others are zero.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="options"/> asks for no count or has undefined flags,
    /// or <paramref name="locale"/> is undefined.</exception>
    /// <remarks>The bytes are the whole text: an unfinished UTF-8 sequence at the end counts as no character.</remarks>
    public static TextCounts Count(
        byte[] buffer,
        TextCountOptions options = TextCountOptions.Default,
        TextCountLocale locale = TextCountLocale.Utf8)
    {
        if (buffer is null)
            ThrowHelper.ThrowArgumentNull(nameof(buffer));
        ValidateOptions(options, locale);
        return CountAll(buffer, 0, buffer.Length, options, locale);
    }

    /// <summary>Counts the text in a range of an array of bytes.</summary>
    /// <param name="buffer">The array.</param>
    /// <param name="offset">The index of the first byte to count.</param>
    /// <param name="count">The number of bytes to count.</param>
    /// <param name="options">What to count; <see cref="TextCountOptions.Default"/> counts lines, words and bytes.</param>
    /// <param name="locale">How to read characters: UTF-8 (<c>LANG=C.UTF-8</c>) or bytes (<c>LC_ALL=C</c>).</param>
    /// <returns>The counts asked for; the others are zero.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> is negative, <paramref name="count"/> is
    /// negative or runs past the end of <paramref name="buffer"/>, <paramref name="options"/> asks for no count or has
    /// undefined flags, or <paramref name="locale"/> is undefined.</exception>
    /// <remarks>Checks the range as <see cref="Stream.Read(byte[], int, int)"/>'s <c>ValidateBufferArguments</c> does
    /// on .NET 8: null array, then negative offset, then a count outside the array, each naming its parameter.</remarks>
    public static TextCounts Count(
        byte[] buffer,
        int offset,
        int count,
        TextCountOptions options = TextCountOptions.Default,
        TextCountLocale locale = TextCountLocale.Utf8)
    {
        if (buffer is null)
            ThrowHelper.ThrowArgumentNull(nameof(buffer));
        if (offset < 0)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(offset));
        if ((uint)count > (uint)(buffer.Length - offset))
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count));
        ValidateOptions(options, locale);
        return CountAll(buffer, offset, count, options, locale);
    }

#if STREAMLINE_SPANS
    /// <summary>Counts the text in a span of bytes.</summary>
    /// <param name="bytes">The bytes.</param>
    /// <param name="options">What to count; <see cref="TextCountOptions.Default"/> counts lines, words and bytes.</param>
    /// <param name="locale">How to read characters: UTF-8 (<c>LANG=C.UTF-8</c>) or bytes (<c>LC_ALL=C</c>).</param>
    /// <returns>The counts asked for; the others are zero.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="options"/> asks for no count or has undefined flags,
    /// or <paramref name="locale"/> is undefined.</exception>
    /// <remarks>The bytes are the whole text: an unfinished UTF-8 sequence at the end counts as no character.</remarks>
    public static TextCounts Count(
        ReadOnlySpan<byte> bytes,
        TextCountOptions options = TextCountOptions.Default,
        TextCountLocale locale = TextCountLocale.Utf8)
    {
        ValidateOptions(options, locale);
        return CountAll(bytes, 0, bytes.Length, options, locale);
    }
#endif

    private static void ValidateOptions(TextCountOptions options, TextCountLocale locale)
    {
        if ((options & CountKinds) == 0 || (options & ~(CountKinds | TextCountOptions.PosixlyCorrect)) != 0)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(options));
        if (locale != TextCountLocale.Utf8 && locale != TextCountLocale.C)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(locale));
    }

    private static TextCounts CountAll(ByteData data, int start, int count, TextCountOptions options, TextCountLocale locale)
    {
        var state = default(ScanState);
        Scan(data, start, start + count, final: true, SelectMode(options, locale), (options & TextCountOptions.PosixlyCorrect) != 0, ref state);
        return Result(state, count, options, locale);
    }

    private static TextCounts CountCore(Stream stream, TextCountOptions options, TextCountLocale locale)
    {
        ScanMode mode = SelectMode(options, locale);
        if (mode == ScanMode.BytesOnly && stream.CanSeek)
        {
            long length = stream.Length;
            if (length > 0)
            {
                long position = stream.Position;
                if (position >= length)
                    return Result(default, 0, options, locale);
                stream.Position = length;
                return Result(default, length - position, options, locale);
            }
        }

        bool posix = (options & TextCountOptions.PosixlyCorrect) != 0;
        var state = default(ScanState);
        long bytes = 0;
        int carried = 0;

        // Each read goes to `start`, the first page boundary in the array at least MaxCarry bytes in; the bytes of a
        // sequence cut by the read before are carried to just before it, and the scan starts there.
#if !STREAMLINE_SPANS
        byte[] buffer = new byte[MaxCarry + BufferSize];
        const int start = MaxCarry;
#else
        byte[] buffer = ArrayPool<byte>.Shared.Rent(BufferSize + 2 * PageSize);
        int start = PageAlignedStart(buffer);
        try
        {
#endif
            while (true)
            {
                int read = stream.Read(buffer, start, BufferSize);
                if (read <= 0)
                    break;
                bytes += read;
                int end = start + read;
                int consumed = Scan(buffer, start - carried, end, final: false, mode, posix, ref state);
                carried = end - consumed;
                if (carried > 0)
                    Buffer.BlockCopy(buffer, consumed, buffer, start - carried, carried);
            }

            if (carried > 0)
                Scan(buffer, start - carried, start, final: true, mode, posix, ref state);
#if STREAMLINE_SPANS
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
#endif
        return Result(state, bytes, options, locale);
    }

#if STREAMLINE_SPANS
    // The index of the first byte at or after MaxCarry whose address is a multiple of the page size (MaxCarry to
    // MaxCarry + PageSize - 1). The address is read once: if the collector later moves the array (a pooled array of
    // this size lives on the large object heap, which it does not compact unless asked), reads are only unaligned.
    private static int PageAlignedStart(byte[] buffer)
    {
        long address = System.Runtime.InteropServices.Marshal.UnsafeAddrOfPinnedArrayElement(buffer, MaxCarry).ToInt64();
        return MaxCarry + (int)(-address & (PageSize - 1));
    }
#endif

    private static ScanMode SelectMode(TextCountOptions options, TextCountLocale locale)
    {
        bool words = (options & TextCountOptions.Words) != 0;
        bool chars = (options & TextCountOptions.Chars) != 0 && locale == TextCountLocale.Utf8;
        if (words || chars)
            return locale == TextCountLocale.Utf8 ? ScanMode.Utf8 : ScanMode.SingleByte;
        return (options & TextCountOptions.Lines) != 0 ? ScanMode.LinesOnly : ScanMode.BytesOnly;
    }

    private static TextCounts Result(in ScanState state, long bytes, TextCountOptions options, TextCountLocale locale) =>
        new TextCounts(
            (options & TextCountOptions.Lines) != 0 ? state.Lines : 0,
            (options & TextCountOptions.Words) != 0 ? state.Words : 0,
            (options & TextCountOptions.Chars) != 0 ? (locale == TextCountLocale.Utf8 ? state.Chars : bytes) : 0,
            (options & TextCountOptions.Bytes) != 0 ? bytes : 0);

    // Scans data[start..end) and returns where it stopped: end, or the start of a UTF-8 sequence that the end of the
    // data cut short when more data will follow (final is false).
    private static int Scan(ByteData data, int start, int end, bool final, ScanMode mode, bool posix, ref ScanState state)
    {
        switch (mode)
        {
            case ScanMode.LinesOnly:
                state.Lines += CountNewlines(data, start, end);
                return end;
            case ScanMode.SingleByte:
                ScanSingleByte(data, start, end, ref state);
                return end;
            case ScanMode.Utf8:
                return ScanUtf8(data, start, end, final, posix, ref state);
            default:
                return end;
        }
    }

    private static long CountNewlines(ByteData data, int start, int end)
    {
#if STREAMLINE_NET8
        long lines = 0;
        if (Vector128.IsHardwareAccelerated)
            lines = TextKernels.CountLineFeedBlocks(ref MemoryMarshal.GetReference(data), ref start, end);
        return lines + data.Slice(start, end - start).Count((byte)'\n');
#else
        long lines = 0;
        while (start < end)
        {
#if !STREAMLINE_SPANS
            int index = Array.IndexOf(data, (byte)'\n', start, end - start);
#else
            int index = data.Slice(start, end - start).IndexOf((byte)'\n');
            if (index >= 0)
                index += start;
#endif
            if (index < 0)
                break;
            lines++;
            start = index + 1;
        }

        return lines;
#endif
    }

    // The C locale (wc.c's single-byte loop): 0x21..0x7E make words, the six ASCII spaces separate them, and every
    // other byte (controls, DEL, 0x80..0xFF, which C's isprint rejects) is skipped without ending a word.
    private static void ScanSingleByte(ByteData data, int i, int end, ref ScanState state)
    {
        long lines = state.Lines;
        long words = state.Words;
        bool inWord = state.InWord;
#if STREAMLINE_NET8
        long unused = 0; // the C locale's characters are its bytes
#endif
        while (i < end)
        {
            int stop = end;
#if STREAMLINE_NET8
            if (end - i >= BlockSize)
            {
                int clean = ScanRun(data, i, end, utf8: false, ref lines, ref words, ref unused, ref inWord);
                i += clean;
                stop = NextVectorTry(i, end, clean);
            }
#endif
            while (i < stop)
            {
                uint b = data[i++];
                if (b - 0x21 < 0x5E)
                {
                    if (!inWord)
                    {
                        words++;
                        inWord = true;
                    }
                }
                else if (b == ' ' || b - '\t' < 5)
                {
                    inWord = false;
                    if (b == '\n')
                        lines++;
                }
            }
        }

        state.Lines = lines;
        state.Words = words;
        state.InWord = inWord;
    }

    // The UTF-8 locale (wc.c's multi-byte loop over glibc's mbrtowc). A byte that does not start a valid sequence is
    // skipped alone: no character, no word boundary. Printable characters are spaces (iswspace, or wc's no-break
    // spaces unless POSIXLY_CORRECT) or word characters; anything not printable is skipped like an invalid byte but
    // counts as a character.
    private static int ScanUtf8(ByteData data, int i, int end, bool final, bool posix, ref ScanState state)
    {
        long lines = state.Lines;
        long words = state.Words;
        long chars = state.Chars;
        bool inWord = state.InWord;
        int noBreakClass = posix ? Word : Space;
        while (i < end)
        {
            int stop = end;
#if STREAMLINE_NET8
            if (end - i >= BlockSize)
            {
                int clean = ScanRun(data, i, end, utf8: true, ref lines, ref words, ref chars, ref inWord);
                i += clean;
                stop = NextVectorTry(i, end, clean);
            }
#endif
            while (i < stop)
            {
                uint b = data[i];
                int kind;
                if (b < 0x80)
                {
                    i++;
                    if (b - 0x21 < 0x5E)
                    {
                        kind = Word;
                    }
                    else if (b == ' ' || b - '\t' < 5)
                    {
                        kind = Space;
                        if (b == '\n')
                            lines++;
                    }
                    else
                    {
                        kind = Ignored;
                    }
                }
                else
                {
                    int length;
                    uint codePoint;
                    uint minimum;
                    if (b < 0xC2)
                    {
                        i++;
                        continue;
                    }
                    else if (b < 0xE0)
                    {
                        length = 2;
                        codePoint = b & 0x1F;
                        minimum = 0x80;
                    }
                    else if (b < 0xF0)
                    {
                        length = 3;
                        codePoint = b & 0x0F;
                        minimum = 0x800;
                    }
                    else if (b < 0xF8)
                    {
                        length = 4;
                        codePoint = b & 0x07;
                        minimum = 0x10000;
                    }
                    else if (b < 0xFC)
                    {
                        length = 5;
                        codePoint = b & 0x03;
                        minimum = 0x200000;
                    }
                    else if (b < 0xFE)
                    {
                        length = 6;
                        codePoint = b & 0x01;
                        minimum = 0x4000000;
                    }
                    else
                    {
                        i++;
                        continue;
                    }

                    int j = 1;
                    while (j < length && i + j < end)
                    {
                        uint next = data[i + j];
                        if ((next & 0xC0) != 0x80)
                            break;
                        codePoint = (codePoint << 6) | (next & 0x3F);
                        j++;
                    }

                    if (j < length)
                    {
                        if (i + j >= end && !final)
                            goto Unfinished;
                        i++;
                        continue;
                    }

                    // glibc rejects overlong forms and surrogates but accepts five- and six-byte forms up to U+7FFFFFFF.
                    if (codePoint < minimum || codePoint - 0xD800 < 0x800)
                    {
                        i++;
                        continue;
                    }

                    i += length;
                    kind = codePoint < 0x110000 ? ClassOf(codePoint) : Ignored;
                    if (kind == NoBreakSpace)
                        kind = noBreakClass;
                }

                chars++;
                if (kind == Word)
                {
                    if (!inWord)
                    {
                        words++;
                        inWord = true;
                    }
                }
                else if (kind == Space)
                {
                    inWord = false;
                }
            }
        }

    Unfinished:
        state.Lines = lines;
        state.Words = words;
        state.Chars = chars;
        state.InWord = inWord;
        return i;
    }

#if STREAMLINE_NET8
    // After a vector run stops at another byte, one character is scanned alone before the next try; after a try that
    // found nothing clean (text that is mostly not ASCII), a whole block is.
    private static int NextVectorTry(int i, int end, int clean) => Math.Min(end, clean > 0 ? i + 1 : i + BlockSize);
#endif

    private static int ClassOf(uint codePoint)
    {
        int data = s_classData[(s_classBlocks[codePoint >> 8] << 6) | (int)((codePoint & 0xFF) >> 2)];
        return (data >> (int)((codePoint & 3) << 1)) & 3;
    }

    private enum ScanMode
    {
        BytesOnly,
        LinesOnly,
        SingleByte,
        Utf8,
    }

    private struct ScanState
    {
        public long Lines;
        public long Words;
        public long Chars;
        public bool InWord;
    }
}
