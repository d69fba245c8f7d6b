using System;
using System.IO;

namespace Streamline.Runtime.Tests;

/// <summary>
/// A read-only stream over bytes whose reads return between 1 and a few bytes, seekable or not, with the position
/// semantics of <see cref="MemoryStream"/> (any non-negative position, reads past the end return 0).
/// </summary>
public sealed class ShortReadStream : Stream
{
    private readonly byte[] _data;
    private readonly bool _canSeek;
    private readonly int _chunkMax;
    private int _state;
    private long _position;
    private bool _closed;

    public ShortReadStream(byte[] data, bool canSeek, int chunkSeed, int chunkMax)
    {
        _data = data;
        _canSeek = canSeek;
        _state = chunkSeed;
        _chunkMax = Math.Max(1, chunkMax);
    }

    /// <summary>How far reads have taken the stream, also when it cannot seek.</summary>
    public long Consumed => _position;

    /// <summary>How many times <see cref="Read(byte[], int, int)"/> has been called.</summary>
    public int ReadCalls { get; private set; }

    public override bool CanRead => !_closed;

    public override bool CanSeek => _canSeek && !_closed;

    public override bool CanWrite => false;

    public override long Length => CanSeek ? _data.Length : throw new NotSupportedException();

    public override long Position
    {
        get => CanSeek ? _position : throw new NotSupportedException();
        set
        {
            if (!CanSeek)
            {
                throw new NotSupportedException();
            }

            ArgumentOutOfRangeException.ThrowIfNegative(value);
            _position = value;
        }
    }

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count)
    {
        ValidateBufferArguments(buffer, offset, count);
        ObjectDisposedException.ThrowIf(_closed, this);
        ReadCalls++;
        _state = unchecked((_state * 1103515245) + 12345);
        int chunk = 1 + (int)((uint)(_state >> 8) % (uint)_chunkMax);
        long remaining = Math.Max(0, _data.Length - _position);
        int n = (int)Math.Min(Math.Min(chunk, count), remaining);
        if (n > 0)
        {
            Buffer.BlockCopy(_data, (int)_position, buffer, offset, n);
        }

        _position += n;
        return n;
    }

    public override long Seek(long offset, SeekOrigin origin)
    {
        if (!CanSeek)
        {
            throw new NotSupportedException();
        }

        long target = origin switch
        {
            SeekOrigin.Begin => offset,
            SeekOrigin.Current => _position + offset,
            _ => _data.Length + offset,
        };
        if (target < 0)
        {
            throw new IOException("Seek before the beginning.");
        }

        _position = target;
        return target;
    }

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        _closed = true;
        base.Dispose(disposing);
    }
}
