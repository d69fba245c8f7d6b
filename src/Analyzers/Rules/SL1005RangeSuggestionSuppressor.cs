using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// Suppresses IDE0057 ("Substring/Slice can be simplified") on <c>x.Slice(start)</c> wherever SL1005 would flag the
/// range IDE0057 offers (a span or memory, in a loop that does little else; compilers before Roslyn 5.9): there that
/// range is slower.
/// </summary>
/// <remarks>
/// Without it, SL1005's fix and IDE0057 would undo each other. IDE0057 stays active on every other call, and on
/// compilers that lower the range to the same one-argument call.
/// </remarks>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SL1005RangeSuggestionSuppressor : DiagnosticSuppressor
{
    /// <summary>The diagnostic this suppressor may suppress.</summary>
    internal const string SuppressedId = "IDE0057";

    /// <summary>The suppression's own id, SL1005's number with an S prefix, as Roslyn names suppressions.</summary>
    internal static readonly string SuppressionId = "S" + RuleIds.SliceInsteadOfRange;

    internal static readonly SuppressionDescriptor Suppression = new(
        SuppressionId,
        SuppressedId,
        new LocalizableResourceString("SL1005SuppressionJustification", Resources.ResourceManager, typeof(Resources)));

    public override ImmutableArray<SuppressionDescriptor> SupportedSuppressions { get; } = ImmutableArray.Create(Suppression);

    public override void ReportSuppressions(SuppressionAnalysisContext context)
    {
        if (TestProjects.AreQuiet(context.Compilation, context.Options))
            return; // the rule is quiet in a test project, so its suppression is too

        SliceRangeSymbols? symbols = null;
        foreach (Diagnostic diagnostic in context.ReportedDiagnostics)
        {
            SyntaxTree? tree = diagnostic.Location.SourceTree;
            if (tree is null || diagnostic.Id != SuppressedId)
                continue;

            if (!SL1005CompilerLowering.EmitsSlowerForm(context.Options, tree))
                continue;

            if (symbols is null && !SliceRangeSymbols.TryCreate(context.Compilation, out symbols))
                return;

            SemanticModel model = context.GetSemanticModel(tree);
            if (IsSingleArgumentSlice(tree, diagnostic.Location, model, symbols, context.CancellationToken))
                context.ReportSuppression(Microsoft.CodeAnalysis.Diagnostics.Suppression.Create(Suppression, diagnostic));
        }
    }

    /// <summary>
    /// Whether the diagnostic sits on <c>x.Slice(start)</c> or <c>x.Substring(start)</c> with <c>x</c> a span, memory or
    /// string: the call IDE0057 would turn into <c>x[start..]</c> or <c>x[^k..]</c>.
    /// </summary>
    internal static bool IsSingleArgumentSlice(
        SyntaxTree tree,
        Location location,
        SemanticModel model,
        SliceRangeSymbols symbols,
        CancellationToken cancellationToken)
    {
        SyntaxNode root = tree.GetRoot(cancellationToken);
        if (!root.FullSpan.Contains(location.SourceSpan))
            return false;

        SyntaxNode? node = root.FindNode(location.SourceSpan, getInnermostNodeForTie: true);
        for (; node is not null; node = node.Parent)
        {
            if (node is InvocationExpressionSyntax invocation)
                return IsSingleArgumentSlice(invocation, model, symbols, cancellationToken);

            if (node is StatementSyntax or MemberDeclarationSyntax)
                return false;
        }

        return false;
    }

    private static bool IsSingleArgumentSlice(
        InvocationExpressionSyntax invocation,
        SemanticModel model,
        SliceRangeSymbols symbols,
        CancellationToken cancellationToken)
    {
        if (invocation.ArgumentList.Arguments.Count != 1
            || invocation.Expression is not MemberAccessExpressionSyntax { Name.Identifier.ValueText: var name }
            || name != KnownNames.Slice && name != KnownNames.Substring)
        {
            return false;
        }

        if (model.GetSymbolInfo(invocation, cancellationToken).Symbol is not IMethodSymbol { IsStatic: false, Parameters.Length: 1 } method
            || method.Parameters[0].Type.SpecialType != SpecialType.System_Int32)
        {
            return false;
        }

        return symbols.TryClassify(method.ContainingType, out SliceReceiverKind kind)
            && method.Name == (kind == SliceReceiverKind.String ? KnownNames.Substring : KnownNames.Slice)
            && SliceRangeScope.IsWorthReporting(kind, invocation);
    }
}
