using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>One <c>Position</c> advance that SL1001 matched: the statement, its stream and its offset.</summary>
internal sealed class SL1001PositionAdvance
{
    private SL1001PositionAdvance(IOperation operation, IPropertyReferenceOperation position, IOperation? offset, bool isForward)
    {
        Operation = operation;
        Position = position;
        Offset = offset;
        IsForward = isForward;
    }

    /// <summary>The assignment, compound assignment or increment.</summary>
    public IOperation Operation { get; }

    /// <summary>The <c>s.Position</c> written.</summary>
    public IPropertyReferenceOperation Position { get; }

    /// <summary>The stream: <c>s</c> or <c>reader.BaseStream</c>.</summary>
    public IOperation Stream => Position.Instance!;

    /// <summary>The bytes added (<c>n</c> in <c>+= n</c>, <c>= Position + n</c>); null for <c>++</c> and <c>--</c>.</summary>
    public IOperation? Offset { get; }

    /// <summary>False for <c>-=</c>, <c>--</c> and <c>= Position - n</c>.</summary>
    public bool IsForward { get; }

    /// <summary>
    /// The shapes matched, where <c>s</c> is of a type deriving from Stream:
    /// <code>
    /// s.Position += n;   s.Position -= n;   s.Position++;   --s.Position;
    /// s.Position = s.Position + n;   s.Position = s.Position - n;   reader.BaseStream.Position += n;
    /// </code>
    /// </summary>
    public static bool TryMatch(IOperation operation, INamedTypeSymbol stream, [NotNullWhen(true)] out SL1001PositionAdvance? advance)
    {
        advance = null;
        switch (operation)
        {
            case ICompoundAssignmentOperation { OperatorKind: BinaryOperatorKind.Add or BinaryOperatorKind.Subtract } compound
                when IsStreamPosition(compound.Target, stream, out IPropertyReferenceOperation? position):
                advance = new SL1001PositionAdvance(compound, position, compound.Value, compound.OperatorKind == BinaryOperatorKind.Add);
                return true;
            case IIncrementOrDecrementOperation increment when IsStreamPosition(increment.Target, stream, out IPropertyReferenceOperation? position):
                advance = new SL1001PositionAdvance(increment, position, offset: null, increment.Kind == OperationKind.Increment);
                return true;
            case ISimpleAssignmentOperation assignment
                when IsStreamPosition(assignment.Target, stream, out IPropertyReferenceOperation? position)
                && StripConversions(assignment.Value) is IBinaryOperation { OperatorKind: BinaryOperatorKind.Add or BinaryOperatorKind.Subtract } sum
                && StripConversions(sum.LeftOperand) is IPropertyReferenceOperation read
                && SymbolEqualityComparer.Default.Equals(read.Property, position.Property)
                && SameStream(read.Instance, position.Instance):
                advance = new SL1001PositionAdvance(assignment, position, sum.RightOperand, sum.OperatorKind == BinaryOperatorKind.Add);
                return true;
            default:
                return false;
        }
    }

    /// <summary>True when the offset cannot be negative: a constant &gt;= 0, or a value of an unsigned type.</summary>
    public bool IsOffsetNonNegative()
    {
        if (!IsForward)
            return false;
        if (Offset is null)
            return true;

        if (Offset.ConstantValue.HasValue)
        {
            return Offset.ConstantValue.Value switch
            {
                int i => i >= 0,
                long l => l >= 0 && l <= int.MaxValue,
                uint u => u <= int.MaxValue,
                byte or ushort or sbyte or short or char => System.Convert.ToInt64(Offset.ConstantValue.Value, System.Globalization.CultureInfo.InvariantCulture) >= 0,
                _ => false,
            };
        }

        ITypeSymbol? type = StripConversions(Offset).Type;
        return type?.SpecialType is SpecialType.System_Byte or SpecialType.System_UInt16 or SpecialType.System_UInt32 or SpecialType.System_Char;
    }

    /// <summary>
    /// The offset reads nothing that could move the stream: <c>s.Position += n</c> reads Position before it evaluates
    /// <c>n</c>, while <c>s.Seek(n, SeekOrigin.Current)</c> evaluates <c>n</c> first, so an offset such as
    /// <c>reader.ReadUInt16()</c> over the same stream would move the result by the bytes it reads. Accepted: constants,
    /// locals, parameters, fields, and arithmetic and conversions over them.
    /// </summary>
    public bool IsOffsetFreeOfSideEffects()
    {
        if (Offset is null)
            return true;

        foreach (IOperation operation in Offset.DescendantsAndSelf())
        {
            switch (operation)
            {
                case ILiteralOperation:
                case ILocalReferenceOperation:
                case IParameterReferenceOperation:
                case IFieldReferenceOperation:
                case IInstanceReferenceOperation:
                case IConversionOperation { OperatorMethod: null }:
                case IBinaryOperation { OperatorMethod: null }:
                case IUnaryOperation { OperatorMethod: null }:
                case IParenthesizedOperation:
                    continue;
                default:
                    if (operation.ConstantValue.HasValue)
                        continue;
                    return false;
            }
        }

        return true;
    }

    /// <summary>The value of the assignment is discarded: <c>s.Position += n;</c> as a statement.</summary>
    public bool IsStatement => Operation.Parent is IExpressionStatementOperation;

    private static bool IsStreamPosition(IOperation target, INamedTypeSymbol stream, [NotNullWhen(true)] out IPropertyReferenceOperation? position)
    {
        position = target as IPropertyReferenceOperation;
        if (position is null || position.Property.Name != "Position" || position.Instance is null || position.Property.IsStatic)
            return false;

        for (ITypeSymbol? type = position.Property.ContainingType; type is not null; type = type.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(type, stream))
                return true;
        }

        return false;
    }

    /// <summary>The two receivers name the same stream: the same local, parameter or field, or the same reader's
    /// <c>BaseStream</c>.</summary>
    private static bool SameStream(IOperation? first, IOperation? second)
    {
        first = first is null ? null : StripConversions(first);
        second = second is null ? null : StripConversions(second);
        return (first, second) switch
        {
            (ILocalReferenceOperation a, ILocalReferenceOperation b) => SymbolEqualityComparer.Default.Equals(a.Local, b.Local),
            (IParameterReferenceOperation a, IParameterReferenceOperation b) => SymbolEqualityComparer.Default.Equals(a.Parameter, b.Parameter),
            (IFieldReferenceOperation a, IFieldReferenceOperation b) => SymbolEqualityComparer.Default.Equals(a.Field, b.Field)
                && (a.Instance is null or IInstanceReferenceOperation) && (b.Instance is null or IInstanceReferenceOperation),
            (IPropertyReferenceOperation a, IPropertyReferenceOperation b) => a.Property.Name == "BaseStream"
                && SymbolEqualityComparer.Default.Equals(a.Property, b.Property)
                && SameStream(a.Instance, b.Instance),
            _ => false,
        };
    }

    public static IOperation StripConversions(IOperation operation)
    {
        while (operation is IConversionOperation { IsImplicit: true } conversion)
            operation = conversion.Operand;
        return operation;
    }

    /// <summary>The local the stream is read from directly: <c>s</c> in <c>s.Position += n</c>.</summary>
    public ILocalSymbol? StreamLocal
        => StripConversions(Stream) is ILocalReferenceOperation { Local: { RefKind: RefKind.None } local } ? local : null;

    /// <summary>The reader whose <c>BaseStream</c> is moved: <c>r</c> in <c>r.BaseStream.Position += n</c>.</summary>
    public ILocalSymbol? ReaderLocal
        => StripConversions(Stream) is IPropertyReferenceOperation { Property.Name: "BaseStream", Instance: ILocalReferenceOperation { Local: { RefKind: RefKind.None } local } }
            ? local
            : null;

    /// <summary>Every statement of the loop body's syntax that is an <c>await</c> or <c>yield</c>, which would let other
    /// code observe the stream while the reader holds it.</summary>
    public static bool SuspendsInside(SyntaxNode loop)
    {
        foreach (SyntaxToken token in loop.DescendantTokens())
        {
            if (token.IsKind(SyntaxKind.AwaitKeyword) || token.IsKind(SyntaxKind.YieldKeyword))
                return true;
        }

        return false;
    }

    /// <summary>All references to <paramref name="local"/> under <paramref name="root"/>.</summary>
    public static IEnumerable<ILocalReferenceOperation> References(IOperation root, ILocalSymbol local)
    {
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local))
                yield return reference;
        }
    }

    /// <summary>The initializer of <paramref name="local"/>'s declaration, when no other code assigns it.</summary>
    public static IOperation? SoleInitializer(IOperation root, ILocalSymbol local)
    {
        IOperation? initializer = null;
        foreach (IOperation operation in root.Descendants())
        {
            switch (operation)
            {
                case IVariableDeclaratorOperation declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                    initializer = declarator.Initializer?.Value;
                    break;
                case ILocalReferenceOperation reference when SymbolEqualityComparer.Default.Equals(reference.Local, local) && IsWritten(reference):
                    return null;
            }
        }

        return initializer is null ? null : StripConversions(initializer);
    }

    /// <summary>Whether <paramref name="reference"/> (to a local, parameter or field) is written: assigned, passed by
    /// <c>ref</c> or <c>out</c>, incremented, deconstructed into or declared.</summary>
    internal static bool IsWritten(IOperation reference)
    {
        IOperation? parent = reference.Parent;
        return parent switch
        {
            IAssignmentOperation assignment => assignment.Target == reference,
            IArgumentOperation argument => argument.Parameter?.RefKind is RefKind.Ref or RefKind.Out,
            IIncrementOrDecrementOperation => true,
            _ => parent is ITupleOperation || parent is IDeclarationExpressionOperation,
        };
    }
}
