using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;
using Streamline.Analyzers.Tests.Verifiers;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>The outcome of applying the stream fixes to a document until none is left.</summary>
/// <param name="Text">The fixed source.</param>
/// <param name="Diagnostics">The stream diagnostics of the original source, for the fix rate.</param>
/// <param name="Rounds">How many Fix All passes were applied.</param>
/// <param name="Original">The original source's compilation, already analyzed (emitting it reuses its symbols).</param>
/// <param name="Fixed">The fixed source's compilation, already analyzed.</param>
public sealed record FixAllResult(string Text, ImmutableArray<Diagnostic> Diagnostics, int Rounds, Compilation Original, Compilation Fixed);

/// <summary>
/// Applies Streamline's stream fixes as <c>dotnet format analyzers --severity info</c> would: per diagnostic id, the
/// first action offered for the id's first fixable diagnostic names the equivalence key, and the fixer's Fix All
/// provider fixes every diagnostic of the id in the document in one pass. The document is analyzed again after each
/// pass, until no fix is offered (one fix can enable another).
/// </summary>
public static class FixAllApplier
{
    /// <summary>The rules whose fixes touch streams, each warning id before its suggestion sibling (the same fix on weaker
    /// evidence, issue 31). A rule not present in the build (SL1006 before it lands) is skipped.</summary>
    public static readonly ImmutableArray<string> StreamRuleIds = ImmutableArray.Create("SL1001", "SL1101", "SL1002", "SL1102", "SL1006", "SL1106", "SL1007", "SL1107");

    private static readonly ImmutableArray<DiagnosticAnalyzer> s_analyzers = AnalyzerRunner.AllAnalyzers
        .Where(a => a.SupportedDiagnostics.Any(d => StreamRuleIds.Contains(d.Id)))
        .ToImmutableArray();

    /// <summary>The rules of <see cref="StreamRuleIds"/> that have both an analyzer and a fixer in this build.</summary>
    public static ImmutableArray<string> PresentRuleIds { get; } = StreamRuleIds
        .Where(id => s_analyzers.Any(a => a.SupportedDiagnostics.Any(d => d.Id == id))
                     && CodeFixRunner.AllFixers.Any(f => f.FixableDiagnosticIds.Contains(id)))
        .ToImmutableArray();

    /// <param name="preferredKeys">Equivalence keys to use when a fixer offers them (e.g. <c>SL1001.UseSeek</c>);
    /// otherwise the first action offered is taken, as <c>dotnet format</c> does.</param>
    public static async Task<FixAllResult> ApplyAsync(
        string source,
        TestTarget target,
        IReadOnlyCollection<string>? preferredKeys = null,
        CancellationToken cancellationToken = default)
    {
        Compilation compilation = AnalyzerRunner.CreateCompilation(target, source);
        Document document = CodeFixRunner.CreateDocument(compilation, compilation.SyntaxTrees.Single());
        ImmutableArray<Diagnostic> first = default;
        Compilation? original = null;
        for (int round = 0; ; round++)
        {
            Compilation current = (await document.Project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
            ImmutableArray<Diagnostic> diagnostics = await AnalyzeAsync(current, cancellationToken).ConfigureAwait(false);
            if (original is null)
            {
                original = current;
                first = diagnostics;
            }

            Document? next = null;
            foreach (string id in PresentRuleIds)
            {
                ImmutableArray<Diagnostic> ofId = diagnostics.Where(d => d.Id == id).ToImmutableArray();
                if (ofId.IsEmpty)
                    continue;

                next = await FixAllOfIdAsync(document, id, ofId, preferredKeys, cancellationToken).ConfigureAwait(false);
                if (next is not null)
                    break;
            }

            if (next is null)
                return new FixAllResult((await document.GetTextAsync(cancellationToken).ConfigureAwait(false)).ToString(), first, round, original, current);

            if (round >= 10)
                throw new InvalidOperationException("the fixes were still offering changes after 10 passes:\n" + (await next.GetTextAsync(cancellationToken).ConfigureAwait(false)));

            document = next;
        }
    }

    private static async Task<ImmutableArray<Diagnostic>> AnalyzeAsync(Compilation compilation, CancellationToken cancellationToken)
    {
        AnalyzerRun run = await AnalyzerRunner.RunAsync(s_analyzers, compilation, concurrent: false, cancellationToken).ConfigureAwait(false);
        if (!run.Exceptions.IsEmpty)
            throw new InvalidOperationException("an analyzer threw (AD0001): " + run.Exceptions[0]);
        return run.Diagnostics.Where(d => StreamRuleIds.Contains(d.Id)).OrderBy(d => d.Location.SourceSpan.Start).ToImmutableArray();
    }

    /// <summary>The document after Fix All for <paramref name="id"/>, or null when no fix is offered or nothing changes.</summary>
    private static async Task<Document?> FixAllOfIdAsync(
        Document document,
        string id,
        ImmutableArray<Diagnostic> diagnostics,
        IReadOnlyCollection<string>? preferredKeys,
        CancellationToken cancellationToken)
    {
        foreach (CodeFixProvider fixer in CodeFixRunner.AllFixers.Where(f => f.FixableDiagnosticIds.Contains(id)))
        {
            // dotnet format: the first action of the first diagnostic that has one. A preferred key wins when any
            // diagnostic offers it (a site that offers only the rule's first fix does not hide it).
            string? key = null;
            string? firstKey = null;
            foreach (Diagnostic diagnostic in diagnostics)
            {
                var actions = new List<CodeAction>();
                var context = new CodeFixContext(document, diagnostic, (action, _) => actions.Add(action), cancellationToken);
                await fixer.RegisterCodeFixesAsync(context).ConfigureAwait(false);
                if (actions.Count == 0)
                    continue;
                firstKey ??= actions[0].EquivalenceKey;
                key = actions.FirstOrDefault(a => preferredKeys?.Contains(a.EquivalenceKey ?? string.Empty) == true)?.EquivalenceKey;
                if (key is not null || preferredKeys is null)
                    break;
            }

            key ??= firstKey;

            if (key is null)
                continue;

            FixAllProvider provider = fixer.GetFixAllProvider()
                ?? throw new InvalidOperationException($"the fixer for {id} has no Fix All provider");
            var fixAll = new FixAllContext(
                document,
                fixer,
                FixAllScope.Document,
                key,
                new[] { id },
                new FixedDiagnostics(document, diagnostics),
                cancellationToken);
            CodeAction? fix = await provider.GetFixAsync(fixAll).ConfigureAwait(false);
            if (fix is null)
                continue;

            foreach (CodeActionOperation operation in await fix.GetOperationsAsync(cancellationToken).ConfigureAwait(false))
            {
                if (operation is ApplyChangesOperation apply)
                {
                    Document changed = apply.ChangedSolution.GetDocument(document.Id)!;
                    string before = (await document.GetTextAsync(cancellationToken).ConfigureAwait(false)).ToString();
                    string after = (await changed.GetTextAsync(cancellationToken).ConfigureAwait(false)).ToString();
                    if (before != after)
                        return changed;
                }
            }
        }

        return null;
    }

    /// <summary>Hands Fix All the diagnostics already computed for the one document.</summary>
    private sealed class FixedDiagnostics : FixAllContext.DiagnosticProvider
    {
        private readonly Document _document;
        private readonly ImmutableArray<Diagnostic> _diagnostics;

        public FixedDiagnostics(Document document, ImmutableArray<Diagnostic> diagnostics)
        {
            _document = document;
            _diagnostics = diagnostics;
        }

        public override Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => Task.FromResult<IEnumerable<Diagnostic>>(project.Id == _document.Project.Id ? _diagnostics : Array.Empty<Diagnostic>());

        public override Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken)
            => Task.FromResult<IEnumerable<Diagnostic>>(document.Id == _document.Id ? _diagnostics : Array.Empty<Diagnostic>());

        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => Task.FromResult<IEnumerable<Diagnostic>>(Array.Empty<Diagnostic>());
    }
}
