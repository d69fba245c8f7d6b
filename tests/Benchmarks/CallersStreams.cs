using System;
using System.IO;

namespace Streamline.Benchmarks;

/// <summary>
/// The data of the caller's-stream benchmarks (SL1007CallersStreamBenchmarks and the loop-versioning pairs of SL1002
/// and SL1007): random bytes from a fixed seed, in memory and in a temp file of their own, 1 MB (64 KB under the smoke
/// test, which lowers <see cref="BenchmarkCorpus.LargeFileMinimumBytes"/>).
/// </summary>
internal sealed class CallersStreamFile
{
    private const int FileBytes = 1024 * 1024;
    private const int SmokeFileBytes = 64 * 1024;

    private readonly string _directory;

    private CallersStreamFile(string directory, string path, byte[] bytes)
    {
        _directory = directory;
        Path = path;
        Bytes = bytes;
    }

    /// <summary>The temp file.</summary>
    public string Path { get; }

    /// <summary>The file's bytes.</summary>
    public byte[] Bytes { get; }

    /// <summary>Writes the bytes to a new folder (one per run: other runs on the machine must not delete it).</summary>
    public static CallersStreamFile Create(string folderPrefix, int seed)
    {
        string directory = System.IO.Path.Combine(System.IO.Path.GetTempPath(), folderPrefix + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(directory);
        int size = BenchmarkCorpus.LargeFileMinimumBytes < BenchmarkCorpus.DefaultLargeFileMinimumBytes ? SmokeFileBytes : FileBytes;
        var bytes = new byte[size];
        new Random(seed).NextBytes(bytes);
        string path = System.IO.Path.Combine(directory, "data.bin");
        File.WriteAllBytes(path, bytes);
        return new CallersStreamFile(directory, path, bytes);
    }

    /// <summary>Deletes the folder.</summary>
    public void Delete() => Directory.Delete(_directory, recursive: true);
}

/// <summary>A seekable stream that overrides only what it must: its ReadByte is Stream's one-byte path, and nothing is
/// buffered (a decompressor's input, a format library's own stream type).</summary>
internal sealed class SeekableStream : Stream
{
    private readonly Stream _inner;

    public SeekableStream(Stream inner) => _inner = inner;

    public override bool CanRead => true;

    public override bool CanSeek => true;

    public override bool CanWrite => false;

    public override long Length => _inner.Length;

    public override long Position { get => _inner.Position; set => _inner.Position = value; }

    public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);

    public override long Seek(long offset, SeekOrigin origin) => _inner.Seek(offset, origin);

    public override void Flush()
    {
    }

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
            _inner.Dispose();
        base.Dispose(disposing);
    }
}

/// <summary>A stream that cannot seek and overrides only what it must: its ReadByte is Stream's one-byte path (a
/// network or pipe stream, a decompressor).</summary>
internal sealed class NonSeekableStream : Stream
{
    private readonly Stream _inner;

    public NonSeekableStream(Stream inner) => _inner = inner;

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
            _inner.Dispose();
        base.Dispose(disposing);
    }
}
