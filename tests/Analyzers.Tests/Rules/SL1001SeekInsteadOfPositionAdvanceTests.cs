using System.Threading.Tasks;
using Streamline.Analyzers.Rules;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1001SeekInsteadOfPositionAdvanceAnalyzer,
    Streamline.CodeFixes.Rules.SL1001SeekInsteadOfPositionAdvanceCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

[Trait("Rule", "SL1001")]
public class SL1001SeekInsteadOfPositionAdvanceTests
{
    internal const string ReadSkipLoop = """
        using System.IO;

        class C
        {
            long Sum(string path)
            {
                using var stream = File.OpenRead(path);
                byte[] record = new byte[4];
                long sum = 0;
                int n;
                while ((n = stream.Read(record, 0, record.Length)) > 0)
                {
                    sum += record[0];
                    {|SL1001:stream.Position += 3|};
                }

                return sum + stream.Position;
            }
        }
        """;

    internal const string ReadSkipLoopWithSkipReader = """
        using System.IO;
        using Streamline.Runtime;

        class C
        {
            long Sum(string path)
            {
                using var stream = File.OpenRead(path);
                byte[] record = new byte[4];
                long sum = 0;
                int n;
                using (var skipReader = new SkipReader(stream, leaveOpen: true))
                {
                    while ((n = skipReader.Read(record, 0, record.Length)) > 0)
                    {
                        sum += record[0];
                        skipReader.Skip(3);
                    }
                }

                return sum + stream.Position;
            }
        }
        """;

    [Theory]
    [InlineData(TestTarget.Net80)]
    [InlineData(TestTarget.NetStandard20)]
    [InlineData(TestTarget.Net472)]
    public Task Fix_ReadThenSkipLoop_RunsOverSkipReader(TestTarget target)
        => Verify.VerifyCodeFixAsync(ReadSkipLoop, ReadSkipLoopWithSkipReader, target);

    [Theory]
    [InlineData(TestTarget.Net80)]
    [InlineData(TestTarget.Net472)]
    public Task Fix_ReadThenSkipLoop_RunsOverTheGeneratedSkipReader(TestTarget target)
        => new Verify.Test(target, referenceRuntime: false) { GeneratedRuntime = true, TestCode = ReadSkipLoop, FixedCode = ReadSkipLoopWithSkipReader }.RunAsync();

    [Theory]
    [InlineData(TestTarget.NetStandard20)]
    [InlineData(TestTarget.Net472)]
    public Task Fix_ReadThenSkipLoop_OnOlderTargetsAlsoOffersSeek(TestTarget target)
        => new Verify.Test(target)
        {
            TestCode = ReadSkipLoop,
            FixedCode = ReadSkipLoop.Replace("{|SL1001:stream.Position += 3|}", "stream.Seek(3, SeekOrigin.Current)", System.StringComparison.Ordinal),
            CodeActionEquivalenceKey = "SL1001.UseSeek",
            CodeActionIndex = 1,
        }.RunAsync();

    private const string ReaderSite = """
            long Sum(string path)
            {
                using var stream = File.OpenRead(path);
                byte[] record = new byte[4];
                long sum = 0;
                while (stream.Read(record, 0, record.Length) > 0)
                {
                    sum += record[0];
                    {|SL1001:stream.Position += 3|};
                }

                return sum;
            }
        """;

    private const string ReaderSiteFixed = """
            long Sum(string path)
            {
                using var stream = File.OpenRead(path);
                byte[] record = new byte[4];
                long sum = 0;
                using (var skipReader = new SkipReader(stream, leaveOpen: true))
                {
                    while (skipReader.Read(record, 0, record.Length) > 0)
                    {
                        sum += record[0];
                        skipReader.Skip(3);
                    }
                }

                return sum;
            }
        """;

    private const string SeekOnlySite = """
            long Headers(string path, int count)
            {
                var stream = File.OpenRead(path);
                long sum = 0;
                for (int i = 0; i < count; i++)
                {
                    sum += stream.ReadByte();
                    {|SL1101:stream.Position += 7|};
                }

                return sum;
            }
        """;

    private const string SeekOnlySiteFixed = """
            long Headers(string path, int count)
            {
                var stream = File.OpenRead(path);
                long sum = 0;
                for (int i = 0; i < count; i++)
                {
                    sum += stream.ReadByte();
                    stream.Seek(7, SeekOrigin.Current);
                }

                return sum;
            }
        """;

    /// <summary>
    /// A document with a loop the reader can take over and a loop only Seek can fix: Fix All (and so one
    /// <c>dotnet format</c> run, which takes the first action of the first diagnostic and fixes all under its key) gives
    /// each site its first action, whichever site comes first, exactly as fixing the sites one by one does.
    /// </summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public Task FixAll_GivesEverySiteItsFirstAction_ReaderAndSeekSitesMixed(bool readerFirst)
    {
        static string Class(string first, string second) => "using System.IO;\n\nclass C\n{\n" + first + "\n\n" + second + "\n}\n";
        return new Verify.Test(TestTarget.Net472)
        {
            TestCode = readerFirst ? Class(ReaderSite, SeekOnlySite) : Class(SeekOnlySite, ReaderSite),
            FixedCode = (readerFirst ? Class(ReaderSiteFixed, SeekOnlySiteFixed) : Class(SeekOnlySiteFixed, ReaderSiteFixed))
                .Replace("using System.IO;\n", "using System.IO;\nusing Streamline.Runtime;\n", System.StringComparison.Ordinal),
        }.RunAsync();
    }

    /// <summary>A Seek-only advance of another stream inside a loop the reader takes over: Fix All makes both edits in
    /// the one new loop, as fixing the two sites one after the other does.</summary>
    [Fact]
    public Task FixAll_SeeksInsideTheLoopTheReaderTakesOver()
        => new Verify.Test(TestTarget.Net472)
        {
            TestCode = """
                using System.IO;

                class C
                {
                    long Sum(string path)
                    {
                        using var stream = File.OpenRead(path);
                        var index = File.OpenRead(path + ".idx");
                        byte[] record = new byte[4];
                        long sum = 0;
                        while (stream.Read(record, 0, record.Length) > 0)
                        {
                            sum += record[0] + index.ReadByte();
                            {|SL1001:index.Position += 1|};
                            {|SL1001:stream.Position += 3|}; // the rest of the record
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
                    long Sum(string path)
                    {
                        using var stream = File.OpenRead(path);
                        var index = File.OpenRead(path + ".idx");
                        byte[] record = new byte[4];
                        long sum = 0;
                        using (var skipReader = new SkipReader(stream, leaveOpen: true))
                        {
                            while (skipReader.Read(record, 0, record.Length) > 0)
                            {
                                sum += record[0] + index.ReadByte();
                                index.Seek(1, SeekOrigin.Current);
                                skipReader.Skip(3); // the rest of the record
                            }
                        }

                        return sum;
                    }
                }
                """,
        }.RunAsync();

    [Fact]
    public Task Fix_EveryAdvanceShape_AndSkipsInNestedStatements()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                int M(string path, byte[] buffer)
                {
                    var stream = new FileStream(path, FileMode.Open, FileAccess.Read);
                    int count = 0;
                    while (stream.Read(buffer, 0, 8) != 0)
                    {
                        count++;
                        if (buffer[0] == 1)
                            {|SL1101:stream.Position++|};
                        else
                            {|SL1101:stream.Position = stream.Position + 2|};
                        {|SL1101:stream.Position += buffer[1]|} /* length */;
                        {|SL1101:stream.Position += (ushort)count|};
                    }

                    stream.Dispose();
                    return count;
                }
            }
            """, """
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                int M(string path, byte[] buffer)
                {
                    var stream = new FileStream(path, FileMode.Open, FileAccess.Read);
                    int count = 0;
                    using (var skipReader = new SkipReader(stream, leaveOpen: true))
                    {
                        while (skipReader.Read(buffer, 0, 8) != 0)
                        {
                            count++;
                            if (buffer[0] == 1)
                                skipReader.Skip(1);
                            else
                                skipReader.Skip(2);
                            skipReader.Skip(buffer[1]) /* length */;
                            skipReader.Skip((ushort)count);
                        }
                    }

                    stream.Dispose();
                    return count;
                }
            }
            """);

    [Fact]
    public Task Fix_PicksAFreeName()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                void M(string path, byte[] buffer)
                {
                    object skipReader = null;
                    using (FileStream stream = File.Open(path, FileMode.Open))
                    {
                        while (stream.Read(buffer, 0, buffer.Length) > 0)
                            {|SL1001:stream.Position += 16|};
                    }
                }
            }
            """, """
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                void M(string path, byte[] buffer)
                {
                    object skipReader = null;
                    using (FileStream stream = File.Open(path, FileMode.Open))
                    {
                        using (var skipReader1 = new SkipReader(stream, leaveOpen: true))
                        {
                            while (skipReader1.Read(buffer, 0, buffer.Length) > 0)
                                skipReader1.Skip(16);
                        }
                    }
                }
            }
            """);

    private const string SeekShapes = """
            using System.IO;

            class C
            {
                void M(string path, int count)
                {
                    var stream = File.OpenRead(path);
                    var reader = new BinaryReader(File.OpenRead(path));
                    for (int i = 0; i < count; i++)
                    {
                        stream.ReadByte();
                        {|SL1101:stream.Position += 3|};
                        {|SL1101:stream.Position++|};
                        {|SL1101:stream.Position = stream.Position + 2L|};
                        ushort skip = reader.ReadUInt16();
                        {|SL1101:reader.BaseStream.Position += skip|};
                    }
                }
            }
            """;

    private const string SeekShapesFixed = """
            using System.IO;

            class C
            {
                void M(string path, int count)
                {
                    var stream = File.OpenRead(path);
                    var reader = new BinaryReader(File.OpenRead(path));
                    for (int i = 0; i < count; i++)
                    {
                        stream.ReadByte();
                        stream.Seek(3, SeekOrigin.Current);
                        stream.Seek(1, SeekOrigin.Current);
                        stream.Seek(2L, SeekOrigin.Current);
                        ushort skip = reader.ReadUInt16();
                        reader.BaseStream.Seek(skip, SeekOrigin.Current);
                    }
                }
            }
            """;

    [Theory]
    [InlineData(TestTarget.NetStandard20)]
    [InlineData(TestTarget.Net472)]
    public Task Fix_SeekOnOlderTargets_ForEveryForwardShape(TestTarget target)
        => Verify.VerifyCodeFixAsync(SeekShapes, SeekShapesFixed, target);

    /// <summary>A project built for net48 and net8.0: its net8.0 build reports and fixes what its net48 build does, so
    /// the fixes of the two builds are the same text.</summary>
    [Theory]
    [InlineData("net48;net8.0")]
    [InlineData("netstandard2.0;net10.0")]
    public Task Fix_SeekOnModernDotNet_WhenTheProjectAlsoTargetsAnOlderRuntime(string targetFrameworks)
    {
        var test = new Verify.Test(TestTarget.Net80) { TestCode = SeekShapes, FixedCode = SeekShapesFixed };
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\nbuild_property.StreamlineTargetFrameworks = " + targetFrameworks.Replace(';', ',') + "\n"));
        return test.RunAsync();
    }

    [Fact]
    public Task Quiet_OnModernDotNet_WhenEveryTargetIsModern()
    {
        var test = new Verify.Test(TestTarget.Net80) { TestCode = SeekShapes.Replace("{|SL1101:", "").Replace("|}", "") };
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\nbuild_property.StreamlineTargetFrameworks = net8.0,net10.0\n"));
        return test.RunAsync();
    }

    /// <summary>
    /// The message names what the site's fix does, and where there is none, what to do by hand: a Stream parameter is
    /// never told "SkipReader, or call Seek" with no action behind it, and .NET 10 (reader only) never mentions Seek.
    /// </summary>
    [Theory]
    [InlineData(TestTarget.Net80, "SL1001AdviceReader")]
    [InlineData(TestTarget.Net472, "SL1001AdviceReaderOrSeek")]
    public Task Message_SaysWhatTheFixDoes_AtAReaderSite(TestTarget target, string advice)
        => new Verify.Test(target)
        {
            TestCode = ReadSkipLoop.Replace("{|SL1001:stream.Position += 3|}", "{|#0:stream.Position += 3|}", System.StringComparison.Ordinal),
            ExpectedDiagnostics = { Verify.Diagnostic("SL1001").WithLocation(0).WithArguments("stream.Position", Resources.Get(advice), EvidenceText.Costly(EvidenceText.Length, "a file")) },
            FixedCode = ReadSkipLoopWithSkipReader,
        }.RunAsync();

    [Fact]
    public Task Message_SaysWhatToDoByHand_WhereNoFixIsOffered_AndSeekWhereThatIsTheFix()
    {
        const string Source = """
            using System.IO;

            class C
            {
                void M(Stream parameter, string path)
                {
                    var stream = File.OpenRead(path);
                    for (int i = 0; i < 10; i++)
                    {
                        {|#0:parameter.Position += 4|};
                        {|#1:stream.Position += 4|};
                    }
                }
            }
            """;
        return new Verify.Test(TestTarget.Net472)
        {
            TestCode = Source,
            ExpectedDiagnostics =
            {
                // Ten passes by a constant: suggestions (SL1101), whatever the stream.
                Verify.Diagnostic("SL1101").WithLocation(0).WithArguments("parameter.Position", Resources.Get("SL1001AdviceNone"), EvidenceText.Unseen(EvidenceText.Few)),
                Verify.Diagnostic("SL1101").WithLocation(1).WithArguments("stream.Position", Resources.Get("SL1001AdviceSeek"), EvidenceText.Costly(EvidenceText.Few, "a file")),
            },
            FixedState =
            {
                Sources = { Source.Replace("{|#1:stream.Position += 4|}", "stream.Seek(4, SeekOrigin.Current)", System.StringComparison.Ordinal) },
                ExpectedDiagnostics = { Verify.Diagnostic("SL1101").WithLocation(0).WithArguments("parameter.Position", Resources.Get("SL1001AdviceNone"), EvidenceText.Unseen(EvidenceText.Few)) },
            },
        }.RunAsync();
    }

    [Fact]
    public Task NoFix_OnOlderTargets_WhereSeekCouldDiffer()
    {
        const string Source = """
            using System.IO;

            class C
            {
                long M(Stream parameter, string path, int length, FileStream unknown)
                {
                    var stream = File.OpenRead(path);
                    long last = 0;
                    for (int i = 0; i < 10; i++)
                    {
                        {|SL1101:parameter.Position += 4|};         // could be any Stream subclass
                        {|SL1101:unknown.Position += 4|};           // could be a FileStream subclass
                        {|SL1101:stream.Position += length|};       // may be negative: the setter and Seek throw different exceptions
                        {|SL1101:stream.Position -= 4|};            // may go before the start
                        {|SL1101:stream.Position--|};
                        last = {|SL1101:stream.Position += 4|};     // the value is used
                        {|SL1101:stream.Position += (ushort)stream.ReadByte()|}; // Position is read before the offset moves it
                    }

                    return last;
                }
            }
            """;
        return new Verify.Test(TestTarget.Net472) { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Fact]
    public Task NoReaderFix_WhenTheLoopOrOtherCodeCanReachTheStream()
    {
        const string Source = """
            using System;
            using System.IO;
            using System.Threading.Tasks;

            class C
            {
                static void Keep(Stream s) { }

                async Task M(string path, byte[] buffer, int skip)
                {
                    var used = File.OpenRead(path);
                    while (used.Read(buffer, 0, 4) > 0) { {|SL1001:used.Position += 3|}; Console.WriteLine(used.Length); }

                    var passed = File.OpenRead(path);
                    Keep(passed);
                    while (passed.Read(buffer, 0, 4) > 0) {|SL1001:passed.Position += 3|};

                    var captured = File.OpenRead(path);
                    Func<long> position = () => captured.Position;
                    while (captured.Read(buffer, 0, 4) > 0) {|SL1001:captured.Position += 3|};

                    var awaited = File.OpenRead(path);
                    while (awaited.Read(buffer, 0, 4) > 0) { await Task.Yield(); {|SL1001:awaited.Position += 3|}; }

                    var variable = File.OpenRead(path);
                    while (variable.Read(buffer, 0, 4) > 0) {|SL1101:variable.Position += skip|};

                    Stream parameterLike = new BufferedStream(File.OpenRead(path));
                    while (parameterLike.Read(buffer, 0, 4) > 0) {|SL1001:parameterLike.Position += 3|};

                    var overHandle = new FileStream(used.SafeFileHandle, FileAccess.Read);
                    while (overHandle.Read(buffer, 0, 4) > 0) {|SL1001:overHandle.Position += 3|};
                }
            }
            """;
        // Seek is still offered where it is provably the same, and is then each site's first action; the reader fix is
        // never offered, so every other loop stays as it was.
        return new Verify.Test(TestTarget.Net472)
        {
            TestCode = Source,
            FixedCode = Source
                .Replace("{|SL1001:used.Position += 3|}", "used.Seek(3, SeekOrigin.Current)", System.StringComparison.Ordinal)
                .Replace("{|SL1001:passed.Position += 3|}", "passed.Seek(3, SeekOrigin.Current)", System.StringComparison.Ordinal)
                .Replace("{|SL1001:captured.Position += 3|}", "captured.Seek(3, SeekOrigin.Current)", System.StringComparison.Ordinal)
                .Replace("{|SL1001:awaited.Position += 3|}", "awaited.Seek(3, SeekOrigin.Current)", System.StringComparison.Ordinal),
            FixedState = { MarkupHandling = Microsoft.CodeAnalysis.Testing.MarkupMode.Allow }, // the three left unfixed
            CodeActionEquivalenceKey = "SL1001.SkipReaderOrSeek",
        }.RunAsync();
    }

    [Fact]
    public Task Quiet_OnModernDotNet_UnlessTheReaderCanTakeOver()
        => Verify.VerifyAnalyzerAsync("""
            using System;
            using System.IO;

            class C
            {
                void M(Stream parameter, string path, byte[] buffer)
                {
                    var stream = File.OpenRead(path);
                    for (int i = 0; i < 10; i++)
                    {
                        stream.ReadByte();
                        stream.Position += 3;
                        parameter.Position += 3;
                    }

                    var used = File.OpenRead(path);
                    while (used.Read(buffer, 0, 4) > 0) { used.Position += 3; Console.WriteLine(used.Length); }
                }
            }
            """);

    [Fact]
    public Task Quiet_WhereThereIsNothingToWin()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class C
            {
                long _position;
                long Position { get; set; }

                void M(string path, byte[] data)
                {
                    var stream = File.OpenRead(path);
                    stream.Position += 3;                   // not in a loop
                    var memory = new MemoryStream(data);
                    for (int i = 0; i < 10; i++)
                    {
                        memory.Position += 3;               // served from memory
                        Position += 3;                      // not a stream
                        _position += 3;
                        stream.Position = 12;               // not an advance
                        System.Action a = () => stream.Position += 3; // in a lambda, not the loop
                        if (data[i] == 0)
                        {
                            stream.Position += 4;           // only in the pass that leaves the loop
                            break;
                        }
                    }
                }
            }
            """, TestTarget.Net472);

    [Theory]
    [InlineData(TestTarget.Net472)]
    [InlineData(TestTarget.NetStandard20)]
    [InlineData(TestTarget.Net80)]
    public Task Quiet_OverStreamsProvablyInMemory(TestTarget target)
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class C
            {
                int M(byte[] vertices, byte[] data, int stride)
                {
                    int sum = 0;
                    var vertexReader = new BinaryReader(new MemoryStream(vertices));
                    for (int i = 0; i < 10; i++)
                    {
                        sum += vertexReader.ReadInt32();
                        vertexReader.BaseStream.Position += stride;
                    }

                    Stream local = new MemoryStream(data);
                    var localReader = new BinaryReader(local);
                    for (int i = 0; i < 10; i++)
                    {
                        local.Position += 4;
                        localReader.BaseStream.Position++;
                    }

                    return sum;
                }
            }
            """, target);

    [Fact]
    public Task Quiet_InGeneratedCode()
        => Verify.VerifyAnalyzerAsync("""
            // <auto-generated/>
            using System.IO;

            class C
            {
                void M(string p, byte[] b) { var s = File.OpenRead(p); while (s.Read(b, 0, 4) > 0) s.Position += 3; }
            }
            """);

    [Fact]
    public Task NoFix_WithoutRuntimeReference_OnModernDotNet()
    {
        const string Source = """
            using System.IO;

            class C
            {
                void M(string p, byte[] b) { var s = File.OpenRead(p); while (s.Read(b, 0, 4) > 0) {|SL1001:s.Position += 3|}; }
            }
            """;
        return new Verify.Test(TestTarget.Net80, referenceRuntime: false) { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Fact]
    public Task Fix_TopLevelStatements()
        => new Verify.Test(TestTarget.Net80)
        {
            TestState = { OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication, Sources = { """
                using System.IO;

                var stream = File.OpenRead(args[0]);
                var buffer = new byte[2];
                while (stream.Read(buffer, 0, 2) > 0)
                    {|SL1001:stream.Position += 6|};
                """ } },
            FixedState = { Sources = { """
                using System.IO;
                using Streamline.Runtime;

                var stream = File.OpenRead(args[0]);
                var buffer = new byte[2];
                using (var skipReader = new SkipReader(stream, leaveOpen: true))
                {
                    while (skipReader.Read(buffer, 0, 2) > 0)
                        skipReader.Skip(6);
                }
                """ } },
        }.RunAsync();

    [Theory]
    [InlineData("void M(string p, byte[] b) { var s = File.OpenRead(p); while (s.Read(b, 0, 4) > 0) s.Position += ")]
    [InlineData("void M(string p, byte[] b) { var s = File.OpenRead(p); while ((n = s.Read(b, 0, 4)) > 0) s.Position += 3; }")]
    [InlineData("void M(string p, byte[] b) { var s = File.OpenRead(); while (s.Read(b) > 0) s.Position += x; }")]
    [InlineData("void M(string p, byte[] b) { FileStream s; while (s.Read(b, 0, 4) > 0) s.Position++; }")]
    [InlineData("void M(string p, byte[] b) { var s = File.OpenRead(p); while (s.Read(b, 0, 4) > 0) s.Position = s.Position + ; }")]
    [InlineData("void M(string p, byte[] b) { var s = File.OpenRead(p); while (s.Read(b, 0, 4) > 0) q.BaseStream.Position += 3; }")]
    [InlineData("void M(string p, byte[] b) { var s = File.OpenRead(p); while () s.Position += 3; }")]
    public async Task NoCrash_OnHalfTypedCode(string member)
    {
        string source = "using System.IO; class C { " + member + " }";
        foreach (TestTarget target in new[] { TestTarget.Net80, TestTarget.Net472 })
        {
            AnalyzerRun run = await AnalyzerRunner.RunAsync(new SL1001SeekInsteadOfPositionAdvanceAnalyzer(), target, source);
            Assert.Empty(run.Exceptions);
        }
    }
}
