using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Evidence;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// Whether SL1007's second fix, the loop run over a <c>SkipReader</c> made for it and disposed right after it, keeps
/// the program's behaviour for a stream the method does not own (a parameter, a local, a field):
/// <code>
/// while ((b = input.ReadByte()) != -1) { ... }
///   -> using (var inputReader = new SkipReader(input, leaveOpen: true)) { while ((b = inputReader.ReadByte()) != -1) { ... } }
/// </code>
/// </summary>
/// <remarks>
/// <para>
/// The runtime's <c>SkipReader</c> reads a seekable stream ahead (one stream read per refill, so a failing stream's
/// bytes still come before its exception) and its disposal seeks the stream back to the reader's position; a stream
/// that cannot seek is not read ahead at all, every call goes to it. The using statement disposes the reader on every
/// way out of the loop: its end, <c>break</c>, <c>return</c>, an exception. So the caller finds the stream where the
/// loop would have left it, provided nobody sees the stream while the reader holds bytes read ahead.
/// </para>
/// <para>
/// What is checked, inside the loop: the stream is the receiver of <c>ReadByte()</c>, of a one-byte
/// <c>Read(array, offset, 1)</c> (a larger read may return more bytes than the stream's own read would) and of
/// <c>Length</c>, <c>CanRead</c>, <c>CanSeek</c>, and nothing else, never inside a lambda or local function (anywhere
/// in the method: one called in the loop would read the stream behind the reader's back); no
/// <c>await</c>, <c>yield</c>, <c>goto</c> or delegate call; no argument that could be the stream (of a type a
/// <c>Stream</c> converts to, or <c>this</c> where the stream is a field); no other stream, <c>BinaryReader</c> or
/// <c>TextReader</c> used except to write to it or ask its <c>Length</c>; where the stream is a field, no call or
/// property of this object. The stream's static type must be one the reader is measured to win on (<see cref="WinsOn"/>):
/// a type without a <c>ReadByte</c> override that may seek, not <c>Stream</c> itself. Outside the loop: the stream is never assigned (a field must be readonly), and it is known
/// not to be null before the loop (a null check that leaves the method, a <c>ThrowIfNull</c>, or a member used
/// unconditionally before it), since the reader's constructor would throw <c>ArgumentNullException</c> where the loop
/// throws <c>NullReferenceException</c>.
/// </para>
/// <para>
/// What is assumed, not proven, as for SL1002's reader over a caller's stream: a stream the loop writes to is not the
/// one it reads, and a method called in the loop that is not handed the stream does not reach it some other way.
/// </para>
/// </remarks>
internal static class SL1007LoopProof
{
    private static readonly HashSet<string> s_queries = new() { "Length", "CanRead", "CanSeek", "CanWrite" };

    private static readonly HashSet<string> s_otherStreamUses = new() { "Write", "WriteByte", "Flush", "Length", "CanRead", "CanSeek", "CanWrite" };

    /// <summary>The loop to run over a SkipReader for this read (the outermost loop around it), or null.</summary>
    public static ILoopOperation? LoopToWrap(IInvocationOperation read, IOperation root, SL1007StreamOrigins origins)
    {
        if (read.Instance is null || StreamOf(SL1001PositionAdvance.StripConversions(read.Instance)) is not { } stream
            || !WinsOn(SL1001PositionAdvance.StripConversions(read.Instance).Type, origins) || IsAssigned(root, stream) || ReadAheadProof.HasGoTo(root)
            || IsCaptured(root, stream))
        {
            return null;
        }

        var loops = new List<ILoopOperation>();
        for (IOperation? current = read.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation or ILocalFunctionOperation)
                return null;
            if (current is ILoopOperation loop)
                loops.Add(loop);
        }

        if (loops.Count == 0)
            return null;

        // The outermost loop only: a reader made on every pass of an outer loop would cost its allocation and its
        // read-ahead per pass, which a short inner loop does not repay.
        ILoopOperation outermost = loops[loops.Count - 1];
        return IsWrappable(outermost) && !IsDeclaredInside(stream, outermost) && UsesOnlyAllowed(outermost, stream, origins) && IsNonNullBefore(outermost, stream)
            ? outermost
            : null;
    }

    /// <summary>
    /// Whether the reader is measured to win over a stream of this static type: a type whose <c>ReadByte</c> takes
    /// <c>Stream</c>'s one-byte path and that may seek. Not over a value typed <c>Stream</c> itself: at run time it may
    /// be a <c>FileStream</c> or a <c>MemoryStream</c>, over which the reader's cost per call (its allocation, a read
    /// ahead, a seek back) loses (<c>SL1007CallersStreamBenchmarks</c>: 4x slower at 256 bytes a call over a
    /// <c>FileStream</c>); nor over a stream that never seeks, where it reads nothing ahead.
    /// </summary>
    private static bool WinsOn(ITypeSymbol? type, SL1007StreamOrigins origins)
        => type is not null && !SymbolEqualityComparer.Default.Equals(type, origins.Stream) && type.TypeKind == TypeKind.Class
            && origins.IsUnbufferedType(type) && !origins.NeverSeeks(type);

    /// <summary>The parameter, local or field the read goes to, or null.</summary>
    private static ISymbol? StreamOf(IOperation receiver) => receiver switch
    {
        IParameterReferenceOperation { Parameter: { RefKind: RefKind.None } parameter } => parameter,
        ILocalReferenceOperation { Local: { RefKind: RefKind.None } local } => local,
        IFieldReferenceOperation { Field: { IsReadOnly: true } field, Instance: null or IInstanceReferenceOperation } => field,
        _ => null,
    };

    private static bool IsStream(IOperation operation, ISymbol stream) => IsReference(SL1001PositionAdvance.StripConversions(operation), stream);

    private static bool IsAssigned(IOperation root, ISymbol stream)
    {
        if (stream is IFieldSymbol)
            return false; // readonly: only constructors assign it

        foreach (IOperation operation in root.Descendants())
        {
            if (IsReference(operation, stream) && SL1001PositionAdvance.IsWritten(operation))
                return true;
        }

        return false;
    }

    // The field of this object (or a static field), not the same field of another instance.
    private static bool IsReference(IOperation operation, ISymbol stream) => operation switch
    {
        IParameterReferenceOperation reference => SymbolEqualityComparer.Default.Equals(reference.Parameter, stream),
        ILocalReferenceOperation reference => SymbolEqualityComparer.Default.Equals(reference.Local, stream),
        IFieldReferenceOperation { Instance: null or IInstanceReferenceOperation } reference => SymbolEqualityComparer.Default.Equals(reference.Field, stream),
        _ => false,
    };

    /// <summary>The stream is used inside a lambda or local function anywhere in the method: one called in the loop
    /// could read it behind the reader's back.</summary>
    private static bool IsCaptured(IOperation root, ISymbol stream)
    {
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IAnonymousFunctionOperation or ILocalFunctionOperation && References(operation, stream))
                return true;
        }

        return false;
    }

    /// <summary>A local declared inside the loop could not be handed to a reader made before it.</summary>
    private static bool IsDeclaredInside(ISymbol stream, ILoopOperation loop)
        => stream is ILocalSymbol local
            && local.DeclaringSyntaxReferences.Length == 1
            && local.DeclaringSyntaxReferences[0].SyntaxTree == loop.Syntax.SyntaxTree
            && loop.Syntax.Span.Contains(local.DeclaringSyntaxReferences[0].Span);

    /// <summary>A statement a using statement can take the place of: in a block, or the body of an if, else, loop or
    /// using; not labelled; no await or yield inside.</summary>
    private static bool IsWrappable(ILoopOperation loop)
        => loop.Syntax.Parent is not Microsoft.CodeAnalysis.CSharp.Syntax.LabeledStatementSyntax
            && loop.Syntax.Parent is Microsoft.CodeAnalysis.CSharp.Syntax.StatementSyntax or Microsoft.CodeAnalysis.CSharp.Syntax.ElseClauseSyntax or Microsoft.CodeAnalysis.CSharp.Syntax.SwitchSectionSyntax
            && !SL1001PositionAdvance.SuspendsInside(loop.Syntax);

    private static bool UsesOnlyAllowed(ILoopOperation loop, ISymbol stream, SL1007StreamOrigins origins)
    {
        bool isField = stream is IFieldSymbol;
        foreach (IOperation operation in loop.Descendants())
        {
            switch (operation)
            {
                case IAnonymousFunctionOperation or ILocalFunctionOperation when References(operation, stream):
                    return false;
                case IInvocationOperation { TargetMethod.MethodKind: MethodKind.DelegateInvoke }:
                    return false;
                case IInvocationOperation { TargetMethod.IsStatic: false } call when isField && IsThis(call.Instance):
                    return false;
                case IPropertyReferenceOperation property when isField && IsThis(property.Instance):
                    return false;
                case IArgumentOperation argument when MayBeStream(argument.Value, origins) || (isField && IsThis(argument.Value)):
                    return false;
                case IInstanceReferenceOperation instance when !IsFieldReceiver(instance) && origins.Stream is { } streamType && DerivesFrom(instance.Type, streamType):
                    return false; // this, a Stream itself, used as anything but a field's receiver
            }

            if (IsReference(operation, stream))
            {
                if (!IsAllowedUse(operation, origins))
                    return false;
            }
            else if (IsValue(operation) && IsOtherReader(operation, origins) && !IsAllowedOtherStreamUse(operation))
            {
                return false;
            }
        }

        return true;
    }

    private static bool References(IOperation function, ISymbol stream)
    {
        foreach (IOperation operation in function.Descendants())
        {
            if (IsReference(operation, stream))
                return true;
        }

        return false;
    }

    private static bool IsThis(IOperation? instance)
        => instance is null || SL1001PositionAdvance.StripConversions(instance) is IInstanceReferenceOperation;

    private static bool IsFieldReceiver(IInstanceReferenceOperation instance)
        => instance.Parent is IFieldReferenceOperation field && field.Instance == instance;

    /// <summary>A parameter, local, field, property or call result: something that may hold a stream.</summary>
    private static bool IsValue(IOperation operation)
        => operation is IParameterReferenceOperation or ILocalReferenceOperation or IFieldReferenceOperation or IPropertyReferenceOperation or IInvocationOperation;

    /// <summary>An argument of a type that a Stream converts to: the callee could be handed the stream.</summary>
    private static bool MayBeStream(IOperation value, SL1007StreamOrigins origins)
    {
        ITypeSymbol? type = SL1001PositionAdvance.StripConversions(value).Type ?? value.Type;
        if (type is null || !type.IsReferenceType || origins.Stream is not { } stream)
            return false;
        if (type is ITypeParameterSymbol)
            return true;
        if (DerivesFrom(type, stream) || DerivesFrom(stream, type))
            return true;
        foreach (INamedTypeSymbol implemented in stream.AllInterfaces)
        {
            if (SymbolEqualityComparer.Default.Equals(implemented, type))
                return true;
        }

        return IsOtherReader(value, origins);
    }

    private static bool DerivesFrom(ITypeSymbol? type, ITypeSymbol baseType)
    {
        for (ITypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, baseType))
                return true;
        }

        return false;
    }

    /// <summary>A Stream, BinaryReader or TextReader other than the stream: it might read the same bytes.</summary>
    private static bool IsOtherReader(IOperation operation, SL1007StreamOrigins origins)
    {
        for (ITypeSymbol? current = operation.Type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, origins.Stream)
                || current is { Name: "BinaryReader" or "TextReader", ContainingNamespace: { Name: "IO", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } })
            {
                return true;
            }
        }

        return false;
    }

    private static IOperation Receiver(IOperation operation)
    {
        IOperation receiver = operation;
        while (receiver.Parent is IConversionOperation { IsImplicit: true } conversion)
            receiver = conversion;
        return receiver;
    }

    /// <summary><c>s.ReadByte()</c>, <c>s.Read(one, o, 1)</c>, <c>s.Length</c>, <c>s.CanRead</c>, <c>s.CanSeek</c>.</summary>
    private static bool IsAllowedUse(IOperation reference, SL1007StreamOrigins origins)
    {
        IOperation receiver = Receiver(reference);
        return receiver.Parent switch
        {
            IInvocationOperation invocation when invocation.Instance == receiver
                => origins.IsReadByte(invocation.TargetMethod)
                    || (origins.IsReadIntoArray(invocation.TargetMethod) && SL1007BufferSingleByteReadsAnalyzer.IsOneByteRead(invocation)),
            IPropertyReferenceOperation property when property.Instance == receiver
                => s_queries.Contains(property.Property.Name) && !IsWrittenProperty(property),
            _ => false,
        };
    }

    /// <summary>Another stream or reader, used only to write to it or to ask what it is.</summary>
    private static bool IsAllowedOtherStreamUse(IOperation value)
    {
        IOperation receiver = Receiver(value);
        return receiver.Parent switch
        {
            IInvocationOperation invocation => invocation.Instance == receiver && s_otherStreamUses.Contains(invocation.TargetMethod.Name),
            IPropertyReferenceOperation property => property.Instance == receiver && s_otherStreamUses.Contains(property.Property.Name),
            _ => false,
        };
    }

    private static bool IsWrittenProperty(IPropertyReferenceOperation property)
        => property.Parent is IAssignmentOperation assignment && assignment.Target == property;

    /// <summary>
    /// The stream cannot be null when the loop starts: a statement that runs before it on every path (earlier in an
    /// enclosing block) leaves the method when it is null (<c>if (s == null ...) return/throw</c>), passes it to a
    /// <c>ThrowIfNull</c> whose parameter is <c>[NotNull]</c>, or uses one of its members unconditionally.
    /// </summary>
    private static bool IsNonNullBefore(ILoopOperation loop, ISymbol stream)
    {
        if (stream is ILocalSymbol local && local.DeclaringSyntaxReferences.Length == 1)
        {
            // var s = new Something(...): never null.
            SyntaxNode declaration = local.DeclaringSyntaxReferences[0].GetSyntax();
            if (declaration is Microsoft.CodeAnalysis.CSharp.Syntax.VariableDeclaratorSyntax { Initializer.Value: Microsoft.CodeAnalysis.CSharp.Syntax.ObjectCreationExpressionSyntax })
                return true;
        }

        IOperation child = loop;
        for (IOperation? parent = loop.Parent; parent is not null && parent is not IMethodBodyOperation; child = parent, parent = parent.Parent)
        {
            if (parent is IAnonymousFunctionOperation or ILocalFunctionOperation)
                return false;
            if (parent is not IBlockOperation block)
                continue;

            foreach (IOperation statement in block.Operations)
            {
                if (statement == child)
                    break;
                if (ProvesNonNull(statement, stream))
                    return true;
            }
        }

        return false;
    }

    private static bool ProvesNonNull(IOperation statement, ISymbol stream)
    {
        if (statement is IConditionalOperation { WhenFalse: null } check && LeavesWhenNull(check, stream))
            return true;

        if (statement is not (IExpressionStatementOperation or IVariableDeclarationGroupOperation))
            return false;

        foreach (IOperation operation in statement.Descendants())
        {
            if (!IsReference(operation, stream) || IsConditionallyEvaluated(operation, statement))
                continue;

            if (ReadAheadProof.IsMemberReceiver(operation))
                return true;

            if (Receiver(operation).Parent is IArgumentOperation { Parameter: { } parameter, Parent: IInvocationOperation { TargetMethod.Name: "ThrowIfNull" } }
                && HasNotNullAttribute(parameter))
            {
                return true;
            }
        }

        return false;
    }

    private static bool HasNotNullAttribute(IParameterSymbol parameter)
    {
        foreach (AttributeData attribute in parameter.GetAttributes())
        {
            if (attribute.AttributeClass?.Name == "NotNullAttribute")
                return true;
        }

        return false;
    }

    /// <summary>Inside <c>?:</c>, <c>?.</c>, <c>??</c>, the right side of <c>&amp;&amp;</c> or <c>||</c>, or a lambda.</summary>
    private static bool IsConditionallyEvaluated(IOperation operation, IOperation statement)
    {
        IOperation child = operation;
        for (IOperation? parent = operation.Parent; parent is not null && parent != statement; child = parent, parent = parent.Parent)
        {
            switch (parent)
            {
                case IConditionalOperation conditional when conditional.Condition != child:
                case IConditionalAccessOperation access when access.Operation != child:
                case ICoalesceOperation coalesce when coalesce.Value != child:
                case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd or BinaryOperatorKind.ConditionalOr } binary when binary.LeftOperand != child:
                case IAnonymousFunctionOperation:
                case ILocalFunctionOperation:
                    return true;
            }
        }

        return false;
    }

    /// <summary><c>if (s == null || ...) return ...;</c> or <c>... throw ...;</c>.</summary>
    private static bool LeavesWhenNull(IConditionalOperation check, ISymbol stream)
    {
        IOperation body = check.WhenTrue;
        if (body is IBlockOperation { Operations.Length: > 0 } block)
            body = block.Operations[block.Operations.Length - 1];
        if (body is not (IReturnOperation { Kind: OperationKind.Return } or IThrowOperation or IExpressionStatementOperation { Operation: IThrowOperation }))
            return false;

        IOperation condition = check.Condition;
        while (condition is IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalOr } or)
        {
            if (IsNullTest(or.LeftOperand, stream))
                return true;
            condition = or.RightOperand;
        }

        return IsNullTest(condition, stream);
    }

    private static bool IsNullTest(IOperation test, ISymbol stream) => test switch
    {
        IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals } equals
            => (IsStream(equals.LeftOperand, stream) && IsNull(equals.RightOperand)) || (IsStream(equals.RightOperand, stream) && IsNull(equals.LeftOperand)),
        IIsPatternOperation { Pattern: IConstantPatternOperation { Value: var value } } pattern => IsStream(pattern.Value, stream) && IsNull(value),
        IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalOr } or => IsNullTest(or.LeftOperand, stream),
        _ => false,
    };

    private static bool IsNull(IOperation operation)
        => SL1001PositionAdvance.StripConversions(operation).ConstantValue is { HasValue: true, Value: null };
}
