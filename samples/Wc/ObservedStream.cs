using System;
using System.IO;

namespace Streamline.Samples.Wc;

/// <summary>Passes reads through to another stream and shows each block read to an observer, so that <c>-L</c> is
/// counted in the same pass as the other counts (standard input cannot be read twice).</summary>
internal sealed class ObservedStream : Stream
{
    private readonly Stream _inner;
    private readonly ReadOnlySpanAction _observer;

    public ObservedStream(Stream inner, ReadOnlySpanAction observer)
    {
        _inner = inner;
        _observer = observer;
    }

    public delegate void ReadOnlySpanAction(ReadOnlySpan<byte> data);

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count)
    {
        int read = _inner.Read(buffer, offset, count);
        _observer(buffer.AsSpan(offset, Math.Max(read, 0)));
        return read;
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
