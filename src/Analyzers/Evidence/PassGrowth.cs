using System;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Evidence;

/// <summary>How the passes of the loop around a reported read grow: the first of the two questions each tier asks.</summary>
internal enum PassGrowth
{
    /// <summary>A few passes: constants bound the loop, or the format does (a varint's bytes, a terminated name).</summary>
    Few,

    /// <summary>A count the data gives (a header's record count, a loop until a marker): the format may keep it small.</summary>
    DataCount,

    /// <summary>
    /// With the data's length: a loop around the read ends at the end of the stream (a read in its condition, an
    /// <c>EndOfStream</c>), compares a stream's <c>Position</c> or <c>Length</c> with a value that is not a constant, or
    /// counts to a value computed from them or to a byte size of the payload (a byte array's length, a value named as a
    /// size or an end).
    /// </summary>
    DataLength,
}

/// <summary>Decides <see cref="PassGrowth"/> for a loop, from its exit conditions and those of the loops around it.</summary>
internal static class PassGrowthEvidence
{
    /// <summary>How the passes of <paramref name="loop"/>, and of every loop around it in the same method, grow.</summary>
    public static PassGrowth Of(ILoopOperation loop, IOperation root)
    {
        bool allFew = true;
        for (ILoopOperation? current = loop; current is not null; current = LoopContext.EnclosingLoop(current))
        {
            if (LoopContext.IsFewFixedPasses(current, root))
                continue;

            allFew = false;
            if (EndsWithTheData(current, root) && !SkipsEveryPass(current))
                return PassGrowth.DataLength;
        }

        return allFew ? PassGrowth.Few : PassGrowth.DataCount;
    }

    /// <summary>The growth of the loops around <paramref name="operation"/> (the read or the property reference reported).</summary>
    public static PassGrowth Around(IOperation operation)
        => LoopContext.EnclosingLoop(operation) is { } loop ? Of(loop, LoopContext.Root(operation)) : PassGrowth.Few;

    /// <summary>The strongest growth of several loops (SL1002 reports a reader once for all its loops).</summary>
    public static PassGrowth Strongest(PassGrowth a, PassGrowth b) => (PassGrowth)Math.Max((int)a, (int)b);

    // The loop's condition, or a guard at the top of its body that leaves it, tells where it ends.
    private static bool EndsWithTheData(ILoopOperation loop, IOperation root)
    {
        IOperation? condition = loop switch
        {
            IWhileLoopOperation { Condition: { } whileCondition } => whileCondition,
            IForLoopOperation { Condition: { } forCondition } => forCondition,
            _ => null,
        };
        if (condition is not null && MentionsTheData(condition, root))
            return true;

        // `for (i = 0; i < pad; i++) { if (s.ReadByte() < 0) break; }`: the counter bounds the loop, and a check that
        // leaves it at the end of the data (a read, `Position + 4 > Length`) only cuts it short. The guard decides only
        // where the condition does not count to a bound.
        if (loop.Body is IBlockOperation body && !CountsToABound(condition))
        {
            foreach (IOperation statement in body.Operations)
            {
                if (statement is IConditionalOperation { WhenFalse: null } guard && LoopContext.LeavesLoop(guard.WhenTrue, loop) && MentionsTheData(guard.Condition, root))
                    return true;
            }
        }

        return false;
    }

    private static bool MentionsTheData(IOperation condition, IOperation root)
    {
        foreach (IOperation operation in Self(condition))
        {
            switch (operation)
            {
                case IInvocationOperation { TargetMethod.Name: "ReadByte" or "Read" or "PeekChar" or "Peek" or "ReadLine" or "ReadBlock" } read when IsStreamOrReader(read.TargetMethod.ContainingType):
                    return true; // the loop ends when a read finds the end
                case IPropertyReferenceOperation { Property.Name: "EndOfStream" }:
                    return true;
                case IBinaryOperation comparison when IsRelational(comparison.OperatorKind) && ComparesWithTheData(comparison, root):
                    return true;
            }
        }

        return false;
    }

    // `s.Position < s.Length`, `offset < end` (end = s.Length), `i < data.Length` (a byte array), `read < size`.
    private static bool ComparesWithTheData(IBinaryOperation comparison, IOperation root)
    {
        IOperation left = LoopContext.Strip(comparison.LeftOperand);
        IOperation right = LoopContext.Strip(comparison.RightOperand);
        if (left.ConstantValue.HasValue || right.ConstantValue.HasValue)
            return false; // `Length > 0`: a wait or a guard, not a walk over the data

        return IsDataMeasure(left, root, depth: 0) || IsDataMeasure(right, root, depth: 0);
    }

    // A comparison of two values that are not constants (`i < count`): a counted loop, whatever it counts to.
    private static bool CountsToABound(IOperation? condition)
        => condition is not null
            && LoopContext.Strip(condition) is IBinaryOperation comparison
            && IsRelational(comparison.OperatorKind)
            && !LoopContext.Strip(comparison.LeftOperand).ConstantValue.HasValue
            && !LoopContext.Strip(comparison.RightOperand).ConstantValue.HasValue;

    private static bool IsDataMeasure(IOperation value, IOperation root, int depth)
    {
        if (IsRemainder(value, root))
            return false; // `(4 - s.Position % 4) % 4`, `padding.ByteCount`: bounded by the divisor, not the data

        foreach (IOperation operation in Self(value))
        {
            switch (operation)
            {
                case IPropertyReferenceOperation { Property.Name: "Position" or "Length" } property when IsStreamOrReader(property.Property.ContainingType):
                    return true;
                case IPropertyReferenceOperation { Property.Name: "Length" or "LongLength", Instance.Type: { } type } when IsByteSized(type):
                    return true;
                case ILocalReferenceOperation { Local: var local }:
                    if (NamesASize(local.Name))
                        return true;
                    if (depth < 2)
                    {
                        foreach (IOperation write in LoopContext.Writes(root, local))
                        {
                            if (write is not IVariableDeclaratorOperation && IsDataMeasure(write, root, depth + 1))
                                return true;
                        }
                    }

                    break;
                case IParameterReferenceOperation { Parameter.Name: var name } when NamesASize(name):
                case IFieldReferenceOperation { Field.Name: var fieldName } when NamesASize(fieldName):
                    return true;

                // `header.DataSize`, `chunk.PayloadLength`; not a bare `Length` (`records.Length` counts records, and a
                // byte array's or a stream's Length is taken above).
                case IPropertyReferenceOperation { Property.Name: var propertyName } when propertyName is not ("Length" or "LongLength") && NamesASize(propertyName):
                    return true;
            }
        }

        return false;
    }

    // A remainder (`x % n`), a local every write of which is one, or a member of such a local: whatever the dividend
    // measures, the value is below the divisor, so it is an alignment's padding, not a walk over the data.
    private static bool IsRemainder(IOperation value, IOperation root)
    {
        IOperation stripped = LoopContext.Strip(value);
        if (stripped is IBinaryOperation { OperatorKind: BinaryOperatorKind.Remainder })
            return true;

        ILocalSymbol? local = stripped switch
        {
            ILocalReferenceOperation reference => reference.Local,
            IPropertyReferenceOperation { Instance: { } instance } when LoopContext.Strip(instance) is ILocalReferenceOperation owner => owner.Local,
            IFieldReferenceOperation { Instance: { } instance } when LoopContext.Strip(instance) is ILocalReferenceOperation owner => owner.Local,
            _ => null,
        };
        if (local is null)
            return false;

        bool any = false;
        foreach (IOperation write in LoopContext.Writes(root, local))
        {
            if (LoopContext.Strip(write) is not IBinaryOperation { OperatorKind: BinaryOperatorKind.Remainder })
                return false;
            any = true;
        }

        return any;
    }

    // A value named as a byte size or an end: `size`, `dataLength`, `compressedBytes`, `end`, `remaining`, `bytesLeft`.
    private static bool NamesASize(string name)
    {
        string lower = name.TrimStart('_').ToLowerInvariant();
        if (lower.StartsWith("m_", StringComparison.Ordinal))
            lower = lower.Substring(2);

        return lower is "len" or "end" or "size" or "length" or "remaining"
            || lower.EndsWith("size", StringComparison.Ordinal)
            || lower.EndsWith("length", StringComparison.Ordinal)
            || lower.EndsWith("bytes", StringComparison.Ordinal)
            || lower.EndsWith("bytecount", StringComparison.Ordinal)
            || lower.EndsWith("remaining", StringComparison.Ordinal)
            || lower.EndsWith("left", StringComparison.Ordinal)
            || lower.EndsWith("end", StringComparison.Ordinal);
    }

    // byte[], char[], string, Span<byte>, ReadOnlySpan<char> and kin: a length in bytes or chars of a payload.
    private static bool IsByteSized(ITypeSymbol type)
    {
        if (type.SpecialType == SpecialType.System_String)
            return true;

        ITypeSymbol? element = type switch
        {
            IArrayTypeSymbol array => array.ElementType,
            INamedTypeSymbol { IsGenericType: true, TypeArguments.Length: 1 } named
                when named.Name is "Span" or "ReadOnlySpan" or "Memory" or "ReadOnlyMemory" => named.TypeArguments[0],
            _ => null,
        };
        return element?.SpecialType is SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_Char;
    }

    private static bool IsStreamOrReader(INamedTypeSymbol? type)
    {
        for (INamedTypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (current.Name is "Stream" or "BinaryReader" or "TextReader" && current.ContainingNamespace?.ToDisplayString() == "System.IO")
                return true;
        }

        return false;
    }

    private static bool IsRelational(BinaryOperatorKind kind)
        => kind is BinaryOperatorKind.LessThan or BinaryOperatorKind.LessThanOrEqual or BinaryOperatorKind.GreaterThan
            or BinaryOperatorKind.GreaterThanOrEqual or BinaryOperatorKind.NotEquals;

    // A pass that moves the stream by a data-given amount (a Seek, a Position set) walks chunks: it counts chunks, not bytes.
    private static bool SkipsEveryPass(ILoopOperation loop)
    {
        foreach (IOperation operation in loop.Body.Descendants())
        {
            switch (operation)
            {
                case IInvocationOperation { TargetMethod.Name: "Seek" } seek when IsStreamOrReader(seek.TargetMethod.ContainingType) && !IsConstantArgument(seek):
                    return true;
                case IAssignmentOperation { Target: IPropertyReferenceOperation { Property.Name: "Position" } position } assignment
                    when IsStreamOrReader(position.Property.ContainingType) && !LoopContext.Strip(assignment.Value).ConstantValue.HasValue:
                    return true;
            }
        }

        return false;
    }

    private static bool IsConstantArgument(IInvocationOperation seek)
        => seek.Arguments.Length > 0 && LoopContext.Strip(seek.Arguments[0].Value).ConstantValue.HasValue;

    private static System.Collections.Generic.IEnumerable<IOperation> Self(IOperation operation)
    {
        yield return operation;
        foreach (IOperation descendant in operation.Descendants())
            yield return descendant;
    }
}
