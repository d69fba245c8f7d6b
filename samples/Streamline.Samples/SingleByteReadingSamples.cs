using System;
using System.IO;
using System.IO.Compression;

namespace Streamline.Samples;

/// <summary>SL1007: a byte at a time, in a loop, from a stream that does not buffer it.</summary>
public static class SingleByteReadingSamples
{
    // SL1007, fixable: the method opens the stream and only reads it a byte at a time, so one BufferedStream made right
    // after it can serve every read.
    public static long Checksum(string path)
    {
        using var input = new ChunkStream(File.OpenRead(path));
        long checksum = 0;
        int b;
        while ((b = input.ReadByte()) != -1)
            checksum = checksum * 31 + b;
        return checksum;
    }

    // SL1007 without a fix: the caller's stream, read part-way. Bytes a buffer read ahead would be missing for the
    // caller when the loop stops at the zero byte.
    public static int SkipZeroTerminated(Stream input)
    {
        int length = 0;
        while (input.ReadByte() > 0)
            length++;
        return length;
    }

    // SL1007, fixable: a GZipStream's ReadByte inflates one byte per call.
    public static long SumDecompressed(string gzipPath)
    {
        using var gzip = new GZipStream(File.OpenRead(gzipPath), CompressionMode.Decompress);
        long sum = 0;
        int b;
        while ((b = gzip.ReadByte()) != -1)
            sum += b;
        return sum;
    }

    // Quiet: FileStream and MemoryStream serve ReadByte from their own buffer or array.
    public static long SumFile(string path)
    {
        using var file = File.OpenRead(path);
        long sum = 0;
        int b;
        while ((b = file.ReadByte()) != -1)
            sum += b;
        return sum;
    }

    /// <summary>A stream that overrides only what it must: its ReadByte is Stream's one-byte path.</summary>
    private sealed class ChunkStream : Stream
    {
        private readonly Stream _inner;

        public ChunkStream(Stream inner) => _inner = inner;

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
}
