using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;
using Streamline.Analyzers.Flow;
using Streamline.Analyzers.Rules;

namespace Streamline.Analyzers.Evidence;

/// <summary>
/// At compilation end, whether a method the reader is handed to only reads through it, followed into helpers of any
/// type of the compilation: extension methods (<c>reader.ReadVarint()</c>), static helpers of other types
/// (<c>Table.Read(reader)</c>), constructors (<c>new Header(reader)</c>) and recursive helpers. Where
/// <see cref="ReadAheadProof"/> alone reads a helper's syntax and follows only helpers of the same type, this one finds
/// what each <c>reader</c> argument in a helper's body binds to in the calls the <see cref="StreamOriginIndex"/>
/// recorded while the compilation was analyzed, so it needs no semantic model of its own.
/// </summary>
/// <remarks>
/// In a helper, the reader parameter may appear only
/// <list type="bullet">
/// <item>as the receiver of one of BinaryReader's own reads (<c>r.ReadInt32()</c>, <c>r.PeekChar()</c>);</item>
/// <item>as <c>r.BaseStream</c> used on the spot for its position, length, a seek or a read
/// (<c>r.BaseStream.Seek(o, SeekOrigin.Begin)</c>, <c>r.BaseStream.Position = p</c>): the buffered reader puts the
/// stream back whenever <c>BaseStream</c> is read and takes up from wherever the stream is at its next read;</item>
/// <item>as an argument, by value, to a method or constructor of the compilation whose parameter is a
/// <c>BinaryReader</c> and which only reads through it in turn (a helper met again on the way counts as reading only:
/// it adds no other use).</item>
/// </list>
/// Never in a lambda or local function, never stored, returned, compared or handed to anything else; and the helper is
/// not virtual, abstract, an interface's, partial, async or an iterator. At most <see cref="MaxDepth"/> helpers deep.
/// </remarks>
internal sealed class ReaderHelpers
{
    /// <summary>How many helpers deep a reader handed on is followed.</summary>
    private const int MaxDepth = 8;

    private readonly StreamOriginIndex? _index;
    private readonly BinaryReadSymbols? _symbols;
    private Dictionary<(SyntaxTree Tree, TextSpan Span), IArgumentOperation>? _handedOn;

    public ReaderHelpers(StreamOriginIndex index, BinaryReadSymbols symbols)
    {
        _index = index;
        _symbols = symbols;
    }

    private ReaderHelpers()
    {
    }

    /// <summary>
    /// Takes every helper for one that only reads: while a method is analyzed alone, whether the proof could hold once
    /// the helpers are known, so that only such a construction waits for compilation end.
    /// </summary>
    public static ReaderHelpers Hopeful { get; } = new();

    /// <summary>Whether <paramref name="method"/> only reads through <paramref name="parameter"/>.</summary>
    /// <param name="text">Where given, notes the text reads (<c>ReadString</c>, <c>ReadChars</c>...) the helpers make.</param>
    public bool OnlyReadsThrough(IMethodSymbol method, IParameterSymbol parameter, TextReads? text = null)
        => _index is null
            ? MayOnlyRead(method.OriginalDefinition, parameter.OriginalDefinition) // Hopeful: the body is not read
            : OnlyReadsThrough(method, parameter, new Stack<IParameterSymbol>(), text);

    /// <summary>What can be told without reading the helper's body: a method or constructor of this compilation,
    /// declared once, neither virtual nor async, that takes a <c>BinaryReader</c> by value.</summary>
    private static bool MayOnlyRead(IMethodSymbol method, IParameterSymbol parameter)
        => !(method.IsVirtual || method.IsAbstract || method.IsOverride || method.IsExtern || method.IsAsync)
            && method.ContainingType is not { TypeKind: TypeKind.Interface }
            && method.MethodKind is MethodKind.Ordinary or MethodKind.Constructor or MethodKind.ReducedExtension
            && method.DeclaringSyntaxReferences.Length == 1
            && parameter.Type is INamedTypeSymbol { Name: "BinaryReader", ContainingNamespace: { Name: "IO", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } }
            && parameter.RefKind == RefKind.None;

    private bool OnlyReadsThrough(IMethodSymbol method, IParameterSymbol parameter, Stack<IParameterSymbol> callers, TextReads? text)
    {
        BinaryReadSymbols symbols = _symbols!;
        method = method.OriginalDefinition;
        parameter = parameter.OriginalDefinition;
        if (callers.Contains(parameter, SymbolEqualityComparer.Default))
            return true; // met again (a recursive helper): its uses are being checked where it was first met

        if (!MayOnlyRead(method, parameter)
            || !symbols.IsOwn(method)
            || !SymbolEqualityComparer.Default.Equals(parameter.Type, symbols.BinaryReader)
            || callers.Count >= MaxDepth)
        {
            return false;
        }

        SyntaxNode declaration = method.DeclaringSyntaxReferences[0].GetSyntax();
        IEnumerable<SyntaxNode>? parts = declaration switch
        {
            MethodDeclarationSyntax m => new SyntaxNode?[] { m.Body, m.ExpressionBody },
            ConstructorDeclarationSyntax c => new SyntaxNode?[] { c.Initializer, c.Body, c.ExpressionBody },
            _ => null,
        } is { } found ? NonNull(found) : null;
        if (parts is null)
            return false;

        callers.Push(parameter);
        try
        {
            foreach (SyntaxNode part in parts)
            {
                if (!UsesOnlyToRead(part, parameter.Name, callers, text))
                    return false;
            }

            return true;
        }
        finally
        {
            callers.Pop();
        }
    }

    private bool UsesOnlyToRead(SyntaxNode body, string name, Stack<IParameterSymbol> callers, TextReads? text)
    {
        foreach (SyntaxNode node in body.DescendantNodesAndSelf())
        {
            switch (node)
            {
                case YieldStatementSyntax:
                case AwaitExpressionSyntax:
                    return false;
                case IdentifierNameSyntax identifier when identifier.Identifier.ValueText == name:
                    if (identifier.Parent is MemberAccessExpressionSyntax { Name: var member } && member == identifier)
                        continue; // x.r: another object's member of that name
                    if (identifier.Parent is NameColonSyntax)
                        continue;
                    if (ReadAheadProof.IsInNestedFunction(identifier, body))
                        return false;
                    if (IsOwnRead(identifier))
                    {
                        text?.Note(((MemberAccessExpressionSyntax)identifier.Parent!).Name.Identifier.ValueText);
                        continue;
                    }

                    if (IsStreamUseOnTheSpot(identifier) || IsNullCheck(identifier))
                        continue;
                    if (HandedOnTo(identifier) is { Parameter: { } target } argument
                        && argument.ArgumentKind == ArgumentKind.Explicit
                        && TargetOf(argument) is { } callee
                        && OnlyReadsThrough(callee, target, callers, text))
                    {
                        continue;
                    }

                    return false;
            }
        }

        return true;
    }

    /// <summary><c>r.ReadInt32()</c>: one of BinaryReader's own reads (an instance member wins over an extension of the
    /// same shape).</summary>
    private bool IsOwnRead(IdentifierNameSyntax identifier)
        => identifier.Parent is MemberAccessExpressionSyntax { Parent: InvocationExpressionSyntax invocation } access
            && access.Expression == identifier
            && invocation.Expression == access
            && ReadAheadProof.IsRead(access.Name.Identifier.ValueText, invocation.ArgumentList.Arguments.Count, _symbols!);

    /// <summary><c>r.BaseStream.Position</c>, <c>r.BaseStream.Position = p</c>, <c>r.BaseStream.Seek(...)</c>,
    /// <c>r.BaseStream.Length</c>, <c>r.BaseStream.Read(...)</c>: the stream used on the spot, never kept, written or
    /// closed.</summary>
    private static bool IsStreamUseOnTheSpot(IdentifierNameSyntax identifier)
    {
        if (identifier.Parent is not MemberAccessExpressionSyntax { Name.Identifier.ValueText: "BaseStream" } baseStream
            || baseStream.Expression != identifier
            || baseStream.Parent is not MemberAccessExpressionSyntax use
            || use.Expression != baseStream)
        {
            return false;
        }

        switch (use.Name.Identifier.ValueText)
        {
            case "Position":
            case "Length":
            case "CanSeek":
            case "CanRead":
                return use.Parent is not InvocationExpressionSyntax; // read, or Position set: a move
            case "Seek":
            case "Read":
            case "ReadByte":
                return use.Parent is InvocationExpressionSyntax call && call.Expression == use;
            default:
                return false;
        }
    }

    /// <summary><c>r == null</c>, <c>r != null</c>, <c>r is null</c>: an argument check.</summary>
    private static bool IsNullCheck(IdentifierNameSyntax identifier) => identifier.Parent switch
    {
        BinaryExpressionSyntax { RawKind: (int)SyntaxKind.EqualsExpression or (int)SyntaxKind.NotEqualsExpression } comparison
            => (comparison.Left == identifier ? comparison.Right : comparison.Left) is LiteralExpressionSyntax { RawKind: (int)SyntaxKind.NullLiteralExpression },
        IsPatternExpressionSyntax { Pattern: ConstantPatternSyntax { Expression: LiteralExpressionSyntax { RawKind: (int)SyntaxKind.NullLiteralExpression } } } => true,
        _ => false,
    };

    /// <summary>The argument the index recorded for this use of the reader: a call of a method or constructor of the
    /// compilation that takes it.</summary>
    private IArgumentOperation? HandedOnTo(IdentifierNameSyntax identifier)
    {
        if (_handedOn is null)
        {
            _handedOn = new Dictionary<(SyntaxTree, TextSpan), IArgumentOperation>();
            foreach (StreamOriginIndex.Call call in _index!.AllCalls())
            {
                foreach (IArgumentOperation argument in call.Arguments)
                {
                    if (SL1001PositionAdvance.StripConversions(argument.Value) is IParameterReferenceOperation { Parameter: var passed } reference
                        && SymbolEqualityComparer.Default.Equals(passed.Type, _symbols!.BinaryReader))
                    {
                        _handedOn[(reference.Syntax.SyntaxTree, reference.Syntax.Span)] = argument;
                    }
                }
            }
        }

        return _handedOn.TryGetValue((identifier.SyntaxTree, identifier.Span), out IArgumentOperation? found) ? found : null;
    }

    private static IMethodSymbol? TargetOf(IArgumentOperation argument) => argument.Parent switch
    {
        IInvocationOperation invocation => invocation.TargetMethod,
        IObjectCreationOperation creation => creation.Constructor,
        _ => null,
    };

    private static IEnumerable<SyntaxNode> NonNull(IEnumerable<SyntaxNode?> nodes)
    {
        foreach (SyntaxNode? node in nodes)
        {
            if (node is not null)
                yield return node;
        }
    }
}
