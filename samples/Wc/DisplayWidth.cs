using System;

namespace Streamline.Samples.Wc;

/// <summary>glibc's <c>iswprint</c> and <c>wcwidth</c> in the C.UTF-8 locale, and its UTF-8 decoder.</summary>
internal static partial class DisplayWidth
{
    /// <summary>The result of <see cref="Decode"/> for a byte that starts no valid sequence (<c>mbrtowc</c>'s -1).</summary>
    public const int Invalid = -1;

    /// <summary>The result of <see cref="Decode"/> for a valid start that the data cuts short (<c>mbrtowc</c>'s -2).</summary>
    public const int Incomplete = -2;

    /// <summary>Gets whether glibc's <c>iswprint</c> accepts a code point.</summary>
    public static bool IsPrintable(uint codePoint) => codePoint < 0x110000 && ClassOf(codePoint) != 0;

    /// <summary>Gets glibc's <c>wcwidth</c> of a printable code point, or -1 for one that is not printable.</summary>
    public static int Width(uint codePoint) => codePoint < 0x110000 ? ClassOf(codePoint) - 1 : -1;

    // glibc's UTF-8 mbrtowc: overlong forms and surrogates are invalid; five- and six-byte forms up to U+7FFFFFFF are
    // accepted. A sequence broken by a byte that does not continue it is invalid at its first byte.
    public static int Decode(ReadOnlySpan<byte> data, out uint codePoint)
    {
        uint b = data[0];
        codePoint = b;
        if (b < 0x80)
            return 1;
        int length;
        uint minimum;
        if (b < 0xC2)
            return Invalid;
        if (b < 0xE0)
            (length, codePoint, minimum) = (2, b & 0x1F, 0x80);
        else if (b < 0xF0)
            (length, codePoint, minimum) = (3, b & 0x0F, 0x800);
        else if (b < 0xF8)
            (length, codePoint, minimum) = (4, b & 0x07, 0x10000);
        else if (b < 0xFC)
            (length, codePoint, minimum) = (5, b & 0x03, 0x200000);
        else if (b < 0xFE)
            (length, codePoint, minimum) = (6, b & 0x01, 0x4000000);
        else
            return Invalid;

        for (int j = 1; j < length; j++)
        {
            if (j >= data.Length)
                return Incomplete;
            uint next = data[j];
            if ((next & 0xC0) != 0x80)
                return Invalid;
            codePoint = (codePoint << 6) | (next & 0x3F);
        }

        return codePoint < minimum || codePoint - 0xD800 < 0x800 ? Invalid : length;
    }

    private static int ClassOf(uint codePoint)
    {
        int data = s_widthData[(s_widthBlocks[codePoint >> 8] << 6) | (int)((codePoint & 0xFF) >> 2)];
        return (data >> (int)((codePoint & 3) << 1)) & 3;
    }
}
