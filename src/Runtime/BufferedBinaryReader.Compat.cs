using System;
using System.IO;
using System.Text;

namespace Streamline.Runtime;

// What the BinaryReader of the runtime we run on does where .NET Framework's (also Mono's and Unity's, which share its
// source) differs from .NET 5 and later. The net8.0 build only ever runs on the latter; the netstandard builds probe
// the BCL once, on first use, with a BinaryReader over a few bytes in memory. (Properties, not constants, so that the
// other branch does not count as unreachable code; the JIT folds them all the same.)
public sealed partial class BufferedBinaryReader
{
#if STREAMLINE_NET8
    // A string of at most 128 bytes that arrives in one read is decoded on its own (Encoding.GetString, flushed).
    private static bool DecodesOneReadStringsAlone => true;

    // Read7BitEncodedInt throws when the fifth byte has bits beyond the 32nd bit of the value.
    private static bool RejectsOverlongFifthByte => true;

    // ReadChars asks for (chars * 2 for UTF-16) bytes, one less (three less for UTF-16) when the decoder holds state,
    // and reads more than 128 bytes at once from a MemoryStream.
    private static bool UsesModernCharByteCount => true;
#else
    private static bool DecodesOneReadStringsAlone => LegacyProbe.DecodesOneReadStringsAlone;

    private static bool RejectsOverlongFifthByte => LegacyProbe.RejectsOverlongFifthByte;

    private static bool UsesModernCharByteCount => LegacyProbe.DecodesOneReadStringsAlone;

    private static class LegacyProbe
    {
        /// <summary>.NET 5+ decodes a one-read string alone, so a trailing partial character becomes U+FFFD; .NET
        /// Framework and Mono decode it through the reader's decoder, which keeps the partial character for later.
        /// The same change rewrote ReadChars' byte counts, so this probe stands for both.</summary>
        internal static readonly bool DecodesOneReadStringsAlone = ProbeOneReadString();

        /// <summary>.NET 5+ rejects a fifth byte above 0x0F; .NET Framework and Mono keep its low bits.</summary>
        internal static readonly bool RejectsOverlongFifthByte = ProbeFifthByte();

        private static bool ProbeOneReadString()
        {
            using (var reader = new BinaryReader(new MemoryStream(new byte[] { 0x02, 0x61, 0xE2 }, writable: false), new UTF8Encoding(), leaveOpen: false))
                return reader.ReadString().Length == 2;
        }

        private static bool ProbeFifthByte()
        {
            // As a string length, FF FF FF FF 1F is -1 (an IOException) where the fifth byte's low bits are kept.
            using (var reader = new BinaryReader(new MemoryStream(new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0x1F }, writable: false), new UTF8Encoding(), leaveOpen: false))
            try
            {
                _ = reader.ReadString();
                return false;
            }
            catch (FormatException)
            {
                return true;
            }
            catch (IOException)
            {
                return false;
            }
        }
    }
#endif
}
