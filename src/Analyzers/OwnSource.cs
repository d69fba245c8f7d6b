using Microsoft.CodeAnalysis;

namespace Streamline.Analyzers;

/// <summary>
/// Whether a symbol is declared in the compilation being analyzed, so that a rule may read its source. A build hands the
/// compiler another project of the solution as an assembly, whose bodies and initializers cannot be read; the IDE hands
/// the same project over as source, and its symbols then have syntax. A rule that reads a symbol's syntax only when
/// this holds reports and fixes the same in the editor, in the build and in <c>dotnet format</c>.
/// </summary>
internal static class OwnSource
{
    public static bool IsOwn(ISymbol symbol, IAssemblySymbol? assembly)
        => assembly is not null && SymbolEqualityComparer.Default.Equals(symbol.ContainingAssembly, assembly);

    /// <summary>Whether <paramref name="symbol"/> is declared in the compilation <paramref name="operation"/> belongs to.</summary>
    public static bool IsOwn(ISymbol symbol, IOperation operation)
        => IsOwn(symbol, operation.SemanticModel?.Compilation.Assembly);
}
