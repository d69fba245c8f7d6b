using System.Diagnostics.CodeAnalysis;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Streamline.Analyzers.Rules;

/// <summary>The receivers whose <c>x[start..]</c> Roslyn 5.9 rewrote to a one-argument call.</summary>
internal enum SliceReceiverKind
{
    Span,
    ReadOnlySpan,
    Memory,
    ReadOnlyMemory,
    String,
}

/// <summary>The symbols SL1005 needs, resolved once per compilation.</summary>
internal sealed class SliceRangeSymbols
{
    private SliceRangeSymbols(INamedTypeSymbol? span, INamedTypeSymbol? readOnlySpan, INamedTypeSymbol? memory, INamedTypeSymbol? readOnlyMemory)
    {
        Span = span;
        ReadOnlySpan = readOnlySpan;
        Memory = memory;
        ReadOnlyMemory = readOnlyMemory;
    }

    public INamedTypeSymbol? Span { get; }

    public INamedTypeSymbol? ReadOnlySpan { get; }

    public INamedTypeSymbol? Memory { get; }

    public INamedTypeSymbol? ReadOnlyMemory { get; }

    /// <summary>Fails where the compilation has no <c>System.Index</c>: there, no range expression binds.</summary>
    public static bool TryCreate(Compilation compilation, [NotNullWhen(true)] out SliceRangeSymbols? symbols)
    {
        if (TypeLookup.GetBestType(compilation, KnownNames.Index) is null)
        {
            symbols = null;
            return false;
        }

        symbols = new SliceRangeSymbols(
            TypeLookup.GetBestType(compilation, KnownNames.SpanOfT),
            TypeLookup.GetBestType(compilation, KnownNames.ReadOnlySpanOfT),
            TypeLookup.GetBestType(compilation, KnownNames.MemoryOfT),
            TypeLookup.GetBestType(compilation, KnownNames.ReadOnlyMemoryOfT));
        return true;
    }

    public bool TryClassify(ITypeSymbol? type, out SliceReceiverKind kind)
    {
        kind = default;
        if (type is null)
            return false;

        if (type.SpecialType == SpecialType.System_String)
        {
            kind = SliceReceiverKind.String;
            return true;
        }

        if (type is not INamedTypeSymbol { IsGenericType: true } named)
            return false;

        INamedTypeSymbol definition = named.OriginalDefinition;
        if (SymbolEqualityComparer.Default.Equals(definition, Span))
            kind = SliceReceiverKind.Span;
        else if (SymbolEqualityComparer.Default.Equals(definition, ReadOnlySpan))
            kind = SliceReceiverKind.ReadOnlySpan;
        else if (SymbolEqualityComparer.Default.Equals(definition, Memory))
            kind = SliceReceiverKind.Memory;
        else if (SymbolEqualityComparer.Default.Equals(definition, ReadOnlyMemory))
            kind = SliceReceiverKind.ReadOnlyMemory;
        else
            return false;

        return true;
    }

    /// <summary>Whether <paramref name="type"/> has the public one-argument <c>Slice(int)</c> or <c>Substring(int)</c>.</summary>
    public static bool HasSingleArgumentOverload(ITypeSymbol type, SliceReceiverKind kind)
    {
        string name = kind == SliceReceiverKind.String ? KnownNames.Substring : KnownNames.Slice;
        foreach (ISymbol member in type.GetMembers(name))
        {
            if (member is IMethodSymbol { IsStatic: false, DeclaredAccessibility: Accessibility.Public, Parameters.Length: 1 } method
                && method.Parameters[0].Type.SpecialType == SpecialType.System_Int32)
            {
                return true;
            }
        }

        return false;
    }
}

/// <summary>One <c>x[start..]</c> or <c>x[^k..]</c> that older compilers lower to a two-argument call.</summary>
internal sealed class SliceRangeMatch
{
    public SliceRangeMatch(ElementAccessExpressionSyntax access, RangeExpressionSyntax range, ExpressionSyntax start, bool isFromEnd, SliceReceiverKind kind, bool canFix)
    {
        Access = access;
        Range = range;
        Start = start;
        IsFromEnd = isFromEnd;
        Kind = kind;
        CanFix = canFix;
    }

    public ElementAccessExpressionSyntax Access { get; }

    public RangeExpressionSyntax Range { get; }

    /// <summary><c>start</c> in <c>x[start..]</c>, or <c>k</c> in <c>x[^k..]</c>.</summary>
    public ExpressionSyntax Start { get; }

    public bool IsFromEnd { get; }

    public SliceReceiverKind Kind { get; }

    /// <summary>
    /// False for <c>x[^k..]</c> unless <c>x</c> is a local or parameter and <c>k</c> is a constant, local or parameter:
    /// the fix reads <c>x.Length</c>, so <c>x</c> is evaluated twice and <c>k</c> after it.
    /// </summary>
    public bool CanFix { get; }

    public string MethodName => Kind == SliceReceiverKind.String ? KnownNames.Substring : KnownNames.Slice;
}

/// <summary>
/// Recognises the ranges SL1005 flags, on <c>Span&lt;T&gt;</c>, <c>ReadOnlySpan&lt;T&gt;</c>, <c>Memory&lt;T&gt;</c>,
/// <c>ReadOnlyMemory&lt;T&gt;</c> and <c>string</c> receivers, with an <c>int</c> start:
/// <code>
/// span[i..]          span[(i + 1)..]        text[3..]
/// span[^k..]         memory[^2..]
/// </code>
/// and not <c>x[..j]</c>, <c>x[i..j]</c>, <c>x[index..]</c> with an <c>Index</c> variable, <c>x[range]</c>, arrays,
/// <c>ArraySegment&lt;T&gt;</c> or <c>x?[i..]</c>: every compiler lowers those the same way.
/// </summary>
internal static class SliceRangePattern
{
    /// <summary>A cheap syntax-only filter, run before any semantic question.</summary>
    public static bool IsCandidate(ElementAccessExpressionSyntax access, [NotNullWhen(true)] out RangeExpressionSyntax? range)
    {
        range = null;
        var arguments = access.ArgumentList.Arguments;
        if (arguments.Count != 1)
            return false;

        ArgumentSyntax argument = arguments[0];
        if (argument.NameColon is not null || !argument.RefKindKeyword.IsKind(SyntaxKind.None))
            return false;

        if (argument.Expression is not RangeExpressionSyntax { LeftOperand: not null, RightOperand: null } candidate)
            return false;

        range = candidate;
        return true;
    }

    public static bool TryMatch(
        ElementAccessExpressionSyntax access,
        SemanticModel model,
        SliceRangeSymbols symbols,
        CancellationToken cancellationToken,
        [NotNullWhen(true)] out SliceRangeMatch? match)
    {
        match = null;
        if (!IsCandidate(access, out RangeExpressionSyntax? range))
            return false;

        ExpressionSyntax left = range.LeftOperand!;
        bool isFromEnd = false;
        ExpressionSyntax start = left;
        if (left.IsKind(SyntaxKind.IndexExpression) && left is PrefixUnaryExpressionSyntax hat)
        {
            isFromEnd = true;
            start = hat.Operand;
        }

        // The compilers special-case an operand that converts to Index through int: an int, or a narrower integer or
        // a char, which the compiler widens to int first (Roslyn 5.0 emits Slice(start, Length - start) for a short or
        // byte start, 5.12 Slice(start), as for an int). An Index-typed start goes through Index.GetOffset.
        if (!IsIntOrWidensToInt(model.GetTypeInfo(start, cancellationToken).Type))
            return false;

        ITypeSymbol? receiverType = model.GetTypeInfo(access.Expression, cancellationToken).Type;
        if (!symbols.TryClassify(receiverType, out SliceReceiverKind kind)
            || !SliceRangeSymbols.HasSingleArgumentOverload(receiverType!, kind))
        {
            return false;
        }

        // The range must bind to the pattern-based indexer: a broken expression has no type here.
        if (model.GetTypeInfo(access, cancellationToken).Type is not { TypeKind: not TypeKind.Error } resultType
            || !SymbolEqualityComparer.Default.Equals(resultType, receiverType))
        {
            return false;
        }

        bool canFix = !isFromEnd
            || IsLocalOrParameter(access.Expression, model, cancellationToken)
                && IsStable(start, model, cancellationToken)
                && !MayOverflow(access, start, model, cancellationToken);
        match = new SliceRangeMatch(access, range, start, isFromEnd, kind, canFix);
        return true;
    }

    /// <summary>
    /// <c>x.Length - k</c> in a checked context throws OverflowException for a very negative <c>k</c>, where the range
    /// throws ArgumentOutOfRangeException; a constant <c>k &gt;= 0</c> can never overflow.
    /// </summary>
    private static bool MayOverflow(SyntaxNode access, ExpressionSyntax fromEnd, SemanticModel model, CancellationToken cancellationToken)
    {
        if (model.GetConstantValue(fromEnd, cancellationToken) is { HasValue: true, Value: int value } && value >= 0)
            return false;

        foreach (SyntaxNode ancestor in access.Ancestors())
        {
            if (ancestor.IsKind(SyntaxKind.CheckedExpression) || ancestor.IsKind(SyntaxKind.CheckedStatement))
                return true;

            if (ancestor.IsKind(SyntaxKind.UncheckedExpression) || ancestor.IsKind(SyntaxKind.UncheckedStatement))
                return false;

            if (ancestor is MemberDeclarationSyntax)
                break;
        }

        return model.Compilation.Options.CheckOverflow;
    }

    private static bool IsLocalOrParameter(ExpressionSyntax expression, SemanticModel model, CancellationToken cancellationToken)
        => expression is IdentifierNameSyntax
            && model.GetSymbolInfo(expression, cancellationToken).Symbol is ILocalSymbol or IParameterSymbol;

    /// <summary>
    /// A constant, local or parameter, or <c>+ - *</c> of those, in any parentheses: reading it after the receiver's
    /// <c>Length</c> changes nothing. (Built-in int arithmetic; a user-defined operator would not bind to int here.)
    /// </summary>
    private static bool IsStable(ExpressionSyntax expression, SemanticModel model, CancellationToken cancellationToken)
    {
        while (expression is ParenthesizedExpressionSyntax parenthesized)
            expression = parenthesized.Expression;

        if (model.GetConstantValue(expression, cancellationToken).HasValue)
            return true;

        switch (expression)
        {
            case BinaryExpressionSyntax binary when binary.IsKind(SyntaxKind.AddExpression)
                || binary.IsKind(SyntaxKind.SubtractExpression)
                || binary.IsKind(SyntaxKind.MultiplyExpression):
                return IsStable(binary.Left, model, cancellationToken) && IsStable(binary.Right, model, cancellationToken);
            case PrefixUnaryExpressionSyntax unary when unary.IsKind(SyntaxKind.UnaryMinusExpression) || unary.IsKind(SyntaxKind.UnaryPlusExpression):
                return IsStable(unary.Operand, model, cancellationToken);
            default:
                return IsLocalOrParameter(expression, model, cancellationToken);
        }
    }

    private static bool IsIntOrWidensToInt(ITypeSymbol? type) => type?.SpecialType is SpecialType.System_Int32
        or SpecialType.System_Int16 or SpecialType.System_UInt16 or SpecialType.System_Byte or SpecialType.System_SByte
        or SpecialType.System_Char;
}

/// <summary>
/// Where SL1005 speaks: measured, <c>Slice(start)</c> wins over the old lowering only in loops that slice spans and do
/// little else per pass, and not at all on strings (docs/rules/SL1005.md). So a range is reported only when its
/// receiver is a span or memory (not a string), and it sits in a loop that runs it on every pass (a loop body,
/// condition or increment; not a <c>foreach</c> collection, a <c>for</c> initializer, or a <c>return</c> or
/// <c>throw</c> that leaves the loop) with no <c>await</c> and no call named <c>Read*</c> or <c>Write*</c> (a loop
/// whose time goes to I/O).
/// </summary>
internal static class SliceRangeScope
{
    public static bool IsWorthReporting(SliceReceiverKind kind, SyntaxNode range)
        => kind != SliceReceiverKind.String && InnermostLoop(range) is { } loop && !DoesInputOutput(loop);

    /// <summary>The innermost loop that evaluates <paramref name="node"/> on every pass, within its own function.</summary>
    internal static StatementSyntax? InnermostLoop(SyntaxNode node)
    {
        SyntaxNode child = node;
        for (SyntaxNode? current = node.Parent; current is not null; child = current, current = current.Parent)
        {
            switch (current)
            {
                case WhileStatementSyntax or DoStatementSyntax:
                    return (StatementSyntax)current;
                case ForStatementSyntax loop when child != loop.Declaration && !(child is ExpressionSyntax initializer && loop.Initializers.Contains(initializer)):
                    return loop;
                case CommonForEachStatementSyntax loop when child != loop.Expression:
                    return loop;
                case AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax or MemberDeclarationSyntax:
                    return null;

                // return part[(colon + 1)..]; inside the loop leaves it: the range runs once, not on every pass.
                case ReturnStatementSyntax or ThrowStatementSyntax or ThrowExpressionSyntax:
                    return null;
            }
        }

        return null;
    }

    private static bool DoesInputOutput(StatementSyntax loop)
    {
        if (loop is CommonForEachStatementSyntax { AwaitKeyword.RawKind: not 0 })
            return true;

        foreach (SyntaxNode node in loop.DescendantNodes(descendIntoChildren: n => n is not (AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax)))
        {
            if (node is AwaitExpressionSyntax)
                return true;

            if (node is InvocationExpressionSyntax invocation)
            {
                string? name = invocation.Expression switch
                {
                    MemberAccessExpressionSyntax member => member.Name.Identifier.ValueText,
                    IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
                    _ => null,
                };
                if (name is not null && (name.StartsWith("Read", System.StringComparison.Ordinal) || name.StartsWith("Write", System.StringComparison.Ordinal)))
                    return true;
            }
        }

        return false;
    }
}
