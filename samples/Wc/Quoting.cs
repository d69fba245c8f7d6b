using System.Text;
using Streamline.Runtime;

namespace Streamline.Samples.Wc;

/// <summary>gnulib's shell-escape quoting of file names in diagnostics: <c>quotef</c> (quote only when needed, and
/// quote <c>:</c>) and <c>quoteaf</c> (always quote).</summary>
/// <remarks>Works on byte strings (<see cref="ByteText"/>). A name with nothing special is printed as is. Otherwise it is
/// put in single quotes; a single quote becomes <c>'\''</c>; control characters and bytes that are not printable
/// characters in the locale (invalid UTF-8, or any byte above 0x7F in the C locale) become <c>$'\n'</c> or
/// <c>$'\351'</c>. A name whose only trouble is a single quote (with spaces and other harmless characters) is put in
/// double quotes instead.</remarks>
internal static class Quoting
{
    private const string ShellSpecials = "!\"$&()*;<=>[^`|?";

    /// <summary><c>quotef</c>: quotes a file name only if the shell or a reader needs it.</summary>
    public static string QuoteIfNeeded(string name, TextCountLocale locale)
    {
        if (name.Length > 0 && !NeedsQuotes(name, locale))
            return name;
        return QuoteAlways(name, locale);
    }

    /// <summary><c>quoteaf</c>: always quotes a file name.</summary>
    public static string QuoteAlways(string name, TextCountLocale locale)
    {
        string quoted = QuotePass(name, locale, escaping: false, out bool escapingAtEnd, out bool singleQuote, out bool doubleQuotesWork);
        if (!singleQuote)
            return quoted;
        if (doubleQuotesWork)
            return "\"" + name + "\"";

        // gnulib (as in coreutils 9.1) writes a name with a single quote in a second pass that starts with the escape
        // state the first pass ended in: if that was inside $'…', the first plain character is preceded by '' and a
        // first escape gets no $' of its own.
        return QuotePass(name, locale, escapingAtEnd, out _, out _, out _);
    }

    private static string QuotePass(string name, TextCountLocale locale, bool escaping, out bool escapingAtEnd, out bool singleQuote, out bool doubleQuotesWork)
    {
        var quoted = new StringBuilder("'");
        singleQuote = false;
        doubleQuotesWork = true;
        int i = 0;
        while (i < name.Length)
        {
            char c = name[i];
            int length = UnitLength(name, i, locale, out bool printable);
            if (c == '\'')
            {
                singleQuote = true;
                quoted.Append("'\\''");
                escaping = false;
            }
            else if (EscapeLetter(c) is char letter)
            {
                Escape(quoted, ref escaping).Append('\\').Append(letter);
                doubleQuotesWork = false;
            }
            else if (!printable)
            {
                for (int j = i; j < i + length; j++)
                    Escape(quoted, ref escaping).Append('\\').Append(Octal(name[j]));
                doubleQuotesWork = false;
            }
            else
            {
                if (escaping)
                    quoted.Append("''");
                escaping = false;
                quoted.Append(name, i, length);
                doubleQuotesWork &= IsDoubleQuoteSafe(name, i);
            }

            i += length;
        }

        escapingAtEnd = escaping;
        return quoted.Append('\'').ToString();
    }

    private static bool NeedsQuotes(string name, TextCountLocale locale)
    {
        for (int i = 0; i < name.Length;)
        {
            char c = name[i];
            int length = UnitLength(name, i, locale, out bool printable);
            if (!printable || c is ' ' or '\'' or '\\' or ':' || c < ' ' || ShellSpecials.IndexOf(c) >= 0
                || (i == 0 && c is '#' or '~') || (name.Length == 1 && c is '{' or '}'))
                return true;
            i += length;
        }

        return false;
    }

    // A printable multi-byte character is one unit; every other byte is its own unit.
    private static int UnitLength(string name, int i, TextCountLocale locale, out bool printable)
    {
        char c = name[i];
        if (c < 0x80)
        {
            printable = c >= ' ' && c < 0x7F;
            return 1;
        }

        printable = false;
        if (locale != TextCountLocale.Utf8)
            return 1;
        int length = DisplayWidth.Decode(ByteText.ToBytes(name.Substring(i, System.Math.Min(6, name.Length - i))), out uint codePoint);
        if (length == DisplayWidth.Invalid)
            return 1;
        if (length == DisplayWidth.Incomplete)
            return name.Length - i;
        printable = DisplayWidth.IsPrintable(codePoint);
        return length;
    }

    private static char? EscapeLetter(char c) => c switch
    {
        '\a' => 'a',
        '\b' => 'b',
        '\f' => 'f',
        '\n' => 'n',
        '\r' => 'r',
        '\t' => 't',
        '\v' => 'v',
        _ => null,
    };

    // Inside the single quotes, an escape opens $'…' (once for a run of escapes).
    private static StringBuilder Escape(StringBuilder quoted, ref bool escaping)
    {
        if (!escaping)
            quoted.Append("'$'");
        escaping = true;
        return quoted;
    }

    private static string Octal(char b) => ((b >> 6) & 7).ToString() + ((b >> 3) & 7) + (b & 7);

    // The characters that gnulib lets a double-quoted name keep: letters, digits, harmless punctuation, a space, a
    // leading # or ~, a lone { or }, and printable characters outside ASCII.
    private static bool IsDoubleQuoteSafe(string name, int i)
    {
        char c = name[i];
        if (c >= 0x80 || char.IsAsciiLetterOrDigit(c) || "%+,-./:]_@".IndexOf(c) >= 0 || c == ' ')
            return true;
        if (c is '#' or '~')
            return i == 0;
        if (c is '{' or '}')
            return name.Length == 1;
        return false;
    }
}
