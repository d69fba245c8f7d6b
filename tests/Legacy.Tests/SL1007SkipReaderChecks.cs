using System;
using System.Globalization;
using System.IO;
using System.Text;
using Streamline.Runtime;

namespace Streamline.Legacy.Tests;

/// <summary>
/// SL1007's fix for a caller's stream on the running BCL (Mono 6.8 under eng/test-mono.sh): a loop of single-byte
/// reads (<c>ReadByte()</c>, <c>Read(one, k, 1)</c>) run over <c>new SkipReader(s, leaveOpen: true)</c> that stops
/// after a random number of reads, or at the end, or at a failure, must return what the same reads return from
/// <c>s</c> itself, exceptions included; and after the reader's disposal the caller must find <c>s</c> at the same
/// position with the same bytes left. <c>s</c> is a stream without a ReadByte override over a FileStream on a
/// temporary file (so Mono's own FileStream seeks and buffers), that may return 1 to 7 bytes a read and may fail past
/// a point after returning the bytes before it.
/// </summary>
internal static class SL1007SkipReaderChecks
{
    private const int Cases = 600;

    public static Suite Run(int seed, double scale)
    {
        var suite = new Suite("SL1007 SkipReader");
        var random = new Random(seed);
        int cases = Math.Max(1, (int)(Cases * scale));
        string path = Path.Combine(Path.GetTempPath(), "streamline-legacy-sl1007-" + Guid.NewGuid().ToString("N"));
        try
        {
            for (int i = 0; i < cases; i++)
            {
                int size = random.Next(4) switch { 0 => random.Next(80), 1 => random.Next(300, 700), 2 => random.Next(4090, 4110), _ => random.Next(40000) };
                var data = new byte[size];
                random.NextBytes(data);
                File.WriteAllBytes(path, data);
                int maxChunk = random.Next(3) == 0 ? int.MaxValue : random.Next(1, 8);
                long failAt = random.Next(4) == 0 ? random.Next(size + 1) : -1;
                int reads = random.Next(size + 20);
                int start = random.Next(3) == 0 ? random.Next(size + 1) : 0;
                int caseSeed = random.Next();
                string repro = string.Format(CultureInfo.InvariantCulture, "size {0}, chunk {1}, failAt {2}, reads {3}, start {4}, seed {5}", size, maxChunk, failAt, reads, start, caseSeed);
                suite.Run(repro, () =>
                {
                    string direct = ReadThenRest(path, maxChunk, failAt, start, reads, caseSeed, throughReader: false);
                    string throughReader = ReadThenRest(path, maxChunk, failAt, start, reads, caseSeed, throughReader: true);
                    return direct == throughReader ? null : "direct: " + Tail(direct) + Environment.NewLine + "    through SkipReader: " + Tail(throughReader);
                });
            }
        }
        finally
        {
            File.Delete(path);
        }

        return suite;
    }

    private static string ReadThenRest(string path, int maxChunk, long failAt, int start, int reads, int seed, bool throughReader)
    {
        var random = new Random(seed);
        var log = new StringBuilder();
        using (var stream = new SeekableSlowStream(File.OpenRead(path), maxChunk, failAt))
        {
            stream.Position = start;
            try
            {
                if (throughReader)
                {
                    using (var reader = new SkipReader(stream, leaveOpen: true))
                        Loop(() => reader.ReadByte(), (b, o, c) => reader.Read(b, o, c), random, reads, log);
                }
                else
                {
                    Loop(stream.ReadByte, stream.Read, random, reads, log);
                }
            }
            catch (Exception e)
            {
                log.Append("threw ").Append(Outcome.Describe(e));
            }

            // The caller reads on: where the stream is, and what is left.
            log.Append(" | position ").Append(stream.Position).Append(" rest ");
            try
            {
                int b;
                long sum = 0;
                while ((b = stream.ReadByte()) != -1)
                    sum = (sum * 31) + b;
                log.Append(sum);
            }
            catch (Exception e)
            {
                log.Append("threw ").Append(Outcome.Describe(e));
            }
        }

        return log.ToString();
    }

    private static void Loop(Func<int> readByte, Func<byte[], int, int, int> read, Random random, int reads, StringBuilder log)
    {
        byte[] one = new byte[3];
        for (int i = 0; i < reads; i++)
        {
            if (random.Next(2) == 0)
            {
                int b = readByte();
                log.Append(b).Append(' ');
                if (b == -1)
                    return;
            }
            else
            {
                int k = random.Next(3);
                int n = read(one, k, 1);
                log.Append('r').Append(n).Append(':').Append(n == 1 ? one[k] : -1).Append(' ');
                if (n == 0)
                    return;
            }
        }
    }

    private static string Tail(string log) => log.Length <= 300 ? log : "..." + log.Substring(log.Length - 300);

    /// <summary>Overrides only Read among the reads: ReadByte is Stream's one-byte path. Seeks where its inner stream
    /// does; returns at most maxChunk bytes a read; past failAt, the bytes before it and then an IOException.</summary>
    internal sealed class SeekableSlowStream : Stream
    {
        private readonly Stream _inner;
        private readonly int _maxChunk;
        private readonly long _failAt;

        public SeekableSlowStream(Stream inner, int maxChunk, long failAt)
        {
            _inner = inner;
            _maxChunk = maxChunk;
            _failAt = failAt;
        }

        public override bool CanRead => true;

        public override bool CanSeek => true;

        public override bool CanWrite => false;

        public override long Length => _inner.Length;

        public override long Position { get => _inner.Position; set => _inner.Position = value; }

        public override int Read(byte[] buffer, int offset, int count)
        {
            if (count > _maxChunk)
                count = _maxChunk;
            if (_failAt >= 0 && count > 0)
            {
                long position = _inner.Position;
                if (position >= _failAt)
                    throw new IOException("failed");
                count = (int)Math.Min(count, _failAt - position);
            }

            return _inner.Read(buffer, offset, count);
        }

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => _inner.Seek(offset, origin);

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
