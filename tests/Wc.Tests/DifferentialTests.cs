using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using CsCheck;
using Streamline.Runtime;

namespace Streamline.Wc.Tests;

/// <summary>Random files aimed at wc's edges, counted by GNU wc (one process per batch) and by TextCounter.</summary>
public sealed class DifferentialTests : IDisposable
{
    private const int FilesPerRun = 2_400;
    private const int BufferSize = 128 * 1024; // TextCounter's read size

    private readonly string _directory = Directory.CreateTempSubdirectory("streamline-wc-").FullName;

    // Every code point glibc's iswspace accepts in C.UTF-8, wc's no-break spaces, and the separators that are not
    // printable (U+2028, U+2029) and therefore do not separate.
    private static readonly int[] s_spaces =
    {
        0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005,
        0x2006, 0x2007, 0x2008, 0x2009, 0x200A, 0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x2060, 0x3000, 0xFEFF,
    };

    private static readonly Gen<byte[]> s_ascii = Gen.OneOf(
        Gen.Char["abcdefghijklmnopqrstuvwxyz0123456789.,;'\"!?-()[]{}$@`~"].Array[1, 12].Select(c => Encoding.ASCII.GetBytes(c)),
        Gen.Const(new[] { (byte)' ' }),
        Gen.Const(new[] { (byte)'\n' }),
        Gen.Const(new[] { (byte)'\r', (byte)'\n' }),
        Gen.Byte[0, 0x7F].Select(b => new[] { b }));

    private static readonly Gen<byte[]> s_codePoint = Gen.OneOf(
        Gen.Int[0x80, 0x7FF],
        Gen.Int[0x800, 0xD7FF],
        Gen.Int[0xE000, 0xFFFF],
        Gen.Int[0x10000, 0x10FFFF],
        Gen.Int[0x110000, 0x7FFFFFFF],
        Gen.Int[0xD800, 0xDFFF],
        Gen.OneOf(0x86, 0x9F, 0xAD, 0x200D, 0x2066, 0x1F600, 0xE0001, 0xFFFE, 0x10FFFF, 0x30000),
        Gen.OneOf(s_spaces)).Select(Encode);

    // Bytes that do not form a character: lone continuation bytes, C0/C1, F5..FF, cut-short, overlong and surrogate forms.
    private static readonly Gen<byte[]> s_invalid = Gen.OneOf(
        Gen.Byte[0x80, 0xBF].Select(b => new[] { b }),
        Gen.OneOf(new byte[] { 0xC0, 0x80 }, new byte[] { 0xC1, 0xBF }, new byte[] { 0xE0, 0x80, 0x80 },
            new byte[] { 0xF0, 0x80, 0x80, 0x80 }, new byte[] { 0xF8, 0x80, 0x80, 0x80, 0x80 }, new byte[] { 0xFC, 0x80, 0x80, 0x80, 0x80, 0x80 },
            new byte[] { 0xED, 0xA0, 0x80 }, new byte[] { 0xED, 0xBF, 0xBF }, new byte[] { 0xFE }, new byte[] { 0xFF }, new byte[] { 0xEF, 0xBB, 0xBF }),
        s_codePoint.Select(Gen.Int[1, 5], (bytes, cut) => bytes.Length > 1 ? bytes.AsSpan(0, Math.Min(cut, bytes.Length - 1)).ToArray() : bytes));

    private static readonly Gen<byte[]> s_piece = Gen.Frequency(
        (20, 0), (6, 1), (3, 2)).SelectMany(kind => kind switch { 0 => s_ascii, 1 => s_codePoint, _ => s_invalid });

    private static readonly Gen<byte[]> s_text = Gen.OneOf(
        s_piece.Array[0, 40].Select(Concat),
        s_piece.Array[0, 600].Select(Concat),
        // A body of plain text cut to a length near the buffer size, then a tail of awkward pieces that straddles it.
        Gen.Select(Gen.Int[BufferSize - 12, BufferSize + 12], s_piece.Array[1, 6], s_ascii.Array[1, 10]).Select(t =>
        {
            byte[] filler = Repeat(Concat(t.Item3), t.Item1);
            return Concat(new[] { filler, Concat(t.Item2) });
        }));

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    [Fact]
    public void RandomFiles_MatchGnuWc_Utf8() => CompareWithGnuWc(TextCountLocale.Utf8, posixlyCorrect: false, seedOffset: 0);

    [Fact]
    public void RandomFiles_MatchGnuWc_C() => CompareWithGnuWc(TextCountLocale.C, posixlyCorrect: false, seedOffset: 1);

    [Fact]
    public void RandomFiles_MatchGnuWc_Utf8PosixlyCorrect() => CompareWithGnuWc(TextCountLocale.Utf8, posixlyCorrect: true, seedOffset: 2);

    private void CompareWithGnuWc(TextCountLocale locale, bool posixlyCorrect, int seedOffset)
    {
        int count = posixlyCorrect ? FilesPerRun / 4 : FilesPerRun;
        s_text.Array[count].Sample(texts =>
        {
            (List<string> names, List<TextCounts> expected) = GnuWc.WriteAndCount(_directory, $"t{seedOffset}_", texts, locale, posixlyCorrect);

            TextCountOptions options = TextCountOptions.All | (posixlyCorrect ? TextCountOptions.PosixlyCorrect : 0);
            for (int i = 0; i < texts.Length; i++)
            {
                byte[] text = texts[i];
                string context = $"file {names[i]} ({text.Length} bytes): {Convert.ToHexString(text.AsSpan(0, Math.Min(text.Length, 200)))}";
                Assert.True(expected[i] == TextCounter.Count(text, options, locale), $"bytes differ on {context}: wc {expected[i]}");
                Assert.True(expected[i] == TextCounter.Count(Path.Combine(_directory, names[i]), options, locale), $"path differs on {context}");
                Assert.True(expected[i] == TextCounter.Count(new ChunkedStream(text, 1 + (i % 97), 3, 65531), options, locale), $"stream differs on {context}");
                foreach (TextCountOptions single in new[] { TextCountOptions.Lines, TextCountOptions.Words, TextCountOptions.Chars, TextCountOptions.Bytes })
                {
                    TextCounts alone = TextCounter.Count(text, single | (options & TextCountOptions.PosixlyCorrect), locale);
                    Assert.True(Pick(expected[i], single) == alone, $"{single} alone differs on {context}");
                }
            }
        }, iter: 1, threads: 1);
    }

    private static TextCounts Pick(TextCounts counts, TextCountOptions kind) => new(
        kind == TextCountOptions.Lines ? counts.Lines : 0,
        kind == TextCountOptions.Words ? counts.Words : 0,
        kind == TextCountOptions.Chars ? counts.Chars : 0,
        kind == TextCountOptions.Bytes ? counts.Bytes : 0);

    // UTF-8 as glibc reads it: the original scheme, up to six bytes and 31 bits.
    internal static byte[] Encode(int codePoint)
    {
        uint c = (uint)codePoint;
        if (c < 0x80)
            return new[] { (byte)c };
        int length = c < 0x800 ? 2 : c < 0x10000 ? 3 : c < 0x200000 ? 4 : c < 0x4000000 ? 5 : 6;
        var bytes = new byte[length];
        for (int i = length - 1; i > 0; i--)
        {
            bytes[i] = (byte)(0x80 | (c & 0x3F));
            c >>= 6;
        }

        bytes[0] = (byte)((uint)(0xFF00 >> length) | c);
        return bytes;
    }

    private static byte[] Concat(byte[][] pieces)
    {
        var all = new byte[pieces.Sum(p => p.Length)];
        int at = 0;
        foreach (byte[] piece in pieces)
        {
            piece.CopyTo(all, at);
            at += piece.Length;
        }

        return all;
    }

    private static byte[] Repeat(byte[] unit, int length)
    {
        var all = new byte[length];
        if (unit.Length == 0)
            unit = new[] { (byte)'x' };
        for (int i = 0; i < length; i++)
            all[i] = unit[i % unit.Length];
        return all;
    }
}
