using System.Threading.Tasks;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1006StreamLengthInLoopAnalyzer,
    Streamline.CodeFixes.Rules.SL1006StreamLengthInLoopCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// SL1006 over streams the method does not create (quiet where every origin is in memory), and the loops that read
/// Length only in the pass that leaves them or over a field a call in the loop replaces (see docs/rules/SL1006.md).
/// </summary>
[Trait("Rule", "SL1006")]
public class SL1006StreamOriginTests
{
    private const string Chunks = """
        using System.IO;

        public static class Chunks
        {
            public static int Count(byte[] data) => Count(new MemoryStream(data));

            private static int Count(Stream input)
            {
                int count = 0;
                while (input.Position < LENGTH)
                {
                    input.Seek(input.ReadByte(), SeekOrigin.Current);
                    count++;
                }

                return count;
            }
        """;

    [Fact]
    public Task Quiet_PrivateOverloadOnlyCalledOverAMemoryStream()
        => Verify.VerifyAnalyzerAsync(Chunks.Replace("LENGTH", "input.Length") + "\n}\n");

    [Fact]
    public Task Reported_PrivateOverloadAlsoCalledOverAFile()
        => Verify.VerifyAnalyzerAsync(Chunks.Replace("LENGTH", "{|SL1106:input.Length|}") + """

                public static int CountFile(string path)
                {
                    using var file = File.OpenRead(path);
                    return Count(file);
                }
            }
            """);

    [Fact]
    public Task Quiet_LengthReadOnlyInThePassThatLeaves()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class Frames
            {
                int Count(Stream input, byte[] frame)
                {
                    int frames = 0;
                    while (true)
                    {
                        int read = input.Read(frame, 0, frame.Length);
                        if (read < frame.Length)
                        {
                            if (input.Position != input.Length)
                                throw new InvalidDataException("truncated frame");
                            break;
                        }

                        frames++;
                    }

                    return frames;
                }

                long Once(Stream input)
                {
                    long remaining = 0;
                    for (int i = 0; i < int.MaxValue; i++)
                    {
                        input.ReadByte();
                        remaining = input.Length - input.Position;
                        break;
                    }

                    return remaining;
                }
            }
            """);

    [Fact]
    public Task Reported_LengthReadInABranchThatDoesNotLeave()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class Frames
            {
                int Count(Stream input, byte[] frame)
                {
                    int frames = 0;
                    while (input.ReadByte() >= 0)
                    {
                        if (frames % 2 == 0)
                        {
                            if (input.Position + 4 > {|SL1106:input.Length|})
                                frames--;
                        }

                        frames++;
                    }

                    return frames;
                }
            }
            """);

    [Fact]
    public Task Quiet_StreamFieldThatAMethodCalledInTheLoopReplaces()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class Volumes
            {
                private Stream _stream;
                private readonly string[] _paths;
                private int _index;

                public Volumes(string[] paths)
                {
                    _paths = paths;
                    _stream = File.OpenRead(paths[0]);
                }

                public long Skip(long count)
                {
                    long skipped = 0;
                    while (skipped < count && _stream.Position < _stream.Length)
                    {
                        _stream.ReadByte();
                        skipped++;
                        if (_stream.Position == 4096)
                            NextVolume();
                    }

                    return skipped;
                }

                private void NextVolume()
                {
                    _stream.Dispose();
                    _stream = File.OpenRead(_paths[++_index]);
                }
            }
            """);

    [Fact]
    public Task Reported_StreamFieldNoCallInTheLoopReplaces()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class Volumes
            {
                private Stream _stream;

                public Volumes(string path) => _stream = File.OpenRead(path);

                public long Skip(long count)
                {
                    long skipped = 0;
                    while (skipped < count && _stream.Position < {|SL1006:_stream.Length|})
                    {
                        _stream.ReadByte();
                        skipped++;
                        Log(skipped);
                    }

                    return skipped;
                }

                private void Log(long skipped) { }

                public void Reopen(string path) => _stream = File.OpenRead(path);
            }
            """);
}
