using System;
using System.Runtime.InteropServices;
using System.Text;
using Streamline.Runtime;

namespace Streamline.Wc.Tests;

/// <summary>The generated class table against glibc itself, code point by code point, through the word count.</summary>
public class CharClassTests
{
    private const int LcCtype = 0;

    // "x" + c + "x": one word if c is a word character or ignored, two if it is a space.
    // " " + c + " ": one word if c is a word character, none otherwise.
    [Fact]
    public void EveryCodePoint_SplitsWordsAsGlibcClassifiesIt()
    {
        Assert.NotEqual(IntPtr.Zero, setlocale(LcCtype, "C.UTF-8"));
        var failures = new StringBuilder();
        for (int c = 0; c < 0x110000; c++)
        {
            if (c - 0xD800 < 0x800 && c >= 0xD800)
                continue;
            bool printable = c is 9 or 10 or 11 or 12 or 13 || iswprint((uint)c) != 0;
            bool space = c is 9 or 10 or 11 or 12 or 13 || (printable && (iswspace((uint)c) != 0 || c is 0xA0 or 0x2007 or 0x202F or 0x2060));
            byte[] encoded = DifferentialTests.Encode(c);
            int expectedBetween = space ? 2 : 1;
            int expectedAlone = printable && !space ? 1 : 0;
            long between = TextCounter.Count(Wrap((byte)'x', encoded), TextCountOptions.Words).Words;
            long alone = TextCounter.Count(Wrap((byte)' ', encoded), TextCountOptions.Words).Words;
            if (between != expectedBetween || alone != expectedAlone)
                failures.Append($"U+{c:X4} ");
            if (failures.Length > 400)
                break;
        }

        Assert.True(failures.Length == 0, "classified unlike glibc: " + failures);
    }

    [Fact]
    public void NoBreakSpaces_AreWordCharactersWhenPosixlyCorrect()
    {
        foreach (int c in new[] { 0xA0, 0x2007, 0x202F, 0x2060 })
        {
            byte[] text = Wrap((byte)'x', DifferentialTests.Encode(c));
            Assert.Equal(2, TextCounter.Count(text, TextCountOptions.Words).Words);
            Assert.Equal(1, TextCounter.Count(text, TextCountOptions.Words | TextCountOptions.PosixlyCorrect).Words);
        }
    }

    private static byte[] Wrap(byte outside, byte[] inside)
    {
        var text = new byte[inside.Length + 2];
        text[0] = outside;
        inside.CopyTo(text, 1);
        text[^1] = outside;
        return text;
    }

    [DllImport("libc", CharSet = CharSet.Ansi, BestFitMapping = false, ThrowOnUnmappableChar = true)]
    private static extern IntPtr setlocale(int category, string locale);

    [DllImport("libc")]
    private static extern int iswprint(uint wc);

    [DllImport("libc")]
    private static extern int iswspace(uint wc);
}
