using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Streamline.Analyzers.Rules;
using Streamline.Analyzers.Tests.Verifiers;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// The IDE0057 suppressor, run beside a stand-in for IDE0057 (the real one ships in the IDE's code-style layer) that
/// reports on the method name of every <c>Slice</c> and <c>Substring</c> call, as IDE0057 does on those it can simplify.
/// </summary>
[Trait("Rule", "SL1005")]
public class SL1005RangeSuggestionSuppressorTests
{
    private const string Source = """
        using System;

        class Buffer
        {
            public int Length => 8;
            public Buffer Slice(int start, int length) => this;
            public Buffer Slice(int start) => this;
        }

        class C
        {
            void M(Span<int> span, ReadOnlyMemory<char> memory, string text, Buffer buffer, int i)
            {
                var g = span.Slice(i);                          // kept: not in a loop, where SL1005 stays quiet
                while (i-- > 0)
                {
                    var a = span.Slice(i);                      // suppressed
                    var b = memory.Slice(memory.Length - 2);    // suppressed
                    var c = text.Substring(i);                  // kept: SL1005 leaves strings alone
                    var d = span.Slice(i, span.Length - i);     // kept: the range is the same code
                    var e = text.Substring(1, text.Length - 2); // kept
                    var f = buffer.Slice(i);                    // kept: not a type the compiler special-cases
                }
            }
        }
        """;

    [Fact]
    public async Task Suppresses_OneArgumentSliceAndSubstring_OnOlderCompilers()
    {
        ImmutableArray<Diagnostic> diagnostics = await RunAsync(Source, assumedVersion: null);
        Assert.Equal(7, diagnostics.Length);
        Assert.Equal(
            new[] { "a", "b" },
            diagnostics.Where(d => d.IsSuppressed).Select(LocalName).OrderBy(n => n).ToArray());
        Assert.Equal(
            new[] { "c", "d", "e", "f", "g" },
            diagnostics.Where(d => !d.IsSuppressed).Select(LocalName).OrderBy(n => n).ToArray());
    }

    [Theory]
    [InlineData("5.9", 0)]
    [InlineData("5.12", 0)]
    [InlineData("5.0", 2)]
    [InlineData("4.3.1", 2)]
    public async Task FollowsTheAssumedCompilerVersion(string version, int expectedSuppressed)
    {
        ImmutableArray<Diagnostic> diagnostics = await RunAsync(Source, version);
        Assert.Equal(7, diagnostics.Length);
        Assert.Equal(expectedSuppressed, diagnostics.Count(d => d.IsSuppressed));
    }

    [Fact]
    public async Task SuppressesExactlyWhereSL1005WouldReportTheRangeForm()
    {
        // IDE0057 turns a.Slice(i) into a[i..]; SL1005 then reports that range on the same compiler.
        const string Ranged = """
            using System;

            class C
            {
                void M(Span<int> span, ReadOnlyMemory<char> memory, string text, int i)
                {
                    var g = span[i..];
                    while (i-- > 0)
                    {
                        var a = span[i..];
                        var b = memory[^2..];
                        var c = text[i..];
                    }
                }
            }
            """;
        AnalyzerRun run = await AnalyzerRunner.RunAsync(
            ImmutableArray.Create<DiagnosticAnalyzer>(new SL1005SliceInsteadOfRangeAnalyzer()),
            SL1005SliceInsteadOfRangeTests.EnableSL1005(AnalyzerRunner.CreateCompilation(TestTarget.Net80, Ranged)),
            concurrent: true);
        Assert.Empty(run.Exceptions);
        Assert.Equal(new[] { "a", "b" }, run.Diagnostics.Where(d => d.Id == "SL1005").Select(LocalName).OrderBy(n => n).ToArray());
    }

    [Fact]
    public void Descriptor_SuppressesIde0057()
    {
        SuppressionDescriptor descriptor = Assert.Single(new SL1005RangeSuggestionSuppressor().SupportedSuppressions);
        Assert.Equal("IDE0057", descriptor.SuppressedDiagnosticId);
        Assert.Equal("SSL1005", descriptor.Id);
        Assert.False(string.IsNullOrWhiteSpace(descriptor.Justification.ToString()));
    }

    private static string LocalName(Diagnostic diagnostic)
    {
        SyntaxNode node = diagnostic.Location.SourceTree!.GetRoot().FindNode(diagnostic.Location.SourceSpan);
        return node.AncestorsAndSelf().OfType<VariableDeclaratorSyntax>().First().Identifier.ValueText;
    }

    private static async Task<ImmutableArray<Diagnostic>> RunAsync(string source, string? assumedVersion)
    {
        CSharpCompilation compilation = AnalyzerRunner.CreateCompilation(TestTarget.Net80, source);
        var exceptions = new List<System.Exception>();
        var options = new CompilationWithAnalyzersOptions(
            new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, new OptionsProvider(assumedVersion)),
            (exception, _, _) => exceptions.Add(exception),
            concurrentAnalysis: false,
            logAnalyzerExecutionTime: false,
            reportSuppressedDiagnostics: true);
        ImmutableArray<Diagnostic> diagnostics = await compilation
            .WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new FakeIde0057Analyzer(), new SL1005RangeSuggestionSuppressor()), options)
            .GetAnalyzerDiagnosticsAsync();
        Assert.Empty(exceptions);
        return diagnostics.Where(d => d.Id == "IDE0057").ToImmutableArray();
    }

#pragma warning disable RS2008, RS1036, RS1038, RS1041 // A stand-in analyzer that exists only in this test.
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    private sealed class FakeIde0057Analyzer : DiagnosticAnalyzer
    {
        private static readonly DiagnosticDescriptor s_rule = new(
            "IDE0057", "Substring can be simplified", "Substring can be simplified", "Style", DiagnosticSeverity.Info, isEnabledByDefault: true);

        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(s_rule);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterSyntaxNodeAction(
                c =>
                {
                    var invocation = (InvocationExpressionSyntax)c.Node;
                    if (invocation.Expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Slice" or "Substring" } access)
                        c.ReportDiagnostic(Diagnostic.Create(s_rule, access.Name.GetLocation()));
                },
                SyntaxKind.InvocationExpression);
        }
    }
#pragma warning restore RS2008, RS1036, RS1038, RS1041

    private sealed class OptionsProvider : AnalyzerConfigOptionsProvider
    {
        private readonly Options _options;

        public OptionsProvider(string? assumedVersion) => _options = new Options(assumedVersion);

        public override AnalyzerConfigOptions GlobalOptions => _options;

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => _options;

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => _options;

        private sealed class Options : AnalyzerConfigOptions
        {
            private readonly string? _assumedVersion;

            public Options(string? assumedVersion) => _assumedVersion = assumedVersion;

            // The test assembly sees two NotNullWhenAttribute types (the analyzer's polyfill is internal-visible here).
#pragma warning disable CS8765
            public override bool TryGetValue(string key, out string? value)
#pragma warning restore CS8765
            {
                value = key == SL1005CompilerLowering.AssumeCompilerVersionKey ? _assumedVersion : null;
                return value is not null;
            }
        }
    }
}
