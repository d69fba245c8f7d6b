using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1006StreamLengthInLoopAnalyzer,
    Streamline.CodeFixes.Rules.SL1006StreamLengthInLoopCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

[Trait("Rule", "SL1006")]
public class SL1006StreamLengthInLoopTests
{
    // With SL1002 turned off, the fix reads Length once and leaves the reader as it is.
    [Fact]
    public Task Fix_TheIssueLoop_ThroughReaderBaseStream()
        => VerifyWithConfigAsync("dotnet_diagnostic.SL1002.severity = none\n", """
            using System.IO;

            class C
            {
                long Sum(string path)
                {
                    using var reader = new BinaryReader(File.OpenRead(path));
                    long sum = 0;
                    // read to the end
                    while (reader.BaseStream.Position < {|SL1006:reader.BaseStream.Length|})
                    {
                        sum += reader.ReadUInt16();
                    }

                    return sum;
                }
            }
            """, """
            using System.IO;

            class C
            {
                long Sum(string path)
                {
                    using var reader = new BinaryReader(File.OpenRead(path));
                    long sum = 0;
                    long length = reader.BaseStream.Length;
                    // read to the end
                    while (reader.BaseStream.Position < length)
                    {
                        sum += reader.ReadUInt16();
                    }

                    return sum;
                }
            }
            """);

    // Reading Length once lets SL1002 report the reader (it is quiet while the loop reads Length on every pass): the
    // same action applies SL1002's fix too, so one dotnet format run reaches the fixed point.
    [Fact]
    public Task Fix_ReadsLengthOnce_AndBuffersTheReaderItUnlocks()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                long Sum(string path)
                {
                    using var reader = new BinaryReader(File.OpenRead(path));
                    long sum = 0;
                    while (reader.BaseStream.Position < {|SL1006:reader.BaseStream.Length|})
                    {
                        sum += reader.ReadUInt16();
                    }

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
                    long length = reader.BaseStream.Length;
                    while (reader.Position < length)
                    {
                        sum += reader.ReadUInt16();
                    }

                    return sum;
                }
            }
            """);

    private static Task VerifyWithConfigAsync(string editorConfig, string source, string fixedSource)
    {
        var test = new Verify.Test { TestCode = source, FixedCode = fixedSource };
        test.TestState.AnalyzerConfigFiles.Add(("/.editorconfig", "root = true\n\n[*.cs]\n" + editorConfig));
        return test.RunAsync();
    }

    [Fact]
    public Task Fix_StreamParameter_ConditionAndBodyShareOneLocal()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                int Count(Stream input)
                {
                    int count = 0;
                    while (input.Position < {|SL1106:input.Length|} /* end */)
                    {
                        if ({|SL1106:input.Length|} - input.Position < 4)
                            break;
                        input.ReadByte();
                        input.Seek(3, SeekOrigin.Current);
                        count++;
                    }

                    return count;
                }
            }
            """, """
            using System.IO;

            class C
            {
                int Count(Stream input)
                {
                    int count = 0;
                    long length = input.Length;
                    while (input.Position < length /* end */)
                    {
                        if (length - input.Position < 4)
                            break;
                        input.ReadByte();
                        input.Seek(3, SeekOrigin.Current);
                        count++;
                    }

                    return count;
                }
            }
            """);

    [Fact]
    public Task Fix_ForLoop_AndNameClash()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                long M(FileStream stream)
                {
                    long total = 0;
                    for (long i = 0; i < {|SL1006:stream.Length|}; i++)
                    {
                        int length = stream.ReadByte();
                        total += length;
                    }

                    return total;
                }
            }
            """, """
            using System.IO;

            class C
            {
                long M(FileStream stream)
                {
                    long total = 0;
                    long streamLength = stream.Length;
                    for (long i = 0; i < streamLength; i++)
                    {
                        int length = stream.ReadByte();
                        total += length;
                    }

                    return total;
                }
            }
            """);

    [Fact]
    public Task Fix_AliasOfBaseStream_AndWhileTrueWithBreak()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                int M(BinaryReader reader)
                {
                    Stream s = reader.BaseStream;
                    int sum = 0;
                    while (true)
                    {
                        if (s.Position >= {|SL1106:s.Length|})
                            break;
                        sum += reader.ReadInt32();
                    }

                    return sum;
                }
            }
            """, """
            using System.IO;

            class C
            {
                int M(BinaryReader reader)
                {
                    Stream s = reader.BaseStream;
                    int sum = 0;
                    long length = s.Length;
                    while (true)
                    {
                        if (s.Position >= length)
                            break;
                        sum += reader.ReadInt32();
                    }

                    return sum;
                }
            }
            """);

    [Fact]
    public Task Fix_ReadonlyField_AndTwoLoops()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                private readonly Stream _stream = File.OpenRead("x");

                void M()
                {
                    while (_stream.Position < {|SL1006:_stream.Length|}) _stream.ReadByte();
                    _stream.Position = 0;
                    while (_stream.Position < {|SL1006:this._stream.Length|}) _stream.ReadByte();
                }
            }
            """, """
            using System.IO;

            class C
            {
                private readonly Stream _stream = File.OpenRead("x");

                void M()
                {
                    long length = _stream.Length;
                    while (_stream.Position < length) _stream.ReadByte();
                    _stream.Position = 0;
                    long streamLength = this._stream.Length;
                    while (_stream.Position < streamLength) _stream.ReadByte();
                }
            }
            """);

    [Fact]
    public Task Fix_TopLevelStatements()
        => new Verify.Test(TestTarget.Net80)
        {
            TestState = { OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication },
            TestCode = """
                using System.IO;

                using var stream = File.OpenRead(args[0]);
                long n = 0;
                while (stream.Position < {|SL1006:stream.Length|})
                    n += stream.ReadByte();
                System.Console.WriteLine(n);
                """,
            FixedCode = """
                using System.IO;

                using var stream = File.OpenRead(args[0]);
                long n = 0;
                long length = stream.Length;
                while (stream.Position < length)
                    n += stream.ReadByte();
                System.Console.WriteLine(n);
                """,
        }.RunAsync();

    [Fact]
    public Task Fix_BufferedBinaryReader_UsesItsPositionWhenItHasOne()
    {
        // The fix rewrites reader.BaseStream.Position only where the runtime's reader has a Position property; the
        // expected text follows whichever runtime this test compiles against.
        bool hasPosition = typeof(Streamline.Runtime.BufferedBinaryReader).GetProperty("Position", typeof(long)) is not null;
        string position = hasPosition ? "reader.Position" : "reader.BaseStream.Position";
        return Verify.VerifyCodeFixAsync("""
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                long Sum(string path)
                {
                    using var reader = new BufferedBinaryReader(File.OpenRead(path));
                    long sum = 0;
                    while (reader.BaseStream.Position < {|SL1006:reader.BaseStream.Length|})
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
                    long length = reader.BaseStream.Length;
                    while (POSITION < length)
                        sum += reader.ReadUInt16();
                    return sum;
                }
            }
            """.Replace("POSITION", position));
    }

    [Fact]
    public Task Fix_RewritesBaseStreamPositionReads_OnAReaderWithAPositionProperty()
        => new Verify.Test(TestTarget.Net80, referenceRuntime: false)
        {
            TestState =
            {
                Sources =
                {
                    """
                    using System.IO;
                    using Streamline.Runtime;

                    class C
                    {
                        long Sum(string path)
                        {
                            using var reader = new BufferedBinaryReader(File.OpenRead(path));
                            long sum = 0;
                            while (reader.BaseStream.Position < {|SL1106:reader.BaseStream.Length|})
                            {
                                sum += reader.ReadUInt16() + reader.BaseStream.Position;
                                reader.BaseStream.Position = reader.BaseStream.Position;
                            }

                            return sum;
                        }
                    }
                    """,
                    ReaderWithPosition,
                },
            },
            FixedState =
            {
                Sources =
                {
                    """
                    using System.IO;
                    using Streamline.Runtime;

                    class C
                    {
                        long Sum(string path)
                        {
                            using var reader = new BufferedBinaryReader(File.OpenRead(path));
                            long sum = 0;
                            long length = reader.BaseStream.Length;
                            while (reader.Position < length)
                            {
                                sum += reader.ReadUInt16() + reader.Position;
                                reader.BaseStream.Position = reader.Position;
                            }

                            return sum;
                        }
                    }
                    """,
                    ReaderWithPosition,
                },
            },
        }.RunAsync();

    [Fact]
    public Task Fix_KeepsBaseStreamPosition_WhenTheLoopAlsoUsesAnAliasOfTheStream()
        => new Verify.Test(TestTarget.Net80, referenceRuntime: false)
        {
            TestState =
            {
                Sources =
                {
                    """
                    using System.IO;
                    using Streamline.Runtime;

                    class C
                    {
                        long Sum(string path)
                        {
                            using var reader = new BufferedBinaryReader(File.OpenRead(path));
                            Stream s = reader.BaseStream;
                            long sum = 0;
                            while (reader.BaseStream.Position < {|SL1106:reader.BaseStream.Length|})
                            {
                                sum += reader.ReadUInt16();
                                s.Seek(2, SeekOrigin.Current);
                            }

                            return sum;
                        }
                    }
                    """,
                    ReaderWithPosition,
                },
            },
            FixedState =
            {
                Sources =
                {
                    """
                    using System.IO;
                    using Streamline.Runtime;

                    class C
                    {
                        long Sum(string path)
                        {
                            using var reader = new BufferedBinaryReader(File.OpenRead(path));
                            Stream s = reader.BaseStream;
                            long sum = 0;
                            long length = reader.BaseStream.Length;
                            while (reader.BaseStream.Position < length)
                            {
                                sum += reader.ReadUInt16();
                                s.Seek(2, SeekOrigin.Current);
                            }

                            return sum;
                        }
                    }
                    """,
                    ReaderWithPosition,
                },
            },
        }.RunAsync();

    // The agreed shape of the runtime's reader (a logical Position); stands in until the runtime ships it.
    private const string ReaderWithPosition = """
        namespace Streamline.Runtime
        {
            public class BufferedBinaryReader : System.IO.BinaryReader
            {
                public BufferedBinaryReader(System.IO.Stream input) : base(input) { }

                public long Position => BaseStream.Position;
            }
        }
        """;

    [Fact]
    public Task FixAll_DocumentProjectSolution()
        => new Verify.Test
        {
            TestState =
            {
                Sources =
                {
                    """
                    using System.IO;

                    class A
                    {
                        void M(Stream a, Stream b)
                        {
                            while (a.Position < {|SL1106:a.Length|} && b.Position < {|SL1106:b.Length|}) { a.ReadByte(); b.ReadByte(); }
                        }
                    }
                    """,
                    """
                    using System.IO;

                    class B
                    {
                        void M(FileStream f)
                        {
                            do { f.ReadByte(); } while (f.Position < {|SL1006:f.Length|});
                            for (int i = 0; i < {|SL1006:f.Length|}; i++) f.ReadByte();
                        }
                    }
                    """,
                },
            },
            FixedState =
            {
                MarkupHandling = Microsoft.CodeAnalysis.Testing.MarkupMode.Allow,
                Sources =
                {
                    """
                    using System.IO;

                    class A
                    {
                        void M(Stream a, Stream b)
                        {
                            long length = a.Length;
                            long? streamLength = null;
                            while (a.Position < length && b.Position < (streamLength ??= b.Length)) { a.ReadByte(); b.ReadByte(); }
                        }
                    }
                    """,
                    """
                    using System.IO;

                    class B
                    {
                        void M(FileStream f)
                        {
                            long? length = null;
                            do { f.ReadByte(); } while (f.Position < (length ??= f.Length));
                            long streamLength = f.Length;
                            for (int i = 0; i < streamLength; i++) f.ReadByte();
                        }
                    }
                    """,
                },
            },
        }.RunAsync();

    // Real parsers hand the reader to a helper that reads a chunk header (NAudio's AiffFileReader): where the helper, and
    // every helper it hands the reader on to, only reads, seeks and asks for Position or Length, the length cannot change.
    [Fact]
    public Task Fix_WhenTheLoopHandsTheStreamToHelpersThatOnlyRead()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                static int Peek(Stream s) => s.ReadByte();

                static string ReadName(BinaryReader br) => new string(br.ReadChars(4));

                static long ReadHeader(BinaryReader br) => br.BaseStream.Position + ReadName(br).Length + br.ReadInt32();

                long Sum(Stream input, BinaryReader reader)
                {
                    long sum = 0;
                    while (input.Position < {|SL1106:input.Length|})
                        sum += Peek(input);
                    while (reader.BaseStream.Position < {|SL1106:reader.BaseStream.Length|})
                        sum += ReadHeader(reader);
                    return sum;
                }
            }
            """, """
            using System.IO;

            class C
            {
                static int Peek(Stream s) => s.ReadByte();

                static string ReadName(BinaryReader br) => new string(br.ReadChars(4));

                static long ReadHeader(BinaryReader br) => br.BaseStream.Position + ReadName(br).Length + br.ReadInt32();

                long Sum(Stream input, BinaryReader reader)
                {
                    long sum = 0;
                    long length = input.Length;
                    while (input.Position < length)
                        sum += Peek(input);
                    long streamLength = reader.BaseStream.Length;
                    while (reader.BaseStream.Position < streamLength)
                        sum += ReadHeader(reader);
                    return sum;
                }
            }
            """);

    // SharpCompress's ADC decoder: ReadAsync in the loop reads, so the length cannot change.
    [Fact]
    public Task Fix_InAnAsyncMethodThatReadsAsynchronously()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Threading.Tasks;

            class C
            {
                async Task<long> SumAsync(Stream input, byte[] buffer)
                {
                    long sum = 0;
                    int read = 1;
                    while (read > 0 && input.Position < {|SL1106:input.Length|})
                        sum += read = await input.ReadAsync(buffer, 0, buffer.Length).ConfigureAwait(false);
                    return sum;
                }
            }
            """, """
            using System.IO;
            using System.Threading.Tasks;

            class C
            {
                async Task<long> SumAsync(Stream input, byte[] buffer)
                {
                    long sum = 0;
                    int read = 1;
                    long? length = null;
                    while (read > 0 && input.Position < (length ??= input.Length))
                        sum += read = await input.ReadAsync(buffer, 0, buffer.Length).ConfigureAwait(false);
                    return sum;
                }
            }
            """);

    // A helper that writes, or hands the stream to one that does, to a constructor that keeps it, to a method that
    // another type may override, or to itself: no fix.
    [Fact]
    public Task NoFix_WhenAHelperMayChangeOrKeepTheStream()
    {
        const string Source = """
            using System.IO;

            class Base
            {
                protected virtual int Next(Stream s) => s.ReadByte();
            }

            class C : Base
            {
                static int Peek(Stream s) => s.ReadByte();

                static void Pad(Stream s) { Peek(s); s.WriteByte(0); }

                static void Deep(Stream s) => Pad(s);

                static BinaryReader Keep(Stream s) => new BinaryReader(s);

                static int Tree(BinaryReader r) => r.ReadByte() == 1 ? 1 + Tree(r) : 0;

                long M(Stream a, Stream b, Stream c, Stream d, BinaryReader e)
                {
                    long sum = 0;
                    while (a.Position < {|SL1106:a.Length|}) Deep(a);
                    while (b.Position < {|SL1106:b.Length|}) sum += Keep(b).ReadByte();
                    while (c.Position < {|SL1106:c.Length|}) sum += Next(c);
                    while (d.Position < {|SL1106:d.Length|}) { Stream alias = d; sum += alias.ReadByte(); }
                    while (e.BaseStream.Position < {|SL1106:e.BaseStream.Length|}) sum += Tree(e);
                    return sum;
                }
            }
            """;
        return new Verify.Test { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Fact]
    public Task NoFix_WhenTheLoopWritesOrHandsTheStreamOn()
    {
        const string Source = """
            using System.IO;

            class C
            {
                void Write(Stream s) { s.WriteByte(0); }

                void M(FileStream a, Stream b, Stream c, Stream d, BinaryReader r, Stream e)
                {
                    while (a.Position < {|SL1006:a.Length|}) a.WriteByte(0);
                    while (b.Position < {|SL1106:b.Length|}) Write(b);
                    while (c.Position < {|SL1106:c.Length|}) { c.ReadByte(); c.Flush(); }
                    var w = new BinaryWriter(d);
                    while (d.Position < {|SL1106:d.Length|}) w.Write(1);
                    while (r.BaseStream.Position < {|SL1106:r.BaseStream.Length|}) r.BaseStream.SetLength(0);
                    while (e.Position < {|SL1106:e.Length|}) e = File.OpenRead("x");
                }
            }

            class D
            {
                private readonly Stream _stream = File.OpenRead("x");

                void Append() => _stream.WriteByte(1);

                void M()
                {
                    while (_stream.Position < {|SL1006:_stream.Length|}) Append();
                }
            }
            """;
        return new Verify.Test { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    // Where a pass may not read Length first (a loop that may not run, a read behind && or after other work), a read
    // before the loop could throw where the original never read Length: the fix reads it where the loop first does.
    private const string NotReadFirstOnEveryPass = """
        using System.Collections.Generic;
        using System.IO;

        class C
        {
            void M(Stream s, bool more, List<int> items, int n)
            {
                while (more && s.Position < {|SL1106:s.Length|}) s.ReadByte();
                foreach (int item in items) { if (s.Position < {|SL1106:s.Length|}) s.ReadByte(); }
                for (int i = 0; i < n; i++) { if (s.Position + 4 > {|SL1106:s.Length|}) break; s.ReadByte(); }
                do { s.ReadByte(); } while (s.Position < {|SL1106:s.Length|});
                while (s.ReadByte() >= 0 && s.Position < {|SL1106:s.Length|}) { }
                for (int i = Next(); i < {|SL1106:s.Length|}; i++) s.ReadByte();
                while (s.Position < File.OpenRead("x").Length) s.ReadByte(); // another stream each pass: not this rule
            }

            int Next() => 0;
        }
        """;

    [Fact]
    public Task Fix_WhenLengthIsNotReadFirstOnEveryPass_ReadsItWhereTheLoopFirstDoes()
        => new Verify.Test
        {
            TestCode = NotReadFirstOnEveryPass,
            FixedCode = """
            using System.Collections.Generic;
            using System.IO;

            class C
            {
                void M(Stream s, bool more, List<int> items, int n)
                {
                    long? length = null;
                    while (more && s.Position < (length ??= s.Length)) s.ReadByte();
                    long? streamLength = null;
                    foreach (int item in items) { if (s.Position < (streamLength ??= s.Length)) s.ReadByte(); }
                    long? length2 = null;
                    for (int i = 0; i < n; i++) { if (s.Position + 4 > (length2 ??= s.Length)) break; s.ReadByte(); }
                    long? length3 = null;
                    do { s.ReadByte(); } while (s.Position < (length3 ??= s.Length));
                    long? length4 = null;
                    while (s.ReadByte() >= 0 && s.Position < (length4 ??= s.Length)) { }
                    long? length5 = null;
                    for (int i = Next(); i < (length5 ??= s.Length); i++) s.ReadByte();
                    while (s.Position < File.OpenRead("x").Length) s.ReadByte(); // another stream each pass: not this rule
                }

                int Next() => 0;
            }
            """,
        }.RunAsync();

    // C# 7.3 (net48 and netstandard2.0 projects by default) has no ??=: the local starts at -1, a length never is.
    [Fact]
    public Task Fix_WhenLengthIsNotReadFirstOnEveryPass_BeforeCSharp8()
        => new Verify.Test
        {
            TestCode = NotReadFirstOnEveryPass,
            LanguageVersion = Microsoft.CodeAnalysis.CSharp.LanguageVersion.CSharp7_3,
            FixedCode = """
            using System.Collections.Generic;
            using System.IO;

            class C
            {
                void M(Stream s, bool more, List<int> items, int n)
                {
                    long length = -1;
                    while (more && s.Position < (length < 0 ? length = s.Length : length)) s.ReadByte();
                    long streamLength = -1;
                    foreach (int item in items) { if (s.Position < (streamLength < 0 ? streamLength = s.Length : streamLength)) s.ReadByte(); }
                    long length2 = -1;
                    for (int i = 0; i < n; i++) { if (s.Position + 4 > (length2 < 0 ? length2 = s.Length : length2)) break; s.ReadByte(); }
                    long length3 = -1;
                    do { s.ReadByte(); } while (s.Position < (length3 < 0 ? length3 = s.Length : length3));
                    long length4 = -1;
                    while (s.ReadByte() >= 0 && s.Position < (length4 < 0 ? length4 = s.Length : length4)) { }
                    long length5 = -1;
                    for (int i = Next(); i < (length5 < 0 ? length5 = s.Length : length5); i++) s.ReadByte();
                    while (s.Position < File.OpenRead("x").Length) s.ReadByte(); // another stream each pass: not this rule
                }

                int Next() => 0;
            }
            """,
        }.RunAsync();

    // A multi-targeted project compiles the file once per target and dotnet format merges the fixes: ??= only where
    // every target defaults to C# 8 or later, or the net48/netstandard2.0 build would not compile the fixed file; the
    // C# 7.3 form elsewhere, the same on every target.
    [Theory]
    [InlineData("net48;net8.0", false)]
    [InlineData("netstandard2.0;netstandard2.1", false)]
    [InlineData("netcoreapp2.1;net8.0", false)]
    [InlineData("net8.0;net48", false)] // the modern target first: it must not hide the others
    [InlineData("net10.0;netstandard2.0", false)]
    [InlineData("netstandard2.1;net6.0;net8.0-windows", true)]
    [InlineData("netcoreapp3.1", true)]
    public Task MultiTargeted_ReadOnFirstUse_WithoutCoalesceAssignment_WhereATargetHasCSharp7(string targetFrameworks, bool coalesce)
    {
        const string Source = """
            using System.IO;

            class C
            {
                void M(Stream s, int n)
                {
                    for (int i = 0; i < n; i++) { if (s.Position + 4 > {|SL1106:s.Length|}) break; s.ReadByte(); }
                }
            }
            """;
        var test = new Verify.Test
        {
            TestCode = Source,
            FixedCode = coalesce
                ? """
                    using System.IO;

                    class C
                    {
                        void M(Stream s, int n)
                        {
                            long? length = null;
                            for (int i = 0; i < n; i++) { if (s.Position + 4 > (length ??= s.Length)) break; s.ReadByte(); }
                        }
                    }
                    """
                : """
                    using System.IO;

                    class C
                    {
                        void M(Stream s, int n)
                        {
                            long length = -1;
                            for (int i = 0; i < n; i++) { if (s.Position + 4 > (length < 0 ? length = s.Length : length)) break; s.ReadByte(); }
                        }
                    }
                    """,
        };
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\nbuild_property.StreamlineTargetFrameworks = " + targetFrameworks.Replace(';', ',') + "\n"));
        return test.RunAsync();
    }

    // TagLib# and AssetStudio indent with tabs: the declaration takes the loop's own indentation, and the loop's line
    // is left as it was.
    [Fact]
    public Task Fix_KeepsTheFilesTabIndentation()
        => Verify.VerifyCodeFixAsync(
            "using System.IO;\n\nclass C\n{\n\tint M(Stream s)\n\t{\n\t\tint sum = 0;\n\t\t// to the end\n\t\twhile (s.Position < {|SL1106:s.Length|}) {\n\t\t\tsum += s.ReadByte();\n\t\t}\n\t\treturn sum;\n\t}\n}\n",
            "using System.IO;\n\nclass C\n{\n\tint M(Stream s)\n\t{\n\t\tint sum = 0;\n\t\tlong length = s.Length;\n\t\t// to the end\n\t\twhile (s.Position < length) {\n\t\t\tsum += s.ReadByte();\n\t\t}\n\t\treturn sum;\n\t}\n}\n");

    // The embedded statement of an if has no room for a declaration.
    [Fact]
    public Task NoFix_WhenTheLoopIsTheEmbeddedStatementOfAnIf()
    {
        const string Source = """
            using System.IO;

            class C
            {
                void M(Stream s, bool more)
                {
                    if (more) while (s.Position < {|SL1106:s.Length|}) s.ReadByte();
                }
            }
            """;
        return new Verify.Test { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Fact]
    public Task Fix_ReadsAtTheEndOfAPass_ShareOneLocal_AndKeepTheReadsOutsideTheLoop()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                long ReadAll(Stream stream, byte[] bytes)
                {
                    long read = 0;
                    while (true)
                    {
                        int n = stream.Read(bytes, 0, bytes.Length);
                        read += n;
                        if (n == 0 || (read == {|SL1106:stream.Length|} && {|SL1106:stream.Length|} > 0) || (n < bytes.Length && {|SL1106:stream.Length|} <= 0))
                            break;
                    }

                    return stream.Length > 0 ? stream.Length : read;
                }
            }
            """, """
            using System.IO;

            class C
            {
                long ReadAll(Stream stream, byte[] bytes)
                {
                    long read = 0;
                    long? length = null;
                    while (true)
                    {
                        int n = stream.Read(bytes, 0, bytes.Length);
                        read += n;
                        if (n == 0 || (read == (length ??= stream.Length) && (length ??= stream.Length) > 0) || (n < bytes.Length && (length ??= stream.Length) <= 0))
                            break;
                    }

                    return stream.Length > 0 ? stream.Length : read;
                }
            }
            """);

    [Fact]
    public Task Quiet_InMemoryStreams_OutsideLoops_AndOtherStreamTypes()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;
            using System.IO.Compression;

            class C
            {
                long M(byte[] data, MemoryStream memory, Stream input, GZipStream zip, int n)
                {
                    long sum = 0;
                    while (memory.Position < memory.Length) sum += memory.ReadByte();
                    Stream s = new MemoryStream(data);
                    while (s.Position < s.Length) sum += s.ReadByte();
                    var reader = new BinaryReader(new MemoryStream(data));
                    while (reader.BaseStream.Position < reader.BaseStream.Length) sum += reader.ReadByte();
                    using (var other = new BinaryReader(s))
                        while (other.BaseStream.Position < other.BaseStream.Length) sum += other.ReadByte();
                    long length = input.Length;
                    while (input.Position < length) sum += input.ReadByte();
                    for (long i = input.Length; i > 0; i--) sum++;
                    for (int i = 0; i < n; i++) sum += zip.ReadByte() + data.Length;
                    while (zip.Position < zip.Length) sum += zip.ReadByte();
                    System.Func<long> later = () => input.Length;
                    return sum + later();
                }
            }
            """);

    [Fact]
    public Task Reported_InNestedLoopBodies_AndForeachLoops_AndStreamReaders()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class C
            {
                void M(Stream[] streams, StreamReader text, Stream s, int count)
                {
                    foreach (Stream other in streams)
                        for (int i = 0; i < count; i++) { if (i > {|SL1106:s.Length|}) break; }
                    while (text.BaseStream.Position < {|SL1106:text.BaseStream.Length|}) text.ReadLine();
                }
            }
            """);

    // The false positives found on real parsers (docs/real-world.md): reads on a path that leaves the loop, debug-only
    // checks, another stream each pass, and a property the loop's own calls move to another stream.
    [Fact]
    public Task Quiet_WhereTheLoopDoesNotReadTheSameStreamsLengthOnEveryPass()
        => Verify.VerifyAnalyzerAsync("""
            using System.Collections.Generic;
            using System.Diagnostics;
            using System.IO;

            class Volumes
            {
                private readonly List<Stream> _streams = new List<Stream>();
                private int _index;

                private Stream Current => _streams[_index];

                long Seek(long target, long expected, IReadOnlyList<Stream> streams, Stream input)
                {
                    long previous = 0;
                    while (previous + Current.Length < target)
                    {
                        previous += Current.Length;
                        Next();
                    }

                    long total = 0;
                    for (int i = 0; i < streams.Count; i++)
                        total += streams[i].Length;

                    for (int n = 0; n < target; n++)
                    {
                        Debug.Assert(expected <= input.Length);
                        if (input.ReadByte() < 0)
                            return previous + total >= input.Length ? 1 : 0;
                        if (n == 3)
                            throw new IOException("at " + input.Length);
                    }

                    return total;
                }

                void Next() => _index++;
            }
            """);

    // More false positives from real parsers: a loop of a few passes fixed by a constant, and a new stream each pass.
    [Fact]
    public Task Quiet_InFewFixedPasses_AndOnANewStreamEachPass()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class C
            {
                const int HeadersRequired = 4;

                static bool Frames(Stream input, long offset, int frameLength)
                {
                    for (int n = 0; n < HeadersRequired; n++)
                    {
                        offset += frameLength;
                        if (offset > input.Length - 4)
                            return true;
                    }

                    return false;
                }

                static long Images(string[] paths, Stream[] streams)
                {
                    long total = 0;
                    for (int i = 0; i < paths.Length; i++)
                    {
                        var data = File.OpenRead(paths[i]);
                        total += data.Length;
                    }

                    foreach (Stream s in streams)
                        total += s.Length;
                    return total;
                }
            }
            """);

    // PeNet's C-string length (FileParser/StreamFile.cs): a loop up to a terminator, which the format keeps short, reads
    // Length on every byte; its callers run it once per name of a PE file. With no loop around it in the method, it is
    // the loop reported: reading Length once has no cost that fewer passes would have to repay.
    [Fact]
    public Task Fix_ATerminatedStringLoop_WithNoLoopAroundIt()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            public static class CStrings
            {
                public static int Length(Stream stream, int offset)
                {
                    stream.Seek(offset, SeekOrigin.Begin);
                    var length = 0;
                    while (stream.ReadByte() != 0x00)
                    {
                        length++;
                        if (length + offset >= {|SL1106:stream.Length|})
                            return 0;
                    }

                    return length;
                }
            }
            """, """
            using System.IO;

            public static class CStrings
            {
                public static int Length(Stream stream, int offset)
                {
                    stream.Seek(offset, SeekOrigin.Begin);
                    var length = 0;
                    long? streamLength = null;
                    while (stream.ReadByte() != 0x00)
                    {
                        length++;
                        if (length + offset >= (streamLength ??= stream.Length))
                            return 0;
                    }

                    return length;
                }
            }
            """);

    // The same loop inside a loop of the method that grows with the input: the outer loop is the one reported (its fix
    // reads Length once for every name, not once per name).
    [Fact]
    public Task Fix_ATerminatedStringLoop_InsideALoopThatRepeatsIt()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            public static class CStrings
            {
                public static int Total(Stream stream, int count)
                {
                    var total = 0;
                    for (int i = 0; i < count; i++)
                    {
                        while (stream.ReadByte() != 0x00)
                        {
                            total++;
                            if (stream.Position >= {|SL1106:stream.Length|})
                                return total;
                        }
                    }

                    return total;
                }
            }
            """, """
            using System.IO;

            public static class CStrings
            {
                public static int Total(Stream stream, int count)
                {
                    var total = 0;
                    long? length = null;
                    for (int i = 0; i < count; i++)
                    {
                        while (stream.ReadByte() != 0x00)
                        {
                            total++;
                            if (stream.Position >= (length ??= stream.Length))
                                return total;
                        }
                    }

                    return total;
                }
            }
            """);

    [Fact]
    public Task StillReported_ALocalSetFromTheSameStreamInTheLoop()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class C
            {
                static int M(BinaryReader reader)
                {
                    int sum = 0;
                    while (true)
                    {
                        Stream s = reader.BaseStream;
                        if (s.Position >= {|SL1106:s.Length|})
                            break;
                        sum += reader.ReadByte();
                    }

                    return sum;
                }
            }
            """);

    [Fact]
    public Task StillReported_ThePropertyOfAnotherObject_AndALoopThatCallsNothingOfItsOwn()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class Parser
            {
                private Stream Input { get; }

                Parser(Stream input) => Input = input;

                long Sum()
                {
                    long sum = 0;
                    while (Input.Position < {|SL1106:Input.Length|})
                        sum += Input.ReadByte();
                    return sum;
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
                void M(Stream s)
                {
                    while (s.Position < s.Length) s.ReadByte();
                }
            }
            """);

    [Fact]
    public async Task HalfTypedCode_DoesNotCrash()
    {
        string[] sources =
        {
            "using System.IO; class C { void M(Stream s) { while (s.Position < s.Length",
            "using System.IO; class C { void M(Stream s) { while (s.Position < s.) s.ReadByte(); } }",
            "using System.IO; class C { void M(Stream s) { for (; s.Position < s.Length; ) { var x = ; } } }",
            "using System.IO; class C { void M() { Stream s; while (s.Position < s.Length) Foo(s); } }",
            "using System.IO; class C { void M(Stream s) { do while (s.Length > 0) ; while ( } }",
            "using System.IO; class C { void M(Stream s) { foreach (var x in ) { _ = s.Length; } } }",
            "using System.IO; class C { void M() { var r = new BinaryReader(); while (r.BaseStream.Position < r.BaseStream.Length) { } } }",
        };
        foreach (string source in sources)
        {
            var run = await AnalyzerRunner.RunAsync(new Streamline.Analyzers.Rules.SL1006StreamLengthInLoopAnalyzer(), TestTarget.Net80, source);
            Assert.Empty(run.Exceptions);
        }
    }

    [Theory]
    [InlineData(TestTarget.NetStandard20)]
    [InlineData(TestTarget.Net472)]
    public Task Fix_OnOlderTargets(TestTarget target)
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                int M(Stream s)
                {
                    int n = 0;
                    while (s.Position < {|SL1106:s.Length|}) n += s.ReadByte();
                    return n;
                }
            }
            """, """
            using System.IO;

            class C
            {
                int M(Stream s)
                {
                    int n = 0;
                    long length = s.Length;
                    while (s.Position < length) n += s.ReadByte();
                    return n;
                }
            }
            """, target);
}
