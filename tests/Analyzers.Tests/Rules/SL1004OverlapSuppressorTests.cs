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
public class SL1004OverlapSuppressorTests
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
    public void Descriptors_SuppressCa1870AndCa1861()
    {
        ImmutableArray<SuppressionDescriptor> descriptors = new SL1004OverlapSuppressor().SupportedSuppressions;
        Assert.Equal(new[] { ("SSL1004", "CA1870"), ("SSL1004A", "CA1861") }, descriptors.Select(d => (d.Id, d.SuppressedDiagnosticId)).ToArray());
        Assert.All(descriptors, d => Assert.False(string.IsNullOrWhiteSpace(d.Justification.ToString())));
    }

    // CA1861 (constant array argument) on a set SL1004 reports and fixes would be a second fix for the same array:
    // dotnet format ran whichever fixer came first in each build of a multi-targeted project and wrote conflict markers.
    // It is suppressed there on every target; an array SL1004 does not report (E, below the threshold; G, no search;
    // A in a net8.0-only project, where the call is CA1870's) keeps CA1861.
    private const string ArraySource = """
        using System;

        class C
        {
            int A(string text) => text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' });
            int A2(string text) => text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' }, 1);
            int E(string text) => text.IndexOfAny(new[] { 'a', 'b' }, 1);
            string G(string text) => string.Join(",", new[] { "a", "b" }) + text;
        }
        """;

    [Theory]
    [InlineData("net48;netstandard2.0;net8.0")]
    [InlineData(null)]
    public async Task SuppressesCa1861_OnTheSetSL1004Reports(string? frameworks)
    {
        ImmutableArray<Diagnostic> diagnostics = await RunAsync(ArraySource, frameworks, s_ca1861.Value);
        Diagnostic[] ca1861 = diagnostics.Where(d => d.Id == "CA1861").ToArray();
        Diagnostic[] sl1004 = diagnostics.Where(d => d.Id == "SL1004").ToArray();
        string[] reported = sl1004.Select(Method).OrderBy(n => n, StringComparer.Ordinal).ToArray();
        Assert.Contains("A2", reported);
        Assert.Equal(reported, ca1861.Where(d => d.IsSuppressed).Select(Method).OrderBy(n => n, StringComparer.Ordinal).ToArray());
        string[] kept = frameworks is null ? new[] { "A", "E", "G" } : new[] { "E", "G" }; // A is CA1870's on net8.0 alone
        Assert.Equal(kept, ca1861.Where(d => !d.IsSuppressed).Select(Method).OrderBy(n => n, StringComparer.Ordinal).ToArray());
    }

    private static readonly Lazy<DiagnosticAnalyzer> s_ca1861 = new(() => SL1004Ca1870SplitTests.LoadSdkAnalyzer("AvoidConstArraysAnalyzer", "CA1861"));

    private static string Method(Diagnostic diagnostic)
    {
        SyntaxNode node = diagnostic.Location.SourceTree!.GetRoot().FindNode(diagnostic.Location.SourceSpan);
        return node.AncestorsAndSelf().OfType<MethodDeclarationSyntax>().First().Identifier.ValueText;
    }

    private static async Task<ImmutableArray<Diagnostic>> RunAsync(string source, string? frameworks, DiagnosticAnalyzer? sdkAnalyzer = null)
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
            .WithAnalyzers(ImmutableArray.Create(sdkAnalyzer ?? s_ca1870.Value, new SL1004UseCachedSearchValuesAnalyzer(), new SL1004OverlapSuppressor()), options)
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
