using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// Suppresses the SDK's diagnostics that would give a call SL1004 reports a second, different fix:
/// <list type="bullet">
/// <item>CA1870 ("Use a cached SearchValues instance"), in a project that also builds for a target without
/// SearchValues (<c>net48;netstandard2.0;net8.0</c>): there CA1870's fix, a <c>SearchValues&lt;T&gt;</c> field, does not
/// compile for the other targets, while SL1004 reports the same call on every target with the same runtime-set fix.</item>
/// <item>CA1861 ("Avoid constant arrays as arguments") on the set argument SL1004 reports, in any project: SL1004's fix
/// caches that array too, as a search set.</item>
/// </list>
/// </summary>
/// <remarks>
/// Without it, one build offers the SDK's fix and another SL1004's for one call in one linked file: <c>dotnet format</c>
/// and Fix All then merge two different edits of the same text (conflict markers; with CA1861 this depended on which
/// fixer <c>dotnet format</c> ran first in each build), or apply the one that breaks the older targets. CA1870 and
/// CA1861 stay active everywhere else: calls SL1004 leaves alone (a set below its threshold, the shapes CA1870 owns in
/// a project whose targets all have SearchValues).
/// </remarks>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SL1004OverlapSuppressor : DiagnosticSuppressor
{
    /// <summary>The diagnostic this suppressor suppresses in projects with a target that lacks SearchValues.</summary>
    internal const string SuppressedId = "CA1870";

    /// <summary>The diagnostic on a constant array argument, suppressed where SL1004 reports that argument.</summary>
    internal const string ConstantArrayId = "CA1861";

    /// <summary>The suppression's own id, SL1004's number with an S prefix, as Roslyn names suppressions.</summary>
    internal static readonly string SuppressionId = "S" + RuleIds.UseCachedSearchValues;

    internal static readonly SuppressionDescriptor Suppression = new(
        SuppressionId,
        SuppressedId,
        new LocalizableResourceString("SL1004SuppressionJustification", Resources.ResourceManager, typeof(Resources)));

    /// <summary>The suppression of CA1861: its own id, as each suppression descriptor has one.</summary>
    internal static readonly SuppressionDescriptor ArraySuppression = new(
        SuppressionId + "A",
        ConstantArrayId,
        new LocalizableResourceString("SL1004ArraySuppressionJustification", Resources.ResourceManager, typeof(Resources)));

    public override ImmutableArray<SuppressionDescriptor> SupportedSuppressions { get; } = ImmutableArray.Create(Suppression, ArraySuppression);

    public override void ReportSuppressions(SuppressionAnalysisContext context)
    {
        if (TestProjects.AreQuiet(context.Compilation, context.Options))
            return; // the rule is quiet in a test project, so its suppression is too

        SearchSetSymbols? symbols = null;
        foreach (Diagnostic diagnostic in context.ReportedDiagnostics)
        {
            SyntaxTree? tree = diagnostic.Location.SourceTree;
            SuppressionDescriptor? suppression = diagnostic.Id switch
            {
                SuppressedId => Suppression,
                ConstantArrayId => ArraySuppression,
                _ => null,
            };
            if (tree is null
                || suppression is null
                || suppression == Suppression && !SL1004UseCachedSearchValuesAnalyzer.AlsoTargetsWithoutSearchValues(context.Options, tree))
            {
                continue;
            }

            symbols ??= SearchSetSymbols.Create(context.Compilation);
            SemanticModel model = context.GetSemanticModel(tree);
            if (SearchAt(tree, diagnostic.Location, model, context.CancellationToken) is { } invocation
                && SL1004UseCachedSearchValuesAnalyzer.TryDecide(invocation, symbols, context.Options, context.CancellationToken, out SearchSetMatch? match, out _)
                && match.ValuesArgument.Syntax.Span.IntersectsWith(diagnostic.Location.SourceSpan)
                && (suppression == Suppression || SL1004FixShape.CanFix(match)))
            {
                context.ReportSuppression(Microsoft.CodeAnalysis.Diagnostics.Suppression.Create(suppression, diagnostic));
            }
        }
    }

    /// <summary>The search whose set argument (or whole call) the diagnostic sits on: CA1870 reports the set argument,
    /// CA1861 the array in it.</summary>
    private static IInvocationOperation? SearchAt(SyntaxTree tree, Location location, SemanticModel model, CancellationToken cancellationToken)
    {
        SyntaxNode root = tree.GetRoot(cancellationToken);
        if (!root.FullSpan.Contains(location.SourceSpan))
            return null;

        for (SyntaxNode? node = root.FindNode(location.SourceSpan, getInnermostNodeForTie: true); node is not null; node = node.Parent)
        {
            // "...".ToCharArray() inside the set is a call too: go on to the search around it.
            if (node is InvocationExpressionSyntax invocation
                && model.GetOperation(invocation, cancellationToken) is IInvocationOperation operation
                && SearchSetPattern.IsSearchName(operation.TargetMethod.Name))
            {
                return operation;
            }

            if (node is StatementSyntax or MemberDeclarationSyntax)
                return null;
        }

        return null;
    }
}
