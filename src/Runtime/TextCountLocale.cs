namespace Streamline.Runtime;

/// <summary>The character set <see cref="TextCounter"/> reads text in, as the <c>LC_CTYPE</c> locale category decides
/// for GNU <c>wc</c>.</summary>
public enum TextCountLocale
{
    /// <summary>UTF-8, as <c>LANG=C.UTF-8</c>: multi-byte characters, Unicode spaces, invalid bytes skipped.</summary>
    Utf8 = 0,

    /// <summary>The C (POSIX) locale, as <c>LC_ALL=C</c>: one byte is one character; only ASCII <c>0x21</c> to
    /// <c>0x7E</c> make words and only ASCII white space separates them.</summary>
    C = 1,
}
