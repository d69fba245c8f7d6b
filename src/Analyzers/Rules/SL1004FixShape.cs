using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// The shapes of a reported search that SL1004's fix can rewrite, decided here so that the rule knows where its fix
/// has nothing to offer (<see cref="FormatGate"/>) and the fix declines exactly there.
/// </summary>
internal static class SL1004FixShape
{
    /// <summary>Whether the fix can rewrite this search: a choice of sets only where the condition has no effect, the
    /// arguments in the parameters' order, and a place for the field under the search's <c>#if</c>.</summary>
    internal static bool CanFix(SearchSetMatch match)
        => !(IsChoiceOfSets(match) && !CanRewriteChoice(match))
            && ArgumentsInParameterOrder(match)
            && IsPlaceable(match.Invocation.Syntax);

    /// <summary>Whether the cached set's field has a place that every target of a multi-targeted project merges: under
    /// no <c>#if</c>, or in a conditional region <see cref="SL1004ConditionalPlacement"/> can place it in.</summary>
    internal static bool IsPlaceable(SyntaxNode search)
    {
        SL1004ConditionalPlacement.Of(search, search.FirstAncestorOrSelf<TypeDeclarationSyntax>(), out bool placeable);
        return placeable;
    }

    /// <summary>
    /// <c>text.IndexOfAny(cond ? A : B)</c> becomes <c>(cond ? s_a : s_b).IndexOfAny(text)</c>, and
    /// <c>text.IndexOfAny(kind switch { ... => A, _ => B })</c> becomes <c>(kind switch { ... => s_a, _ => s_b }).IndexOfAny(text)</c>,
    /// which evaluate the condition (the switched value, the patterns and guards) before the text: so the text must be
    /// a local or parameter, and the condition made of locals, parameters, fields, constants, operators and patterns
    /// without property reads only (nothing it evaluates can change the text or have an effect).
    /// </summary>
    internal static bool CanRewriteChoice(SearchSetMatch match)
    {
        IOperation receiver = match.Receiver;
        while (receiver is IConversionOperation { IsImplicit: true } conversion)
            receiver = conversion.Operand;

        if (receiver is not (ILocalReferenceOperation or IParameterReferenceOperation))
            return false;

        switch (match.SetValue)
        {
            case IConditionalOperation { WhenFalse: not null } choice:
                return HasNoEffects(choice.Condition);
            case ISwitchExpressionOperation { Arms.Length: > 0 } choice:
                if (!HasNoEffects(choice.Value))
                    return false;

                foreach (ISwitchExpressionArmOperation arm in choice.Arms)
                {
                    if (!HasNoEffects(arm.Pattern) || (arm.Guard is not null && !HasNoEffects(arm.Guard)))
                        return false;
                }

                return true;
            default:
                return false;
        }
    }

    // kind == 1 && !flag, kind is 0 or > 3: reads of locals, parameters and fields, constants, built-in operators, patterns.
    internal static bool HasNoEffects(IOperation condition)
    {
        foreach (IOperation operation in condition.DescendantsAndSelf())
        {
            switch (operation)
            {
                case ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation or ILiteralOperation or IInstanceReferenceOperation:
                case IConversionOperation { OperatorMethod: null }:
                case IBinaryOperation { OperatorMethod: null }:
                case IUnaryOperation { OperatorMethod: null }:
                case IIsPatternOperation:
                case IConstantPatternOperation or IDiscardPatternOperation or IDeclarationPatternOperation:
                    continue;
                default:
                    // C# 9's relational, type, and/or and not patterns: Roslyn 3.6, which the rules are built against,
                    // has no interfaces for them, but the host's OperationKind names them.
                    if (IsCSharp9Pattern(operation.Kind))
                        continue;

                    return false;
            }
        }

        return true;
    }

    private static bool IsCSharp9Pattern(OperationKind kind)
        => kind.ToString() is "RelationalPattern" or "TypePattern" or "BinaryPattern" or "NegatedPattern";

    // text.IndexOfAny(cond ? A : B), text.IndexOfAny(kind switch { ... }): one set per arm.
    internal static bool IsChoiceOfSets(SearchSetMatch match) => match.SetValue is IConditionalOperation or ISwitchExpressionOperation;

    // text.IndexOfAny(count: 3, startIndex: 1, anyOf: x) would evaluate its arguments in another order once rewritten.
    internal static bool ArgumentsInParameterOrder(SearchSetMatch match)
    {
        var arguments = (match.Invocation.Syntax as InvocationExpressionSyntax)?.ArgumentList.Arguments;
        if (arguments is null)
            return false;

        foreach (ArgumentSyntax argument in arguments)
        {
            if (argument.NameColon is not null)
                return false;
        }

        return true;
    }
}
