using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Evidence;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// SL1007's symbols, resolved once per compilation, and what they say about a stream expression: does its
/// <c>ReadByte</c> serve from a buffer, and where does the stream come from. The origin logic is deliberately small
/// (a local's sole initializer, a reader local's <c>BaseStream</c>; anything else is unknown).
/// </summary>
internal sealed class SL1007StreamOrigins
{
    // Enough for `var inner = new X(file); var s = inner;` chains.
    private const int MaxAliasDepth = 4;

    private readonly INamedTypeSymbol? _memoryStream;
    private readonly INamedTypeSymbol? _unmanagedMemoryStream;
    private readonly INamedTypeSymbol? _fileStream;
    private readonly INamedTypeSymbol? _binaryReader;
    private readonly INamedTypeSymbol? _streamReader;
    private readonly INamedTypeSymbol? _compressionMode;
    private readonly INamedTypeSymbol?[] _compressionStreams;
    private readonly INamedTypeSymbol?[] _unbufferedStreams;
    private readonly IAssemblySymbol _assembly;

    private SL1007StreamOrigins(Compilation compilation, INamedTypeSymbol stream)
    {
        Stream = stream;
        BufferedStream = TypeLookup.GetBestType(compilation, KnownNames.BufferedStream);
        _memoryStream = TypeLookup.GetBestType(compilation, KnownNames.MemoryStream);
        _unmanagedMemoryStream = TypeLookup.GetBestType(compilation, KnownNames.UnmanagedMemoryStream);
        _fileStream = TypeLookup.GetBestType(compilation, KnownNames.FileStream);
        _binaryReader = TypeLookup.GetBestType(compilation, KnownNames.BinaryReader);
        _streamReader = TypeLookup.GetBestType(compilation, KnownNames.StreamReader);
        _compressionMode = TypeLookup.GetBestType(compilation, KnownNames.CompressionMode);
        _assembly = compilation.Assembly;
        _compressionStreams = new[]
        {
            TypeLookup.GetBestType(compilation, KnownNames.DeflateStream),
            TypeLookup.GetBestType(compilation, KnownNames.GZipStream),
            TypeLookup.GetBestType(compilation, KnownNames.ZLibStream),
            TypeLookup.GetBestType(compilation, KnownNames.BrotliStream),
        };

        // The BCL streams whose ReadByte, overridden or not, costs a call into a native library or the kernel per byte
        // (zlib/brotli inflate, recv, read on a pipe): the page lists what was measured. CryptoStream and SslStream keep
        // decrypted bytes in a buffer of their own, so they are judged like any other type (their ReadByte override).
        _unbufferedStreams = new[]
        {
            _compressionStreams[0], _compressionStreams[1], _compressionStreams[2], _compressionStreams[3],
            TypeLookup.GetBestType(compilation, KnownNames.NetworkStream),
            TypeLookup.GetBestType(compilation, KnownNames.PipeStream),
        };
    }

    public INamedTypeSymbol Stream { get; }

    public INamedTypeSymbol? BufferedStream { get; }

    public static bool TryCreate(Compilation compilation, [NotNullWhen(true)] out SL1007StreamOrigins? origins)
    {
        INamedTypeSymbol? stream = TypeLookup.GetBestType(compilation, KnownNames.Stream);
        origins = stream is null ? null : new SL1007StreamOrigins(compilation, stream);
        return origins is not null;
    }

    /// <summary><c>Stream.ReadByte()</c>, or an override of it.</summary>
    public bool IsReadByte(IMethodSymbol method)
        => method is { Name: nameof(System.IO.Stream.ReadByte), IsStatic: false, Parameters.Length: 0 } && OverridesStreamMember(method);

    /// <summary><c>Stream.Read(byte[], int, int)</c>, or an override of it.</summary>
    public bool IsReadIntoArray(IMethodSymbol method)
        => method is { Name: nameof(System.IO.Stream.Read), IsStatic: false, Parameters.Length: 3 }
            && method.Parameters[0].Type is IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Byte }
            && OverridesStreamMember(method);

    private bool OverridesStreamMember(IMethodSymbol method)
    {
        for (IMethodSymbol? current = method; current is not null; current = current.OverriddenMethod)
        {
            if (SymbolEqualityComparer.Default.Equals(current.ContainingType, Stream))
                return true;
        }

        return false;
    }

    /// <summary>
    /// Whether a single-byte read of a stream of this static type takes a path that does not serve from a buffer:
    /// <code>
    /// class Slow : Stream { override int Read(byte[] b, int o, int c) ... }   // yes: no ReadByte override
    /// GZipStream, DeflateStream, NetworkStream, PipeStream                   // yes: see the page
    /// MemoryStream, UnmanagedMemoryStream, BufferedStream, FileStream        // no: served from memory or a buffer
    /// class Fast : Stream { override int ReadByte() ... }                   // no: its own ReadByte decides
    /// </code>
    /// <c>Stream</c> itself answers yes (the caller looks at the origin first).
    /// </summary>
    public bool IsUnbufferedType(ITypeSymbol? type)
    {
        if (type is ITypeParameterSymbol)
            return false;

        for (ITypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, Stream))
                return true;
            if (IsBufferedBcl(current))
                return false;
            if (IsOneOf(current, _unbufferedStreams))
                return true;
            if (DeclaresReadByteOverride(current))
                return false;
        }

        return false;
    }

    private bool IsBufferedBcl(ITypeSymbol type)
        => SymbolEqualityComparer.Default.Equals(type, _memoryStream)
            || SymbolEqualityComparer.Default.Equals(type, _unmanagedMemoryStream)
            || SymbolEqualityComparer.Default.Equals(type, BufferedStream)
            || SymbolEqualityComparer.Default.Equals(type, _fileStream);

    public bool IsCompressionStream(ITypeSymbol? type)
    {
        for (ITypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (IsOneOf(current, _compressionStreams))
                return true;
        }

        return false;
    }

    private static bool IsOneOf(ITypeSymbol type, INamedTypeSymbol?[] types)
    {
        foreach (INamedTypeSymbol? candidate in types)
        {
            if (candidate is not null && SymbolEqualityComparer.Default.Equals(type, candidate))
                return true;
        }

        return false;
    }

    private static bool DeclaresReadByteOverride(ITypeSymbol type)
    {
        foreach (ISymbol member in type.GetMembers(nameof(System.IO.Stream.ReadByte)))
        {
            if (member is IMethodSymbol { IsOverride: true, IsStatic: false, Parameters.Length: 0 })
                return true;
        }

        return false;
    }

    /// <summary>
    /// Whether the stream <paramref name="stream"/> reads may be one whose single-byte reads are unbuffered: its static
    /// type says so and, where it is a <c>Stream</c>-typed local, what the local was initialized with says so too.
    /// <code>
    /// slow.ReadByte()                                   // Slow slow: by type
    /// s.ReadByte()                                      // Stream s = new Slow(...): by origin; Stream s = new MemoryStream(...): no
    /// input.ReadByte()                                  // Stream input (a parameter, a field, a call): unknown, yes
    /// reader.BaseStream.ReadByte()                      // var reader = new BinaryReader(x): as x
    /// </code>
    /// </summary>
    public bool MayBeUnbuffered(IOperation stream, IOperation root) => MayBeUnbuffered(stream, root, MaxAliasDepth);

    private bool MayBeUnbuffered(IOperation? stream, IOperation root, int depth)
    {
        if (stream is null)
            return true;

        stream = SL1001PositionAdvance.StripConversions(stream);
        if (!IsUnbufferedType(stream.Type))
            return false;

        if (depth < 0 || !SymbolEqualityComparer.Default.Equals(stream.Type, Stream))
            return true; // a concrete type that does not buffer, or too deep to follow

        switch (stream)
        {
            case ILocalReferenceOperation { Local: { RefKind: RefKind.None } local }:
                return SL1001PositionAdvance.SoleInitializer(root, local) is not { } initializer || MayBeUnbuffered(initializer, root, depth - 1);
            case IConditionalOperation { WhenFalse: { } whenFalse } conditional:
                return MayBeUnbuffered(conditional.WhenTrue, root, depth - 1) || MayBeUnbuffered(whenFalse, root, depth - 1);
            case IPropertyReferenceOperation { Property.Name: KnownNames.BaseStream, Instance: ILocalReferenceOperation { Local: { RefKind: RefKind.None } reader } }
                when IsReader(reader.Type):
                return SL1001PositionAdvance.SoleInitializer(root, reader) is not IObjectCreationOperation { Arguments.Length: > 0 } creation
                    || !IsReader(creation.Type)
                    || MayBeUnbuffered(ReadAheadProof.StreamArgument(creation), root, depth - 1);
            default:
                return true; // a parameter, field, property or call: unknown
        }
    }

    private bool IsReader(ITypeSymbol? type)
        => type is not null
            && (SymbolEqualityComparer.Default.Equals(type, _binaryReader) || SymbolEqualityComparer.Default.Equals(type, _streamReader));

    /// <summary>
    /// A stream the method makes on the spot that nobody else can hold or reach: a file opened by path, or a
    /// decompressing or unbuffered stream made over such a stream with no other argument than numbers, strings, enums
    /// and <c>bool</c>s (no array, which other code could change while the stream reads ahead of it).
    /// <code>
    /// File.OpenRead(p)   new FileStream(p, FileMode.Open)   new GZipStream(File.OpenRead(p), CompressionMode.Decompress)   new Slow(File.OpenRead(p), 16)
    /// </code>
    /// </summary>
    public bool IsOwnedCreation(IOperation value)
    {
        value = SL1001PositionAdvance.StripConversions(value);
        if (IsFreshFileStream(value))
            return true;

        if (value is not IObjectCreationOperation { Initializer: null } creation || creation.Type is null || !IsUnbufferedType(creation.Type)
            || SymbolEqualityComparer.Default.Equals(creation.Type, Stream))
        {
            return false;
        }

        bool decompresses = false;
        foreach (IArgumentOperation argument in creation.Arguments)
        {
            IOperation argumentValue = SL1001PositionAdvance.StripConversions(argument.Value);
            ITypeSymbol? type = argumentValue.Type;
            if (type is null)
                return false;
            if (_compressionMode is not null && SymbolEqualityComparer.Default.Equals(type, _compressionMode))
            {
                decompresses = argumentValue.ConstantValue is { HasValue: true, Value: 0 }; // CompressionMode.Decompress
                continue;
            }

            if (IsUnbufferedType(type) || InheritsFromStream(type))
            {
                if (!IsOwnedCreation(argumentValue))
                    return false;
                continue;
            }

            if (type.TypeKind != TypeKind.Enum && type.SpecialType is SpecialType.None or SpecialType.System_Object)
                return false; // an array, a delegate, an object that may hold a stream
        }

        // A compressing stream cannot be read: BufferedStream would throw a different exception than its ReadByte.
        return !IsCompressionStream(creation.Type) || decompresses;
    }

    private bool InheritsFromStream(ITypeSymbol type)
    {
        for (ITypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, Stream))
                return true;
        }

        return false;
    }

    /// <summary><c>new FileStream(path, ...)</c>, <c>File.OpenRead(p)</c>, <c>File.Open(...)</c>, <c>fileInfo.OpenRead()</c>.</summary>
    private bool IsFreshFileStream(IOperation value)
    {
        switch (value)
        {
            case IObjectCreationOperation { Constructor: { Parameters.Length: > 0 } constructor } created:
                return _fileStream is not null
                    && SymbolEqualityComparer.Default.Equals(created.Type, _fileStream)
                    && constructor.Parameters[0].Type.SpecialType == SpecialType.System_String;
            case IInvocationOperation { TargetMethod: var method }:
                return method.Name is "OpenRead" or "Open"
                    && method.ContainingType is { Name: "File" or "FileInfo", ContainingNamespace: { Name: "IO", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } };
            default:
                return false;
        }
    }

    /// <summary>
    /// Whether a new <paramref name="type"/> answers <c>CanRead</c> with true, so that <c>new BufferedStream(s)</c> and
    /// its reads never throw where the stream's own reads would not: a decompressing BCL stream (its constructor
    /// already refused an unreadable stream), or a type of this compilation whose <c>CanRead</c> is <c>=> true</c>.
    /// </summary>
    public bool AnswersCanReadTrue(ITypeSymbol type)
    {
        if (IsCompressionStream(type))
            return true;

        for (ITypeSymbol? current = type; current is not null && !SymbolEqualityComparer.Default.Equals(current, Stream); current = current.BaseType)
        {
            foreach (ISymbol member in current.GetMembers(nameof(System.IO.Stream.CanRead)))
            {
                if (member is not IPropertySymbol { IsOverride: true, IsStatic: false } property)
                    continue;
                if (!OwnSource.IsOwn(property, _assembly) || property.GetMethod?.DeclaringSyntaxReferences is not { Length: 1 } references)
                    return false;
                return ReturnsTrue(references[0].GetSyntax());
            }
        }

        return false;
    }

    /// <summary>
    /// Whether a stream of this static type can never seek, so that a SkipReader over it reads nothing ahead and wins
    /// nothing: the BCL's decompressing, network and pipe streams, or a type of this compilation whose <c>CanSeek</c>
    /// is <c>=&gt; false</c>.
    /// </summary>
    public bool NeverSeeks(ITypeSymbol? type)
    {
        for (ITypeSymbol? current = type; current is not null && !SymbolEqualityComparer.Default.Equals(current, Stream); current = current.BaseType)
        {
            if (IsOneOf(current, _unbufferedStreams))
                return true;
            foreach (ISymbol member in current.GetMembers(nameof(System.IO.Stream.CanSeek)))
            {
                if (member is not IPropertySymbol { IsOverride: true, IsStatic: false } property)
                    continue;
                return OwnSource.IsOwn(property, _assembly)
                    && property.GetMethod?.DeclaringSyntaxReferences is { Length: 1 } references
                    && Returns(references[0].GetSyntax(), Microsoft.CodeAnalysis.CSharp.SyntaxKind.FalseLiteralExpression);
            }
        }

        return false;
    }

    // `=> true` on the property or its getter, or `get { return true; }`.
    private static bool ReturnsTrue(SyntaxNode getter) => Returns(getter, Microsoft.CodeAnalysis.CSharp.SyntaxKind.TrueLiteralExpression);

    private static bool Returns(SyntaxNode getter, Microsoft.CodeAnalysis.CSharp.SyntaxKind literalKind)
    {
        ExpressionSyntax? value = getter switch
        {
            ArrowExpressionClauseSyntax arrow => arrow.Expression,
            AccessorDeclarationSyntax { ExpressionBody: { } body } => body.Expression,
            AccessorDeclarationSyntax { Body.Statements: { Count: 1 } statements } when statements[0] is ReturnStatementSyntax ret => ret.Expression,
            PropertyDeclarationSyntax { ExpressionBody: { } body } => body.Expression,
            _ => null,
        };
        return value is LiteralExpressionSyntax literal && literal.IsKind(literalKind);
    }
}
