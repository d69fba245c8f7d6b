using System;
using System.IO;
#if NET8_0_OR_GREATER
using System.Buffers;
#endif
using BenchmarkDotNet.Attributes;
using Streamline.Runtime;

namespace Streamline.Benchmarks;

/// <summary>
/// SL1004: a tokenizer-style loop that finds every next member of a constant set in a Clarissa volume with
/// <c>text.IndexOfAny(new[] { ... }, start)</c>. The flagged code allocates the array on every call, and the search
/// itself compares each character with every member (Mono, .NET Framework) or rebuilds a lookup per call (.NET).
/// </summary>
[MemoryDiagnoser]
public class SL1004UseCachedSearchValuesBenchmarks
{
    /// <summary>The sets searched for.</summary>
    public enum SearchSet
    {
        /// <summary>The 25 characters <see cref="char.IsWhiteSpace(char)"/> accepts (ASCII and not).</summary>
        Whitespace25,

        /// <summary>Ten ASCII separators: space, tab, CR, LF and six punctuation marks.</summary>
        Separators10,
    }

    private const string Whitespace =
        "\t\n\v\f\r \u0085\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000";

    private const string Separators = " \t\r\n,.;:!?";

    private static readonly char[] s_whitespaceArray = Whitespace.ToCharArray();
    private static readonly char[] s_separatorsArray = Separators.ToCharArray();
    private static readonly CharSearchSet s_whitespaceSet = CharSearchSet.Create(Whitespace);
    private static readonly CharSearchSet s_separatorsSet = CharSearchSet.Create(Separators);
#if NET8_0_OR_GREATER
    private static readonly SearchValues<char> s_whitespaceValues = SearchValues.Create(Whitespace);
    private static readonly SearchValues<char> s_separatorsValues = SearchValues.Create(Separators);
#endif

    private string _text = string.Empty;

    /// <summary>Gets or sets the set searched for.</summary>
    [Params(SearchSet.Whitespace25, SearchSet.Separators10)]
    public SearchSet Set { get; set; }

    /// <summary>Reads <c>tests/corpus/clarissa_volume1.txt</c>.</summary>
    [GlobalSetup]
    public void Setup() => _text = File.ReadAllText(FindCorpusFile("clarissa_volume1.txt"));

    /// <summary>The flagged code: a new array of the set on every call.</summary>
    /// <returns>How many members of the set the text holds.</returns>
    [Benchmark(Baseline = true)]
    public int IndexOfAnyNewArray()
    {
        string text = _text;
        int count = 0;
        int index = 0;
        if (Set == SearchSet.Whitespace25)
        {
            while ((index = text.IndexOfAny(new[] { '\t', '\n', '\v', '\f', '\r', ' ', '\u0085', '\u00A0', '\u1680', '\u2000', '\u2001', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200A', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000' }, index)) >= 0)
            {
                count++;
                index++;
            }
        }
        else
        {
            while ((index = text.IndexOfAny(new[] { ' ', '\t', '\r', '\n', ',', '.', ';', ':', '!', '?' }, index)) >= 0)
            {
                count++;
                index++;
            }
        }

        return count;
    }

    /// <summary>string.IndexOfAny with the array cached: no allocation, the same search.</summary>
    /// <returns>How many members of the set the text holds.</returns>
    [Benchmark]
    public int IndexOfAnyCachedArray()
    {
        string text = _text;
        char[] set = Set == SearchSet.Whitespace25 ? s_whitespaceArray : s_separatorsArray;
        int count = 0;
        int index = 0;
        while ((index = text.IndexOfAny(set, index)) >= 0)
        {
            count++;
            index++;
        }

        return count;
    }

#if NET8_0_OR_GREATER
    /// <summary>The BCL fix on .NET 8+: a cached SearchValues over the rest of the text.</summary>
    /// <returns>How many members of the set the text holds.</returns>
    [Benchmark]
    public int SearchValuesSpan()
    {
        string text = _text;
        SearchValues<char> set = Set == SearchSet.Whitespace25 ? s_whitespaceValues : s_separatorsValues;
        int count = 0;
        int index = 0;
        int found;
        while ((found = text.AsSpan(index).IndexOfAny(set)) >= 0)
        {
            count++;
            index += found + 1;
        }

        return count;
    }
#endif

    /// <summary>SL1004's fix on every target: Streamline.Runtime's CharSearchSet, cached.</summary>
    /// <returns>How many members of the set the text holds.</returns>
    [Benchmark]
    public int CharSearchSetIndexOfAny()
    {
        string text = _text;
        CharSearchSet set = Set == SearchSet.Whitespace25 ? s_whitespaceSet : s_separatorsSet;
        int count = 0;
        int index = 0;
        while ((index = set.IndexOfAny(text, index)) >= 0)
        {
            count++;
            index++;
        }

        return count;
    }

    private static string FindCorpusFile(string name)
    {
        foreach (string start in new[] { AppDomain.CurrentDomain.BaseDirectory, Directory.GetCurrentDirectory() })
        {
            for (DirectoryInfo? directory = new(start); directory is not null; directory = directory.Parent)
            {
                string candidate = Path.Combine(directory.FullName, "tests", "corpus", name);
                if (File.Exists(candidate))
                    return candidate;
            }
        }

        throw new FileNotFoundException("tests/corpus was not found above the benchmark binaries or the working directory.", name);
    }
}
