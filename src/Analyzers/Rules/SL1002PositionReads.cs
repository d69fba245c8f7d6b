using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// The <c>reader.BaseStream</c> uses in loops that SL1002's fix rewrites: reads of <c>reader.BaseStream.Position</c>,
/// which become <c>reader.Position</c> on the buffered reader (the same value, without putting the stream back).
/// </summary>
internal static class SL1002PositionReads
{
    /// <summary>Every <c>reader.BaseStream</c> inside a loop (not inside a lambda or local function in it).</summary>
    public static IEnumerable<IPropertyReferenceOperation> BaseStreamsInLoops(IOperation root, ILocalSymbol reader)
    {
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IPropertyReferenceOperation { Property.Name: "BaseStream", Instance: ILocalReferenceOperation instance } baseStream
                && SymbolEqualityComparer.Default.Equals(instance.Local, reader)
                && LoopContext.EnclosingLoop(operation) is not null)
            {
                yield return baseStream;
            }
        }
    }

    /// <summary><c>reader.BaseStream.Position</c> read, not written: <c>x = reader.BaseStream.Position</c>,
    /// <c>reader.BaseStream.Position &lt; n</c>; not <c>reader.BaseStream.Position += n</c> or a ref argument.</summary>
    public static bool IsPositionRead(IPropertyReferenceOperation baseStream, out IPropertyReferenceOperation? position)
    {
        position = baseStream.Parent as IPropertyReferenceOperation;
        if (position is not { Property.Name: "Position", Property.IsStatic: false } || position.Instance != baseStream || position.Arguments.Length != 0)
            return false;

        return position.Parent switch
        {
            IAssignmentOperation assignment => assignment.Target != position,
            IIncrementOrDecrementOperation => false,
            IArgumentOperation { Parameter.RefKind: not RefKind.None } => false,
            _ => true,
        };
    }

    /// <summary>
    /// Where the loops use <c>reader.BaseStream</c>: <see cref="Use.None"/>, <see cref="Use.PositionReads"/> only (the
    /// fix rewrites them), or <see cref="Use.Other"/> (a <c>Length</c> read, a seek: every pass would put the stream
    /// back, which measured slower than BinaryReader).
    /// </summary>
    public static Use Classify(IOperation root, ILocalSymbol reader)
    {
        Use use = Use.None;
        foreach (IPropertyReferenceOperation baseStream in BaseStreamsInLoops(root, reader))
        {
            if (!IsPositionRead(baseStream, out _))
                return Use.Other;
            use = Use.PositionReads;
        }

        return use;
    }

    /// <summary>
    /// <c>reader.Dispose()</c> or <c>reader.Close()</c> called other than as a statement of a <c>finally</c> block:
    /// after it, <c>BaseStream.Position</c> may still answer where the buffered reader's <c>Position</c> throws.
    /// </summary>
    public static bool IsClosedExplicitly(IOperation root, ILocalSymbol reader)
    {
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IInvocationOperation { TargetMethod.Name: "Dispose" or "Close", Instance: { } instance } invocation
                && SL1001PositionAdvance.StripConversions(instance) is ILocalReferenceOperation local
                && SymbolEqualityComparer.Default.Equals(local.Local, reader)
                && !IsFinallyStatement(invocation))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsFinallyStatement(IOperation call)
        => call.Parent is IExpressionStatementOperation { Parent: IBlockOperation { Parent: ITryOperation owner } block }
            && owner.Finally == block;

    public enum Use
    {
        None,
        PositionReads,
        Other,
    }
}
