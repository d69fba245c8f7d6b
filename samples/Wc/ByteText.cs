using System;
using System.Text;

namespace Streamline.Samples.Wc;

/// <summary>Strings that hold bytes, one per <see cref="char"/> (Latin-1), so that command-line arguments and file
/// names that are not UTF-8 pass through the sample unchanged, as they pass through GNU <c>wc</c>.</summary>
internal static class ByteText
{
    /// <summary>Gets the byte string of some bytes.</summary>
    public static string FromBytes(ReadOnlySpan<byte> bytes) => Encoding.Latin1.GetString(bytes);

    /// <summary>Gets the bytes of a byte string.</summary>
    public static byte[] ToBytes(string text) => Encoding.Latin1.GetBytes(text);

    /// <summary>Gets the byte string of a text given in UTF-16, as its UTF-8 bytes.</summary>
    public static string FromUtf16(string text) => FromBytes(Encoding.UTF8.GetBytes(text));

    /// <summary>Gets the byte string of a NUL-terminated C string.</summary>
    public static unsafe string FromNulTerminated(byte* text)
    {
        int length = 0;
        while (text[length] != 0)
            length++;
        return FromBytes(new ReadOnlySpan<byte>(text, length));
    }
}
