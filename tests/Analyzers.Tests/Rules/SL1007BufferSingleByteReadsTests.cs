using System;
using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1007BufferSingleByteReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1007BufferSingleByteReadsCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

[Trait("Rule", "SL1007")]
public class SL1007BufferSingleByteReadsTests
{
    /// <summary>A stream that overrides only Read(byte[], int, int): its ReadByte is Stream's one-byte path.</summary>
    internal const string Slow = """

        class Slow : Stream
        {
            private readonly Stream _inner;
            public Slow(Stream inner) => _inner = inner;
            public override bool CanRead => true;
            public override bool CanSeek => false;
            public override bool CanWrite => false;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
            public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
            public override void Flush() { }
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        }
        """;

    /// <summary>A stream without a ReadByte override that can seek: the type SL1007's SkipReader fix wins on.</summary>
    private const string SeekableStream = """

        class Seekable : Slow
        {
            public Seekable(Stream inner) : base(inner) { }
            public override bool CanSeek => true;
        }
        """;

    [Fact]
    public Task Fix_OwnedStream_UsingDeclaration()
        => Verify.VerifyCodeFixAsync("""
            using System;
            using System.IO;

            class C
            {
                long Sum(string path)
                {
                    using var s = new Slow(File.OpenRead(path));
                    long sum = 0;
                    int b;
                    // to the end
                    while ((b = {|SL1007:s.ReadByte()|}) != -1)
                        sum += b;
                    return sum;
                }
            }
            """ + Slow, """
            using System;
            using System.IO;

            class C
            {
                long Sum(string path)
                {
                    using var s = new BufferedStream(new Slow(File.OpenRead(path)));
                    long sum = 0;
                    int b;
                    // to the end
                    while ((b = s.ReadByte()) != -1)
                        sum += b;
                    return sum;
                }
            }
            """ + Slow);

    /// <summary>The buffer takes the stream's place in its declaration: a declared type the buffer does not convert
    /// to becomes <c>BufferedStream</c>, and a target-typed <c>new</c> names the stream's type.</summary>
    [Fact]
    public Task Fix_ExplicitType_AndTargetTypedNew()
        => Verify.VerifyCodeFixAsync("""
            using System;
            using System.IO;

            class C
            {
                long Sum(string path)
                {
                    using Slow s = new(File.OpenRead(path));
                    long sum = 0;
                    int b;
                    while ((b = {|SL1007:s.ReadByte()|}) != -1)
                        sum += b;
                    return sum;
                }

                long Count(string path)
                {
                    using (Slow t = new Slow(File.OpenRead(path)))
                    {
                        long n = 0;
                        while ({|SL1007:t.ReadByte()|} > 0)
                            n++;
                        return n;
                    }
                }
            }
            """ + Slow, """
            using System;
            using System.IO;

            class C
            {
                long Sum(string path)
                {
                    using BufferedStream s = new BufferedStream(new Slow(File.OpenRead(path)));
                    long sum = 0;
                    int b;
                    while ((b = s.ReadByte()) != -1)
                        sum += b;
                    return sum;
                }

                long Count(string path)
                {
                    using (BufferedStream t = new BufferedStream(new Slow(File.OpenRead(path))))
                    {
                        long n = 0;
                        while (t.ReadByte() > 0)
                            n++;
                        return n;
                    }
                }
            }
            """ + Slow);

    [Fact]
    public Task Fix_GZipOverAFile_UsingStatement_EveryReadOfTheStream()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.IO.Compression;

            class C
            {
                int[] Decode(string path, int count)
                {
                    var result = new int[count];
                    using (var gz = new GZipStream(File.OpenRead(path), CompressionMode.Decompress))
                    {
                        int header = gz.ReadByte();
                        for (int i = 0; i < count; i++)
                        {
                            result[i] = {|SL1107:gz.ReadByte()|} + header;
                            if (result[i] < header) break;
                        }
                    }

                    return result;
                }
            }
            """, """
            using System.IO;
            using System.IO.Compression;

            class C
            {
                int[] Decode(string path, int count)
                {
                    var result = new int[count];
                    using (var gz = new BufferedStream(new GZipStream(File.OpenRead(path), CompressionMode.Decompress)))
                    {
                        int header = gz.ReadByte();
                        for (int i = 0; i < count; i++)
                        {
                            result[i] = gz.ReadByte() + header;
                            if (result[i] < header) break;
                        }
                    }

                    return result;
                }
            }
            """);

    [Fact]
    public Task Fix_OneByteRead_IntoALocalArray_NeverDisposed()
        => Verify.VerifyCodeFixAsync("""
            using System;
            using System.IO;

            class C
            {
                int Count(string path, int bufferedS)
                {
                    Stream s = new Slow(new FileStream(path, FileMode.Open));
                    byte[] one = new byte[4];
                    int n = bufferedS;
                    while ({|SL1007:s.Read(one, 2, 1)|} == 1)
                        n += one[2];
                    return n;
                }
            }
            """ + Slow, """
            using System;
            using System.IO;

            class C
            {
                int Count(string path, int bufferedS)
                {
                    Stream s = new BufferedStream(new Slow(new FileStream(path, FileMode.Open)));
                    byte[] one = new byte[4];
                    int n = bufferedS;
                    while (s.Read(one, 2, 1) == 1)
                        n += one[2];
                    return n;
                }
            }
            """ + Slow);

    [Fact]
    public Task Fix_InIteratorAndAsync_NobodyElseHoldsTheStream()
        => Verify.VerifyCodeFixAsync("""
            using System;
            using System.Collections.Generic;
            using System.IO;
            using System.Threading.Tasks;

            class C
            {
                IEnumerable<int> Bytes(string path)
                {
                    using var s = new Slow(File.OpenRead(path));
                    int b;
                    while ((b = {|SL1007:s.ReadByte()|}) != -1)
                        yield return b;
                }

                async Task<long> SumAsync(string path)
                {
                    await Task.Yield();
                    using var t = new Slow(File.OpenRead(path));
                    long sum = 0;
                    int b;
                    while ((b = {|SL1007:t.ReadByte()|}) != -1)
                    {
                        sum += b;
                        if (sum % 100 == 0) await Task.Yield();
                    }

                    return sum;
                }
            }
            """ + Slow, """
            using System;
            using System.Collections.Generic;
            using System.IO;
            using System.Threading.Tasks;

            class C
            {
                IEnumerable<int> Bytes(string path)
                {
                    using var s = new BufferedStream(new Slow(File.OpenRead(path)));
                    int b;
                    while ((b = s.ReadByte()) != -1)
                        yield return b;
                }

                async Task<long> SumAsync(string path)
                {
                    await Task.Yield();
                    using var t = new BufferedStream(new Slow(File.OpenRead(path)));
                    long sum = 0;
                    int b;
                    while ((b = t.ReadByte()) != -1)
                    {
                        sum += b;
                        if (sum % 100 == 0) await Task.Yield();
                    }

                    return sum;
                }
            }
            """ + Slow);

    [Fact]
    public Task Fix_TopLevelStatements()
        => new Verify.Test(TestTarget.Net80)
        {
            TestState = { OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication },
            TestCode = """
                using System;
                using System.IO;

                using var s = new Slow(File.OpenRead(args[0]));
                long sum = 0;
                int b;
                while ((b = {|SL1007:s.ReadByte()|}) != -1)
                    sum += b;
                Console.WriteLine(sum);
                """ + Slow,
            FixedCode = """
                using System;
                using System.IO;

                using var s = new BufferedStream(new Slow(File.OpenRead(args[0])));
                long sum = 0;
                int b;
                while ((b = s.ReadByte()) != -1)
                    sum += b;
                Console.WriteLine(sum);
                """ + Slow,
        }.RunAsync();

    [Fact]
    public Task Fix_OnNetStandard20()
        => Verify.VerifyCodeFixAsync("""
            using System;
            using System.IO;

            class C
            {
                long Sum(string path)
                {
                    using (var s = new Slow(File.OpenRead(path)))
                    {
                        long sum = 0;
                        int b;
                        while ((b = {|SL1007:s.ReadByte()|}) != -1)
                            sum += b;
                        return sum;
                    }
                }
            }
            """ + Slow, """
            using System;
            using System.IO;

            class C
            {
                long Sum(string path)
                {
                    using (var s = new BufferedStream(new Slow(File.OpenRead(path))))
                    {
                        long sum = 0;
                        int b;
                        while ((b = s.ReadByte()) != -1)
                            sum += b;
                        return sum;
                    }
                }
            }
            """ + Slow, TestTarget.NetStandard20);

    /// <summary>A caller's stream read part-way, not known to be non-null before the loop (SkipReader's constructor
    /// would throw ArgumentNullException where the loop throws NullReferenceException), or a field that is not
    /// readonly: reported, not fixed.</summary>
    [Fact]
    public Task NoFix_CallersStream_MaybeNullOrAssignable()
    {
        string source = """
            using System;
            using System.IO;

            class C
            {
                Seekable _field;

                int UntilZero(Seekable input)
                {
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) n++;
                    return n;
                }

                int Field()
                {
                    if (_field == null) return 0;
                    int n = 0;
                    while ({|SL1007:_field.ReadByte()|} > 0) n++;
                    return n;
                }

                int Reassigned(Seekable input)
                {
                    if (input == null) return 0;
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) { n++; if (n == 9) input = new Seekable(Stream.Null); }
                    return n;
                }
            }
            """ + SeekableStream + Slow;
        return Verify.VerifyCodeFixAsync(source, source);
    }

    /// <summary>
    /// A caller's stream, known non-null, used in the loop only for single-byte reads (and its Length): the loop runs
    /// over a SkipReader that its disposal puts back, on every way out, where the loop would have left the stream.
    /// </summary>
    [Theory]
    [InlineData(TestTarget.Net80)]
    [InlineData(TestTarget.NetStandard20)]
    [InlineData(TestTarget.Net472)]
    public Task Fix_CallersStream_LoopRunsOverASkipReader(TestTarget target)
        => Verify.VerifyCodeFixAsync("""
            using System;
            using System.IO;

            class C
            {
                private readonly Seekable _stream;
                public C(Seekable stream) { _stream = stream; }

                static long Marker(Seekable input, Stream output)
                {
                    if (input == null || output == null) throw new ArgumentNullException(nameof(input));
                    long n = 0;
                    int b;
                    // scan to the next marker
                    while ((b = {|SL1007:input.ReadByte()|}) != -1)
                    {
                        if (b == 0xFF && input.Length > 0) return n;
                        output.WriteByte((byte)b);
                        n++;
                    }

                    return input.Position + n;
                }

                int Field()
                {
                    _ = _stream.CanRead;
                    byte[] one = new byte[1];
                    int n = 0;
                    while ({|SL1007:_stream.Read(one, 0, 1)|} == 1)
                        n += one[0];
                    return n;
                }

                static int OverIt(Seekable input)
                {
                    var s = new Seekable(input);
                    int n = 0;
                    for (int b = {|SL1107:s.ReadByte()|}; b > 0; b = {|SL1107:s.ReadByte()|}) n++;
                    return n;
                }
            }
            """ + SeekableStream + Slow, """
            using System;
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                private readonly Seekable _stream;
                public C(Seekable stream) { _stream = stream; }

                static long Marker(Seekable input, Stream output)
                {
                    if (input == null || output == null) throw new ArgumentNullException(nameof(input));
                    long n = 0;
                    int b;
                    // scan to the next marker
                    using (var inputReader = new SkipReader(input, leaveOpen: true))
                    {
                        while ((b = inputReader.ReadByte()) != -1)
                        {
                            if (b == 0xFF && input.Length > 0) return n;
                            output.WriteByte((byte)b);
                            n++;
                        }
                    }

                    return input.Position + n;
                }

                int Field()
                {
                    _ = _stream.CanRead;
                    byte[] one = new byte[1];
                    int n = 0;
                    using (var streamReader = new SkipReader(_stream, leaveOpen: true))
                    {
                        while (streamReader.Read(one, 0, 1) == 1)
                            n += one[0];
                    }

                    return n;
                }

                static int OverIt(Seekable input)
                {
                    var s = new Seekable(input);
                    int n = 0;
                    using (var sReader = new SkipReader(s, leaveOpen: true))
                    {
                        for (int b = sReader.ReadByte(); b > 0; b = sReader.ReadByte()) n++;
                    }

                    return n;
                }
            }
            """ + SeekableStream + Slow, target);

    internal const string CallersLoop = """
        using System;
        using System.IO;

        class C
        {
            static int Count(Seekable input)
            {
                if (input is null) return -1;
                int n = 0;
                while ({|SL1007:input.ReadByte()|} > 0) n++;
                return n;
            }
        }
        """ + SeekableStream + Slow;

    /// <summary>With the runtime as generated source (the package's default), the fix names the generated SkipReader;
    /// without any runtime (the generator off, no Streamline.Runtime reference) it is not offered.</summary>
    [Theory]
    [InlineData(TestTarget.Net80)]
    [InlineData(TestTarget.Net472)]
    public Task Fix_CallersStream_WithTheGeneratedRuntime(TestTarget target)
        => new Verify.Test(target, referenceRuntime: false)
        {
            GeneratedRuntime = true,
            TestCode = CallersLoop,
            FixedCode = CallersLoop
                .Replace("using System.IO;\n", "using System.IO;\nusing Streamline.Runtime;\n", StringComparison.Ordinal)
                .Replace("        while ({|SL1007:input.ReadByte()|} > 0) n++;\n", "        using (var inputReader = new SkipReader(input, leaveOpen: true))\n        {\n            while (inputReader.ReadByte() > 0) n++;\n        }\n\n", StringComparison.Ordinal),
        }.RunAsync();

    [Fact]
    public Task NoFix_CallersStream_WithoutARuntime()
        => new Verify.Test(TestTarget.Net80, referenceRuntime: false) { TestCode = CallersLoop, FixedCode = CallersLoop }.RunAsync();

    /// <summary>A caller's stream in a loop that lets other code see it while a reader would hold bytes read ahead:
    /// an await or yield, the stream handed on or used otherwise, another reader, a delegate call, a method of this
    /// object where the stream is a field. Reported, not fixed.</summary>
    [Fact]
    public Task NoFix_CallersStream_SeenByOtherCodeInTheLoop()
    {
        string source = """
            using System;
            using System.Collections.Generic;
            using System.IO;
            using System.Threading.Tasks;

            class C
            {
                private readonly Seekable _stream = new Seekable(Stream.Null);
                static void Keep(object o) { }
                void Touch() { }

                static IEnumerable<int> Yields(Seekable input)
                {
                    if (input is null) yield break;
                    int b;
                    while ((b = {|SL1007:input.ReadByte()|}) > 0) yield return b;
                }

                static async Task<int> Awaits(Seekable input)
                {
                    ArgumentNullException.ThrowIfNull(input);
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) { n++; await Task.Yield(); }
                    return n;
                }

                static int HandedOn(Seekable input, object tag)
                {
                    ArgumentNullException.ThrowIfNull(input);
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) { n++; Keep(tag); }
                    return n;
                }

                static int Position(Seekable input)
                {
                    ArgumentNullException.ThrowIfNull(input);
                    long n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) n += input.Position;
                    return (int)n;
                }

                static int OtherReader(Seekable input, BinaryReader reader)
                {
                    ArgumentNullException.ThrowIfNull(input);
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) n += reader.ReadByte();
                    return n;
                }

                static int Delegate(Seekable input, Func<int> next)
                {
                    ArgumentNullException.ThrowIfNull(input);
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) n += next();
                    return n;
                }

                int FieldAndThis()
                {
                    _ = _stream.Length;
                    int n = 0;
                    while ({|SL1007:_stream.ReadByte()|} > 0) { n++; Touch(); }
                    return n;
                }

                static int StreamTyped(Stream input)
                {
                    ArgumentNullException.ThrowIfNull(input); // may be a FileStream or MemoryStream: the reader would lose
                    int n = 0;
                    while ({|SL1107:input.ReadByte()|} > 0) n++;
                    return n;
                }

                static int NeverSeeks(Stream input)
                {
                    var s = new Slow(input); // CanSeek => false: a reader would read nothing ahead
                    int n = 0;
                    while ({|SL1007:s.ReadByte()|} > 0) n++;
                    return n;
                }

                static int LocalFunction(Seekable input)
                {
                    ArgumentNullException.ThrowIfNull(input);
                    int Next() => input.ReadByte(); // reads behind a reader's back when called in the loop
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) n += Next();
                    return n;
                }

                int AnotherInstancesField(C other)
                {
                    _ = _stream.Length;
                    int n = 0;
                    while ({|SL1007:_stream.ReadByte()|} > 0) n += {|SL1007:other._stream.ReadByte()|};
                    return n;
                }

                static int DeclaredInTheLoop(byte[][] inputs, int count)
                {
                    int n = 0;
                    for (int k = 0; k < inputs.Length; k++)
                    {
                        var s = new FromBytes(inputs[k]);
                        for (int i = 0; i < count; i++) n += {|SL1107:s.ReadByte()|};
                    }

                    return n;
                }

                static int LargerRead(Seekable input)
                {
                    ArgumentNullException.ThrowIfNull(input);
                    byte[] block = new byte[4];
                    int n = 0;
                    while ({|SL1007:input.ReadByte()|} > 0) n += input.Read(block, 0, 4);
                    return n;
                }
            }

            class FromBytes : Slow
            {
                public FromBytes(byte[] data) : base(new MemoryStream(data)) { }
                public override bool CanSeek => true;
            }
            """ + SeekableStream + Slow;
        return Verify.VerifyCodeFixAsync(source, source);
    }

    /// <summary>The stream itself used otherwise (its Position, handed on, captured, reassigned, read with a count
    /// other than 1), or a type whose CanRead is not the constant true: reported, never fixed.</summary>
    [Fact]
    public Task NoFix_WhenTheStreamIsUsedOtherwise()
    {
        string source = """
            using System;
            using System.IO;

            class C
            {
                static void Keep(Stream s) { }

                int Position(string path)
                {
                    var s = new Slow(File.OpenRead(path));
                    int n = 0;
                    while ({|SL1007:s.ReadByte()|} > 0) n++;
                    Keep(s);
                    return n;
                }

                int Captured(string path)
                {
                    var s = new Slow(File.OpenRead(path));
                    Func<int> next = () => s.ReadByte();
                    int n = 0;
                    while ({|SL1007:s.ReadByte()|} > 0) n += next();
                    return n;
                }

                int Block(string path)
                {
                    var s = new Slow(File.OpenRead(path));
                    var block = new byte[8];
                    int n = s.Read(block, 0, 8);
                    while ({|SL1007:s.ReadByte()|} > 0) n++;
                    return n;
                }

                int OutsideArray(string path, byte[] one)
                {
                    var s = new Slow(File.OpenRead(path));
                    int n = 0;
                    while ({|SL1007:s.Read(one, 0, 1)|} > 0) n++;
                    return n;
                }

                int Computed(string path)
                {
                    var s = new Maybe(File.OpenRead(path));
                    int n = 0;
                    while ({|SL1007:s.ReadByte()|} > 0) n++;
                    return n;
                }

                int OverAnArray(byte[] data)
                {
                    var s = new Maybe(new MemoryStream(data));
                    int n = 0;
                    while ({|SL1007:s.ReadByte()|} > 0) n++;
                    return n;
                }
            }

            class Maybe : Slow
            {
                private readonly Stream _inner;
                public Maybe(Stream inner) : base(inner) => _inner = inner;
                public override bool CanRead => _inner.CanRead;
            }
            """ + Slow;
        return Verify.VerifyCodeFixAsync(source, source);
    }

    [Fact]
    public Task Quiet_OnStreamsThatBuffer_OutsideLoops_AndInFewFixedPasses()
        => Verify.VerifyAnalyzerAsync("""
            using System;
            using System.IO;

            class C
            {
                long Buffered(MemoryStream memory, FileStream file, BufferedStream buffered, UnmanagedMemoryStream unmanaged, Fast fast, byte[] data)
                {
                    long sum = 0;
                    Stream local = new MemoryStream(data);
                    for (int i = 0; i < data.Length; i++)
                    {
                        sum += memory.ReadByte() + file.ReadByte() + buffered.ReadByte() + unmanaged.ReadByte() + fast.ReadByte() + local.ReadByte();
                    }

                    return sum;
                }

                int Header(Stream input, Slow slow)
                {
                    int tag = input.ReadByte() + slow.ReadByte();
                    for (int n = 0; n < 4; n++)
                        tag = (tag << 8) | input.ReadByte();
                    slow.Read(new byte[4], 0, 4);
                    return tag;
                }

                int NewStreamEachPass(string[] paths, Stream[] streams)
                {
                    int n = 0;
                    foreach (var path in paths)
                    {
                        var s = new Slow(File.OpenRead(path));
                        if (s.ReadByte() >= 0) n++;
                    }

                    foreach (Stream each in streams)
                        n += each.ReadByte();
                    return n;
                }

                int Block(Slow slow, byte[] block)
                {
                    int n = 0;
                    while (slow.Read(block, 0, block.Length) > 0) n++;
                    return n;
                }
            }

            class Fast : Slow
            {
                public Fast(Stream inner) : base(inner) { }
                public override int ReadByte() => 0;
            }
            """ + Slow);

    /// <summary>
    /// Reads in the pass that leaves the loop (PdfPig's start-of-frame header, read in the branch that returns) run once,
    /// not per pass: only the marker scan's read is reported. A break of an inner loop does not leave the outer one.
    /// </summary>
    [Fact]
    public Task Quiet_OnReadsInThePassThatLeavesTheLoop()
        => Verify.VerifyAnalyzerAsync("""
            using System;
            using System.IO;

            class C
            {
                int FrameSize(Slow s)
                {
                    while (true)
                    {
                        int b = {|SL1107:s.ReadByte()|};
                        if (b == -1)
                            return -1;
                        if (b == 0xC0)
                        {
                            int high = s.ReadByte();
                            int low = s.ReadByte();
                            return (high << 8) | low;
                        }
                    }
                }

                long Records(Slow s, int count)
                {
                    long sum = 0;
                    for (int i = 0; i < count; i++)
                    {
                        while (true)
                        {
                            int b = {|SL1107:s.ReadByte()|};
                            if (b == 0)
                            {
                                sum += {|SL1107:s.ReadByte()|};
                                break;
                            }
                        }
                    }

                    return sum;
                }
            }
            """ + Slow);

    /// <summary>A stream made inside the loop but read in a loop of its own: that inner loop repeats the reads.</summary>
    [Fact]
    public Task Fires_InAnInnerLoop_OverAStreamMadeEachPass()
        => Verify.VerifyAnalyzerAsync("""
            using System;
            using System.IO;

            class C
            {
                long Sum(string[] paths)
                {
                    long sum = 0;
                    foreach (var path in paths)
                    {
                        var s = new Slow(File.OpenRead(path));
                        int b;
                        while ((b = {|SL1007:s.ReadByte()|}) != -1) sum += b;
                    }

                    return sum;
                }
            }
            """ + Slow);

    [Fact]
    public Task Fires_OnTypesThatDoNotBuffer_ByTypeAndByOrigin()
        => Verify.VerifyAnalyzerAsync("""
            using System;
            using System.IO;
            using System.IO.Compression;
            
            class C
            {
                long Sum(Slow slow, GZipStream gzip, DeflateStream deflate, Stream unknown, string path)
                {
                    long sum = 0;
                    Stream made = new Slow(File.OpenRead(path));
                    var reader = new BinaryReader(new Slow(File.OpenRead(path)));
                    while (sum < 1000)
                    {
                        sum += {|SL1107:slow.ReadByte()|} + {|SL1107:gzip.ReadByte()|} + {|SL1107:deflate.ReadByte()|};
                        sum += {|SL1107:unknown.ReadByte()|} + {|SL1107:made.ReadByte()|} + {|SL1107:reader.BaseStream.ReadByte()|};
                    }

                    return sum;
                }
            }
            """ + Slow);

    [Fact]
    public Task Message_NamesTheStreamAndItsType()
        => new Verify.Test(TestTarget.Net80)
        {
            TestCode = """
                using System;
                using System.IO;

                class C
                {
                    void Skip(Slow slow, int n)
                    {
                        for (int i = 0; i < n; i++)
                            {|#0:slow.ReadByte()|};
                    }
                }
                """ + Slow,
            ExpectedDiagnostics = { Verify.Diagnostic("SL1107").WithLocation(0).WithArguments("slow", "Slow", "no fix is offered for a caller's stream", EvidenceText.OfType(EvidenceText.Count, "Slow")) },
        }.RunAsync();

    [Fact]
    public Task Quiet_InGeneratedCode()
        => Verify.VerifyAnalyzerAsync("""
            // <auto-generated/>
            using System;
            using System.IO;

            class C
            {
                void Skip(Stream s, int n)
                {
                    for (int i = 0; i < n; i++)
                        s.ReadByte();
                }
            }
            """);

    [Fact]
    public Task HalfTypedCode_NoCrash()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class C
            {
                void Skip(Stream s, int n)
                {
                    int b = s.ReadByte({|CS1026:|}{|CS1002:|}
                    while (true) new {|CS0246:Missing|}(s).ReadByte();
                    for (int i = 0; i < n; i++) s.{|CS1061:Nope|}();
                }
            }
            """);
}
