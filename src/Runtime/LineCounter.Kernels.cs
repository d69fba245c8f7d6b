using System;
#if STREAMLINE_NET8
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
#endif

namespace Streamline.Runtime;

/// <summary>The inner loops of <see cref="LineCounterState"/>: finding and counting line breaks.</summary>
internal static class LineCounterKernels
{
    private const byte LineFeed = (byte)'\n';
    private const byte CarriageReturn = (byte)'\r';

    /// <summary>
    /// Counts the positions <c>i</c> in <c>[offset, offset + length)</c> that end a line: every <c>\n</c>, and every
    /// <c>\r</c> not followed by <c>\n</c> (so <c>\r\n</c> counts once). Reads one byte past the range, at
    /// <c>offset + length</c>, which the caller guarantees is data.
    /// </summary>
    public static long CountLineBreaks(byte[] buffer, int offset, int length)
    {
#if STREAMLINE_NET8
        long count = 0;
        int i = offset;
        int end = offset + length;
        ref byte start = ref MemoryMarshal.GetArrayDataReference(buffer);
        if (Vector256.IsHardwareAccelerated && length >= Vector256<byte>.Count)
        {
            count += CountVector256(ref start, ref i, end);
        }

        if (Vector128.IsHardwareAccelerated && end - i >= Vector128<byte>.Count)
        {
            count += CountVector128(ref start, ref i, end);
        }

        return count + CountTail(buffer, i, end);
#else
        return CountLineBreaksPortable(buffer, offset, length);
#endif
    }

    /// <summary>
    /// <see cref="CountLineBreaks"/> without hardware vectors: eight bytes at a time in a <see cref="ulong"/>. This is
    /// what the netstandard builds run on .NET Framework, Mono and Unity; internal so the tests run it on every target.
    /// </summary>
    internal static long CountLineBreaksPortable(byte[] buffer, int offset, int length)
    {
        int i = offset;
        int end = offset + length;
        long count = BitConverter.IsLittleEndian ? CountWords(buffer, ref i, end) : 0;
        return count + CountTail(buffer, i, end);
    }

    private const ulong EachByte = 0x0101010101010101UL;
    private const ulong LowSevenBits = 0x7F7F7F7F7F7F7F7FUL;

    /// <summary>Counts line breaks in whole eight-byte words from <paramref name="index"/>, leaving the rest.</summary>
    private static long CountWords(byte[] buffer, ref int index, int end)
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

    private static long CountTail(byte[] buffer, int i, int end)
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

    /// <summary>The index of the first <c>\r</c> or <c>\n</c> in <c>[offset, offset + count)</c>, or -1.</summary>
    public static int IndexOfLineBreak(char[] chars, int offset, int count)
    {
#if !STREAMLINE_SPANS
        int end = offset + count;
        for (int i = offset; i < end; i++)
        {
            char value = chars[i];
            if (value == '\n' || value == '\r')
            {
                return i;
            }
        }

        return -1;
#else
        int found = chars.AsSpan(offset, count).IndexOfAny('\r', '\n');
        return found < 0 ? -1 : offset + found;
#endif
    }

#if STREAMLINE_NET8
    // Each lane of the accumulator gains at most 1 per step (a byte is \n, or \r, or neither), so it can take 255 steps
    // before it must be emptied into the total.
    private const int StepsPerFlush = byte.MaxValue;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long CountVector256(ref byte start, ref int index, int end)
    {
        Vector256<byte> lineFeed = Vector256.Create(LineFeed);
        Vector256<byte> carriageReturn = Vector256.Create(CarriageReturn);
        long total = 0;
        int i = index;

        // The step at i also loads i + 1 .. i + 32, so it needs i + 32 < end + 1.
        int lastStart = end - Vector256<byte>.Count;
        while (i <= lastStart)
        {
            Vector256<byte> accumulator = Vector256<byte>.Zero;
            int stepsEnd = Math.Min(lastStart, i + ((StepsPerFlush - 1) * Vector256<byte>.Count));
            for (; i <= stepsEnd; i += Vector256<byte>.Count)
            {
                Vector256<byte> current = Vector256.LoadUnsafe(ref start, (UIntPtr)(uint)i);
                Vector256<byte> next = Vector256.LoadUnsafe(ref start, (UIntPtr)(uint)(i + 1));
                Vector256<byte> breaks = Vector256.Equals(current, lineFeed)
                    | Vector256.AndNot(Vector256.Equals(current, carriageReturn), Vector256.Equals(next, lineFeed));

                // A matching lane is all ones, that is -1.
                accumulator -= breaks;
            }

            total += SumBytes(accumulator);
        }

        index = i;
        return total;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long CountVector128(ref byte start, ref int index, int end)
    {
        Vector128<byte> lineFeed = Vector128.Create(LineFeed);
        Vector128<byte> carriageReturn = Vector128.Create(CarriageReturn);
        long total = 0;
        int i = index;
        int lastStart = end - Vector128<byte>.Count;
        while (i <= lastStart)
        {
            Vector128<byte> accumulator = Vector128<byte>.Zero;
            int stepsEnd = Math.Min(lastStart, i + ((StepsPerFlush - 1) * Vector128<byte>.Count));
            for (; i <= stepsEnd; i += Vector128<byte>.Count)
            {
                Vector128<byte> current = Vector128.LoadUnsafe(ref start, (UIntPtr)(uint)i);
                Vector128<byte> next = Vector128.LoadUnsafe(ref start, (UIntPtr)(uint)(i + 1));
                Vector128<byte> breaks = Vector128.Equals(current, lineFeed)
                    | Vector128.AndNot(Vector128.Equals(current, carriageReturn), Vector128.Equals(next, lineFeed));
                accumulator -= breaks;
            }

            (Vector128<ushort> lower, Vector128<ushort> upper) = Vector128.Widen(accumulator);
            total += Vector128.Sum(lower + upper);
        }

        index = i;
        return total;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int SumBytes(Vector256<byte> accumulator)
    {
        (Vector256<ushort> lower, Vector256<ushort> upper) = Vector256.Widen(accumulator);
        return Vector256.Sum(lower + upper);
    }
#endif
}
