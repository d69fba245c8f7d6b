using System;
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
/// The CA1870 suppressor, run beside the SDK's real CA1870 and SL1004 on the net8.0 build of a project: in a project
/// that also targets net48 or netstandard2.0, every call SL1004 reports loses CA1870 (whose SearchValues fix would not
/// compile there), so each call has one diagnostic and one fix on every target; elsewhere CA1870 is left alone.
/// </summary>
[Trait("Rule", "SL1004")]
public class SL1004Ca1870SuppressorTests
{
    private static readonly Lazy<DiagnosticAnalyzer> s_ca1870 = new(SL1004Ca1870SplitTests.LoadCa1870);

    private const string Source = """
        using System;
        using System.IO;

        class C
        {
            private static readonly char[] s_newArray = new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' };

            int A(string text) => text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' });
            int B(string text) => text.AsSpan().IndexOfAny("abcdefg");
            int C1(string text) => text.IndexOfAny(s_newArray);
            int D(string text) => text.LastIndexOfAny("abcdefg".ToCharArray());
            int E(string text) => text.IndexOfAny(new[] { 'a', 'b' });
            string F(string path) => path.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' }) >= 0 ? "" : Path.GetFullPath(path);
        }
        """;

    // A to D: SL1004 reports them on every target, so CA1870 is suppressed. E is below SL1004's threshold and F sits
    // beside the file system, where SL1004 is quiet: CA1870 stays.
    [Theory]
    [InlineData("net48;netstandard2.0;net8.0")]
    [InlineData("net48;net8.0")]
    [InlineData("netstandard2.0;net8.0")]
    public async Task Suppresses_WhereSL1004ReportsTheCall_InAProjectWithOlderTargets(string frameworks)
    {
        ImmutableArray<Diagnostic> diagnostics = await RunAsync(Source, frameworks);
        Diagnostic[] ca1870 = diagnostics.Where(d => d.Id == "CA1870").ToArray();
        Assert.Equal(new[] { "A", "B", "C1", "D", "E", "F" }, ca1870.Select(Method).OrderBy(n => n, StringComparer.Ordinal).ToArray());
        Assert.Equal(new[] { "A", "B", "C1", "D" }, ca1870.Where(d => d.IsSuppressed).Select(Method).OrderBy(n => n, StringComparer.Ordinal).ToArray());

        // Each suppressed CA1870 has an SL1004 at the same place, and SL1004 reports nothing else.
        Diagnostic[] sl1004 = diagnostics.Where(d => d.Id == "SL1004").ToArray();
        Assert.Equal(
            ca1870.Where(d => d.IsSuppressed).Select(d => d.Location.SourceSpan).OrderBy(s => s.Start),
            sl1004.Select(d => d.Location.SourceSpan).OrderBy(s => s.Start));
        Assert.All(sl1004, d => Assert.False(d.IsSuppressed));
    }

    [Theory]
    [InlineData(null)]
    [InlineData("net8.0")]
    [InlineData("net8.0;net10.0")]
    public async Task LeavesCa1870Alone_WhereEveryTargetHasSearchValues(string? frameworks)
    {
        ImmutableArray<Diagnostic> diagnostics = await RunAsync(Source, frameworks);
        Assert.Equal(6, diagnostics.Count(d => d.Id == "CA1870"));
        Assert.DoesNotContain(diagnostics, d => d.IsSuppressed);
        Assert.DoesNotContain(diagnostics, d => d.Id == "SL1004");
    }

    [Fact]
    public void Descriptor_SuppressesCa1870()
    {
        SuppressionDescriptor descriptor = Assert.Single(new SL1004Ca1870Suppressor().SupportedSuppressions);
        Assert.Equal("CA1870", descriptor.SuppressedDiagnosticId);
        Assert.Equal("SSL1004", descriptor.Id);
        Assert.False(string.IsNullOrWhiteSpace(descriptor.Justification.ToString()));
    }

    private static string Method(Diagnostic diagnostic)
    {
        SyntaxNode node = diagnostic.Location.SourceTree!.GetRoot().FindNode(diagnostic.Location.SourceSpan);
        return node.AncestorsAndSelf().OfType<MethodDeclarationSyntax>().First().Identifier.ValueText;
    }

    private static async Task<ImmutableArray<Diagnostic>> RunAsync(string source, string? frameworks)
    {
        CSharpCompilation compilation = AnalyzerRunner.CreateCompilation(TestTarget.Net80, source);
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        var exceptions = new List<Exception>();
        var options = new CompilationWithAnalyzersOptions(
            new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, new OptionsProvider(frameworks)),
            (exception, _, _) => exceptions.Add(exception),
            concurrentAnalysis: false,
            logAnalyzerExecutionTime: false,
            reportSuppressedDiagnostics: true);
        ImmutableArray<Diagnostic> diagnostics = await compilation
            .WithAnalyzers(ImmutableArray.Create(s_ca1870.Value, new SL1004UseCachedSearchValuesAnalyzer(), new SL1004Ca1870Suppressor()), options)
            .GetAnalyzerDiagnosticsAsync();
        Assert.Empty(exceptions);
        return diagnostics;
    }

    private sealed class OptionsProvider : AnalyzerConfigOptionsProvider
    {
        private readonly Options _options;

        public OptionsProvider(string? frameworks) => _options = new Options(frameworks);

        public override AnalyzerConfigOptions GlobalOptions => _options;

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => _options;

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => _options;

        private sealed class Options : AnalyzerConfigOptions
        {
            private readonly string? _frameworks;

            public Options(string? frameworks) => _frameworks = frameworks;

            // The test assembly sees two NotNullWhenAttribute types (the analyzer's polyfill is internal-visible here).
#pragma warning disable CS8765
            public override bool TryGetValue(string key, out string? value)
#pragma warning restore CS8765
            {
                value = key == "build_property.StreamlineTargetFrameworks" ? _frameworks : null;
                return value is not null;
            }
        }
    }
}
