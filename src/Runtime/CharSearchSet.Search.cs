using System;
#if STREAMLINE_NET8
using System.Buffers;
#endif

namespace Streamline.Runtime;

// The searches behind CharSearchSet's public methods, which have already checked their arguments. Each returns an index
// in the whole text (not in the range), or -1.
public sealed partial class CharSearchSet
{
#if STREAMLINE_NET8
    private int Forward(string text, int start, int count, bool except) => Offset(Forward(text.AsSpan(start, count), except), start);

    private int Forward(char[] array, int start, int count, bool except) => Offset(Forward(new ReadOnlySpan<char>(array, start, count), except), start);

    private int Backward(string text, int start, int count, bool except) => Offset(Backward(text.AsSpan(start, count), except), start);

    private int Backward(char[] array, int start, int count, bool except) => Offset(Backward(new ReadOnlySpan<char>(array, start, count), except), start);

    private int Forward(ReadOnlySpan<char> span, bool except) => except ? span.IndexOfAnyExcept(_values) : span.IndexOfAny(_values);

    private int Backward(ReadOnlySpan<char> span, bool except) => except ? span.LastIndexOfAnyExcept(_values) : span.LastIndexOfAny(_values);

    private static int Offset(int index, int start) => index < 0 ? index : index + start;
#else
    // One loop per direction and input kind: the lookup is inlined by hand because Mono's JIT does not reliably inline
    // a call in a loop, and `member != except` costs no more than a plain test.
    private int Forward(string text, int start, int count, bool except)
    {
        uint[] bits = _bits;
        uint limit = _limit;
        int end = start + count;
        for (int i = start; i < end; i++)
        {
            uint c = text[i];
            bool member = c < limit && (bits[c >> 5] & (1u << (int)c)) != 0;
            if (member != except)
                return i;
        }

        return -1;
    }

    private int Forward(char[] array, int start, int count, bool except)
    {
        uint[] bits = _bits;
        uint limit = _limit;
        int end = start + count;
        for (int i = start; i < end; i++)
        {
            uint c = array[i];
            bool member = c < limit && (bits[c >> 5] & (1u << (int)c)) != 0;
            if (member != except)
                return i;
        }

        return -1;
    }

    private int Backward(string text, int start, int count, bool except)
    {
        uint[] bits = _bits;
        uint limit = _limit;
        for (int i = start + count - 1; i >= start; i--)
        {
            uint c = text[i];
            bool member = c < limit && (bits[c >> 5] & (1u << (int)c)) != 0;
            if (member != except)
                return i;
        }

        return -1;
    }

    private int Backward(char[] array, int start, int count, bool except)
    {
        uint[] bits = _bits;
        uint limit = _limit;
        for (int i = start + count - 1; i >= start; i--)
        {
            uint c = array[i];
            bool member = c < limit && (bits[c >> 5] & (1u << (int)c)) != 0;
            if (member != except)
                return i;
        }

        return -1;
    }
#endif

#if STREAMLINE_SPANS && !STREAMLINE_NET8
    private int Forward(ReadOnlySpan<char> span, bool except)
    {
        uint[] bits = _bits;
        uint limit = _limit;
        for (int i = 0; i < span.Length; i++)
        {
            uint c = span[i];
            bool member = c < limit && (bits[c >> 5] & (1u << (int)c)) != 0;
            if (member != except)
                return i;
        }

        return -1;
    }

    private int Backward(ReadOnlySpan<char> span, bool except)
    {
        uint[] bits = _bits;
        uint limit = _limit;
        for (int i = span.Length - 1; i >= 0; i--)
        {
            uint c = span[i];
            bool member = c < limit && (bits[c >> 5] & (1u << (int)c)) != 0;
            if (member != except)
                return i;
        }

        return -1;
    }
#endif
}
