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

    // Scans whole 64-byte blocks while every byte is a printable ASCII character (0x21..0x7E), an ASCII space (0x20,
    // 0x09..0x0D) or, when utf8 is set, a byte of a complete sequence for U+2010..U+2027 (E2 80 90..A7: dashes and
    // quotation marks) or U+00C0..U+00FF (C3 80..BF: accented Latin letters), which are all printable non-spaces in
    // glibc's C.UTF-8 and so word characters; then the clean start of the first block that has another byte. In such
    // a run a word starts at each word byte whose previous byte is not a word byte (or, for the run's first byte, when
    // no word is open), so words and lines are popcounts of 64-bit masks, and characters are the bytes less the
    // continuation bytes. Returns the number of bytes scanned, which always ends on a character boundary; the caller
    // goes on one character at a time from there.
    // The run starts where the caller's decoder would start a character, and accepts a lead byte only with all of its
    // sequence, so every byte it takes is read as the decoder reads it. A sequence whose lead is in the last two bytes
    // of a block is checked against the bytes after the block (when at least two follow in the data; otherwise the
    // lead stops the run and the caller decodes it), and its continuation bytes in the next block are then taken as
    // word bytes there. The masks come from TextKernels (one Vector512, two Vector256 or four Vector128 per block,
    // each way checked by eng/test-isa.sh). Every shift of a 64-bit mask is by less than 64 (C# masks the shift
    // count, so `1UL << 64` would be 1).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int ScanRun(ReadOnlySpan<byte> data, int i, int end, bool utf8, ref long lines, ref long words, ref long chars, ref bool inWord)
    {
        if (!Vector128.IsHardwareAccelerated)
            return 0;

        ref byte origin = ref MemoryMarshal.GetReference(data);
        int start = i;
        ulong previousIsWord = inWord ? 1UL : 0UL;
        ulong carried = 0; // continuation bytes at the start of this block of a sequence that began in the previous one
        long lineCount = 0;
        long wordCount = 0;
        long continuationCount = 0;
        while (end - i >= BlockSize)
        {
            ref byte block = ref Unsafe.Add(ref origin, i);
            TextKernels.Classify(ref block, out ulong word, out ulong space, out ulong newline);
            word |= carried;
            ulong continuation = carried;
            ulong next = 0;
            ulong other = ~(word | space);
            if (other != 0 && utf8)
            {
                word |= CommonSequences(ref block, end - i, out ulong inBlock, out next);
                continuation |= inBlock;
                other = ~(word | space);
            }

            if (other != 0)
            {
                int clean = BitOperations.TrailingZeroCount(other); // 0..63
                if (clean > 0)
                {
                    ulong keep = (1UL << clean) - 1;
                    word &= keep;
                    wordCount += BitOperations.PopCount(word & ~((word << 1) | previousIsWord));
                    lineCount += BitOperations.PopCount(newline & keep);
                    continuationCount += BitOperations.PopCount(continuation & keep);
                    previousIsWord = (word >> (clean - 1)) & 1;
                    i += clean;
                }

                // A sequence that goes on into the next block starts at or after the stop, so nothing is carried.
                carried = 0;
                break;
            }

            wordCount += BitOperations.PopCount(word & ~((word << 1) | previousIsWord));
            lineCount += BitOperations.PopCount(newline);
            continuationCount += BitOperations.PopCount(continuation);
            previousIsWord = word >> 63;
            carried = next;
            i += BlockSize;
        }

        // The last whole block may end inside a sequence whose last bytes were checked but lie in a part block: they
        // are taken here (word bytes, no characters) so that the caller starts on a character boundary.
        i += BitOperations.PopCount(carried);
        lines += lineCount;
        words += wordCount;
        chars += i - start - continuationCount - BitOperations.PopCount(carried);
        inWord = previousIsWord != 0;
        return i - start;
    }

    // The bytes of the complete E2 80 90..A7 and C3 80..BF sequences whose lead byte is in the block at `block`, of
    // which `available` bytes (at least 64) are data. inBlock gets their continuation bytes in the block, next those
    // in the first two bytes after it (bit 0 and 1).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong CommonSequences(ref byte block, int available, out ulong inBlock, out ulong next)
    {
        TextKernels.ClassifyUtf8(ref block, out ulong e2, out ulong x80, out ulong punctuation, out ulong c3, out ulong continuation);

        // Bits 64 and 65 of the masks, from the two bytes after the block when both are data.
        ulong x80After = 0;
        ulong punctuationAfter = 0;
        ulong continuationAfter = 0;
        if (((e2 >> 62) | (c3 >> 63)) != 0 && available >= BlockSize + 2)
        {
            uint after0 = Unsafe.Add(ref block, BlockSize);
            uint after1 = Unsafe.Add(ref block, BlockSize + 1);
            x80After = after0 == 0x80 ? 1UL : 0UL;
            punctuationAfter = (after0 - 0x90 < 0x18 ? 1UL : 0UL) | (after1 - 0x90 < 0x18 ? 2UL : 0UL);
            continuationAfter = after0 - 0x80 < 0x40 ? 1UL : 0UL;
        }

        ulong lead3 = e2 & ((x80 >> 1) | (x80After << 63)) & ((punctuation >> 2) | (punctuationAfter << 62));
        ulong lead2 = c3 & ((continuation >> 1) | (continuationAfter << 63));
        inBlock = (lead3 << 1) | (lead3 << 2) | (lead2 << 1);
        next = (lead3 >> 62) | (lead3 >> 63) | (lead2 >> 63);
        return lead3 | lead2 | inBlock;
    }
}
#endif
