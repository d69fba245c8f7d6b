#if STREAMLINE_NET8
using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Streamline.Runtime;

public static partial class TextCounter
{
    private const int BlockSize = TextKernels.BlockSize;

    // Scans whole 64-byte blocks while every byte is a printable ASCII character (0x21..0x7E) or an ASCII space (0x20,
    // 0x09..0x0D), and then the clean start of the first block that has another byte. In such a run a word starts at
    // each word byte whose previous byte is a space (or, for the run's first byte, when no word is open), so words and
    // lines are popcounts of 64-bit masks. Returns the number of bytes scanned; the caller goes on one character at a
    // time from there.
    // The masks come from TextKernels.Classify (one Vector512, two Vector256 or four Vector128 per block, each way
    // checked by eng/test-isa.sh). Every shift of a 64-bit mask is by less than 64 (C# masks the shift count, so
    // `1UL << 64` would be 1).
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
            TextKernels.Classify(ref Unsafe.Add(ref origin, i), out ulong word, out ulong space, out ulong newline);
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
}
#endif
