using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>Whether SL1006's fix may read Length once, and where.</summary>
internal static partial class StreamLengthLoop
{
    /// <summary>
    /// Where reading Length once for <paramref name="loop"/> gives every read of it in the loop the same
    /// value, exceptions included:
    /// <list type="bullet">
    /// <item>the stream is a local, parameter or readonly field, or <c>reader.BaseStream</c> of one, not assigned in the loop;</item>
    /// <item>nothing in the loop may change the length: the stream, its reader and every alias are only read from, seeked
    ///   and asked for Length/Position; no call is handed any of them, no writer is made over them;</item>
    /// <item>before the loop (<see cref="LengthHoist.BeforeLoop"/>) where a read of Length (or of Position, which fails
    ///   the same way) of that stream is the first thing each pass evaluates, so the hoisted read throws where the
    ///   original first read would have (non-seekable, disposed); elsewhere (C# 8 and later) at the loop's first read
    ///   of it (<see cref="LengthHoist.OnFirstRead"/>), which throws exactly where the original's first read does;</item>
    /// <item>the loop is a statement of a block, a switch section or a top-level program, where a declaration can go.</item>
    /// </list>
    /// </summary>
    public static LengthHoist CanHoist(
        IPropertyReferenceOperation length, ILoopOperation loop, IOperation root, StreamLengthSymbols symbols, out bool onlyThroughReader)
    {
        onlyThroughReader = false;
        if (!TryGetStableKey(length.Instance!, symbols, out StreamKey key))
            return LengthHoist.None;

        if (key.Symbol is ILocalSymbol local && IsDeclaredIn(local, loop.Syntax))
            return LengthHoist.None;

        SyntaxNode? parent = loop.Syntax.Parent;
        if (parent is not (BlockSyntax or SwitchSectionSyntax or GlobalStatementSyntax))
            return LengthHoist.None;

        // Where a pass may not read Length first, the fix reads it where the loop first does.
        LengthHoist hoist = IsFirstEvaluatedRead(loop, key, symbols) ? LengthHoist.BeforeLoop
            : LengthHoist.OnFirstRead;
        if (hoist == LengthHoist.None)
            return hoist;

        HashSet<ISymbol> tracked = TrackedSymbols(key, root, symbols);
        bool aliasUsed = false;
        foreach (IOperation operation in loop.Descendants())
        {
            if (!IsAllowedInLoop(operation, tracked, symbols))
                return LengthHoist.None;

            if (ReferencedSymbol(operation) is { } referenced && tracked.Contains(referenced) && !SymbolEqualityComparer.Default.Equals(referenced, key.Symbol))
                aliasUsed = true;

            // A field is reachable from every method of its type: a call to one of them may write to it.
            if (key.Symbol is IFieldSymbol field
                && operation is IInvocationOperation call
                && SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType.OriginalDefinition, field.ContainingType.OriginalDefinition))
            {
                return LengthHoist.None;
            }
        }

        onlyThroughReader = key.ViaBaseStream && !aliasUsed;
        return hoist;
    }


    /// <summary>The stream's symbol, and the reader's when the stream is <c>reader.BaseStream</c>.</summary>
    internal readonly struct StreamKey
    {
        public StreamKey(ISymbol symbol, bool viaBaseStream)
        {
            Symbol = symbol;
            ViaBaseStream = viaBaseStream;
        }

        public ISymbol Symbol { get; }

        public bool ViaBaseStream { get; }

        public bool Matches(StreamKey other)
            => ViaBaseStream == other.ViaBaseStream && SymbolEqualityComparer.Default.Equals(Symbol, other.Symbol);
    }

    public static bool TryGetStableKey(IOperation stream, StreamLengthSymbols symbols, out StreamKey key)
    {
        stream = StripConversions(stream);
        bool viaBaseStream = false;
        if (stream is IPropertyReferenceOperation { Instance: { } reader } baseStream && symbols.IsReaderBaseStream(baseStream.Property))
        {
            viaBaseStream = true;
            stream = StripConversions(reader);
        }

        ISymbol? symbol = stream switch
        {
            ILocalReferenceOperation local when local.Local.RefKind == RefKind.None => local.Local,
            IParameterReferenceOperation parameter when parameter.Parameter.RefKind is RefKind.None or RefKind.In => parameter.Parameter,
            IFieldReferenceOperation { Field.IsReadOnly: true } field when field.Instance is null or IInstanceReferenceOperation => field.Field,
            _ => null,
        };
        key = symbol is null ? default : new StreamKey(symbol, viaBaseStream);
        return symbol is not null;
    }

    /// <summary>
    /// Whether a read of Length of the keyed stream is evaluated first on each pass, before anything that could fail
    /// or have an effect: the loop's condition, or, where there is none or it is <c>true</c> (and in a <c>do</c>
    /// loop), the body's first statement. A <c>for</c> initializer that runs before must be as harmless.
    /// <code>
    /// while (s.Position &lt; s.Length)              // yes
    /// for (long i = 0; i &lt; s.Length; i++)        // yes
    /// while (true) { if (s.Position &gt;= s.Length) break; ... }   // yes
    /// while (more &amp;&amp; s.Position &lt; s.Length)       // no: Length is not read when more is false
    /// foreach (var x in xs) { ... s.Length ... }   // no: an empty collection never reads it
    /// </code>
    /// </summary>
    private static bool IsFirstEvaluatedRead(ILoopOperation loop, StreamKey key, StreamLengthSymbols symbols)
    {
        IOperation? first;
        switch (loop)
        {
            case IWhileLoopOperation { ConditionIsTop: true, Condition: { } condition } when !IsConstantTrue(condition):
                first = condition;
                break;
            case IWhileLoopOperation whileLoop:
                first = FirstExpression(whileLoop.Body);
                break;
            case IForLoopOperation forLoop:
                foreach (IOperation before in forLoop.Before)
                {
                    if (!IsHarmless(before, key, symbols))
                        return false;
                }

                first = forLoop.Condition is { } forCondition && !IsConstantTrue(forCondition) ? forCondition : FirstExpression(forLoop.Body);
                break;
            default:
                return false;
        }

        if (first is null)
            return false;

        foreach (IOperation operation in first.DescendantsAndSelf())
        {
            if (operation is IPropertyReferenceOperation { Instance: { } instance } read
                && read.Property.Name == KnownNames.Length
                && symbols.IsStreamProperty(read.Property)
                && TryGetStableKey(instance, symbols, out StreamKey readKey)
                && readKey.Matches(key)
                && IsReachedUnconditionally(read, first, key, symbols))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsConstantTrue(IOperation condition)
        => condition.ConstantValue.HasValue && condition.ConstantValue.Value is true;

    /// <summary>The expression a statement evaluates first: an if's condition, an expression statement, a declaration's value.</summary>
    private static IOperation? FirstExpression(IOperation? statement)
    {
        while (statement is IBlockOperation block)
            statement = block.Operations.IsEmpty ? null : block.Operations[0];

        return statement switch
        {
            IConditionalOperation conditional => conditional.Condition,
            IExpressionStatementOperation expression => expression.Operation,
            IVariableDeclarationGroupOperation { Declarations.Length: 1 } group
                when group.Declarations[0].Declarators.Length == 1 && group.Declarations[0].Declarators[0].Initializer is { } initializer => initializer.Value,
            _ => null,
        };
    }

    /// <summary>Whether evaluating <paramref name="root"/> always reaches <paramref name="read"/>, after harmless operands only.</summary>
    private static bool IsReachedUnconditionally(IOperation read, IOperation root, StreamKey key, StreamLengthSymbols symbols)
    {
        IOperation child = read;
        for (IOperation? parent = read.Parent; parent is not null && child != root; child = parent, parent = parent.Parent)
        {
            switch (parent)
            {
                case IConversionOperation { OperatorMethod: null }:
                case IUnaryOperation { OperatorMethod: null }:
                    continue;
                case IBinaryOperation { OperatorMethod: null } binary
                    when binary.OperatorKind is BinaryOperatorKind.ConditionalAnd or BinaryOperatorKind.ConditionalOr:
                    if (binary.LeftOperand != child)
                        return false;
                    continue;
                case IBinaryOperation { OperatorMethod: null } binary:
                    if (binary.RightOperand == child && !IsHarmless(binary.LeftOperand, key, symbols))
                        return false;
                    continue;
                default:
                    return false;
            }
        }

        return child == root;
    }

    /// <summary>
    /// Operations that cannot fail or have an effect (locals, constants, arithmetic, fields, declarations of locals), or
    /// that fail exactly as the stream's Length would (its Position and Length).
    /// </summary>
    private static bool IsHarmless(IOperation operation, StreamKey key, StreamLengthSymbols symbols)
    {
        foreach (IOperation current in operation.DescendantsAndSelf())
        {
            switch (current)
            {
                case ILiteralOperation:
                case ILocalReferenceOperation:
                case IParameterReferenceOperation:
                case IInstanceReferenceOperation:
                case IFieldReferenceOperation { Instance: null or IInstanceReferenceOperation }:
                case IVariableDeclarationGroupOperation:
                case IVariableDeclarationOperation:
                case IVariableDeclaratorOperation:
                case IVariableInitializerOperation:
                case IConversionOperation { OperatorMethod: null }:
                case IUnaryOperation { OperatorMethod: null }:
                case IBinaryOperation { OperatorMethod: null, OperatorKind: not (BinaryOperatorKind.Divide or BinaryOperatorKind.Remainder) }:
                case ISimpleAssignmentOperation { Target: ILocalReferenceOperation }:
                case IExpressionStatementOperation:
                    continue;
                case IPropertyReferenceOperation { Instance: { } instance } property
                    when property.Property.Name is KnownNames.Length or KnownNames.Position
                        && symbols.IsStreamProperty(property.Property)
                        && TryGetStableKey(instance, symbols, out StreamKey other)
                        && other.Matches(key):
                    continue;
                case IPropertyReferenceOperation { Instance: { } } baseStream when symbols.IsReaderBaseStream(baseStream.Property):
                    continue;
                default:
                    return false;
            }
        }

        return true;
    }

    /// <summary>
    /// The stream's symbol, its reader's, and every local of the method that holds the same stream or an object made over
    /// it (<c>Stream s = reader.BaseStream</c>, <c>var reader = new BinaryReader(stream)</c>, <c>var w = new BinaryWriter(s)</c>).
    /// </summary>
    private static HashSet<ISymbol> TrackedSymbols(StreamKey key, IOperation root, StreamLengthSymbols symbols)
    {
        var tracked = new HashSet<ISymbol>(SymbolEqualityComparer.Default) { key.Symbol };
        var links = new List<(ISymbol Holder, IOperation Value)>();
        foreach (IOperation operation in root.Descendants())
        {
            switch (operation)
            {
                case IVariableDeclaratorOperation { Initializer: { } initializer } declarator:
                    links.Add((declarator.Symbol, initializer.Value));
                    break;
                case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment:
                    links.Add((target.Local, assignment.Value));
                    break;
            }
        }

        bool changed = true;
        while (changed)
        {
            changed = false;
            foreach ((ISymbol holder, IOperation value) in links)
            {
                foreach (IOperation part in value.DescendantsAndSelf())
                {
                    ISymbol? referenced = ReferencedSymbol(part);
                    if (referenced is null || !IsHeldBy(part, value, symbols))
                        continue;

                    if (tracked.Contains(referenced) ? tracked.Add(holder) : tracked.Contains(holder) && tracked.Add(referenced))
                        changed = true;
                }
            }
        }

        return tracked;
    }

    /// <summary>Whether the value holds what <paramref name="part"/> refers to: itself, its BaseStream, or an object made over it.</summary>
    private static bool IsHeldBy(IOperation part, IOperation value, StreamLengthSymbols symbols)
    {
        IOperation current = part;
        while (current != value && current.Parent is { } parent)
        {
            switch (parent)
            {
                case IConversionOperation:
                case IObjectCreationOperation:
                    current = parent;
                    continue;
                case IArgumentOperation when symbols.IsStreamType(current.Type) || symbols.IsReaderType(current.Type):
                case IPropertyReferenceOperation { Instance: { } instance } baseStream when instance == current && symbols.IsReaderBaseStream(baseStream.Property):
                    current = parent;
                    continue;
                default:
                    return false;
            }
        }

        return true;
    }

    private static ISymbol? ReferencedSymbol(IOperation operation) => operation switch
    {
        ILocalReferenceOperation local => local.Local,
        IParameterReferenceOperation parameter => parameter.Parameter,
        IFieldReferenceOperation field => field.Field,
        _ => null,
    };

    /// <summary>
    /// A use of a tracked symbol in the loop that cannot change the stream's length: Length, Position (read or set),
    /// CanRead/CanSeek, BaseStream, Read*/Seek/Peek on the stream or the reader. Anything else (Write, SetLength,
    /// Flush, Dispose, an argument, an assignment, a capture) refuses the fix.
    /// </summary>
    private static bool IsAllowedInLoop(IOperation operation, HashSet<ISymbol> tracked, StreamLengthSymbols symbols)
    {
        ISymbol? symbol = ReferencedSymbol(operation);
        if (symbol is null || !tracked.Contains(symbol))
            return true;

        return IsReadOnlyUse(operation, symbols);
    }

    internal static bool IsReadOnlyUse(IOperation value, StreamLengthSymbols symbols, int depth = 0)
    {
        IOperation current = value;
        while (current.Parent is IConversionOperation { OperatorMethod: null } conversion)
            current = conversion;

        switch (current.Parent)
        {
            case IArgumentOperation { Parameter: { } parameter } argument when argument.Value == current:
                // Handed to a method of this compilation that only reads it (a helper that reads a chunk header).
                return symbols.OnlyReads(parameter, depth + 1);
            case IPropertyReferenceOperation { Instance: { } instance } property when instance == current:
                string name = property.Property.Name;
                if (property.Property.Name == KnownNames.BaseStream && symbols.IsReaderBaseStream(property.Property))
                    return IsReadOnlyUse(property, symbols, depth);
                return name is KnownNames.Length or KnownNames.Position or "CanRead" or "CanSeek" or "EndOfStream";
            case IInvocationOperation { Instance: { } instance } invocation when instance == current:
                string method = invocation.TargetMethod.Name;
                if (symbols.IsReaderType(instance.Type))
                    return method.StartsWith("Read", System.StringComparison.Ordinal) || method is "PeekChar" or "Peek";
                return symbols.IsStreamType(instance.Type)
                    && method is "Read" or "ReadByte" or "ReadExactly" or "ReadAtLeast" or "Seek" or "ReadAsync" or "ReadExactlyAsync" or "ReadAtLeastAsync";
            default:
                return false;
        }
    }

    private static bool IsDeclaredIn(ILocalSymbol local, SyntaxNode node)
    {
        foreach (SyntaxReference reference in local.DeclaringSyntaxReferences)
        {
            if (reference.SyntaxTree == node.SyntaxTree && node.Span.Contains(reference.Span))
                return true;
        }

        return false;
    }

    private static bool Contains(ImmutableArray<IOperation> operations, IOperation operation)
    {
        foreach (IOperation candidate in operations)
        {
            if (candidate == operation)
                return true;
        }

        return false;
    }

    private static IOperation StripConversions(IOperation operation)
    {
        while (operation is IConversionOperation { OperatorMethod: null } conversion)
            operation = conversion.Operand;
        return operation;
    }
}
