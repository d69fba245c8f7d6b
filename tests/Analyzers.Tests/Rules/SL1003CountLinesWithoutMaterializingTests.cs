using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Testing;
using Streamline.Analyzers.Rules;
using Streamline.Analyzers.Tests.Verifiers;
using Streamline.CodeFixes.Rules;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1003CountLinesWithoutMaterializingAnalyzer,
    Streamline.CodeFixes.Rules.SL1003CountLinesWithoutMaterializingCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

[Trait("Rule", "SL1003")]
public class SL1003CountLinesWithoutMaterializingTests
{
    [Fact]
    public Task Fix_ReadAllLinesLength()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;

            class C
            {
                int M(string path) => {|SL1003:File.ReadAllLines(path).Length|};
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                int M(string path) => LineCounter.Count(path);
            }
            """);

    [Fact]
    public Task Fix_LongLengthWithEncoding_StaysLong()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Text;

            class C
            {
                long M(string path) => {|SL1003:File.ReadAllLines(path, Encoding.Latin1).LongLength|};
            }
            """, """
            using System.Text;
            using Streamline.Runtime;

            class C
            {
                long M(string path) => LineCounter.CountLong(path, Encoding.Latin1);
            }
            """);

    [Fact]
    public Task Fix_LinqCountAndLongCount()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Linq;

            class C
            {
                void M(string path)
                {
                    int a = {|SL1003:File.ReadAllLines(path).Count()|};
                    int b = {|SL1003:File.ReadLines(path).Count()|};
                    long c = {|SL1003:File.ReadLines(path).LongCount()|};
                    long d = {|SL1003:File.ReadAllLines(path).LongCount()|};
                }
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                void M(string path)
                {
                    int a = LineCounter.Count(path);
                    int b = LineCounter.Count(path);
                    long c = LineCounter.CountLong(path);
                    long d = LineCounter.CountLong(path);
                }
            }
            """);

    [Fact]
    public Task Fix_KeepsNamedArgumentsCommentsAndTrivia()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Text;

            class C
            {
                int M(string p)
                {
                    return /* before */ {|SL1003:File.ReadAllLines(encoding: Encoding.UTF8, /* the file */ path: p).Length|} /* after */;
                }
            }
            """, """
            using System.Text;
            using Streamline.Runtime;

            class C
            {
                int M(string p)
                {
                    return /* before */ LineCounter.Count(encoding: Encoding.UTF8, /* the file */ path: p) /* after */;
                }
            }
            """);

    [Fact]
    public Task Fix_AsyncKeepsTokenAndConfigureAwait()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Linq;
            using System.Text;
            using System.Threading;
            using System.Threading.Tasks;

            class C
            {
                async Task<int> A(string path, CancellationToken ct) => {|SL1003:(await File.ReadAllLinesAsync(path, ct)).Length|};
                async Task<long> B(string path) => {|SL1003:(await File.ReadAllLinesAsync(path, Encoding.UTF8).ConfigureAwait(false)).LongLength|};
                async Task<int> D(string path) => {|SL1003:(await File.ReadAllLinesAsync(path)).Count()|} + 1;
            }
            """, """
            using System.Text;
            using System.Threading;
            using System.Threading.Tasks;
            using Streamline.Runtime;

            class C
            {
                async Task<int> A(string path, CancellationToken ct) => await LineCounter.CountAsync(path, ct);
                async Task<long> B(string path) => await LineCounter.CountLongAsync(path, Encoding.UTF8).ConfigureAwait(false);
                async Task<int> D(string path) => await LineCounter.CountAsync(path) + 1;
            }
            """);

    [Fact]
    public Task Fix_AsyncInMemberAccess_KeepsParentheses()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Threading.Tasks;

            class C
            {
                async Task<string> M(string path) => {|SL1003:(await File.ReadAllLinesAsync(path)).Length|}.ToString();
            }
            """, """
            using System.Threading.Tasks;
            using Streamline.Runtime;

            class C
            {
                async Task<string> M(string path) => (await LineCounter.CountAsync(path)).ToString();
            }
            """);

    [Fact]
    public Task Fix_LocalUsedOnlyForItsLength()
        => Verify.VerifyCodeFixAsync("""
            using System;
            using System.IO;
            using System.Linq;

            class C
            {
                void M(string path)
                {
                    // Read the file.
                    string[] lines = {|SL1003:File.ReadAllLines(path)|};
                    Console.WriteLine(lines.Length);
                    if (lines.Count() > 10)
                        Console.WriteLine("long file");
                }
            }
            """, """
            using System;
            using Streamline.Runtime;

            class C
            {
                void M(string path)
                {
                    // Read the file.
                    int lineCount = LineCounter.Count(path);
                    Console.WriteLine(lineCount);
                    if (lineCount > 10)
                        Console.WriteLine("long file");
                }
            }
            """);

    [Fact]
    public Task Fix_VarLocalWithLongUses_RenamesAndAvoidsClash()
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Threading.Tasks;

            class C
            {
                async Task<long> M(string path, int logLineCount)
                {
                    var logLines = {|SL1003:await File.ReadAllLinesAsync(path)|};
                    return logLines.LongLength * logLineCount;
                }
            }
            """, """
            using System.Threading.Tasks;
            using Streamline.Runtime;

            class C
            {
                async Task<long> M(string path, int logLineCount)
                {
                    var logLineCount1 = await LineCounter.CountLongAsync(path);
                    return logLineCount1 * logLineCount;
                }
            }
            """);

    [Fact]
    public Task Fix_TopLevelStatements()
        => new Verify.Test
        {
            TestState = { OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication },
            TestCode = """
                using System;
                using System.IO;

                Console.WriteLine({|SL1003:File.ReadAllLines(args[0]).Length|});
                """,
            FixedCode = """
                using System;
                using Streamline.Runtime;

                Console.WriteLine(LineCounter.Count(args[0]));
                """,
        }.RunAsync();

    // IDE0005 would flag a using the fix left unused; one still used elsewhere, and one that was unused already, stay.
    [Fact]
    public Task Fix_RemovesOnlyTheUsingsItMadeUnnecessary()
    {
        var test = new Verify.Test();
        test.TestState.Sources.Add("""
            using System.IO;
            using System.Linq;
            using System.Text;

            class A
            {
                int M(string p) => {|SL1003:File.ReadLines(p).Count()|} + (File.Exists(p) ? 1 : 0);
            }
            """);
        test.TestState.Sources.Add("""
            // A header that stays.
            using System.IO;

            namespace N
            {
                using System.Linq;

                class B { int M(string p) => {|SL1003:File.ReadLines(p).Count()|}; }
            }
            """);
        test.FixedState.Sources.Add("""
            using System.IO;
            using System.Text;
            using Streamline.Runtime;

            class A
            {
                int M(string p) => LineCounter.Count(p) + (File.Exists(p) ? 1 : 0);
            }
            """);
        test.FixedState.Sources.Add("""
            // A header that stays.

            using Streamline.Runtime;

            namespace N
            {
                class B { int M(string p) => LineCounter.Count(p); }
            }
            """);
        return test.RunAsync();
    }

    [Fact]
    public Task FixAll_AcrossDocuments()
    {
        var test = new Verify.Test();
        test.TestState.Sources.Add("""
            using System.IO;

            class A
            {
                int M(string p) => {|SL1003:File.ReadAllLines(p).Length|} + {|SL1003:File.ReadAllLines(p).Length|};
            }
            """);
        test.TestState.Sources.Add("""
            using System.IO;
            using System.Linq;
            class B
            {
                long M(string p) => {|SL1003:File.ReadLines(p).LongCount()|};
            }
            """);
        test.FixedState.Sources.Add("""
            using Streamline.Runtime;

            class A
            {
                int M(string p) => LineCounter.Count(p) + LineCounter.Count(p);
            }
            """);
        test.FixedState.Sources.Add("""
            using Streamline.Runtime;

            class B
            {
                long M(string p) => LineCounter.CountLong(p);
            }
            """);
        return test.RunAsync();
    }

    [Theory]
    [InlineData(TestTarget.Net472)]
    [InlineData(TestTarget.NetStandard20)]
    public Task Fix_OnOlderTargets(TestTarget target)
        => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Linq;

            class C
            {
                int M(string path) => {|SL1003:File.ReadAllLines(path).Length|} + {|SL1003:File.ReadLines(path).Count()|};
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                int M(string path) => LineCounter.Count(path) + LineCounter.Count(path);
            }
            """, target);

    [Theory]
    [InlineData(TestTarget.Net80, LanguageVersion.Latest)]
    [InlineData(TestTarget.NetStandard20, LanguageVersion.CSharp7_3)]
    public Task Fix_WithGeneratedRuntime_NeedsNoRuntimeAssembly(TestTarget target, LanguageVersion language)
        => new Verify.Test(target, referenceRuntime: false)
        {
            GeneratedRuntime = true,
            LanguageVersion = language,
            TestCode = """
                using System.IO;

                class C
                {
                    int M(string path) { return {|SL1003:File.ReadAllLines(path).Length|}; }
                }
                """,
            FixedCode = """
                using Streamline.Runtime;

                class C
                {
                    int M(string path) { return LineCounter.Count(path); }
                }
                """,
        }.RunAsync();

    [Fact]
    public Task NoFix_WhenGeneratedRuntimeIsTurnedOff()
    {
        const string Source = """
            using System.IO;

            class C
            {
                int M(string path) => {|SL1003:File.ReadAllLines(path).Length|};
            }
            """;
        var test = new Verify.Test(TestTarget.Net80, referenceRuntime: false) { TestCode = Source, FixedCode = Source };
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\nbuild_property.StreamlineRuntimeSource = false\n"));
        return test.RunAsync();
    }

    [Fact]
    public Task NoFix_WithoutRuntimeReference()
    {
        const string Source = """
            using System.IO;

            class C
            {
                int M(string path) => {|SL1003:File.ReadAllLines(path).Length|};
            }
            """;
        return new Verify.Test(TestTarget.Net80, referenceRuntime: false) { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Fact]
    public Task NoFix_LocalWithMixedIntAndLongUses()
    {
        const string Source = """
            using System.IO;

            class C
            {
                long M(string path)
                {
                    string[] lines = {|SL1003:File.ReadAllLines(path)|};
                    return lines.Length + lines.LongLength;
                }
            }
            """;
        return new Verify.Test { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Fact]
    public Task NoFix_LocalInMultipleDeclaration()
    {
        const string Source = """
            using System.IO;

            class C
            {
                int M(string path)
                {
                    string[] lines = {|SL1003:File.ReadAllLines(path)|}, other = new string[0];
                    return lines.Length + other.Length;
                }
            }
            """;
        return new Verify.Test { TestCode = Source, FixedCode = Source }.RunAsync();
    }

    [Fact]
    public Task Quiet_WhenLinesAreUsed()
        => Verify.VerifyAnalyzerAsync("""
            using System;
            using System.IO;
            using System.Linq;

            class C
            {
                void M(string path)
                {
                    string[] lines = File.ReadAllLines(path);
                    Console.WriteLine(lines.Length);
                    Console.WriteLine(lines[0]);

                    string[] written = File.ReadAllLines(path);
                    int n = written.Length;
                    written = new string[0];

                    var reused = File.ReadAllLines(path);
                    foreach (var line in reused) Console.WriteLine(line);
                    Console.WriteLine(reused.Length);

                    int empty = File.ReadAllLines(path).Count(line => line.Length == 0);
                    int viaList = File.ReadAllLines(path).ToList().Count;
                    var lazy = File.ReadLines(path);
                    int lazyCount = lazy.Count();
                    string text = File.ReadAllText(path);
                    string[] unused = File.ReadAllLines(path);
                    int? maybe = File.ReadAllLines(path)?.Length;
                }
            }
            """);

    [Fact]
    public Task Quiet_OnOtherFileTypes()
        => Verify.VerifyAnalyzerAsync("""
            namespace Mine
            {
                static class File
                {
                    public static string[] ReadAllLines(string path) => new[] { path };
                }

                class C
                {
                    int M(string path) => File.ReadAllLines(path).Length;
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
                int M(string path) => File.ReadAllLines(path).Length;
            }
            """);

    [Theory]
    [InlineData("int M(string path) => File.ReadAllLines(path).Len;")]
    [InlineData("int M(string path) => File.ReadAllLines(path, ).Length;")]
    [InlineData("int M(string path) => File.ReadAllLines(path")]
    [InlineData("int M(string path) => File.ReadAllLines().Length;")]
    [InlineData("int M(string path) => File.ReadAllLines(path).Count(;")]
    [InlineData("int M(string path) { string[] lines = File.ReadAllLines(path); return lines.")]
    [InlineData("async System.Threading.Tasks.Task<int> M(string path) => (await File.ReadAllLinesAsync(path)).")]
    [InlineData("int M(string path) { var lines = File.ReadAllLines(path); return lines.Length; } int X => lines.Length;")]
    public async Task NoCrash_OnHalfTypedCode(string member)
    {
        string source = "using System.IO; using System.Linq; class C { " + member + " }";
        AnalyzerRun run = await AnalyzerRunner.RunAsync(new SL1003CountLinesWithoutMaterializingAnalyzer(), TestTarget.Net80, source);
        Assert.Empty(run.Exceptions);
        Assert.NotEmpty(run.Compilation.GetDiagnostics().Where(d => d.Severity == Microsoft.CodeAnalysis.DiagnosticSeverity.Error));
    }
}
