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

/// <summary>The symbols SL1006 needs, resolved once per compilation.</summary>
internal sealed class StreamLengthSymbols
{
    private StreamLengthSymbols(Compilation compilation, INamedTypeSymbol stream)
    {
        _compilation = compilation;
        Stream = stream;
        FileStream = TypeLookup.GetBestType(compilation, KnownNames.FileStream);
        BufferedStream = TypeLookup.GetBestType(compilation, KnownNames.BufferedStream);
        MemoryStream = TypeLookup.GetBestType(compilation, KnownNames.MemoryStream);
        UnmanagedMemoryStream = TypeLookup.GetBestType(compilation, KnownNames.UnmanagedMemoryStream);
        BinaryReader = TypeLookup.GetBestType(compilation, KnownNames.BinaryReader);
        StreamReader = TypeLookup.GetBestType(compilation, KnownNames.StreamReader);
    }

    public INamedTypeSymbol Stream { get; }

    public INamedTypeSymbol? FileStream { get; }

    public INamedTypeSymbol? BufferedStream { get; }

    public INamedTypeSymbol? MemoryStream { get; }

    public INamedTypeSymbol? UnmanagedMemoryStream { get; }

    public INamedTypeSymbol? BinaryReader { get; }

    public INamedTypeSymbol? StreamReader { get; }

    /// <summary>
    /// Whether the method that declares <paramref name="parameter"/> (one of this compilation's own, with a body and no
    /// override that could run instead) only reads the stream or reader handed to it: Read*, Seek, Position, Length,
    /// or handing it on to another such method, at most <see cref="MaxCalleeDepth"/> calls deep. Computed once per
    /// parameter and compilation.
    /// <code>
    /// static AiffChunk ReadChunkHeader(BinaryReader br) => new AiffChunk(br.BaseStream.Position, ReadChunkName(br), br.ReadInt32());  // yes
    /// static void Append(Stream s) { s.Seek(0, SeekOrigin.End); s.WriteByte(7); }                                                     // no
    /// </code>
    /// </summary>
    public bool OnlyReads(IParameterSymbol parameter, int depth)
    {
        if (depth > MaxCalleeDepth || parameter.RefKind != RefKind.None)
            return false;

        // Keyed by depth too: the answer may depend on how many calls deep the limit leaves (a recursive helper runs into
        // it and is a "no"), so every thread gets the same answer for the same question.
        var key = (parameter.OriginalDefinition, depth);
        if (_onlyReads.TryGetValue(key, out bool known))
            return known;

        bool result = ComputeOnlyReads(key.OriginalDefinition, depth);
        _onlyReads.TryAdd(key, result);
        return result;
    }

    private const int MaxCalleeDepth = 3;

    private readonly Compilation _compilation;
    private readonly System.Collections.Concurrent.ConcurrentDictionary<(IParameterSymbol Parameter, int Depth), bool> _onlyReads = new(ParameterAtDepthComparer.Instance);

    private sealed class ParameterAtDepthComparer : IEqualityComparer<(IParameterSymbol Parameter, int Depth)>
    {
        public static readonly ParameterAtDepthComparer Instance = new();

        public bool Equals((IParameterSymbol Parameter, int Depth) x, (IParameterSymbol Parameter, int Depth) y)
            => x.Depth == y.Depth && SymbolEqualityComparer.Default.Equals(x.Parameter, y.Parameter);

        public int GetHashCode((IParameterSymbol Parameter, int Depth) obj)
            => (SymbolEqualityComparer.Default.GetHashCode(obj.Parameter) * 31) + obj.Depth;
    }

    private bool ComputeOnlyReads(IParameterSymbol parameter, int depth)
    {
        if (parameter.ContainingSymbol is not IMethodSymbol method
            || method.IsAbstract || method.IsExtern || (method.IsVirtual || method.IsOverride) && !method.IsSealed && !method.ContainingType.IsSealed
            || method.ContainingType.TypeKind == TypeKind.Interface
            || !(IsStreamType(parameter.Type) || IsReaderType(parameter.Type)))
        {
            return false;
        }

        IMethodSymbol implementation = method.PartialImplementationPart ?? method;
        if (implementation.DeclaringSyntaxReferences.Length != 1)
            return false;

        SyntaxNode declaration = implementation.DeclaringSyntaxReferences[0].GetSyntax();
        if (!_compilation.ContainsSyntaxTree(declaration.SyntaxTree))
            return false;

        // The callee's body lives in another member, often another file: its operations need that tree's model.
#pragma warning disable RS1030 // Computed once per parameter and compilation, only for a helper a Length loop hands its stream to.
        SemanticModel model = _compilation.GetSemanticModel(declaration.SyntaxTree);
#pragma warning restore RS1030
        if (model.GetOperation(declaration) is not { } body)
            return false;

        foreach (IOperation operation in body.Descendants())
        {
            if (operation is IParameterReferenceOperation reference
                && SymbolEqualityComparer.Default.Equals(reference.Parameter.OriginalDefinition, parameter)
                && !StreamLengthLoop.IsReadOnlyUse(reference, this, depth))
            {
                return false;
            }
        }

        return true;
    }

    public static bool TryCreate(Compilation compilation, [NotNullWhen(true)] out StreamLengthSymbols? symbols)
    {
        INamedTypeSymbol? stream = TypeLookup.GetBestType(compilation, KnownNames.Stream);
        symbols = stream is null ? null : new StreamLengthSymbols(compilation, stream);
        return symbols is not null;
    }

    /// <summary>Whether <paramref name="property"/> is Stream's own property of that name or an override of it.</summary>
    public bool IsStreamProperty(IPropertySymbol property)
    {
        for (IPropertySymbol? current = property; current is not null; current = current.OverriddenProperty)
        {
            if (SymbolEqualityComparer.Default.Equals(current.ContainingType, Stream))
                return true;
        }

        return false;
    }

    /// <summary><c>BaseStream</c> of a BinaryReader or StreamReader (or a type derived from them).</summary>
    public bool IsReaderBaseStream(IPropertySymbol property)
        => property.Name == KnownNames.BaseStream && (DerivesFrom(property.ContainingType, BinaryReader) || DerivesFrom(property.ContainingType, StreamReader));

    public bool IsReaderType(ITypeSymbol? type) => DerivesFrom(type, BinaryReader) || DerivesFrom(type, StreamReader);

    public bool IsStreamType(ITypeSymbol? type) => DerivesFrom(type, Stream);

    public StreamKind KindOfType(ITypeSymbol? type)
    {
        if (type is null)
            return StreamKind.Other;
        if (DerivesFrom(type, MemoryStream) || DerivesFrom(type, UnmanagedMemoryStream))
            return StreamKind.InMemory;
        if (SymbolEqualityComparer.Default.Equals(type, Stream) || DerivesFrom(type, FileStream) || DerivesFrom(type, BufferedStream))
            return StreamKind.MayBeFile;
        return StreamKind.Other;
    }

    public static bool DerivesFrom(ITypeSymbol? type, INamedTypeSymbol? baseType)
    {
        if (baseType is null)
            return false;

        for (ITypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, baseType))
                return true;
        }

        return false;
    }
}
