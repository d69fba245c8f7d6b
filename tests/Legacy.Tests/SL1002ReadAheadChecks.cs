using System;
using System.Globalization;
using System.IO;
using System.Text;
using Streamline.Runtime;

namespace Streamline.Legacy.Tests;

/// <summary>
/// SL1002's fix for a counted loop over a caller's reader on the running BCL (Mono 6.8 under eng/test-mono.sh): a loop
/// of fixed-size reads through <c>BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass)</c> must return what the
/// same reads return from the caller's <c>BinaryReader</c>, exceptions included, with counts that match the loop or
/// not and a body that may throw half-way; after the scope's disposal the caller must find the stream at the same
/// position with the same bytes left. The stream is Mono's own FileStream, or a stream over one that returns 1 to 7
/// bytes a read and may fail past a point.
/// </summary>
internal static class SL1002ReadAheadChecks
{
    private const int Cases = 600;
    private static readonly int[] s_sizes = { 1, 2, 4, 8, 4, 8, 16 };

    public static Suite Run(int seed, double scale)
    {
        var suite = new Suite("SL1002 ReadAhead");
        var random = new Random(seed);
        int cases = Math.Max(1, (int)(Cases * scale));
        string path = Path.Combine(Path.GetTempPath(), "streamline-legacy-sl1002-" + Guid.NewGuid().ToString("N"));
        try
        {
            for (int i = 0; i < cases; i++)
            {
                int size = random.Next(4) switch { 0 => random.Next(80), 1 => random.Next(300, 700), 2 => random.Next(4090, 4110), _ => random.Next(80000) };
                var data = new byte[size];
                random.NextBytes(data);
                File.WriteAllBytes(path, data);
                bool slow = random.Next(2) == 0;
                int maxChunk = random.Next(3) == 0 ? int.MaxValue : random.Next(1, 8);
                long failAt = slow && random.Next(4) == 0 ? random.Next(size + 1) : -1;
                var ops = new int[random.Next(1, 5)];
                int bytesPerPass = 0;
                for (int k = 0; k < ops.Length; k++)
                {
                    ops[k] = random.Next(s_sizes.Length);
                    bytesPerPass += s_sizes[ops[k]];
                }

                int passes = random.Next(3) == 0 ? random.Next(20) : random.Next(size / bytesPerPass + 20);
                long count = random.Next(5) switch { 0 => passes / 2, 1 => passes + 9, _ => passes };
                int throwAt = random.Next(4) == 0 ? random.Next(passes + 1) : -1;
                int start = random.Next(3) == 0 ? random.Next(size + 1) : 0;
                string repro = string.Format(
                    CultureInfo.InvariantCulture, "size {0}, slow {1}, chunk {2}, failAt {3}, ops {4}, passes {5}, count {6}, throwAt {7}, start {8}",
                    size, slow, maxChunk, failAt, string.Join(",", ops), passes, count, throwAt, start);
                suite.Run(repro, () =>
                {
                    string direct = LoopThenRest(path, slow, maxChunk, failAt, start, ops, passes, count, bytesPerPass, throwAt, ahead: false);
                    string fixedLoop = LoopThenRest(path, slow, maxChunk, failAt, start, ops, passes, count, bytesPerPass, throwAt, ahead: true);
                    return direct == fixedLoop ? null : "through the reader: " + Tail(direct) + Environment.NewLine + "    through ReadAhead: " + Tail(fixedLoop);
                });
            }
        }
        finally
        {
            File.Delete(path);
        }

        return suite;
    }

    private static string LoopThenRest(string path, bool slow, int maxChunk, long failAt, int start, int[] ops, int passes, long count, int bytesPerPass, int throwAt, bool ahead)
    {
        var log = new StringBuilder();
        using (Stream stream = slow ? new SL1007SkipReaderChecks.SeekableSlowStream(File.OpenRead(path), maxChunk, failAt) : File.OpenRead(path))
        {
            stream.Position = start;
            var reader = new BinaryReader(stream, Encoding.UTF8, leaveOpen: true);
            try
            {
                if (ahead)
                {
                    using (var scope = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass))
                        Loop(op => Read(scope, op), ops, passes, throwAt, log);
                }
                else
                {
                    Loop(op => Read(reader, op), ops, passes, throwAt, log);
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

    private static void Loop(Func<int, object> read, int[] ops, int passes, int throwAt, StringBuilder log)
    {
        for (int pass = 0; pass < passes; pass++)
        {
            if (pass == throwAt)
                throw new InvalidOperationException("the body");
            foreach (int op in ops)
                log.Append(Convert.ToString(read(op), CultureInfo.InvariantCulture)).Append(' ');
        }
    }

    private static object Read(BinaryReader reader, int op) => op switch
    {
        0 => reader.ReadByte(),
        1 => reader.ReadUInt16(),
        2 => reader.ReadInt32(),
        3 => reader.ReadInt64(),
        4 => reader.ReadSingle(),
        5 => reader.ReadDouble(),
        _ => reader.ReadDecimal(),
    };

    private static object Read(BufferedBinaryReader.ReadAheadScope scope, int op) => op switch
    {
        0 => scope.ReadByte(),
        1 => scope.ReadUInt16(),
        2 => scope.ReadInt32(),
        3 => scope.ReadInt64(),
        4 => scope.ReadSingle(),
        5 => scope.ReadDouble(),
        _ => scope.ReadDecimal(),
    };

    private static string Tail(string log) => log.Length <= 300 ? log : "..." + log.Substring(log.Length - 300);
}
