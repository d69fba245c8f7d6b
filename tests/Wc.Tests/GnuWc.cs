using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.IO;
using System.Text;
using Streamline.Runtime;

namespace Streamline.Wc.Tests;

/// <summary>Runs the real GNU coreutils wc. A missing wc fails the test: it never skips.</summary>
internal static class GnuWc
{
    public const string Utf8Locale = "C.UTF-8";

    private static readonly Lazy<string> s_path = new(FindOnPath);

    /// <summary>Gets the full path of GNU wc. Process.Start would look in the test's own folder first, where the
    /// sample's apphost (also called wc) lives, so the PATH is searched here, and the version must say GNU.</summary>
    public static string Path => s_path.Value;

    public static string CorpusDirectory => System.IO.Path.Combine(AppContext.BaseDirectory, "corpus");

    public static (string StdOut, string StdErr, int ExitCode) Run(
        string workingDirectory, IReadOnlyList<string> args, TextCountLocale locale, bool posixlyCorrect = false)
    {
        var start = new ProcessStartInfo(Path)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
            StandardOutputEncoding = Encoding.UTF8,
            StandardErrorEncoding = Encoding.UTF8,
        };
        foreach (string arg in args)
            start.ArgumentList.Add(arg);
        SetLocale(start.Environment, locale, posixlyCorrect);
        using (Process process = Process.Start(start) ?? throw new InvalidOperationException("wc did not start"))
        {
            process.StandardInput.Close();
            var stderr = process.StandardError.ReadToEndAsync();
            string stdout = process.StandardOutput.ReadToEnd();
            process.WaitForExit();
            // GNU names itself as invoked (argv[0], the full path here); report it as plain "wc".
            return (stdout, stderr.Result.Replace(Path, "wc", StringComparison.Ordinal), process.ExitCode);
        }
    }

    private static string FindOnPath()
    {
        foreach (string directory in (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(System.IO.Path.PathSeparator))
        {
            string candidate = System.IO.Path.Combine(directory, "wc");
            if (directory.Length == 0 || !File.Exists(candidate))
                continue;
            var start = new ProcessStartInfo(candidate, "--version") { RedirectStandardOutput = true, UseShellExecute = false };
            using Process process = Process.Start(start)!;
            string version = process.StandardOutput.ReadToEnd();
            process.WaitForExit();
            if (version.StartsWith("wc (GNU coreutils)", StringComparison.Ordinal))
                return candidate;
        }

        throw new InvalidOperationException("GNU wc is not on PATH; these tests compare with it and must not skip. Install coreutils.");
    }

    public static void SetLocale(IDictionary<string, string?> environment, TextCountLocale locale, bool posixlyCorrect)
    {
        environment.Remove("LC_ALL");
        environment.Remove("LC_CTYPE");
        environment.Remove("POSIXLY_CORRECT");
        if (locale == TextCountLocale.Utf8)
            environment["LANG"] = Utf8Locale;
        else
            environment["LC_ALL"] = "C";
        if (posixlyCorrect)
            environment["POSIXLY_CORRECT"] = "1";
    }

    // `wc -lwmc f1 f2 …` prints one row per file in order (and a total row); this parses the rows back into counts.
    public static TextCounts[] CountFiles(string directory, IReadOnlyList<string> names, TextCountLocale locale, bool posixlyCorrect = false)
    {
        var args = new List<string> { "-lwmc", "--" };
        args.AddRange(names);
        (string stdout, string stderr, int exit) = Run(directory, args, locale, posixlyCorrect);
        Assert.True(exit == 0, $"wc failed ({exit}): {stderr}");
        string[] rows = stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(names.Count + (names.Count > 1 ? 1 : 0), rows.Length);
        var counts = new TextCounts[names.Count];
        for (int i = 0; i < names.Count; i++)
        {
            string[] fields = rows[i].Split(' ', StringSplitOptions.RemoveEmptyEntries);
            Assert.Equal(names[i], fields[4]);
            counts[i] = new TextCounts(
                long.Parse(fields[0], CultureInfo.InvariantCulture),
                long.Parse(fields[1], CultureInfo.InvariantCulture),
                long.Parse(fields[2], CultureInfo.InvariantCulture),
                long.Parse(fields[3], CultureInfo.InvariantCulture));
        }

        return counts;
    }

    /// <summary>
    /// Writes each text to <paramref name="directory"/> as <c>{prefix}{i}.txt</c> and counts them all with GNU
    /// <c>wc -lwmc</c>, 500 files a run (one process per file would dominate the tests' time).
    /// </summary>
    public static (List<string> Names, List<TextCounts> Counts) WriteAndCount(
        string directory, string prefix, IReadOnlyList<byte[]> texts, TextCountLocale locale, bool posixlyCorrect)
    {
        var names = new List<string>();
        for (int i = 0; i < texts.Count; i++)
        {
            string name = $"{prefix}{i}.txt";
            File.WriteAllBytes(System.IO.Path.Combine(directory, name), texts[i]);
            names.Add(name);
        }

        var counts = new List<TextCounts>();
        for (int start = 0; start < names.Count; start += 500)
            counts.AddRange(CountFiles(directory, names.Skip(start).Take(500).ToList(), locale, posixlyCorrect));
        return (names, counts);
    }
}
