using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Simplification;
using Streamline.Analyzers;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

/// <summary>
/// SL1005: rewrites <c>x[start..]</c> to <c>x.Slice(start)</c> (<c>x.Substring(start)</c> on strings) and
/// <c>x[^k..]</c> to <c>x.Slice(x.Length - k)</c>, keeping the receiver's and the start's evaluation order and trivia.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(SL1005SliceInsteadOfRangeCodeFix))]
public sealed class SL1005SliceInsteadOfRangeCodeFix : DocumentCodeFixProvider
{
    private const string EquivalenceKey = "SL1005.CallSliceStart";

    public SL1005SliceInsteadOfRangeCodeFix()
        : base("SL1005FixTitle", EquivalenceKey)
    {
    }

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RuleIds.SliceInsteadOfRange);

    protected override bool CanFix(Document document, SyntaxNode root, SemanticModel model, Diagnostic diagnostic, CancellationToken cancellationToken)
        => TryFindMatch(root, diagnostic, model, cancellationToken, out _);

    protected override Task<Document> FixAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
        => ApplyAsync(document, diagnostics, cancellationToken);

    private static async Task<Document> ApplyAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        SyntaxNode? root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        SemanticModel? model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
            return document;

        DocumentEditor editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);

        // Innermost first is not needed: each replacement is computed from the node as earlier edits left it.
        foreach (Diagnostic diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
        {
            if (!TryFindMatch(root, diagnostic, model, cancellationToken, out SliceRangeMatch? match))
                continue;

            string methodName = match.MethodName;
            bool isFromEnd = match.IsFromEnd;
            editor.ReplaceNode(match.Access, (current, _) => current is ElementAccessExpressionSyntax access
                ? Rewrite(access, methodName, isFromEnd)
                : current);
        }

        return editor.GetChangedDocument();
    }

    /// <summary>
    /// <c>x[start..]</c> becomes <c>x.Slice(start)</c>; <c>x[^k..]</c> becomes <c>x.Slice(x.Length - k)</c>. Comments
    /// inside the brackets move inside the parentheses.
    /// </summary>
    private static ExpressionSyntax Rewrite(ElementAccessExpressionSyntax access, string methodName, bool isFromEnd)
    {
        if (!SliceRangePattern.IsCandidate(access, out RangeExpressionSyntax? range))
            return access;

        ExpressionSyntax receiver = access.Expression;
        ExpressionSyntax left = range.LeftOperand!;
        ExpressionSyntax argument;
        if (isFromEnd && left is PrefixUnaryExpressionSyntax hat)
        {
            ExpressionSyntax length = SyntaxFactory.MemberAccessExpression(
                SyntaxKind.SimpleMemberAccessExpression,
                receiver.WithoutTrivia(),
                SyntaxFactory.IdentifierName(KnownNames.Length));
            ExpressionSyntax operand = hat.Operand.WithoutTrivia();
            ExpressionSyntax fromEnd = operand is ParenthesizedExpressionSyntax
                ? operand
                : SyntaxFactory.ParenthesizedExpression(operand).WithAdditionalAnnotations(Simplifier.Annotation);
            argument = SyntaxFactory.BinaryExpression(SyntaxKind.SubtractExpression, length, fromEnd)
                .WithLeadingTrivia(hat.GetLeadingTrivia().AddRange(hat.OperatorToken.TrailingTrivia).AddRange(hat.Operand.GetLeadingTrivia()))
                .WithTrailingTrivia(hat.Operand.GetTrailingTrivia());
        }
        else
        {
            // s[(i + 1)..] needs its parentheses; s.Slice(i + 1) does not.
            argument = left is ParenthesizedExpressionSyntax ? left.WithAdditionalAnnotations(Simplifier.Annotation) : left;
        }

        // Trivia around '..' (and the bracket's) would otherwise be lost: keep it after the argument.
        argument = argument.WithTrailingTrivia(argument.GetTrailingTrivia()
            .AddRange(range.OperatorToken.LeadingTrivia)
            .AddRange(range.OperatorToken.TrailingTrivia));

        BracketedArgumentListSyntax brackets = access.ArgumentList;
        ArgumentListSyntax arguments = SyntaxFactory.ArgumentList(
            SyntaxFactory.Token(brackets.OpenBracketToken.LeadingTrivia, SyntaxKind.OpenParenToken, brackets.OpenBracketToken.TrailingTrivia),
            SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(argument)),
            SyntaxFactory.Token(brackets.CloseBracketToken.LeadingTrivia, SyntaxKind.CloseParenToken, brackets.CloseBracketToken.TrailingTrivia));

        return SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(
                    SyntaxKind.SimpleMemberAccessExpression,
                    receiver,
                    SyntaxFactory.IdentifierName(methodName)),
                arguments)
            .WithLeadingTrivia(access.GetLeadingTrivia());
    }

    private static bool TryFindMatch(
        SyntaxNode root,
        Diagnostic diagnostic,
        SemanticModel model,
        CancellationToken cancellationToken,
        [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out SliceRangeMatch? match)
    {
        match = null;
        if (root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not ElementAccessExpressionSyntax access
            || !SliceRangeSymbols.TryCreate(model.Compilation, out SliceRangeSymbols? symbols)
            || !SliceRangePattern.TryMatch(access, model, symbols, cancellationToken, out SliceRangeMatch? found)
            || !found.CanFix)
        {
            return false;
        }

        match = found;
        return true;
    }
}
