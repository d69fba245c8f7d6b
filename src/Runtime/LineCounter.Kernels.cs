using System;
#if NET8_0_OR_GREATER
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
        long count = 0;
        int i = offset;
        int end = offset + length;
#if NET8_0_OR_GREATER
        ref byte start = ref MemoryMarshal.GetArrayDataReference(buffer);
        if (Vector256.IsHardwareAccelerated && length >= Vector256<byte>.Count)
        {
            count += CountVector256(ref start, ref i, end);
        }

        if (Vector128.IsHardwareAccelerated && end - i >= Vector128<byte>.Count)
        {
            count += CountVector128(ref start, ref i, end);
        }
#endif
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
#if NETSTANDARD2_0
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
#if NETSTANDARD2_0
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

#if NET8_0_OR_GREATER
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
                Vector256<byte> current = Vector256.LoadUnsafe(ref start, (nuint)i);
                Vector256<byte> next = Vector256.LoadUnsafe(ref start, (nuint)(i + 1));
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
                Vector128<byte> current = Vector128.LoadUnsafe(ref start, (nuint)i);
                Vector128<byte> next = Vector128.LoadUnsafe(ref start, (nuint)(i + 1));
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
