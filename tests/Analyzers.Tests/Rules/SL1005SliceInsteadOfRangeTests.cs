using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Streamline.Analyzers.Rules;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1005SliceInsteadOfRangeAnalyzer,
    Streamline.CodeFixes.Rules.SL1005SliceInsteadOfRangeCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

[Trait("Rule", "SL1005")]
public class SL1005SliceInsteadOfRangeTests
{
    private const string AssumeNew = "5.9";

    [Fact]
    public Task Fix_SpanFromStart()
        => Verify.VerifyCodeFixAsync("""
            using System;

            class C
            {
                Span<int> M(Span<int> span, int i)
                {
                    while (span.Length > i)
                        span = {|SL1005:span[i..]|};

                    return span;
                }
            }
            """, """
            using System;

            class C
            {
                Span<int> M(Span<int> span, int i)
                {
                    while (span.Length > i)
                        span = span.Slice(i);

                    return span;
                }
            }
            """);

    [Fact]
    public Task Fix_ReadOnlySpanInLoop_KeepsTheStartExpression()
        => Verify.VerifyCodeFixAsync("""
            using System;

            class C
            {
                int CountWords(ReadOnlySpan<char> text)
                {
                    int count = 0;
                    int space;
                    while ((space = text.IndexOf(' ')) >= 0)
                    {
                        count++;
                        text = {|SL1005:text[(space + 1)..]|};
                    }

                    return count;
                }
            }
            """, """
            using System;

            class C
            {
                int CountWords(ReadOnlySpan<char> text)
                {
                    int count = 0;
                    int space;
                    while ((space = text.IndexOf(' ')) >= 0)
                    {
                        count++;
                        text = text.Slice(space + 1);
                    }

                    return count;
                }
            }
            """);

    [Fact]
    public Task Fix_MemoryAndReadOnlyMemory()
        => Verify.VerifyCodeFixAsync("""
            using System;

            class C
            {
                Memory<byte> A(Memory<byte> m) { while (true) { var slice = {|SL1005:m[3..]|}; return slice; } }
                ReadOnlyMemory<char> B(ReadOnlyMemory<char> m, int i) { while (true) { var slice = {|SL1005:m[i..]|}; return slice; } }
            }
            """, """
            using System;

            class C
            {
                Memory<byte> A(Memory<byte> m) { while (true) { var slice = m.Slice(3); return slice; } }
                ReadOnlyMemory<char> B(ReadOnlyMemory<char> m, int i) { while (true) { var slice = m.Slice(i); return slice; } }
            }
            """);

    // Substring(start) measured no faster than the old lowering, on .NET 10 and on Mono (docs/rules/SL1005.md).
    [Fact]
    public Task Quiet_StringReceivers()
        => Verify.VerifyAnalyzerAsync("""
            class C
            {
                int M(string[] pairs)
                {
                    int total = 0;
                    foreach (string pair in pairs)
                        total += pair[(pair.IndexOf('=') + 1)..].Length + pair[^2..].Length;

                    return total;
                }
            }
            """);

    [Fact]
    public Task Quiet_OutsideLoops_AndWhereTheLoopRunsItOnce()
        => Verify.VerifyAnalyzerAsync("""
            using System;
            using System.Linq;

            class C
            {
                Span<int> A(Span<int> span, int i) => span[i..];

                int B(int[] items, ReadOnlySpan<int> span, int i)
                {
                    int total = 0;
                    foreach (int item in span[i..])
                        total += item;

                    for (ReadOnlySpan<int> rest = span[i..]; rest.Length > 0; rest = rest.Slice(1))
                        total++;

                    foreach (int item in items)
                        total += items.Select(x => new ReadOnlySpan<int>(items)[x..].Length).Sum();

                    for (int k = 0; k < span.Length; k++)
                    {
                        if (span[k] == 0)
                            return span[k..].Length;

                        if (span[k] < 0)
                            throw new ArgumentException(span[k..].ToString());
                    }

                    return total;
                }
            }
            """);

    [Fact]
    public Task Quiet_LoopsWhoseTimeGoesToInputOutput()
        => Verify.VerifyAnalyzerAsync("""
            using System;
            using System.IO;
            using System.Threading.Tasks;

            class C
            {
                void A(Stream stream, byte[] buffer)
                {
                    int read;
                    while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
                    {
                        Span<byte> rest = buffer.AsSpan(0, read);
                        rest = rest[1..];
                    }
                }

                async Task B(Stream stream, Memory<byte> buffer)
                {
                    while (buffer.Length > 0)
                    {
                        await stream.WriteAsync(buffer);
                        buffer = buffer[1..];
                    }
                }

                void D(TextWriter writer, ReadOnlyMemory<char> text)
                {
                    for (int i = 0; i < 3; i++)
                    {
                        writer.Write(text.Span);
                        text = text[1..];
                    }
                }
            }
            """);

    [Fact]
    public Task Reports_InLoopBodyConditionAndIncrement()
        => Verify.VerifyAnalyzerAsync("""
            using System;

            class C
            {
                int M(ReadOnlySpan<char> text, int[] items)
                {
                    int total = 0;
                    for (ReadOnlySpan<char> rest = text; {|SL1005:rest[1..]|}.Length > 0; rest = {|SL1005:rest[1..]|})
                        total++;

                    do
                    {
                        text = {|SL1005:text[1..]|};
                    }
                    while (text.Length > 3);

                    foreach (int item in items)
                        total += {|SL1005:text[(item & 1)..]|}.Length;

                    return total;
                }
            }
            """);

    [Fact]
    public Task Fix_FromEnd_LocalOrParameterReceiver()
        => Verify.VerifyCodeFixAsync("""
            using System;

            class C
            {
                void M(ReadOnlySpan<char> name, int k)
                {
                    const int Two = 2;
                    Memory<int> memory = new int[8];
                    for (int n = 0; n < 2; n++)
                    {
                        var a = {|SL1005:name[^3..]|};
                        var c = {|SL1005:memory[^Two..]|};
                        var d = {|SL1005:name[^(k + 1)..]|};
                        var e = checked({|SL1005:name[^2..]|});
                        var f = checked(unchecked({|SL1005:name[^k..]|}));
                    }
                }
            }
            """, """
            using System;

            class C
            {
                void M(ReadOnlySpan<char> name, int k)
                {
                    const int Two = 2;
                    Memory<int> memory = new int[8];
                    for (int n = 0; n < 2; n++)
                    {
                        var a = name.Slice(name.Length - 3);
                        var c = memory.Slice(memory.Length - Two);
                        var d = name.Slice(name.Length - (k + 1));
                        var e = checked(name.Slice(name.Length - 2));
                        var f = checked(unchecked(name.Slice(name.Length - k)));
                    }
                }
            }
            """);

    /// <summary>A start of a narrower integer type or a char: the compiler widens it to int and lowers the range as
    /// for an int (Roslyn 5.0: Slice(start, Length - start); 5.12: Slice(start)), as in a WebP decoder's
    /// <c>dst[Scan[n]..]</c> over a <c>short[]</c> table.</summary>
    [Fact]
    public Task Fix_NarrowIntegerAndCharStarts()
        => Verify.VerifyCodeFixAsync("""
            using System;

            class C
            {
                static readonly short[] Scan = { 0, 4, 8, 12 };

                int M(Span<byte> dst, byte b, sbyte sb, ushort us, char c, short k)
                {
                    int sum = 0;
                    for (int n = 0; n < Scan.Length * 100; n++)
                    {
                        sum += {|SL1005:dst[Scan[n % 4]..]|}.Length;
                        sum += {|SL1005:dst[b..]|}.Length + {|SL1005:dst[sb..]|}.Length + {|SL1005:dst[us..]|}.Length + {|SL1005:dst[c..]|}.Length;
                        sum += {|SL1005:dst[^k..]|}.Length;
                    }

                    return sum;
                }
            }
            """, """
            using System;

            class C
            {
                static readonly short[] Scan = { 0, 4, 8, 12 };

                int M(Span<byte> dst, byte b, sbyte sb, ushort us, char c, short k)
                {
                    int sum = 0;
                    for (int n = 0; n < Scan.Length * 100; n++)
                    {
                        sum += dst.Slice(Scan[n % 4]).Length;
                        sum += dst.Slice(b).Length + dst.Slice(sb).Length + dst.Slice(us).Length + dst.Slice(c).Length;
                        sum += dst.Slice(dst.Length - k).Length;
                    }

                    return sum;
                }
            }
            """);

    [Fact]
    public Task FromEnd_ReceiverOrOperandWithSideEffects_ReportedWithoutFix()
    {
        const string Source = """
            using System;

            class C
            {
                int _k;
                Span<int> Next() => new int[4];
                int K() => 1;

                void M(Span<int> span)
                {
                    do
                    {
                        var a = {|SL1005:Next()[^1..]|};
                        var b = {|SL1005:span[^K()..]|};
                        var c = {|SL1005:span[^_k..]|};
                        int k = _k;
                        var d = checked({|SL1005:span[^k..]|});
                        checked { var e = {|SL1005:span[^k..]|}; }
                    }
                    while (_k > 0);
                }
            }
            """;
        return new Verify.Test { TestCode = Source, FixedCode = Source }.RunAsync(CancellationToken.None);
    }

    [Fact]
    public Task Fix_ReceiverAndStartWithSideEffects_AreEvaluatedOnceInOrder()
        => Verify.VerifyCodeFixAsync("""
            using System;

            class C
            {
                int _calls;
                Span<int> Next() { _calls++; return new int[4]; }
                int Start() => _calls;

                Span<int> M() { while (true) { var slice = {|SL1005:Next()[Start()..]|}; return slice; } }
            }
            """, """
            using System;

            class C
            {
                int _calls;
                Span<int> Next() { _calls++; return new int[4]; }
                int Start() => _calls;

                Span<int> M() { while (true) { var slice = Next().Slice(Start()); return slice; } }
            }
            """);

    [Fact]
    public Task Fix_KeepsCommentsAndTrivia()
        => Verify.VerifyCodeFixAsync("""
            using System;

            class C
            {
                Span<int> M(Span<int> span, int i)
                {
                    while (true)
                        span = /* lead */ {|SL1005:span[/* start */ i /* dots */.. /* end */]|} /* trail */;
                }
            }
            """, """
            using System;

            class C
            {
                Span<int> M(Span<int> span, int i)
                {
                    while (true)
                        span = /* lead */ span.Slice(/* start */ i /* dots */ /* end */) /* trail */;
                }
            }
            """);

    [Fact]
    public Task Fix_NestedRanges_FixAllRewritesBoth()
        => Verify.VerifyCodeFixAsync("""
            using System;

            class C
            {
                ReadOnlySpan<char> M(ReadOnlySpan<char> s, int i, int j) { while (true) { var slice = {|SL1005:{|SL1005:s[i..]|}[j..]|}; return slice; } }
            }
            """, """
            using System;

            class C
            {
                ReadOnlySpan<char> M(ReadOnlySpan<char> s, int i, int j) { while (true) { var slice = s.Slice(i).Slice(j); return slice; } }
            }
            """);

    [Fact]
    public Task Fix_TopLevelStatements()
    {
        var test = new Verify.Test
        {
            TestCode = """
                using System;

                ReadOnlySpan<char> text = "a b".AsSpan();
                int total = 0;
                for (int n = 0; n < 2; n++)
                    total += {|SL1005:text[2..]|}.Length;
                Console.WriteLine(total);
                """,
            FixedCode = """
                using System;

                ReadOnlySpan<char> text = "a b".AsSpan();
                int total = 0;
                for (int n = 0; n < 2; n++)
                    total += text.Slice(2).Length;
                Console.WriteLine(total);
                """,
        };
        test.TestState.OutputKind = OutputKind.ConsoleApplication;
        return test.RunAsync(CancellationToken.None);
    }

    [Fact]
    public Task Quiet_ShapesEveryCompilerLowersAlike()
        => Verify.VerifyAnalyzerAsync("""
            using System;
            using System.Collections.Generic;

            class C
            {
                void M(Span<int> span, string text, int[] array, ArraySegment<int> segment, Index index, Range range, int i, int j)
                {
                    var a = span[..j];
                    var b = span[i..j];
                    var c = span[index..];
                    var d = span[range];
                    var e = span[..];
                    var f = text[i..^j];
                    var g = array[i..];
                    var h = segment[i..];
                    var k = span[^1];
                    var l = span[i];
                    var m = span.Slice(i);
                    var n = text.Substring(i);
                    string? o = text;
                    var p = o?[i..];
                }
            }
            """);

    [Fact]
    public Task Quiet_OtherTypesWithSlice()
        => Verify.VerifyAnalyzerAsync("""
            class Buffer
            {
                public int Length => 8;
                public Buffer Slice(int start, int length) => this;
                public Buffer Slice(int start) => this;
            }

            class C
            {
                Buffer M(Buffer b, int i) => b[i..];
            }
            """);

    [Fact]
    public Task Quiet_GeneratedCode()
        => Verify.VerifyAnalyzerAsync("""
            // <auto-generated/>
            using System;

            class C
            {
                Span<int> M(Span<int> span, int i) => span[i..];
            }
            """);

    [Fact]
    public Task Quiet_WhenTheCompilerEmitsSliceStart()
        => WithAssumedCompiler(AssumeNew, """
            using System;

            class C
            {
                Span<int> A(Span<int> span, int i) { while (true) { var slice = span[i..]; return slice; } }
            }
            """);

    [Theory]
    [InlineData("4.8")]
    [InlineData("5.0.0")]
    [InlineData("3.6")]
    [InlineData("4")]
    public Task Reports_WhenTheAssumedCompilerEmitsTheTwoArgumentForm(string version)
        => WithAssumedCompiler(version, """
            using System;

            class C
            {
                Span<int> A(Span<int> span, int i) { while (true) { var slice = {|SL1005:span[i..]|}; return slice; } }
                string B(string s, int k) { while (true) { var slice = s[^k..]; return slice; } }
            }
            """);

    [Theory]
    [InlineData("5.9")]
    [InlineData("5.12.0")]
    [InlineData("6")]
    public Task Quiet_WhenTheAssumedCompilerIsNewer(string version)
        => WithAssumedCompiler(version, """
            using System;

            class C
            {
                Span<int> A(Span<int> span, int i) { while (true) { var slice = span[i..]; return slice; } }
            }
            """);

    [Fact]
    public Task UnparsableAssumedVersion_FallsBackToTheHost()
        => WithAssumedCompiler("latest", """
            using System;

            class C
            {
                Span<int> A(Span<int> span, int i) { while (true) { var slice = {|SL1005:span[i..]|}; return slice; } }
            }
            """);

    [Fact]
    public Task Quiet_NetStandard20AndNet472_HaveNoIndex()
        => Task.WhenAll(
            Verify.VerifyAnalyzerAsync(
                """
                class C
                {
                    string M(string s) => s.Substring(1);
                }
                """,
                TestTarget.NetStandard20),
            Verify.VerifyAnalyzerAsync(
                """
                class C
                {
                    string M(string s) => s.Substring(1);
                }
                """,
                TestTarget.Net472));

    [Fact]
    public Task Quiet_Net472WithIndexAndRangePolyfills_StringsAreNotReported()
        => Verify.VerifyAnalyzerAsync(
            """
            namespace System
            {
                public readonly struct Index
                {
                    private readonly int _value;
                    public Index(int value, bool fromEnd = false) => _value = fromEnd ? ~value : value;
                    public static implicit operator Index(int value) => new Index(value);
                    public int GetOffset(int length) => _value < 0 ? length + _value + 1 : _value;
                }

                public readonly struct Range
                {
                    public Range(Index start, Index end) { Start = start; End = end; }
                    public Index Start { get; }
                    public Index End { get; }
                    public static Range StartAt(Index start) => new Range(start, new Index(0, true));
                    public static Range EndAt(Index end) => new Range(new Index(0), end);
                    public static Range All => new Range(new Index(0), new Index(0, true));
                }
            }

            class C
            {
                string M(string s, int i) { while (true) { var slice = s[i..]; return slice; } }
            }
            """,
            TestTarget.Net472);

    [Fact]
    public void HostCompiler_OfTheseTests_EmitsTheTwoArgumentForm()
    {
        // The tests host Roslyn 4.14, which lowers x[start..] to Slice(start, length): the probe must say so.
        Assert.Equal(new Version(4, 14, 0, 0), typeof(Compilation).Assembly.GetName().Version);
        Assert.False(SL1005CompilerLowering.HostEmitsSliceStart);
        Assert.False(SL1005CompilerLowering.EmitsSliceStart(typeof(Compilation).Assembly));
    }

    [Fact]
    public void Probe_FallsBackToTheVersion_WhereTheEnumIsMissing()
    {
        // System.Private.CoreLib has no WellKnownMember enum; its version (10.0) is past 5.9.
        Assert.True(SL1005CompilerLowering.EmitsSliceStart(typeof(object).Assembly));
        Assert.False(SL1005CompilerLowering.EmitsSliceStart(new Version(5, 0, 0)));
        Assert.False(SL1005CompilerLowering.EmitsSliceStart(new Version(5, 8, 99)));
        Assert.True(SL1005CompilerLowering.EmitsSliceStart(new Version(5, 9)));
    }

    [Theory]
    [InlineData("class C { void M(System.Span<int> s) { while (true) { var x = s[1..", 1)]
    [InlineData("class C { void M(System.Span<int> s) { while (true) { var x = s[..]; var y = s[^..]; var z = s[1..; } }", 1)]
    [InlineData("class C { void M(System.Span<int> s, int i) { while (true) { var x = s[i.., 2]; var y = s[i..](; } }", 1)]
    [InlineData("class C { void M(Missing s, int i) { var x = s[i..]; var y = undefined[i..]; } }", 0)]
    [InlineData("class C { void M(System.Span<int> s, string t) { var x = s[t..]; var y = s[^t..]; var z = s[ref t..]; } }", 0)]
    [InlineData("class C { void M(System.Span<int> s, int i) { while (true) { var x = s[start: i..]; var y = s[i..] = default; } }", 1)]
    [InlineData("class C { System.Span<int> M(System.Span<int> s, int i) => s[i..]; }", 0)]
    [InlineData("class C { System.Span<int> M(System.Span<int> s, int i) { while (true) { var slice = s[i..]; return slice; } } }", 1)]
    [InlineData("class C { void M(System.Span<int> s, int i) { while (s[i..].Length > 0 { s = s[i..]; } }", 2)]
    [InlineData("class C { void M(System.Span<int> s, int i) { for (;; s = s[i..]", 1)]
    public async Task HalfTypedCode_NeverThrows(string source, int expected)
    {
        var analyzers = AnalyzerRunner.AllAnalyzers;
        AnalyzerRun run = await AnalyzerRunner.RunAsync(analyzers, EnableSL1005(AnalyzerRunner.CreateCompilation(TestTarget.Net80, source)), concurrent: true);
        Assert.Empty(run.Exceptions);
        Assert.Equal(expected, run.Diagnostics.Count(d => d.Id == "SL1005"));
    }

    /// <summary>SL1005 is disabled by default; turn it on as a user would.</summary>
    internal static Compilation EnableSL1005(Compilation compilation)
        => compilation.WithOptions(compilation.Options.WithSpecificDiagnosticOptions(
            compilation.Options.SpecificDiagnosticOptions.SetItem("SL1005", ReportDiagnostic.Info)));

    [Fact]
    public async Task DisabledByDefault()
    {
        Assert.False(SL1005SliceInsteadOfRangeAnalyzer.Rule.IsEnabledByDefault);
        AnalyzerRun run = await AnalyzerRunner.RunAsync(
            new SL1005SliceInsteadOfRangeAnalyzer(),
            TestTarget.Net80,
            "class C { System.Span<int> M(System.Span<int> s, int i) { while (true) { var slice = s[i..]; return slice; } } }");
        Assert.Empty(run.Diagnostics);
    }

    private static Task WithAssumedCompiler(string version, string source)
    {
        var test = new Verify.Test { TestCode = source };
        test.TestState.AnalyzerConfigFiles.Add(("/.editorconfig", $"""
            root = true

            [*.cs]
            {SL1005CompilerLowering.AssumeCompilerVersionKey} = {version}
            """));
        return test.RunAsync(CancellationToken.None);
    }
}
