using System;
#if STREAMLINE_NET8
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
#endif

namespace Streamline.Runtime;

/// <summary>
/// The scanning kernels that TextCounter and LineCounter share. On .NET 8 text is taken in blocks
/// of 64 bytes (64 bytes of an ASCII-compatible encoding, or 32 chars), each turned into bit masks by one Vector512,
/// two Vector256 or four Vector128, whichever the machine accelerates, and counted with popcounts. Every width is
/// checked by running the exactness suites with <c>DOTNET_EnableAVX512F=0</c>, <c>DOTNET_EnableAVX2=0</c> and
/// <c>DOTNET_EnableHWIntrinsic=0</c> (eng/test-isa.sh). Without hardware vectors, and in the netstandard builds, bytes
/// are counted eight at a time in a <see cref="ulong"/>.
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

    // A block at i covers i .. i + 63 and looks at i + 64 when its last byte is \r (at most end: readable). A \r is
    // counted unless the next byte is \n; that \n is counted itself, so \r\n counts once.
    private static long CountLineBreakBlocks(ref byte origin, ref int index, int end)
    {
        long count = 0;
        int i = index;
        for (; end - i >= BlockSize; i += BlockSize)
        {
            EqualityMasks(ref Unsafe.Add(ref origin, i), LineFeed, CarriageReturn, out ulong lineFeeds, out ulong carriageReturns);
            ulong beforeLineFeed = lineFeeds >> 1;
            if ((long)carriageReturns < 0 && Unsafe.Add(ref origin, i + BlockSize) == LineFeed)
            {
                beforeLineFeed |= 1UL << 63;
            }

            count += BitOperations.PopCount(lineFeeds) + BitOperations.PopCount(carriageReturns & ~beforeLineFeed);
        }

        index = i;
        return count;
    }

    // The same over chars: 32 to a block, 32 bits to a mask.
    private static long CountLineBreakBlocks(ref char origin, ref int index, int end)
    {
        long count = 0;
        int i = index;
        for (; end - i >= CharBlockSize; i += CharBlockSize)
        {
            EqualityMasks(ref Unsafe.Add(ref origin, i), '\n', '\r', out uint lineFeeds, out uint carriageReturns);
            uint beforeLineFeed = lineFeeds >> 1;
            if ((int)carriageReturns < 0 && Unsafe.Add(ref origin, i + CharBlockSize) == '\n')
            {
                beforeLineFeed |= 1U << 31;
            }

            count += BitOperations.PopCount(lineFeeds) + BitOperations.PopCount(carriageReturns & ~beforeLineFeed);
        }

        index = i;
        return count;
    }

    /// <summary>Bit <c>k</c> of each mask is set where byte <c>k</c> of the 64-byte block equals that value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void EqualityMasks(ref byte block, byte first, byte second, out ulong firstMask, out ulong secondMask)
    {
        if (Vector512.IsHardwareAccelerated)
        {
            Vector512<byte> v = Vector512.LoadUnsafe(ref block);
            firstMask = Vector512.Equals(v, Vector512.Create(first)).ExtractMostSignificantBits();
            secondMask = Vector512.Equals(v, Vector512.Create(second)).ExtractMostSignificantBits();
        }
        else if (Vector256.IsHardwareAccelerated)
        {
            Vector256<byte> v0 = Vector256.LoadUnsafe(ref block);
            Vector256<byte> v1 = Vector256.LoadUnsafe(ref block, 32);
            Vector256<byte> f = Vector256.Create(first);
            Vector256<byte> s = Vector256.Create(second);
            firstMask = Vector256.Equals(v0, f).ExtractMostSignificantBits() | ((ulong)Vector256.Equals(v1, f).ExtractMostSignificantBits() << 32);
            secondMask = Vector256.Equals(v0, s).ExtractMostSignificantBits() | ((ulong)Vector256.Equals(v1, s).ExtractMostSignificantBits() << 32);
        }
        else
        {
            Vector128<byte> f = Vector128.Create(first);
            Vector128<byte> s = Vector128.Create(second);
            EqualityMasks128(Vector128.LoadUnsafe(ref block), f, s, out uint first0, out uint second0);
            EqualityMasks128(Vector128.LoadUnsafe(ref block, 16), f, s, out uint first1, out uint second1);
            EqualityMasks128(Vector128.LoadUnsafe(ref block, 32), f, s, out uint first2, out uint second2);
            EqualityMasks128(Vector128.LoadUnsafe(ref block, 48), f, s, out uint first3, out uint second3);
            firstMask = first0 | ((ulong)first1 << 16) | ((ulong)first2 << 32) | ((ulong)first3 << 48);
            secondMask = second0 | ((ulong)second1 << 16) | ((ulong)second2 << 32) | ((ulong)second3 << 48);
        }
    }

    /// <summary>Bit <c>k</c> of each mask is set where char <c>k</c> of the 32-char block equals that value.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void EqualityMasks(ref char block, char first, char second, out uint firstMask, out uint secondMask)
    {
        ref ushort units = ref Unsafe.As<char, ushort>(ref block);
        if (Vector512.IsHardwareAccelerated)
        {
            Vector512<ushort> v = Vector512.LoadUnsafe(ref units);
            firstMask = (uint)Vector512.Equals(v, Vector512.Create((ushort)first)).ExtractMostSignificantBits();
            secondMask = (uint)Vector512.Equals(v, Vector512.Create((ushort)second)).ExtractMostSignificantBits();
        }
        else if (Vector256.IsHardwareAccelerated)
        {
            Vector256<ushort> v0 = Vector256.LoadUnsafe(ref units);
            Vector256<ushort> v1 = Vector256.LoadUnsafe(ref units, 16);
            Vector256<ushort> f = Vector256.Create((ushort)first);
            Vector256<ushort> s = Vector256.Create((ushort)second);
            firstMask = Vector256.Equals(v0, f).ExtractMostSignificantBits() | (Vector256.Equals(v1, f).ExtractMostSignificantBits() << 16);
            secondMask = Vector256.Equals(v0, s).ExtractMostSignificantBits() | (Vector256.Equals(v1, s).ExtractMostSignificantBits() << 16);
        }
        else
        {
            Vector128<ushort> f = Vector128.Create((ushort)first);
            Vector128<ushort> s = Vector128.Create((ushort)second);
            EqualityMasks128(Vector128.LoadUnsafe(ref units), f, s, out uint first0, out uint second0);
            EqualityMasks128(Vector128.LoadUnsafe(ref units, 8), f, s, out uint first1, out uint second1);
            EqualityMasks128(Vector128.LoadUnsafe(ref units, 16), f, s, out uint first2, out uint second2);
            EqualityMasks128(Vector128.LoadUnsafe(ref units, 24), f, s, out uint first3, out uint second3);
            firstMask = first0 | (first1 << 8) | (first2 << 16) | (first3 << 24);
            secondMask = second0 | (second1 << 8) | (second2 << 16) | (second3 << 24);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void EqualityMasks128<T>(Vector128<T> v, Vector128<T> first, Vector128<T> second, out uint firstMask, out uint secondMask)
    {
        firstMask = Vector128.Equals(v, first).ExtractMostSignificantBits();
        secondMask = Vector128.Equals(v, second).ExtractMostSignificantBits();
    }

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
