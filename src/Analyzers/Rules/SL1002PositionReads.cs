using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Evidence;

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
        => IsPropertyRead(baseStream, "Position", out position);

    /// <summary><c>receiver.Name</c> read, not written, where <paramref name="receiver"/> is the instance.</summary>
    private static bool IsPropertyRead(IOperation receiver, string name, out IPropertyReferenceOperation? property)
    {
        IOperation instance = receiver;
        while (instance.Parent is IConversionOperation { IsImplicit: true } conversion)
            instance = conversion;

        property = instance.Parent as IPropertyReferenceOperation;
        if (property is null || property.Property.Name != name || property.Property.IsStatic || property.Instance != instance || property.Arguments.Length != 0)
            return false;

        return property.Parent switch
        {
            IAssignmentOperation assignment => assignment.Target != property,
            IIncrementOrDecrementOperation => false,
            IArgumentOperation { Parameter.RefKind: not RefKind.None } => false,
            _ => true,
        };
    }

    /// <summary>
    /// <c>Stream s = reader.BaseStream;</c> where <c>s</c> is never assigned again and every use is a read of
    /// <c>s.Position</c> or <c>s.Length</c> outside lambdas and local functions: the fix turns each <c>s.Position</c>
    /// into <c>reader.Position</c> (a <c>Length</c> does not depend on where anybody reads).
    /// </summary>
    public static bool IsPositionAlias(IOperation root, ILocalSymbol alias)
    {
        bool any = false;
        foreach (ILocalReferenceOperation reference in SL1001PositionAdvance.References(root, alias))
        {
            if (IsInsideFunction(reference) || !(IsPropertyRead(reference, "Position", out _) || IsPropertyRead(reference, "Length", out _)))
                return false;
            any = true;
        }

        return any && SL1001PositionAdvance.SoleInitializer(root, alias) is IPropertyReferenceOperation { Property.Name: "BaseStream" };
    }

    /// <summary>The locals <c>Stream s = reader.BaseStream;</c> of <paramref name="reader"/>, whatever their uses.</summary>
    public static IEnumerable<ILocalSymbol> Aliases(IOperation root, ILocalSymbol reader)
    {
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IVariableDeclaratorOperation { Initializer.Value: { } value } declarator
                && SL1001PositionAdvance.StripConversions(value) is IPropertyReferenceOperation { Property.Name: "BaseStream", Instance: ILocalReferenceOperation owner }
                && SymbolEqualityComparer.Default.Equals(owner.Local, reader))
            {
                yield return declarator.Symbol;
            }
        }
    }

    /// <summary>Every <c>Position</c> read the fix rewrites: <c>reader.BaseStream.Position</c> in the loops and
    /// <c>s.Position</c> of every alias.</summary>
    public static IEnumerable<IOperation> RewrittenReads(IOperation root, ILocalSymbol reader)
    {
        foreach (IPropertyReferenceOperation baseStream in BaseStreamsInLoops(root, reader))
            yield return baseStream;

        foreach (ILocalSymbol alias in Aliases(root, reader))
        {
            foreach (IPropertyReferenceOperation position in AliasPositionReads(root, alias))
                yield return position;
        }
    }

    /// <summary>Every <c>s.Position</c> read of an alias <c>s</c> (see <see cref="IsPositionAlias"/>).</summary>
    public static IEnumerable<IPropertyReferenceOperation> AliasPositionReads(IOperation root, ILocalSymbol alias)
    {
        foreach (ILocalReferenceOperation reference in SL1001PositionAdvance.References(root, alias))
        {
            if (IsPropertyRead(reference, "Position", out IPropertyReferenceOperation? position) && position is not null)
                yield return position;
        }
    }

    /// <summary>
    /// How <c>reader.BaseStream</c> is used: <see cref="Use.None"/>, <see cref="Use.PositionReads"/> only in loops (the
    /// fix rewrites them), or <see cref="Use.Other"/> in one of <paramref name="hotLoops"/>, the loops whose small reads
    /// are reported (a <c>Length</c> read, a seek: every pass would put the stream back, which measured slower than
    /// BinaryReader). A <c>Length</c> read or a seek in another loop (a chunk search before the sample loop) costs the
    /// buffered reader what it costs BinaryReader, since a move to a byte the buffer holds is served from it; it stays
    /// as it is and does not silence the loop that wins.
    /// </summary>
    public static Use Classify(IOperation root, ILocalSymbol reader, IReadOnlyCollection<ILoopOperation> hotLoops)
    {
        Use use = Use.None;
        foreach (IPropertyReferenceOperation baseStream in BaseStreamsInLoops(root, reader))
        {
            if (IsPositionRead(baseStream, out _))
                use = Use.PositionReads;
            else if (IsInside(baseStream, hotLoops))
                return Use.Other;
        }

        foreach (ILocalSymbol alias in Aliases(root, reader))
        {
            if (!IsPositionAlias(root, alias))
                continue; // an escape of BaseStream: no fix, decided by ReadAheadProof

            foreach (ILocalReferenceOperation reference in SL1001PositionAdvance.References(root, alias))
            {
                if (IsInside(reference, hotLoops) && !IsPropertyRead(reference, "Position", out _))
                    return Use.Other; // s.Length on every pass: the system call stays (SL1006 hoists it)
            }

            use = Use.PositionReads; // every s.Position must become reader.Position, in loops or not
        }

        return use;
    }

    private static bool IsInside(IOperation operation, IReadOnlyCollection<ILoopOperation> loops)
    {
        foreach (ILoopOperation loop in loops)
        {
            if (loop.Syntax.Span.Contains(operation.Syntax.Span))
                return true;
        }

        return false;
    }

    /// <summary>
    /// <c>reader.Dispose()</c> or <c>reader.Close()</c> called (other than as a statement of a <c>finally</c> block,
    /// unless <paramref name="countFinally"/>): after it, <c>BaseStream.Position</c> may still answer where the buffered
    /// reader's <c>Position</c> throws.
    /// </summary>
    public static bool IsClosedExplicitly(IOperation root, ILocalSymbol reader, bool countFinally)
    {
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IInvocationOperation { TargetMethod.Name: "Dispose" or "Close", Instance: { } instance } invocation
                && SL1001PositionAdvance.StripConversions(instance) is ILocalReferenceOperation local
                && SymbolEqualityComparer.Default.Equals(local.Local, reader)
                && (countFinally || !IsFinallyStatement(invocation)))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsInsideFunction(IOperation operation)
    {
        for (IOperation? current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation or ILocalFunctionOperation)
                return true;
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
