using System;
using System.IO;

namespace Streamline.Samples.Wc;

/// <summary>A stream over a file descriptor that reports a failed read as the end of the data and keeps its
/// <c>errno</c>, so that the counts read so far are printed with the error, as GNU <c>wc</c> does.</summary>
/// <remarks>It never seeks: the byte-count shortcut is decided by <see cref="WcCommand"/> from the file's status.</remarks>
public sealed class FdStream : Stream
{
    private readonly int _fd;

    /// <summary>Wraps a descriptor; the stream never closes it.</summary>
    /// <param name="fd">The file descriptor.</param>
    public FdStream(int fd) => _fd = fd;

    /// <summary>Gets the descriptor.</summary>
    public int Descriptor => _fd;

    /// <summary>Gets or sets whether a write to a pipe without readers ends the process by <c>SIGPIPE</c>, as it ends
    /// GNU <c>wc</c>, instead of failing with <c>EPIPE</c>.</summary>
    public bool BrokenPipeKills { get; init; }

    /// <summary>Gets the <c>errno</c> of the read that failed, or 0.</summary>
    public int ReadError { get; private set; }

    /// <inheritdoc/>
    public override bool CanRead => true;

    /// <inheritdoc/>
    public override bool CanSeek => false;

    /// <inheritdoc/>
    public override bool CanWrite => true;

    /// <inheritdoc/>
    public override long Length => throw new NotSupportedException();

    /// <inheritdoc/>
    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    /// <inheritdoc/>
    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    /// <inheritdoc/>
    public override int Read(Span<byte> buffer)
    {
        if (ReadError != 0)
            return 0;
        int read = Posix.Read(_fd, buffer, out int errno);
        if (read >= 0)
            return read;
        ReadError = errno;
        return 0;
    }

    /// <inheritdoc/>
    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    /// <inheritdoc/>
    /// <exception cref="SystemErrorException">The write failed.</exception>
    public override void Write(ReadOnlySpan<byte> buffer)
    {
        int errno = Posix.WriteAll(_fd, buffer);
        if (errno == Posix.EPIPE && BrokenPipeKills)
            Posix.RaiseBrokenPipe();
        if (errno != 0)
            throw new SystemErrorException(errno);
    }

    /// <inheritdoc/>
    public override void Flush()
    {
    }

    /// <inheritdoc/>
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    /// <inheritdoc/>
    public override void SetLength(long value) => throw new NotSupportedException();
}

/// <summary>A failed system call, with its <c>errno</c> and the C library's text for it.</summary>
public sealed class SystemErrorException : IOException
{
    /// <summary>Creates the exception for an error number.</summary>
    /// <param name="errno">The error number.</param>
    public SystemErrorException(int errno)
        : base(Posix.ErrorText(errno)) => Errno = errno;

    /// <summary>Gets the error number.</summary>
    public int Errno { get; }
}
