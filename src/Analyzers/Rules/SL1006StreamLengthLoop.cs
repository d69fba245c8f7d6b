using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Evidence;

namespace Streamline.Analyzers.Rules;

/// <summary>Where a Length read sits in its loop, what the stream is, and whether reading Length once is exact.</summary>
internal static partial class StreamLengthLoop
{
    private const int MaxDepth = 4;

    /// <summary>
    /// The nearest loop whose every pass evaluates <paramref name="operation"/>: its condition, body or increment. A
    /// <c>for</c> initializer or a <c>foreach</c> collection runs once, and a loop of a few passes fixed by constants
    /// (<see cref="LoopContext.IsFewFixedPasses"/>) does not grow with the input, so the search goes on to the loop
    /// around it. A loop the format keeps few (<see cref="LoopContext.IsFewByFormat"/>: a terminated string, a varint)
    /// is looked through too, to a loop around it in the method if there is one (reading Length once there saves
    /// more), and is the answer otherwise: its callers run it once per record, and reading Length once costs nothing
    /// that fewer passes would have to repay, unlike SL1002's buffered reader (PeNet's C-string loop, docs/real-world.md).
    /// </summary>
    public static ILoopOperation? RepeatingLoop(IOperation operation)
    {
        ILoopOperation? fewByFormat = null;
        IOperation child = operation;
        for (IOperation? current = operation.Parent; current is not null; child = current, current = current.Parent)
        {
            switch (current)
            {
                case IForLoopOperation forLoop when Contains(forLoop.Before, child):
                    continue;
                case IForEachLoopOperation forEach when forEach.Collection == child:
                    continue;
                case ILoopOperation loop when LoopContext.IsFewByFormat(loop, LoopContext.Root(loop)):
                    fewByFormat ??= loop;
                    continue; // the answer unless a loop around it repeats the read
                case ILoopOperation loop when LoopContext.IsFewFixedPasses(loop, LoopContext.Root(loop)):
                    continue; // a few passes fixed by constants: only a loop around it repeats the read
                case ILoopOperation loop:
                    return loop;
                case IAnonymousFunctionOperation:
                case ILocalFunctionOperation:
                case IMethodBodyOperation:
                case IConstructorBodyOperation:
                    return fewByFormat;
            }
        }

        return fewByFormat;
    }

    /// <summary>
    /// Whether the read at <paramref name="length"/> is not one read of the same stream on every pass (found on real
    /// code, see docs/real-world.md), where hoisting it gains nothing or cannot be done:
    /// <code>
    /// return next + size >= input.Length;          // leaves the loop: read once
    /// Debug.Assert(Context.Length >= s.Length);     // [Conditional]: gone from Release builds
    /// if (s.Position &lt; (length ??= s.Length))      // read once and kept
    /// total += streams[i].Length;                  // another stream each pass
    /// foreach (var s in streams) ... s.Length       // another stream each pass (also a local set by a call or new)
    /// while (_prev + Current.Length &lt; pos) { SetStream(_index + 1); }  // a property the loop's own calls may change
    /// </code>
    /// </summary>
    public static bool NotReadEveryPass(IPropertyReferenceOperation length, ILoopOperation loop)
    {
        if (LoopContext.OnlyInTheLeavingPass(length, loop))
            return true;

        for (IOperation? current = length.Parent; current is not null && current != loop; current = current.Parent)
        {
            switch (current)
            {
                case IReturnOperation { Kind: OperationKind.Return }:
                case IThrowOperation:
                    return true;
                case IInvocationOperation invocation when IsConditional(invocation.TargetMethod):
                    return true;
                case ICoalesceAssignmentOperation { Target: ILocalReferenceOperation } cached when cached.Value.Syntax.Span.Contains(length.Syntax.Span):
                    return true; // `length ??= s.Length`: read once, then kept (SL1006's own fix)
                case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target, Parent: IConditionalOperation conditional } assignment
                    when assignment == conditional.WhenTrue && IsNegativeCheck(conditional.Condition, target.Local):
                    return true; // `length < 0 ? length = s.Length : length`: the same at C# 7.3
            }
        }

        for (IOperation? receiver = length.Instance; receiver is not null;)
        {
            receiver = StripConversions(receiver);
            switch (receiver)
            {
                case IArrayElementReferenceOperation:
                case IInvocationOperation:
                case IPropertyReferenceOperation { Arguments.Length: > 0 }:
                    return true;
                case IPropertyReferenceOperation { Instance: null or IInstanceReferenceOperation } property
                    when LoopCallsMethodOf(loop, property.Property.ContainingType):
                    return true;
                case IFieldReferenceOperation { Field.IsReadOnly: false, Instance: null or IInstanceReferenceOperation } field
                    when LoopCallsMethodThatAssigns(loop, field.Field):
                    return true; // `while (_stream.Position < _stream.Length) ... NextVolume();` where NextVolume sets _stream
                case ILocalReferenceOperation local when IsNewEachPass(local.Local, loop):
                    return true;
                case IPropertyReferenceOperation property:
                    receiver = property.Instance;
                    break;
                case IFieldReferenceOperation field:
                    receiver = field.Instance;
                    break;
                default:
                    receiver = null;
                    break;
            }
        }

        return false;
    }

    // `length < 0` on the local the assignment sets.
    private static bool IsNegativeCheck(IOperation condition, ILocalSymbol local)
        => condition is IBinaryOperation { OperatorKind: BinaryOperatorKind.LessThan, LeftOperand: ILocalReferenceOperation checkedLocal, RightOperand.ConstantValue: { HasValue: true, Value: 0L or 0 } }
            && SymbolEqualityComparer.Default.Equals(checkedLocal.Local, local);

    // A foreach variable, or a local the loop declares and sets from a call or a `new`: another stream each pass.
    private static bool IsNewEachPass(ILocalSymbol local, ILoopOperation loop)
    {
        if (loop is IForEachLoopOperation forEach && forEach.Locals.Contains(local, SymbolEqualityComparer.Default))
            return true;

        foreach (IOperation operation in loop.Body.Descendants())
        {
            if (operation is IVariableDeclaratorOperation declarator && SymbolEqualityComparer.Default.Equals(declarator.Symbol, local))
                return declarator.Initializer is { } initializer && StripConversions(initializer.Value) is IObjectCreationOperation or IInvocationOperation;
        }

        return false;
    }

    private static bool IsConditional(IMethodSymbol method)
    {
        foreach (AttributeData attribute in method.GetAttributes())
        {
            if (attribute.AttributeClass is { Name: "ConditionalAttribute" } type && type.ContainingNamespace?.ToDisplayString() == "System.Diagnostics")
                return true;
        }

        return false;
    }

    /// <summary>Whether a method of the field's type that the loop calls on <c>this</c> (or statically) assigns the field
    /// (by name, in its own body): the loop may be reading another stream after the call.</summary>
    private static bool LoopCallsMethodThatAssigns(ILoopOperation loop, IFieldSymbol field)
    {
        foreach (IOperation operation in loop.Descendants())
        {
            if (operation is not IInvocationOperation { Instance: null or IInstanceReferenceOperation } invocation
                || !SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ContainingType.OriginalDefinition, field.ContainingType.OriginalDefinition)
                || !OwnSource.IsOwn(invocation.TargetMethod, invocation))
            {
                continue;
            }

            foreach (SyntaxReference reference in invocation.TargetMethod.OriginalDefinition.DeclaringSyntaxReferences)
            {
                foreach (SyntaxNode node in reference.GetSyntax().DescendantNodes())
                {
                    if (node is AssignmentExpressionSyntax assignment && AssignedName(assignment.Left) == field.Name)
                        return true;
                }
            }
        }

        return false;
    }

    private static string? AssignedName(ExpressionSyntax target) => target switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax, Name: var name } => name.Identifier.ValueText,
        _ => null,
    };

    private static bool LoopCallsMethodOf(ILoopOperation loop, INamedTypeSymbol type)
    {
        foreach (IOperation operation in loop.Descendants())
        {
            if (operation is IInvocationOperation { Instance: null or IInstanceReferenceOperation } invocation
                && SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ContainingType, type))
                return true;
        }

        return false;
    }

    /// <summary>
    /// What <paramref name="stream"/> can be at run time, from its static type and, for locals and a reader's
    /// BaseStream, from every value the method assigns.
    /// <code>
    /// Stream s = new MemoryStream(bytes);                  // InMemory: the only assignment
    /// new BinaryReader(new MemoryStream(bytes)).BaseStream // InMemory: the reader's only stream
    /// Stream input (parameter), FileStream _file (field)   // MayBeFile
    /// </code>
    /// </summary>
    public static StreamKind Classify(IOperation stream, IOperation root, StreamLengthSymbols symbols, int depth)
    {
        stream = StripConversions(stream);
        if (stream is IObjectCreationOperation creation)
            return symbols.KindOfType(creation.Type);

        StreamKind byType = symbols.KindOfType(stream.Type);
        if (byType != StreamKind.MayBeFile || depth > MaxDepth)
            return byType;

        if (stream is ILocalReferenceOperation local)
            return KindOfAssignedValues(local.Local, root, depth, value => Classify(value, root, symbols, depth + 1));

        if (stream is IPropertyReferenceOperation { Instance: { } reader } baseStream && symbols.IsReaderBaseStream(baseStream.Property))
            return ClassifyReader(reader, root, symbols, depth + 1);

        return StreamKind.MayBeFile;
    }

    private static StreamKind ClassifyReader(IOperation reader, IOperation root, StreamLengthSymbols symbols, int depth)
    {
        reader = StripConversions(reader);
        if (depth > MaxDepth)
            return StreamKind.MayBeFile;

        if (reader is IObjectCreationOperation creation)
        {
            // new BinaryReader(stream, ...) and new StreamReader(stream, ...): the first argument is the stream.
            if (creation.Arguments.Length > 0
                && creation.Arguments[0].Value is { } first
                && symbols.IsStreamType(StripConversions(first).Type))
            {
                return Classify(first, root, symbols, depth + 1);
            }

            return StreamKind.MayBeFile;
        }

        if (reader is ILocalReferenceOperation local)
            return KindOfAssignedValues(local.Local, root, depth, value => ClassifyReader(value, root, symbols, depth + 1));

        return StreamKind.MayBeFile;
    }

    /// <summary>InMemory or Other when every value the method gives the local is; MayBeFile when any is, or when unknown.</summary>
    private static StreamKind KindOfAssignedValues(ILocalSymbol local, IOperation root, int depth, System.Func<IOperation, StreamKind> classify)
    {
        if (local.RefKind != RefKind.None)
            return StreamKind.MayBeFile;

        bool any = false;
        bool inMemory = false;
        foreach (IOperation operation in root.Descendants())
        {
            IOperation? value = null;
            switch (operation)
            {
                case IVariableDeclaratorOperation { Initializer: { } initializer } declarator
                    when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                    value = initializer.Value;
                    break;
                case ILocalReferenceOperation reference when SymbolEqualityComparer.Default.Equals(reference.Local, local):
                    if (IsWritten(reference, out IOperation? assigned))
                    {
                        if (assigned is null)
                            return StreamKind.MayBeFile;
                        value = assigned;
                    }

                    break;
            }

            if (value is null)
                continue;

            any = true;
            StreamKind kind = classify(value);
            if (kind == StreamKind.MayBeFile)
                return kind;
            inMemory |= kind == StreamKind.InMemory;
        }

        if (!any)
            return StreamKind.MayBeFile;
        return inMemory ? StreamKind.InMemory : StreamKind.Other;
    }

    /// <summary>Whether the reference is written; <paramref name="value"/> is the value a simple assignment gives it.</summary>
    private static bool IsWritten(IOperation reference, out IOperation? value)
    {
        value = null;
        switch (reference.Parent)
        {
            case ISimpleAssignmentOperation assignment when assignment.Target == reference:
                value = assignment.Value;
                return true;
            case IAssignmentOperation assignment when assignment.Target == reference:
            case IIncrementOrDecrementOperation:
            case IArgumentOperation { Parameter: { RefKind: not RefKind.None and not RefKind.In } }:
            case IDeconstructionAssignmentOperation:
            case ITupleOperation:
                return true;
            default:
                return false;
        }
    }
}
