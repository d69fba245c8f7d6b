using System;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;

namespace Streamline.Benchmarks;

/// <summary>
/// SL1005: <c>x[start..]</c> as compilers before Roslyn 5.9 emit it (<c>x.Slice(start, x.Length - start)</c>) against
/// <c>x.Slice(start)</c>, in a loop that slices after every match, as a tokenizer does.
/// </summary>
/// <remarks>
/// The SDK that builds this project already lowers <c>x[start..]</c> to <c>Slice(start)</c>, so the flagged method
/// spells out the old lowering by hand, temporaries and order included (the IL is on docs/rules/SL1005.md).
/// <c>RangeAsThisCompilerEmits</c> is the literal range, as whatever compiler builds this file emits it (.NET only). The
/// net48 build runs under Mono with System.Memory's span; eng/measure-sl1005-mono.sh times the same methods on Mono's
/// own span, the one Unity has.
/// </remarks>
[MemoryDiagnoser]
public class SL1005SliceInsteadOfRangeBenchmarks
{
    private const int Seed = 1005;
    private const int TextLength = 64 * 1024;

    private string _text = string.Empty;
    private string[] _pairs = Array.Empty<string>();

    /// <summary>Which receiver and which range: the shapes SL1005 flags.</summary>
    public enum SliceShape
    {
        /// <summary><c>span = span[(i + 1)..]</c> on a <see cref="ReadOnlySpan{T}"/> after each <c>IndexOf</c>.</summary>
        SpanFromStart,

        /// <summary>
        /// <c>word[^k..]</c> on each word of the text, read through <c>MemoryMarshal.GetReference</c>: Mono's own
        /// <c>ReadOnlySpan&lt;T&gt;</c> indexer cannot be called from C# compiled against it.
        /// </summary>
        SpanFromEnd,

        /// <summary><c>memory = memory[(i + 1)..]</c> on a <see cref="ReadOnlyMemory{T}"/>.</summary>
        MemoryFromStart,

        /// <summary><c>pair[(eq + 1)..]</c> on strings: the value of each <c>key=value</c> (allocates a string each time).</summary>
        StringFromStart,
    }

    [Params(SliceShape.SpanFromStart, SliceShape.SpanFromEnd, SliceShape.MemoryFromStart, SliceShape.StringFromStart)]
    public SliceShape Shape { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        // Words of 1 to 8 letters separated by single spaces: many short slices, where the per-slice cost shows.
        var random = new Random(Seed);
        var text = new char[TextLength];
        int i = 0;
        while (i < TextLength)
        {
            int length = random.Next(1, 9);
            for (int j = 0; j < length && i < TextLength; j++)
                text[i++] = (char)('a' + random.Next(26));
            if (i < TextLength)
                text[i++] = ' ';
        }

        _text = new string(text);
        _pairs = new string[4096];
        for (int p = 0; p < _pairs.Length; p++)
            _pairs[p] = "key" + random.Next(1000) + "=" + new string('v', random.Next(0, 24));
    }

    /// <summary>The flagged form: the range as compilers before Roslyn 5.9 lower it.</summary>
    [Benchmark(Baseline = true)]
    public long RangeAsOldCompilersEmit() => Shape switch
    {
        SliceShape.SpanFromStart => SpanFromStartOld(_text),
        SliceShape.SpanFromEnd => SpanFromEndOld(_text),
        SliceShape.MemoryFromStart => MemoryFromStartOld(_text.AsMemory()),
        _ => StringFromStartOld(_pairs),
    };

    /// <summary>The fix: <c>Slice(start)</c> and <c>Substring(start)</c>.</summary>
    [Benchmark]
    public long SliceStart() => Shape switch
    {
        SliceShape.SpanFromStart => SpanFromStartFixed(_text),
        SliceShape.SpanFromEnd => SpanFromEndFixed(_text),
        SliceShape.MemoryFromStart => MemoryFromStartFixed(_text.AsMemory()),
        _ => StringFromStartFixed(_pairs),
    };

#if NET
    /// <summary>The literal range, as the compiler that builds this file lowers it (.NET only: net48 has no System.Index).</summary>
    [Benchmark]
    public long RangeAsThisCompilerEmits() => Shape switch
    {
        SliceShape.SpanFromStart => SpanFromStartRange(_text),
        SliceShape.SpanFromEnd => SpanFromEndRange(_text),
        SliceShape.MemoryFromStart => MemoryFromStartRange(_text.AsMemory()),
        _ => StringFromStartRange(_pairs),
    };
#endif

    private static long SpanFromStartOld(ReadOnlySpan<char> span)
    {
        long checksum = 0;
        while (true)
        {
            int space = span.IndexOf(' ');
            if (space < 0)
                return checksum + span.Length;

            checksum += space;
            ReadOnlySpan<char> receiver = span;
            int start = space + 1;
            span = receiver.Slice(start, receiver.Length - start);
        }
    }

    private static long SpanFromStartFixed(ReadOnlySpan<char> span)
    {
        long checksum = 0;
        while (true)
        {
            int space = span.IndexOf(' ');
            if (space < 0)
                return checksum + span.Length;

            checksum += space;
            span = span.Slice(space + 1);
        }
    }

#if NET
    private static long SpanFromStartRange(ReadOnlySpan<char> span)
    {
        long checksum = 0;
        while (true)
        {
            int space = span.IndexOf(' ');
            if (space < 0)
                return checksum + span.Length;

            checksum += space;
            span = span[(space + 1)..];
        }
    }
#endif

    private static long SpanFromEndOld(ReadOnlySpan<char> span)
    {
        long checksum = 0;
        while (true)
        {
            int space = span.IndexOf(' ');
            ReadOnlySpan<char> word = space < 0 ? span : span.Slice(0, space);
            ReadOnlySpan<char> receiver = word;
            int fromEnd = Math.Min(2, word.Length);
            int length = receiver.Length;
            int start = length - fromEnd;
            checksum += MemoryMarshal.GetReference(receiver.Slice(start, length - start));
            if (space < 0)
                return checksum;

            span = span.Slice(space + 1);
        }
    }

    private static long SpanFromEndFixed(ReadOnlySpan<char> span)
    {
        long checksum = 0;
        while (true)
        {
            int space = span.IndexOf(' ');
            ReadOnlySpan<char> word = space < 0 ? span : span.Slice(0, space);
            checksum += MemoryMarshal.GetReference(word.Slice(word.Length - Math.Min(2, word.Length)));
            if (space < 0)
                return checksum;

            span = span.Slice(space + 1);
        }
    }

#if NET
    private static long SpanFromEndRange(ReadOnlySpan<char> span)
    {
        long checksum = 0;
        while (true)
        {
            int space = span.IndexOf(' ');
            ReadOnlySpan<char> word = space < 0 ? span : span.Slice(0, space);
            checksum += MemoryMarshal.GetReference(word[^Math.Min(2, word.Length)..]);
            if (space < 0)
                return checksum;

            span = span.Slice(space + 1);
        }
    }
#endif

    private static long MemoryFromStartOld(ReadOnlyMemory<char> memory)
    {
        long checksum = 0;
        while (true)
        {
            int space = memory.Span.IndexOf(' ');
            if (space < 0)
                return checksum + memory.Length;

            checksum += space;
            ReadOnlyMemory<char> receiver = memory;
            int start = space + 1;
            memory = receiver.Slice(start, receiver.Length - start);
        }
    }

    private static long MemoryFromStartFixed(ReadOnlyMemory<char> memory)
    {
        long checksum = 0;
        while (true)
        {
            int space = memory.Span.IndexOf(' ');
            if (space < 0)
                return checksum + memory.Length;

            checksum += space;
            memory = memory.Slice(space + 1);
        }
    }

#if NET
    private static long MemoryFromStartRange(ReadOnlyMemory<char> memory)
    {
        long checksum = 0;
        while (true)
        {
            int space = memory.Span.IndexOf(' ');
            if (space < 0)
                return checksum + memory.Length;

            checksum += space;
            memory = memory[(space + 1)..];
        }
    }
#endif

    private static long StringFromStartOld(string[] pairs)
    {
        long checksum = 0;
        foreach (string pair in pairs)
        {
            string receiver = pair;
            int start = pair.IndexOf('=') + 1;
            checksum += receiver.Substring(start, receiver.Length - start).Length;
        }

        return checksum;
    }

    private static long StringFromStartFixed(string[] pairs)
    {
        long checksum = 0;
        foreach (string pair in pairs)
            checksum += pair.Substring(pair.IndexOf('=') + 1).Length;

        return checksum;
    }

#if NET
    private static long StringFromStartRange(string[] pairs)
    {
        long checksum = 0;
        foreach (string pair in pairs)
            checksum += pair[(pair.IndexOf('=') + 1)..].Length;

        return checksum;
    }
#endif
}
