using System;
using System.IO;

namespace Streamline.Wc.Tests;

/// <summary>A non-seekable stream whose reads return at most a given number of bytes, cycling through the sizes.</summary>
internal sealed class ChunkedStream : Stream
{
    private readonly byte[] _data;
    private readonly int[] _chunks;
    private int _position;
    private int _read;

    public ChunkedStream(byte[] data, params int[] chunks)
    {
        _data = data;
        _chunks = chunks.Length == 0 ? new[] { int.MaxValue } : chunks;
    }

    public override bool CanRead => true;
    public override bool CanSeek => false;
    public override bool CanWrite => false;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count)
    {
        int chunk = Math.Max(1, _chunks[_read++ % _chunks.Length]);
        int n = Math.Min(Math.Min(count, chunk), _data.Length - _position);
        Array.Copy(_data, _position, buffer, offset, n);
        _position += n;
        return n;
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
