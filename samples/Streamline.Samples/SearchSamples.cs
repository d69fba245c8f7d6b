using System;

namespace Streamline.Samples;

/// <summary>SL1004: searches for any of many constant characters; SL1005: span ranges (off by default).</summary>
public static class SearchSamples
{
    // SL1004 on net48 (on net10.0 the SDK's CA1870 speaks for it): a 25-character set allocated on every call.
    public static int FirstWhitespace(string text)
        => text.IndexOfAny(new[] { ' ', '\t', '\n', '\v', '\f', '\r', '\u0085', '\u00A0', '\u1680', '\u2000', '\u2001', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200A', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000' });

    // SL1004: ten separators, from a string constant turned into an array on every call.
    public static int FirstSeparator(string line) => line.IndexOfAny(",;:|/\\.!? ".ToCharArray());

    // Quiet: three values are already fast in the BCL.
    public static int FirstQuote(string text) => text.IndexOfAny(new[] { '"', '\'', '`' });

#if NET
    // SL1005 (disabled by default; enable with dotnet_diagnostic.SL1005.severity = suggestion): on compilers before
    // Roslyn 5.9, span[start..] is lowered to span.Slice(start, span.Length - start).
    public static int CountWords(ReadOnlySpan<char> text)
    {
        int words = 0;
        while (!text.IsEmpty)
        {
            int space = text.IndexOf(' ');
            words++;
            if (space < 0)
                break;
            text = text[(space + 1)..];
        }

        return words;
    }
#endif
}
