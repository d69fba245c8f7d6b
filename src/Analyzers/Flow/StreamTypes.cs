using System;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace Streamline.Analyzers.Flow;

/// <summary>The stream and reader types whose origins <see cref="StreamOriginResolver"/> follows, resolved once per compilation.</summary>
internal sealed class StreamTypes
{
    private readonly Lazy<Resolved> _resolved;

    /// <summary>Resolves nothing yet: the types are looked up on first use, from an operation or compilation-end action,
    /// when the compiler has bound the references (see <see cref="PerCompilation{T}"/>).</summary>
    public StreamTypes(Compilation compilation)
        => _resolved = new Lazy<Resolved>(() => new Resolved(compilation), LazyThreadSafetyMode.ExecutionAndPublication);

    public INamedTypeSymbol? Stream => Types.Stream;

    public INamedTypeSymbol? BinaryReader => Types.BinaryReader;

    private Resolved Types => _resolved.Value;

    /// <summary>A Stream, BinaryReader or StreamReader, or a type deriving from one.</summary>
    public bool MayHoldStream(ITypeSymbol? type)
    {
        // Most parameters, fields and results are value types, strings, arrays or interfaces: rejected without a walk.
        if (type is not { TypeKind: TypeKind.Class, SpecialType: SpecialType.None })
            return false;

        Resolved types = Types;
        for (ITypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            ITypeSymbol definition = current.OriginalDefinition;
            if (SymbolEqualityComparer.Default.Equals(definition, types.Stream)
                || SymbolEqualityComparer.Default.Equals(definition, types.BinaryReader)
                || SymbolEqualityComparer.Default.Equals(definition, types.StreamReader))
            {
                return true;
            }
        }

        return false;
    }

    public bool IsStream(ITypeSymbol? type) => DerivesFrom(type, Stream);

    public bool IsReader(ITypeSymbol? type) => DerivesFrom(type, BinaryReader) || DerivesFrom(type, Types.StreamReader);

    /// <summary>MemoryStream or UnmanagedMemoryStream (MemoryMappedViewStream derives from it), or a type deriving from one.</summary>
    public bool IsInMemory(ITypeSymbol? type) => DerivesFrom(type, Types.MemoryStream) || DerivesFrom(type, Types.UnmanagedMemoryStream);

    public bool IsFileStream(ITypeSymbol? type) => DerivesFrom(type, Types.FileStream);

    public bool IsBufferedStream(ITypeSymbol? type) => DerivesFrom(type, Types.BufferedStream);

    /// <summary><c>File.OpenRead</c>, <c>File.Open</c>, <c>new FileInfo(path).OpenRead()</c> and kin.</summary>
    public bool OpensFile(IMethodSymbol method)
        => method.Name.StartsWith("Open", System.StringComparison.Ordinal)
            && (SymbolEqualityComparer.Default.Equals(method.ContainingType, Types.File) || SymbolEqualityComparer.Default.Equals(method.ContainingType, Types.FileInfo));

    /// <summary>The BCL's decompressors (System.IO.Compression), or a stream type whose name says it decompresses.</summary>
    public static bool IsDecompressor(ITypeSymbol type)
    {
        for (ITypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            string name = current.Name;
            if (current.ContainingNamespace?.ToDisplayString() == "System.IO.Compression" && name != "Stream"
                || name.IndexOf("GZip", System.StringComparison.OrdinalIgnoreCase) >= 0
                || name.IndexOf("Deflate", System.StringComparison.OrdinalIgnoreCase) >= 0
                || name.IndexOf("Inflat", System.StringComparison.OrdinalIgnoreCase) >= 0
                || name.IndexOf("ZLib", System.StringComparison.OrdinalIgnoreCase) >= 0
                || name.IndexOf("Brotli", System.StringComparison.OrdinalIgnoreCase) >= 0
                || name.IndexOf("Decompress", System.StringComparison.OrdinalIgnoreCase) >= 0
                || name.IndexOf("Lzma", System.StringComparison.OrdinalIgnoreCase) >= 0)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>A type that holds bytes in memory: <c>byte[]</c>, <c>Memory&lt;byte&gt;</c>, <c>ReadOnlyMemory&lt;byte&gt;</c>,
    /// <c>ArraySegment&lt;byte&gt;</c>, <c>ReadOnlySequence&lt;byte&gt;</c>.</summary>
    public static bool IsBytesInMemory(ITypeSymbol? type) => type switch
    {
        IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Byte } => true,
        INamedTypeSymbol { Name: "Memory" or "ReadOnlyMemory" or "ArraySegment" or "ReadOnlySequence", TypeArguments.Length: 1 } named
            => named.TypeArguments[0].SpecialType == SpecialType.System_Byte,
        _ => false,
    };

    public static bool DerivesFrom(ITypeSymbol? type, INamedTypeSymbol? baseType)
    {
        if (baseType is null)
            return false;

        for (ITypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, baseType))
                return true;
        }

        return false;
    }
    private sealed class Resolved
    {
        public Resolved(Compilation compilation)
        {
            Stream = TypeLookup.GetBestType(compilation, KnownNames.Stream);
            BinaryReader = TypeLookup.GetBestType(compilation, KnownNames.BinaryReader);
            MemoryStream = TypeLookup.GetBestType(compilation, KnownNames.MemoryStream);
            UnmanagedMemoryStream = TypeLookup.GetBestType(compilation, KnownNames.UnmanagedMemoryStream);
            FileStream = TypeLookup.GetBestType(compilation, KnownNames.FileStream);
            BufferedStream = TypeLookup.GetBestType(compilation, KnownNames.BufferedStream);
            StreamReader = TypeLookup.GetBestType(compilation, KnownNames.StreamReader);
            File = TypeLookup.GetBestType(compilation, KnownNames.File);
            FileInfo = TypeLookup.GetBestType(compilation, KnownNames.FileInfo);
        }

        public INamedTypeSymbol? Stream { get; }

        public INamedTypeSymbol? BinaryReader { get; }

        public INamedTypeSymbol? MemoryStream { get; }

        public INamedTypeSymbol? UnmanagedMemoryStream { get; }

        public INamedTypeSymbol? FileStream { get; }

        public INamedTypeSymbol? BufferedStream { get; }

        public INamedTypeSymbol? StreamReader { get; }

        public INamedTypeSymbol? File { get; }

        public INamedTypeSymbol? FileInfo { get; }
    }
}
