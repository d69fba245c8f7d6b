using System;
using System.IO;
using System.Runtime.CompilerServices;

namespace Streamline.Runtime;

public sealed partial class BufferedBinaryReader
{
    /// <summary>The fewest bytes <see cref="ReadAhead"/> reads ahead; a loop that reads less reads through the
    /// caller's reader.</summary>
    public const int MinReadAhead = 64;

    // BinaryReader reads a MemoryStream without a stream call; one copy of the loop's bytes pays from about this many
    // (SL1002's page, "A counted loop over a reader handed in").
    private const int MinMemoryReadAhead = 256;

    /// <summary>
    /// Prepares a counted loop of fixed-size reads from a caller's <paramref name="reader"/>: where it can be undone,
    /// the loop's bytes are read ahead in one stream call, and <see cref="ReadAheadScope.Dispose"/> puts the stream
    /// back just past the bytes the loop took; elsewhere every read goes to <paramref name="reader"/> itself.
    /// </summary>
    /// <param name="reader">The reader the loop reads; may be <see langword="null"/> (the loop's first read then throws
    /// as it would have).</param>
    /// <param name="count">How many passes the loop makes.</param>
    /// <param name="bytesPerPass">How many bytes each pass reads.</param>
    /// <returns>The scope to read the loop's values from; dispose it when the loop ends.</returns>
    /// <remarks>
    /// <para>
    /// Reads ahead only where nothing can tell: <paramref name="reader"/> is exactly a <see cref="BinaryReader"/> (a
    /// subclass may read otherwise, or be buffered already), not disposed, over a stream that can seek, and the loop
    /// reads at least <see cref="MinReadAhead"/> bytes (256 over a <see cref="MemoryStream"/>, which
    /// <see cref="BinaryReader"/> reads without a stream call). Then the scope reads at most <paramref name="count"/> times
    /// <paramref name="bytesPerPass"/> bytes ahead, then only what each read needs, and its
    /// <see cref="ReadAheadScope.Dispose"/> seeks the stream back over the bytes it read and the loop did not take:
    /// the stream is where the loop would have left it through <paramref name="reader"/>, also when the loop leaves
    /// early or throws. The counts only size the read: a loop that reads more or fewer bytes gets the same values,
    /// the same exceptions and leaves the stream in the same place.
    /// </para>
    /// <para>
    /// Nothing else may use the stream while the scope is open. Checking that the reader is not disposed makes one
    /// zero-byte <see cref="BinaryReader.Read(byte[], int, int)"/> call, which reaches the stream as a zero-byte read.
    /// Reads after <see cref="ReadAheadScope.Dispose"/> throw <see cref="ObjectDisposedException"/> where the scope read
    /// ahead.
    /// </para>
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ReadAheadScope ReadAhead(BinaryReader? reader, long count, int bytesPerPass)
    {
        // A loop too short to pay, checked where the loop is: it costs one comparison.
        if (count < MinReadAhead / (bytesPerPass | 1) || reader is null || reader.GetType() != typeof(BinaryReader))
        {
            return new ReadAheadScope(reader, null, 0);
        }

        return Open(reader, count, bytesPerPass);
    }

    /// <summary>
    /// Prepares a loop that reads a caller's <paramref name="reader"/> until its stream's position reaches
    /// <paramref name="end"/> (<c>while (reader.BaseStream.Position &lt; end)</c>): as <see cref="ReadAhead"/>, the bytes
    /// up to <paramref name="end"/> are read ahead in one stream call where that can be undone, and
    /// <see cref="ReadAheadScope.Dispose"/> puts the stream back just past the bytes the loop took. The loop asks the
    /// scope's <see cref="ReadAheadScope.Position"/> instead of the stream's.
    /// </summary>
    /// <param name="reader">The reader the loop reads; may be <see langword="null"/> (the loop's first use of it then
    /// throws as it would have).</param>
    /// <param name="end">The position the loop reads up to; it only sizes the read.</param>
    /// <returns>The scope to read the loop's values and position from; dispose it when the loop ends.</returns>
    /// <remarks>Reads ahead under the conditions of <see cref="ReadAhead"/>, counting the bytes from the stream's
    /// position to <paramref name="end"/>; asks the stream its <see cref="Stream.Position"/> once more, before the
    /// loop asks it.</remarks>
    public static ReadAheadScope ReadAheadUntil(BinaryReader? reader, long end)
    {
        if (reader is null || reader.GetType() != typeof(BinaryReader))
        {
            return new ReadAheadScope(reader, null, 0);
        }

        Stream? stream = SeekableStream(reader);
        if (stream is null)
        {
            return new ReadAheadScope(reader, null, 0);
        }

        long position = stream.Position;
        if (end <= position || end - position < MinReadAhead) // the first test keeps an end near long.MinValue from wrapping
        {
            return new ReadAheadScope(reader, null, 0);
        }

        return Open(reader, stream, end - position);
    }

    private static ReadAheadScope Open(BinaryReader reader, long count, int bytesPerPass)
    {
        if (count <= 0 || bytesPerPass <= 0 || count > long.MaxValue / bytesPerPass || count * bytesPerPass < MinReadAhead)
        {
            return new ReadAheadScope(reader, null, 0);
        }

        Stream? stream = SeekableStream(reader);
        return stream is null ? new ReadAheadScope(reader, null, 0) : Open(reader, stream, count * bytesPerPass);
    }

    // The reader's stream where it can be read and put back; null once disposed on .NET Framework and Mono.
    private static Stream? SeekableStream(BinaryReader reader)
    {
        Stream? stream = reader.BaseStream;
        return stream is null || !stream.CanSeek || !stream.CanRead ? null : stream;
    }

    // Reads `bytes` ahead of the loop over a stream that can seek, unless a MemoryStream says otherwise or the reader is
    // disposed.
    private static ReadAheadScope Open(BinaryReader reader, Stream stream, long bytes)
    {
        if (stream.GetType() == typeof(MemoryStream)
            // Past a MemoryStream's end, BinaryReader's multi-byte reads move it back to its end before they throw
            // (MemoryStream.InternalReadSpan; InternalReadInt32 on .NET Framework and Mono): let them.
            && (bytes < MinMemoryReadAhead || stream.Position > stream.Length))
        {
            return new ReadAheadScope(reader, null, 0);
        }

        try
        {
            // Throws where the reader is disposed and its stream left open: the loop's first read must throw it.
            _ = reader.Read(Array.Empty<byte>(), 0, 0);
        }
        catch (ObjectDisposedException)
        {
            return new ReadAheadScope(reader, null, 0);
        }

        ReadAheadWindow window = ReadAheadWindow.Rent(stream, bytes);
        return new ReadAheadScope(reader, window, window.Token);
    }

    /// <summary>The fixed-size reads of a counted loop (see <see cref="ReadAhead"/>): from the bytes read ahead, or
    /// from the caller's reader. Dispose it when the loop ends.</summary>
    /// <remarks>Each read matches the <see cref="BinaryReader"/> method of the same name: the same little-endian value,
    /// <see cref="EndOfStreamException"/> where the stream ends inside a value (the rest of the stream then counts as
    /// read), <see cref="IOException"/> for an invalid decimal after its 16 bytes.</remarks>
    public readonly struct ReadAheadScope : IDisposable
    {
        private readonly BinaryReader? _reader;
        private readonly ReadAheadWindow? _window;
        private readonly int _token;

        internal ReadAheadScope(BinaryReader? reader, ReadAheadWindow? window, int token)
        {
            _reader = reader;
            _window = window;
            _token = token;
        }

        /// <summary>Reads the next byte.</summary>
        /// <returns>The byte.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public byte ReadByte()
        {
            ReadAheadWindow? window = _window;
            if (window is null)
            {
                return _reader!.ReadByte();
            }

            int index = window.Index;
            if (index < window.Count && window.Token == _token)
            {
                window.Index = index + 1;
                return window.Buffer[index];
            }

            byte[] bytes = window.Take(1, _token, out index);
            return bytes[index];
        }

        /// <summary>Reads the next byte as a signed byte.</summary>
        /// <returns>The value.</returns>
        [CLSCompliant(false)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public sbyte ReadSByte() => _window is null ? _reader!.ReadSByte() : (sbyte)ReadByte();

        /// <summary>Reads the next byte as a Boolean: any non-zero byte is <see langword="true"/>.</summary>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public bool ReadBoolean() => _window is null ? _reader!.ReadBoolean() : ReadByte() != 0;

        /// <summary>Reads a 2-byte little-endian signed integer.</summary>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public short ReadInt16() => _window is null ? _reader!.ReadInt16() : (short)Take16();

        /// <summary>Reads a 2-byte little-endian unsigned integer.</summary>
        /// <returns>The value.</returns>
        [CLSCompliant(false)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ushort ReadUInt16() => _window is null ? _reader!.ReadUInt16() : Take16();

        /// <summary>Reads a 4-byte little-endian signed integer.</summary>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public int ReadInt32() => _window is null ? _reader!.ReadInt32() : (int)Take32();

        /// <summary>Reads a 4-byte little-endian unsigned integer.</summary>
        /// <returns>The value.</returns>
        [CLSCompliant(false)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public uint ReadUInt32() => _window is null ? _reader!.ReadUInt32() : Take32();

        /// <summary>Reads an 8-byte little-endian signed integer.</summary>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public long ReadInt64() => _window is null ? _reader!.ReadInt64() : (long)Take64();

        /// <summary>Reads an 8-byte little-endian unsigned integer.</summary>
        /// <returns>The value.</returns>
        [CLSCompliant(false)]
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ulong ReadUInt64() => _window is null ? _reader!.ReadUInt64() : Take64();

#if STREAMLINE_NET6
        /// <summary>Reads a 2-byte little-endian half-precision floating-point value.</summary>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public Half ReadHalf() => _window is null ? _reader!.ReadHalf() : BitConverter.Int16BitsToHalf((short)Take16());
#endif

        /// <summary>Reads a 4-byte little-endian single-precision floating-point value.</summary>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public float ReadSingle() => _window is null ? _reader!.ReadSingle() : Int32BitsToSingle((int)Take32());

        /// <summary>Reads an 8-byte little-endian double-precision floating-point value.</summary>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public double ReadDouble() => _window is null ? _reader!.ReadDouble() : BitConverter.Int64BitsToDouble((long)Take64());

        /// <summary>Reads a 16-byte decimal value.</summary>
        /// <returns>The value.</returns>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public decimal ReadDecimal()
        {
            if (_window is null)
            {
                return _reader!.ReadDecimal();
            }

            byte[] bytes = _window.Take(sizeof(decimal), _token, out int index);
            return DecodeDecimal(bytes, index);
        }

        /// <summary>Reads up to <paramref name="count"/> bytes as <see cref="BinaryReader.ReadBytes(int)"/> does: fewer
        /// only where the stream ends.</summary>
        /// <param name="count">How many bytes to read.</param>
        /// <returns>The bytes read.</returns>
        public byte[] ReadBytes(int count) => _window is null ? _reader!.ReadBytes(count) : _window.TakeBytes(count, _token, _reader!);

        /// <summary>The stream's position as the loop would see it through the caller's reader
        /// (<c>reader.BaseStream.Position</c>): just past the bytes the loop has read.</summary>
        public long Position
        {
            get
            {
                ReadAheadWindow? window = _window;
                return !(window is null) && window.Token == _token ? window.Position() : _reader!.BaseStream.Position;
            }
        }

        /// <summary>Puts the stream back just past the bytes the loop read, where the scope read ahead; else does
        /// nothing. The caller's reader and its stream stay open.</summary>
        public void Dispose() => _window?.Return(_token);

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ushort Take16()
        {
            ReadAheadWindow window = _window!;
            int index = window.Index;
            if (window.Count - index >= sizeof(ushort) && window.Token == _token)
            {
                window.Index = index + sizeof(ushort);
                return ReadUInt16LittleEndian(window.Buffer, index);
            }

            byte[] bytes = window.Take(sizeof(ushort), _token, out index);
            return ReadUInt16LittleEndian(bytes, index);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private uint Take32()
        {
            ReadAheadWindow window = _window!;
            int index = window.Index;
            if (window.Count - index >= sizeof(uint) && window.Token == _token)
            {
                window.Index = index + sizeof(uint);
                return ReadUInt32LittleEndian(window.Buffer, index);
            }

            byte[] bytes = window.Take(sizeof(uint), _token, out index);
            return ReadUInt32LittleEndian(bytes, index);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private ulong Take64()
        {
            ReadAheadWindow window = _window!;
            int index = window.Index;
            if (window.Count - index >= sizeof(ulong) && window.Token == _token)
            {
                window.Index = index + sizeof(ulong);
                return ReadUInt64LittleEndian(window.Buffer, index);
            }

            byte[] bytes = window.Take(sizeof(ulong), _token, out index);
            return ReadUInt64LittleEndian(bytes, index);
        }
    }

    /// <summary>The bytes a <see cref="ReadAheadScope"/> has read ahead of its loop. One is kept per thread between
    /// loops (a loop calls nothing that could open another), so a loop costs no allocation once its buffer is big
    /// enough; <see cref="Token"/> changes on every return, so a scope that outlives its loop cannot read another's
    /// bytes.</summary>
    internal sealed class ReadAheadWindow
    {
        // A buffer kept for the next loop on this thread is at most this big; larger ones go with the loop.
        private const int MaxKeptBuffer = 4096;

        [ThreadStatic]
        private static ReadAheadWindow? t_spare;

        private Stream? _stream;
        private long _aheadLeft; // bytes the window may still read ahead of the loop
        private byte[]? _value; // a value gathered across a refill
        private long _streamPosition = -1; // the stream's position, once asked for (-1: not asked)

        public byte[] Buffer = Array.Empty<byte>();
        public int Index;
        public int Count;
        public int Token;

        public static ReadAheadWindow Rent(Stream stream, long bytes)
        {
            ReadAheadWindow window = t_spare ?? new ReadAheadWindow();
            t_spare = null;
            window._stream = stream;
            window._aheadLeft = bytes;
            window._streamPosition = -1;
            window.Index = 0;
            window.Count = 0;
            return window;
        }

        // Seeks the stream back over the bytes read ahead and not taken, and keeps the window for the next loop.
        public void Return(int token)
        {
            Stream? stream = _stream;
            if (token != Token || stream is null)
            {
                return; // returned already
            }

            int unread = Count - Index;
            Token++;
            _stream = null;
            _streamPosition = -1;
            Index = 0;
            Count = 0;
            if (Buffer.Length > MaxKeptBuffer)
            {
                Buffer = Array.Empty<byte>();
            }

            t_spare = this;
            if (unread > 0)
            {
                stream.Seek(-unread, SeekOrigin.Current);
            }
        }

        // Takes a value the fast path could not: gathered across the end of the buffer, consuming what is left and
        // throwing at the end of the stream, as BinaryReader does when a value is only partly present.
        public byte[] Take(int size, int token, out int offset)
        {
            if (token != Token || _stream is null)
            {
                ThrowHelper.ThrowReaderClosed();
            }

            if (Count - Index >= size)
            {
                offset = Index;
                Index += size;
                return Buffer;
            }

            offset = 0;
            byte[] value = _value ?? (_value = new byte[sizeof(decimal)]);
            int got = 0;
            while (true)
            {
                int available = Count - Index;
                if (available == 0)
                {
                    available = Fill(size - got);
                    if (available == 0)
                    {
                        ThrowHelper.ThrowEndOfStream();
                    }
                }

                int n = Math.Min(available, size - got);
                System.Buffer.BlockCopy(Buffer, Index, value, got, n);
                Index += n;
                got += n;
                if (got == size)
                {
                    return value;
                }
            }
        }

        // The loop's position in the stream: the stream's, less the bytes read ahead and not taken. The stream is asked
        // once; the reads keep count after that.
        public long Position()
        {
            if (_streamPosition < 0)
            {
                _streamPosition = _stream!.Position;
            }

            return _streamPosition - (Count - Index);
        }

        // BinaryReader.ReadBytes from the window: what is left of the buffer, then refills (or, for a read as large as a
        // refill, the stream straight into the result) until count bytes or the stream's end.
        public byte[] TakeBytes(int count, int token, BinaryReader reader)
        {
            if (token != Token || _stream is null)
            {
                ThrowHelper.ThrowReaderClosed();
            }

            if (count < 0)
            {
                // The reader's own exception, with the stream where the reader would have it.
                PutBack();
                return reader.ReadBytes(count);
            }

            if (count == 0)
            {
                return Array.Empty<byte>();
            }

            var result = new byte[count];
            int got = 0;
            while (got < count)
            {
                int available = Count - Index;
                if (available == 0)
                {
                    int left = count - got;
                    if (left >= DefaultBufferSize)
                    {
                        int read = _stream!.Read(result, got, left);
                        Advance(read);
                        if (read == 0)
                        {
                            break;
                        }

                        got += read;
                        continue;
                    }

                    available = Fill(left);
                    if (available == 0)
                    {
                        break;
                    }
                }

                int n = Math.Min(available, count - got);
                System.Buffer.BlockCopy(Buffer, Index, result, got, n);
                Index += n;
                got += n;
            }

            if (got < count)
            {
                var shorter = new byte[got];
                System.Buffer.BlockCopy(result, 0, shorter, 0, got);
                result = shorter;
            }

            return result;
        }

        // Seeks the stream back over the bytes read ahead and not taken; later reads refill from there.
        private void PutBack()
        {
            int unread = Count - Index;
            Index = 0;
            Count = 0;
            if (unread > 0)
            {
                _stream!.Seek(-unread, SeekOrigin.Current);
                Advance(-unread);
            }
        }

        private void Advance(int read)
        {
            _aheadLeft -= read;
            if (_streamPosition >= 0)
            {
                _streamPosition += read;
            }
        }

        // Refills the empty buffer with one stream read: what is left of the loop's bytes (up to DefaultBufferSize), or
        // only what the read needs once those are read.
        private int Fill(int needed)
        {
            int size = (int)Math.Max(needed, Math.Min(_aheadLeft, DefaultBufferSize));
            if (Buffer.Length < size)
            {
                Buffer = new byte[size];
            }

            int read = _stream!.Read(Buffer, 0, size);
            Index = 0;
            Count = read;
            Advance(read);
            return read;
        }
    }
}
