using System;
#if STREAMLINE_NET8
using System.Buffers;
#endif

namespace Streamline.Runtime;

/// <summary>
/// An immutable set of characters, built once (typically into a <c>static readonly</c> field) and then searched for in
/// strings, character-array ranges and spans. It replaces <see cref="string.IndexOfAny(char[])"/> and the
/// <c>MemoryExtensions.IndexOfAny</c> family when the set is constant and large.
/// </summary>
/// <remarks>
/// <para>
/// On .NET 8 and later the set wraps <c>System.Buffers.SearchValues&lt;char&gt;</c>, the BCL's own vectorised search. On
/// netstandard2.0 and netstandard2.1 (.NET Framework, Mono, Unity) it holds a bitmap of the set's characters, so each
/// character of the text costs one comparison and one table lookup however many characters the set has, where
/// <see cref="string.IndexOfAny(char[])"/> compares each character of the text with every member of the set.
/// </para>
/// <para>
/// Every method returns what the BCL call it replaces returns, and throws the same exception types with the same
/// <see cref="ArgumentException.ParamName"/>: the <c>string</c> overloads mirror <see cref="string.IndexOfAny(char[], int, int)"/>
/// and <see cref="string.LastIndexOfAny(char[], int, int)"/> as .NET implements them (including a <see cref="NullReferenceException"/>
/// for a null text, as the instance call threw); the span overloads mirror <c>MemoryExtensions</c>. Characters are
/// compared ordinally, one UTF-16 code unit at a time, so surrogates match only as separate code units.
/// </para>
/// </remarks>
public sealed partial class CharSearchSet
{
#if STREAMLINE_NET8
    private readonly SearchValues<char> _values;
#else
    // One bit per character from U+0000 to the largest member; characters above it are never members.
    private readonly uint[] _bits;
    private readonly uint _limit;
#endif

    private CharSearchSet(char[] values)
    {
#if STREAMLINE_NET8
        _values = SearchValues.Create(values);
#else
        int max = -1;
        foreach (char value in values)
        {
            if (value > max)
                max = value;
        }

        _limit = (uint)(max + 1);
        _bits = new uint[(max >> 5) + 1 + (max < 0 ? 1 : 0)];
        foreach (char value in values)
            _bits[value >> 5] |= 1u << value;
#endif
    }

    /// <summary>Creates a set of the characters of <paramref name="values"/> (duplicates are ignored).</summary>
    /// <param name="values">The members, in any order.</param>
    /// <returns>The set.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is null.</exception>
    /// <remarks>Matches <c>SearchValues.Create(ReadOnlySpan&lt;char&gt;)</c>.</remarks>
    public static CharSearchSet Create(string values)
    {
        if (values is null)
            ThrowHelper.ThrowArgumentNull(nameof(values));

        return new CharSearchSet(values.ToCharArray());
    }

    /// <summary>Creates a set of the characters in <paramref name="values"/> (duplicates are ignored).</summary>
    /// <param name="values">The members, in any order.</param>
    /// <returns>The set.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is null.</exception>
    /// <remarks>Matches <c>SearchValues.Create(ReadOnlySpan&lt;char&gt;)</c>; the array is copied.</remarks>
    public static CharSearchSet Create(char[] values)
    {
        if (values is null)
            ThrowHelper.ThrowArgumentNull(nameof(values));

        return new CharSearchSet((char[])values.Clone());
    }

#if STREAMLINE_SPANS
    /// <summary>Creates a set of the characters in <paramref name="values"/> (duplicates are ignored).</summary>
    /// <param name="values">The members, in any order.</param>
    /// <returns>The set.</returns>
    /// <remarks>Matches <c>SearchValues.Create(ReadOnlySpan&lt;char&gt;)</c>.</remarks>
    public static CharSearchSet Create(ReadOnlySpan<char> values) => new CharSearchSet(values.ToArray());
#endif

    /// <summary>Tells whether <paramref name="value"/> is a member of the set.</summary>
    /// <param name="value">The character.</param>
    /// <returns><see langword="true"/> if the set contains <paramref name="value"/>.</returns>
    /// <remarks>Matches <c>SearchValues&lt;char&gt;.Contains(char)</c>.</remarks>
    public bool Contains(char value)
    {
#if STREAMLINE_NET8
        return _values.Contains(value);
#else
        return value < _limit && (_bits[value >> 5] & (1u << value)) != 0;
#endif
    }

    // ----- string -----------------------------------------------------------------------------------------------

    /// <summary>Finds the first character of <paramref name="text"/> that is in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <returns>The index of the first match, or -1.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <remarks>Matches <see cref="string.IndexOfAny(char[])"/> with the set's characters.</remarks>
    public int IndexOfAny(string text)
    {
        if (text is null)
            ThrowHelper.ThrowNullReceiver();

        return Forward(text, 0, text.Length, except: false);
    }

    /// <summary>Finds the first character of <paramref name="text"/> from <paramref name="startIndex"/> on that is in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <param name="startIndex">Where the search starts.</param>
    /// <returns>The index (in <paramref name="text"/>) of the first match, or -1.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="startIndex"/> is negative or greater than the length.</exception>
    /// <remarks>Matches <see cref="string.IndexOfAny(char[], int)"/>.</remarks>
    public int IndexOfAny(string text, int startIndex)
    {
        if (text is null)
            ThrowHelper.ThrowNullReceiver();

        if ((uint)startIndex > (uint)text.Length)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(startIndex));

        return Forward(text, startIndex, text.Length - startIndex, except: false);
    }

    /// <summary>Finds the first character of <paramref name="text"/> in a range that is in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <param name="startIndex">Where the search starts.</param>
    /// <param name="count">How many characters are examined.</param>
    /// <returns>The index (in <paramref name="text"/>) of the first match, or -1.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">
    /// <paramref name="startIndex"/> is negative or greater than the length, or <paramref name="count"/> is negative or
    /// runs past the end.
    /// </exception>
    /// <remarks>Matches <see cref="string.IndexOfAny(char[], int, int)"/>.</remarks>
    public int IndexOfAny(string text, int startIndex, int count)
    {
        if (text is null)
            ThrowHelper.ThrowNullReceiver();

        if ((uint)startIndex > (uint)text.Length)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(startIndex));

        if ((uint)count > (uint)(text.Length - startIndex))
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count));

        return Forward(text, startIndex, count, except: false);
    }

    /// <summary>Finds the first character of <paramref name="text"/> that is not in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <returns>The index of the first character outside the set, or -1.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <remarks>Matches <c>text.AsSpan().IndexOfAnyExcept(values)</c>, except that a null text throws.</remarks>
    public int IndexOfAnyExcept(string text)
    {
        if (text is null)
            ThrowHelper.ThrowNullReceiver();

        return Forward(text, 0, text.Length, except: true);
    }

    /// <summary>Finds the first character of <paramref name="text"/> from <paramref name="startIndex"/> on that is not in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <param name="startIndex">Where the search starts.</param>
    /// <returns>The index (in <paramref name="text"/>) of the first character outside the set, or -1.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="startIndex"/> is negative or greater than the length.</exception>
    /// <remarks>The range is checked as <see cref="string.IndexOfAny(char[], int)"/> checks it.</remarks>
    public int IndexOfAnyExcept(string text, int startIndex)
    {
        if (text is null)
            ThrowHelper.ThrowNullReceiver();

        if ((uint)startIndex > (uint)text.Length)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(startIndex));

        return Forward(text, startIndex, text.Length - startIndex, except: true);
    }

    /// <summary>Finds the first character of <paramref name="text"/> in a range that is not in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <param name="startIndex">Where the search starts.</param>
    /// <param name="count">How many characters are examined.</param>
    /// <returns>The index (in <paramref name="text"/>) of the first character outside the set, or -1.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range is invalid, as for <see cref="string.IndexOfAny(char[], int, int)"/>.</exception>
    /// <remarks>The range is checked as <see cref="string.IndexOfAny(char[], int, int)"/> checks it.</remarks>
    public int IndexOfAnyExcept(string text, int startIndex, int count)
    {
        if (text is null)
            ThrowHelper.ThrowNullReceiver();

        if ((uint)startIndex > (uint)text.Length)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(startIndex));

        if ((uint)count > (uint)(text.Length - startIndex))
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count));

        return Forward(text, startIndex, count, except: true);
    }

    /// <summary>Finds the last character of <paramref name="text"/> that is in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <returns>The index of the last match, or -1.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <remarks>Matches <see cref="string.LastIndexOfAny(char[])"/>.</remarks>
    public int LastIndexOfAny(string text)
    {
        if (text is null)
            ThrowHelper.ThrowNullReceiver();

        return Backward(text, 0, text.Length, except: false);
    }

    /// <summary>Finds the last character of <paramref name="text"/> at or before <paramref name="startIndex"/> that is in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <param name="startIndex">The last index examined; the search runs backwards from it to the start.</param>
    /// <returns>The index of the last match, or -1.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="startIndex"/> is negative or not less than the length (of a non-empty text).</exception>
    /// <remarks>Matches <see cref="string.LastIndexOfAny(char[], int)"/>.</remarks>
    public int LastIndexOfAny(string text, int startIndex) => LastIndexOfAny(text, startIndex, startIndex + 1);

    /// <summary>Finds the last character of <paramref name="text"/> in a range ending at <paramref name="startIndex"/> that is in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <param name="startIndex">The last index examined.</param>
    /// <param name="count">How many characters are examined, backwards from <paramref name="startIndex"/>.</param>
    /// <returns>The index of the last match, or -1.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">
    /// For a non-empty text: <paramref name="startIndex"/> is negative or not less than the length, or
    /// <paramref name="count"/> is negative or greater than <paramref name="startIndex"/> + 1. An empty text returns -1
    /// whatever the arguments.
    /// </exception>
    /// <remarks>Matches <see cref="string.LastIndexOfAny(char[], int, int)"/>.</remarks>
    public int LastIndexOfAny(string text, int startIndex, int count)
    {
        if (!CheckBackwardRange(text, startIndex, count))
            return -1;

        return Backward(text, startIndex + 1 - count, count, except: false);
    }

    /// <summary>Finds the last character of <paramref name="text"/> that is not in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <returns>The index of the last character outside the set, or -1.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <remarks>Matches <c>text.AsSpan().LastIndexOfAnyExcept(values)</c>, except that a null text throws.</remarks>
    public int LastIndexOfAnyExcept(string text)
    {
        if (text is null)
            ThrowHelper.ThrowNullReceiver();

        return Backward(text, 0, text.Length, except: true);
    }

    /// <summary>Finds the last character of <paramref name="text"/> at or before <paramref name="startIndex"/> that is not in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <param name="startIndex">The last index examined.</param>
    /// <returns>The index of the last character outside the set, or -1.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">As for <see cref="string.LastIndexOfAny(char[], int)"/>.</exception>
    /// <remarks>The range is checked as <see cref="string.LastIndexOfAny(char[], int)"/> checks it.</remarks>
    public int LastIndexOfAnyExcept(string text, int startIndex) => LastIndexOfAnyExcept(text, startIndex, startIndex + 1);

    /// <summary>Finds the last character of <paramref name="text"/> in a range ending at <paramref name="startIndex"/> that is not in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <param name="startIndex">The last index examined.</param>
    /// <param name="count">How many characters are examined, backwards from <paramref name="startIndex"/>.</param>
    /// <returns>The index of the last character outside the set, or -1.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">As for <see cref="string.LastIndexOfAny(char[], int, int)"/>.</exception>
    /// <remarks>The range is checked as <see cref="string.LastIndexOfAny(char[], int, int)"/> checks it.</remarks>
    public int LastIndexOfAnyExcept(string text, int startIndex, int count)
    {
        if (!CheckBackwardRange(text, startIndex, count))
            return -1;

        return Backward(text, startIndex + 1 - count, count, except: true);
    }

    /// <summary>Tells whether any character of <paramref name="text"/> is in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <returns><see langword="true"/> if a character of <paramref name="text"/> is in the set.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <remarks>Matches <c>text.AsSpan().ContainsAny(values)</c>, except that a null text throws.</remarks>
    public bool ContainsAny(string text) => IndexOfAny(text) >= 0;

    /// <summary>Tells whether any character of <paramref name="text"/> in a range is in the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <param name="startIndex">Where the search starts.</param>
    /// <param name="count">How many characters are examined.</param>
    /// <returns><see langword="true"/> if a character of the range is in the set.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">As for <see cref="string.IndexOfAny(char[], int, int)"/>.</exception>
    /// <remarks>Matches <c>text.IndexOfAny(anyOf, startIndex, count) &gt;= 0</c>.</remarks>
    public bool ContainsAny(string text, int startIndex, int count) => IndexOfAny(text, startIndex, count) >= 0;

    /// <summary>Tells whether any character of <paramref name="text"/> is outside the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <returns><see langword="true"/> if a character of <paramref name="text"/> is not in the set.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <remarks>Matches <c>text.AsSpan().ContainsAnyExcept(values)</c>, except that a null text throws.</remarks>
    public bool ContainsAnyExcept(string text) => IndexOfAnyExcept(text) >= 0;

    /// <summary>Tells whether any character of <paramref name="text"/> in a range is outside the set.</summary>
    /// <param name="text">The text to search.</param>
    /// <param name="startIndex">Where the search starts.</param>
    /// <param name="count">How many characters are examined.</param>
    /// <returns><see langword="true"/> if a character of the range is not in the set.</returns>
    /// <exception cref="NullReferenceException"><paramref name="text"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">As for <see cref="string.IndexOfAny(char[], int, int)"/>.</exception>
    /// <remarks>The range is checked as <see cref="string.IndexOfAny(char[], int, int)"/> checks it.</remarks>
    public bool ContainsAnyExcept(string text, int startIndex, int count) => IndexOfAnyExcept(text, startIndex, count) >= 0;

    // ----- char[] ranges ----------------------------------------------------------------------------------------

    /// <summary>Finds the first character of <paramref name="array"/> that is in the set.</summary>
    /// <param name="array">The characters to search.</param>
    /// <returns>The index of the first match, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <remarks>Matches <c>array.AsSpan().IndexOfAny(values)</c> on a non-null array.</remarks>
    public int IndexOfAny(char[] array)
    {
        if (array is null)
            ThrowHelper.ThrowArgumentNull(nameof(array));

        return Forward(array, 0, array.Length, except: false);
    }

    /// <summary>Finds the first character of a range of <paramref name="array"/> that is in the set.</summary>
    /// <param name="array">The characters to search.</param>
    /// <param name="startIndex">Where the search starts.</param>
    /// <param name="count">How many characters are examined.</param>
    /// <returns>The index (in <paramref name="array"/>) of the first match, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range is invalid, as for <see cref="string.IndexOfAny(char[], int, int)"/>.</exception>
    /// <remarks>
    /// Matches <c>new string(array).IndexOfAny(anyOf, startIndex, count)</c> on a non-null array. A null array is
    /// checked first, whatever the range, as the BCL checks an array argument (<c>Array.IndexOf</c>, and
    /// <c>string.IndexOfAny</c> its <c>anyOf</c>, on .NET and on Mono).
    /// </remarks>
    public int IndexOfAny(char[] array, int startIndex, int count)
    {
        CheckForwardRange(array, startIndex, count);
        return Forward(array, startIndex, count, except: false);
    }

    /// <summary>Finds the first character of <paramref name="array"/> that is not in the set.</summary>
    /// <param name="array">The characters to search.</param>
    /// <returns>The index of the first character outside the set, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <remarks>Matches <c>array.AsSpan().IndexOfAnyExcept(values)</c> on a non-null array.</remarks>
    public int IndexOfAnyExcept(char[] array)
    {
        if (array is null)
            ThrowHelper.ThrowArgumentNull(nameof(array));

        return Forward(array, 0, array.Length, except: true);
    }

    /// <summary>Finds the first character of a range of <paramref name="array"/> that is not in the set.</summary>
    /// <param name="array">The characters to search.</param>
    /// <param name="startIndex">Where the search starts.</param>
    /// <param name="count">How many characters are examined.</param>
    /// <returns>The index (in <paramref name="array"/>) of the first character outside the set, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range is invalid, as for <see cref="string.IndexOfAny(char[], int, int)"/>.</exception>
    /// <remarks>The range is checked as <see cref="string.IndexOfAny(char[], int, int)"/> checks it.</remarks>
    public int IndexOfAnyExcept(char[] array, int startIndex, int count)
    {
        CheckForwardRange(array, startIndex, count);
        return Forward(array, startIndex, count, except: true);
    }

    /// <summary>Finds the last character of <paramref name="array"/> that is in the set.</summary>
    /// <param name="array">The characters to search.</param>
    /// <returns>The index of the last match, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <remarks>Matches <c>array.AsSpan().LastIndexOfAny(values)</c> on a non-null array.</remarks>
    public int LastIndexOfAny(char[] array)
    {
        if (array is null)
            ThrowHelper.ThrowArgumentNull(nameof(array));

        return Backward(array, 0, array.Length, except: false);
    }

    /// <summary>Finds the last character of a range of <paramref name="array"/> ending at <paramref name="startIndex"/> that is in the set.</summary>
    /// <param name="array">The characters to search.</param>
    /// <param name="startIndex">The last index examined.</param>
    /// <param name="count">How many characters are examined, backwards from <paramref name="startIndex"/>.</param>
    /// <returns>The index of the last match, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">As for <see cref="string.LastIndexOfAny(char[], int, int)"/>.</exception>
    /// <remarks>
    /// Matches <c>new string(array).LastIndexOfAny(anyOf, startIndex, count)</c> on a non-null array. A null array is
    /// checked first, whatever the range (even where an empty text would return -1), as the BCL checks an array argument.
    /// </remarks>
    public int LastIndexOfAny(char[] array, int startIndex, int count)
    {
        if (!CheckBackwardRange(array, startIndex, count))
            return -1;

        return Backward(array, startIndex + 1 - count, count, except: false);
    }

    /// <summary>Finds the last character of <paramref name="array"/> that is not in the set.</summary>
    /// <param name="array">The characters to search.</param>
    /// <returns>The index of the last character outside the set, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <remarks>Matches <c>array.AsSpan().LastIndexOfAnyExcept(values)</c> on a non-null array.</remarks>
    public int LastIndexOfAnyExcept(char[] array)
    {
        if (array is null)
            ThrowHelper.ThrowArgumentNull(nameof(array));

        return Backward(array, 0, array.Length, except: true);
    }

    /// <summary>Finds the last character of a range of <paramref name="array"/> ending at <paramref name="startIndex"/> that is not in the set.</summary>
    /// <param name="array">The characters to search.</param>
    /// <param name="startIndex">The last index examined.</param>
    /// <param name="count">How many characters are examined, backwards from <paramref name="startIndex"/>.</param>
    /// <returns>The index of the last character outside the set, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">As for <see cref="string.LastIndexOfAny(char[], int, int)"/>.</exception>
    /// <remarks>The range is checked as <see cref="string.LastIndexOfAny(char[], int, int)"/> checks it.</remarks>
    public int LastIndexOfAnyExcept(char[] array, int startIndex, int count)
    {
        if (!CheckBackwardRange(array, startIndex, count))
            return -1;

        return Backward(array, startIndex + 1 - count, count, except: true);
    }

    /// <summary>Tells whether any character of <paramref name="array"/> is in the set.</summary>
    /// <param name="array">The characters to search.</param>
    /// <returns><see langword="true"/> if a character of <paramref name="array"/> is in the set.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <remarks>Matches <c>array.AsSpan().ContainsAny(values)</c> on a non-null array.</remarks>
    public bool ContainsAny(char[] array) => IndexOfAny(array) >= 0;

    /// <summary>Tells whether any character of <paramref name="array"/> is outside the set.</summary>
    /// <param name="array">The characters to search.</param>
    /// <returns><see langword="true"/> if a character of <paramref name="array"/> is not in the set.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <remarks>Matches <c>array.AsSpan().ContainsAnyExcept(values)</c> on a non-null array.</remarks>
    public bool ContainsAnyExcept(char[] array) => IndexOfAnyExcept(array) >= 0;

#if STREAMLINE_SPANS
    // ----- spans ------------------------------------------------------------------------------------------------

    /// <summary>Finds the first character of <paramref name="span"/> that is in the set.</summary>
    /// <param name="span">The characters to search.</param>
    /// <returns>The index of the first match, or -1.</returns>
    /// <remarks>Matches <c>MemoryExtensions.IndexOfAny(span, values)</c>.</remarks>
    public int IndexOfAny(ReadOnlySpan<char> span) => Forward(span, except: false);

    /// <summary>Finds the first character of <paramref name="span"/> that is not in the set.</summary>
    /// <param name="span">The characters to search.</param>
    /// <returns>The index of the first character outside the set, or -1.</returns>
    /// <remarks>Matches <c>MemoryExtensions.IndexOfAnyExcept(span, values)</c>.</remarks>
    public int IndexOfAnyExcept(ReadOnlySpan<char> span) => Forward(span, except: true);

    /// <summary>Finds the last character of <paramref name="span"/> that is in the set.</summary>
    /// <param name="span">The characters to search.</param>
    /// <returns>The index of the last match, or -1.</returns>
    /// <remarks>Matches <c>MemoryExtensions.LastIndexOfAny(span, values)</c>.</remarks>
    public int LastIndexOfAny(ReadOnlySpan<char> span) => Backward(span, except: false);

    /// <summary>Finds the last character of <paramref name="span"/> that is not in the set.</summary>
    /// <param name="span">The characters to search.</param>
    /// <returns>The index of the last character outside the set, or -1.</returns>
    /// <remarks>Matches <c>MemoryExtensions.LastIndexOfAnyExcept(span, values)</c>.</remarks>
    public int LastIndexOfAnyExcept(ReadOnlySpan<char> span) => Backward(span, except: true);

    /// <summary>Tells whether any character of <paramref name="span"/> is in the set.</summary>
    /// <param name="span">The characters to search.</param>
    /// <returns><see langword="true"/> if a character of <paramref name="span"/> is in the set.</returns>
    /// <remarks>Matches <c>MemoryExtensions.ContainsAny(span, values)</c>.</remarks>
    public bool ContainsAny(ReadOnlySpan<char> span) => Forward(span, except: false) >= 0;

    /// <summary>Tells whether any character of <paramref name="span"/> is outside the set.</summary>
    /// <param name="span">The characters to search.</param>
    /// <returns><see langword="true"/> if a character of <paramref name="span"/> is not in the set.</returns>
    /// <remarks>Matches <c>MemoryExtensions.ContainsAnyExcept(span, values)</c>.</remarks>
    public bool ContainsAnyExcept(ReadOnlySpan<char> span) => Forward(span, except: true) >= 0;
#endif

    // ----- validation, in the BCL's order (the string searches check inline: Mono pays for every call) -----------
    // An array argument is checked for null before its range, as string.IndexOfAny(anyOf, startIndex, count) and
    // Array.IndexOf(array, value, startIndex, count) check theirs on .NET 10 and Mono 6.8.

    private static void CheckForwardRange(char[] array, int startIndex, int count)
    {
        if (array is null)
            ThrowHelper.ThrowArgumentNull(nameof(array));

        if ((uint)startIndex > (uint)array.Length)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(startIndex));

        if ((uint)count > (uint)(array.Length - startIndex))
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count));
    }

    /// <summary>Returns false when the search is empty by definition (an empty text accepts any range).</summary>
    private static bool CheckBackwardRange(string text, int startIndex, int count)
    {
        if (text is null)
            ThrowHelper.ThrowNullReceiver();

        return CheckBackwardRange(text.Length, startIndex, count);
    }

    private static bool CheckBackwardRange(char[] array, int startIndex, int count)
    {
        if (array is null)
            ThrowHelper.ThrowArgumentNull(nameof(array));

        return CheckBackwardRange(array.Length, startIndex, count);
    }

    private static bool CheckBackwardRange(int length, int startIndex, int count)
    {
        if (length == 0)
            return false;

        if ((uint)startIndex >= (uint)length)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(startIndex));

        if (count < 0 || count - 1 > startIndex)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count));

        return true;
    }
}
