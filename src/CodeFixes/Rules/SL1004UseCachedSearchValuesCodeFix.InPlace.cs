using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using Microsoft.CodeAnalysis.Text;
using Streamline.Analyzers;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

/// <summary>SL1004: turning a source array field into the set in place, and rewriting a choice between sets (<c>cond ? A : B</c>, switch arms).</summary>
public sealed partial class SL1004UseCachedSearchValuesCodeFix
{
    /// <summary>Arrays that become their sets in place, each with a search seen through it, and every search with them.</summary>
    private sealed class InPlacePlan
    {
        public Dictionary<IFieldSymbol, (FieldDeclarationSyntax Declaration, Target Target)> Arrays { get; } = new(SymbolEqualityComparer.Default);

        public List<Target> Uses { get; } = new();
    }

    /// <summary>
    /// The array field can become the set itself: declared alone in this document, and every mention of it (all in this
    /// document) is the set of a search this fix rewrites to the same field type, or an arm of such a search's choice of
    /// sets (<c>cond ? s_a : s_b</c>, <c>kind switch { ... }</c>). The choice's other arrays must then become their
    /// sets too, and so on: <paramref name="plan"/> holds every array and every search of that closure.
    /// </summary>
    private static bool TryPlanInPlace(
        IFieldSymbol start,
        Target target,
        SyntaxNode root,
        SemanticModel model,
        SearchSetSymbols symbols,
        CancellationToken cancellationToken,
        [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out InPlacePlan? plan)
    {
        plan = null;
        var found = new InPlacePlan();
        var pending = new Queue<IFieldSymbol>();
        var seen = new HashSet<IFieldSymbol>(SymbolEqualityComparer.Default) { start };
        var searches = new HashSet<SyntaxNode>();
        pending.Enqueue(start);
        while (pending.Count > 0)
        {
            IFieldSymbol arrayField = pending.Dequeue();
            if (!TryGetSoleDeclaration(arrayField, root, cancellationToken, out FieldDeclarationSyntax? fieldDeclaration))
                return false;

            VariableDeclaratorSyntax declarator = fieldDeclaration.Declaration.Variables[0];
            Target? seenThrough = null;
            foreach (SyntaxReference reference in arrayField.ContainingType.DeclaringSyntaxReferences)
            {
                SyntaxNode typeSyntax = reference.GetSyntax(cancellationToken);
                foreach (SyntaxToken token in typeSyntax.DescendantTokens())
                {
                    if (!token.IsKind(SyntaxKind.IdentifierToken) || token.ValueText != arrayField.Name || token.Parent == declarator)
                        continue;

                    // A mention in another document (a partial declaration) cannot be rewritten with this one.
                    if (reference.SyntaxTree != root.SyntaxTree)
                        return false;

                    if (token.Parent is not IdentifierNameSyntax name)
                        return false;

                    if (!SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(name, cancellationToken).Symbol, arrayField))
                        continue;

                    if (name.FirstAncestorOrSelf<InvocationExpressionSyntax>(candidate => candidate.ArgumentList.Span.Contains(name.Span)) is not { } invocationSyntax
                        || model.GetOperation(invocationSyntax, cancellationToken) is not IInvocationOperation invocation
                        || SL1004UseCachedSearchValuesAnalyzer.IsInExpressionTree(invocation)
                        || !SearchSetPattern.TryMatch(invocation, symbols, cancellationToken, out SearchSetMatch? match)
                        || !match.ValuesArgument.Syntax.Span.Contains(name.Span)
                        || !SL1004FixShape.ArgumentsInParameterOrder(match)
                        || invocationSyntax.FirstAncestorOrSelf<TypeDeclarationSyntax>() is not { } useType
                        || model.GetDeclaredSymbol(useType, cancellationToken) is not INamedTypeSymbol useContainingType)
                    {
                        return false;
                    }

                    // Every use must search with the same field type: SearchValues cannot take a start index or count.
                    bool useSearchValues = target.UseSearchValues && match.RangeArguments.IsEmpty;
                    if (useSearchValues != target.UseSearchValues
                        || (!target.UseSearchValues && symbols.HasSearchValues && !target.Match.RangeArguments.IsEmpty && match.RangeArguments.IsEmpty)
                        || (!useSearchValues && !match.IsStringMethod && !symbols.RuntimeSetTakesSpans(match.IsByte)))
                    {
                        return false;
                    }

                    SL1004ConditionalPlacement? usePlacement = SL1004ConditionalPlacement.Of(match.Invocation.Syntax, useType, out bool placeable);
                    if (!placeable)
                        return false;

                    var use = new Target(match, useSearchValues, target.FieldType, useType, useContainingType, match.ReceiverIsSpan(symbols), usePlacement);
                    if (SymbolEqualityComparer.Default.Equals(SourceArrayField(match), arrayField))
                    {
                        seenThrough ??= use;
                    }
                    else if (ChoiceArms(match) is { } arms && SL1004FixShape.CanRewriteChoice(match))
                    {
                        // An arm of a choice of sets: the choice is rewritten whole, so its other arrays go too.
                        bool isArm = false;
                        foreach (IOperation arm in arms)
                        {
                            if (!SearchSetPattern.TryGetArmSet(arm, match.IsByte, cancellationToken, out string? armSet))
                                return false;

                            IFieldSymbol? armArray = SourceArrayField(arm);
                            if (SymbolEqualityComparer.Default.Equals(armArray, arrayField))
                            {
                                isArm = true;
                                seenThrough ??= new Target(match.WithArm(arm, SearchSetPattern.Distinct(armSet!)), useSearchValues, target.FieldType, useType, useContainingType, use.ReceiverIsSpan, use.Placement);
                            }
                            else if (armArray is not null && seen.Add(armArray))
                            {
                                pending.Enqueue(armArray);
                            }
                        }

                        if (!isArm)
                            return false;
                    }
                    else
                    {
                        return false;
                    }

                    if (searches.Add(invocationSyntax))
                        found.Uses.Add(use);
                }
            }

            if (seenThrough is null)
                return false;

            found.Arrays.Add(arrayField, (fieldDeclaration, seenThrough));
        }

        plan = found;
        return true;
    }

    /// <summary>
    /// <c>private static readonly char[] s_x = { ... };</c> becomes <c>private static readonly CharSearchSet s_x =
    /// CharSearchSet.Create("...");</c> on one line; comments written among the elements follow the semicolon.
    /// </summary>
    private static FieldDeclarationSyntax ReplaceArrayDeclaration(FieldDeclarationSyntax declaration, Target target, SyntaxGenerator generator)
    {
        VariableDeclarationSyntax variables = declaration.Declaration;
        VariableDeclaratorSyntax declarator = variables.Variables[0];
        TypeSyntax type = FieldTypeSyntax(target, generator).WithTriviaFrom(variables.Type);
        EqualsValueClauseSyntax initializer = declarator.Initializer!;
        var comments = new List<SyntaxTrivia>();
        foreach (SyntaxTrivia trivia in initializer.Value.DescendantTrivia())
        {
            if (trivia.IsKind(SyntaxKind.SingleLineCommentTrivia) || trivia.IsKind(SyntaxKind.MultiLineCommentTrivia))
            {
                comments.Add(SyntaxFactory.Space);
                comments.Add(trivia);
            }
        }

        ExpressionSyntax create = CreateExpression(target, generator);
        SyntaxToken semicolon = declaration.SemicolonToken;
        if (comments.Count > 0)
            semicolon = semicolon.WithTrailingTrivia(SyntaxFactory.TriviaList(comments).AddRange(semicolon.TrailingTrivia.SkipWhile(t => t.IsKind(SyntaxKind.WhitespaceTrivia))));

        return declaration
            .WithDeclaration(variables
                .WithType(type)
                .WithVariables(SyntaxFactory.SingletonSeparatedList(declarator
                    .WithIdentifier(declarator.Identifier.WithTrailingTrivia(SyntaxFactory.Space))
                    .WithInitializer(initializer
                        .WithEqualsToken(initializer.EqualsToken.WithTrailingTrivia(SyntaxFactory.Space))
                        .WithValue(create)))))
            .WithSemicolonToken(semicolon);
    }


    /// <summary>The arms of a choice of sets, in source order; null when the set is not a choice.</summary>
    private static ImmutableArray<IOperation>? ChoiceArms(SearchSetMatch match)
        => match.SetValue switch
        {
            IConditionalOperation { WhenFalse: { } whenFalse } choice => ImmutableArray.Create(choice.WhenTrue, whenFalse),
            ISwitchExpressionOperation choice => choice.Arms.Select(arm => arm.Value).ToImmutableArray(),
            _ => null,
        };

    private static bool TryGetSoleDeclaration(IFieldSymbol field, SyntaxNode root, CancellationToken cancellationToken, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out FieldDeclarationSyntax? declaration)
    {
        declaration = null;
        if (field.DeclaringSyntaxReferences.Length != 1
            || field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax declarator
            || declarator.SyntaxTree != root.SyntaxTree
            || declarator.Parent is not VariableDeclarationSyntax { Variables.Count: 1 }
            || declarator.Parent.Parent is not FieldDeclarationSyntax fieldDeclaration)
        {
            return false;
        }

        declaration = fieldDeclaration;
        return true;
    }

    /// <summary>Every mention of the field's name in its type, but its declaration, lies inside <paramref name="scope"/>.</summary>
    private static bool IsMentionedOnlyWithin(IFieldSymbol field, SyntaxNode scope, SyntaxNode root, CancellationToken cancellationToken)
    {
        foreach (SyntaxReference reference in field.ContainingType.DeclaringSyntaxReferences)
        {
            foreach (SyntaxToken token in reference.GetSyntax(cancellationToken).DescendantTokens())
            {
                if (!token.IsKind(SyntaxKind.IdentifierToken) || token.ValueText != field.Name || token.Parent is VariableDeclaratorSyntax)
                    continue;

                if (reference.SyntaxTree != root.SyntaxTree || !scope.Span.Contains(token.Span))
                    return false;
            }
        }

        return true;
    }
}
