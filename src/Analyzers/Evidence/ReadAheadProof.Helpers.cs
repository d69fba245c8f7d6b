using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Streamline.Analyzers.Rules;

namespace Streamline.Analyzers.Evidence;

/// <summary>What a method of this compilation that is handed the reader does with it.</summary>
internal static partial class ReadAheadProof
{
    /// <summary>How many helpers deep a reader handed on from helper to helper is followed.</summary>
    private const int MaxHelperDepth = 4;

    /// <summary>
    /// A method of this compilation that is handed the reader and only reads through it, so it can neither keep the
    /// reader nor reach its stream: <paramref name="parameter"/> appears in the body only as the receiver of a read
    /// (<c>r.ReadInt32()</c>, <c>r.ReadString()</c>, <c>r.PeekChar()</c>) or as the argument of a call of another such
    /// method of the same type (<c>ReadEntry(r)</c>, up to <see cref="MaxHelperDepth"/> deep, no recursion), outside
    /// lambdas and local functions, and the method is neither virtual (an override could do anything), nor an iterator
    /// or async (it would read later). Checked on the syntax of its one declaration; a call to a method of another
    /// assembly is not followed.
    /// </summary>
    private static bool OnlyReadsThrough(IMethodSymbol method, IParameterSymbol parameter, BinaryReadSymbols symbols, TextReads? text = null)
    {
        bool readsSmallValues = false;
        return OnlyReadsThrough(method, parameter, symbols, new Stack<IMethodSymbol>(), ref readsSmallValues, text);
    }

    /// <summary>
    /// <see cref="OnlyReadsThrough(IMethodSymbol, IParameterSymbol, BinaryReadSymbols)"/>, and at least one of those
    /// reads is a small fixed-size one (<c>r.ReadInt32()</c>, <c>r.ReadByte()</c>): a call of such a method in a loop
    /// reads small values on every pass, as if they were written in the loop.
    /// </summary>
    public static bool ReadsSmallValuesThrough(IMethodSymbol method, IParameterSymbol parameter, BinaryReadSymbols symbols)
        => SymbolEqualityComparer.Default.Equals(parameter.Type, symbols.BinaryReader)
            && OnlyReadsThrough(method, parameter, symbols, out bool readsSmallValues)
            && readsSmallValues;

    private static bool OnlyReadsThrough(IMethodSymbol method, IParameterSymbol parameter, BinaryReadSymbols symbols, out bool readsSmallValues)
    {
        readsSmallValues = false;
        return OnlyReadsThrough(method, parameter, symbols, new Stack<IMethodSymbol>(), ref readsSmallValues, text: null);
    }

    private static bool OnlyReadsThrough(IMethodSymbol method, IParameterSymbol parameter, BinaryReadSymbols symbols, Stack<IMethodSymbol> callers, ref bool readsSmallValues, TextReads? text)
    {
        method = method.OriginalDefinition;
        if (method.IsVirtual || method.IsAbstract || method.IsOverride || method.IsExtern || method.IsAsync
            || method.ContainingType is { TypeKind: TypeKind.Interface } || method.DeclaringSyntaxReferences.Length != 1
            || !symbols.IsOwn(method) || callers.Count >= MaxHelperDepth || callers.Contains(method, SymbolEqualityComparer.Default))
        {
            return false;
        }

        SyntaxNode declaration = method.DeclaringSyntaxReferences[0].GetSyntax();
        SyntaxNode? body = declaration switch
        {
            MethodDeclarationSyntax m => (SyntaxNode?)m.Body ?? m.ExpressionBody,
            LocalFunctionStatementSyntax f => (SyntaxNode?)f.Body ?? f.ExpressionBody,
            _ => null,
        };
        if (body is null)
            return false;

        callers.Push(method);
        try
        {
            return OnlyReadsThroughBody(method, body, parameter.OriginalDefinition.Name, symbols, callers, ref readsSmallValues, text);
        }
        finally
        {
            callers.Pop();
        }
    }

    private static bool OnlyReadsThroughBody(IMethodSymbol method, SyntaxNode body, string name, BinaryReadSymbols symbols, Stack<IMethodSymbol> callers, ref bool readsSmallValues, TextReads? text)
    {
        foreach (SyntaxNode node in body.DescendantNodes())
        {
            switch (node)
            {
                case YieldStatementSyntax:
                case AwaitExpressionSyntax:
                    return false;
                case IdentifierNameSyntax identifier when identifier.Identifier.ValueText == name:
                    if (identifier.Parent is MemberAccessExpressionSyntax { Name: var member } access && member == identifier)
                        continue; // x.r: another object's member of the same name
                    if (identifier.Parent is NameColonSyntax)
                        continue;
                    if (IsInNestedFunction(identifier, body))
                        return false;
                    if (identifier.Parent is ArgumentSyntax { NameColon: null, RefKindKeyword.RawKind: 0 } argument
                        && argument.Parent is ArgumentListSyntax { Parent: InvocationExpressionSyntax helperCall } arguments
                        && HelperOfSameType(method, helperCall, body) is { } helper
                        && arguments.Arguments.IndexOf(argument) is var index
                        && index < helper.Parameters.Length
                        && SymbolEqualityComparer.Default.Equals(helper.Parameters[index].Type, symbols.BinaryReader)
                        && OnlyReadsThrough(helper, helper.Parameters[index], symbols, callers, ref readsSmallValues, text))
                    {
                        continue; // ReadEntry(r): a helper that only reads through it too
                    }

                    if (identifier.Parent is not MemberAccessExpressionSyntax { Parent: InvocationExpressionSyntax invocation } receiverAccess
                        || receiverAccess.Expression != identifier
                        || invocation.Expression != receiverAccess
                        || !IsRead(receiverAccess.Name.Identifier.ValueText, invocation.ArgumentList.Arguments.Count, symbols))
                    {
                        return false;
                    }

                    readsSmallValues |= invocation.ArgumentList.Arguments.Count == 0 && symbols.IsSmallRead(receiverAccess.Name.Identifier.ValueText);
                    text?.Note(receiverAccess.Name.Identifier.ValueText);
                    break;
            }
        }

        return true;
    }

    /// <summary>
    /// The method <c>Name(...)</c> or <c>this.Name(...)</c> calls, read from syntax: the one method of that name taking
    /// that many arguments (none optional, none <c>params</c>, not generic) declared in <paramref name="caller"/>'s type
    /// or a base type, when nothing in the body (a local function, a local) can take the name first.
    /// </summary>
    private static IMethodSymbol? HelperOfSameType(IMethodSymbol caller, InvocationExpressionSyntax call, SyntaxNode body)
    {
        string? name = call.Expression switch
        {
            IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
            MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax, Name: IdentifierNameSyntax identifier } => identifier.Identifier.ValueText,
            _ => null,
        };
        if (name is null || caller.Parameters.Any(p => p.Name == name))
            return null;

        foreach (SyntaxNode node in body.DescendantNodes())
        {
            if (node is LocalFunctionStatementSyntax function && function.Identifier.ValueText == name
                || node is VariableDeclaratorSyntax variable && variable.Identifier.ValueText == name)
            {
                return null;
            }
        }

        IMethodSymbol? found = null;
        for (INamedTypeSymbol? type = caller.ContainingType; type is not null; type = type.BaseType)
        {
            foreach (ISymbol member in type.GetMembers(name))
            {
                if (member is not IMethodSymbol candidate)
                    return null; // a field or property of that name: a delegate call
                if (candidate.Parameters.Any(p => p.IsOptional || p.IsParams) || candidate.IsGenericMethod)
                    return null;
                if (candidate.Parameters.Length != call.ArgumentList.Arguments.Count)
                    continue;
                if (found is not null)
                    return null; // overloads: which one binds is not for syntax to say
                found = candidate;
            }
        }

        return found;
    }

    /// <summary>
    /// A read of BinaryReader itself: a public instance method named <c>Read...</c> or <c>PeekChar</c> taking that many
    /// arguments (so an extension method of the same name with other parameters is not taken for it).
    /// </summary>
    internal static bool IsRead(string name, int argumentCount, BinaryReadSymbols symbols)
    {
        if (!name.StartsWith("Read", System.StringComparison.Ordinal) && name != "PeekChar")
            return false;

        foreach (ISymbol member in symbols.BinaryReader.GetMembers(name))
        {
            if (member is IMethodSymbol { IsStatic: false, DeclaredAccessibility: Accessibility.Public } read && read.Parameters.Length == argumentCount)
                return true;
        }

        return false;
    }

    internal static bool IsInNestedFunction(SyntaxNode node, SyntaxNode body)
    {
        for (SyntaxNode? current = node.Parent; current is not null && current != body; current = current.Parent)
        {
            if (current is AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax)
                return true;
        }

        return false;
    }
}
