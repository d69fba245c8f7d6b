#if STREAMLINE_NET8
using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Streamline.Runtime;

public static partial class TextCounter
{
    private const int BlockSize = 64;

    // Scans whole 64-byte blocks while every byte is a printable ASCII character (0x21..0x7E) or an ASCII space (0x20,
    // 0x09..0x0D), and then the clean start of the first block that has another byte. In such a run a word starts at
    // each word byte whose previous byte is a space (or, for the run's first byte, when no word is open), so words and
    // lines are popcounts of 64-bit masks. Returns the number of bytes scanned; the caller goes on one character at a
    // time from there.
    // The masks are built from one Vector512, two Vector256 or four Vector128 per block, whichever the machine
    // accelerates, and each way is checked by running the differential tests with DOTNET_EnableAVX512F=0,
    // DOTNET_EnableAVX2=0 and DOTNET_EnableHWIntrinsic=0 (eng/test-isa.sh). Every shift of a 64-bit mask is by less
    // than 64 (C# masks the shift count, so `1UL << 64` would be 1).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int ScanAsciiRun(ReadOnlySpan<byte> data, int i, int end, ref long lines, ref long words, ref bool inWord)
    {
        if (!Vector128.IsHardwareAccelerated)
            return 0;

        ref byte origin = ref MemoryMarshal.GetReference(data);
        int start = i;
        ulong previousIsWord = inWord ? 1UL : 0UL;
        long lineCount = 0;
        long wordCount = 0;
        while (end - i >= BlockSize)
        {
            Classify(ref Unsafe.Add(ref origin, i), out ulong word, out ulong space, out ulong newline);
            ulong other = ~(word | space);
            if (other != 0)
            {
                int clean = BitOperations.TrailingZeroCount(other); // 0..63
                if (clean > 0)
                {
                    ulong keep = (1UL << clean) - 1;
                    word &= keep;
                    wordCount += BitOperations.PopCount(word & ~((word << 1) | previousIsWord));
                    lineCount += BitOperations.PopCount(newline & keep);
                    previousIsWord = (word >> (clean - 1)) & 1;
                    i += clean;
                }

                break;
            }

            wordCount += BitOperations.PopCount(word & ~((word << 1) | previousIsWord));
            lineCount += BitOperations.PopCount(newline);
            previousIsWord = word >> 63;
            i += BlockSize;
        }

        lines += lineCount;
        words += wordCount;
        inWord = previousIsWord != 0;
        return i - start;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Classify(ref byte block, out ulong word, out ulong space, out ulong newline)
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
}
#endif
