using System;
using System.IO;

namespace Streamline.Runtime;

/// <summary>
/// Reads blocks from a stream and skips over the bytes between them, serving both from one owned buffer, so that a
/// parser's "read a header, skip the payload" loop costs array copies instead of a <see cref="Stream.Position"/>
/// round trip (and, on .NET Framework and Mono, a discarded <see cref="FileStream"/> buffer) per skip.
/// </summary>
/// <remarks>
/// <para>
/// Replaces this loop over a seekable stream that returns every byte asked for until its end (a
/// <see cref="FileStream"/> over a disk file, a <see cref="MemoryStream"/>):
/// <code>
/// while ((n = stream.Read(buffer, 0, count)) &gt; 0) { ...; stream.Position += skip; }
/// </code>
/// with <c>reader.Read(buffer, 0, count)</c> and <c>reader.Skip(skip)</c>: the same bytes, the same return values,
/// the same exceptions, and after <see cref="Dispose()"/> the same <see cref="Stream.Position"/>, including a position
/// past the end of the stream after a skip past it (every later read returns 0, as a read there does).
/// </para>
/// <para>
/// On a seekable stream, <see cref="Read(byte[], int, int)"/> returns <c>count</c> bytes unless the stream ends first,
/// reading the stream as many times as needed, as <see cref="FileStream.Read(byte[], int, int)"/> does on a disk file.
/// It reads ahead, so the stream is ahead of the reader until <see cref="Dispose()"/> puts it back; nothing else may
/// use the stream meanwhile. The first 64 single-byte reads (<see cref="ReadByte"/>, or <see cref="Read(byte[], int, int)"/>
/// of one byte) before any other call go straight to the stream, so a call that reads a few bytes costs little more
/// than the loop it replaces. Each refill is one <see cref="Stream.Read(byte[], int, int)"/> (more only to get past a
/// pending skip), so <see cref="ReadByte"/> gets the bytes a failing stream returns before it fails, as
/// <see cref="Stream.ReadByte"/> would, and a loop of single-byte reads over a caller's stream (SL1007) can run over
/// the reader. A skip inside the buffer costs nothing; a skip past it is remembered and applied by the
/// next read, by reading on when it lands within one buffer, else with one
/// <see cref="Stream.Seek(long, SeekOrigin)"/>.
/// </para>
/// <para>
/// A stream that cannot seek is not buffered: every call goes straight to it (<see cref="Read(byte[], int, int)"/> to
/// <see cref="Stream.Read(byte[], int, int)"/>, <see cref="Skip"/> to <c>stream.Position += count</c>), so its short
/// reads and its <see cref="NotSupportedException"/> on a skip are exactly those of the loop replaced. The same holds
/// for a seekable stream whose <see cref="Stream.Length"/> is 0 when the reader is first used (an empty file, or a
/// pseudo-file under <c>/proc</c> or <c>/sys</c>, whose reads are short), and from the moment a skip would take the
/// reader to 2^62 or beyond: there the stream decides what an overflowing <see cref="Stream.Position"/> or a read the
/// OS rejects does.
/// </para>
/// <para>
/// Arguments that <see cref="Stream.Read(byte[], int, int)"/> rejects are passed to the stream's own
/// <see cref="Stream.Read(byte[], int, int)"/>, so the exception (type and parameter name) is the one the stream throws
/// on the runtime in use.
/// </para>
/// </remarks>
public sealed class SkipReader : IDisposable
{
    /// <summary>The size in bytes the buffer grows to, unless a seekable stream has less left to read (then the buffer
    /// grows to what is left, but to at least <c>4096</c> bytes). The first fill reads <c>256</c> bytes and each later
    /// one twice as many, so a loop that reads a few bytes and returns costs little.</summary>
    /// <remarks>
    /// Larger than the 4 KB <see cref="FileStream"/> buffer of .NET, .NET Framework and Mono, so that their reads into
    /// it bypass their own buffers instead of copying twice, and below the large object heap threshold.
    /// </remarks>
    public const int DefaultBufferSize = 16 * 1024;

    // Records this short (headers, tags) are copied byte by byte: cheaper than Buffer.BlockCopy's fixed cost.
    private const int SmallCopy = 16;

    // The smallest buffer allocated for a seekable stream that has less than DefaultBufferSize left.
    private const int MinClampedBufferSize = 4096;

    // The first fill: a loop over a caller's stream may read a few bytes and return, and then the reader costs what it
    // allocates and reads ahead. Each later fill doubles the buffer, up to its full size.
    private const int FirstFillSize = 256;

    // Single-byte reads before the reader starts buffering go straight to the stream, as in the loop replaced, so a call
    // that reads a few bytes and returns pays neither the read-ahead nor the seek back (over a FileStream on Mono, a
    // discarded buffer and two system calls).
    private const int DirectSingleBytes = 64;

    // Beyond any real file (4 EiB). A reader that gets there hands every call to the stream, so that what happens near
    // long.MaxValue (an overflowing Position, a read whose end the OS rejects) is what the stream does.
    private const long FarPosition = 1L << 62;

    private readonly Stream _stream;
    private readonly bool _leaveOpen;
    private readonly int _bufferSize;

    private byte[]? _buffer;
    private int _capacity; // the size _buffer grows to; reads and skips at least this long bypass it
    private int _index; // next unread byte in _buffer
    private int _count; // bytes of _buffer holding stream data
    private long _pendingSkip; // bytes skipped beyond the buffer that the stream has not been moved over yet
    private int _directSingleBytes; // single-byte reads passed straight to the stream before buffering
    private State _state;

    /// <summary>Initializes a reader over <paramref name="stream"/> that closes the stream when it is disposed.</summary>
    /// <param name="stream">The stream to read.</param>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is <see langword="null"/>.</exception>
    /// <remarks>Nothing is read from the stream, and nothing about it is checked, until the first call.</remarks>
    public SkipReader(Stream stream)
        : this(stream, leaveOpen: false, DefaultBufferSize)
    {
    }

    /// <summary>Initializes a reader over <paramref name="stream"/> that closes the stream on dispose unless
    /// <paramref name="leaveOpen"/> is set.</summary>
    /// <param name="stream">The stream to read.</param>
    /// <param name="leaveOpen"><see langword="true"/> to leave the stream open after the reader is disposed.</param>
    /// <exception cref="ArgumentNullException"><paramref name="stream"/> is <see langword="null"/>.</exception>
    /// <remarks>Nothing is read from the stream, and nothing about it is checked, until the first call.</remarks>
    public SkipReader(Stream stream, bool leaveOpen)
        : this(stream, leaveOpen, DefaultBufferSize)
    {
    }

    // Lets tests use buffers of a few bytes so that reads and skips cross buffer boundaries.
    internal SkipReader(Stream stream, bool leaveOpen, int bufferSize)
    {
        if (stream is null)
        {
            ThrowHelper.ThrowArgumentNull(nameof(stream));
        }

        if (bufferSize <= 0)
        {
            ThrowHelper.ThrowArgumentOutOfRange(nameof(bufferSize));
        }

        _stream = stream;
        _leaveOpen = leaveOpen;
        _bufferSize = bufferSize;
    }

    private enum State : byte
    {
        Unknown, // not used yet: whether the stream can seek is asked at the first call, as the loop would find out
        Buffered,
        PassThrough,
        Disposed,
    }

    /// <summary>Gets the stream this reader reads.</summary>
    /// <remarks>While the reader is in use, a seekable stream is ahead of the reader; use <see cref="Position"/> for
    /// the reader's position, and move the stream only after <see cref="Dispose()"/>.</remarks>
    public Stream BaseStream => _stream;

    /// <summary>Gets the position the stream would be at had it been read and skipped directly.</summary>
    /// <exception cref="ObjectDisposedException">The reader is disposed.</exception>
    /// <exception cref="NotSupportedException">The stream cannot seek.</exception>
    /// <remarks>Matches <see cref="Stream.Position"/> of the stream in the loop replaced; costs one read of the
    /// stream's <see cref="Stream.Position"/>.</remarks>
    public long Position
    {
        get
        {
            ThrowIfDisposed();
            return _stream.Position - (_count - _index) + _pendingSkip;
        }
    }

    /// <summary>Reads up to <paramref name="count"/> bytes into <paramref name="buffer"/>.</summary>
    /// <param name="buffer">The array to fill.</param>
    /// <param name="offset">Where in <paramref name="buffer"/> to start.</param>
    /// <param name="count">The number of bytes to read.</param>
    /// <returns>The number of bytes read: on a seekable stream <paramref name="count"/> unless the stream ends first
    /// (0 at its end or past it); on any other stream what one <see cref="Stream.Read(byte[], int, int)"/>
    /// returned.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="offset"/> or <paramref name="count"/> is negative,
    /// or (on .NET) they describe a range outside <paramref name="buffer"/>.</exception>
    /// <exception cref="ArgumentException">(.NET Framework, Mono) <paramref name="offset"/> and
    /// <paramref name="count"/> describe a range outside <paramref name="buffer"/>.</exception>
    /// <exception cref="ObjectDisposedException">The reader or the stream is disposed.</exception>
    /// <exception cref="NotSupportedException">The stream cannot read.</exception>
    /// <exception cref="IOException">The stream failed.</exception>
    /// <remarks>Matches <see cref="Stream.Read(byte[], int, int)"/> of <see cref="FileStream"/> over a disk file: the
    /// invalid arguments are checked by the stream itself, so the exceptions are the stream's.</remarks>
    public int Read(byte[] buffer, int offset, int count)
    {
        if (buffer is null || offset < 0 || count < 0 || buffer.Length - offset < count)
        {
            return _stream.Read(buffer!, offset, count); // throws exactly what the stream throws
        }

        int index = _index;
        if (_count - index >= count && count != 0)
        {
            if (count <= SmallCopy)
            {
                byte[] source = _buffer!;
                for (int i = 0; i < count; i++)
                {
                    buffer[offset + i] = source[index + i];
                }
            }
            else
            {
                Buffer.BlockCopy(_buffer!, index, buffer, offset, count);
            }

            _index = index + count;
            return count;
        }

        return ReadSlow(buffer, offset, count);
    }

    /// <summary>Reads the next byte.</summary>
    /// <returns>The byte, or -1 at (or past) the end of the stream.</returns>
    /// <exception cref="ObjectDisposedException">The reader or the stream is disposed.</exception>
    /// <exception cref="NotSupportedException">The stream cannot read.</exception>
    /// <exception cref="IOException">The stream failed.</exception>
    /// <remarks>Matches <see cref="Stream.ReadByte"/>.</remarks>
    public int ReadByte()
    {
        int index = _index;
        if ((uint)index < (uint)_count)
        {
            _index = index + 1;
            return _buffer![index];
        }

        if ((_state == State.Unknown && _directSingleBytes++ < DirectSingleBytes) || !EnsureBuffered())
        {
            return _stream.ReadByte();
        }

        if (Fill() == 0)
        {
            return -1;
        }

        return _buffer![_index++];
    }

    /// <summary>Moves the reader <paramref name="count"/> bytes forward, as <c>stream.Position += count</c> does.</summary>
    /// <param name="count">The number of bytes to skip; may take the reader past the end of the stream.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    /// <exception cref="ObjectDisposedException">The reader or (on a stream that cannot seek) the stream is
    /// disposed.</exception>
    /// <exception cref="NotSupportedException">The stream cannot seek.</exception>
    /// <remarks>
    /// Matches <c>stream.Position += count</c> for a non-negative <paramref name="count"/>. On a seekable stream the
    /// stream is not touched: a skip within the buffer moves an index, a longer one is applied by the next read or by
    /// <see cref="Dispose()"/>. On any other stream this runs <c>stream.Position += count</c>, which throws
    /// <see cref="NotSupportedException"/> from the stream itself.
    /// </remarks>
    public void Skip(long count)
    {
        int index = _index;
        if ((ulong)(count - 1) < (ulong)(_count - index))
        {
            _index = index + (int)count; // 1 <= count <= buffered: the common case, no stream involved
            return;
        }

        SkipSlow(count);
    }

    private void SkipSlow(long count)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowSkipNeedNonNegative(nameof(count));
        }

        if (!EnsureBuffered())
        {
            _stream.Position += count;
            return;
        }

        long available = _count - _index;
        if (count <= available)
        {
            _index += (int)count;
            return;
        }

        long position = _stream.Position - available + _pendingSkip;
        if (count >= FarPosition - position)
        {
            PassThroughFrom(position);
            _stream.Position += count;
            return;
        }

        _pendingSkip += count - available;
        _index = 0;
        _count = 0;
    }

    /// <summary>Puts a seekable stream at the reader's position, then closes it unless the reader was created with
    /// <c>leaveOpen</c>.</summary>
    /// <exception cref="IOException">Seeking the stream failed.</exception>
    /// <remarks>
    /// After this, <see cref="Stream.Position"/> is what it would be had the stream been read and skipped directly
    /// (past its end after a skip past it). Calling it again does nothing; every other call then throws
    /// <see cref="ObjectDisposedException"/>.
    /// </remarks>
    public void Dispose()
    {
        if (_state == State.Disposed)
        {
            return;
        }

        bool buffered = _state == State.Buffered;
        _state = State.Disposed;
        try
        {
            long behind = _pendingSkip - (_count - _index);
            if (buffered && behind != 0)
            {
                _stream.Seek(behind, SeekOrigin.Current);
            }
        }
        finally
        {
            _index = 0;
            _count = 0;
            _pendingSkip = 0;
            _buffer = null;
            if (!_leaveOpen)
            {
                _stream.Dispose();
            }
        }
    }

    // Decides on the first call whether to buffer: only a seekable stream can be put back, and only one whose reads are
    // full can be read ahead without changing what each Read returns. A seekable stream of length 0 (an empty file, or
    // a pseudo-file such as those under /proc, whose reads are short) and a stream beyond FarPosition are not buffered.
    private bool EnsureBuffered()
    {
        switch (_state)
        {
            case State.Buffered:
                return true;
            case State.PassThrough:
                return false;
            case State.Disposed:
                ThrowHelper.ThrowSkipReaderDisposed();
                return false;
            default:
                if (!_stream.CanSeek)
                {
                    _state = State.PassThrough;
                    return false;
                }

                long remaining;
                try
                {
                    long length = _stream.Length;
                    long position = _stream.Position;
                    if (length == 0 || position >= FarPosition)
                    {
                        _state = State.PassThrough;
                        return false;
                    }

                    remaining = length - position;
                }
                catch (NotSupportedException)
                {
                    remaining = long.MaxValue;
                }

                _capacity = ClampToRemaining(remaining, _bufferSize);
                _buffer = new byte[Math.Min(_capacity, FirstFillSize)];
                _state = State.Buffered;
                return true;
        }
    }

    // Puts the stream at the reader's position and hands every later call to it.
    private void PassThroughFrom(long position)
    {
        long behind = _pendingSkip - (_count - _index);
        _state = State.PassThrough;
        _index = 0;
        _count = 0;
        _pendingSkip = 0;
        _buffer = null;
        if (behind != 0)
        {
            _stream.Position = position;
        }
    }

    private int ReadSlow(byte[] buffer, int offset, int count)
    {
        if ((_state == State.Unknown && count == 1 && _directSingleBytes++ < DirectSingleBytes) || !EnsureBuffered())
        {
            return _stream.Read(buffer, offset, count);
        }

        if (count == 0)
        {
            // The stream still checks that it is open and readable, as the loop's Read(buffer, offset, 0) would.
            return _stream.Read(buffer, offset, 0);
        }

        int total = 0;
        while (true)
        {
            int available = _count - _index;
            if (available > 0)
            {
                int n = Math.Min(available, count - total);
                Buffer.BlockCopy(_buffer!, _index, buffer, offset + total, n);
                _index += n;
                total += n;
                if (total == count)
                {
                    return total;
                }
            }

            if (count - total >= _capacity && _pendingSkip == 0)
            {
                // A large request goes straight into the caller's array.
                int direct = ReadFully(buffer, offset + total, count - total);
                return total + direct;
            }

            if (Fill() == 0)
            {
                return total;
            }
        }
    }

    // Refills the empty buffer with one stream read (more only to get past a pending skip), first moving over a skip
    // of a buffer or more; returns the bytes now buffered, 0 at the end. One read, as BufferedStream does, so that a
    // stream that fails returns the bytes before the failure to the loop before the exception, as ReadByte would.
    private int Fill()
    {
        long skip = _pendingSkip;
        if (skip >= _capacity)
        {
            _stream.Seek(skip, SeekOrigin.Current);
            _pendingSkip = 0;
            skip = 0;
        }

        byte[] buffer = _buffer!;
        if (_count != 0 && buffer.Length < _capacity)
        {
            // Not the first fill: the loop goes on, so read ahead more.
            buffer = new byte[Math.Min(buffer.Length * 2, _capacity)];
            _buffer = buffer;
        }

        _index = 0;
        _count = 0;
        while (true)
        {
            int read = _stream.Read(buffer, 0, buffer.Length);
            if (read == 0)
            {
                // The stream ended, inside the skip or at its end: the reader is past the end by what is left of it.
                return 0;
            }

            if (read > skip)
            {
                _index = (int)skip;
                _count = read;
                _pendingSkip = 0;
                return read - (int)skip;
            }

            skip -= read;
            _pendingSkip = skip;
        }
    }

    // Reads until count bytes arrived or the stream returned 0.
    private int ReadFully(byte[] destination, int offset, int count)
    {
        int total = 0;
        while (total < count)
        {
            int n = _stream.Read(destination, offset + total, count - total);
            if (n == 0)
            {
                break;
            }

            total += n;
        }

        return total;
    }

    private void ThrowIfDisposed()
    {
        if (_state == State.Disposed)
        {
            ThrowHelper.ThrowSkipReaderDisposed();
        }
    }

    private static int ClampToRemaining(long remaining, int bufferSize)
    {
        if (bufferSize <= MinClampedBufferSize)
        {
            return bufferSize;
        }

        return remaining < bufferSize ? (int)Math.Max(remaining, MinClampedBufferSize) : bufferSize;
    }
}
