using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
#if NET
using System.Buffers;
#endif
using Streamline.Runtime;

namespace Streamline.SL1004Sizes;

// For each set and text length: the tokenizer loop `while ((i = text.IndexOfAny(set, i)) >= 0) i++;` over strings of
// that length (about 256 K characters in all, a twelfth of them set members), with a static char[] (the flagged code),
// Streamline.Runtime's netstandard2.0 CharSearchSet (the fix where no SearchValues exists), and on .NET a cached
// SearchValues<char> (what CharSearchSet's net8.0 build wraps). Alternating rounds, best round of each; ratios are
// flagged/fixed (above 1: the set is faster).
internal static class Program
{
    private const int TotalCharacters = 256 * 1024;

    private static readonly (string Name, string Members)[] s_sets =
    {
        ("4 ASCII", ",;:|"),
        ("6 ASCII", ",;:|=&"),
        ("8 ASCII", ",;:|=&<>"),
        ("12 ASCII", ",;:|=&<>[]{}"),
        ("25 whitespace (non-ASCII)", "\t\n\v\f\r \u0085\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000"),
        ("39 ASCII (controls + <>:\"|?*)", new string(Enumerable.Range(0, 32).Select(c => (char)c).ToArray()) + "<>:\"|?*"),
    };

    private static readonly int[] s_lengths = { 16, 128, 4096 };

    private static int Main(string[] args)
    {
        if (args.Length > 0 && args[0] == "filesystem")
            return FileSystemCalls.Run(args.Length > 1 ? int.Parse(args[1], CultureInfo.InvariantCulture) : 15);

        int rounds = args.Length > 0 ? int.Parse(args[0], CultureInfo.InvariantCulture) : 15;
        bool mono = Type.GetType("Mono.Runtime") is not null;
        Console.WriteLine("runtime: " + (mono ? "Mono " : ".NET ") + Environment.Version + "; CharSearchSet from " + typeof(CharSearchSet).Assembly.GetName().Name + " (netstandard2.0 build)");
        Console.WriteLine("set\ttext length\tchar[] (us)\tCharSearchSet ns2.0 (us)\tratio\tSearchValues (us)\tratio");
        foreach ((string name, string members) in s_sets)
        {
            char[] array = members.ToCharArray();
            CharSearchSet set = CharSearchSet.Create(members);
#if NET
            SearchValues<char> values = SearchValues.Create(members);
#endif
            foreach (int length in s_lengths)
            {
                string[] texts = Texts(members, length);
                long expected = Flagged(texts, array);
                if (Fixed(texts, set) != expected)
                    throw new InvalidOperationException("CharSearchSet disagrees");
#if NET
                if (Cached(texts, values) != expected)
                    throw new InvalidOperationException("SearchValues disagrees");
#endif
                double flagged = double.MaxValue, fixedUp = double.MaxValue, cached = double.MaxValue;
                for (int round = 0; round < rounds; round++)
                {
                    flagged = Math.Min(flagged, Time(() => Flagged(texts, array)));
                    fixedUp = Math.Min(fixedUp, Time(() => Fixed(texts, set)));
#if NET
                    cached = Math.Min(cached, Time(() => Cached(texts, values)));
#endif
                }

                string searchValues = cached == double.MaxValue ? "n/a\tn/a" : string.Format(CultureInfo.InvariantCulture, "{0:F0}\t{1:F2}", cached, flagged / cached);
                Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "{0}\t{1}\t{2:F0}\t{3:F0}\t{4:F2}\t{5}", name, length, flagged, fixedUp, flagged / fixedUp, searchValues));
            }
        }

        return 0;
    }

    private static string[] Texts(string members, int length)
    {
        var random = new Random(1004);
        var texts = new string[Math.Max(1, TotalCharacters / length)];
        for (int t = 0; t < texts.Length; t++)
        {
            var chars = new char[length];
            for (int i = 0; i < length; i++)
                chars[i] = random.Next(12) == 0 ? members[random.Next(members.Length)] : (char)('a' + random.Next(26));

            texts[t] = new string(chars);
        }

        return texts;
    }

    private static long Flagged(string[] texts, char[] array)
    {
        long count = 0;
        foreach (string text in texts)
        {
            int i = 0;
            while ((i = text.IndexOfAny(array, i)) >= 0)
            {
                count += i;
                i++;
            }
        }

        return count;
    }

    private static long Fixed(string[] texts, CharSearchSet set)
    {
        long count = 0;
        foreach (string text in texts)
        {
            int i = 0;
            while ((i = set.IndexOfAny(text, i)) >= 0)
            {
                count += i;
                i++;
            }
        }

        return count;
    }

#if NET
    private static long Cached(string[] texts, SearchValues<char> values)
    {
        long count = 0;
        foreach (string text in texts)
        {
            int i = 0;
            int found;
            while ((found = text.AsSpan(i).IndexOfAny(values)) >= 0)
            {
                i += found;
                count += i;
                i++;
            }
        }

        return count;
    }
#endif

    private static double Time(Func<long> run)
    {
        Stopwatch watch = Stopwatch.StartNew();
        run();
        return watch.Elapsed.TotalMilliseconds * 1000;
    }
}
