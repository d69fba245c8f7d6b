using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Streamline.Analyzers.Tests.Verifiers;

/// <summary>One target of a multi-targeted project: its framework, language version and preprocessor symbols.</summary>
public sealed record LinkedTarget(string Name, TestTarget Framework, LanguageVersion LanguageVersion, params string[] Symbols);

/// <summary>
/// Fixes one file compiled by several targets, as <c>dotnet format</c> and Fix All in solution scope do: each target
/// is a project of its own with the file as a linked document (the same path), every target's diagnostics are fixed
/// in one Fix All, and Roslyn merges the linked documents' changes into one text (writing conflict markers where two
/// targets changed one place differently). Without the package's props: no <c>StreamlineTargetFrameworks</c>.
/// </summary>
public static class LinkedFileFixer
{
    private const string FilePath = "/src/Lib/Code.cs";

    /// <summary>The merged text every linked document has after the fix.</summary>
    public static async Task<string> FixAllAsync(DiagnosticAnalyzer analyzer, CodeFixProvider fixer, string source, params LinkedTarget[] targets)
    {
        CancellationToken cancellationToken = CancellationToken.None;
        var workspace = new AdhocWorkspace();
        Solution solution = workspace.CurrentSolution;
        foreach (LinkedTarget target in targets)
        {
            var projectId = ProjectId.CreateNewId(target.Name);
            solution = solution
                .AddProject(ProjectInfo.Create(projectId, VersionStamp.Default, target.Name, "Lib", LanguageNames.CSharp,
                    compilationOptions: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable),
                    parseOptions: new CSharpParseOptions(target.LanguageVersion, preprocessorSymbols: target.Symbols),
                    metadataReferences: TestReferenceAssemblies.Framework(target.Framework).Add(TestReferenceAssemblies.Runtime(target.Framework))))
                .AddDocument(DocumentInfo.Create(DocumentId.CreateNewId(projectId), "Code.cs", loader: TextLoader.From(TextAndVersion.Create(Microsoft.CodeAnalysis.Text.SourceText.From(source), VersionStamp.Default)), filePath: FilePath));
        }

        if (!workspace.TryApplyChanges(solution))
            throw new InvalidOperationException("The workspace did not take the projects.");
        solution = workspace.CurrentSolution;

        var diagnostics = new Dictionary<ProjectId, ImmutableArray<Diagnostic>>();
        foreach (Project project in solution.Projects)
        {
            Compilation compilation = (await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false))!;
            ImmutableArray<Diagnostic> found = await compilation
                .WithAnalyzers(ImmutableArray.Create(analyzer), project.AnalyzerOptions)
                .GetAnalyzerDiagnosticsAsync(cancellationToken)
                .ConfigureAwait(false);
            diagnostics[project.Id] = found.Where(d => fixer.FixableDiagnosticIds.Contains(d.Id)).ToImmutableArray();
        }

        KeyValuePair<ProjectId, ImmutableArray<Diagnostic>> first = diagnostics.FirstOrDefault(pair => !pair.Value.IsEmpty);
        if (first.Key is null)
            return source;

        Document firstDocument = solution.GetProject(first.Key)!.Documents.Single();
        var actions = new List<CodeAction>();
        await fixer.RegisterCodeFixesAsync(new CodeFixContext(firstDocument, first.Value[0], (action, _) => actions.Add(action), cancellationToken)).ConfigureAwait(false);
        if (actions.Count == 0)
            return source;

        var context = new FixAllContext(
            firstDocument,
            fixer,
            FixAllScope.Solution,
            actions[0].EquivalenceKey,
            fixer.FixableDiagnosticIds,
            new Provider(diagnostics),
            cancellationToken);
        CodeAction fixAll = (await fixer.GetFixAllProvider()!.GetFixAsync(context).ConfigureAwait(false))!;
        Solution fixedSolution = solution;
        foreach (CodeActionOperation operation in await fixAll.GetOperationsAsync(cancellationToken).ConfigureAwait(false))
        {
            if (operation is ApplyChangesOperation apply)
                fixedSolution = apply.ChangedSolution;
        }

        fixedSolution = await MergeLinkedFileChangesAsync(fixedSolution, solution).ConfigureAwait(false);

        string[] texts = await Task.WhenAll(fixedSolution.Projects.Select(async p => (await p.Documents.Single().GetTextAsync(cancellationToken).ConfigureAwait(false)).ToString())).ConfigureAwait(false);
        if (texts.Distinct(StringComparer.Ordinal).Count() != 1)
            throw new InvalidOperationException("The linked documents were not merged into one text:\n" + string.Join("\n-----\n", texts));
        return texts[0];
    }

    /// <summary>
    /// The hosts' merge of linked documents (<c>Solution.WithMergedLinkedFileChangesAsync</c>, internal to Roslyn, which
    /// <c>dotnet format</c> and the IDE call on a fix's solution): one text from every target's changes, with
    /// <c>&lt;&lt;&lt;&lt;&lt;&lt;&lt; TODO: Unmerged change</c> markers where two of them changed one place differently.
    /// </summary>
    private static async Task<Solution> MergeLinkedFileChangesAsync(Solution changed, Solution original)
    {
        MethodInfo merge = typeof(Solution).GetMethod("WithMergedLinkedFileChangesAsync", BindingFlags.Instance | BindingFlags.NonPublic)
            ?? throw new InvalidOperationException("Roslyn's linked-file merge was not found.");
        object?[] arguments = merge.GetParameters()
            .Select((parameter, index) => index == 0 ? original
                : parameter.ParameterType == typeof(CancellationToken) ? CancellationToken.None
                : parameter.HasDefaultValue ? parameter.DefaultValue
                : null)
            .ToArray();
        return await ((Task<Solution>)merge.Invoke(changed, arguments)!).ConfigureAwait(false);
    }

    private sealed class Provider : FixAllContext.DiagnosticProvider
    {
        private readonly Dictionary<ProjectId, ImmutableArray<Diagnostic>> _diagnostics;

        public Provider(Dictionary<ProjectId, ImmutableArray<Diagnostic>> diagnostics) => _diagnostics = diagnostics;

        public override Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken)
            => Task.FromResult<IEnumerable<Diagnostic>>(_diagnostics[document.Project.Id]);

        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => Task.FromResult<IEnumerable<Diagnostic>>(ImmutableArray<Diagnostic>.Empty);

        public override Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => Task.FromResult<IEnumerable<Diagnostic>>(_diagnostics[project.Id]);
    }
}
