using System;
using System.IO;
using Streamline.Runtime;

namespace Streamline.Wc.Tests;

/// <summary>Texts that once counted wrong, each checked against GNU wc.</summary>
public sealed class PinnedTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("streamline-wc-").FullName;

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    // From clarissa_volume6.txt: a Vector128 block path counted 9 words here in a native AOT build (GNU: 8).
    [Fact]
    public void EmDashAndCurlyQuoteAcrossVectorBlocks()
    {
        byte[] text = Convert.FromHexString(
            "585858562E2046726F6D207468652073616D652EE2809454686520776F6D656EE280997320696E737469676174696F6E732E204869730D0A6661727468657220");
        AssertSameAsGnuWc(text, "emdash.txt");
    }

    // Invalid bytes, a five-byte form glibc accepts, an overlong form and U+2028 (a space that is not printable).
    [Fact]
    public void GlibcDecodingEdges()
    {
        byte[] text = { (byte)'a', 0xE2, 0x82, (byte)'b', (byte)' ', 0xF8, 0x88, 0x80, 0x80, 0x80, (byte)' ', 0xC0, 0x80,
            (byte)'x', 0xE2, 0x80, 0xA8, (byte)'y', (byte)' ', 0xED, 0xA0, 0x80, 0xF0, 0x9F };
        AssertSameAsGnuWc(text, "edges.txt");
    }

    private void AssertSameAsGnuWc(byte[] text, string name)
    {
        File.WriteAllBytes(Path.Combine(_directory, name), text);
        foreach (TextCountLocale locale in new[] { TextCountLocale.Utf8, TextCountLocale.C })
        {
            TextCounts expected = GnuWc.CountFiles(_directory, new[] { name }, locale)[0];
            Assert.Equal(expected, TextCounter.Count(text, TextCountOptions.All, locale));
            Assert.Equal(expected, TextCounter.Count(new ChunkedStream(text, 1), TextCountOptions.All, locale));
        }
    }
}
