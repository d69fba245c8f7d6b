using System;
using System.Globalization;

namespace Streamline.Runtime;

/// <summary>The counts <see cref="TextCounter"/> found; a count that was not asked for is zero.</summary>
/// <remarks>The numbers are those GNU coreutils <c>wc</c> prints for <c>-l</c>, <c>-w</c>, <c>-m</c> and <c>-c</c>.</remarks>
public readonly struct TextCounts : IEquatable<TextCounts>
{
    /// <summary>Creates a set of counts.</summary>
    /// <param name="lines">The number of newline bytes.</param>
    /// <param name="words">The number of words.</param>
    /// <param name="chars">The number of characters.</param>
    /// <param name="bytes">The number of bytes.</param>
    public TextCounts(long lines, long words, long chars, long bytes)
    {
        Lines = lines;
        Words = words;
        Chars = chars;
        Bytes = bytes;
    }

    /// <summary>Gets the number of newline bytes (<c>wc -l</c>).</summary>
    public long Lines { get; }

    /// <summary>Gets the number of words (<c>wc -w</c>).</summary>
    public long Words { get; }

    /// <summary>Gets the number of characters (<c>wc -m</c>).</summary>
    public long Chars { get; }

    /// <summary>Gets the number of bytes (<c>wc -c</c>).</summary>
    public long Bytes { get; }

    /// <summary>Adds two sets of counts, as the <c>total</c> line of <c>wc</c> does.</summary>
    /// <param name="left">The first counts.</param>
    /// <param name="right">The second counts.</param>
    /// <returns>The sums.</returns>
    public static TextCounts operator +(TextCounts left, TextCounts right) => left.Add(right);

    /// <summary>Compares two sets of counts.</summary>
    /// <param name="left">The first counts.</param>
    /// <param name="right">The second counts.</param>
    /// <returns><see langword="true"/> when all four counts are equal.</returns>
    public static bool operator ==(TextCounts left, TextCounts right) => left.Equals(right);

    /// <summary>Compares two sets of counts.</summary>
    /// <param name="left">The first counts.</param>
    /// <param name="right">The second counts.</param>
    /// <returns><see langword="true"/> when any count differs.</returns>
    public static bool operator !=(TextCounts left, TextCounts right) => !left.Equals(right);

    /// <summary>Adds another set of counts to this one.</summary>
    /// <param name="other">The counts to add.</param>
    /// <returns>The sums.</returns>
    public TextCounts Add(TextCounts other) =>
        new TextCounts(Lines + other.Lines, Words + other.Words, Chars + other.Chars, Bytes + other.Bytes);

    /// <inheritdoc/>
    public bool Equals(TextCounts other) =>
        Lines == other.Lines && Words == other.Words && Chars == other.Chars && Bytes == other.Bytes;

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is TextCounts other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode()
    {
        unchecked
        {
            int hash = Lines.GetHashCode();
            hash = (hash * 397) ^ Words.GetHashCode();
            hash = (hash * 397) ^ Chars.GetHashCode();
            return (hash * 397) ^ Bytes.GetHashCode();
        }
    }

    /// <summary>Formats the counts as <c>lines words chars bytes</c>, the order <c>wc -lwmc</c> prints them in.</summary>
    /// <returns>The four counts separated by spaces.</returns>
    public override string ToString() =>
        string.Format(CultureInfo.InvariantCulture, "{0} {1} {2} {3}", Lines, Words, Chars, Bytes);
}
