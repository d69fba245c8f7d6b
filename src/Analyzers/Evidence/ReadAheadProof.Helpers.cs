using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Streamline.Analyzers.Rules;

namespace Streamline.Analyzers.Evidence;

/// <summary>What a method of this compilation that is handed the reader does with it.</summary>
internal static partial class ReadAheadProof
{
    /// <summary>
    /// A method of this compilation that is handed the reader and only reads through it, so it can neither keep the
    /// reader nor reach its stream: <paramref name="parameter"/> appears in the body only as the receiver of a read
    /// (<c>r.ReadInt32()</c>, <c>r.ReadString()</c>, <c>r.PeekChar()</c>), outside lambdas and local functions, and
    /// the method is neither virtual (an override could do anything), nor an iterator or async (it would read later).
    /// Checked on the syntax of its one declaration; a call to a method of another assembly is not followed.
    /// </summary>
    private static bool OnlyReadsThrough(IMethodSymbol method, IParameterSymbol parameter, BinaryReadSymbols symbols)
        => OnlyReadsThrough(method, parameter, symbols, out _);

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
        method = method.OriginalDefinition;
        if (method.IsVirtual || method.IsAbstract || method.IsOverride || method.IsExtern || method.IsAsync
            || method.ContainingType is { TypeKind: TypeKind.Interface } || method.DeclaringSyntaxReferences.Length != 1)
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

        string name = parameter.OriginalDefinition.Name;
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
                    if (identifier.Parent is not MemberAccessExpressionSyntax { Parent: InvocationExpressionSyntax invocation } receiverAccess
                        || receiverAccess.Expression != identifier
                        || invocation.Expression != receiverAccess
                        || !IsRead(receiverAccess.Name.Identifier.ValueText, invocation.ArgumentList.Arguments.Count, symbols)
                        || IsInNestedFunction(identifier, body))
                    {
                        return false;
                    }

                    readsSmallValues |= invocation.ArgumentList.Arguments.Count == 0 && symbols.IsSmallRead(receiverAccess.Name.Identifier.ValueText);
                    break;
            }
        }

        return true;
    }

    /// <summary>
    /// A read of BinaryReader itself: a public instance method named <c>Read...</c> or <c>PeekChar</c> taking that many
    /// arguments (so an extension method of the same name with other parameters is not taken for it).
    /// </summary>
    private static bool IsRead(string name, int argumentCount, BinaryReadSymbols symbols)
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

    private static bool IsInNestedFunction(SyntaxNode node, SyntaxNode body)
    {
        for (SyntaxNode? current = node.Parent; current is not null && current != body; current = current.Parent)
        {
            if (current is AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax)
                return true;
        }

        return false;
    }
}
