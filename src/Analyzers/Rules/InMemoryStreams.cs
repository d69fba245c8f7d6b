using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// Streams served from memory, where a BinaryReader or a moved Position costs an array access, so SL1001 and SL1002
/// have nothing to win. Resolved once per compilation.
/// </summary>
internal sealed class InMemoryStreams
{
    // Enough for `var reader = new BinaryReader(memory); var memory = new MemoryStream(...)` chains in real code.
    private const int MaxAliasDepth = 4;

    private readonly INamedTypeSymbol? _memoryStream;
    private readonly INamedTypeSymbol? _unmanagedMemoryStream;
    private readonly INamedTypeSymbol? _binaryReader;

    public InMemoryStreams(Compilation compilation)
    {
        _memoryStream = TypeLookup.GetBestType(compilation, KnownNames.MemoryStream);
        _unmanagedMemoryStream = TypeLookup.GetBestType(compilation, KnownNames.UnmanagedMemoryStream);
        _binaryReader = TypeLookup.GetBestType(compilation, KnownNames.BinaryReader);
    }

    /// <summary>MemoryStream, UnmanagedMemoryStream, or a type deriving from one of them.</summary>
    public bool IsInMemoryType(ITypeSymbol? type)
    {
        for (ITypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, _memoryStream)
                || SymbolEqualityComparer.Default.Equals(current, _unmanagedMemoryStream))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The stream is provably in memory. The shapes accepted, where <c>local</c> is never assigned again:
    /// <code>
    /// memory                                   // typed MemoryStream or UnmanagedMemoryStream
    /// local                                    // Stream local = new MemoryStream(data);
    /// reader.BaseStream                        // var reader = new BinaryReader(new MemoryStream(data));
    /// reader.BaseStream                        // var reader = new BinaryReader(local), local as above
    /// </code>
    /// </summary>
    public bool IsInMemory(IOperation stream, IOperation root) => IsInMemory(stream, root, MaxAliasDepth);

    private bool IsInMemory(IOperation? stream, IOperation root, int depth)
    {
        if (stream is null || depth < 0)
            return false;

        stream = SL1001PositionAdvance.StripConversions(stream);
        if (IsInMemoryType(stream.Type))
            return true;

        switch (stream)
        {
            case ILocalReferenceOperation { Local: { RefKind: RefKind.None } local }:
                return IsInMemory(SL1001PositionAdvance.SoleInitializer(root, local), root, depth - 1);
            case IPropertyReferenceOperation { Property.Name: "BaseStream", Instance: ILocalReferenceOperation { Local: { RefKind: RefKind.None } reader } }
                when _binaryReader is not null && SymbolEqualityComparer.Default.Equals(reader.Type, _binaryReader):
                return SL1001PositionAdvance.SoleInitializer(root, reader) is IObjectCreationOperation { Arguments.Length: > 0 } creation
                    && SymbolEqualityComparer.Default.Equals(creation.Type, _binaryReader)
                    && IsInMemory(creation.Arguments[0].Value, root, depth - 1);
            default:
                return false;
        }
    }
}
