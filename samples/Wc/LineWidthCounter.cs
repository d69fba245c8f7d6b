using System;
using Streamline.Runtime;

namespace Streamline.Samples.Wc;

/// <summary>The maximum display width of a line (<c>wc -L</c>), fed the bytes as they are read.</summary>
/// <remarks>Follows both loops of coreutils 9.1 <c>wc()</c>: <c>\n</c>, <c>\r</c> and <c>\f</c> end a line, a tab moves
/// to the next multiple of 8, a printable character adds its <c>wcwidth</c> (1 for a printable byte in the C locale),
/// and anything else (controls, invalid bytes, <c>\v</c>) adds nothing. A sequence cut short at the end of the input
/// adds nothing.</remarks>
internal sealed class LineWidthCounter
{
    // glibc's longest UTF-8 sequence: an unfinished one (up to 5 bytes) is kept until the byte that settles it.
    private const int MaxSequence = 6;

    private readonly bool _utf8;
    private readonly byte[] _carry = new byte[MaxSequence];
    private int _carried;
    private long _position;
    private long _maximum;

    public LineWidthCounter(TextCountLocale locale) => _utf8 = locale == TextCountLocale.Utf8;

    /// <summary>Gets the widest line so far, the line being read included.</summary>
    public long Maximum => Math.Max(_maximum, _position);

    public void Add(ReadOnlySpan<byte> data)
    {
        if (!_utf8)
        {
            foreach (byte b in data)
                AddByte(b);
            return;
        }

        // Finish a sequence the previous read cut short, one byte at a time until it resolves.
        while (_carried > 0 && !data.IsEmpty)
        {
            _carry[_carried++] = data[0];
            data = data.Slice(1);
            int length = DisplayWidth.Decode(_carry.AsSpan(0, _carried), out _);
            if (length == DisplayWidth.Incomplete)
                continue;
            var pending = _carry.AsSpan(0, _carried).ToArray();
            _carried = 0;
            AddUtf8(pending);
        }

        AddUtf8(data);
    }

    private void AddUtf8(ReadOnlySpan<byte> data)
    {
        int i = 0;
        while (i < data.Length)
        {
            byte b = data[i];
            if (b < 0x80)
            {
                AddByte(b);
                i++;
                continue;
            }

            int length = DisplayWidth.Decode(data.Slice(i), out uint codePoint);
            if (length == DisplayWidth.Incomplete)
            {
                data.Slice(i).CopyTo(_carry);
                _carried = data.Length - i;
                return;
            }

            if (length == DisplayWidth.Invalid)
            {
                i++;
                continue;
            }

            int width = DisplayWidth.Width(codePoint);
            if (width > 0)
                _position += width;
            i += length;
        }
    }

    private void AddByte(byte b)
    {
        switch (b)
        {
            case (byte)'\n':
            case (byte)'\r':
            case (byte)'\f':
                if (_position > _maximum)
                    _maximum = _position;
                _position = 0;
                break;
            case (byte)'\t':
                _position += 8 - (_position % 8);
                break;
            default:
                if (b >= 0x20 && b < 0x7F)
                    _position++;
                break;
        }
    }
}
