using System;
#if STREAMLINE_NET8
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
#endif

namespace Streamline.Runtime;

/// <summary>
/// The scanning kernels that TextCounter and LineCounter share. On .NET 8 and later text is taken in blocks of 64
/// bytes (64 bytes of an ASCII-compatible encoding, or 32 chars), loaded as one Vector512, two Vector256 or four
/// Vector128, whichever the machine accelerates, and counted with popcounts of bit masks (or, for line breaks in bytes
/// below AVX-512, by adding the compare results into byte lanes). Every width is checked by running the exactness
/// suites with AVX-512, AVX2 and all hardware intrinsics switched off (eng/test-isa.sh). Without hardware vectors, and
/// in the netstandard builds, line breaks in bytes are counted eight bytes at a time in a <see cref="ulong"/>.
/// </summary>
internal static class TextKernels
{
    /// <summary>The bytes taken at a time by the vector kernels.</summary>
    internal const int BlockSize = 64;

    private const byte LineFeed = (byte)'\n';
    private const byte CarriageReturn = (byte)'\r';

    /// <summary>
    /// Counts the positions <c>i</c> in <c>[offset, offset + length)</c> that end a line as
    /// <c>StreamReader.ReadLine</c> ends them: every <c>\n</c>, and every <c>\r</c> not followed by <c>\n</c> (so
    /// <c>\r\n</c> counts once). Reads one byte past the range, at <c>offset + length</c>, which the caller guarantees
    /// is data.
    /// </summary>
    public static long CountLineBreaks(byte[] buffer, int offset, int length)
    {
        int i = offset;
        int end = offset + length;
        long count = 0;
#if STREAMLINE_NET8
        if (Vector128.IsHardwareAccelerated && length >= BlockSize)
        {
            count += CountLineBreakBlocks(ref MemoryMarshal.GetArrayDataReference(buffer), ref i, end);
        }
#endif
        if (BitConverter.IsLittleEndian)
        {
            count += CountLineBreakWords(buffer, ref i, end);
        }

        return count + CountLineBreakTail(buffer, i, end);
    }

    /// <summary>
    /// <see cref="CountLineBreaks(byte[], int, int)"/> without hardware vectors: what the netstandard builds run on .NET
    /// Framework, Mono and Unity; internal so the tests run it on every target.
    /// </summary>
    internal static long CountLineBreaksPortable(byte[] buffer, int offset, int length)
    {
        int i = offset;
        int end = offset + length;
        long count = BitConverter.IsLittleEndian ? CountLineBreakWords(buffer, ref i, end) : 0;
        return count + CountLineBreakTail(buffer, i, end);
    }

    /// <summary>
    /// Counts the line breaks in <c>[offset, offset + length)</c> of decoded text, as
    /// <see cref="CountLineBreaks(byte[], int, int)"/> counts them in bytes. Reads one char past the range, at
    /// <c>offset + length</c>, which the caller guarantees is text.
    /// </summary>
    public static long CountLineBreaks(char[] chars, int offset, int length)
    {
        int i = offset;
        int end = offset + length;
        long count = 0;
#if STREAMLINE_NET8
        if (Vector128.IsHardwareAccelerated && length >= CharBlockSize)
        {
            count += CountLineBreakBlocks(ref MemoryMarshal.GetArrayDataReference(chars), ref i, end);
        }
#elif STREAMLINE_SPANS
        // IndexOfAny is vectorised on .NET Core 3 to 7, which take the netstandard2.1 build.
        int found;
        while (i < end && (found = chars.AsSpan(i, end - i).IndexOfAny('\r', '\n')) >= 0)
        {
            i += found;
            if (chars[i] == '\n' || chars[i + 1] != '\n')
            {
                count++;
            }

            i++;
        }
#endif
        for (; i < end; i++)
        {
            char value = chars[i];
            if (value <= '\r' && (value == '\n' || (value == '\r' && chars[i + 1] != '\n')))
            {
                count++;
            }
        }

        return count;
    }

    /// <summary>The index of the last <c>\r</c> or <c>\n</c> in <c>[offset, offset + count)</c>, or -1.</summary>
    public static int LastIndexOfLineBreak(byte[] buffer, int offset, int count)
    {
#if !STREAMLINE_SPANS
        for (int i = offset + count - 1; i >= offset; i--)
        {
            byte value = buffer[i];
            if (value == LineFeed || value == CarriageReturn)
            {
                return i;
            }
        }

        return -1;
#else
        int found = buffer.AsSpan(offset, count).LastIndexOfAny(CarriageReturn, LineFeed);
        return found < 0 ? -1 : offset + found;
#endif
    }

    private const ulong EachByte = 0x0101010101010101UL;
    private const ulong LowSevenBits = 0x7F7F7F7F7F7F7F7FUL;

    /// <summary>Counts line breaks in whole eight-byte words from <paramref name="index"/>, leaving the rest.</summary>
    private static long CountLineBreakWords(byte[] buffer, ref int index, int end)
    {
        const ulong LineFeeds = EachByte * LineFeed;
        const ulong CarriageReturns = EachByte * CarriageReturn;
        long total = 0;
        int i = index;

        // A word at i covers i .. i + 7; its last lane may look at i + 8, which is at most end (readable, see above).
        for (; i <= end - sizeof(ulong); i += sizeof(ulong))
        {
            ulong word = BitConverter.ToUInt64(buffer, i);
            ulong lineFeeds = ZeroLanes(word ^ LineFeeds);
            ulong carriageReturns = ZeroLanes(word ^ CarriageReturns);
            if ((lineFeeds | carriageReturns) == 0)
            {
                continue;
            }

            // A \r directly followed by \n ends one line, not two: the pairs inside the word, and across its end.
            ulong pairs = carriageReturns & (lineFeeds >> 8);
            if ((carriageReturns >> 63) != 0 && buffer[i + sizeof(ulong)] == LineFeed)
            {
                pairs |= 1UL << 63;
            }

            total += CountMarkedLanes(lineFeeds) + CountMarkedLanes(carriageReturns) - CountMarkedLanes(pairs);
        }

        index = i;
        return total;
    }

    /// <summary>0x80 in every byte lane of <paramref name="value"/> that is zero, 0x00 elsewhere; exact, no carries.</summary>
    private static ulong ZeroLanes(ulong value) => ~(((value & LowSevenBits) + LowSevenBits) | value | LowSevenBits);

    /// <summary>How many lanes of a <see cref="ZeroLanes"/> mask are marked: the lane bits summed into the top byte.</summary>
    private static long CountMarkedLanes(ulong mask) => (long)(((mask >> 7) * EachByte) >> 56);

    private static long CountLineBreakTail(byte[] buffer, int i, int end)
    {
        long count = 0;
        for (; i < end; i++)
        {
            byte value = buffer[i];
            if (value == LineFeed || (value == CarriageReturn && buffer[i + 1] != LineFeed))
            {
                count++;
            }
        }

        return count;
    }

#if STREAMLINE_NET8
    /// <summary>The chars taken at a time by the vector kernels: one block of 64 bytes.</summary>
    internal const int CharBlockSize = BlockSize / sizeof(char);

    // A block at i covers i .. i + 63 and looks at i + 64 (at most end: readable).
    private static long CountLineBreakBlocks(ref byte origin, ref int index, int end)
    {
        long count = 0;
        int i = index;
        if (Vector512.IsHardwareAccelerated)
        {
            for (; end - i >= BlockSize; i += BlockSize)
            {
                count += BitOperations.PopCount(LineBreakMask(ref Unsafe.Add(ref origin, i), LineFeed, CarriageReturn));
            }
        }
        else if (Vector256.IsHardwareAccelerated)
        {
            // Below AVX-512 a compare gives a vector rather than a mask, and moving it to a mask costs more than adding
            // it up: all-ones lanes are -1, so subtracting each block's two compare results adds 0 to 2 to each of 32
            // byte lanes, which are emptied every 127 blocks (254 < 256).
            Vector256<byte> lineFeeds = Vector256.Create(LineFeed);
            Vector256<byte> carriageReturns = Vector256.Create(CarriageReturn);
            Vector256<byte> lanes = Vector256<byte>.Zero;
            int blocks = 0;
            for (; end - i >= BlockSize; i += BlockSize)
            {
                ref byte block = ref Unsafe.Add(ref origin, i);
                lanes -= LineBreaks(Vector256.LoadUnsafe(ref block), Vector256.LoadUnsafe(ref block, 1), lineFeeds, carriageReturns);
                lanes -= LineBreaks(Vector256.LoadUnsafe(ref block, 32), Vector256.LoadUnsafe(ref block, 33), lineFeeds, carriageReturns);
                if (++blocks == 127)
                {
                    count += SumLanes(lanes.GetLower()) + SumLanes(lanes.GetUpper());
                    lanes = Vector256<byte>.Zero;
                    blocks = 0;
                }
            }

            count += SumLanes(lanes.GetLower()) + SumLanes(lanes.GetUpper());
        }
        else
        {
            // The same with four Vector128 a block: 0 to 4 a lane, emptied every 63 blocks (252 < 256).
            Vector128<byte> lineFeeds = Vector128.Create(LineFeed);
            Vector128<byte> carriageReturns = Vector128.Create(CarriageReturn);
            Vector128<byte> lanes = Vector128<byte>.Zero;
            int blocks = 0;
            for (; end - i >= BlockSize; i += BlockSize)
            {
                ref byte block = ref Unsafe.Add(ref origin, i);
                lanes -= LineBreaks(Vector128.LoadUnsafe(ref block), Vector128.LoadUnsafe(ref block, 1), lineFeeds, carriageReturns);
                lanes -= LineBreaks(Vector128.LoadUnsafe(ref block, 16), Vector128.LoadUnsafe(ref block, 17), lineFeeds, carriageReturns);
                lanes -= LineBreaks(Vector128.LoadUnsafe(ref block, 32), Vector128.LoadUnsafe(ref block, 33), lineFeeds, carriageReturns);
                lanes -= LineBreaks(Vector128.LoadUnsafe(ref block, 48), Vector128.LoadUnsafe(ref block, 49), lineFeeds, carriageReturns);
                if (++blocks == 63)
                {
                    count += SumLanes(lanes);
                    lanes = Vector128<byte>.Zero;
                    blocks = 0;
                }
            }

            count += SumLanes(lanes);
        }

        index = i;
        return count;
    }

    /// <summary>
    /// Counts the <c>\n</c> bytes in the whole 64-byte blocks from <paramref name="index"/> to <paramref name="end"/>
    /// and moves <paramref name="index"/> past them. A compare's all-ones lanes are -1, so subtracting them adds one
    /// per <c>\n</c> to byte lanes, which are summed before they can wrap: every 255 blocks. Each vector of a block has
    /// its own accumulator (one Vector512, two Vector256 or four Vector128), so no subtraction waits for another in the
    /// same block. This beats <c>MemoryExtensions.Count</c>, which moves every
    /// compare to a mask and counts its bits (measured in docs/counting.md).
    /// </summary>
    internal static long CountLineFeedBlocks(ref byte origin, ref int index, int end)
    {
        long count = 0;
        int i = index;
        if (Vector512.IsHardwareAccelerated)
        {
            Vector512<byte> lineFeeds = Vector512.Create(LineFeed);
            while (end - i >= BlockSize)
            {
                Vector512<byte> lanes = Vector512<byte>.Zero;
                for (int blocks = 0; blocks < 255 && end - i >= BlockSize; blocks++, i += BlockSize)
                {
                    lanes -= Vector512.Equals(Vector512.LoadUnsafe(ref Unsafe.Add(ref origin, i)), lineFeeds); // no nuint: the generated source compiles at C# 7.3
                }

                count += SumLanes(lanes.GetLower().GetLower()) + SumLanes(lanes.GetLower().GetUpper())
                    + SumLanes(lanes.GetUpper().GetLower()) + SumLanes(lanes.GetUpper().GetUpper());
            }
        }
        else if (Vector256.IsHardwareAccelerated)
        {
            Vector256<byte> lineFeeds = Vector256.Create(LineFeed);
            while (end - i >= BlockSize)
            {
                // One accumulator per vector of the block: no chain of dependent subtractions within a block.
                Vector256<byte> lanes0 = Vector256<byte>.Zero;
                Vector256<byte> lanes1 = Vector256<byte>.Zero;
                for (int blocks = 0; blocks < 255 && end - i >= BlockSize; blocks++, i += BlockSize)
                {
                    ref byte block = ref Unsafe.Add(ref origin, i);
                    lanes0 -= Vector256.Equals(Vector256.LoadUnsafe(ref block), lineFeeds);
                    lanes1 -= Vector256.Equals(Vector256.LoadUnsafe(ref block, 32), lineFeeds);
                }

                count += SumLanes(lanes0.GetLower()) + SumLanes(lanes0.GetUpper()) + SumLanes(lanes1.GetLower()) + SumLanes(lanes1.GetUpper());
            }
        }
        else
        {
            Vector128<byte> lineFeeds = Vector128.Create(LineFeed);
            while (end - i >= BlockSize)
            {
                // One accumulator per vector of the block: no chain of dependent subtractions within a block.
                Vector128<byte> lanes0 = Vector128<byte>.Zero;
                Vector128<byte> lanes1 = Vector128<byte>.Zero;
                Vector128<byte> lanes2 = Vector128<byte>.Zero;
                Vector128<byte> lanes3 = Vector128<byte>.Zero;
                for (int blocks = 0; blocks < 255 && end - i >= BlockSize; blocks++, i += BlockSize)
                {
                    ref byte block = ref Unsafe.Add(ref origin, i);
                    lanes0 -= Vector128.Equals(Vector128.LoadUnsafe(ref block), lineFeeds);
                    lanes1 -= Vector128.Equals(Vector128.LoadUnsafe(ref block, 16), lineFeeds);
                    lanes2 -= Vector128.Equals(Vector128.LoadUnsafe(ref block, 32), lineFeeds);
                    lanes3 -= Vector128.Equals(Vector128.LoadUnsafe(ref block, 48), lineFeeds);
                }

                count += SumLanes(lanes0) + SumLanes(lanes1) + SumLanes(lanes2) + SumLanes(lanes3);
            }
        }

        index = i;
        return count;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int SumLanes(Vector128<byte> lanes)
    {
        (Vector128<ushort> lower, Vector128<ushort> upper) = Vector128.Widen(lanes);
        return Vector128.Sum(lower + upper);
    }

    // The same over chars: 32 to a block (64 bytes), 32 bits to a mask.
    private static long CountLineBreakBlocks(ref char origin, ref int index, int end)
    {
        long count = 0;
        int i = index;
        for (; end - i >= CharBlockSize; i += CharBlockSize)
        {
            count += BitOperations.PopCount(LineBreakMask(ref Unsafe.As<char, ushort>(ref Unsafe.Add(ref origin, i)), (ushort)'\n', (ushort)'\r'));
        }

        index = i;
        return count;
    }

    /// <summary>
    /// For the 64-byte block at <paramref name="block"/> (64 bytes or 32 UTF-16 units), bit <c>k</c> is set where
    /// element <c>k</c> ends a line: it is <paramref name="lineFeed"/>, or it is <paramref name="carriageReturn"/> and
    /// the next element is not <paramref name="lineFeed"/>. The element after the block must be readable: the block is
    /// loaded a second time one element on, so that "followed by \n" is a lane-by-lane compare.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static ulong LineBreakMask<T>(ref T block, T lineFeed, T carriageReturn)
    {
        if (Vector512.IsHardwareAccelerated)
        {
            return LineBreaks(Vector512.LoadUnsafe(ref block), Vector512.LoadUnsafe(ref block, 1), Vector512.Create(lineFeed), Vector512.Create(carriageReturn))
                .ExtractMostSignificantBits();
        }

        if (Vector256.IsHardwareAccelerated)
        {
            int n = Vector256<T>.Count;
            Vector256<T> lineFeeds = Vector256.Create(lineFeed);
            Vector256<T> carriageReturns = Vector256.Create(carriageReturn);
            ulong low = LineBreaks(Vector256.LoadUnsafe(ref block), Vector256.LoadUnsafe(ref block, 1), lineFeeds, carriageReturns).ExtractMostSignificantBits();
            ulong high = LineBreaks(Vector256.LoadUnsafe(ref block, (uint)n), Vector256.LoadUnsafe(ref block, (uint)n + 1), lineFeeds, carriageReturns).ExtractMostSignificantBits();
            return low | (high << n);
        }

        {
            int n = Vector128<T>.Count;
            Vector128<T> lineFeeds = Vector128.Create(lineFeed);
            Vector128<T> carriageReturns = Vector128.Create(carriageReturn);
            ulong part0 = LineBreaks(Vector128.LoadUnsafe(ref block), Vector128.LoadUnsafe(ref block, 1), lineFeeds, carriageReturns).ExtractMostSignificantBits();
            ulong part1 = LineBreaks(Vector128.LoadUnsafe(ref block, (uint)n), Vector128.LoadUnsafe(ref block, (uint)n + 1), lineFeeds, carriageReturns).ExtractMostSignificantBits();
            ulong part2 = LineBreaks(Vector128.LoadUnsafe(ref block, (uint)(2 * n)), Vector128.LoadUnsafe(ref block, (uint)(2 * n) + 1), lineFeeds, carriageReturns).ExtractMostSignificantBits();
            ulong part3 = LineBreaks(Vector128.LoadUnsafe(ref block, (uint)(3 * n)), Vector128.LoadUnsafe(ref block, (uint)(3 * n) + 1), lineFeeds, carriageReturns).ExtractMostSignificantBits();
            return part0 | (part1 << n) | (part2 << (2 * n)) | (part3 << (3 * n));
        }
    }

    // All ones in each lane of `current` that is \n, or that is \r where `next` (the data one element on) is not \n.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<T> LineBreaks<T>(Vector512<T> current, Vector512<T> next, Vector512<T> lineFeed, Vector512<T> carriageReturn) =>
        Vector512.Equals(current, lineFeed) | Vector512.AndNot(Vector512.Equals(current, carriageReturn), Vector512.Equals(next, lineFeed));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<T> LineBreaks<T>(Vector256<T> current, Vector256<T> next, Vector256<T> lineFeed, Vector256<T> carriageReturn) =>
        Vector256.Equals(current, lineFeed) | Vector256.AndNot(Vector256.Equals(current, carriageReturn), Vector256.Equals(next, lineFeed));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<T> LineBreaks<T>(Vector128<T> current, Vector128<T> next, Vector128<T> lineFeed, Vector128<T> carriageReturn) =>
        Vector128.Equals(current, lineFeed) | Vector128.AndNot(Vector128.Equals(current, carriageReturn), Vector128.Equals(next, lineFeed));

    /// <summary>
    /// Classifies a 64-byte block for TextCounter: word bytes (printable ASCII, 0x21..0x7E), ASCII spaces
    /// (0x20, 0x09..0x0D) and <c>\n</c>, one bit per byte.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Classify(ref byte block, out ulong word, out ulong space, out ulong newline)
    {
        if (Vector512.IsHardwareAccelerated)
        {
            Vector512<byte> v = Vector512.LoadUnsafe(ref block);
            Vector512<byte> fromBang = v - Vector512.Create((byte)0x21);
            Vector512<byte> fromTab = v - Vector512.Create((byte)'\t');
            word = Vector512.LessThan(fromBang, Vector512.Create((byte)0x5E)).ExtractMostSignificantBits();
            space = (Vector512.Equals(v, Vector512.Create((byte)' ')) | Vector512.LessThan(fromTab, Vector512.Create((byte)5))).ExtractMostSignificantBits();
            newline = Vector512.Equals(v, Vector512.Create((byte)'\n')).ExtractMostSignificantBits();
        }
        else if (Vector256.IsHardwareAccelerated)
        {
            Classify256(Vector256.LoadUnsafe(ref block), out uint word0, out uint space0, out uint newline0);
            Classify256(Vector256.LoadUnsafe(ref block, 32), out uint word1, out uint space1, out uint newline1);
            word = word0 | ((ulong)word1 << 32);
            space = space0 | ((ulong)space1 << 32);
            newline = newline0 | ((ulong)newline1 << 32);
        }
        else
        {
            Classify128(Vector128.LoadUnsafe(ref block), out uint word0, out uint space0, out uint newline0);
            Classify128(Vector128.LoadUnsafe(ref block, 16), out uint word1, out uint space1, out uint newline1);
            Classify128(Vector128.LoadUnsafe(ref block, 32), out uint word2, out uint space2, out uint newline2);
            Classify128(Vector128.LoadUnsafe(ref block, 48), out uint word3, out uint space3, out uint newline3);
            word = word0 | ((ulong)word1 << 16) | ((ulong)word2 << 32) | ((ulong)word3 << 48);
            space = space0 | ((ulong)space1 << 16) | ((ulong)space2 << 32) | ((ulong)space3 << 48);
            newline = newline0 | ((ulong)newline1 << 16) | ((ulong)newline2 << 32) | ((ulong)newline3 << 48);
        }
    }

    /// <summary>
    /// Marks, for TextCounter's UTF-8 scan, the bytes of a 64-byte block that may belong to the two multi-byte
    /// sequences most common in text: <c>E2</c>, <c>80</c> and <c>90..A7</c> (the bytes of U+2010..U+2027, dashes and
    /// quotation marks), <c>C3</c> and the continuation bytes <c>80..BF</c> (with <c>C3</c>, U+00C0..U+00FF), one bit
    /// per byte. The caller puts the sequences together.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void ClassifyUtf8(ref byte block, out ulong e2, out ulong x80, out ulong punctuation, out ulong c3, out ulong continuation)
    {
        if (Vector512.IsHardwareAccelerated)
        {
            Vector512<byte> v = Vector512.LoadUnsafe(ref block);
            e2 = Vector512.Equals(v, Vector512.Create((byte)0xE2)).ExtractMostSignificantBits();
            x80 = Vector512.Equals(v, Vector512.Create((byte)0x80)).ExtractMostSignificantBits();
            punctuation = Vector512.LessThan(v - Vector512.Create((byte)0x90), Vector512.Create((byte)0x18)).ExtractMostSignificantBits();
            c3 = Vector512.Equals(v, Vector512.Create((byte)0xC3)).ExtractMostSignificantBits();
            continuation = Vector512.LessThan(v - Vector512.Create((byte)0x80), Vector512.Create((byte)0x40)).ExtractMostSignificantBits();
        }
        else if (Vector256.IsHardwareAccelerated)
        {
            ClassifyUtf8256(Vector256.LoadUnsafe(ref block), out uint e20, out uint x800, out uint punctuation0, out uint c30, out uint continuation0);
            ClassifyUtf8256(Vector256.LoadUnsafe(ref block, 32), out uint e21, out uint x801, out uint punctuation1, out uint c31, out uint continuation1);
            e2 = e20 | ((ulong)e21 << 32);
            x80 = x800 | ((ulong)x801 << 32);
            punctuation = punctuation0 | ((ulong)punctuation1 << 32);
            c3 = c30 | ((ulong)c31 << 32);
            continuation = continuation0 | ((ulong)continuation1 << 32);
        }
        else
        {
            ClassifyUtf8128(Vector128.LoadUnsafe(ref block), out uint e20, out uint x800, out uint punctuation0, out uint c30, out uint continuation0);
            ClassifyUtf8128(Vector128.LoadUnsafe(ref block, 16), out uint e21, out uint x801, out uint punctuation1, out uint c31, out uint continuation1);
            ClassifyUtf8128(Vector128.LoadUnsafe(ref block, 32), out uint e22, out uint x802, out uint punctuation2, out uint c32, out uint continuation2);
            ClassifyUtf8128(Vector128.LoadUnsafe(ref block, 48), out uint e23, out uint x803, out uint punctuation3, out uint c33, out uint continuation3);
            e2 = e20 | ((ulong)e21 << 16) | ((ulong)e22 << 32) | ((ulong)e23 << 48);
            x80 = x800 | ((ulong)x801 << 16) | ((ulong)x802 << 32) | ((ulong)x803 << 48);
            punctuation = punctuation0 | ((ulong)punctuation1 << 16) | ((ulong)punctuation2 << 32) | ((ulong)punctuation3 << 48);
            c3 = c30 | ((ulong)c31 << 16) | ((ulong)c32 << 32) | ((ulong)c33 << 48);
            continuation = continuation0 | ((ulong)continuation1 << 16) | ((ulong)continuation2 << 32) | ((ulong)continuation3 << 48);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ClassifyUtf8256(Vector256<byte> v, out uint e2, out uint x80, out uint punctuation, out uint c3, out uint continuation)
    {
        Vector256<byte> fromPunctuation = v - Vector256.Create((byte)0x90);
        Vector256<byte> fromContinuation = v - Vector256.Create((byte)0x80);
        e2 = Vector256.Equals(v, Vector256.Create((byte)0xE2)).ExtractMostSignificantBits();
        x80 = Vector256.Equals(v, Vector256.Create((byte)0x80)).ExtractMostSignificantBits();
        punctuation = Vector256.Equals(Vector256.Min(fromPunctuation, Vector256.Create((byte)0x17)), fromPunctuation).ExtractMostSignificantBits();
        c3 = Vector256.Equals(v, Vector256.Create((byte)0xC3)).ExtractMostSignificantBits();
        continuation = Vector256.Equals(Vector256.Min(fromContinuation, Vector256.Create((byte)0x3F)), fromContinuation).ExtractMostSignificantBits();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ClassifyUtf8128(Vector128<byte> v, out uint e2, out uint x80, out uint punctuation, out uint c3, out uint continuation)
    {
        Vector128<byte> fromPunctuation = v - Vector128.Create((byte)0x90);
        Vector128<byte> fromContinuation = v - Vector128.Create((byte)0x80);
        e2 = Vector128.Equals(v, Vector128.Create((byte)0xE2)).ExtractMostSignificantBits();
        x80 = Vector128.Equals(v, Vector128.Create((byte)0x80)).ExtractMostSignificantBits();
        punctuation = Vector128.Equals(Vector128.Min(fromPunctuation, Vector128.Create((byte)0x17)), fromPunctuation).ExtractMostSignificantBits();
        c3 = Vector128.Equals(v, Vector128.Create((byte)0xC3)).ExtractMostSignificantBits();
        continuation = Vector128.Equals(Vector128.Min(fromContinuation, Vector128.Create((byte)0x3F)), fromContinuation).ExtractMostSignificantBits();
    }

    // x - floor < span as unsigned bytes, written min(x - floor, span - 1) == x - floor: vpminub is native on every x64
    // and Arm64, while an unsigned byte compare is emulated below AVX-512.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Classify256(Vector256<byte> v, out uint word, out uint space, out uint newline)
    {
        Vector256<byte> fromBang = v - Vector256.Create((byte)0x21);
        Vector256<byte> fromTab = v - Vector256.Create((byte)'\t');
        word = Vector256.Equals(Vector256.Min(fromBang, Vector256.Create((byte)0x5D)), fromBang).ExtractMostSignificantBits();
        space = (Vector256.Equals(v, Vector256.Create((byte)' '))
            | Vector256.Equals(Vector256.Min(fromTab, Vector256.Create((byte)4)), fromTab)).ExtractMostSignificantBits();
        newline = Vector256.Equals(v, Vector256.Create((byte)'\n')).ExtractMostSignificantBits();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Classify128(Vector128<byte> v, out uint word, out uint space, out uint newline)
    {
        Vector128<byte> fromBang = v - Vector128.Create((byte)0x21);
        Vector128<byte> fromTab = v - Vector128.Create((byte)'\t');
        word = Vector128.Equals(Vector128.Min(fromBang, Vector128.Create((byte)0x5D)), fromBang).ExtractMostSignificantBits();
        space = (Vector128.Equals(v, Vector128.Create((byte)' '))
            | Vector128.Equals(Vector128.Min(fromTab, Vector128.Create((byte)4)), fromTab)).ExtractMostSignificantBits();
        newline = Vector128.Equals(v, Vector128.Create((byte)'\n')).ExtractMostSignificantBits();
    }
#endif
}
