using System;
#if STREAMLINE_NET8
using System.Buffers;
#endif

namespace Streamline.Runtime;

/// <summary>
/// An immutable set of bytes, built once (typically into a <c>static readonly</c> field) and then searched for in
/// byte-array ranges and spans. It replaces the <c>MemoryExtensions.IndexOfAny</c> family over bytes when the set is
/// constant and large.
/// </summary>
/// <remarks>
/// On .NET 8 and later the set wraps <c>System.Buffers.SearchValues&lt;byte&gt;</c>; on netstandard2.0 and
/// netstandard2.1 it holds a 256-bit table, so each byte of the input costs one lookup however large the set is. The
/// results, and the exceptions (types and <see cref="ArgumentException.ParamName"/>), are those of the
/// <c>MemoryExtensions</c> call; the range overloads check their arguments as <see cref="string.IndexOfAny(char[], int, int)"/>
/// and <see cref="string.LastIndexOfAny(char[], int, int)"/> do.
/// </remarks>
public sealed partial class ByteSearchSet
{
#if STREAMLINE_NET8
    private readonly SearchValues<byte> _values;
#else
    private readonly uint[] _bits = new uint[256 / 32];
#endif

    private ByteSearchSet(byte[] values)
    {
#if STREAMLINE_NET8
        _values = SearchValues.Create(values);
#else
        foreach (byte value in values)
            _bits[value >> 5] |= 1u << value;
#endif
    }

    /// <summary>Creates a set of the bytes in <paramref name="values"/> (duplicates are ignored).</summary>
    /// <param name="values">The members, in any order.</param>
    /// <returns>The set.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="values"/> is null.</exception>
    /// <remarks>Matches <c>SearchValues.Create(ReadOnlySpan&lt;byte&gt;)</c>; the array is copied.</remarks>
    public static ByteSearchSet Create(byte[] values)
    {
        if (values is null)
            ThrowHelper.ThrowArgumentNull(nameof(values));

        return new ByteSearchSet((byte[])values.Clone());
    }

#if STREAMLINE_SPANS
    /// <summary>Creates a set of the bytes in <paramref name="values"/> (duplicates are ignored).</summary>
    /// <param name="values">The members, in any order.</param>
    /// <returns>The set.</returns>
    /// <remarks>Matches <c>SearchValues.Create(ReadOnlySpan&lt;byte&gt;)</c>.</remarks>
    public static ByteSearchSet Create(ReadOnlySpan<byte> values) => new ByteSearchSet(values.ToArray());
#endif

    /// <summary>Tells whether <paramref name="value"/> is a member of the set.</summary>
    /// <param name="value">The byte.</param>
    /// <returns><see langword="true"/> if the set contains <paramref name="value"/>.</returns>
    /// <remarks>Matches <c>SearchValues&lt;byte&gt;.Contains(byte)</c>.</remarks>
    public bool Contains(byte value)
    {
#if STREAMLINE_NET8
        return _values.Contains(value);
#else
        return (_bits[value >> 5] & (1u << value)) != 0;
#endif
    }

    // ----- byte[] ranges ----------------------------------------------------------------------------------------

    /// <summary>Finds the first byte of <paramref name="array"/> that is in the set.</summary>
    /// <param name="array">The bytes to search.</param>
    /// <returns>The index of the first match, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <remarks>Matches <c>array.AsSpan().IndexOfAny(values)</c> on a non-null array.</remarks>
    public int IndexOfAny(byte[] array)
    {
        if (array is null)
            ThrowHelper.ThrowArgumentNull(nameof(array));

        return Forward(array, 0, array.Length, except: false);
    }

    /// <summary>Finds the first byte of a range of <paramref name="array"/> that is in the set.</summary>
    /// <param name="array">The bytes to search.</param>
    /// <param name="startIndex">Where the search starts.</param>
    /// <param name="count">How many bytes are examined.</param>
    /// <returns>The index (in <paramref name="array"/>) of the first match, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range is invalid, as for <see cref="string.IndexOfAny(char[], int, int)"/>.</exception>
    /// <remarks>Matches <c>array.AsSpan(startIndex, count).IndexOfAny(values)</c> plus <paramref name="startIndex"/>, with <see cref="string.IndexOfAny(char[], int, int)"/>'s checks.</remarks>
    public int IndexOfAny(byte[] array, int startIndex, int count)
    {
        CheckForwardRange(array, startIndex, count);
        return Forward(array, startIndex, count, except: false);
    }

    /// <summary>Finds the first byte of <paramref name="array"/> that is not in the set.</summary>
    /// <param name="array">The bytes to search.</param>
    /// <returns>The index of the first byte outside the set, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <remarks>Matches <c>array.AsSpan().IndexOfAnyExcept(values)</c> on a non-null array.</remarks>
    public int IndexOfAnyExcept(byte[] array)
    {
        if (array is null)
            ThrowHelper.ThrowArgumentNull(nameof(array));

        return Forward(array, 0, array.Length, except: true);
    }

    /// <summary>Finds the first byte of a range of <paramref name="array"/> that is not in the set.</summary>
    /// <param name="array">The bytes to search.</param>
    /// <param name="startIndex">Where the search starts.</param>
    /// <param name="count">How many bytes are examined.</param>
    /// <returns>The index (in <paramref name="array"/>) of the first byte outside the set, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range is invalid, as for <see cref="string.IndexOfAny(char[], int, int)"/>.</exception>
    /// <remarks>The range is checked as <see cref="string.IndexOfAny(char[], int, int)"/> checks it.</remarks>
    public int IndexOfAnyExcept(byte[] array, int startIndex, int count)
    {
        CheckForwardRange(array, startIndex, count);
        return Forward(array, startIndex, count, except: true);
    }

    /// <summary>Finds the last byte of <paramref name="array"/> that is in the set.</summary>
    /// <param name="array">The bytes to search.</param>
    /// <returns>The index of the last match, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <remarks>Matches <c>array.AsSpan().LastIndexOfAny(values)</c> on a non-null array.</remarks>
    public int LastIndexOfAny(byte[] array)
    {
        if (array is null)
            ThrowHelper.ThrowArgumentNull(nameof(array));

        return Backward(array, 0, array.Length, except: false);
    }

    /// <summary>Finds the last byte of a range of <paramref name="array"/> ending at <paramref name="startIndex"/> that is in the set.</summary>
    /// <param name="array">The bytes to search.</param>
    /// <param name="startIndex">The last index examined.</param>
    /// <param name="count">How many bytes are examined, backwards from <paramref name="startIndex"/>.</param>
    /// <returns>The index of the last match, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">As for <see cref="string.LastIndexOfAny(char[], int, int)"/>.</exception>
    /// <remarks>Matches <c>array.AsSpan(startIndex + 1 - count, count).LastIndexOfAny(values)</c> plus that start, with <see cref="string.LastIndexOfAny(char[], int, int)"/>'s checks.</remarks>
    public int LastIndexOfAny(byte[] array, int startIndex, int count)
    {
        if (!CheckBackwardRange(array, startIndex, count))
            return -1;

        return Backward(array, startIndex + 1 - count, count, except: false);
    }

    /// <summary>Finds the last byte of <paramref name="array"/> that is not in the set.</summary>
    /// <param name="array">The bytes to search.</param>
    /// <returns>The index of the last byte outside the set, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <remarks>Matches <c>array.AsSpan().LastIndexOfAnyExcept(values)</c> on a non-null array.</remarks>
    public int LastIndexOfAnyExcept(byte[] array)
    {
        if (array is null)
            ThrowHelper.ThrowArgumentNull(nameof(array));

        return Backward(array, 0, array.Length, except: true);
    }

    /// <summary>Finds the last byte of a range of <paramref name="array"/> ending at <paramref name="startIndex"/> that is not in the set.</summary>
    /// <param name="array">The bytes to search.</param>
    /// <param name="startIndex">The last index examined.</param>
    /// <param name="count">How many bytes are examined, backwards from <paramref name="startIndex"/>.</param>
    /// <returns>The index of the last byte outside the set, or -1.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">As for <see cref="string.LastIndexOfAny(char[], int, int)"/>.</exception>
    /// <remarks>The range is checked as <see cref="string.LastIndexOfAny(char[], int, int)"/> checks it.</remarks>
    public int LastIndexOfAnyExcept(byte[] array, int startIndex, int count)
    {
        if (!CheckBackwardRange(array, startIndex, count))
            return -1;

        return Backward(array, startIndex + 1 - count, count, except: true);
    }

    /// <summary>Tells whether any byte of <paramref name="array"/> is in the set.</summary>
    /// <param name="array">The bytes to search.</param>
    /// <returns><see langword="true"/> if a byte of <paramref name="array"/> is in the set.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <remarks>Matches <c>array.AsSpan().ContainsAny(values)</c> on a non-null array.</remarks>
    public bool ContainsAny(byte[] array) => IndexOfAny(array) >= 0;

    /// <summary>Tells whether any byte of <paramref name="array"/> is outside the set.</summary>
    /// <param name="array">The bytes to search.</param>
    /// <returns><see langword="true"/> if a byte of <paramref name="array"/> is not in the set.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <remarks>Matches <c>array.AsSpan().ContainsAnyExcept(values)</c> on a non-null array.</remarks>
    public bool ContainsAnyExcept(byte[] array) => IndexOfAnyExcept(array) >= 0;

#if STREAMLINE_SPANS
    // ----- spans ------------------------------------------------------------------------------------------------

    /// <summary>Finds the first byte of <paramref name="span"/> that is in the set.</summary>
    /// <param name="span">The bytes to search.</param>
    /// <returns>The index of the first match, or -1.</returns>
    /// <remarks>Matches <c>MemoryExtensions.IndexOfAny(span, values)</c>.</remarks>
    public int IndexOfAny(ReadOnlySpan<byte> span) => Forward(span, except: false);

    /// <summary>Finds the first byte of <paramref name="span"/> that is not in the set.</summary>
    /// <param name="span">The bytes to search.</param>
    /// <returns>The index of the first byte outside the set, or -1.</returns>
    /// <remarks>Matches <c>MemoryExtensions.IndexOfAnyExcept(span, values)</c>.</remarks>
    public int IndexOfAnyExcept(ReadOnlySpan<byte> span) => Forward(span, except: true);

    /// <summary>Finds the last byte of <paramref name="span"/> that is in the set.</summary>
    /// <param name="span">The bytes to search.</param>
    /// <returns>The index of the last match, or -1.</returns>
    /// <remarks>Matches <c>MemoryExtensions.LastIndexOfAny(span, values)</c>.</remarks>
    public int LastIndexOfAny(ReadOnlySpan<byte> span) => Backward(span, except: false);

    /// <summary>Finds the last byte of <paramref name="span"/> that is not in the set.</summary>
    /// <param name="span">The bytes to search.</param>
    /// <returns>The index of the last byte outside the set, or -1.</returns>
    /// <remarks>Matches <c>MemoryExtensions.LastIndexOfAnyExcept(span, values)</c>.</remarks>
    public int LastIndexOfAnyExcept(ReadOnlySpan<byte> span) => Backward(span, except: true);

    /// <summary>Tells whether any byte of <paramref name="span"/> is in the set.</summary>
    /// <param name="span">The bytes to search.</param>
    /// <returns><see langword="true"/> if a byte of <paramref name="span"/> is in the set.</returns>
    /// <remarks>Matches <c>MemoryExtensions.ContainsAny(span, values)</c>.</remarks>
    public bool ContainsAny(ReadOnlySpan<byte> span) => Forward(span, except: false) >= 0;

    /// <summary>Tells whether any byte of <paramref name="span"/> is outside the set.</summary>
    /// <param name="span">The bytes to search.</param>
    /// <returns><see langword="true"/> if a byte of <paramref name="span"/> is not in the set.</returns>
    /// <remarks>Matches <c>MemoryExtensions.ContainsAnyExcept(span, values)</c>.</remarks>
    public bool ContainsAnyExcept(ReadOnlySpan<byte> span) => Forward(span, except: true) >= 0;
#endif

    // ----- validation, in the BCL's order -----------------------------------------------------------------------

    private static void CheckForwardRange(byte[] array, int startIndex, int count)
    {
        if (array is null)
            ThrowHelper.ThrowArgumentNull(nameof(array));

        if ((uint)startIndex > (uint)array.Length)
            ThrowHelper.ThrowArgumentOutOfRange(nameof(startIndex));

        if ((uint)count > (uint)(array.Length - startIndex))
            ThrowHelper.ThrowArgumentOutOfRange(nameof(count));
    }

    /// <summary>Returns false when the search is empty by definition (an empty array accepts any range).</summary>
    private static bool CheckBackwardRange(byte[] array, int startIndex, int count)
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
