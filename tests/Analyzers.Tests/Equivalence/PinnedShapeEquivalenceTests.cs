using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Xunit.Abstractions;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>
/// Shapes whose SL1002 fix was found to change what the program does: the four of issue 12, then the generated shapes
/// of <see cref="GeneratedShapeEquivalenceTests"/> that differed, each cut down by hand to what makes it differ. Each
/// must get no fix, or a fix after which every caller sees the same results and the same stream.
/// </summary>
[Trait("Rule", "SL1002")]
[Trait("Rule", "SL1006")]
public class PinnedShapeEquivalenceTests : IClassFixture<PinnedShapeEquivalenceTests.Data>
{
    private static readonly int[] s_sizes = { 40_000, 7, 402 };
    private readonly Data _data;
    private readonly ITestOutputHelper _output;

    public PinnedShapeEquivalenceTests(Data data, ITestOutputHelper output)
    {
        _data = data;
        _output = output;
    }

    [Fact]
    public Task Shape1_BaseStreamAliasInTheLoopCondition()
        => CheckAsync("issue shape 1: a BaseStream alias in the loop condition", """
            public class Shape1
            {
                public long Sum(string p)
                {
                    long sum = 0;
                    using var reader = new BinaryReader(File.OpenRead(p));
                    Stream s = reader.BaseStream;
                    while (s.Position < s.Length) sum += reader.ReadInt32();
                    return sum;
                }
            }
            """);

    [Fact]
    public Task Shape2_StreamParameterWhoseReaderIsNeverDisposed()
        => CheckAsync("issue shape 2: a Stream parameter, its reader never disposed", """
            public class Shape2
            {
                public long Header(Stream input, int count)
                {
                    var reader = new BinaryReader(input);
                    long sum = 0;
                    for (int i = 0; i < count; i++) // the issue's `i < 4` is a few fixed passes now, which SL1002 leaves alone
                        sum += reader.ReadInt32();
                    return sum;
                }
            }
            """);

    [Fact]
    public Task Shape3_NonSeekableParameterWithLeaveOpen()
        => CheckAsync("issue shape 3: a Stream parameter that may not seek, leaveOpen: true", """
            public class Shape3
            {
                public int Parse(Stream input, int count)
                {
                    int total = 0;
                    using (BinaryReader reader = new BinaryReader(input, Encoding.UTF8, leaveOpen: true /* caller owns it */))
                    {
                        for (int i = 0; i < count; i++)
                            total += reader.ReadInt32();
                    }

                    return total;
                }
            }
            """);

    [Fact]
    public Task Shape4_CopyToOfTheBaseStreamAfterTheLoop()
        => CheckAsync("issue shape 4: BaseStream.CopyTo after the loop", """
            public class Shape4
            {
                public long Split(Stream input, int count)
                {
                    using var reader = new BinaryReader(input, Encoding.UTF8, leaveOpen: true);
                    long sum = 0;
                    for (int i = 0; i < count; i++)
                        sum += reader.ReadUInt16();
                    var sink = new MemoryStream();
                    reader.BaseStream.CopyTo(sink);
                    return sum * 100_000 + sink.Length;
                }
            }
            """);

    [Fact]
    public Task Found_StreamCapturedByALambdaBeforeTheReader()
        => CheckAsync("the stream captured by a lambda before the reader, called after the loop", """
            public class Found1
            {
                public long Run(string path, int count)
                {
                    var stream = new FileStream(path, FileMode.Open, FileAccess.Read);
                    Func<long> probe = () => stream.Position;
                    long sum = 0;
                    using (var reader = new BinaryReader(stream))
                    {
                        for (int i = 0; i < count; i++)
                            sum += reader.ReadInt16();
                        sum += probe() * 1000;
                    }

                    return sum;
                }
            }
            """);

    [Fact]
    public Task Found_IteratorOverAStreamParameter()
        => CheckAsync("an iterator reading a Stream parameter: the caller looks at its stream between items", """
            public class Found2
            {
                public IEnumerable<long> Run(Stream input, int count)
                {
                    using (var reader = new BinaryReader(input, Encoding.UTF8, false))
                    {
                        for (int i = 0; i < count; i++)
                            yield return reader.ReadInt32();
                    }
                }
            }
            """);

    [Fact]
    public Task Found_ReaderStoredInAField()
        => CheckAsync("the reader stored in a field, read by the caller after the method disposed it", """
            public class Found3
            {
                BinaryReader _reader;

                public long Run(Stream input, int count)
                {
                    long sum = 0;
                    using var reader = new BinaryReader(input, Encoding.UTF8, leaveOpen: true);
                    for (int i = 0; i < count; i++)
                        sum += reader.ReadInt32();
                    _reader = reader;
                    return sum;
                }
            }
            """);

    [Fact]
    public Task Found_SecondReaderOverTheBaseStreamInTheLoop()
        => CheckAsync("a second reader over reader.BaseStream, both read in the loop", """
            public class Found4
            {
                public long Run(string path, int count)
                {
                    long sum = 0;
                    using var reader = new BinaryReader(File.OpenRead(path));
                    var other = new BinaryReader(reader.BaseStream);
                    for (int i = 0; i < count; i++)
                    {
                        sum = sum * 31 + reader.ReadInt16();
                        sum = sum * 31 + other.ReadByte();
                    }

                    return sum;
                }
            }
            """);

    // NWaves' WaveFile: a chunk search that sets BaseStream.Position a byte on per pass (and reads Length), before the
    // sample loop the fix buffers; the search stays on BaseStream, which the buffered reader hands out.
    [Fact]
    public Task Found_ChunkSearchThroughBaseStream_BeforeTheSampleLoop()
        => CheckAsync("a chunk search on BaseStream.Position and Length before a sample loop, a caller's stream", """
            public class Found5
            {
                public long Samples(Stream input, int count)
                {
                    long sum = 0;
                    using (var reader = new BinaryReader(input, Encoding.ASCII, true))
                    {
                        long position = reader.BaseStream.Position;
                        while (position < reader.BaseStream.Length - 4)
                        {
                            reader.BaseStream.Position = position;
                            if (reader.ReadInt32() % 5 == 0)
                                break;
                            position++;
                        }

                        for (int i = 0; i < count; i++)
                            sum = sum * 31 + reader.ReadInt16();
                    }

                    return sum;
                }
            }
            """);

    // DBCD's readers: an object with an initializer made on every pass while the reader over the caller's stream is
    // alive (fixed since 2026-11-29), a header whose Position is set through BaseStream, and a helper that reads.
    [Fact]
    public Task Found_ObjectWithAnInitializerMadeOnEveryPass()
        => CheckAsync("an object with an initializer made on every pass, a caller's stream, BaseStream.Position set", """
            public class Found6
            {
                private sealed class Cursor { public int Position { get; set; } public long Value { get; set; } }

                private static long Pair(BinaryReader r) => r.ReadInt16() * 7L + r.ReadByte();

                public long Records(Stream input, int count)
                {
                    long sum = 0;
                    using (var reader = new BinaryReader(input, Encoding.UTF8, true))
                    {
                        reader.BaseStream.Position = reader.BaseStream.Position + 2;
                        for (int i = 0; i < count; i++)
                        {
                            var cursor = new Cursor { Position = i, Value = reader.ReadInt32() };
                            sum = sum * 31 + cursor.Value + cursor.Position + Pair(reader);
                        }
                    }

                    return sum;
                }
            }
            """);

    private async Task CheckAsync(string description, string code)
    {
        string name = code.Split(' ', '\n')[2].Trim();
        var shape = new Shape(name, description, code + "\n");
        BatchResult result = await EquivalenceChecker.RunBatchAsync(new[] { shape }, _data.Callers, (kinds, _) =>
            EquivalenceChecker.AllScenarios(kinds, s_sizes, new[] { 3, 4, 100_000 }, new[] { 3 })
                .Concat(EquivalenceChecker.AllScenarios(kinds, s_sizes, new[] { 4, 100_000, 3 }, new[] { 3 })));
        _output.WriteLine($"{description}: diagnostics {string.Join(", ", result.DiagnosticsById.Select(p => $"{p.Key}: {p.Value}"))}; " +
            (result.ShapesFixed == 0 ? "no fix offered" : $"fixed, {result.Runs} calls compared"));
        Assert.True(result.ShapesWithDiagnostics == 1, "the shape is no longer reported at all");
        Assert.True(result.Failures.Count == 0, string.Join("\n", result.Failures));
    }

    /// <summary>The data files, made once for the class.</summary>
    public sealed class Data : IDisposable
    {
        public CallerData Callers { get; } = new(s_sizes);

        public void Dispose() => Callers.Dispose();
    }
}
