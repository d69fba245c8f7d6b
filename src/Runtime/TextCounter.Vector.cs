#if STREAMLINE_NET8
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
    // Only Vector256: a Vector128 version (two halves per block) counted right under the JIT but miscounted words in a
    // native AOT build for plain x64 (tests/Wc.Tests pins the text); until that is understood, machines without
    // 256-bit vectors take the scalar loop. Not inlined: the inlined form miscounted under .NET 10's JIT with AVX2
    // disabled, and the call costs little next to 32 bytes of work.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int ScanAsciiBlock(ReadOnlySpan<byte> data, int i, ref long lines, ref long words, ref bool inWord)
    {
        ref byte start = ref MemoryMarshal.GetReference(data);
        // x - floor < span as unsigned bytes is written min(x - floor, span - 1) == x - floor: vpminub is native, while an
        // unsigned byte compare is emulated.
        if (!Vector256.IsHardwareAccelerated)
            return 0;
        Vector256<byte> v = Vector256.LoadUnsafe(ref start, (UIntPtr)(uint)i);
        Vector256<byte> fromBang = v - Vector256.Create((byte)0x21);
        Vector256<byte> fromTab = v - Vector256.Create((byte)'\t');
        uint word = Vector256.Equals(Vector256.Min(fromBang, Vector256.Create((byte)0x5D)), fromBang).ExtractMostSignificantBits();
        uint space = (Vector256.Equals(v, Vector256.Create((byte)' '))
            | Vector256.Equals(Vector256.Min(fromTab, Vector256.Create((byte)4)), fromTab)).ExtractMostSignificantBits();
        uint newline = Vector256.Equals(v, Vector256.Create((byte)'\n')).ExtractMostSignificantBits();

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
