using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using Streamline.Runtime;

namespace Streamline.Wc.Tests;

/// <summary>
/// The vector run's multi-byte sequences (E2 80 90..A7 and C3 80..BF are word bytes inside a 64-byte block) and their
/// near misses, at every offset to the block edges and around the read buffer's edge, against GNU wc.
/// </summary>
public sealed class CommonSequenceTests : IDisposable
{
    // The read buffer of TextCounter.Count(path) and Count(stream).
    private const int ReadBufferSize = 128 * 1024;

    private readonly string _directory = Directory.CreateTempSubdirectory("streamline-wc-").FullName;

    // What the vector run takes, and what it must leave to the decoder: U+2028 (E2 80 A8) and U+200F (E2 80 8F) next
    // to the taken range, wc's no-break spaces U+00A0 and U+202F, U+00BF and U+0100 next to C3 80..BF, cut and
    // invalid forms (a lead then ASCII, a lead then a lead, overlong C1 A9 and E0 80 9C, a lone continuation byte).
    private static readonly byte[][] s_sequences =
    {
        Hex("E2809C"), Hex("E2809D"), Hex("E28094"), Hex("E28099"), Hex("E28090"), Hex("E280A7"),
        Hex("C380"), Hex("C3A9"), Hex("C397"), Hex("C3BF"),
        Hex("E280A8"), Hex("E2808F"), Hex("E280AF"), Hex("C2A0"), Hex("C2BF"), Hex("C480"), Hex("E28180"), Hex("E3809C"),
        Hex("E280"), Hex("E2"), Hex("C3"), Hex("E28041"), Hex("E241"), Hex("C341"), Hex("C3C3"), Hex("C3E2809C"),
        Hex("E2E2809C"), Hex("E280E2809C"), Hex("C1A9"), Hex("E0809C"), Hex("9C"), Hex("80"), Hex("A9C3A9"),
        Hex("E2809CE2809D"), Hex("C3A9E28094C3A9"), Hex("E2209C"), Hex("E2809C20"), Hex("C320"),
    };

    // Both sides of a sequence: inside a word, between spaces, after a newline, before the end.
    private static readonly (string Before, string After)[] s_contexts =
    {
        ("ab", "cd"), (" ", " "), ("\n", "x\n"), ("x", ""),
    };

    // Bytes that complete E2, E2 80 and C3 into a sequence the vector run takes.
    private static readonly byte[][] s_completions = { Hex("809C"), Hex("9C9C") };

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Fact]
    public void AtEveryBlockOffset_Utf8() => CompareAtBlockOffsets(s_sequences, TextCountLocale.Utf8, posixlyCorrect: false);

    // The no-break spaces are word characters here, next to the sequences the vector run takes.
    [Fact]
    public void AtEveryBlockOffset_Utf8PosixlyCorrect() =>
        CompareAtBlockOffsets(new[] { Hex("E280AF"), Hex("C2A0"), Hex("E280AFE2809C"), Hex("C3A9C2A0") }, TextCountLocale.Utf8, posixlyCorrect: true);

    // The C locale takes no sequence in the vector run: each of their bytes does nothing.
    [Fact]
    public void AtEveryBlockOffset_C() =>
        CompareAtBlockOffsets(s_sequences.Where((_, i) => i % 4 == 0).ToArray(), TextCountLocale.C, posixlyCorrect: false);

    [Fact]
    public void AroundTheReadBufferEdge_Utf8() => CompareAroundReadBufferEdge(TextCountLocale.Utf8);

    [Fact]
    public void AroundTheReadBufferEdge_C() => CompareAroundReadBufferEdge(TextCountLocale.C);

    // The last read of a file fills the buffer only in part, and what lies after it is left from the read before:
    // here the bytes that would complete the cut sequence at the very end of the file, 64 or 65 bytes into the read.
    [Theory]
    [InlineData("E280", 64)]
    [InlineData("E2", 64)]
    [InlineData("C3", 64)]
    [InlineData("E280", 65)]
    [InlineData("E2", 65)]
    [InlineData("C3", 65)]
    public void StaleBytesAfterTheLastRead(string cut, int lastRead)
    {
        byte[] sequence = Hex(cut);
        foreach (byte[] stale in s_completions)
        {
            byte[] first = Filler(ReadBufferSize);
            stale.CopyTo(first, lastRead);
            byte[] second = Concat(Prefix(lastRead - sequence.Length, "ab", spaced: true), sequence);
            byte[] text = Concat(first, second);
            string name = $"stale{cut}_{lastRead}_{Convert.ToHexString(stale)}.txt";
            File.WriteAllBytes(Path.Combine(_directory, name), text);
            foreach (TextCountLocale locale in new[] { TextCountLocale.Utf8, TextCountLocale.C })
            {
                TextCounts expected = GnuWc.CountFiles(_directory, new[] { name }, locale)[0];
                Assert.Equal(expected, TextCounter.Count(Path.Combine(_directory, name), TextCountOptions.All, locale));
                Assert.Equal(expected, TextCounter.Count(new ChunkedStream(text, ReadBufferSize), TextCountOptions.All, locale));
                Assert.Equal(expected.Chars, TextCounter.Count(new ChunkedStream(text, ReadBufferSize), TextCountOptions.Chars, locale).Chars);
            }
        }
    }

    // Each sequence in each context after 0 to 140 bytes of text (so it sits at every offset of the first and second
    // 64-byte blocks), in a text that ends right after the context, a byte later, or another block later.
    private void CompareAtBlockOffsets(byte[][] sequences, TextCountLocale locale, bool posixlyCorrect)
    {
        var texts = new List<byte[]>();
        foreach (byte[] sequence in sequences)
        {
            foreach ((string before, string after) in s_contexts)
            {
                for (int offset = 0; offset <= 140; offset++)
                {
                    byte[] lead = Prefix(offset, before, offset % 3 == 0);
                    foreach (int tail in new[] { 0, 1, 70 })
                        texts.Add(Concat(lead, sequence, Encoding.ASCII.GetBytes(after), Filler(tail)));
                }
            }
        }

        Compare(texts, locale, posixlyCorrect, wholeFileRead: false);
    }

    // A text of two read buffers and a bit, with the sequence (and a second copy after 1 to 3 bytes) placed so that it
    // starts 70 bytes before the edge of the first read up to 3 bytes after it.
    private void CompareAroundReadBufferEdge(TextCountLocale locale)
    {
        var texts = new List<byte[]>();
        foreach (byte[] sequence in s_sequences.Where(s => s.Length >= 2 && s.Length <= 3))
        {
            for (int start = ReadBufferSize - 70; start <= ReadBufferSize + 3; start++)
            {
                byte[] lead = Prefix(start - 2, "ab", start % 2 == 0);
                byte[] gap = Filler(1 + (start % 3));
                texts.Add(Concat(lead, sequence, gap, sequence, Filler(ReadBufferSize + 100)));
            }
        }

        Compare(texts, locale, posixlyCorrect: false, wholeFileRead: true);
    }

    private void Compare(List<byte[]> texts, TextCountLocale locale, bool posixlyCorrect, bool wholeFileRead)
    {
        (List<string> names, List<TextCounts> expected) = GnuWc.WriteAndCount(_directory, "s", texts, locale, posixlyCorrect);

        TextCountOptions posix = posixlyCorrect ? TextCountOptions.PosixlyCorrect : 0;
        for (int i = 0; i < texts.Count; i++)
        {
            byte[] text = texts[i];
            string context = $"{names[i]} ({text.Length} bytes): {Convert.ToHexString(text.AsSpan(0, Math.Min(text.Length, 300)))}";
            Assert.True(expected[i] == TextCounter.Count(text, TextCountOptions.All | posix, locale), $"bytes differ on {context}: wc {expected[i]}, got {TextCounter.Count(text, TextCountOptions.All | posix, locale)}");
            Assert.True(expected[i].Chars == TextCounter.Count(text, TextCountOptions.Chars | posix, locale).Chars, $"-m alone differs on {context}");
            Assert.True(expected[i].Words == TextCounter.Count(text, TextCountOptions.Words | posix, locale).Words, $"-w alone differs on {context}");
            // A stream read in odd pieces puts the sequence at the edge of a read at other offsets too.
            Assert.True(expected[i] == TextCounter.Count(new ChunkedStream(text, 67 + (i % 61), 129), TextCountOptions.All | posix, locale), $"stream differs on {context}");
            // The range of a larger array: the bytes after it would complete a cut sequence, and must not be read.
            foreach (byte[] after in s_completions)
            {
                byte[] padded = Concat(text, after);
                Assert.True(expected[i] == TextCounter.Count(padded, 0, text.Length, TextCountOptions.All | posix, locale), $"range before {Convert.ToHexString(after)} differs on {context}");
            }

            if (wholeFileRead)
                Assert.True(expected[i] == TextCounter.Count(Path.Combine(_directory, names[i]), TextCountOptions.All | posix, locale), $"path differs on {context}");
        }
    }

    // `length` bytes of words, spaces and a line break now and then; the last bytes are `before` (cut to fit).
    private static byte[] Prefix(int length, string before, bool spaced)
    {
        var bytes = new byte[length];
        const string Words = "word, the \u0022other\u0022 one;\tand\nmore ";
        for (int i = 0; i < length; i++)
            bytes[i] = (byte)(spaced ? Words[i % Words.Length] : 'a' + (i % 26));
        int take = Math.Min(before.Length, length);
        Encoding.ASCII.GetBytes(before, before.Length - take, take, bytes, length - take);
        return bytes;
    }

    private static byte[] Filler(int length)
    {
        var bytes = new byte[length];
        for (int i = 0; i < length; i++)
            bytes[i] = (byte)(i % 9 == 8 ? ' ' : 'a' + (i % 26));
        return bytes;
    }

    private static byte[] Hex(string hex) => Convert.FromHexString(hex);

    private static byte[] Concat(params byte[][] parts)
    {
        var all = new byte[parts.Sum(p => p.Length)];
        int at = 0;
        foreach (byte[] part in parts)
        {
            part.CopyTo(all, at);
            at += part.Length;
        }

        return all;
    }
}
