using System;

namespace Streamline.Runtime;

// The searches behind ByteSearchSet's public methods, which have already checked their arguments. Each returns an index
// in the whole array (not in the range), or -1.
public sealed partial class ByteSearchSet
{
#if STREAMLINE_NET8
    private int Forward(byte[] array, int start, int count, bool except) => Offset(Forward(new ReadOnlySpan<byte>(array, start, count), except), start);

    private int Backward(byte[] array, int start, int count, bool except) => Offset(Backward(new ReadOnlySpan<byte>(array, start, count), except), start);

    private int Forward(ReadOnlySpan<byte> span, bool except) => except ? span.IndexOfAnyExcept(_values) : span.IndexOfAny(_values);

    private int Backward(ReadOnlySpan<byte> span, bool except) => except ? span.LastIndexOfAnyExcept(_values) : span.LastIndexOfAny(_values);

    private static int Offset(int index, int start) => index < 0 ? index : index + start;
#else
    private int Forward(byte[] array, int start, int count, bool except)
    {
        uint[] bits = _bits;
        int end = start + count;
        for (int i = start; i < end; i++)
        {
            int b = array[i];
            bool member = (bits[b >> 5] & (1u << b)) != 0;
            if (member != except)
                return i;
        }

        return -1;
    }

    private int Backward(byte[] array, int start, int count, bool except)
    {
        uint[] bits = _bits;
        for (int i = start + count - 1; i >= start; i--)
        {
            int b = array[i];
            bool member = (bits[b >> 5] & (1u << b)) != 0;
            if (member != except)
                return i;
        }

        return -1;
    }
#endif

#if STREAMLINE_SPANS && !STREAMLINE_NET8
    private int Forward(ReadOnlySpan<byte> span, bool except)
    {
        uint[] bits = _bits;
        for (int i = 0; i < span.Length; i++)
        {
            int b = span[i];
            bool member = (bits[b >> 5] & (1u << b)) != 0;
            if (member != except)
                return i;
        }

        return -1;
    }

    private int Backward(ReadOnlySpan<byte> span, bool except)
    {
        uint[] bits = _bits;
        for (int i = span.Length - 1; i >= 0; i--)
        {
            int b = span[i];
            bool member = (bits[b >> 5] & (1u << b)) != 0;
            if (member != except)
                return i;
        }

        return -1;
    }
#endif
}
