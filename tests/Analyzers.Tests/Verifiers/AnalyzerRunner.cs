using System;
using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Streamline.Analyzers.Tests.Verifiers;

/// <summary>The outcome of running analyzers directly over sources that need not compile.</summary>
public sealed record AnalyzerRun(Compilation Compilation, ImmutableArray<Diagnostic> Diagnostics, ImmutableArray<Exception> Exceptions);

/// <summary>
/// Runs analyzers over sources the way a host does (concurrently, every exception captured instead of becoming
/// AD0001), for tests of robustness and of results that do not depend on a code fix.
/// </summary>
public static class AnalyzerRunner
{
    public static ImmutableArray<DiagnosticAnalyzer> AllAnalyzers { get; } = typeof(RuleIds).Assembly.GetTypes()
        .Where(t => !t.IsAbstract && typeof(DiagnosticAnalyzer).IsAssignableFrom(t))
        .OrderBy(t => t.Name, StringComparer.Ordinal)
        .Select(t => (DiagnosticAnalyzer)Activator.CreateInstance(t)!)
        .ToImmutableArray();

    public static CSharpCompilation CreateCompilation(TestTarget target, params string[] sources)
        => CreateCompilation(target, sources.Select((source, i) => ($"Source{i}.cs", source)).ToArray());

    public static CSharpCompilation CreateCompilation(TestTarget target, params (string Path, string Source)[] files)
    {
        var parseOptions = new CSharpParseOptions(LanguageVersion.Latest);
        var trees = files.Select(file => CSharpSyntaxTree.ParseText(file.Source, parseOptions, path: file.Path));
        return CSharpCompilation.Create(
            "Test",
            trees,
            TestReferenceAssemblies.Framework(target).Add(TestReferenceAssemblies.Runtime(target)),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
    }

    public static Task<AnalyzerRun> RunAsync(DiagnosticAnalyzer analyzer, TestTarget target, params string[] sources)
        => RunAsync(ImmutableArray.Create(analyzer), CreateCompilation(target, sources), concurrent: true);

    public static async Task<AnalyzerRun> RunAsync(
        ImmutableArray<DiagnosticAnalyzer> analyzers,
        Compilation compilation,
        bool concurrent,
        CancellationToken cancellationToken = default)
    {
        var exceptions = new ConcurrentQueue<Exception>();
        var options = new CompilationWithAnalyzersOptions(
            new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty),
            (exception, _, _) => exceptions.Enqueue(exception),
            concurrentAnalysis: concurrent,
            logAnalyzerExecutionTime: false);
        ImmutableArray<Diagnostic> diagnostics = await compilation
            .WithAnalyzers(analyzers, options)
            .GetAnalyzerDiagnosticsAsync(cancellationToken)
            .ConfigureAwait(false);
        return new AnalyzerRun(compilation, diagnostics, exceptions.ToImmutableArray());
    }
}
