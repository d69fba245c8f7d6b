using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1002BufferSmallBinaryReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1002BufferSmallBinaryReadsCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// A reader the method makes whose fix the read-ahead proof refuses: the message names the use that stops it (issue 32:
/// "where the proof fails, the message says which use stops it"), one shape per reason. And objects made while the
/// reader is alive: one with an initializer that holds no stream cannot reach the caller's stream (DBCD's readers make
/// <c>new BitReader(data) { Position = 0 }</c> per record), one whose initializer holds another stream can.
/// </summary>
[Trait("Rule", "SL1002")]
public class SL1002NoFixReasonTests
{
    private const string OverCallersStream = "'reader' reads small values one call at a time in a loop over a stream from a caller this compilation cannot see: ";

    private const string OverFile = "'reader' reads small values one call at a time in a loop over a file: ";

    private const string Counted = " (the data gives the pass count, the stream comes from outside this compilation)";

    private const string CountedFile = " (the data gives the pass count, a file on every path)";

    private static Task NoFix(string source, string message, string id = "SL1102")
        => new Verify.Test
        {
            TestCode = source,
            FixedCode = source,
            ExpectedDiagnostics = { Verify.Diagnostic(id).WithLocation(0).WithMessage(message) },
        }.RunAsync();

    [Fact]
    public Task NotDisposed_OverACallersStream()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(Stream input, int count)
                {
                    var reader = {|#0:new BinaryReader(input)|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    return sum;
                }
            }
            """,
            OverCallersStream + "read them through a BufferedBinaryReader (no fix: 'reader' is not disposed on every path)" + Counted);

    [Fact]
    public Task StreamUsed_WhileTheReaderIsAlive()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(Stream input, int count)
                {
                    using (var reader = {|#0:new BinaryReader(input, System.Text.Encoding.UTF8, true)|})
                    {
                        long sum = 0;
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        sum += input.ReadByte();
                        return sum;
                    }
                }
            }
            """,
            OverCallersStream + "read them through a BufferedBinaryReader (no fix: 'input' is used at line 11)" + Counted);

    [Fact]
    public Task ReaderKept_InAField()
        => NoFix("""
            using System.IO;

            class C
            {
                BinaryReader _last;

                long M(string path, int count)
                {
                    var reader = {|#0:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    _last = reader;
                    return sum;
                }
            }
            """,
            OverFile + "read them through a BufferedBinaryReader (no fix: 'reader' escapes at line 12)" + CountedFile,
            id: "SL1102");

    [Fact]
    public Task ReaderHanded_ToAMethodOfAnotherAssembly()
        => NoFix("""
            using System;
            using System.IO;

            class C
            {
                long M(string path, int count)
                {
                    using var reader = {|#0:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                    GC.KeepAlive(reader);
                    return sum;
                }
            }
            """,
            OverFile + "read them through a BufferedBinaryReader (no fix: it reaches external 'KeepAlive')" + CountedFile);

    [Fact]
    public Task OtherStream_MadeWhileTheReaderIsAlive()
        => NoFix("""
            using System.IO;

            class Holder { public Stream S { get; set; } }

            class C
            {
                long M(Stream input, Stream other, int count)
                {
                    using (var reader = {|#0:new BinaryReader(input, System.Text.Encoding.UTF8, true)|})
                    {
                        long sum = 0;
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        var holder = new Holder { S = other };
                        return sum + holder.S.ReadByte();
                    }
                }
            }
            """,
            OverCallersStream + "read them through a BufferedBinaryReader (no fix: line 13 could reach the caller's stream)" + Counted);

    [Fact]
    public Task NewWrapper_OfTheCallersStream()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(Stream input, int count)
                {
                    using (var reader = {|#0:new BinaryReader(new BufferedStream(input))|})
                    {
                        long sum = 0;
                        for (int i = 0; i < count; i++) sum += reader.ReadInt32();
                        return sum;
                    }
                }
            }
            """,
            OverCallersStream + "read them through a BufferedBinaryReader (no fix: a new wrapper of its stream cannot be put back)" + Counted);

    [Fact]
    public Task GoTo_InTheMethod()
        => NoFix("""
            using System.IO;

            class C
            {
                long M(string path, int count)
                {
                    using var reader = {|#0:new BinaryReader(File.OpenRead(path))|};
                    long sum = 0;
                    int i = 0;
                again:
                    sum += reader.ReadInt32();
                    for (int j = 0; j < count; j++) sum += reader.ReadInt32();
                    if (++i < count) goto again;
                    return sum;
                }
            }
            """,
            OverFile + "read them through a BufferedBinaryReader (no fix: the method uses goto)" + CountedFile);

    /// <summary>DBCD's shape: an object with an initializer that holds no stream, made on every pass while the reader
    /// over the caller's stream is alive, cannot reach that stream.</summary>
    [Fact]
    public Task Fix_WhenAnObjectWithAnInitializerThatHoldsNoStream_IsMadeWhileTheReaderIsAlive()
        => new Verify.Test
        {
            TestCode = """
                using System.IO;
                using System.Text;

                class Cursor { public int Position { get; set; } public byte[] Data { get; set; } }

                class C
                {
                    long M(Stream stream, int count)
                    {
                        using (var reader = {|SL1102:new BinaryReader(stream, Encoding.UTF8)|})
                        {
                            long sum = 0;
                            for (int i = 0; i < count; i++)
                            {
                                var cursor = new Cursor { Position = reader.ReadUInt16(), Data = new byte[4] };
                                sum += reader.ReadInt32() + cursor.Position;
                            }

                            return sum;
                        }
                    }
                }
                """,
            FixedCode = """
                using System.IO;
                using System.Text;
                using Streamline.Runtime;

                class Cursor { public int Position { get; set; } public byte[] Data { get; set; } }

                class C
                {
                    long M(Stream stream, int count)
                    {
                        using (var reader = new BufferedBinaryReader(stream, Encoding.UTF8))
                        {
                            long sum = 0;
                            for (int i = 0; i < count; i++)
                            {
                                var cursor = new Cursor { Position = reader.ReadUInt16(), Data = new byte[4] };
                                sum += reader.ReadInt32() + cursor.Position;
                            }

                            return sum;
                        }
                    }
                }
                """,
        }.RunAsync();
}
