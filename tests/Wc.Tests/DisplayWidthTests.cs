using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;
using Streamline.Samples.Wc;

namespace Streamline.Wc.Tests;

/// <summary>The sample's generated width table against glibc itself, code point by code point.</summary>
public class DisplayWidthTests
{
    private const int LcCtype = 0;

    [Fact]
    public void EveryCodePoint_HasGlibcsWidthAndPrintability()
    {
        Assert.NotEqual(IntPtr.Zero, setlocale(LcCtype, "C.UTF-8"));
        var failures = new StringBuilder();
        for (uint c = 0; c < 0x110000 && failures.Length < 400; c++)
        {
            bool printable = iswprint(c) != 0;
            int width = printable ? wcwidth(c) : -1;
            if (DisplayWidth.IsPrintable(c) != printable || DisplayWidth.Width(c) != width)
                failures.Append($"U+{c:X4} ");
        }

        Assert.True(failures.Length == 0, "unlike glibc: " + failures);
        Assert.False(DisplayWidth.IsPrintable(0x110000));
        Assert.Equal(-1, DisplayWidth.Width(0x7FFFFFFF));
    }

    [Theory]
    [InlineData(new byte[] { 0x41 }, 1, 0x41)]
    [InlineData(new byte[] { 0xC3, 0xA9 }, 2, 0xE9)]
    [InlineData(new byte[] { 0xF8, 0x88, 0x80, 0x80, 0x80 }, 5, 0x200000)]
    [InlineData(new byte[] { 0xC0, 0x80 }, DisplayWidth.Invalid, 0)]
    [InlineData(new byte[] { 0xED, 0xA0, 0x80 }, DisplayWidth.Invalid, 0)]
    [InlineData(new byte[] { 0xE4, 0xB8 }, DisplayWidth.Incomplete, 0)]
    [InlineData(new byte[] { 0xE4, 0x41 }, DisplayWidth.Invalid, 0)]
    [InlineData(new byte[] { 0xFE }, DisplayWidth.Invalid, 0)]
    public void Decode_FollowsGlibcUtf8(byte[] bytes, int length, int codePoint)
    {
        Assert.Equal(length, DisplayWidth.Decode(bytes, out uint decoded));
        if (length > 0)
            Assert.Equal((uint)codePoint, decoded);
    }

    [DllImport("libc", CharSet = CharSet.Ansi, BestFitMapping = false, ThrowOnUnmappableChar = true)]
    private static extern IntPtr setlocale(int category, string locale);

    [DllImport("libc")]
    private static extern int iswprint(uint wc);

    [DllImport("libc")]
    private static extern int wcwidth(uint wc);
}

/// <summary>The <c>-L</c> counter gives the same width however the reads cut the text.</summary>
public class LineWidthCounterTests
{
    [Theory]
    [InlineData(Streamline.Runtime.TextCountLocale.Utf8)]
    [InlineData(Streamline.Runtime.TextCountLocale.C)]
    public void AnyChunking_GivesTheWidthOfTheWholeText(Streamline.Runtime.TextCountLocale locale)
    {
        byte[][] pieces =
        {
            "ab"u8.ToArray(), "\t"u8.ToArray(), "\n"u8.ToArray(), "\r"u8.ToArray(), "\u4E2D"u8.ToArray(), "\u0301"u8.ToArray(),
            "\U0001F600"u8.ToArray(), new byte[] { 0xE4, 0xB8 }, new byte[] { 0xF8, 0x88, 0x80, 0x80, 0x80 },
            new byte[] { 0xFC, 0x84, 0x80, 0x80, 0x80, 0x80 }, new byte[] { 0xC0 }, new byte[] { 0x80 },
        };
        var random = new Random(7);
        for (int run = 0; run < 500; run++)
        {
            var text = new List<byte>();
            int count = random.Next(0, 30);
            for (int i = 0; i < count; i++)
                text.AddRange(pieces[random.Next(pieces.Length)]);
            byte[] data = text.ToArray();

            var whole = new LineWidthCounter(locale);
            whole.Add(data);
            var chunked = new LineWidthCounter(locale);
            for (int start = 0; start < data.Length;)
            {
                int length = Math.Min(random.Next(1, 4), data.Length - start);
                chunked.Add(data.AsSpan(start, length));
                start += length;
            }

            Assert.True(whole.Maximum == chunked.Maximum, $"{Convert.ToHexString(data)}: {whole.Maximum} whole, {chunked.Maximum} chunked");
        }
    }
}
