using System;
using System.Globalization;
using System.IO;
using System.Text;

namespace Streamline.Legacy.Tests;

/// <summary>
/// SL1007's fix on the running BCL (Mono 6.8 under eng/test-mono.sh): a random sequence of single-byte reads
/// (<c>ReadByte()</c>, <c>Read(one, k, 1)</c>) made through one <c>new BufferedStream(s)</c> must return what the same
/// sequence returns from <c>s</c> itself, exceptions included, where <c>s</c> is a stream without a ReadByte override
/// that returns 1 to 7 bytes a read, or as many as asked, and that may fail past a point after returning the bytes
/// before it; and disposing <c>s</c> (never the buffer, as the fix leaves it) must dispose it once.
/// </summary>
internal static class SL1007BufferedStreamChecks
{
    private const int Cases = 3000;

    public static Suite Run(int seed, double scale)
    {
        var suite = new Suite("SL1007 BufferedStream");
        var random = new Random(seed);
        int cases = Math.Max(1, (int)(Cases * scale));
        for (int i = 0; i < cases; i++)
        {
            int size = random.Next(4) switch { 0 => random.Next(8), 1 => random.Next(4090, 4110), 2 => random.Next(8190, 8200), _ => random.Next(20000) };
            var data = new byte[size];
            random.NextBytes(data);
            int maxChunk = random.Next(3) == 0 ? int.MaxValue : random.Next(1, 8);
            long failAt = random.Next(3) == 0 ? random.Next(size + 1) : -1;
            int reads = random.Next(size + 20);
            int caseSeed = random.Next();
            string repro = string.Format(CultureInfo.InvariantCulture, "size {0}, chunk {1}, failAt {2}, reads {3}, seed {4}", size, maxChunk, failAt, reads, caseSeed);
            suite.Run(repro, () =>
            {
                string direct = ReadAll(new OneByteStream(data, maxChunk, failAt), buffered: false, reads, caseSeed);
                string throughBuffer = ReadAll(new OneByteStream(data, maxChunk, failAt), buffered: true, reads, caseSeed);
                return direct == throughBuffer ? null : "direct: " + Tail(direct) + Environment.NewLine + "    through BufferedStream: " + Tail(throughBuffer);
            });
        }

        return suite;
    }

    private static string ReadAll(OneByteStream stream, bool buffered, int reads, int seed)
    {
        var random = new Random(seed);
        var log = new StringBuilder();
        Stream source = buffered ? new BufferedStream(stream) : stream;
        byte[] one = new byte[3];
        try
        {
            for (int i = 0; i < reads; i++)
            {
                if (random.Next(2) == 0)
                {
                    log.Append(source.ReadByte()).Append(' ');
                }
                else
                {
                    int k = random.Next(3);
                    int n = source.Read(one, k, 1);
                    log.Append('r').Append(n).Append(':').Append(n == 1 ? one[k] : -1).Append(' ');
                }
            }
        }
        catch (Exception e)
        {
            log.Append("threw ").Append(Outcome.Describe(e));
        }

        stream.Dispose();
        log.Append(" disposed ").Append(stream.Disposals);
        return log.ToString();
    }

    private static string Tail(string log) => log.Length <= 200 ? log : "..." + log.Substring(log.Length - 200);

    /// <summary>Overrides only Read: ReadByte is Stream's one-byte path.</summary>
    private sealed class OneByteStream : Stream
    {
        private readonly byte[] _data;
        private readonly int _maxChunk;
        private readonly long _failAt;
        private int _position;

        public OneByteStream(byte[] data, int maxChunk, long failAt)
        {
            _data = data;
            _maxChunk = maxChunk;
            _failAt = failAt;
        }

        public int Disposals { get; private set; }

        public override bool CanRead => true;

        public override bool CanSeek => false;

        public override bool CanWrite => false;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count)
        {
            if (count > _maxChunk)
                count = _maxChunk;
            if (_failAt >= 0)
            {
                if (_position >= _failAt)
                    throw new IOException("failed");
                count = (int)Math.Min(count, _failAt - _position);
            }

            count = Math.Min(count, _data.Length - _position);
            Buffer.BlockCopy(_data, _position, buffer, offset, count);
            _position += count;
            return count;
        }

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
                Disposals++;
            base.Dispose(disposing);
        }
    }
}
