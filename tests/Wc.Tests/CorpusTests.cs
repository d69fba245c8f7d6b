using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Streamline.Runtime;

namespace Streamline.Wc.Tests;

/// <summary>Every corpus file, in both locales, against the README's GNU wc 9.1 counts and against wc itself.</summary>
public class CorpusTests
{
    public static TheoryData<string, TextCountLocale> Files()
    {
        var data = new TheoryData<string, TextCountLocale>();
        foreach (string file in CorpusFiles())
        {
            data.Add(file, TextCountLocale.Utf8);
            data.Add(file, TextCountLocale.C);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void Counts_MatchReadme(string file, TextCountLocale locale)
    {
        (long lines, long words, long bytes) = ReadmeCounts(locale)[file];
        TextCounts counts = TextCounter.Count(Path.Combine(GnuWc.CorpusDirectory, file), TextCountOptions.Default, locale);
        Assert.Equal(new TextCounts(lines, words, 0, bytes), counts);
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void Counts_MatchGnuWc_ThroughEveryEntryPoint(string file, TextCountLocale locale)
    {
        TextCounts expected = GnuWc.CountFiles(GnuWc.CorpusDirectory, new[] { file }, locale)[0];
        string path = Path.Combine(GnuWc.CorpusDirectory, file);
        byte[] bytes = File.ReadAllBytes(path);
        Assert.Equal(expected, TextCounter.Count(path, TextCountOptions.All, locale));
        Assert.Equal(expected, TextCounter.Count(bytes, TextCountOptions.All, locale));
        Assert.Equal(expected, TextCounter.Count(new ReadOnlySpan<byte>(bytes), TextCountOptions.All, locale));
        Assert.Equal(expected, TextCounter.Count(new ChunkedStream(bytes, 7, 4096, 1, 65536, 3), TextCountOptions.All, locale));
        using var stream = File.OpenRead(path);
        Assert.Equal(expected, TextCounter.Count(stream, TextCountOptions.All, locale));
    }

    [Fact]
    public void ClarissaTotal_MatchesReadme()
    {
        (long lines, long words, long bytes) = ReadmeCounts(TextCountLocale.Utf8)["Clarissa total (10 files)"];
        TextCounts total = default;
        foreach (string file in CorpusFiles().Where(f => f.StartsWith("clarissa", StringComparison.Ordinal) || f == "summary.md"))
            total += TextCounter.Count(Path.Combine(GnuWc.CorpusDirectory, file));
        Assert.Equal(new TextCounts(lines, words, 0, bytes), total);
    }

    // Volume 5 holds two U+0086 control characters: one right after "upon?", one alone at the start of a line before a
    // space. Neither is printable, so neither starts a word: a counter that splits on white space finds one word too many.
    [Fact]
    public void Volume5_ControlCharacterAloneIsNotAWord()
    {
        byte[] text = File.ReadAllBytes(Path.Combine(GnuWc.CorpusDirectory, "clarissa_volume5.txt"));
        byte[] alone = { (byte)'.', (byte)'\r', (byte)'\n', 0xC2, 0x86, (byte)' ', (byte)'I', (byte)'b', (byte)'i', (byte)'d', (byte)'.' };
        Assert.Equal(2, CountOccurrences(text, new byte[] { 0xC2, 0x86 }));
        Assert.Equal(1, CountOccurrences(text, alone));

        string directory = Directory.CreateTempSubdirectory("streamline-wc-").FullName;
        try
        {
            File.WriteAllBytes(Path.Combine(directory, "alone.txt"), alone);
            TextCounts expected = GnuWc.CountFiles(directory, new[] { "alone.txt" }, TextCountLocale.Utf8)[0];
            Assert.Equal(2, expected.Words);
            Assert.Equal(expected, TextCounter.Count(alone, TextCountOptions.All));
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    internal static IEnumerable<string> CorpusFiles() =>
        Directory.EnumerateFiles(GnuWc.CorpusDirectory, "*", SearchOption.AllDirectories)
            .Select(p => Path.GetRelativePath(GnuWc.CorpusDirectory, p).Replace('\\', '/'))
            .Where(p => p != "README.md")
            .OrderBy(p => p, StringComparer.Ordinal);

    // The README's tables: | file | lines | words | bytes | notes |, where a note may say "C locale gives N words".
    private static Dictionary<string, (long Lines, long Words, long Bytes)> ReadmeCounts(TextCountLocale locale)
    {
        var counts = new Dictionary<string, (long, long, long)>();
        var row = new Regex(@"^\|\s*\**([^|*]+?)\**\s*\|\s*\**(\d+)\**\s*\|\s*\**(\d+)\**\s*\|\s*\**(\d+)\**\s*\|(.*)$");
        var cWords = new Regex(@"C locale gives (\d+) words");
        foreach (string line in File.ReadLines(Path.Combine(GnuWc.CorpusDirectory, "README.md")))
        {
            Match match = row.Match(line);
            if (!match.Success)
                continue;
            long words = long.Parse(match.Groups[3].Value, CultureInfo.InvariantCulture);
            Match note = cWords.Match(match.Groups[5].Value);
            if (locale == TextCountLocale.C && note.Success)
                words = long.Parse(note.Groups[1].Value, CultureInfo.InvariantCulture);
            counts[match.Groups[1].Value] = (
                long.Parse(match.Groups[2].Value, CultureInfo.InvariantCulture),
                words,
                long.Parse(match.Groups[4].Value, CultureInfo.InvariantCulture));
        }

        Assert.True(counts.Count >= 16, "the README's count tables were not found");
        return counts;
    }

    private static int CountOccurrences(byte[] text, byte[] pattern)
    {
        int count = 0;
        for (int i = text.AsSpan().IndexOf(pattern); i >= 0;)
        {
            count++;
            int next = text.AsSpan(i + 1).IndexOf(pattern);
            i = next < 0 ? -1 : i + 1 + next;
        }

        return count;
    }
}
