using Microsoft.CodeAnalysis;

namespace Streamline.Analyzers;

/// <summary>Finds types by metadata name without being fooled by polyfills.</summary>
internal static class TypeLookup
{
    /// <summary>
    /// Returns the one type with this metadata name that the compilation can see. Where several referenced assemblies
    /// define it (a polyfill beside the real one), <see cref="Compilation.GetTypeByMetadataName"/> answers null; then
    /// the compilation's own definition wins, else the core library's, else the first accessible one.
    /// </summary>
    public static INamedTypeSymbol? GetBestType(Compilation compilation, string metadataName)
    {
        INamedTypeSymbol? type = compilation.GetTypeByMetadataName(metadataName);
        if (type is not null)
            return type;

        type = compilation.Assembly.GetTypeByMetadataName(metadataName);
        if (type is not null)
            return type;

        INamedTypeSymbol? fallback = null;
        IAssemblySymbol coreLibrary = compilation.GetSpecialType(SpecialType.System_Object).ContainingAssembly;
        foreach (MetadataReference reference in compilation.References)
        {
            if (compilation.GetAssemblyOrModuleSymbol(reference) is not IAssemblySymbol assembly)
                continue;

            INamedTypeSymbol? candidate = assembly.GetTypeByMetadataName(metadataName);
            if (candidate is null || candidate.DeclaredAccessibility != Accessibility.Public)
                continue;

            if (SymbolEqualityComparer.Default.Equals(assembly, coreLibrary))
                return candidate;

            fallback ??= candidate;
        }

        return fallback;
    }
}
