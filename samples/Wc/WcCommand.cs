using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using Streamline.Runtime;

namespace Streamline.Samples.Wc;

/// <summary>GNU <c>wc</c>'s command line, counting with <see cref="TextCounter"/>.</summary>
/// <remarks>Follows coreutils 9.1 <c>src/wc.c</c>: getopt_long option parsing with permutation and unique-prefix
/// long options, one column width for all rows from <c>compute_number_width</c>, a <c>total</c> row for more than one
/// file, and diagnostics in GNU's words. <c>-L</c>, <c>--files0-from</c> and <c>--debug</c> are not implemented.</remarks>
public static class WcCommand
{
    private const string Name = "wc";

    private static readonly string[] s_longOptions =
    {
        "bytes", "chars", "lines", "words", "debug", "files0-from", "max-line-length", "help", "version",
    };

    private static readonly UTF8Encoding s_utf8 = new(encoderShouldEmitUTF8Identifier: false);

    /// <summary>Runs <c>wc</c>.</summary>
    /// <param name="args">The command line, without the program name.</param>
    /// <param name="console">The standard streams and environment.</param>
    /// <returns>The exit status: 0, or 1 after any error.</returns>
    public static int Run(string[] args, WcConsole console)
    {
        var output = new Output(console.StandardOutput, console.StandardError);
        try
        {
            return RunCore(args, console, output);
        }
        finally
        {
            output.Flush();
        }
    }

    private static int RunCore(string[] args, WcConsole console, Output output)
    {
        bool posixlyCorrect = console.GetEnvironmentVariable("POSIXLY_CORRECT") is not null;
        var options = TextCountOptions.None;
        var files = new List<string>();
        bool optionsEnded = false;
        foreach (string arg in args)
        {
            if (optionsEnded || arg.Length < 2 || arg[0] != '-')
            {
                files.Add(arg);
                optionsEnded |= posixlyCorrect; // POSIX getopt stops at the first operand; GNU's permutes
                continue;
            }

            if (arg == "--")
            {
                optionsEnded = true;
                continue;
            }

            if (arg[1] == '-')
            {
                if (!ParseLongOption(arg, output, ref options, out int? exit))
                    return exit ?? 1;
                continue;
            }

            for (int i = 1; i < arg.Length; i++)
            {
                switch (arg[i])
                {
                    case 'c':
                        options |= TextCountOptions.Bytes;
                        break;
                    case 'm':
                        options |= TextCountOptions.Chars;
                        break;
                    case 'l':
                        options |= TextCountOptions.Lines;
                        break;
                    case 'w':
                        options |= TextCountOptions.Words;
                        break;
                    case 'L':
                        output.Error($"{Name}: option -- 'L' (max line length) is not implemented by this sample");
                        return 1;
                    default:
                        output.Error($"{Name}: invalid option -- '{arg[i]}'");
                        output.Error($"Try '{Name} --help' for more information.");
                        return 1;
                }
            }
        }

        if (options == TextCountOptions.None)
            options = TextCountOptions.Default;
        if (posixlyCorrect)
            options |= TextCountOptions.PosixlyCorrect;
        TextCountLocale locale = EffectiveLocale(console.GetEnvironmentVariable);

        bool namedFiles = files.Count > 0;
        if (!namedFiles)
            files.Add("-");
        int width = ColumnWidth(files, options, console.StandardInputStatus);

        bool ok = true;
        TextCounts total = default;
        foreach (string file in files)
        {
            string? label = namedFiles ? file : null;
            if (file.Length == 0)
            {
                output.Error($"{Name}: invalid zero-length file name");
                ok = false;
                continue;
            }

            TextCounts counts;
            if (file == "-")
            {
                counts = TextCounter.Count(console.StandardInput, options, locale);
            }
            else if (Directory.Exists(file))
            {
                // GNU opens a directory, fails to read it, and still prints its (zero) counts.
                output.Error($"{Name}: {Quote(file)}: Is a directory");
                ok = false;
                counts = default;
            }
            else
            {
                try
                {
                    counts = TextCounter.Count(file, options, locale);
                }
                catch (Exception e) when (e is IOException or UnauthorizedAccessException)
                {
                    output.Error($"{Name}: {Quote(file)}: {Describe(e)}");
                    ok = false;
                    continue;
                }
            }

            output.Row(counts, options, width, label);
            total += counts;
        }

        if (files.Count > 1)
            output.Row(total, options, width, "total");
        return ok ? 0 : 1;
    }

    private static bool ParseLongOption(string arg, Output output, ref TextCountOptions options, out int? exit)
    {
        exit = null;
        int equals = arg.IndexOf('=');
        string name = equals < 0 ? arg.Substring(2) : arg.Substring(2, equals - 2);
        var matches = new List<string>();
        foreach (string candidate in s_longOptions)
        {
            if (candidate == name)
            {
                matches.Clear();
                matches.Add(candidate);
                break;
            }

            if (name.Length > 0 && candidate.StartsWith(name, StringComparison.Ordinal))
                matches.Add(candidate);
        }

        if (matches.Count == 0)
        {
            output.Error($"{Name}: unrecognized option '{(equals < 0 ? arg : arg.Substring(0, equals))}'");
            output.Error($"Try '{Name} --help' for more information.");
            return false;
        }

        if (matches.Count > 1)
        {
            var message = new StringBuilder($"{Name}: option '{(equals < 0 ? arg : arg.Substring(0, equals))}' is ambiguous; possibilities:");
            foreach (string match in matches)
                message.Append(" '--").Append(match).Append('\'');
            output.Error(message.ToString());
            output.Error($"Try '{Name} --help' for more information.");
            return false;
        }

        string option = matches[0];
        if (equals >= 0 && option != "files0-from")
        {
            output.Error($"{Name}: option '--{option}' doesn't allow an argument");
            output.Error($"Try '{Name} --help' for more information.");
            return false;
        }

        switch (option)
        {
            case "bytes":
                options |= TextCountOptions.Bytes;
                return true;
            case "chars":
                options |= TextCountOptions.Chars;
                return true;
            case "lines":
                options |= TextCountOptions.Lines;
                return true;
            case "words":
                options |= TextCountOptions.Words;
                return true;
            case "help":
                output.Text($"Usage: {Name} [OPTION]... [FILE]...\n"
                    + "Print newline, word, and byte counts for each FILE, and a total line if\n"
                    + "more than one FILE is specified.  A word is a non-zero-length sequence of\n"
                    + "printable characters delimited by white space.\n\n"
                    + "With no FILE, or when FILE is -, read standard input.\n\n"
                    + "  -c, --bytes            print the byte counts\n"
                    + "  -m, --chars            print the character counts\n"
                    + "  -l, --lines            print the newline counts\n"
                    + "  -w, --words            print the word counts\n"
                    + "      --help        display this help and exit\n"
                    + "      --version     output version information and exit\n");
                exit = 0;
                return false;
            case "version":
                output.Text($"{Name} (Streamline sample, counting like GNU coreutils 9.1)\n");
                exit = 0;
                return false;
            default:
                output.Error($"{Name}: option '--{option}' is not implemented by this sample");
                return false;
        }
    }

    // setlocale(LC_ALL, "") takes LC_ALL, then LC_CTYPE, then LANG, skipping empty values. Only the name decides here;
    // glibc falls back to C when the named locale is not installed, so en_US.UTF-8 on a machine without it is C.
    private static TextCountLocale EffectiveLocale(Func<string, string?> getEnvironmentVariable)
    {
        string? name = null;
        foreach (string variable in new[] { "LC_ALL", "LC_CTYPE", "LANG" })
        {
            name = getEnvironmentVariable(variable);
            if (!string.IsNullOrEmpty(name))
                break;
        }

        if (name is null || !IsUtf8Name(name))
            return TextCountLocale.C;
        return IsInstalled(name) ? TextCountLocale.Utf8 : TextCountLocale.C;
    }

    private static bool IsUtf8Name(string name) =>
        name.IndexOf("UTF-8", StringComparison.OrdinalIgnoreCase) >= 0
        || name.IndexOf("UTF8", StringComparison.OrdinalIgnoreCase) >= 0;

    private static bool IsInstalled(string name)
    {
        if (name.StartsWith("C.", StringComparison.Ordinal))
            return true;
        // glibc normalises the codeset part (UTF-8 -> utf8) when it looks for /usr/lib/locale/<name>.
        int dot = name.IndexOf('.');
        string normalised = dot < 0 ? name : name.Substring(0, dot) + ".utf8" + After(name, dot);
        if (Directory.Exists(Path.Combine("/usr/lib/locale", normalised)) || Directory.Exists(Path.Combine("/usr/lib/locale", name)))
            return true;
        return ArchiveContains("/usr/lib/locale/locale-archive", normalised);
    }

    private static string After(string name, int dot)
    {
        int at = name.IndexOf('@', dot);
        return at < 0 ? string.Empty : name.Substring(at);
    }

    // The locale archive stores each locale's name as a NUL-terminated string; finding it is enough for a sample.
    private static bool ArchiveContains(string archive, string name)
    {
        try
        {
            if (!File.Exists(archive))
                return false;
            byte[] needle = Encoding.ASCII.GetBytes(name + "\0");
            byte[] data = File.ReadAllBytes(archive);
            return data.AsSpan().IndexOf(needle) >= 0;
        }
        catch (IOException)
        {
            return false;
        }
    }

    // wc.c get_input_fstatus and compute_number_width: one number, one file means width 1 and no stat. Otherwise the
    // digits of the total size of the regular files among those stat succeeded on, at least 7 if any is not regular.
    private static int ColumnWidth(List<string> files, TextCountOptions options, FileStatus standardInput)
    {
        int printed = 0;
        for (int bit = 1; bit <= (int)TextCountOptions.Bytes; bit <<= 1)
        {
            if (((int)options & bit) != 0)
                printed++;
        }

        if (files.Count == 1 && printed == 1)
            return 1;

        int minimum = 1;
        long regularTotal = 0;
        foreach (string file in files)
        {
            FileStatus status = file == "-" ? standardInput : file.Length == 0 ? default : FileStatus.Of(file);
            if (!status.Exists)
                continue;
            if (status.IsRegular)
                regularTotal += status.Size;
            else
                minimum = 7;
        }

        int width = 1;
        for (; regularTotal >= 10; regularTotal /= 10)
            width++;
        return Math.Max(width, minimum);
    }

    private static string Describe(Exception e) => e switch
    {
        FileNotFoundException or DirectoryNotFoundException => "No such file or directory",
        UnauthorizedAccessException => "Permission denied",
        _ => e.Message,
    };

    // quotef: gnulib's shell-escape quoting with ':' quoted too. Plain names stay bare; names with shell
    // metacharacters get single quotes (double quotes when they hold a single quote); control characters use $'…'.
    internal static string Quote(string name)
    {
        bool needsQuotes = false;
        bool hasControl = false;
        bool hasSingleQuote = false;
        for (int i = 0; i < name.Length; i++)
        {
            char c = name[i];
            if (c < ' ' || c == '\x7F')
                hasControl = true;
            else if (c == '\'')
                hasSingleQuote = true;
            else if (" !\"$&()*;<=>?[\\^`|:".IndexOf(c) >= 0 || (i == 0 && (c == '#' || c == '~')))
                needsQuotes = true;
        }

        if (!needsQuotes && !hasControl && !hasSingleQuote)
            return name;
        if (!hasControl && hasSingleQuote && name.IndexOfAny(new[] { '"', '$', '`', '\\' }) < 0)
            return "\"" + name + "\"";

        var quoted = new StringBuilder();
        bool open = false;
        foreach (char c in name)
        {
            if (c < ' ' || c == '\x7F' || c == '\'')
            {
                if (open)
                    quoted.Append('\'');
                open = false;
                string escape = c switch
                {
                    '\'' => "\\'",
                    '\a' => "$'\\a'", '\b' => "$'\\b'", '\t' => "$'\\t'", '\n' => "$'\\n'", '\v' => "$'\\v'",
                    '\f' => "$'\\f'", '\r' => "$'\\r'",
                    _ => "$'\\" + Convert.ToString(c, 8).PadLeft(3, '0') + "'",
                };
                quoted.Append(escape);
            }
            else
            {
                if (!open)
                    quoted.Append('\'');
                open = true;
                quoted.Append(c);
            }
        }

        if (open)
            quoted.Append('\'');
        return quoted.ToString();
    }

    private sealed class Output
    {
        private readonly Stream _stdout;
        private readonly Stream _stderr;
        private readonly MemoryStream _line = new();
        private readonly byte[] _digits = new byte[32];

        public Output(Stream stdout, Stream stderr)
        {
            _stdout = stdout;
            _stderr = stderr;
        }

        // wc line-buffers stdout, so a row is out before the next file's diagnostic.
        public void Row(TextCounts counts, TextCountOptions options, int width, string? file)
        {
            bool first = true;
            if ((options & TextCountOptions.Lines) != 0)
                Number(counts.Lines, width, ref first);
            if ((options & TextCountOptions.Words) != 0)
                Number(counts.Words, width, ref first);
            if ((options & TextCountOptions.Chars) != 0)
                Number(counts.Chars, width, ref first);
            if ((options & TextCountOptions.Bytes) != 0)
                Number(counts.Bytes, width, ref first);
            if (file is not null)
            {
                _line.WriteByte((byte)' ');
                byte[] name = s_utf8.GetBytes(file.IndexOf('\n') >= 0 ? Quote(file) : file);
                _line.Write(name, 0, name.Length);
            }

            _line.WriteByte((byte)'\n');
            _stdout.Write(_line.GetBuffer(), 0, (int)_line.Length);
            _line.SetLength(0);
        }

        public void Text(string text)
        {
            byte[] bytes = s_utf8.GetBytes(text);
            _stdout.Write(bytes, 0, bytes.Length);
        }

        public void Error(string message)
        {
            _stdout.Flush();
            byte[] bytes = s_utf8.GetBytes(message + "\n");
            _stderr.Write(bytes, 0, bytes.Length);
            _stderr.Flush();
        }

        public void Flush() => _stdout.Flush();

        private void Number(long value, int width, ref bool first)
        {
            if (!first)
                _line.WriteByte((byte)' ');
            first = false;
            string digits = value.ToString(CultureInfo.InvariantCulture);
            for (int i = digits.Length; i < width; i++)
                _line.WriteByte((byte)' ');
            for (int i = 0; i < digits.Length; i++)
                _digits[i] = (byte)digits[i];
            _line.Write(_digits, 0, digits.Length);
        }
    }
}
