using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Streamline.CodeFixes;

/// <summary>
/// Removes the <c>using</c> directives a fix made unnecessary (IDE0005 on the fixed code), and only those: a directive
/// goes when the compiler found it used in the document before the fix (no CS8019) and unused after it. Usings that
/// were already unused, global usings and aliases stay as the user wrote them. A file with code under an inactive
/// <c>#if</c> branch keeps every using: that code belongs to another target or configuration, which may need the
/// directive, and the compiler cannot say (<c>dotnet format</c> then writes this target's text for all of them).
/// </summary>
internal static class UnusedUsings
{
    private const string UnnecessaryUsing = "CS8019";

    public static async Task<Document> RemoveMadeUnusedAsync(Document original, Document changed, CancellationToken cancellationToken)
    {
        if (original == changed
            || await original.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax originalRoot
            || !originalRoot.DescendantNodes(node => node is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax).OfType<UsingDirectiveSyntax>().Any(IsPlain)
            || HasInactiveCode(originalRoot))
        {
            return changed;
        }

        HashSet<string> usedBefore = await PlainUsingsAsync(original, unused: false, cancellationToken).ConfigureAwait(false);
        if (usedBefore.Count == 0)
            return changed;

        HashSet<string> unusedAfter = await PlainUsingsAsync(changed, unused: true, cancellationToken).ConfigureAwait(false);
        unusedAfter.IntersectWith(usedBefore);
        if (unusedAfter.Count == 0
            || await changed.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not CompilationUnitSyntax root)
        {
            return changed;
        }

        List<UsingDirectiveSyntax> remove = Directives(root).Where(directive => unusedAfter.Contains(Key(directive))).ToList();
        SyntaxNode newRoot = root.TrackNodes(remove);
        foreach (UsingDirectiveSyntax directive in remove)
        {
            SyntaxNode current = newRoot.GetCurrentNode(directive)!;
            SyntaxTriviaList leading = current.GetLeadingTrivia();
            if (leading.Any(trivia => !trivia.IsKind(SyntaxKind.WhitespaceTrivia) && !trivia.IsKind(SyntaxKind.EndOfLineTrivia)))
            {
                // A file header or a comment above the directive stays, on whatever comes next.
                SyntaxToken next = current.GetLastToken().GetNextToken(includeZeroWidth: true);
                newRoot = newRoot.ReplaceToken(next, next.WithLeadingTrivia(leading.AddRange(next.LeadingTrivia)));
                current = newRoot.GetCurrentNode(directive)!;
            }

            newRoot = newRoot.RemoveNode(current, SyntaxRemoveOptions.KeepNoTrivia)!;
        }

        // Where no using is left, the blank line that separated them from the code goes too.
        var owners = new HashSet<string>(remove.Select(Owner));
        if (owners.Contains(string.Empty) && newRoot is CompilationUnitSyntax { Usings.Count: 0 } unit)
            newRoot = TrimLeadingBlankLines(newRoot, (SyntaxNode?)unit.Externs.FirstOrDefault() ?? (SyntaxNode?)unit.AttributeLists.FirstOrDefault() ?? unit.Members.FirstOrDefault());

        foreach (string owner in owners.Where(owner => owner.Length != 0))
        {
            BaseNamespaceDeclarationSyntax? ns = newRoot.DescendantNodes().OfType<BaseNamespaceDeclarationSyntax>()
                .FirstOrDefault(n => n.Usings.Count == 0 && n.Name.ToString() == owner);
            if (ns is not null)
                newRoot = TrimLeadingBlankLines(newRoot, (SyntaxNode?)ns.Externs.FirstOrDefault() ?? ns.Members.FirstOrDefault());
        }

        return changed.WithSyntaxRoot(newRoot);
    }

    /// <summary>Whether a branch of an <c>#if</c> is inactive here: its code is compiled by another target or configuration.</summary>
    private static bool HasInactiveCode(CompilationUnitSyntax root)
        => root.ContainsDirectives && root.DescendantTrivia(descendIntoTrivia: true).Any(trivia => trivia.IsKind(SyntaxKind.DisabledTextTrivia));

    /// <summary>The plain directives (<c>using System.IO;</c>) the compiler finds used, or unused, in the document.</summary>
    private static async Task<HashSet<string>> PlainUsingsAsync(Document document, bool unused, CancellationToken cancellationToken)
    {
        var result = new HashSet<string>();
        SemanticModel? model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (model?.SyntaxTree.GetRoot(cancellationToken) is not CompilationUnitSyntax root)
            return result;

        var unusedSpans = new HashSet<Microsoft.CodeAnalysis.Text.TextSpan>(
            model.GetDiagnostics(cancellationToken: cancellationToken).Where(d => d.Id == UnnecessaryUsing).Select(d => d.Location.SourceSpan));
        foreach (UsingDirectiveSyntax directive in Directives(root))
        {
            if (unusedSpans.Contains(directive.Span) == unused)
                result.Add(Key(directive));
        }

        return result;
    }

    private static IEnumerable<UsingDirectiveSyntax> Directives(CompilationUnitSyntax root)
        => root.DescendantNodes(node => node is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax).OfType<UsingDirectiveSyntax>().Where(IsPlain);

    private static bool IsPlain(UsingDirectiveSyntax directive)
        => directive.Alias is null && directive.StaticKeyword.IsKind(SyntaxKind.None) && directive.GlobalKeyword.IsKind(SyntaxKind.None);

    private static string Owner(UsingDirectiveSyntax directive)
        => directive.Parent is BaseNamespaceDeclarationSyntax ns ? ns.Name.ToString() : string.Empty;

    private static SyntaxNode TrimLeadingBlankLines(SyntaxNode root, SyntaxNode? first)
    {
        if (first is null)
            return root;

        SyntaxToken token = first.GetFirstToken();
        int blank = 0;
        while (blank < token.LeadingTrivia.Count && token.LeadingTrivia[blank].IsKind(SyntaxKind.EndOfLineTrivia))
            blank++;
        return blank == 0 ? root : root.ReplaceToken(token, token.WithLeadingTrivia(SyntaxFactory.TriviaList(token.LeadingTrivia.Skip(blank))));
    }

    /// <summary>The directive's namespace and the namespace it sits in, so the same text in two places stays apart.</summary>
    private static string Key(UsingDirectiveSyntax directive)
        => Owner(directive) + "|" + directive.Name?.ToString();
}
