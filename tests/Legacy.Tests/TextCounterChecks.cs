using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;
using Streamline.Runtime;

namespace Streamline.Legacy.Tests;

/// <summary>TextCounter on the corpus against the GNU wc 9.1 counts in tests/corpus/README.md (both locales), through
/// every entry point, and against GNU wc itself on generated files when wc is on the PATH.</summary>
internal static class TextCounterChecks
{
    private const int GeneratedFiles = 1500;

    private static readonly TextCountLocale[] s_locales = { TextCountLocale.Utf8, TextCountLocale.C };

    public static Suite Run(int seed, double scale)
    {
        var suite = new Suite("TextCounter");
        string? corpus = FindCorpus();
        suite.Record(corpus is null ? "tests/corpus was not found (set STREAMLINE_CORPUS)" : null, "corpus lookup");
        if (corpus is not null)
        {
            CheckCorpus(suite, corpus);
        }

        CheckAgainstWc(suite, new Random(seed), (int)(GeneratedFiles * scale));
        return suite;
    }

    private static void CheckCorpus(Suite suite, string corpus)
    {
        foreach (TextCountLocale locale in s_locales)
        {
            Dictionary<string, long[]> readme = ReadmeCounts(corpus, locale);
            suite.Record(readme.Count >= 16 ? null : "the README's count tables were not found", "README tables");
            TextCounts total = default;
            foreach (KeyValuePair<string, long[]> row in readme)
            {
                string path = Path.Combine(corpus, row.Key.Replace('/', Path.DirectorySeparatorChar));
                if (!File.Exists(path))
                {
                    continue; // the total row
                }

                var expected = new TextCounts(row.Value[0], row.Value[1], 0, row.Value[2]);
                byte[] bytes = File.ReadAllBytes(path);
                string name = row.Key + " (" + locale + ")";
                suite.Run(name + " path", () => Same(expected, TextCounter.Count(path, TextCountOptions.Default, locale)));
                suite.Run(name + " byte[]", () => Same(expected, TextCounter.Count(bytes, TextCountOptions.Default, locale)));
                suite.Run(name + " FileStream", () =>
                {
                    using var stream = File.OpenRead(path);
                    return Same(expected, TextCounter.Count(stream, TextCountOptions.Default, locale));
                });
                suite.Run(name + " short reads", () => Same(expected, TextCounter.Count(new ChunkedStream(bytes, canSeek: false, 7, 4096), TextCountOptions.Default, locale)));
                if (row.Key.StartsWith("clarissa", StringComparison.Ordinal) || row.Key == "summary.md")
                {
                    total += TextCounter.Count(path, TextCountOptions.Default, locale);
                }
            }

            if (locale == TextCountLocale.Utf8 && readme.TryGetValue("Clarissa total (10 files)", out long[]? totalRow))
            {
                TextCounts sum = total;
                suite.Run("Clarissa total", () => Same(new TextCounts(totalRow[0], totalRow[1], 0, totalRow[2]), sum));
            }
        }
    }

    private static string? Same(TextCounts expected, TextCounts actual) =>
        expected == actual ? null : "expected " + expected + ", TextCounter " + actual;

    // GNU wc on files made of the bytes that matter to it: spaces of every kind, line breaks, invalid UTF-8, controls.
    private static void CheckAgainstWc(Suite suite, Random random, int count)
    {
        string? wc = FindGnuWc();
        if (wc is null)
        {
            Console.WriteLine("  GNU wc is not on the PATH: the generated-file comparison is skipped");
            return;
        }

        string directory = Path.Combine(Path.GetTempPath(), "streamline-legacy-wc-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(directory);
        try
        {
            string[] alphabet = { "a", "Z", "9", " ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u2003", "\u3000", "\u00e9", "\u20ac", "\ud83d\ude00", "\u0086", "\u200b", "\u0000" };
            byte[][] raw = { new byte[] { 0xFF }, new byte[] { 0xC3 }, new byte[] { 0xE2, 0x82 }, new byte[] { 0xED, 0xA0, 0x80 }, new byte[] { 0xF4, 0x90, 0x80, 0x80 }, new byte[] { 0xC0, 0xAF } };
            var names = new List<string>();
            var contents = new List<byte[]>();
            for (int i = 0; i < count; i++)
            {
                var bytes = new List<byte>();
                int length = random.Next(8) == 0 ? 60000 + random.Next(10000) : random.Next(80);
                while (bytes.Count < length)
                {
                    if (random.Next(10) == 0)
                    {
                        bytes.AddRange(raw[random.Next(raw.Length)]);
                    }
                    else
                    {
                        bytes.AddRange(Encoding.UTF8.GetBytes(alphabet[random.Next(alphabet.Length)]));
                    }
                }

                string name = "g" + i.ToString(CultureInfo.InvariantCulture);
                File.WriteAllBytes(Path.Combine(directory, name), bytes.ToArray());
                names.Add(name);
                contents.Add(bytes.ToArray());
            }

            foreach (TextCountLocale locale in s_locales)
            {
                List<TextCounts> expected = RunWc(wc, directory, names, locale);
                for (int i = 0; i < names.Count; i++)
                {
                    TextCounts want = expected[i];
                    byte[] data = contents[i];
                    string path = Path.Combine(directory, names[i]);
                    suite.Run("wc " + locale + " on " + Outcome.Hex(data, 0, Math.Min(data.Length, 48)) + (data.Length > 48 ? "... (" + data.Length.ToString(CultureInfo.InvariantCulture) + " bytes)" : string.Empty), () =>
                        Same(want, TextCounter.Count(path, TextCountOptions.All, locale)) ?? Same(want, TextCounter.Count(new ChunkedStream(data, canSeek: true, 3, 700), TextCountOptions.All, locale)));
                }
            }
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    private static List<TextCounts> RunWc(string wc, string directory, List<string> names, TextCountLocale locale)
    {
        var start = new ProcessStartInfo(wc, "-lwmc " + string.Join(" ", names))
        {
            WorkingDirectory = directory,
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        start.EnvironmentVariables.Remove("LC_ALL");
        start.EnvironmentVariables.Remove("LC_CTYPE");
        start.EnvironmentVariables.Remove("POSIXLY_CORRECT");
        if (locale == TextCountLocale.Utf8)
        {
            start.EnvironmentVariables["LANG"] = "C.UTF-8";
        }
        else
        {
            start.EnvironmentVariables["LC_ALL"] = "C";
        }

        using Process process = Process.Start(start) ?? throw new InvalidOperationException("wc did not start");
        string output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        var counts = new List<TextCounts>();
        foreach (string line in output.Split('\n'))
        {
            string[] fields = line.Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries);
            if (fields.Length == 5 && fields[4] != "total")
            {
                counts.Add(new TextCounts(
                    long.Parse(fields[0], CultureInfo.InvariantCulture),
                    long.Parse(fields[1], CultureInfo.InvariantCulture),
                    long.Parse(fields[2], CultureInfo.InvariantCulture),
                    long.Parse(fields[3], CultureInfo.InvariantCulture)));
            }
        }

        if (counts.Count != names.Count)
        {
            throw new InvalidOperationException("wc printed " + counts.Count.ToString(CultureInfo.InvariantCulture) + " rows for " + names.Count.ToString(CultureInfo.InvariantCulture) + " files");
        }

        return counts;
    }

    private static string? FindGnuWc()
    {
        foreach (string directory in (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(Path.PathSeparator))
        {
            string candidate = Path.Combine(directory, "wc");
            if (directory.Length == 0 || !File.Exists(candidate))
            {
                continue;
            }

            var start = new ProcessStartInfo(candidate, "--version") { RedirectStandardOutput = true, UseShellExecute = false };
            using Process? process = Process.Start(start);
            if (process is null)
            {
                continue;
            }

            string version = process.StandardOutput.ReadToEnd();
            process.WaitForExit();
            if (version.StartsWith("wc (GNU coreutils)", StringComparison.Ordinal))
            {
                return candidate;
            }
        }

        return null;
    }

    private static string? FindCorpus()
    {
        string? configured = Environment.GetEnvironmentVariable("STREAMLINE_CORPUS");
        if (!string.IsNullOrEmpty(configured))
        {
            return configured;
        }

        foreach (string start in new[] { AppDomain.CurrentDomain.BaseDirectory, Directory.GetCurrentDirectory() })
        {
            for (DirectoryInfo? directory = new DirectoryInfo(start); directory is not null; directory = directory.Parent)
            {
                string candidate = Path.Combine(directory.FullName, "tests", "corpus");
                if (File.Exists(Path.Combine(candidate, "README.md")))
                {
                    return candidate;
                }
            }
        }

        return null;
    }

    // The README's tables: | file | lines | words | bytes | notes |, where a note may say "C locale gives N words".
    private static Dictionary<string, long[]> ReadmeCounts(string corpus, TextCountLocale locale)
    {
        var counts = new Dictionary<string, long[]>(StringComparer.Ordinal);
        var row = new Regex(@"^\|\s*\**([^|*]+?)\**\s*\|\s*\**(\d+)\**\s*\|\s*\**(\d+)\**\s*\|\s*\**(\d+)\**\s*\|(.*)$");
        var cWords = new Regex(@"C locale gives (\d+) words");
        foreach (string line in File.ReadAllLines(Path.Combine(corpus, "README.md")))
        {
            Match match = row.Match(line);
            if (!match.Success)
            {
                continue;
            }

            long words = long.Parse(match.Groups[3].Value, CultureInfo.InvariantCulture);
            Match note = cWords.Match(match.Groups[5].Value);
            if (locale == TextCountLocale.C && note.Success)
            {
                words = long.Parse(note.Groups[1].Value, CultureInfo.InvariantCulture);
            }

            counts[match.Groups[1].Value] = new[]
            {
                long.Parse(match.Groups[2].Value, CultureInfo.InvariantCulture),
                words,
                long.Parse(match.Groups[4].Value, CultureInfo.InvariantCulture),
            };
        }

        return counts;
    }
}
