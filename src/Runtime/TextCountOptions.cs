using System;

namespace Streamline.Runtime;

/// <summary>Selects what <see cref="TextCounter"/> counts, as the <c>-l</c>, <c>-w</c>, <c>-m</c> and <c>-c</c> options of
/// GNU <c>wc</c> do, and how words are split.</summary>
/// <remarks>Only the counts asked for are computed: <see cref="Lines"/> alone, or with <see cref="Bytes"/>, takes a
/// vectorised newline count; <see cref="Bytes"/> alone of a seekable stream or a file reads nothing.</remarks>
[Flags]
public enum TextCountOptions
{
    /// <summary>Counts nothing; not a valid argument on its own.</summary>
    None = 0,

    /// <summary>Counts newline bytes (<c>\n</c>), as <c>wc -l</c> does: a last line without a newline is not counted.</summary>
    Lines = 1,

    /// <summary>Counts words as <c>wc -w</c> does: runs of printable non-space characters.</summary>
    Words = 2,

    /// <summary>Counts characters as <c>wc -m</c> does: decoded characters in the UTF-8 locale (invalid bytes are not
    /// characters), bytes in the C locale.</summary>
    Chars = 4,

    /// <summary>Counts bytes, as <c>wc -c</c> does.</summary>
    Bytes = 8,

    /// <summary>Lines, words and bytes: what <c>wc</c> prints with no option.</summary>
    Default = Lines | Words | Bytes,

    /// <summary>Every count.</summary>
    All = Lines | Words | Chars | Bytes,

    /// <summary>Treats U+00A0, U+2007, U+202F and U+2060 as word characters rather than spaces, as GNU <c>wc</c> does
    /// when the <c>POSIXLY_CORRECT</c> environment variable is set. Has no effect in the C locale.</summary>
    PosixlyCorrect = 16,
}
