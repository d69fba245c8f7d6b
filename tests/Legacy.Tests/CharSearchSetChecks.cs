using System;
using System.Globalization;
using Streamline.Runtime;

namespace Streamline.Legacy.Tests;

/// <summary>CharSearchSet's netstandard2.0 build against the running BCL's <c>string.IndexOfAny</c> and
/// <c>LastIndexOfAny</c> (all three overloads each) on generated texts, sets and ranges, and its <c>char[]</c> range
/// overloads against <c>new string(array).IndexOfAny(...)</c>, with a null array checked before the range as
/// <c>Array.IndexOf</c> checks it.</summary>
internal static class CharSearchSetChecks
{
    private const int Cases = 6000;

    // ASCII punctuation and whitespace that sets are made of, Latin-1, a surrogate pair and the top of the range.
    private const string Alphabet = " \t\r\n,;:.<>&\"'/\\{}[]()=+-*#@$%^|~?!0123456789abcXYZ\u00A0\u00E9\u2028\uD83D\uDE00\uFFFF";

    public static Suite Run(int seed, double scale)
    {
        var suite = new Suite("CharSearchSet");
        var random = new Random(seed);
        int cases = (int)(Cases * scale);
        for (int i = 0; i < cases; i++)
        {
            char[] set = Pick(random, random.Next(0, 16));
            string text = new string(Pick(random, random.Next(0, 40)));
            int start = random.Next(-2, text.Length + 3);
            int count = random.Next(-2, text.Length + 3);
            if (random.Next(20) == 0)
                start = int.MaxValue;

            string repro = string.Format(CultureInfo.InvariantCulture, "set {0} text {1} start {2} count {3}", Outcome.Chars(new string(set)), Outcome.Chars(text), start, count);
            suite.Run(repro, () => Compare(set, text, start, count));
        }

        foreach (int start in new[] { 0, 5, -1, int.MaxValue })
        {
            foreach (int count in new[] { 0, 9, -1 })
            {
                string repro = string.Format(CultureInfo.InvariantCulture, "null array, start {0} count {1}", start, count);
                suite.Run(repro, () => CompareNullArray(start, count));
            }
        }

        return suite;
    }

    private static string? Compare(char[] set, string text, int start, int count)
    {
        CharSearchSet ours = CharSearchSet.Create(set);
        char[] array = text.ToCharArray();
        return Same("IndexOfAny", () => text.IndexOfAny(set), () => ours.IndexOfAny(text))
            ?? Same("IndexOfAny/start", () => text.IndexOfAny(set, start), () => ours.IndexOfAny(text, start))
            ?? Same("IndexOfAny/start/count", () => text.IndexOfAny(set, start, count), () => ours.IndexOfAny(text, start, count))
            ?? Same("LastIndexOfAny", () => text.LastIndexOfAny(set), () => ours.LastIndexOfAny(text))
            ?? Same("LastIndexOfAny/start", () => text.LastIndexOfAny(set, start), () => ours.LastIndexOfAny(text, start))
            ?? Same("LastIndexOfAny/start/count", () => text.LastIndexOfAny(set, start, count), () => ours.LastIndexOfAny(text, start, count))
            ?? Same("ContainsAny/start/count", () => text.IndexOfAny(set, start, count) >= 0 ? 1 : 0, () => ours.ContainsAny(text, start, count) ? 1 : 0)
            ?? Same("char[] IndexOfAny/range", () => text.IndexOfAny(set, start, count), () => ours.IndexOfAny(array, start, count))
            ?? Same("char[] LastIndexOfAny/range", () => text.LastIndexOfAny(set, start, count), () => ours.LastIndexOfAny(array, start, count));
    }

    private static string? CompareNullArray(int start, int count)
    {
        CharSearchSet ours = CharSearchSet.Create(" \t\r\n,;");
        string bcl = Outcome.Of(() => Array.IndexOf((char[])null!, 'a', start, count).ToString(CultureInfo.InvariantCulture));
        if (bcl != "throws:System.ArgumentNullException(array)")
            return "Array.IndexOf(null, 'a', start, count): " + bcl;

        string anyOf = Outcome.Of(() => "abc".IndexOfAny(null!, start, count).ToString(CultureInfo.InvariantCulture));
        if (anyOf != "throws:System.ArgumentNullException(anyOf)")
            return "string.IndexOfAny(null, start, count): " + anyOf;

        return Same("char[] IndexOfAny(null, range)", () => Array.IndexOf((char[])null!, 'a', start, count), () => ours.IndexOfAny((char[])null!, start, count))
            ?? Same("char[] LastIndexOfAny(null, range)", () => Array.IndexOf((char[])null!, 'a', start, count), () => ours.LastIndexOfAny((char[])null!, start, count))
            ?? Same("char[] IndexOfAnyExcept(null, range)", () => Array.IndexOf((char[])null!, 'a', start, count), () => ours.IndexOfAnyExcept((char[])null!, start, count))
            ?? Same("char[] LastIndexOfAnyExcept(null, range)", () => Array.IndexOf((char[])null!, 'a', start, count), () => ours.LastIndexOfAnyExcept((char[])null!, start, count));
    }

    private static string? Same(string name, Func<int> bcl, Func<int> streamline)
    {
        string expected = Outcome.Of(() => bcl().ToString(CultureInfo.InvariantCulture));
        string actual = Outcome.Of(() => streamline().ToString(CultureInfo.InvariantCulture));
        return expected == actual ? null : name + ": BCL " + expected + ", ours " + actual;
    }

    private static char[] Pick(Random random, int length)
    {
        var chars = new char[length];
        for (int i = 0; i < length; i++)
            chars[i] = Alphabet[random.Next(Alphabet.Length)];

        return chars;
    }
}
