using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// Whether SL1007's fix, one <c>BufferedStream</c> made right after the stream and every read of the stream made
/// through it, gives the program the same bytes in the same order and leaves nothing anybody could see.
/// </summary>
/// <remarks>
/// The proof is that nobody but these reads can see the stream, so the bytes the buffer reads ahead are never missed:
/// the method makes the stream itself, over a file it opens by path (<see cref="SL1007StreamOrigins.IsOwnedCreation"/>),
/// and uses the local only as the receiver of <c>ReadByte()</c> and of <c>Read(array, offset, 1)</c> (the using that
/// disposes it aside). The fix makes the stream inside the buffer, in the same declaration, so the buffer is disposed
/// where the stream was and disposes it (a flush first, which seeks the stream back over the bytes read ahead, on a
/// stream nobody reads again). The accepted shapes:
/// <code>
/// using var s = new Slow(File.OpenRead(path));            using var s = new BufferedStream(new Slow(File.OpenRead(path)));
/// using (var s = new GZipStream(File.OpenRead(p), CompressionMode.Decompress)) { ... }   likewise, in the using statement
/// Stream s = new Slow(File.OpenRead(path));               likewise, never disposed
/// </code>
/// Iterators and async methods are accepted: a <c>yield</c> or <c>await</c> lets other code run, but no other code
/// holds the stream. A caller's stream (a parameter, a field, a property, a call's result, a stream made over one)
/// is never buffered: the bytes read ahead would be missing for the caller, on every exit path.
/// What is assumed, not proven, as for SL1002: the stream honours the <c>Stream</c> contract (the bytes it returns do
/// not depend on how many are asked for at a time; a read that fails returns the bytes before the failure first), and
/// nobody else writes the file while it is read.
/// </remarks>
internal static class SL1007BufferProof
{
    public static bool CanBuffer(IInvocationOperation read, IOperation root, SL1007StreamOrigins origins)
    {
        if (origins.BufferedStream is null
            || SL1001PositionAdvance.StripConversions(read.Instance!) is not ILocalReferenceOperation { Local: { RefKind: RefKind.None } local })
        {
            return false;
        }

        IVariableDeclaratorOperation? declarator = null;
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IVariableDeclaratorOperation candidate && SymbolEqualityComparer.Default.Equals(candidate.Symbol, local))
            {
                declarator = candidate;
                break;
            }
        }

        if (declarator is null || !IsPlaceable(declarator)
            || SL1001PositionAdvance.SoleInitializer(root, local) is not IObjectCreationOperation { Type: { } type } creation
            || !origins.IsOwnedCreation(creation) || !origins.IsUnbufferedType(type) || !origins.AnswersCanReadTrue(type))
        {
            return false;
        }

        IOperation? function = EnclosingFunction(declarator);
        foreach (ILocalReferenceOperation reference in SL1001PositionAdvance.References(root, local))
        {
            if (EnclosingFunction(reference) != function || !IsBufferableRead(reference, root, origins))
                return false;
        }

        return true;
    }

    /// <summary><c>s.ReadByte()</c>, or <c>s.Read(one, 0, 1)</c> where <c>one</c> is a local array of a constant size
    /// that the offset is inside (so BufferedStream's argument checks pass where the stream's would).</summary>
    private static bool IsBufferableRead(ILocalReferenceOperation reference, IOperation root, SL1007StreamOrigins origins)
    {
        IOperation receiver = reference;
        while (receiver.Parent is IConversionOperation { IsImplicit: true } conversion)
            receiver = conversion;

        if (receiver.Parent is not IInvocationOperation invocation || invocation.Instance != receiver)
            return false;

        if (origins.IsReadByte(invocation.TargetMethod))
            return true;

        if (!origins.IsReadIntoArray(invocation.TargetMethod) || !SL1007BufferSingleByteReadsAnalyzer.IsOneByteRead(invocation))
            return false;

        IOperation? buffer = null;
        IOperation? offset = null;
        foreach (IArgumentOperation argument in invocation.Arguments)
        {
            if (argument.Parameter?.Ordinal == 0)
                buffer = SL1001PositionAdvance.StripConversions(argument.Value);
            else if (argument.Parameter?.Ordinal == 1)
                offset = argument.Value;
        }

        return buffer is ILocalReferenceOperation { Local: { RefKind: RefKind.None } array }
            && SL1001PositionAdvance.SoleInitializer(root, array) is IArrayCreationOperation { DimensionSizes: { Length: 1 } sizes }
            && sizes[0].ConstantValue is { HasValue: true, Value: int length }
            && offset?.ConstantValue is { HasValue: true, Value: int start }
            && start >= 0 && start < length;
    }

    /// <summary>The declaration is the only declarator of a statement of a block (or a top-level statement), of a
    /// using declaration, or of a using statement whose body is a block: the buffer's declaration has a place.</summary>
    private static bool IsPlaceable(IVariableDeclaratorOperation declarator)
    {
        if (declarator.Parent is not IVariableDeclarationOperation { Declarators.Length: 1 } declaration
            || declarator.Initializer is null)
        {
            return false;
        }

        return declaration.Parent switch
        {
            IVariableDeclarationGroupOperation { Parent: IBlockOperation } => true,
            IVariableDeclarationGroupOperation { Parent: IUsingDeclarationOperation { Parent: IBlockOperation } } => true,
            IVariableDeclarationGroupOperation group when group.Parent is IUsingOperation { Body: IBlockOperation } usingStatement
                && usingStatement.Resources == group => true,
            _ => false,
        };
    }

    private static IOperation? EnclosingFunction(IOperation operation)
    {
        for (IOperation? current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation or ILocalFunctionOperation)
                return current;
        }

        return null;
    }
}
