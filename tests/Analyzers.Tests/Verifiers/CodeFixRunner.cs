using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;

namespace Streamline.Analyzers.Tests.Verifiers;

/// <summary>Applies Streamline's code fixes the way an IDE does, outside the testing library, for robustness tests.</summary>
public static class CodeFixRunner
{
    public static ImmutableArray<CodeFixProvider> AllFixers { get; } = typeof(Streamline.CodeFixes.Rules.SL1003CountLinesWithoutMaterializingCodeFix).Assembly
        .GetTypes()
        .Where(t => !t.IsAbstract && typeof(CodeFixProvider).IsAssignableFrom(t))
        .OrderBy(t => t.Name, StringComparer.Ordinal)
        .Select(t => (CodeFixProvider)Activator.CreateInstance(t)!)
        .ToImmutableArray();

    /// <summary>A document in a fresh workspace with the compilation's references and options.</summary>
    public static Document CreateDocument(Compilation compilation, SyntaxTree tree)
    {
        var workspace = new AdhocWorkspace();
        var projectId = ProjectId.CreateNewId();
        var solution = workspace.CurrentSolution
            .AddProject(ProjectInfo.Create(projectId, VersionStamp.Default, "Test", "Test", LanguageNames.CSharp,
                compilationOptions: compilation.Options,
                parseOptions: tree.Options,
                metadataReferences: compilation.References))
            .AddDocument(DocumentId.CreateNewId(projectId), "Test.cs", tree.GetText());
        return solution.Projects.Single().Documents.Single();
    }

    /// <summary>
    /// Offers every fixer each diagnostic and applies every action it registers, one at a time, returning the fixed
    /// texts. Any exception from a fixer propagates, failing the caller.
    /// </summary>
    public static async Task<IReadOnlyList<SourceText>> ApplyEachAsync(Document document, IEnumerable<Diagnostic> diagnostics, CancellationToken cancellationToken = default)
    {
        var results = new List<SourceText>();
        foreach (Diagnostic diagnostic in diagnostics)
        {
            foreach (CodeFixProvider fixer in AllFixers.Where(f => f.FixableDiagnosticIds.Contains(diagnostic.Id)))
            {
                var actions = new List<CodeAction>();
                var context = new CodeFixContext(document, diagnostic, (action, _) => actions.Add(action), cancellationToken);
                await fixer.RegisterCodeFixesAsync(context).ConfigureAwait(false);
                foreach (CodeAction action in actions)
                {
                    foreach (CodeActionOperation operation in await action.GetOperationsAsync(cancellationToken).ConfigureAwait(false))
                    {
                        if (operation is ApplyChangesOperation apply)
                        {
                            Document changed = apply.ChangedSolution.GetDocument(document.Id)!;
                            results.Add(await changed.GetTextAsync(cancellationToken).ConfigureAwait(false));
                        }
                    }
                }
            }
        }

        return results;
    }

    public static bool Parses(SourceText text, ParseOptions options)
        => !CSharpSyntaxTree.ParseText(text, (CSharpParseOptions)options).GetDiagnostics().Any(d => d.Severity == DiagnosticSeverity.Error);
}
