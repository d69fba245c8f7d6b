using System;
using System.Diagnostics;
using System.IO;
using System.Text;
using Streamline.Runtime;
using Streamline.Samples.Wc;

namespace Streamline.Wc.Tests;

/// <summary>The wc sample against GNU wc: same command line, same bytes on stdout and stderr, same exit status.</summary>
public class SampleTests
{
    private const string AllFiles = "clarissa_volume*.txt les_miserables_pg135.txt summary.md edge/*";

    public static TheoryData<string, TextCountLocale> Commands()
    {
        string[] commands =
        {
            $"\"$WC\" {AllFiles}",
            $"\"$WC\" -l {AllFiles}",
            $"\"$WC\" -w {AllFiles}",
            $"\"$WC\" -m {AllFiles}",
            $"\"$WC\" -c {AllFiles}",
            $"\"$WC\" -lwmc {AllFiles}",
            $"\"$WC\" -cl -w {AllFiles}",
            "\"$WC\" --lines --words clarissa_volume6.txt clarissa_volume7.txt",
            "\"$WC\" --li --ch --by clarissa_volume8.txt",
            "\"$WC\" -l summary.md",
            "\"$WC\" -m clarissa_volume6.txt",
            "\"$WC\" summary.md",
            "\"$WC\" summary.md -l",
            "\"$WC\" -- summary.md",
            "\"$WC\" summary.md nope clarissa_volume1.txt",
            "\"$WC\" nope summary.md",
            "\"$WC\" nope",
            "\"$WC\" summary.md edge nope 'no pe'",
            "\"$WC\" -c edge",
            "\"$WC\" < summary.md",
            "\"$WC\" -lw < clarissa_volume5.txt",
            "\"$WC\" -m - < clarissa_volume9.txt",
            "\"$WC\" summary.md - < clarissa_volume2.txt",
            "cat summary.md | \"$WC\"",
            "cat clarissa_volume3.txt | \"$WC\" -l",
            "cat summary.md | \"$WC\" -w - summary.md",
            "\"$WC\" -x summary.md",
            "\"$WC\" --foo summary.md",
            "\"$WC\" --lines=3 summary.md",
            "\"$WC\" '' summary.md",
        };
        var data = new TheoryData<string, TextCountLocale>();
        foreach (string command in commands)
        {
            data.Add(command, TextCountLocale.Utf8);
            data.Add(command, TextCountLocale.C);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Commands))]
    public void Sample_PrintsWhatGnuWcPrints(string command, TextCountLocale locale)
    {
        var expected = Shell(command, GnuWc.Path, locale, posixlyCorrect: false);
        var actual = Shell(command, Path.Combine(AppContext.BaseDirectory, "wc"), locale, posixlyCorrect: false);
        Assert.Equal(expected, actual);
    }

    [Theory]
    [InlineData("\"$WC\" summary.md -l")]
    [InlineData("printf 'a\\302\\240b\\n' | \"$WC\" -w")]
    public void Sample_FollowsPosixlyCorrect(string command)
    {
        var expected = Shell(command, GnuWc.Path, TextCountLocale.Utf8, posixlyCorrect: true);
        var actual = Shell(command, Path.Combine(AppContext.BaseDirectory, "wc"), TextCountLocale.Utf8, posixlyCorrect: true);
        Assert.Equal(expected, actual);
    }

    // In-process: the entry point the apphost runs, on memory streams.
    [Fact]
    public void Run_InProcess_MatchesGnuWc()
    {
        var stdout = new MemoryStream();
        var stderr = new MemoryStream();
        var console = new WcConsole(
            new MemoryStream(), FileStatus.Other, stdout, stderr,
            name => name == "LANG" ? GnuWc.Utf8Locale : null);
        string[] args = { "-lwmc", Path.Combine(GnuWc.CorpusDirectory, "clarissa_volume5.txt"), Path.Combine(GnuWc.CorpusDirectory, "missing") };
        int exit = WcCommand.Run(args, console);

        var expected = GnuWc.Run(GnuWc.CorpusDirectory, args, TextCountLocale.Utf8);
        Assert.Equal(expected.ExitCode, exit);
        Assert.Equal(expected.StdOut, Encoding.UTF8.GetString(stdout.ToArray()));
        Assert.Equal(expected.StdErr, Encoding.UTF8.GetString(stderr.ToArray()));
    }

    private static (string StdOut, string StdErr, int ExitCode) Shell(string command, string wc, TextCountLocale locale, bool posixlyCorrect)
    {
        var start = new ProcessStartInfo("/bin/sh")
        {
            WorkingDirectory = GnuWc.CorpusDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add("-c");
        start.ArgumentList.Add(command);
        start.Environment["WC"] = wc;
        GnuWc.SetLocale(start.Environment, locale, posixlyCorrect);
        using Process process = Process.Start(start)!;
        var stderr = process.StandardError.ReadToEndAsync();
        string stdout = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        // GNU names itself as invoked (argv[0], a full path here); the sample always says "wc".
        return (stdout, stderr.Result.Replace(wc, "wc", StringComparison.Ordinal), process.ExitCode);
    }
}
