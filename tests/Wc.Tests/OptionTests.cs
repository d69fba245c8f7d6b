using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using Streamline.Runtime;

namespace Streamline.Wc.Tests;

/// <summary>The options the sample added to the first four: <c>-L</c>, <c>--files0-from</c>, <c>--total</c>,
/// <c>--help</c>, <c>--version</c> and <c>--debug</c>, each against GNU wc 9.1 and against the expected text.</summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class OptionTests : IClassFixture<ErrorTests.Fixture>
{
    private const string Help = "Try 'wc --help' for more information.\n";

    private readonly ErrorTests.Fixture _fixture;

    public OptionTests(ErrorTests.Fixture fixture) => _fixture = fixture;

    // Each command: what both wc print in C.UTF-8 and in C (stdout, stderr, status).
    public static TheoryData<string, string, string, string, int> Cases() => new()
    {
        // -L: a tab goes to the next multiple of 8; \r, \f and \n end a line; CJK is 2 wide, a combining mark and
        // U+200B 0 wide, controls and DEL nothing; in C every byte above 0x7F is nothing.
        { "printf 'a\\tb\\n' | \"$WC\" -L", "9\n", "9\n", "", 0 },
        { "printf '\\344\\270\\255\\346\\226\\207x\\n' | \"$WC\" -L", "5\n", "1\n", "", 0 },
        { "printf 'abcdef\\rab\\fabc\\n' | \"$WC\" -L", "6\n", "6\n", "", 0 },
        { "printf 'e\\314\\201\\342\\200\\213\\001\\177\\vz' | \"$WC\" -L", "2\n", "2\n", "", 0 },
        { "printf '\\360\\237\\230\\200\\t\\303\\251' | \"$WC\" -L", "9\n", "8\n", "", 0 },
        { "printf 'x\\351\\342\\202y' | \"$WC\" -L", "2\n", "2\n", "", 0 },
        { "printf 'ab\\ncdef\\n' > l1; printf 'xyz' > l2; \"$WC\" -lL l1 l2", " 2  4 l1\n 0  3 l2\n 2  4 total\n", " 2  4 l1\n 0  3 l2\n 2  4 total\n", "", 0 },
        { "printf 'ab\\n' | \"$WC\" --max-line-length -c", "      3       2\n", "      3       2\n", "", 0 },
        // --files0-from: NUL-separated names from a file or from standard input.
        { "printf 'f\\0f\\0' > n; \"$WC\" --files0-from=n", "1 1 3 f\n1 1 3 f\n2 2 6 total\n", "1 1 3 f\n1 1 3 f\n2 2 6 total\n", "", 0 },
        { "printf 'f\\0\\0f' > n; \"$WC\" -l --files0-from n", "1 f\n1 f\n2 total\n", "1 f\n1 f\n2 total\n", "wc: n:2: invalid zero-length file name\n", 1 },
        { "printf 'f\\0nope\\0' | \"$WC\" -c --files0-from=-", "3 f\n3 total\n", "3 f\n3 total\n", "wc: nope: No such file or directory\n", 1 },
        { "printf 'f\\0-\\0' | \"$WC\" -w --files0-from=-", "1 f\n1 total\n", "1 f\n1 total\n", "wc: when reading file names from stdin, no file name of '-' allowed\n", 1 },
        { "\"$WC\" --files0-from=nope", "", "", "wc: cannot open 'nope' for reading: No such file or directory\n", 1 },
        { "\"$WC\" --files0-from=d", "", "", "wc: d: read error: Is a directory\n", 1 },
        { "\"$WC\" --files0-from=- < d", "", "", "wc: -: read error: Is a directory\n", 1 },
        { "\"$WC\" --files0-from=/dev/null", "", "", "", 0 },
        { "\"$WC\" --files0-from=/dev/null f", "", "", "wc: extra operand 'f'\nfile operands cannot be combined with --files0-from\n" + Help, 1 },
        { "\"$WC\" --files0-from", "", "", "wc: option '--files0-from' requires an argument\n" + Help, 1 },
        // --debug reports the line-count path (GNU asks the CPU for AVX2; so does the sample).
        { "\"$WC\" --debug -c f", "3 f\n", "3 f\n", "", 0 },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Option_MatchesGnuWc(string command, string utf8Out, string cOut, string stderr, int exit)
    {
        foreach (TextCountLocale locale in new[] { TextCountLocale.Utf8, TextCountLocale.C })
        {
            var expected = (locale == TextCountLocale.Utf8 ? utf8Out : cOut, stderr, exit);
            Assert.Equal(expected, _fixture.Run(command, GnuWc.Path, locale));
            Assert.Equal(expected, _fixture.Run(command, ErrorTests.Fixture.SamplePath, locale));
        }
    }

    // --total appeared in coreutils 9.2, so GNU wc 9.1 rejects it; the sample follows 9.2's src/wc.c: "only" prints
    // the total row alone, unlabelled and unpadded; "always" prints it after a single file; "never" leaves it out.
    [Theory]
    [InlineData("\"$WC\" --total=always f", "1 1 3 f\n1 1 3 total\n", "", 0)]
    [InlineData("\"$WC\" --total=al -c f", "3 f\n3 total\n", "", 0)]
    [InlineData("\"$WC\" --total=only f f", "2 2 6\n", "", 0)]
    [InlineData("\"$WC\" --total=never f f", "1 1 3 f\n1 1 3 f\n", "", 0)]
    [InlineData("\"$WC\" --total=auto f f", "1 1 3 f\n1 1 3 f\n2 2 6 total\n", "", 0)]
    [InlineData("\"$WC\" --total=x f", "", "wc: invalid argument 'x' for '--total'\nValid arguments are:\n  - 'auto'\n  - 'always'\n  - 'only'\n  - 'never'\n" + Help, 1)]
    [InlineData("\"$WC\" --total=a f", "", "wc: ambiguous argument 'a' for '--total'\nValid arguments are:\n  - 'auto'\n  - 'always'\n  - 'only'\n  - 'never'\n" + Help, 1)]
    public void Total_FollowsCoreutils92(string command, string stdout, string stderr, int exit)
    {
        Assert.Equal((stdout, stderr, exit), _fixture.Run(command, ErrorTests.Fixture.SamplePath, TextCountLocale.C));
        Assert.Equal(("", "wc: unrecognized option '--total=" + command.Split("--total=")[1].Split(' ')[0] + "'\n" + Help, 1),
            _fixture.Run(command, GnuWc.Path, TextCountLocale.C));
    }

    [Fact]
    public void Total_QuotesLikeTheLocaleInUtf8()
    {
        const string expected = "wc: invalid argument \u00E2\u0080\u0098x\u00E2\u0080\u0099 for \u00E2\u0080\u0098--total\u00E2\u0080\u0099\n";
        var (_, stderr, exit) = _fixture.Run("\"$WC\" --total=x f", ErrorTests.Fixture.SamplePath, TextCountLocale.Utf8);
        Assert.StartsWith(expected, stderr, StringComparison.Ordinal);
        Assert.Equal(1, exit);
    }

    // The help is in the sample's own words, with GNU's usage lines and every option GNU lists.
    [Fact]
    public void Help_ListsEveryOptionGnuLists()
    {
        var gnu = _fixture.Run("\"$WC\" --help", GnuWc.Path, TextCountLocale.C);
        var sample = _fixture.Run("\"$WC\" --help", ErrorTests.Fixture.SamplePath, TextCountLocale.C);
        Assert.Equal(("", 0), (sample.StdErr, sample.ExitCode));
        // GNU names itself as invoked (argv[0], a full path here); the sample always says "wc".
        string[] gnuLines = gnu.StdOut.Replace(GnuWc.Path, "wc", StringComparison.Ordinal).Split('\n');
        Assert.StartsWith(gnuLines[0] + "\n" + gnuLines[1] + "\n", sample.StdOut, StringComparison.Ordinal);
        var options = new List<string>();
        foreach (string line in gnuLines)
        {
            string trimmed = line.TrimStart();
            if (trimmed.StartsWith('-') && line.StartsWith("  ", StringComparison.Ordinal))
                options.Add(trimmed.Split("  ")[0]);
        }

        Assert.Equal(new[] { "-c, --bytes", "-m, --chars", "-l, --lines", "--files0-from=F", "-L, --max-line-length", "-w, --words", "--help", "--version" }, options);
        foreach (string option in options)
            Assert.Contains("  " + option + " ", sample.StdOut, StringComparison.Ordinal);
        Assert.Contains("  --total=WHEN ", sample.StdOut, StringComparison.Ordinal);
    }

    [Fact]
    public void Version_NamesTheProgramLikeGnu()
    {
        var gnu = _fixture.Run("\"$WC\" --version", GnuWc.Path, TextCountLocale.C);
        var sample = _fixture.Run("\"$WC\" --version", ErrorTests.Fixture.SamplePath, TextCountLocale.C);
        Assert.StartsWith("wc (GNU coreutils) 9.1\n", gnu.StdOut, StringComparison.Ordinal);
        Assert.Matches(@"^wc \(Streamline sample\) \d+\.\d+\.\d+\n", sample.StdOut);
        Assert.Equal(("", 0), (sample.StdErr, sample.ExitCode));
    }

    [Fact]
    public void Debug_ReportsTheLineCountPathAsGnuDoes()
    {
        var gnu = _fixture.Run("\"$WC\" --debug -l f", GnuWc.Path, TextCountLocale.C);
        var sample = _fixture.Run("\"$WC\" --debug -l f", ErrorTests.Fixture.SamplePath, TextCountLocale.C);
        Assert.Equal(gnu, sample);
        Assert.Equal("1 f\n", sample.StdOut);
        Assert.Matches("^wc: (using avx2 hardware support|avx2 support not detected)\n$", sample.StdErr);
    }

    // -L over random text with the pieces that matter to it (tabs, wide, zero-width and unprintable characters,
    // invalid and cut sequences, \r \f \v), in files that put characters across the 128 KiB reads, against GNU.
    [Theory]
    [InlineData(TextCountLocale.Utf8)]
    [InlineData(TextCountLocale.C)]
    public void MaxLineLength_RandomFiles_MatchGnuWc(TextCountLocale locale)
    {
        byte[][] pieces =
        {
            "a"u8.ToArray(), "hello world"u8.ToArray(), "\t"u8.ToArray(), "\n"u8.ToArray(), "\r"u8.ToArray(), "\f"u8.ToArray(),
            "\v"u8.ToArray(), " "u8.ToArray(), "\u4E2D"u8.ToArray(), "\u0301"u8.ToArray(), "\u200B"u8.ToArray(),
            "\U0001F600"u8.ToArray(), "\u00E9"u8.ToArray(), "\uFF21"u8.ToArray(), "\u00AD"u8.ToArray(), "\u2028"u8.ToArray(),
            new byte[] { 0x01 }, new byte[] { 0x7F }, new byte[] { 0x00 }, new byte[] { 0xE9 }, new byte[] { 0xE4, 0xB8 },
            new byte[] { 0xF8, 0x88, 0x80, 0x80, 0x80 }, new byte[] { 0xFC, 0x84, 0x80, 0x80, 0x80, 0x80 }, new byte[] { 0xC0, 0x80 },
            new byte[] { 0xED, 0xA0, 0x80 },
        };
        var random = new Random(locale == TextCountLocale.Utf8 ? 14 : 15);
        string directory = Path.Combine(_fixture.Directory, "random-" + locale);
        Directory.CreateDirectory(directory);
        var names = new List<string>();
        for (int file = 0; file < 120; file++)
        {
            var text = new MemoryStream();
            int target = file % 3 == 0 ? 131072 + random.Next(-8, 8) : random.Next(0, 400);
            while (text.Length < target)
            {
                byte[] piece = file % 3 == 0 && text.Length < target - 40 ? "abcdefg\t"u8.ToArray() : pieces[random.Next(pieces.Length)];
                text.Write(piece);
            }

            string name = $"r{file}";
            File.WriteAllBytes(Path.Combine(directory, name), text.ToArray());
            names.Add(name);
        }

        string command = "cd random-" + locale + " && \"$WC\" -L " + string.Join(' ', names);
        var gnu = _fixture.Run(command, GnuWc.Path, locale);
        var sample = _fixture.Run(command, ErrorTests.Fixture.SamplePath, locale);
        Assert.Equal(0, gnu.ExitCode);
        Assert.Equal(gnu, sample);
    }
}
