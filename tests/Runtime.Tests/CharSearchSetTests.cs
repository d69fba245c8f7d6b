using System;
using System.Collections.Generic;
using System.Linq;
using CsCheck;

namespace Streamline.Runtime.Tests;

/// <summary>
/// Differential tests: every <see cref="CharSearchSet"/> method of every build against the BCL call it replaces
/// (<see cref="string.IndexOfAny(char[], int, int)"/>, <see cref="string.LastIndexOfAny(char[], int, int)"/> and the
/// <c>MemoryExtensions</c> span searches), on generated texts, sets and ranges.
/// </summary>
public class CharSearchSetTests
{
    /// <summary>The 25 characters <see cref="char.IsWhiteSpace(char)"/> accepts.</summary>
    public const string Whitespace =
        "\t\n\v\f\r \u0085\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000";

    // Characters aimed at the edges: ASCII (the bitmap's first words), whitespace, Latin-1, lone surrogates and the top
    // of the range (the bitmap's last word), and anything else.
    private static readonly Gen<char> s_char = Gen.Frequency(
        (6, Gen.Char['\0', '\u007F']),
        (2, Gen.OneOf(Whitespace.ToCharArray())),
        (1, Gen.Char['\u0080', '\u00FF']),
        (1, Gen.Char['\uD800', '\uDFFF']),
        (1, Gen.Char['\uFFE0', '\uFFFF']),
        (1, Gen.Char));

    private static readonly Gen<int> s_index = Gen.Frequency(
        (12, Gen.Int[-2, 70]),
        (1, Gen.OneOf(int.MinValue, int.MaxValue, -1, 0)));

    /// <summary>A set, a text made partly of the set's members, and a start index and count.</summary>
    private static readonly Gen<(char[] Set, string? Text, int Start, int Count)> s_case =
        Gen.Select(s_char.Array[0, 30], s_char.Array[0, 64], Gen.Int[0, 100].Array[64], Gen.Select(s_index, s_index))
            .Select((set, text, picks, range) =>
            {
                // About half the text's characters are taken from the set, so matches happen at every position.
                char[] chars = (char[])text.Clone();
                for (int i = 0; i < chars.Length && set.Length > 0; i++)
                {
                    if (picks[i] < 50)
                        chars[i] = set[picks[i] % set.Length];
                }

                string? value = picks[63] == 0 ? null : new string(chars);
                return (set, value, range.Item1, range.Item2);
            });

    [Fact]
    public void EveryStringMethod_MatchesTheBcl() =>
        s_case.Sample(c => AssertStringMethods(c.Set, c.Text, c.Start, c.Count), iter: 10_000);

    [Fact]
    public void EveryArrayAndSpanMethod_MatchesTheBcl() =>
        s_case.Sample(c => AssertArrayAndSpanMethods(c.Set, (c.Text ?? string.Empty).ToCharArray(), c.Start, c.Count), iter: 10_000);

    [Fact]
    public void WholeClarissaVolume_WhitespaceSet_MatchesTheBcl()
    {
        string text = CharSearchSetCorpus.Clarissa1;
        char[] set = Whitespace.ToCharArray();
        foreach (string build in SearchSetBuilds.Names)
        {
            var ours = new CharSetUnderTest(build, set);
            Assert.Equal(text.IndexOfAny(set), ours.IndexOfAny(text));
            Assert.Equal(text.LastIndexOfAny(set), ours.LastIndexOfAny(text));
            Assert.Equal(text.AsSpan().IndexOfAnyExcept(set), ours.IndexOfAnyExcept(text));
            int position = 0;
            int count = 0;
            while ((position = ours.IndexOfAnyFrom(text, position)) >= 0)
            {
                Assert.Equal(text.IndexOfAny(set, position), position);
                position++;
                count++;
            }

            Assert.Equal(text.Count(ch => set.Contains(ch)), count);
        }
    }

    [Fact]
    public void Create_NullValues_ThrowsArgumentNull()
    {
        Assert.Equal("values", Assert.Throws<ArgumentNullException>(() => CharSearchSet.Create((string)null!)).ParamName);
        Assert.Equal("values", Assert.Throws<ArgumentNullException>(() => CharSearchSet.Create((char[])null!)).ParamName);
    }

    [Fact]
    public void ArrayOverloads_NullArray_ThrowArgumentNull()
    {
        CharSearchSet set = CharSearchSet.Create(Whitespace);
        Assert.Equal("array", Assert.Throws<ArgumentNullException>(() => set.IndexOfAny((char[])null!)).ParamName);
        Assert.Equal("array", Assert.Throws<ArgumentNullException>(() => set.LastIndexOfAny((char[])null!, 0, 0)).ParamName);
    }

    // .NET 10 and Mono 6.8 both check an array argument for null before its range: string.IndexOfAny and LastIndexOfAny
    // throw ArgumentNullException(anyOf) for a null set whatever startIndex and count are (even on an empty string,
    // where LastIndexOfAny otherwise returns -1), as Array.IndexOf does for its array. The char[] overloads check the
    // searched array the same way, first.
    [Theory]
    [InlineData(0, 0)]
    [InlineData(5, 0)]
    [InlineData(-1, 0)]
    [InlineData(0, 9)]
    [InlineData(1, -1)]
    [InlineData(int.MaxValue, int.MaxValue)]
    public void ArrayRangeOverloads_NullArray_CheckNullBeforeTheRange_AsTheBclDoes(int start, int count)
    {
        string bcl = SearchOutcome.Of(() => "abc".IndexOfAny(null!, start, count));
        string bclLast = SearchOutcome.Of(() => string.Empty.LastIndexOfAny(null!, start, count));
        string arrayIndexOf = SearchOutcome.Of(() => Array.IndexOf((char[])null!, 'a', start, count));
        Assert.Equal("threw ArgumentNullException(anyOf)", bcl);
        Assert.Equal("threw ArgumentNullException(anyOf)", bclLast);
        Assert.Equal("threw ArgumentNullException(array)", arrayIndexOf);
        foreach (string build in SearchSetBuilds.Names)
        {
            var ours = new CharSetUnderTest(build, Whitespace.ToCharArray());
            Assert.Equal(arrayIndexOf, SearchOutcome.Of(() => ours.ArrayIndexOfAnyRange(null!, start, count)));
            Assert.Equal(arrayIndexOf, SearchOutcome.Of(() => ours.ArrayIndexOfAnyExceptRange(null!, start, count)));
            Assert.Equal(arrayIndexOf, SearchOutcome.Of(() => ours.ArrayLastIndexOfAnyRange(null!, start, count)));
            Assert.Equal(arrayIndexOf, SearchOutcome.Of(() => ours.ArrayLastIndexOfAnyExceptRange(null!, start, count)));
        }
    }

    [Fact]
    public void Create_CopiesTheArray()
    {
        char[] values = { 'a', 'b', 'c', 'd', 'e', 'f' };
        CharSearchSet set = CharSearchSet.Create(values);
        values[0] = 'z';
        Assert.Equal("xyz".IndexOfAny(new[] { 'a' }), set.IndexOfAny("xyz"));
        Assert.True(set.Contains('a'));
    }

    // Pinned edges: the empty text accepts any LastIndexOfAny range; a set member U+FFFF sits in the bitmap's last bit.
    [Theory]
    [InlineData("", 5, 9)]
    [InlineData("", -1, -1)]
    [InlineData("a", 0, 2)]
    [InlineData("ab", 1, 0)]
    [InlineData("ab", 2, 1)]
    public void LastIndexOfAny_RangeEdges_MatchTheBcl(string text, int start, int count) =>
        AssertStringMethods(Whitespace.ToCharArray(), text, start, count);

    [Fact]
    public void HighestCharacter_AndEmptySet_MatchTheBcl()
    {
        AssertStringMethods(new[] { '\uFFFF' }, "a\uFFFF\uFFFEb", 1, 2);
        AssertStringMethods(Array.Empty<char>(), "abc", 0, 3);
        AssertStringMethods(new[] { '\uD83D', '\uDE00' }, "x\uD83D\uDE00y", 0, 4);
    }

    internal static void AssertStringMethods(char[] set, string? text, int start, int count)
    {
        foreach (string build in SearchSetBuilds.Names)
        {
            var ours = new CharSetUnderTest(build, set);
            void Same<T>(string name, Func<T> bcl, Func<T> streamline) =>
                Assert.True(SearchOutcome.Of(bcl) == SearchOutcome.Of(streamline),
                    $"{build} {name}(\"{Escape(text)}\", {start}, {count}) with [{Escape(new string(set))}]: BCL {SearchOutcome.Of(bcl)}, ours {SearchOutcome.Of(streamline)}");

            foreach (char probe in set.Concat(text ?? string.Empty).Append('\0').Append('\uFFFF'))
                Assert.Equal(Array.IndexOf(set, probe) >= 0, ours.Contains(probe));

            Same("IndexOfAny", () => text!.IndexOfAny(set), () => ours.IndexOfAny(text!));
            Same("IndexOfAny/start", () => text!.IndexOfAny(set, start), () => ours.IndexOfAnyFrom(text!, start));
            Same("IndexOfAny/start/count", () => text!.IndexOfAny(set, start, count), () => ours.IndexOfAnyRange(text!, start, count));
            Same("LastIndexOfAny", () => text!.LastIndexOfAny(set), () => ours.LastIndexOfAny(text!));
            Same("LastIndexOfAny/start", () => text!.LastIndexOfAny(set, start), () => ours.LastIndexOfAnyFrom(text!, start));
            Same("LastIndexOfAny/start/count", () => text!.LastIndexOfAny(set, start, count), () => ours.LastIndexOfAnyRange(text!, start, count));

            // The Except and Contains forms exist in the BCL only on spans: the string method's checks come from the
            // sibling string.(Last)IndexOfAny call, the result from the span search over the same range.
            Same("IndexOfAnyExcept", () => { _ = text!.IndexOfAny(set); return text.AsSpan().IndexOfAnyExcept(set); }, () => ours.IndexOfAnyExcept(text!));
            Same("IndexOfAnyExcept/start", () => { _ = text!.IndexOfAny(set, start); return Offset(text.AsSpan(start).IndexOfAnyExcept(set), start); }, () => ours.IndexOfAnyExceptFrom(text!, start));
            Same("IndexOfAnyExcept/start/count", () => { _ = text!.IndexOfAny(set, start, count); return Offset(text.AsSpan(start, count).IndexOfAnyExcept(set), start); }, () => ours.IndexOfAnyExceptRange(text!, start, count));
            Same("LastIndexOfAnyExcept", () => { _ = text!.LastIndexOfAny(set); return text.AsSpan().LastIndexOfAnyExcept(set); }, () => ours.LastIndexOfAnyExcept(text!));
            Same("LastIndexOfAnyExcept/start", () => LastExcept(text, set, start, start + 1, text!.LastIndexOfAny(set, start)), () => ours.LastIndexOfAnyExceptFrom(text!, start));
            Same("LastIndexOfAnyExcept/start/count", () => LastExcept(text, set, start, count, text!.LastIndexOfAny(set, start, count)), () => ours.LastIndexOfAnyExceptRange(text!, start, count));
            Same("ContainsAny", () => { _ = text!.IndexOfAny(set); return text.AsSpan().ContainsAny(set); }, () => ours.ContainsAny(text!));
            Same("ContainsAny/start/count", () => text!.IndexOfAny(set, start, count) >= 0, () => ours.ContainsAnyRange(text!, start, count));
            Same("ContainsAnyExcept", () => { _ = text!.IndexOfAny(set); return text.AsSpan().ContainsAnyExcept(set); }, () => ours.ContainsAnyExcept(text!));
            Same("ContainsAnyExcept/start/count", () => { _ = text!.IndexOfAny(set, start, count); return text.AsSpan(start, count).ContainsAnyExcept(set); }, () => ours.ContainsAnyExceptRange(text!, start, count));
        }
    }

    internal static void AssertArrayAndSpanMethods(char[] set, char[] array, int start, int count)
    {
        string text = new(array);
        foreach (string build in SearchSetBuilds.Names)
        {
            var ours = new CharSetUnderTest(build, set);
            void Same<T>(string name, Func<T> bcl, Func<T> streamline) =>
                Assert.True(SearchOutcome.Of(bcl) == SearchOutcome.Of(streamline),
                    $"{build} char[] {name}(\"{Escape(text)}\", {start}, {count}) with [{Escape(new string(set))}]: BCL {SearchOutcome.Of(bcl)}, ours {SearchOutcome.Of(streamline)}");

            Same("IndexOfAny", () => array.AsSpan().IndexOfAny(set), () => ours.ArrayIndexOfAny(array));
            Same("IndexOfAny/range", () => text.IndexOfAny(set, start, count), () => ours.ArrayIndexOfAnyRange(array, start, count));
            Same("IndexOfAnyExcept", () => array.AsSpan().IndexOfAnyExcept(set), () => ours.ArrayIndexOfAnyExcept(array));
            Same("IndexOfAnyExcept/range", () => { _ = text.IndexOfAny(set, start, count); return Offset(array.AsSpan(start, count).IndexOfAnyExcept(set), start); }, () => ours.ArrayIndexOfAnyExceptRange(array, start, count));
            Same("LastIndexOfAny", () => array.AsSpan().LastIndexOfAny(set), () => ours.ArrayLastIndexOfAny(array));
            Same("LastIndexOfAny/range", () => text.LastIndexOfAny(set, start, count), () => ours.ArrayLastIndexOfAnyRange(array, start, count));
            Same("LastIndexOfAnyExcept", () => array.AsSpan().LastIndexOfAnyExcept(set), () => ours.ArrayLastIndexOfAnyExcept(array));
            Same("LastIndexOfAnyExcept/range", () => LastExcept(text, set, start, count, text.LastIndexOfAny(set, start, count)), () => ours.ArrayLastIndexOfAnyExceptRange(array, start, count));
            Same("ContainsAny", () => array.AsSpan().ContainsAny(set), () => ours.ArrayContainsAny(array));
            Same("ContainsAnyExcept", () => array.AsSpan().ContainsAnyExcept(set), () => ours.ArrayContainsAnyExcept(array));
            if (!SearchSetBuilds.HasSpans(build))
                continue;

            Same("span IndexOfAny", () => array.AsSpan().IndexOfAny(set), () => ours.SpanIndexOfAny!(array));
            Same("span IndexOfAnyExcept", () => array.AsSpan().IndexOfAnyExcept(set), () => ours.SpanIndexOfAnyExcept!(array));
            Same("span LastIndexOfAny", () => array.AsSpan().LastIndexOfAny(set), () => ours.SpanLastIndexOfAny!(array));
            Same("span LastIndexOfAnyExcept", () => array.AsSpan().LastIndexOfAnyExcept(set), () => ours.SpanLastIndexOfAnyExcept!(array));
            Same("span ContainsAny", () => array.AsSpan().ContainsAny(set), () => ours.SpanContainsAny!(array));
            Same("span ContainsAnyExcept", () => array.AsSpan().ContainsAnyExcept(set), () => ours.SpanContainsAnyExcept!(array));
        }
    }

    /// <summary>The span search over the range string.LastIndexOfAny(anyOf, startIndex, count) examines.</summary>
    private static int LastExcept(string? text, char[] set, int startIndex, int count, int validated)
    {
        _ = validated;
        if (text!.Length == 0)
            return -1;

        int first = startIndex + 1 - count;
        return Offset(text.AsSpan(first, count).LastIndexOfAnyExcept(set), first);
    }

    private static int Offset(int index, int start) => index < 0 ? index : index + start;

    internal static string Escape(string? text) =>
        text is null ? "null" : string.Concat(text.Select(ch => ch is >= ' ' and < '\u007F' ? ch.ToString() : $"\\u{(int)ch:X4}"));
}
