#if NET8_0_OR_GREATER
using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Streamline.Runtime;

public static partial class TextCounter
{
    private const int BlockSize = 32;

    // Classifies 32 bytes at once. While every byte is a printable ASCII character or an ASCII space, a word starts at
    // each word byte whose previous byte is a space, so the word count is a popcount of masks. Returns how many leading
    // bytes were of that kind; the caller scans the rest of the block one character at a time.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int ScanAsciiBlock(ReadOnlySpan<byte> data, int i, ref long lines, ref long words, ref bool inWord)
    {
        ref byte start = ref MemoryMarshal.GetReference(data);
        uint word;
        uint space;
        uint newline;
        if (Vector256.IsHardwareAccelerated)
        {
            Vector256<byte> v = Vector256.LoadUnsafe(ref start, (nuint)i);
            word = Vector256.LessThan(v - Vector256.Create((byte)0x21), Vector256.Create((byte)0x5E)).ExtractMostSignificantBits();
            space = (Vector256.Equals(v, Vector256.Create((byte)' '))
                | Vector256.LessThan(v - Vector256.Create((byte)'\t'), Vector256.Create((byte)5))).ExtractMostSignificantBits();
            newline = Vector256.Equals(v, Vector256.Create((byte)'\n')).ExtractMostSignificantBits();
        }
        else if (Vector128.IsHardwareAccelerated)
        {
            Vector128<byte> low = Vector128.LoadUnsafe(ref start, (nuint)i);
            Vector128<byte> high = Vector128.LoadUnsafe(ref start, (nuint)i + 16);
            Vector128<byte> wordFloor = Vector128.Create((byte)0x21);
            Vector128<byte> wordSpan = Vector128.Create((byte)0x5E);
            Vector128<byte> blank = Vector128.Create((byte)' ');
            Vector128<byte> tab = Vector128.Create((byte)'\t');
            Vector128<byte> five = Vector128.Create((byte)5);
            Vector128<byte> lf = Vector128.Create((byte)'\n');
            word = Vector128.LessThan(low - wordFloor, wordSpan).ExtractMostSignificantBits()
                | (Vector128.LessThan(high - wordFloor, wordSpan).ExtractMostSignificantBits() << 16);
            space = (Vector128.Equals(low, blank) | Vector128.LessThan(low - tab, five)).ExtractMostSignificantBits()
                | ((Vector128.Equals(high, blank) | Vector128.LessThan(high - tab, five)).ExtractMostSignificantBits() << 16);
            newline = Vector128.Equals(low, lf).ExtractMostSignificantBits()
                | (Vector128.Equals(high, lf).ExtractMostSignificantBits() << 16);
        }
        else
        {
            return 0;
        }

        uint other = ~(word | space);
        int clean = BitOperations.TrailingZeroCount(other);
        if (clean == 0)
            return 0;
        if (clean < BlockSize)
        {
            uint keep = (1u << clean) - 1;
            word &= keep;
            newline &= keep;
        }

        uint previousIsWord = (word << 1) | (inWord ? 1u : 0u);
        words += BitOperations.PopCount(word & ~previousIsWord);
        lines += BitOperations.PopCount(newline);
        inWord = ((word >> (clean - 1)) & 1) != 0;
        return clean;
    }
}
#endif
