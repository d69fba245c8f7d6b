using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Text;
using Streamline.Runtime;

namespace Streamline.Wc.Tests;

/// <summary>The wc sample where things go wrong: each command is run by a shell with GNU wc and with the sample, in
/// both locales, and both must print the bytes written here, with the same exit status.</summary>
/// <remarks>The fixture holds a file, a directory, a file nobody may read, a symbolic-link loop and names that are not
/// UTF-8. Output is compared as bytes (Latin-1 strings: one char per byte). When the tests run as root, "Permission
/// denied" is reached by dropping the capabilities that let root read anything (setpriv).</remarks>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class ErrorTests : IClassFixture<ErrorTests.Fixture>
{
    private readonly Fixture _fixture;

    public ErrorTests(Fixture fixture) => _fixture = fixture;

    public static TheoryData<string, string, string, int> Cases() => new()
    {
        // Standard input is a directory: the read fails (EISDIR), the counts so far are printed.
        { "\"$WC\" < d", "      0       0       0\n", "wc: 'standard input': Is a directory\n", 1 },
        { "\"$WC\" -c < d", "0\n", "wc: 'standard input': Is a directory\n", 1 },
        { "\"$WC\" -l < d", "0\n", "wc: 'standard input': Is a directory\n", 1 },
        { "\"$WC\" - < d", "      0       0       0 -\n", "wc: -: Is a directory\n", 1 },
        // Standard input is closed: fstat and read fail (EBADF), and so does the close at exit.
        { "\"$WC\" <&-", "0 0 0\n", "wc: 'standard input': Bad file descriptor\nwc: -: Bad file descriptor\n", 1 },
        { "\"$WC\" -c <&-", "0\n", "wc: 'standard input': Bad file descriptor\nwc: -: Bad file descriptor\n", 1 },
        { "\"$WC\" f - <&-", "1 1 3 f\n0 0 0 -\n1 1 3 total\n", "wc: -: Bad file descriptor\nwc: -: Bad file descriptor\n", 1 },
        // Standard output fails: gnulib's close_stdout names the errno only when the close fails too.
        { "\"$WC\" f > /dev/full", "", "wc: write error\n", 1 },
        { "\"$WC\" f >&-", "", "wc: write error: Bad file descriptor\n", 1 },
        { "\"$WC\" nope >&-", "", "wc: nope: No such file or directory\n", 1 },
        { "\"$WC\" nope f > /dev/full", "", "wc: nope: No such file or directory\nwc: write error\n", 1 },
        { "\"$WC\" --help > /dev/full", "", "wc: write error\n", 1 },
        { "\"$WC\" --version >&-", "", "wc: write error: Bad file descriptor\n", 1 },
        // A pipe nobody reads any more: the write raises SIGPIPE, which ends wc silently (status 128 + 13). The reader
        // closes its end, then lets wc start through a FIFO. The test host ignores SIGPIPE, and an ignored signal is
        // inherited, so env restores its default action first.
        { "rm -f go; mkfifo go; { read x < go; env --default-signal=PIPE \"$WC\" f; echo \"status $?\" >&2; } | { exec <&-; echo > go; }", "", "status 141\n", 0 },
        // open(2) errors, in the C library's words.
        { "\"$WC\" nope", "", "wc: nope: No such file or directory\n", 1 },
        { "\"$WC\" d", "      0       0       0 d\n", "wc: d: Is a directory\n", 1 },
        { "\"$WC\" -c d", "0 d\n", "wc: d: Is a directory\n", 1 },
        { "\"$WC\" f/x", "", "wc: f/x: Not a directory\n", 1 },
        { "\"$WC\" loop1", "", "wc: loop1: Too many levels of symbolic links\n", 1 },
        { "\"$WC\" \"$LONG\"", "", "wc: $LONG: File name too long\n", 1 },
        { "if [ \"$(id -u)\" = 0 ]; then set -- setpriv --bounding-set=-dac_override,-dac_read_search; fi; \"$@\" \"$WC\" noperm f", "1 1 3 f\n1 1 3 total\n", "wc: noperm: Permission denied\n", 1 },
        // Options getopt_long rejects.
        { "\"$WC\" -x f", "", "wc: invalid option -- 'x'\nTry 'wc --help' for more information.\n", 1 },
        { "\"$WC\" --x=y f", "", "wc: unrecognized option '--x=y'\nTry 'wc --help' for more information.\n", 1 },
        { "\"$WC\" --lines=3 f", "", "wc: option '--lines' doesn't allow an argument\nTry 'wc --help' for more information.\n", 1 },
        { "\"$WC\" --files0-from", "", "wc: option '--files0-from' requires an argument\nTry 'wc --help' for more information.\n", 1 },
        // The byte count comes from st_size only for a regular file, and is what lies past the offset.
        { "\"$WC\" -c < f", "3\n", "", 0 },
        { "(dd bs=1 skip=2 count=0 2>/dev/null; \"$WC\" -c) < f", "1\n", "", 0 },
        { "\"$WC\" -c /dev/null f", "      0 /dev/null\n      3 f\n      3 total\n", "", 0 },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Sample_PrintsGnuMessageAndStatus(string command, string stdout, string stderr, int exit)
    {
        foreach (TextCountLocale locale in new[] { TextCountLocale.Utf8, TextCountLocale.C })
        {
            var expected = (stdout.Replace("$LONG", _fixture.LongName), stderr.Replace("$LONG", _fixture.LongName), exit);
            var gnu = _fixture.Run(command, GnuWc.Path, locale);
            var sample = _fixture.Run(command, Fixture.SamplePath, locale);
            Assert.Equal(expected, gnu);
            Assert.Equal(expected, sample);
        }
    }

    // /sys reports a page as the size of a short file: GNU reads such files, and so must the sample.
    [Fact]
    public void Sample_ReadsFilesWhoseSizeIsAPage()
    {
        const string path = "/sys/devices/system/cpu/online";
        Assert.Equal(Environment.SystemPageSize, new FileInfo(path).Length);
        int length = File.ReadAllText(path).Length; // File.ReadAllBytes trusts the size and fails here
        Assert.NotEqual(Environment.SystemPageSize, length);
        var expected = ($"{length} {path}\n", "", 0);
        Assert.Equal(expected, _fixture.Run($"\"$WC\" -c {path}", GnuWc.Path, TextCountLocale.C));
        Assert.Equal(expected, _fixture.Run($"\"$WC\" -c {path}", Fixture.SamplePath, TextCountLocale.C));
    }

    // Names that are not UTF-8 are opened and printed as bytes; in diagnostics gnulib escapes the bytes that are not
    // printable characters of the locale (in C, every byte above 0x7F).
    [Theory]
    [InlineData(TextCountLocale.Utf8, "wc: 'no'$'\\351': No such file or directory\nwc: noc\u00C3\u00A9: No such file or directory\n")]
    [InlineData(TextCountLocale.C, "wc: 'no'$'\\351': No such file or directory\nwc: 'noc'$'\\303\\251': No such file or directory\n")]
    public void Sample_OpensAndPrintsNamesAsBytes(TextCountLocale locale, string stderr)
    {
        const string command = "\"$WC\" \"$(printf 'caf\\303\\251')\" \"$(printf 'bad\\351')\" \"$(printf 'no\\351')\" \"$(printf 'noc\\303\\251')\"";
        var expected = ("1 1 2 caf\u00C3\u00A9\n1 1 2 bad\u00E9\n2 2 4 total\n", stderr, 1);
        Assert.Equal(expected, _fixture.Run(command, GnuWc.Path, locale));
        Assert.Equal(expected, _fixture.Run(command, Fixture.SamplePath, locale));
    }

    // Arguments .NET cannot decode (cut, surrogate, overlong, five-byte, invalid): the bytes still reach open(2) and the
    // message, because the sample takes them from /proc/self/cmdline.
    [Theory]
    [InlineData(@"\360\237\230", @"''$'\360\237\230'")]
    [InlineData(@"\355\240\200", @"''$'\355\240\200'")]
    [InlineData(@"\300\200", @"''$'\300\200'")]
    [InlineData(@"\370\210\200\200\200", @"''$'\370\210\200\200\200'")]
    [InlineData(@"\376a", @"''$'\376''a'")]
    [InlineData(@"a\200\200b", @"'a'$'\200\200''b'")]
    public void Sample_TakesUndecodableArgumentsAsBytes(string octal, string quoted)
    {
        string command = $"\"$WC\" \"$(printf '{octal}')\"";
        string expected = $"wc: {quoted}: No such file or directory\n";
        foreach (TextCountLocale locale in new[] { TextCountLocale.Utf8, TextCountLocale.C })
        {
            var gnu = _fixture.Run(command, GnuWc.Path, locale);
            Assert.Equal(("", expected, 1), gnu);
            Assert.Equal(gnu, _fixture.Run(command, Fixture.SamplePath, locale));
        }
    }

    [Theory]
    [InlineData("it's", "\"it's\"")]
    [InlineData("it's $x", "'it'\\''s $x'")]
    [InlineData("a:b", "'a:b'")]
    [InlineData("{", "'{'")]
    [InlineData("a{", "a{")]
    [InlineData("#a", "'#a'")]
    [InlineData("a#", "a#")]
    [InlineData("~", "'~'")]
    [InlineData("a\\b", "'a\\b'")]
    [InlineData("a?", "'a?'")]
    [InlineData("@x", "@x")]
    [InlineData("a\u007Fb", "'a'$'\\177''b'")]
    [InlineData("a\nb", "'a'$'\\n''b'")]
    [InlineData("\u0001y\u0002", "''$'\\001''y'$'\\002'")]
    [InlineData("x\u00E2\u0080", "'x'$'\\342\\200'")]
    [InlineData("n\u00E2\u0080\u00A8x", "'n'$'\\342\\200\\250''x'")]
    [InlineData("a'b:c", "\"a'b:c\"")]
    [InlineData("x\"y", "'x\"y'")]
    [InlineData("sp ace", "'sp ace'")]
    // Found by RandomNames_AreQuotedAsGnuQuotesThem: gnulib's second pass keeps the first pass's escape state.
    [InlineData("a'\t", @"'''a'\'''$'\t'")]
    [InlineData("\t'\t", @"'\t'\'''$'\t'")]
    public void Sample_QuotesNamesAsGnulib(string name, string quoted)
    {
        // The name is passed as bytes through a shell variable (each char of the test string is one byte).
        string octal = OctalEscapes(name);
        string command = $"\"$WC\" \"$(printf '{octal}')\"";
        var expected = ("", $"wc: {quoted}: No such file or directory\n", 1);
        Assert.Equal(expected, _fixture.Run(command, GnuWc.Path, TextCountLocale.Utf8));
        Assert.Equal(expected, _fixture.Run(command, Fixture.SamplePath, TextCountLocale.Utf8));
    }

    // Random byte names (shell specials, quotes, controls, UTF-8 whole, cut and invalid) read from a --files0-from list,
    // none of which exists: every one is diagnosed with its quoted name, by GNU and by the sample alike.
    [Theory]
    [InlineData(TextCountLocale.Utf8)]
    [InlineData(TextCountLocale.C)]
    public void RandomNames_AreQuotedAsGnuQuotesThem(TextCountLocale locale)
    {
        string[] pieces =
        {
            "a", "Z9", "-", ".", "/", " ", "'", "\"", "\\", ":", "#", "~", "{", "}", "$", "!", "?", "*", "=", "@", "%", "+", ",",
            "]", "[", "^", "`", "|", "&", ";", "(", ")", "<", ">", "\t", "\n", "\r", "\a", "\b", "\f", "\v", "\u0001",
            "\u001B", "\u007F", "\u00C3\u00A9", "\u00E9", "\u00E2\u0080\u00A8", "\u00E4\u00B8\u00AD", "\u00E4\u00B8",
            "\u00F0\u009F\u0098\u0080", "\u00C0\u0080", "\u0080", "\u00FF", "\u00C2\u00A0", "\u00CC\u0081",
        };
        var random = new Random(locale == TextCountLocale.Utf8 ? 140 : 141);
        var list = new MemoryStream();
        for (int i = 0; i < 400; i++)
        {
            var name = new StringBuilder("n");
            int count = random.Next(1, 5);
            for (int j = 0; j < count; j++)
                name.Insert(random.Next(name.Length + 1), pieces[random.Next(pieces.Length)]);
            list.Write(Encoding.Latin1.GetBytes(name.ToString()));
            list.WriteByte(0);
        }

        File.WriteAllBytes(Path.Combine(_fixture.Directory, "names-" + locale), list.ToArray());
        string command = $"\"$WC\" -c --files0-from=names-{locale}";
        var gnu = _fixture.Run(command, GnuWc.Path, locale);
        var sample = _fixture.Run(command, Fixture.SamplePath, locale);
        string[] expected = gnu.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(400, expected.Length);
        Assert.Equal(expected, sample.StdErr.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Equal(gnu, sample);
    }

    private static string OctalEscapes(string name)
    {
        var escaped = new StringBuilder();
        foreach (char c in name)
            escaped.Append('\\').Append(Convert.ToString(c, 8).PadLeft(3, '0'));
        return escaped.ToString();
    }

    /// <summary>A directory of awkward inputs, made once for the class.</summary>
    public sealed class Fixture : IDisposable
    {
        public Fixture()
        {
            Directory = System.IO.Directory.CreateTempSubdirectory("streamline-wc-errors-").FullName;
            File.WriteAllText(Path.Combine(Directory, "f"), "hi\n");
            System.IO.Directory.CreateDirectory(Path.Combine(Directory, "d"));
            string noperm = Path.Combine(Directory, "noperm");
            File.WriteAllText(noperm, "hello\n");
            File.SetUnixFileMode(noperm, UnixFileMode.None);
            File.CreateSymbolicLink(Path.Combine(Directory, "loop1"), "loop2");
            File.CreateSymbolicLink(Path.Combine(Directory, "loop2"), "loop1");
            LongName = new string('a', 300);
            Run("printf 'x\\n' > \"$(printf 'caf\\303\\251')\"; printf 'y\\n' > \"$(printf 'bad\\351')\"", "true", TextCountLocale.C);
        }

        // The apphost built with the tests, or another build of the sample (a native AOT publish) named by STREAMLINE_WC.
        public static string SamplePath =>
            Environment.GetEnvironmentVariable("STREAMLINE_WC") is { Length: > 0 } path ? path : Path.Combine(AppContext.BaseDirectory, "wc");

        public string Directory { get; }

        public string LongName { get; }

        public (string StdOut, string StdErr, int ExitCode) Run(string command, string wc, TextCountLocale locale, IDictionary<string, string>? environment = null)
        {
            var start = new ProcessStartInfo("/bin/sh")
            {
                WorkingDirectory = Directory,
                RedirectStandardOutput = true,
                RedirectStandardError = true,
                UseShellExecute = false,
            };
            start.ArgumentList.Add("-c");
            start.ArgumentList.Add(command);
            start.Environment["WC"] = wc;
            start.Environment["LONG"] = LongName;
            GnuWc.SetLocale(start.Environment, locale, posixlyCorrect: false);
            if (environment is not null)
            {
                foreach (var (name, value) in environment)
                    start.Environment[name] = value;
            }

            using Process process = Process.Start(start)!;
            var stderr = new MemoryStream();
            var copyErr = process.StandardError.BaseStream.CopyToAsync(stderr);
            var stdout = new MemoryStream();
            process.StandardOutput.BaseStream.CopyTo(stdout);
            copyErr.Wait();
            process.WaitForExit();
            // GNU names itself as invoked (argv[0], a full path here); the sample always says "wc".
            string err = Encoding.Latin1.GetString(stderr.ToArray()).Replace(wc, "wc", StringComparison.Ordinal);
            return (Encoding.Latin1.GetString(stdout.ToArray()), err, process.ExitCode);
        }

        public void Dispose()
        {
            // .NET cannot name the files whose names are not UTF-8, so the shell removes them.
            Run("rm -rf -- *", "true", TextCountLocale.C);
            System.IO.Directory.Delete(Directory, recursive: true);
        }
    }
}
