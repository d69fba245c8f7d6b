using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.Intrinsics.X86;
using System.Text;
using Streamline.Runtime;

namespace Streamline.Samples.Wc;

/// <summary>GNU <c>wc</c>'s command line, counting with <see cref="TextCounter"/>.</summary>
/// <remarks>Follows coreutils 9.1 <c>src/wc.c</c>: getopt_long option parsing with permutation and unique-prefix
/// long options, one column width for all rows from <c>compute_number_width</c>, a <c>total</c> row for more than one
/// file, diagnostics in GNU's words with the C library's <c>strerror</c> text, and gnulib's <c>close_stdout</c> at
/// exit. <c>--total</c> follows coreutils 9.2, where it first appeared. Every string here holds bytes
/// (<see cref="ByteText"/>), so that file names that are not UTF-8 are opened and printed unchanged.</remarks>
public static class WcCommand
{
    private const string Name = "wc";

    private static readonly string[] s_longOptions =
    {
        "bytes", "chars", "lines", "words", "debug", "files0-from", "max-line-length", "total", "help", "version",
    };

    private static readonly string[] s_totalModes = { "auto", "always", "only", "never" };

    /// <summary>Runs <c>wc</c> on a command line given as text (each argument is passed on as its UTF-8 bytes).</summary>
    /// <param name="args">The command line, without the program name.</param>
    /// <param name="console">The standard streams and environment.</param>
    /// <returns>The exit status: 0, or 1 after any error.</returns>
    public static int Run(string[] args, WcConsole console)
    {
        var raw = new byte[args.Length][];
        for (int i = 0; i < args.Length; i++)
            raw[i] = Encoding.UTF8.GetBytes(args[i]);
        return Run(raw, console);
    }

    /// <summary>Runs <c>wc</c> on a command line given as the bytes of each argument, as the kernel passes it.</summary>
    /// <param name="args">The command line, without the program name.</param>
    /// <param name="console">The standard streams and environment.</param>
    /// <returns>The exit status: 0, or 1 after any error.</returns>
    public static int Run(IReadOnlyList<byte[]> args, WcConsole console)
    {
        var arguments = new List<string>(args.Count);
        foreach (byte[] arg in args)
            arguments.Add(ByteText.FromBytes(arg));
        var run = new Invocation(console);
        int status = run.Execute(arguments);
        return run.CloseStandardOutput(status);
    }

    // One run of wc: its options, its totals and its output.
    private sealed class Invocation
    {
        // --total=WHEN, as indexes of s_totalModes.
        private const int TotalAuto = 0;
        private const int TotalAlways = 1;
        private const int TotalOnly = 2;
        private const int TotalNever = 3;

        private readonly WcConsole _console;
        private readonly Output _output;
        private readonly TextCountLocale _locale;
        private readonly bool _posixlyCorrect;
        private bool _lines;
        private bool _words;
        private bool _chars;
        private bool _bytes;
        private bool _maxLineLength;
        private bool _debug;
        private int _totalMode;
        private string? _filesFrom;
        private int _width;
        private bool _haveReadStdin;
        private TextCounts _total;
        private long _maxLineTotal;

        public Invocation(WcConsole console)
        {
            _console = console;
            _output = new Output(console.StandardOutput, console.StandardError);
            _locale = EffectiveLocale(console.GetEnvironmentVariable);
            _posixlyCorrect = console.GetEnvironmentVariable("POSIXLY_CORRECT") is not null;
        }

        private TextCountOptions Counts =>
            (_lines ? TextCountOptions.Lines : 0) | (_words ? TextCountOptions.Words : 0)
            | (_chars ? TextCountOptions.Chars : 0) | (_bytes ? TextCountOptions.Bytes : 0);

        public int Execute(List<string> args)
        {
            var operands = new List<string>();
            int? exit = ParseOptions(args, operands);
            if (exit is not null)
                return exit.Value;

            if (!(_lines || _words || _chars || _bytes || _maxLineLength))
                _lines = _words = _bytes = true;

            List<string?> files;
            bool namesFromStream = false;
            string? namesReadError = null;
            if (_filesFrom is not null)
            {
                if (operands.Count > 0)
                {
                    _output.Error($"{Name}: extra operand {Quoting.QuoteAlways(operands[0], _locale)}");
                    _output.Error("file operands cannot be combined with --files0-from");
                    return TryHelp();
                }

                exit = ReadNames(_filesFrom, out files, out namesFromStream, out namesReadError);
                if (exit is not null)
                    return exit.Value;
            }
            else
            {
                files = operands.Count > 0 ? new List<string?>(operands) : new List<string?> { null };
            }

            // A list of names read from a pipe is, for GNU, of unknown length: no status up front, width 1.
            FileStatus?[] statuses = InputStatuses(files, namesFromStream);
            _width = _totalMode == TotalOnly ? 1 : ColumnWidth(statuses);

            bool ok = true;
            for (int i = 0; i < files.Count; i++)
            {
                string? file = files[i];
                if (_filesFrom == "-" && file == "-")
                {
                    _output.Error($"{Name}: when reading file names from stdin, no file name of {Quoting.QuoteAlways(file, _locale)} allowed");
                    ok = false;
                    continue;
                }

                if (file is { Length: 0 })
                {
                    _output.Error(_filesFrom is null
                        ? $"{Name}: invalid zero-length file name"
                        : $"{Name}: {Quoting.QuoteIfNeeded(_filesFrom, _locale)}:{i + 1}: invalid zero-length file name");
                    ok = false;
                    continue;
                }

                ok &= CountFile(file, statuses[i]);
            }

            if (namesReadError is not null)
            {
                _output.Error($"{Name}: {Quoting.QuoteIfNeeded(_filesFrom!, _locale)}: read error: {namesReadError}");
                ok = false;
            }

            int named = _filesFrom is null && operands.Count == 0 ? 0 : files.Count;
            if (_totalMode != TotalNever && (_totalMode != TotalAuto || named > 1))
                WriteCounts(_total, _maxLineTotal, _totalMode == TotalOnly ? null : "total");

            if (_haveReadStdin)
            {
                int errno = _console.CloseStandardInput();
                if (errno != 0)
                {
                    _output.Error($"{Name}: -: {Posix.ErrorText(errno)}");
                    return 1;
                }
            }

            return ok ? 0 : 1;
        }

        // gnulib close_stdout: a failed write, or a failed close with output pending, is "write error" and status 1.
        // The errno is printed only when the close itself failed (a write failure alone leaves it 0).
        public int CloseStandardOutput(int status)
        {
            int closeErrno = _console.CloseStandardOutput();
            if (_output.WriteFailed)
            {
                string? reason = closeErrno != 0 ? Posix.ErrorText(closeErrno) : _output.WriteErrorMessage;
                _output.Error(reason is null ? $"{Name}: write error" : $"{Name}: write error: {reason}");
                return 1;
            }

            if (closeErrno != 0 && closeErrno != Posix.EBADF)
            {
                _output.Error($"{Name}: write error: {Posix.ErrorText(closeErrno)}");
                return 1;
            }

            return status;
        }

        // getopt_long with "clLmw": clustered short options, unique prefixes of long options, "--name=value" or
        // "--name value" for options that take a value, operands permuted to the end unless POSIXLY_CORRECT.
        private int? ParseOptions(List<string> args, List<string> operands)
        {
            bool optionsEnded = false;
            for (int index = 0; index < args.Count; index++)
            {
                string arg = args[index];
                if (optionsEnded || arg.Length < 2 || arg[0] != '-')
                {
                    operands.Add(arg);
                    optionsEnded |= _posixlyCorrect; // POSIX getopt stops at the first operand; GNU's permutes
                    continue;
                }

                if (arg == "--")
                {
                    optionsEnded = true;
                    continue;
                }

                if (arg[1] == '-')
                {
                    int? exit = ParseLongOption(args, ref index);
                    if (exit is not null)
                        return exit;
                    continue;
                }

                for (int i = 1; i < arg.Length; i++)
                {
                    switch (arg[i])
                    {
                        case 'c':
                            _bytes = true;
                            break;
                        case 'm':
                            _chars = true;
                            break;
                        case 'l':
                            _lines = true;
                            break;
                        case 'w':
                            _words = true;
                            break;
                        case 'L':
                            _maxLineLength = true;
                            break;
                        default:
                            _output.Error($"{Name}: invalid option -- '{arg[i]}'");
                            return TryHelp();
                    }
                }
            }

            return null;
        }

        private int? ParseLongOption(List<string> args, ref int index)
        {
            string arg = args[index];
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
                _output.Error($"{Name}: unrecognized option '{arg}'");
                return TryHelp();
            }

            if (matches.Count > 1)
            {
                var message = new StringBuilder($"{Name}: option '{(equals < 0 ? arg : arg.Substring(0, equals))}' is ambiguous; possibilities:");
                foreach (string match in matches)
                    message.Append(" '--").Append(match).Append('\'');
                _output.Error(message.ToString());
                return TryHelp();
            }

            string option = matches[0];
            bool takesValue = option is "files0-from" or "total";
            string? value = null;
            if (takesValue)
            {
                if (equals >= 0)
                {
                    value = arg.Substring(equals + 1);
                }
                else if (index + 1 < args.Count)
                {
                    value = args[++index];
                }
                else
                {
                    _output.Error($"{Name}: option '--{option}' requires an argument");
                    return TryHelp();
                }
            }
            else if (equals >= 0)
            {
                _output.Error($"{Name}: option '--{option}' doesn't allow an argument");
                return TryHelp();
            }

            switch (option)
            {
                case "bytes":
                    _bytes = true;
                    return null;
                case "chars":
                    _chars = true;
                    return null;
                case "lines":
                    _lines = true;
                    return null;
                case "words":
                    _words = true;
                    return null;
                case "max-line-length":
                    _maxLineLength = true;
                    return null;
                case "debug":
                    _debug = true;
                    return null;
                case "files0-from":
                    _filesFrom = value;
                    return null;
                case "total":
                    return ParseTotal(value!);
                case "help":
                    _output.Text(HelpText);
                    return 0;
                default:
                    _output.Text($"{Name} (Streamline sample) {typeof(WcCommand).Assembly.GetName().Version?.ToString(3)}\n"
                        + "Counts, prints and fails as GNU coreutils wc 9.1 does, on Streamline.Runtime's TextCounter.\n");
                    return 0;
            }
        }

        // gnulib XARGMATCH: an exact match or a unique prefix; anything else lists the valid arguments.
        private int? ParseTotal(string value)
        {
            int found = -1;
            bool ambiguous = false;
            for (int i = 0; i < s_totalModes.Length; i++)
            {
                if (s_totalModes[i] == value)
                {
                    found = i;
                    ambiguous = false;
                    break;
                }

                if (s_totalModes[i].StartsWith(value, StringComparison.Ordinal))
                {
                    ambiguous |= found >= 0;
                    found = i;
                }
            }

            if (found >= 0 && !ambiguous)
            {
                _totalMode = found;
                return null;
            }

            (string open, string close) = _locale == TextCountLocale.Utf8 ? ("\u00E2\u0080\u0098", "\u00E2\u0080\u0099") : ("'", "'");
            var message = new StringBuilder($"{Name}: {(found < 0 ? "invalid" : "ambiguous")} argument {open}{value}{close} for {open}--total{close}\n");
            message.Append("Valid arguments are:");
            foreach (string mode in s_totalModes)
                message.Append($"\n  - {open}{mode}{close}");
            _output.Error(message.ToString());
            return TryHelp();
        }

        private int TryHelp()
        {
            _output.Error($"Try '{Name} --help' for more information.");
            return 1;
        }

        // --files0-from: NUL-separated names; a last name without a NUL counts too. A regular file is read whole before
        // anything is counted; from anything else GNU reads names as it goes and learns no sizes up front.
        private int? ReadNames(string source, out List<string?> names, out bool fromStream, out string? readError)
        {
            names = new List<string?>();
            readError = null;
            fromStream = false;
            Stream input;
            int fd = -1;
            FileStatus status;
            if (source == "-")
            {
                input = _console.StandardInput;
                status = _console.StandardInputStatus;
            }
            else
            {
                fd = Posix.OpenRead(ByteText.ToBytes(source), out int errno);
                if (fd < 0)
                {
                    _output.Error($"{Name}: cannot open {Quoting.QuoteAlways(source, _locale)} for reading: {Posix.ErrorText(errno)}");
                    return 1;
                }

                input = new FdStream(fd);
                status = Posix.FStat(fd);
            }

            fromStream = !status.IsRegular;
            var data = new MemoryStream();
            try
            {
                input.CopyTo(data);
                if (input is FdStream { ReadError: not 0 } failed)
                    readError = Posix.ErrorText(failed.ReadError);
            }
            catch (IOException e)
            {
                readError = e.Message;
            }
            finally
            {
                if (fd >= 0)
                    Posix.Close(fd);
            }

            if (readError is not null && !fromStream)
            {
                _output.Error($"{Name}: cannot read file names from {Quoting.QuoteAlways(source, _locale)}");
                return 1;
            }

            string all = ByteText.FromBytes(data.GetBuffer().AsSpan(0, (int)data.Length));
            int start = 0;
            while (start < all.Length)
            {
                int end = all.IndexOf('\0', start);
                if (end < 0)
                    end = all.Length;
                names.Add(all.Substring(start, end - start));
                start = end + 1;
            }

            return null;
        }

        // get_input_fstatus: one count of one file needs no status (width 1); otherwise stat every name up front.
        private FileStatus?[] InputStatuses(List<string?> files, bool namesFromStream)
        {
            var statuses = new FileStatus?[files.Count];
            int printed = (_lines ? 1 : 0) + (_words ? 1 : 0) + (_chars ? 1 : 0) + (_bytes ? 1 : 0) + (_maxLineLength ? 1 : 0);
            if (namesFromStream || (files.Count == 1 && printed == 1))
                return statuses;
            for (int i = 0; i < files.Count; i++)
            {
                string? file = files[i];
                statuses[i] = file is null or "-" ? _console.StandardInputStatus : Posix.Stat(ByteText.ToBytes(file));
            }

            return statuses;
        }

        // compute_number_width: the digits of the total size of the regular files, at least 7 if any input that stat
        // found is not a regular file; 1 when nothing was stat'd.
        private static int ColumnWidth(FileStatus?[] statuses)
        {
            if (statuses.Length == 0 || statuses[0] is null)
                return 1;
            int minimum = 1;
            long regularTotal = 0;
            foreach (FileStatus? status in statuses)
            {
                if (status is not { Exists: true } found)
                    continue;
                if (found.IsRegular)
                    regularTotal += found.Size;
                else
                    minimum = 7;
            }

            int width = 1;
            for (; regularTotal >= 10; regularTotal /= 10)
                width++;
            return Math.Max(width, minimum);
        }

        // wc_file: standard input for no name or "-", otherwise open(2) on the name's bytes.
        private bool CountFile(string? file, FileStatus? status)
        {
            if (file is null or "-")
            {
                _haveReadStdin = true;
                return Count(_console.StandardInput, file, status, () => _console.StandardInputStatus, _console.StandardInputOffset);
            }

            int fd = Posix.OpenRead(ByteText.ToBytes(file), out int errno);
            if (fd < 0)
            {
                _output.Error($"{Name}: {Quoting.QuoteIfNeeded(file, _locale)}: {Posix.ErrorText(errno)}");
                return false;
            }

            bool ok = Count(new FdStream(fd), file, status, () => Posix.FStat(fd), () => 0);
            errno = Posix.Close(fd);
            if (errno != 0)
            {
                _output.Error($"{Name}: {Quoting.QuoteIfNeeded(file, _locale)}: {Posix.ErrorText(errno)}");
                return false;
            }

            return ok;
        }

        // wc(): the byte-count shortcut, then one pass of TextCounter (with the -L counter watching the bytes).
        private bool Count(Stream input, string? label, FileStatus? status, Func<FileStatus> fstat, Func<long> offset)
        {
            string display = label ?? "standard input";
            bool countChars = _chars && _locale == TextCountLocale.Utf8;
            bool countBytes = _bytes || (_chars && _locale == TextCountLocale.C);
            bool ok = true;
            TextCounts counts;
            long maxLine = 0;
            string? error = null;

            if (countBytes && !countChars && !_lines && !_words && !_maxLineLength
                && TryCountBytesFromSize(status ?? fstat(), offset, out long size))
            {
                counts = new TextCounts(0, 0, _chars ? size : 0, _bytes ? size : 0);
            }
            else
            {
                if (_debug && !_words && !countChars && !_maxLineLength && (_lines || !countBytes))
                    _output.Error(Name + (CpuHasAvx2() ? ": using avx2 hardware support" : ": avx2 support not detected"));
                TextCountOptions options = Counts;
                TextCountOptions asked = (options == 0 ? TextCountOptions.Bytes : options)
                    | (_posixlyCorrect ? TextCountOptions.PosixlyCorrect : 0);
                LineWidthCounter? widths = _maxLineLength ? new LineWidthCounter(_locale) : null;
                Stream source = widths is null ? input : new ObservedStream(input, widths.Add);
                try
                {
                    counts = TextCounter.Count(source, asked, _locale);
                    if (input is FdStream { ReadError: not 0 } failed)
                        error = Posix.ErrorText(failed.ReadError);
                }
                catch (IOException e)
                {
                    counts = default;
                    error = e.Message;
                }

                maxLine = widths?.Maximum ?? 0;
                if (options == 0)
                    counts = default;
            }

            if (error is not null)
            {
                _output.Error($"{Name}: {Quoting.QuoteIfNeeded(display, _locale)}: {error}");
                ok = false;
            }

            if (_totalMode != TotalOnly)
                WriteCounts(counts, maxLine, label);
            _total += counts;
            _maxLineTotal = Math.Max(_maxLineTotal, maxLine);
            return ok;
        }

        // wc.c avx2_supported asks the CPU (OSXSAVE, then the AVX2 bit), not what the compiler targeted, so a
        // portable native build reports what GNU reports on the same machine.
        private static bool CpuHasAvx2()
        {
            if (!X86Base.IsSupported)
                return false;
            (_, _, int ecx, _) = X86Base.CpuId(1, 0);
            if ((ecx & (1 << 27)) == 0)
                return false;
            (_, int ebx, _, _) = X86Base.CpuId(7, 0);
            return (ebx & (1 << 5)) != 0;
        }

        // GNU trusts st_size only for regular files, and only when it is not a multiple of the page size (files in
        // /proc and /sys report one page); the count is what lies past the current offset. Anything else is read.
        private static bool TryCountBytesFromSize(FileStatus status, Func<long> offset, out long bytes)
        {
            bytes = 0;
            if (!status.IsRegular || status.Size < 0 || status.Size % Environment.SystemPageSize == 0)
                return false;
            long position = offset();
            if (position < 0)
                return false;
            bytes = status.Size < position ? 0 : status.Size - position;
            return true;
        }

        private void WriteCounts(TextCounts counts, long maxLine, string? label)
        {
            var line = new StringBuilder();
            void Number(long value)
            {
                if (line.Length > 0)
                    line.Append(' ');
                line.Append(value.ToString(System.Globalization.CultureInfo.InvariantCulture).PadLeft(_width));
            }

            if (_lines)
                Number(counts.Lines);
            if (_words)
                Number(counts.Words);
            if (_chars)
                Number(counts.Chars);
            if (_bytes)
                Number(counts.Bytes);
            if (_maxLineLength)
                Number(maxLine);
            if (label is not null)
                line.Append(' ').Append(label.IndexOf('\n') >= 0 ? Quoting.QuoteIfNeeded(label, _locale) : label);
            line.Append('\n');
            _output.Text(line.ToString());
        }
    }

    private const string HelpText =
        "Usage: wc [OPTION]... [FILE]...\n"
        + "  or:  wc [OPTION]... --files0-from=F\n"
        + "Print the number of newlines, words and bytes in each FILE, and a total line\n"
        + "when there is more than one FILE.  A word is a run of printable characters\n"
        + "between white space.\n"
        + "\n"
        + "With no FILE, or when FILE is -, read standard input.\n"
        + "\n"
        + "The options choose which counts to print; the order is always newlines, words,\n"
        + "characters, bytes, maximum line length.\n"
        + "  -c, --bytes            print the byte counts\n"
        + "  -m, --chars            print the character counts\n"
        + "  -l, --lines            print the newline counts\n"
        + "      --files0-from=F    read the names of the input files from F, each ended\n"
        + "                           by a NUL byte; if F is -, read them from standard\n"
        + "                           input\n"
        + "  -L, --max-line-length  print the widest line's display width\n"
        + "  -w, --words            print the word counts\n"
        + "      --total=WHEN       when to print the line of totals: auto (more than one\n"
        + "                           input), always, only (the totals alone), never\n"
        + "      --help        display this help and exit\n"
        + "      --version     output version information and exit\n"
        + "\n"
        + "This is a sample of Streamline.Runtime: it counts like GNU coreutils wc 9.1.\n";

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
        catch (UnauthorizedAccessException)
        {
            return false;
        }
    }

    // Standard output is line-buffered in GNU wc: each row is written as it is made, before the next diagnostic.
    private sealed class Output
    {
        private readonly Stream _stdout;
        private readonly Stream _stderr;

        public Output(Stream stdout, Stream stderr)
        {
            _stdout = stdout;
            _stderr = stderr;
        }

        public bool WriteFailed { get; private set; }

        // The text of a write failure reported by a stream that is not a descriptor (GNU has only descriptors).
        public string? WriteErrorMessage { get; private set; }

        public void Text(string text)
        {
            byte[] bytes = ByteText.ToBytes(text);
            try
            {
                _stdout.Write(bytes, 0, bytes.Length);
                _stdout.Flush();
            }
            catch (IOException e)
            {
                WriteFailed = true;
                if (e is not SystemErrorException)
                    WriteErrorMessage ??= e.Message;
            }
        }

        public void Error(string message)
        {
            byte[] bytes = ByteText.ToBytes(message + "\n");
            try
            {
                _stderr.Write(bytes, 0, bytes.Length);
                _stderr.Flush();
            }
            catch (IOException)
            {
                // Nowhere left to report it; GNU's error() ignores this too.
            }
        }
    }
}
