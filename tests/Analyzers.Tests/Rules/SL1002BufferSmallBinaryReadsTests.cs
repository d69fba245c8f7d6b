using System.Linq;
using System.Threading.Tasks;
using Streamline.Analyzers.Rules;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1002BufferSmallBinaryReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1002BufferSmallBinaryReadsCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

[Trait("Rule", "SL1002")]
public class SL1002BufferSmallBinaryReadsTests
{
    [Fact]
    public Task Fix_ReaderOverFileOpenRead()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                long Sum(string path)
                {
                    using var reader = {|SL1002:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    long count = reader.BaseStream.Length / 2;
                    for (long i = 0; i < count; i++)
                        sum += reader.ReadUInt16();
                    return sum;
                }
            }
            """, """
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                long Sum(string path)
                {
                    using var reader = new BufferedBinaryReader(File.OpenRead(path));
                    long sum = 0;
                    long count = reader.BaseStream.Length / 2;
                    for (long i = 0; i < count; i++)
                        sum += reader.ReadUInt16();
                    return sum;
                }
            }
            """);

    [Fact]
    public Task Fix_ReaderOverFileOpenRead_WithTheGeneratedReader()
        => new Verify.Test(TestTarget.Net80, referenceRuntime: false)
        {
            GeneratedRuntime = true,
            TestCode = """
            using System.IO;

            class C
            {
                long Sum(string path)
                {
                    using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    for (long i = 0; i < 4000; i++)
                        sum += reader.ReadUInt16();
                    return sum;
                }
            }
            """,
            FixedCode = """
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                long Sum(string path)
                {
                    using var reader = new BufferedBinaryReader(File.OpenRead(path));
                    long sum = 0;
                    for (long i = 0; i < 4000; i++)
                        sum += reader.ReadUInt16();
                    return sum;
                }
            }
            """,
        }.RunAsync();

    [Fact]
    public Task Fix_KeepsEveryArgumentAndTheDeclaredType()
        => new Verify.Test(TestTarget.Net80, referenceRuntime: false)
        {
            TestCode = """
            using System.IO;
            using System.Text;

            class C
            {
                int Parse(Stream input, int count)
                {
                    int total = 0;
                    using (BinaryReader reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, leaveOpen: true /* caller owns it */)|})
                    {
                        for (int i = 0; i < count; i++)
                        {
                            total += reader.ReadInt32();
                            total += (int)reader.ReadSingle();
                            total += reader.ReadChars(2).Length;
                        }
                    }

                    return total;
                }
            }
            """ + RuntimeWithPosition,
            FixedCode = """
            using System.IO;
            using System.Text;
            using Streamline.Runtime;

            class C
            {
                int Parse(Stream input, int count)
                {
                    int total = 0;
                    using (BinaryReader reader = new BufferedBinaryReader(input, Encoding.UTF8, leaveOpen: true /* caller owns it */))
                    {
                        for (int i = 0; i < count; i++)
                        {
                            total += reader.ReadInt32();
                            total += (int)reader.ReadSingle();
                            total += reader.ReadChars(2).Length;
                        }
                    }

                    return total;
                }
            }
            """ + RuntimeWithPosition,
        }.RunAsync();

    [Fact]
    public Task Fix_TargetTypedNewAndForeachAndDo()
        => Verify.VerifyCodeFixAsync("""
            using System.Collections.Generic;
            using System.IO;

            class C
            {
                void M(string path, List<int> sizes)
                {
                    BinaryReader reader = {|SL1102:new(new FileStream(path, FileMode.Open))|};
                    foreach (int size in sizes)
                        reader.ReadInt32();
                    BinaryReader other = {|SL1002:new BinaryReader(File.Open(path, FileMode.Open))|};
                    do { other.ReadByte(); } while (other.PeekChar() >= 0);
                }
            }
            """, """
            using System.Collections.Generic;
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                void M(string path, List<int> sizes)
                {
                    BinaryReader reader = new BufferedBinaryReader(new FileStream(path, FileMode.Open));
                    foreach (int size in sizes)
                        reader.ReadInt32();
                    BinaryReader other = new BufferedBinaryReader(File.Open(path, FileMode.Open));
                    do { other.ReadByte(); } while (other.PeekChar() >= 0);
                }
            }
            """);

    [Fact]
    public Task NoFix_WhenTheStreamIsUsedAfterTheReaderIsMade()
    {
        const string Source = """
            using System.IO;

            class C
            {
                long M(FileStream stream)
                {
                    var reader = {|SL1102:new BinaryReader(stream)|};
                    long sum = 0;
                    for (int i = 0; i < 1000; i++)
                        sum += reader.ReadInt64();
                    return sum + stream.Position;
                }
            }
            """;
        return new Verify.Test { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Fact]
    public Task NoFix_WhenTheReaderIsMadeInALoopThatUsesTheStream()
    {
        const string Source = """
            using System.IO;

            class C
            {
                void M(Stream stream, long[] offsets, int count)
                {
                    foreach (long offset in offsets)
                    {
                        stream.Position = offset;
                        var reader = {|SL1102:new BinaryReader(stream, System.Text.Encoding.UTF8, true)|};
                        for (int i = 0; i < count; i++)
                            reader.ReadInt32();
                    }
                }
            }
            """;
        return new Verify.Test { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Fact]
    public Task ParameterReader_IsReportedAtItsFirstRead_AndItsCountedLoopReadAhead()
        => new Verify.Test
        {
            TestCode = """
                using System.IO;

                class C
                {
                    int M(BinaryReader reader, int n)
                    {
                        int sum = reader.ReadInt32();
                        for (int i = 0; i < n; i++)
                        {
                            sum += {|SL1102:reader.ReadInt32()|};
                            sum += reader.ReadInt16();
                        }

                        return sum;
                    }
                }
                """,
            FixedCode = """
                using System.IO;
                using Streamline.Runtime;

                class C
                {
                    int M(BinaryReader reader, int n)
                    {
                        int sum = reader.ReadInt32();
                        using (var ahead = BufferedBinaryReader.ReadAhead(reader, n, bytesPerPass: 6))
                        {
                            for (int i = 0; i < n; i++)
                            {
                                sum += ahead.ReadInt32();
                                sum += ahead.ReadInt16();
                            }
                        }

                        return sum;
                    }
                }
                """,
        }.RunAsync();

    /// <summary>
    /// A reader handed in is told to be made buffered where it is created: wrapping it in the method that reads it is
    /// slower (the page's "A reader handed in" measures 390x on a varint), so the message must not advise it. (A counted
    /// loop counting up is read ahead where it is instead: SL1002ReadAheadLoopTests.)
    /// </summary>
    [Fact]
    public Task Message_ReaderHandedIn_AdvisesBufferingWhereItIsCreated()
        => new Verify.Test
        {
            TestCode = """
                using System.IO;

                public class C
                {
                    public int M(BinaryReader reader, int n)
                    {
                        int sum = 0;
                        for (int i = n; i > 0; i--)
                            sum += {|#0:reader.ReadInt32()|};
                        return sum;
                    }
                }
                """,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1102").WithLocation(0).WithMessage(
                    "'reader' reads small values one call at a time in a loop over a stream from a caller this compilation cannot see: make it a BufferedBinaryReader where it is made (no fix: 'M' is callable from outside)"
                    + " (the data gives the pass count, the stream comes from outside this compilation)"),
            },
        }.RunAsync();

    /// <summary>A reader the method makes is told to read through a BufferedBinaryReader, which its fix writes.</summary>
    [Fact]
    public Task Message_ReaderMadeHere_AdvisesReadingThroughABufferedBinaryReader()
        => new Verify.Test
        {
            TestCode = """
                using System.IO;

                class C
                {
                    int M(string path, int size)
                    {
                        using var reader = {|#0:new BinaryReader(File.OpenRead(path))|};
                        int sum = 0;
                        for (int i = 0; i < size; i += 4)
                            sum += reader.ReadInt32();
                        return sum;
                    }
                }
                """,
            ExpectedDiagnostics =
            {
                Verify.Diagnostic("SL1002").WithLocation(0).WithMessage(
                    "'reader' reads small values one call at a time in a loop over a file: read them through a BufferedBinaryReader"
                    + " (passes grow with the data's length, a file on every path)"),
            },
            FixedCode = """
                using System.IO;
                using Streamline.Runtime;

                class C
                {
                    int M(string path, int size)
                    {
                        using var reader = new BufferedBinaryReader(File.OpenRead(path));
                        int sum = 0;
                        for (int i = 0; i < size; i += 4)
                            sum += reader.ReadInt32();
                        return sum;
                    }
                }
                """,
        }.RunAsync();

    [Fact]
    public Task Fix_OverABufferedStreamItOwns_WhichIsAsSlowAsAFileStream()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                int M(string path)
                {
                    using var reader = {|SL1102:new BinaryReader(new BufferedStream(File.OpenRead(path)))|};
                    int sum = 0;
                    for (int i = 0; i < 1000; i++) sum += reader.ReadInt32();
                    return sum;
                }
            }
            """, """
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                int M(string path)
                {
                    using var reader = new BufferedBinaryReader(new BufferedStream(File.OpenRead(path)));
                    int sum = 0;
                    for (int i = 0; i < 1000; i++) sum += reader.ReadInt32();
                    return sum;
                }
            }
            """);

    // NWaves' WaveFile (docs/real-world.md, real libraries): a one-pass chunk search seeks through BaseStream and reads
    // its Length; the sample loop after it is the one that wins, and used to be silenced by the search.
    [Fact]
    public Task Fix_SampleLoop_AfterAChunkSearchThroughBaseStream()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Text;

            class C
            {
                short[] Read(Stream waveStream, int length)
                {
                    var samples = new short[length];
                    using (var reader = {|SL1102:new BinaryReader(waveStream, Encoding.ASCII, true)|})
                    {
                        var dataPosition = reader.BaseStream.Position;
                        while (dataPosition != reader.BaseStream.Length - 1)
                        {
                            reader.BaseStream.Position = dataPosition;
                            if (reader.ReadInt32() == 0x61746164)
                                break;
                            dataPosition++;
                        }

                        for (var i = 0; i < length; i++)
                            samples[i] = reader.ReadInt16();
                    }

                    return samples;
                }
            }
            """, """
            using System.IO;
            using System.Text;
            using Streamline.Runtime;

            class C
            {
                short[] Read(Stream waveStream, int length)
                {
                    var samples = new short[length];
                    using (var reader = new BufferedBinaryReader(waveStream, Encoding.ASCII, true))
                    {
                        var dataPosition = reader.BaseStream.Position;
                        while (dataPosition != reader.BaseStream.Length - 1)
                        {
                            reader.BaseStream.Position = dataPosition;
                            if (reader.ReadInt32() == 0x61746164)
                                break;
                            dataPosition++;
                        }

                        for (var i = 0; i < length; i++)
                            samples[i] = reader.ReadInt16();
                    }

                    return samples;
                }
            }
            """);

    // The same, but a write through BaseStream: bytes the buffered reader holds would no longer be the stream's.
    [Fact]
    public Task NoFix_WhenTheLoopWritesThroughBaseStream()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Text;

            class C
            {
                long Patch(Stream stream, int length)
                {
                    long sum = 0;
                    using (var reader = {|SL1102:new BinaryReader(stream, Encoding.ASCII, true)|})
                    {
                        for (var i = 0; i < length; i++)
                            sum += reader.ReadInt16();
                        reader.BaseStream.Position = 0;
                        reader.BaseStream.WriteByte(1);
                        reader.BaseStream.Position = 0;
                        sum += reader.ReadInt16();
                    }

                    return sum;
                }
            }
            """, """
            using System.IO;
            using System.Text;

            class C
            {
                long Patch(Stream stream, int length)
                {
                    long sum = 0;
                    using (var reader = {|SL1102:new BinaryReader(stream, Encoding.ASCII, true)|})
                    {
                        for (var i = 0; i < length; i++)
                            sum += reader.ReadInt16();
                        reader.BaseStream.Position = 0;
                        reader.BaseStream.WriteByte(1);
                        reader.BaseStream.Position = 0;
                        sum += reader.ReadInt16();
                    }

                    return sum;
                }
            }
            """);

    [Fact]
    public Task Fix_CallersStream_DisposedOnEveryPath()
        => new Verify.Test(TestTarget.Net80, referenceRuntime: false)
        {
            TestCode = """
            using System;
            using System.IO;
            using System.Text;

            class C
            {
                long UsingStatement(Stream input, int count)
                {
                    long sum = 0;
                    using (var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, leaveOpen: true)|})
                    {
                        for (int i = 0; i < count; i++)
                        {
                            if (i == 300) throw new InvalidDataException();
                            sum += reader.ReadInt32();
                        }

                        reader.BaseStream.Seek(0, SeekOrigin.End);
                    }

                    return sum + input.Position;
                }

                long UsingDeclaration(FileStream input, int count)
                {
                    long sum = 0;
                    {
                        using var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|};
                        while (sum < count) sum += reader.ReadByte();
                    }

                    return sum + input.Position;
                }

                long TryFinally(Stream input, int count)
                {
                    long sum = 0;
                    var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|};
                    try
                    {
                        do { sum += reader.ReadInt16(); } while (--count > 0);
                    }
                    finally
                    {
                        reader.Dispose();
                    }

                    Consume(input);
                    return sum;
                }

                long Field(int count)
                {
                    long sum = 0;
                    using (var reader = {|SL1102:new BinaryReader(_stream, Encoding.UTF8, true)|})
                        for (int i = 0; i < count; i++) sum += reader.ReadInt64();
                    return sum + _stream.Position;
                }

                Stream _stream = Stream.Null;

                static void Consume(Stream s) { }
            }
            """ + RuntimeWithPosition,
            FixedCode = """
            using System;
            using System.IO;
            using System.Text;
            using Streamline.Runtime;

            class C
            {
                long UsingStatement(Stream input, int count)
                {
                    long sum = 0;
                    using (var reader = new BufferedBinaryReader(input, Encoding.UTF8, leaveOpen: true))
                    {
                        for (int i = 0; i < count; i++)
                        {
                            if (i == 300) throw new InvalidDataException();
                            sum += reader.ReadInt32();
                        }

                        reader.BaseStream.Seek(0, SeekOrigin.End);
                    }

                    return sum + input.Position;
                }

                long UsingDeclaration(FileStream input, int count)
                {
                    long sum = 0;
                    {
                        using var reader = new BufferedBinaryReader(input, Encoding.UTF8, true);
                        while (sum < count) sum += reader.ReadByte();
                    }

                    return sum + input.Position;
                }

                long TryFinally(Stream input, int count)
                {
                    long sum = 0;
                    var reader = new BufferedBinaryReader(input, Encoding.UTF8, true);
                    try
                    {
                        do { sum += reader.ReadInt16(); } while (--count > 0);
                    }
                    finally
                    {
                        reader.Dispose();
                    }

                    Consume(input);
                    return sum;
                }

                long Field(int count)
                {
                    long sum = 0;
                    using (var reader = new BufferedBinaryReader(_stream, Encoding.UTF8, true))
                        for (int i = 0; i < count; i++) sum += reader.ReadInt64();
                    return sum + _stream.Position;
                }

                Stream _stream = Stream.Null;

                static void Consume(Stream s) { }
            }
            """ + RuntimeWithPosition,
        }.RunAsync();

    [Fact]
    public Task Fix_OwnedStream_InIteratorsAndAsyncMethods()
        => Verify.VerifyCodeFixAsync("""
            using System;
            using System.Collections.Generic;
            using System.IO;
            using System.Threading.Tasks;

            class C
            {
                IEnumerable<int> Values(string path)
                {
                    using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    for (int i = 0; i < 1000; i++) yield return reader.ReadInt32();
                }

                async Task<long> SumAsync(string path)
                {
                    var stream = new FileStream(path, FileMode.Open);
                    var reader = {|SL1102:new BinaryReader(stream)|};
                    long sum = 0;
                    for (int i = 0; i < 1000; i++) { sum += reader.ReadInt64(); await Task.Yield(); }
                    return sum;
                }

                long[] InLocalFunction(string[] paths)
                {
                    return Array.ConvertAll(paths, Sum);

                    static long Sum(string path)
                    {
                        using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                        long sum = 0;
                        for (int i = 0; i < 1000; i++) sum += reader.ReadInt64();
                        return sum + Body();

                        long Body()
                        {
                            var stream = File.OpenRead(path);
                            var inner = {|SL1102:new BinaryReader(stream)|};
                            long n = 0;
                            foreach (int i in new[] { 1, 2, 3 }) n += inner.ReadChar();
                            return n;
                        }
                    }
                }
            }
            """, """
            using System;
            using System.Collections.Generic;
            using System.IO;
            using System.Threading.Tasks;
            using Streamline.Runtime;

            class C
            {
                IEnumerable<int> Values(string path)
                {
                    using var reader = new BufferedBinaryReader(File.OpenRead(path));
                    for (int i = 0; i < 1000; i++) yield return reader.ReadInt32();
                }

                async Task<long> SumAsync(string path)
                {
                    var stream = new FileStream(path, FileMode.Open);
                    var reader = new BufferedBinaryReader(stream);
                    long sum = 0;
                    for (int i = 0; i < 1000; i++) { sum += reader.ReadInt64(); await Task.Yield(); }
                    return sum;
                }

                long[] InLocalFunction(string[] paths)
                {
                    return Array.ConvertAll(paths, Sum);

                    static long Sum(string path)
                    {
                        using var reader = new BufferedBinaryReader(File.OpenRead(path));
                        long sum = 0;
                        for (int i = 0; i < 1000; i++) sum += reader.ReadInt64();
                        return sum + Body();

                        long Body()
                        {
                            var stream = File.OpenRead(path);
                            var inner = new BufferedBinaryReader(stream);
                            long n = 0;
                            foreach (int i in new[] { 1, 2, 3 }) n += inner.ReadChar();
                            return n;
                        }
                    }
                }
            }
            """);

    [Fact]
    public Task Fix_ReaderHandedToMethodsThatOnlyReadThroughIt()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Text;

            static class Records
            {
                public static long ReadPair(this BinaryReader r) => r.ReadInt32() + (long)r.ReadInt32();
            }

            class C
            {
                long Parse(string path, int count)
                {
                    long sum = 0;
                    using (var reader = {|SL1102:new BinaryReader(File.OpenRead(path), Encoding.UTF8, leaveOpen: false)|})
                    {
                        sum += ReadHeader(reader);
                        for (int i = 0; i < count; i++)
                            sum += reader.ReadUInt16() + reader.ReadPair();
                    }

                    return sum;
                }

                static int ReadHeader(BinaryReader reader)
                {
                    int magic = reader.ReadInt32();
                    return magic + reader.ReadString().Length;
                }
            }
            """, """
            using System.IO;
            using System.Text;
            using Streamline.Runtime;

            static class Records
            {
                public static long ReadPair(this BinaryReader r) => r.ReadInt32() + (long)r.ReadInt32();
            }

            class C
            {
                long Parse(string path, int count)
                {
                    long sum = 0;
                    using (var reader = new BufferedBinaryReader(File.OpenRead(path), Encoding.UTF8, leaveOpen: false))
                    {
                        sum += ReadHeader(reader);
                        for (int i = 0; i < count; i++)
                            sum += reader.ReadUInt16() + reader.ReadPair();
                    }

                    return sum;
                }

                static int ReadHeader(BinaryReader reader)
                {
                    int magic = reader.ReadInt32();
                    return magic + reader.ReadString().Length;
                }
            }
            """);

    /// <summary>
    /// The loop reads nothing through the reader itself but hands it, on every pass, to methods that read small values
    /// through it and do nothing else with it: the construction is reported, and buffering it makes those reads fast.
    /// ReadVarint's own loop is reported too, at its first read, without a fix (its reader is a parameter).
    /// </summary>
    [Fact]
    public Task Fix_ReadsInMethodsTheLoopHandsTheReaderTo()
        => new Verify.Test
        {
            TestCode = """
            using System.Collections.Generic;
            using System.IO;

            static class Records
            {
                public static (int Id, float Weight) ReadRecord(this BinaryReader r) => (r.ReadInt32(), r.ReadSingle());
            }

            class C
            {
                List<int> Ids(string path, int count)
                {
                    var ids = new List<int>();
                    using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    for (int i = 0; i < count; i++)
                        ids.Add(reader.ReadRecord().Id + ReadVarint(reader));
                    return ids;
                }

                static int ReadVarint(BinaryReader input)
                {
                    int value = 0, shift = 0;
                    byte b;
                    do
                    {
                        b = {|SL1102:input.ReadByte()|}; // the parameter's own report, fixed where the reader is made
                        value |= (b & 0x7F) << shift;
                        shift += 7;
                    }
                    while ((b & 0x80) != 0 && shift < 35);
                    return value;
                }
            }
            """,
            FixedCode = """
            using System.Collections.Generic;
            using System.IO;
            using Streamline.Runtime;

            static class Records
            {
                public static (int Id, float Weight) ReadRecord(this BinaryReader r) => (r.ReadInt32(), r.ReadSingle());
            }

            class C
            {
                List<int> Ids(string path, int count)
                {
                    var ids = new List<int>();
                    using var reader = new BufferedBinaryReader(File.OpenRead(path));
                    for (int i = 0; i < count; i++)
                        ids.Add(reader.ReadRecord().Id + ReadVarint(reader));
                    return ids;
                }

                static int ReadVarint(BinaryReader input)
                {
                    int value = 0, shift = 0;
                    byte b;
                    do
                    {
                        b = input.ReadByte(); // the parameter's own report, fixed where the reader is made
                        value |= (b & 0x7F) << shift;
                        shift += 7;
                    }
                    while ((b & 0x80) != 0 && shift < 35);
                    return value;
                }
            }
            """,
        }.RunAsync();

    /// <summary>
    /// Handed to methods in a loop, but nothing to report: a method that also uses the reader's stream (a buffered
    /// reader would put it back on every call), one that reads only blocks, one that may be overridden, a method of
    /// another assembly, and calls outside a loop or in a loop of a few constant passes.
    /// </summary>
    [Fact]
    public Task Quiet_WhereTheMethodsTheReaderIsHandedToDoNotReadSmallValues()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class C
            {
                void M(string path, int count)
                {
                    using var usesStream = new BinaryReader(File.OpenRead(path));
                    for (int i = 0; i < count; i++) ReadToEnd(usesStream);

                    using var blocks = new BinaryReader(File.OpenRead(path));
                    for (int i = 0; i < count; i++) ReadBlock(blocks);

                    using var overridable = new BinaryReader(File.OpenRead(path));
                    for (int i = 0; i < count; i++) ReadVirtual(overridable);

                    using var other = new BinaryReader(File.OpenRead(path));
                    for (int i = 0; i < count; i++) System.Console.WriteLine(other);

                    using var once = new BinaryReader(File.OpenRead(path));
                    ReadPair(once);

                    using var few = new BinaryReader(File.OpenRead(path));
                    for (int i = 0; i < 4; i++) ReadPair(few);
                }

                static int ReadToEnd(BinaryReader r)
                {
                    int sum = 0;
                    if (r.BaseStream.Position < r.BaseStream.Length) sum += r.ReadInt32();
                    return sum;
                }

                static byte[] ReadBlock(BinaryReader r) => r.ReadBytes(4096);

                protected virtual int ReadVirtual(BinaryReader r) => r.ReadInt32();

                static long ReadPair(BinaryReader r) => r.ReadInt32() + (long)r.ReadInt32();
            }
            """);

    /// <summary>Issue 12's four shapes and the equivalence notes' shapes whose fix changed what the program saw.</summary>
    [Fact]
    public Task NoFix_WhereSomebodyCouldSeeTheReadAhead()
    {
        const string Source = """
            using System;
            using System.Collections.Generic;
            using System.IO;
            using System.Text;
            using System.Threading.Tasks;

            class C
            {
                BinaryReader? _reader;
                BinaryReader _other = new BinaryReader(Stream.Null);
                Stream _stream = Stream.Null;

                // Issue shape 1's family: an alias of BaseStream taken before the reads and used for more than
                // Position and Length (issue shape 1 itself, with s.Length read on every pass, is quiet).
                long Alias(string path)
                {
                    using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    Stream s = reader.BaseStream;
                    long sum = 0;
                    for (int i = 0; i < 1000; i++) sum += reader.ReadInt32() + s.ReadByte();
                    return sum;
                }

                // Issue shapes 2 and 4 and an exception mid-loop: the caller's stream, the reader never disposed.
                long NeverDisposed(Stream input, Stream sink, int count)
                {
                    var reader = {|SL1102:new BinaryReader(input)|};
                    long sum = 0;
                    for (int i = 0; i < count; i++)
                    {
                        if (i == 300) throw new InvalidDataException();
                        sum += reader.ReadInt32();
                    }

                    reader.BaseStream.CopyTo(sink);
                    return sum;
                }

                // Equivalence item 2: the stream captured by a lambda.
                long Captured(string path, int count)
                {
                    var stream = new FileStream(path, FileMode.Open);
                    Func<long> probe = () => stream.Position;
                    var reader = {|SL1102:new BinaryReader(stream)|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadByte();
                    return sum + probe();
                }

                // The stream used while the reader is alive.
                long UsedWhileAlive(Stream input)
                {
                    using var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|};
                    long sum = 0;
                    for (int i = 0; i < 1000; i++) sum += reader.ReadInt64();
                    return sum + input.Position;
                }

                // Equivalence item 6: an iterator over the caller's stream yields while the reader is alive.
                IEnumerable<long> Iterator(Stream input, int count)
                {
                    using (var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, false)|})
                        for (int i = 0; i < count; i++) yield return reader.ReadInt32();
                }

                // The caller runs during an await while the reader over its stream is alive.
                async Task<long> AwaitWhileAlive(Stream input)
                {
                    using var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|};
                    long sum = 0;
                    for (int i = 0; i < 1000; i++) { sum += reader.ReadInt64(); await Task.Yield(); }
                    return sum;
                }

                // Equivalence item 7 and kin: the reader escapes.
                long StoredInField(Stream input)
                {
                    using var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, leaveOpen: true)|};
                    long sum = 0;
                    for (int i = 0; i < 1000; i++) sum += reader.ReadInt32();
                    _reader = reader;
                    return sum;
                }

                BinaryReader Returned(string path)
                {
                    var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    for (int i = 0; i < 1000; i++) reader.ReadInt32();
                    return reader;
                }

                long PassedOn(string path)
                {
                    using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    for (int i = 0; i < 1000; i++) sum += reader.ReadInt32() + Peek(reader);
                    return sum;
                }

                long PassedOnAndOn(string path)
                {
                    using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    for (int i = 0; i < 1000; i++) sum += reader.ReadInt32() + PeekLater(reader);
                    return sum;
                }

                long CapturedReader(string path)
                {
                    var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    Func<long> position = () => reader.BaseStream.Position;
                    long sum = 0;
                    for (int i = 0; i < 1000; i++) sum += reader.ReadInt32();
                    return sum + position();
                }

                // Equivalence item 8: a second reader over the same stream.
                long SecondReader(string path, int count)
                {
                    using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    var other = {|SL1102:new BinaryReader(reader.BaseStream)|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) { sum = sum * 31 + reader.ReadInt16(); sum = sum * 31 + other.ReadByte(); }
                    return sum;
                }

                long SecondReaderOverTheParameter(Stream input, int count)
                {
                    var first = {|SL1102:new BinaryReader(input)|};
                    using var second = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) { sum += first.ReadInt16(); sum += second.ReadByte(); }
                    return sum;
                }

                // Something else that may hold the caller's stream runs while the reader is alive.
                long OtherHolders(Stream input, Action progress)
                {
                    long sum = 0;
                    using (var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|})
                        for (int i = 0; i < 1000; i++) { sum += reader.ReadInt32(); progress(); }
                    using (var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|})
                        for (int i = 0; i < 1000; i++) sum += reader.ReadInt32() + _stream.Position;
                    using (var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|})
                        for (int i = 0; i < 1000; i++) sum += reader.ReadInt32() + _other.ReadByte();
                    using (var reader = {|SL1102:new BinaryReader(_stream, Encoding.UTF8, true)|})
                        for (int i = 0; i < 1000; i++) sum += reader.ReadInt32() + Helper(input);
                    return sum;
                }

                // A lambda over the caller's stream may run whenever its holder likes.
                Func<long> Deferred(Stream input)
                    => () =>
                    {
                        using var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|};
                        long sum = 0;
                        for (int i = 0; i < 1000; i++) sum += reader.ReadInt32();
                        return sum;
                    };

                // A stream made here over a handle that others may hold too.
                long OverAHandle(Microsoft.Win32.SafeHandles.SafeFileHandle handle)
                {
                    var reader = {|SL1102:new BinaryReader(new FileStream(handle, FileAccess.Read))|};
                    long sum = 0;
                    for (int i = 0; i < 1000; i++) sum += reader.ReadInt32();
                    return sum;
                }

                // A wrapper over the caller's stream reads ahead of it, and nothing puts it back.
                long Wrapped(Stream input)
                {
                    using var reader = {|SL1102:new BinaryReader(new BufferedStream(input))|};
                    long sum = 0;
                    for (int i = 0; i < 1000; i++) sum += reader.ReadInt32();
                    return sum;
                }

                static BinaryReader? s_kept;
                static int Peek(BinaryReader r) { s_kept = r; return 0; }
                static long PeekLater(BinaryReader r) => Later(r);
                static long Later(BinaryReader r) { s_kept = r; return r.ReadInt64(); } // kept two calls down
                static long Helper(Stream s) => 0;
            }
            """;
        return new Verify.Test { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    /// <summary>The runtime's <c>BufferedBinaryReader</c> as the fix sees it once it has <c>Position</c>; declared in
    /// the test source so the fix text is checked whichever runtime build the tests reference.</summary>
    private const string RuntimeWithPosition = """

        namespace Streamline.Runtime
        {
            public sealed class BufferedBinaryReader : System.IO.BinaryReader
            {
                public BufferedBinaryReader(System.IO.Stream input) : base(input) { }
                public BufferedBinaryReader(System.IO.Stream input, System.Text.Encoding encoding, bool leaveOpen) : base(input, encoding, leaveOpen) { }
                public long Position => 0;
            }
        }
        """;

    [Fact]
    public Task Fix_RewritesBaseStreamPositionReadsInTheLoop()
        => new Verify.Test(TestTarget.Net80, referenceRuntime: false)
        {
            TestCode = """
                using System.IO;
                using System.Text;

                class C
                {
                    long Sum(string path, long length)
                    {
                        using var reader = {|SL1002:new BinaryReader(File.OpenRead(path))|};
                        long sum = 0;
                        while (reader.BaseStream.Position < length) sum += reader.ReadUInt16();
                        return sum + reader.BaseStream.Position;
                    }

                    long Records(Stream input, long end)
                    {
                        long sum = 0;
                        using (BinaryReader reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, true)|})
                        {
                            for (long at = reader.BaseStream.Position; at < end; at = reader.BaseStream.Position /* next record */)
                                sum += reader.ReadInt32() * 31 + reader.ReadByte();
                        }

                        return sum;
                    }
                }
                """ + RuntimeWithPosition,
            FixedCode = """
                using System.IO;
                using System.Text;
                using Streamline.Runtime;

                class C
                {
                    long Sum(string path, long length)
                    {
                        using var reader = new BufferedBinaryReader(File.OpenRead(path));
                        long sum = 0;
                        while (reader.Position < length) sum += reader.ReadUInt16();
                        return sum + reader.BaseStream.Position;
                    }

                    long Records(Stream input, long end)
                    {
                        long sum = 0;
                        using (BufferedBinaryReader reader = new BufferedBinaryReader(input, Encoding.UTF8, true))
                        {
                            for (long at = reader.Position; at < end; at = reader.Position /* next record */)
                                sum += reader.ReadInt32() * 31 + reader.ReadByte();
                        }

                        return sum;
                    }
                }
                """ + RuntimeWithPosition,
        }.RunAsync();

    /// <summary>Issue 12's shape 1 once SL1006 has read the length before the loop: the alias's Position reads become
    /// the reader's, so the buffered reader never has to put the stream back.</summary>
    [Fact]
    public Task Fix_RewritesPositionReadsOfABaseStreamAlias()
        => new Verify.Test(TestTarget.Net80, referenceRuntime: false)
        {
            TestCode = """
                using System.IO;

                class C
                {
                    long Sum(string path)
                    {
                        long sum = 0;
                        using var reader = {|SL1002:new BinaryReader(File.OpenRead(path))|};
                        Stream s = reader.BaseStream;
                        long length = s.Length;
                        while (s.Position < length) sum += reader.ReadInt32();
                        return sum + s.Position;
                    }
                }
                """ + RuntimeWithPosition,
            FixedCode = """
                using System.IO;
                using Streamline.Runtime;

                class C
                {
                    long Sum(string path)
                    {
                        long sum = 0;
                        using var reader = new BufferedBinaryReader(File.OpenRead(path));
                        Stream s = reader.BaseStream;
                        long length = s.Length;
                        while (reader.Position < length) sum += reader.ReadInt32();
                        return sum + reader.Position;
                    }
                }
                """ + RuntimeWithPosition,
        }.RunAsync();

    /// <summary>The same rewrites against the runtime itself (its reader has Position and reads nothing ahead of a
    /// stream that cannot seek): issue 12's loop once SL1006 has read the length before it, over an opened file and
    /// over a caller's stream.</summary>
    [Theory]
    [InlineData(TestTarget.Net80)]
    [InlineData(TestTarget.NetStandard20)]
    public Task Fix_PositionReadsAndCallersStream_AgainstTheRuntime(TestTarget target)
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Text;

            class C
            {
                long Sum(string path)
                {
                    long sum = 0;
                    using var reader = {|SL1002:new BinaryReader(File.OpenRead(path))|};
                    long length = reader.BaseStream.Length;
                    while (reader.BaseStream.Position < length) sum += reader.ReadUInt16();
                    return sum;
                }

                long Parse(Stream input, long end)
                {
                    long sum = 0;
                    using (BinaryReader reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, leaveOpen: true)|})
                    {
                        while (reader.BaseStream.Position < end)
                            sum += reader.ReadInt32();
                    }

                    return sum + input.Position;
                }
            }
            """, """
            using System.IO;
            using System.Text;
            using Streamline.Runtime;

            class C
            {
                long Sum(string path)
                {
                    long sum = 0;
                    using var reader = new BufferedBinaryReader(File.OpenRead(path));
                    long length = reader.BaseStream.Length;
                    while (reader.Position < length) sum += reader.ReadUInt16();
                    return sum;
                }

                long Parse(Stream input, long end)
                {
                    long sum = 0;
                    using (BufferedBinaryReader reader = new BufferedBinaryReader(input, Encoding.UTF8, leaveOpen: true))
                    {
                        while (reader.Position < end)
                            sum += reader.ReadInt32();
                    }

                    return sum + input.Position;
                }
            }
            """, target);

    [Fact]
    public Task NoFix_PositionReads_WhereTheyCannotBecomeReaderPosition()
    {
        const string Source = """
            using System.IO;

            class C
            {
                void M(string path, long length)
                {
                    var closed = {|SL1002:new BinaryReader(File.OpenRead(path))|};
                    while (closed.BaseStream.Position < length) { closed.ReadInt32(); if (length > 9) closed.Close(); }

                    BinaryReader first = {|SL1002:new BinaryReader(File.OpenRead(path))|}, second = new BinaryReader(File.OpenRead(path));
                    while (first.BaseStream.Position < length) first.ReadInt32();

                    // Disposed by a finally that does not follow the declaration: reader.Position would throw after it.
                    var late = {|SL1002:new BinaryReader(File.OpenRead(path), System.Text.Encoding.UTF8, leaveOpen: true)|};
                    Stream s = late.BaseStream;
                    long end = 0;
                    try { while (s.Position < length) late.ReadInt32(); }
                    finally { late.Dispose(); }
                    end = s.Position;
                }
            }
            """;
        return new Verify.Test(TestTarget.Net80, referenceRuntime: false) { TestCode = Source + RuntimeWithPosition, FixedCode = Source + RuntimeWithPosition }.RunAsync();
    }

    /// <summary>Over a caller's stream the fix counts on a runtime that reads nothing ahead from a stream that cannot
    /// seek (a GZipStream, a pipe); an older runtime, recognised by its reader having no Position, gets no fix there.</summary>
    [Fact]
    public Task NoFix_CallersStream_WithARuntimeThatMayReadAheadOfAStreamThatCannotSeek()
    {
        const string Source = """
            using System.IO;
            using System.Text;

            namespace Streamline.Runtime
            {
                public sealed class BufferedBinaryReader : BinaryReader
                {
                    public BufferedBinaryReader(Stream input) : base(input) { }
                    public BufferedBinaryReader(Stream input, Encoding encoding, bool leaveOpen) : base(input, encoding, leaveOpen) { }
                }
            }

            class C
            {
                long Parse(Stream input, int count)
                {
                    long sum = 0;
                    using (var reader = {|SL1102:new BinaryReader(input, Encoding.UTF8, leaveOpen: true)|})
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum;
                }
            }
            """;
        return new Verify.Test(TestTarget.Net80, referenceRuntime: false) { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Fact]
    public Task NoFix_PositionReads_WhileTheRuntimeHasNoReaderPosition()
    {
        const string Source = """
            using System.IO;

            namespace Streamline.Runtime
            {
                public sealed class BufferedBinaryReader : BinaryReader
                {
                    public BufferedBinaryReader(Stream input) : base(input) { }
                }
            }

            class C
            {
                long M(string path, long length)
                {
                    using var reader = {|SL1002:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    while (reader.BaseStream.Position < length) sum += reader.ReadInt32();
                    return sum;
                }
            }
            """;
        return new Verify.Test(TestTarget.Net80, referenceRuntime: false) { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Fact]
    public Task NoFix_WithoutRuntimeReference()
    {
        const string Source = """
            using System.IO;

            class C
            {
                void M(string path)
                {
                    using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};
                    while (true) reader.ReadInt32();
                }
            }
            """;
        return new Verify.Test(TestTarget.Net80, referenceRuntime: false) { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Theory]
    [InlineData(TestTarget.Net472)]
    [InlineData(TestTarget.NetStandard20)]
    public Task Fix_OnOlderTargets(TestTarget target)
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                int M(string path)
                {
                    using (var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|})
                    {
                        int sum = 0;
                        for (int i = 0; i < 1000; i++) sum += reader.ReadUInt16();
                        return sum;
                    }
                }
            }
            """, """
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                int M(string path)
                {
                    using (var reader = new BufferedBinaryReader(File.OpenRead(path)))
                    {
                        int sum = 0;
                        for (int i = 0; i < 1000; i++) sum += reader.ReadUInt16();
                        return sum;
                    }
                }
            }
            """, target);

    [Fact]
    public Task Quiet_WhereThereIsNothingToWin()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class Derived : BinaryReader { public Derived(Stream s) : base(s) { } }

            class C
            {
                BinaryReader _field = new BinaryReader(Stream.Null);

                void M(string path, byte[] data, BinaryReader parameter)
                {
                    // Reads outside loops.
                    var once = new BinaryReader(File.OpenRead(path));
                    once.ReadInt32();
                    parameter.ReadInt32();

                    // Over a stream already served from memory.
                    var memory = new BinaryReader(new MemoryStream(data));
                    for (int i = 0; i < 1000; i++) memory.ReadInt32();
                    Stream inMemory = new MemoryStream(data);
                    var overLocal = new BinaryReader(inMemory);
                    for (int i = 0; i < 1000; i++) overLocal.ReadInt32();

                    // Bulk reads are already efficient.
                    var bulk = new BinaryReader(File.OpenRead(path));
                    for (int i = 0; i < 1000; i++) bulk.ReadBytes(4096);

                    // Read only in the pass that leaves the loop: once, not per pass.
                    var trailer = new BinaryReader(File.OpenRead(path));
                    for (int i = 0; i < 1000; i++)
                    {
                        if (data[i] == 0)
                        {
                            trailer.ReadInt32();
                            break;
                        }
                    }

                    // BaseStream handed out on every pass: the buffered reader would drop its buffer each time.
                    var positioned = new BinaryReader(File.OpenRead(path));
                    while (positioned.BaseStream.Position < positioned.BaseStream.Length) positioned.ReadInt32();
                    var aliased = new BinaryReader(File.OpenRead(path));
                    Stream alias = aliased.BaseStream;
                    while (alias.Position < alias.Length) aliased.ReadInt32();

                    // A field, a subclass, a reader read only in a lambda defined in the loop.
                    for (int i = 0; i < 1000; i++) _field.ReadInt32();
                    var derived = new Derived(File.OpenRead(path));
                    for (int i = 0; i < 1000; i++) derived.ReadInt32();
                    var deferred = new BinaryReader(File.OpenRead(path));
                    for (int i = 0; i < 1000; i++) { System.Func<int> f = () => deferred.ReadInt32(); }
                }
            }
            """);

    // The false positives found on real parsers (docs/real-world.md): a few passes fixed by constants (a varint's bytes,
    // a fixed header table, padding to four bytes), a pass that seeks past each chunk, a stream of a type of its own.
    [Fact]
    public Task Quiet_InFewFixedPasses_PassesThatMoveTheStream_AndStreamsOfTheirOwnType()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;
            using System.IO.Compression;

            class C
            {
                static int VarInt(BinaryReader br)
                {
                    int value = 0;
                    for (int n = 0; n < 4; n++)
                    {
                        byte b = br.ReadByte();
                        value = (value << 7) | (b & 0x7F);
                        if ((b & 0x80) == 0) break;
                    }

                    return value;
                }

                static ulong Multi(BinaryReader reader)
                {
                    byte last = reader.ReadByte();
                    ulong output = last & 0x7FUL;
                    var i = 0;
                    while ((last & 0x80) != 0)
                    {
                        if (++i >= 9)
                            throw new InvalidDataException();
                        last = reader.ReadByte();
                        output |= (last & 0x7FUL) << (i * 7);
                    }

                    return output;
                }

                static ulong Clamped(BinaryReader reader, int maxBytes = 9)
                {
                    if (maxBytes > 9)
                        maxBytes = 9;

                    byte last = reader.ReadByte();
                    ulong output = last & 0x7FUL;
                    var i = 0;
                    while ((last & 0x80) != 0)
                    {
                        if (++i >= maxBytes)
                            throw new InvalidDataException();
                        last = reader.ReadByte();
                        output |= (last & 0x7FUL) << (i * 7);
                    }

                    return output;
                }

                static int Min(BinaryReader reader, int count)
                {
                    int sum = 0;
                    count = System.Math.Min(count, 16);
                    for (int i = 0; i < count; i++)
                        sum += reader.ReadInt32();
                    return sum;
                }

                static void Header(string path, long start)
                {
                    using var reader = new BinaryReader(File.OpenRead(path));
                    uint[] table = new uint[109];
                    for (int i = 0; i < 109; ++i)
                        table[i] = reader.ReadUInt32();
                    int pad = (int)(reader.BaseStream.Position - start) % 4;
                    for (int i = 0; i < pad; i++)
                        reader.ReadByte();
                }

                static void Chunks(BinaryReader br, Stream stream)
                {
                    while (br.BaseStream.Position < 1000)
                    {
                        uint id = br.ReadUInt32();
                        uint size = br.ReadUInt32();
                        br.BaseStream.Seek(size, SeekOrigin.Current);
                    }

                    var reader = new BinaryReader(stream);
                    while (true)
                    {
                        if (reader.ReadInt32() == 0) return;
                        stream.Position += reader.ReadInt32();
                    }
                }

                // glTF's chunk loop: a length, a tag, then the payload itself, on every pass.
                static byte[] Chunk(BinaryReader binaryReader, uint format)
                {
                    while (true)
                    {
                        uint chunkLength = binaryReader.ReadUInt32();
                        if ((chunkLength & 3) != 0)
                            throw new InvalidDataException();
                        uint chunkFormat = binaryReader.ReadUInt32();
                        var data = binaryReader.ReadBytes((int)chunkLength);
                        if (chunkFormat == format) return data;
                    }
                }

                static long Blocks(BinaryReader reader, byte[] buffer)
                {
                    long sum = 0;
                    while (sum >= 0)
                    {
                        int size = reader.ReadInt32();
                        sum += reader.BaseStream.Read(buffer, 0, size);
                    }

                    return sum;
                }

                static long Compressed(Stream input, string path)
                {
                    var reader = new BinaryReader(new GZipStream(input, CompressionMode.Decompress));
                    long sum = 0;
                    while (sum >= 0) sum += reader.ReadInt32();
                    var decompressed = new BinaryReader(new GZipStream(File.OpenRead(path), CompressionMode.Decompress));
                    while (sum >= 0) sum += decompressed.ReadInt32();
                    return sum;
                }

                static long OverASocket(System.Net.Sockets.Socket socket)
                {
                    var reader = new BinaryReader(new System.Net.Sockets.NetworkStream(socket, ownsSocket: false));
                    long sum = 0;
                    while (sum >= 0) sum += reader.ReadInt32();
                    return sum;
                }
            }
            """);

    [Fact]
    public Task StillReported_WhereTheFixedPassesRunInALoop_OrAreMany_OrTheCounterIsNotPlain()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class C
            {
                // A block of constant size, or a payload read only on some passes: the small reads still dominate.
                static long Records(BinaryReader records, bool names)
                {
                    long sum = 0;
                    while (sum >= 0)
                    {
                        sum += {|SL1102:records.ReadInt32()|};
                        sum += records.ReadBytes(4).Length;
                        int length = records.ReadByte();
                        if (names)
                            sum += records.ReadBytes(length).Length;
                    }

                    return sum;
                }

                static void Nested(BinaryReader br, int records)
                {
                    for (int r = 0; r < records; r++)
                        for (int n = 0; n < 4; n++)
                            {|SL1102:br.ReadByte()|};
                }

                static void Many(BinaryReader many)
                {
                    for (int i = 0; i < 100000; i++)
                        {|SL1102:many.ReadInt32()|};
                }

                static void Moved(BinaryReader moved)
                {
                    for (int i = 0; i < 4; i++)
                    {
                        {|SL1102:moved.ReadInt32()|};
                        i--;
                    }
                }

                static int ClampedOnOnePathOnly(BinaryReader clamped, int count, bool small)
                {
                    int sum = 0;
                    if (small)
                    {
                        if (count > 16)
                            count = 16;
                    }

                    for (int i = 0; i < count; i++)
                        sum += {|SL1102:clamped.ReadInt32()|};
                    return sum;
                }

                static void Sometimes(BinaryReader sometimes, bool skip)
                {
                    var i = 0;
                    while (true)
                    {
                        if (i >= 9)
                            break;
                        {|SL1102:sometimes.ReadByte()|};
                        if (skip) i++;
                    }
                }
            }
            """);

    [Fact]
    public Task Quiet_InGeneratedCode()
        => Verify.VerifyAnalyzerAsync("""
            // <auto-generated/>
            using System.IO;

            class C
            {
                void M(string path) { var r = new BinaryReader(File.OpenRead(path)); while (true) r.ReadInt32(); }
            }
            """);

    [Theory]
    [InlineData("void M(string p) { var r = new BinaryReader(File.OpenRead(p)); while (true) r.ReadInt32(")]
    [InlineData("void M(string p) { var r = new BinaryReader(); while (true) r.ReadInt32(); }")]
    [InlineData("void M(string p) { var r = new BinaryReader(File.OpenRead(p)); while (true) r.ReadInt99(); }")]
    [InlineData("void M(string p) { var r = new BinaryReader(x); for (;;) r.ReadInt32(); }")]
    [InlineData("void M(BinaryReader r) { for (;;) r.ReadInt32(); } void N() { r.ReadInt32(); }")]
    [InlineData("void M(string p) { BinaryReader r; r = new BinaryReader(File.OpenRead(p)); while (true) r.ReadInt32(); }")]
    [InlineData("void M(Stream s) { var r = new BinaryReader(s); try { while (true) r.ReadInt32(); } finally { r. } }")]
    [InlineData("void M(Stream s) { var r = new BinaryReader(s); try { while (true) r.ReadInt32(); } }")]
    [InlineData("void M(Stream s) { using (var r = new BinaryReader(s)) while (true) r.ReadInt32() }")]
    [InlineData("void M(Stream s) { using var r = new BinaryReader(s, ); for (;;) { r.ReadInt32(); s. } }")]
    [InlineData("void M(Stream s) { using var r = new BinaryReader(input: s, leaveOpen: true, encoding: null); for (;;) r.ReadInt32(); goto x; }")]
    [InlineData("void M() { using var r = new BinaryReader(_missing); for (;;) { r.ReadInt32(); r.BaseStream.Position.Foo(); } }")]
    public async Task NoCrash_OnHalfTypedCode(string member)
    {
        string source = "using System.IO; class C { " + member + " }";
        AnalyzerRun run = await AnalyzerRunner.RunAsync(new SL1002BufferSmallBinaryReadsAnalyzer(), TestTarget.Net80, source);
        Assert.Empty(run.Exceptions);
    }
}
