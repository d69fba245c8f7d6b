using Microsoft.CodeAnalysis;
using Streamline.Analyzers;

namespace Streamline.CodeFixes;

/// <summary>
/// Where the fixes find the Streamline.Runtime types they rewrite to: the one place that decides whether the
/// compilation can see the runtime (a package reference today; generated source later).
/// </summary>
internal static class RuntimeTypes
{
    /// <summary><c>Streamline.Runtime.BufferedBinaryReader</c> with a public constructor, or null.</summary>
    public static INamedTypeSymbol? BufferedBinaryReader(Compilation compilation)
        => WithPublicConstructor(TypeLookup.GetBestType(compilation, KnownNames.BufferedBinaryReader), parameterCount: -1);

    /// <summary>The buffered reader's <c>public long Position { get; }</c>, or null where the runtime predates it.</summary>
    public static IPropertySymbol? BufferedBinaryReaderPosition(INamedTypeSymbol bufferedReader)
    {
        foreach (ISymbol member in bufferedReader.GetMembers("Position"))
        {
            if (member is IPropertySymbol { IsStatic: false, DeclaredAccessibility: Accessibility.Public, Type.SpecialType: SpecialType.System_Int64, GetMethod.DeclaredAccessibility: Accessibility.Public } position)
                return position;
        }

        return null;
    }

    /// <summary><c>Streamline.Runtime.SkipReader</c> with its public <c>(Stream, bool leaveOpen)</c> constructor, or null.</summary>
    public static INamedTypeSymbol? SkipReader(Compilation compilation)
        => WithPublicConstructor(TypeLookup.GetBestType(compilation, KnownNames.SkipReader), parameterCount: 2);

    private static INamedTypeSymbol? WithPublicConstructor(INamedTypeSymbol? type, int parameterCount)
    {
        if (type is null)
            return null;

        foreach (IMethodSymbol constructor in type.InstanceConstructors)
        {
            if (constructor.DeclaredAccessibility == Accessibility.Public && (parameterCount < 0 || constructor.Parameters.Length == parameterCount))
                return type;
        }

        return null;
    }
}
