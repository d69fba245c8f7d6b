using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Streamline.CodeFixes;

/// <summary>Names for the locals a fix declares: the one it wants, or that name with 1, 2... where it is taken.</summary>
internal static class LocalNames
{
    /// <summary>
    /// Every name the fix must not shadow or collide with at <paramref name="position"/>: the identifiers of the member
    /// (or the whole top-level program) around it, and every symbol in scope there.
    /// </summary>
    public static HashSet<string> Taken(SyntaxNode position, SemanticModel model)
    {
        SyntaxNode scope = position.AncestorsAndSelf().LastOrDefault(n => n is MemberDeclarationSyntax or GlobalStatementSyntax) ?? position;
        if (scope is GlobalStatementSyntax)
            scope = scope.Parent ?? scope;

        var taken = new HashSet<string>(
            scope.DescendantTokens().Where(t => t.IsKind(SyntaxKind.IdentifierToken)).Select(t => t.ValueText),
            StringComparer.Ordinal);
        foreach (ISymbol symbol in model.LookupSymbols(position.SpanStart))
            taken.Add(symbol.Name);
        return taken;
    }

    /// <summary><paramref name="baseName"/>, or <c>baseName1</c>, <c>baseName2</c>... where it is taken.</summary>
    public static string Unique(HashSet<string> taken, string baseName)
    {
        if (!taken.Contains(baseName))
            return baseName;

        for (int suffix = 1; ; suffix++)
        {
            string candidate = baseName + suffix.ToString(System.Globalization.CultureInfo.InvariantCulture);
            if (!taken.Contains(candidate))
                return candidate;
        }
    }

    /// <summary><paramref name="baseName"/>, unique at <paramref name="position"/>.</summary>
    public static string Unique(SyntaxNode position, SemanticModel model, string baseName, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        return Unique(Taken(position, model), baseName);
    }
}
