using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>The kinds of stream a caller hands to the code under test.</summary>
public enum StreamKind
{
    /// <summary>A <see cref="FileStream"/> opened for reading and writing over a fresh copy of the data file.</summary>
    File,

    /// <summary>An expandable <see cref="MemoryStream"/> holding a copy of the bytes.</summary>
    Memory,

    /// <summary>A decompressing <see cref="GZipStream"/> over the gzipped bytes: cannot seek, reads in its own chunks.</summary>
    GZip,

    /// <summary>A stream that cannot seek and returns every byte asked for (a pipe that is never short).</summary>
    NonSeekable,

    /// <summary>A seekable stream whose reads return 1 to 7 bytes.</summary>
    ShortReads,

    /// <summary>A stream that cannot seek and whose reads return 1 to 7 bytes (a socket, a pipe).</summary>
    NonSeekableShortReads,

    /// <summary>A seekable stream whose every read returns a single byte.</summary>
    OneByteReads,

    /// <summary>A seekable stream that throws <see cref="IOException"/> on any read at or past the middle of the data
    /// the callee gets (a failing disk or a dropped connection), after returning the bytes before it.</summary>
    FailsMidway,
}

/// <summary>
/// The data and the streams of one equivalence run: each data set is held once as bytes, as gzipped bytes and as a
/// temporary file, and <see cref="Open"/> makes a fresh stream of any kind over it, the same for the original and the
/// fixed program. File and memory streams can be written (over copies), so code that writes or resizes the stream
/// it reads shows what it did.
/// </summary>
public sealed class CallerData : IDisposable
{
    private readonly string _directory;
    private readonly Dictionary<int, (byte[] Bytes, byte[] Gzipped, string Path)> _sets = new();
    private int _copies;

    /// <param name="sizes">The data sizes; each set holds pseudo-random bytes derived from its size.</param>
    public CallerData(IEnumerable<int> sizes)
    {
        _directory = Path.Combine(Path.GetTempPath(), "streamline-equiv-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(_directory);
        foreach (int size in sizes)
        {
            byte[] bytes = MakeBytes(size);
            var gzipped = new MemoryStream();
            using (var gzip = new GZipStream(gzipped, CompressionLevel.Fastest, leaveOpen: true))
                gzip.Write(bytes, 0, bytes.Length);
            string path = Path.Combine(_directory, $"data{size}.bin");
            File.WriteAllBytes(path, bytes);
            _sets[size] = (bytes, gzipped.ToArray(), path);
        }
    }

    public IEnumerable<int> Sizes => _sets.Keys;

    public byte[] Bytes(int size) => _sets[size].Bytes;

    /// <summary>The shared data file of <paramref name="size"/> bytes, for code that only reads it.</summary>
    public string PathOf(int size) => _sets[size].Path;

    /// <summary>A fresh copy of the data file that the caller deletes (<see cref="DeleteCopy"/>), for code that may write it.</summary>
    public string CopyOf(int size)
    {
        string copy = Path.Combine(_directory, $"copy{System.Threading.Interlocked.Increment(ref _copies)}.bin");
        System.IO.File.Copy(_sets[size].Path, copy);
        return copy;
    }

    public static void DeleteCopy(string copy)
    {
        try
        {
            System.IO.File.Delete(copy);
        }
        catch (IOException)
        {
            // Still open (leaked by the code under test): Dispose removes the directory, or the OS does.
        }
    }

    /// <summary>
    /// A fresh stream of <paramref name="kind"/> over the data of <paramref name="size"/> bytes, at position 0; the
    /// caller will read <paramref name="start"/> bytes of it first (a failing stream fails midway through the rest).
    /// </summary>
    public Stream Open(StreamKind kind, int size, int start = 0)
    {
        (byte[] bytes, byte[] gzipped, _) = _sets[size];
        return kind switch
        {
            StreamKind.File => new FileStream(CopyOf(size), FileMode.Open, FileAccess.ReadWrite, FileShare.Read, 4096, FileOptions.DeleteOnClose),
            StreamKind.Memory => Expandable(bytes),
            StreamKind.GZip => new GZipStream(new MemoryStream(gzipped), CompressionMode.Decompress),
            StreamKind.NonSeekable => new ChunkedStream(bytes, canSeek: false, maxChunk: int.MaxValue, seed: size),
            StreamKind.ShortReads => new ChunkedStream(bytes, canSeek: true, maxChunk: 7, seed: size),
            StreamKind.NonSeekableShortReads => new ChunkedStream(bytes, canSeek: false, maxChunk: 7, seed: size),
            StreamKind.OneByteReads => new ChunkedStream(bytes, canSeek: true, maxChunk: 1, seed: size),
            StreamKind.FailsMidway => new ChunkedStream(bytes, canSeek: true, maxChunk: int.MaxValue, seed: size, failAt: Math.Max(start, start + ((size - start) / 2))),
            _ => throw new ArgumentOutOfRangeException(nameof(kind)),
        };
    }

    private static MemoryStream Expandable(byte[] bytes)
    {
        var stream = new MemoryStream();
        stream.Write(bytes, 0, bytes.Length);
        stream.Position = 0;
        return stream;
    }

    /// <summary>Bytes that vary and include every byte value, so sums, lengths and prefixes differ between positions.</summary>
    private static byte[] MakeBytes(int size)
    {
        var bytes = new byte[size];
        uint state = 2166136261u ^ (uint)size;
        for (int i = 0; i < size; i++)
        {
            state = unchecked((state * 1664525u) + 1013904223u);
            bytes[i] = (byte)(state >> 24);
        }

        return bytes;
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(_directory, recursive: true);
        }
        catch (IOException)
        {
            // A handle the code under test leaked may still be open; the temporary directory is left to the OS.
        }
    }
}

/// <summary>
/// A read-only stream over bytes, seekable or not, whose reads return between 1 and <c>maxChunk</c> bytes (chosen by
/// a seeded generator, so the original and the fixed program see the same sizes for the same calls). Positions behave
/// as on <see cref="MemoryStream"/>: any non-negative position, reads past the end return 0. With a <c>failAt</c>, a
/// read returns the bytes before that offset, and a read that starts at or past it throws <see cref="IOException"/>.
/// </summary>
public sealed class ChunkedStream : Stream
{
    private readonly byte[] _data;
    private readonly bool _canSeek;
    private readonly int _maxChunk;
    private readonly long _failAt;
    private uint _state;
    private long _position;
    private bool _closed;

    public ChunkedStream(byte[] data, bool canSeek, int maxChunk, int seed, long failAt = -1)
    {
        _data = data;
        _canSeek = canSeek;
        _maxChunk = maxChunk;
        _failAt = failAt;
        _state = (uint)seed * 2654435761u;
    }

    public override bool CanRead => !_closed;

    public override bool CanSeek => _canSeek && !_closed;

    public override bool CanWrite => false;

    public override long Length
    {
        get
        {
            ObjectDisposedException.ThrowIf(_closed, this);
            return _canSeek ? _data.Length : throw new NotSupportedException();
        }
    }

    public override long Position
    {
        get
        {
            ObjectDisposedException.ThrowIf(_closed, this);
            return _canSeek ? _position : throw new NotSupportedException();
        }
        set
        {
            ObjectDisposedException.ThrowIf(_closed, this);
            if (!_canSeek)
                throw new NotSupportedException();
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
        int chunk = count;
        if (_maxChunk != int.MaxValue)
        {
            _state = unchecked((_state * 1103515245u) + 12345u);
            chunk = 1 + (int)((_state >> 8) % (uint)_maxChunk);
        }

        if (_failAt >= 0 && _position >= _failAt && count > 0)
            throw new IOException("The device failed.");
        long end = _failAt >= 0 ? Math.Min(_failAt, _data.Length) : _data.Length;
        long remaining = Math.Max(0, end - _position);
        int n = (int)Math.Min(Math.Min(chunk, count), remaining);
        if (n > 0)
            Buffer.BlockCopy(_data, (int)_position, buffer, offset, n);
        _position += n;
        return n;
    }

    public override long Seek(long offset, SeekOrigin origin)
    {
        ObjectDisposedException.ThrowIf(_closed, this);
        if (!_canSeek)
            throw new NotSupportedException();
        long target = origin switch
        {
            SeekOrigin.Begin => offset,
            SeekOrigin.Current => _position + offset,
            _ => _data.Length + offset,
        };
        if (target < 0)
            throw new IOException("An attempt was made to move the position before the beginning of the stream.");
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
