using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// Where the field of a search under <c>#if</c> goes. Each target of a multi-targeted project fixes the branch it
/// compiles, and <c>dotnet format</c> merges the targets' texts: two different fields added at one place (the top of
/// the type) become conflict markers. So the field goes into the search's own conditional region, which is a
/// different place in each branch:
/// <code>
/// #if NET8_0_OR_GREATER                   // a region of members: the field goes first in it
///     static int F(string s) => s.IndexOfAny(...);
/// #else
///     static int F(string s) => s.IndexOfAny(...);
/// #endif
///     static int G(string s)              // a region in a body: the field goes before the member (#if branch)
///     {                                   // or after it (#else branch), under the branch's condition
/// #if NET8_0_OR_GREATER
///         return s.IndexOfAny(...);
/// #else
///         return s.IndexOfAny(...);
/// #endif
///     }
/// </code>
/// </summary>
internal sealed class SL1004ConditionalPlacement
{
    private SL1004ConditionalPlacement(int memberIndex, bool after, string? condition)
    {
        MemberIndex = memberIndex;
        After = after;
        Condition = condition;
    }

    /// <summary>The index in the type's members of the member the field goes before (or after).</summary>
    public int MemberIndex { get; }

    /// <summary>After the member: the search is in the <c>#else</c> branch of a region in its body.</summary>
    public bool After { get; }

    /// <summary>The branch's condition, for a region in a body; null for a region of members (the field goes in it).</summary>
    public string? Condition { get; }

    public string Key => MemberIndex.ToString(System.Globalization.CultureInfo.InvariantCulture) + (After ? ">" : "<") + Condition;

    /// <summary>
    /// Null with <paramref name="supported"/> true where the search is under no <c>#if</c> of its type; null with
    /// <paramref name="supported"/> false where this cannot place a field that every target merges: nested regions,
    /// an <c>#elif</c> branch, a region in a body whose search is in a later branch than <c>#else</c> of two.
    /// </summary>
    public static SL1004ConditionalPlacement? Of(SyntaxNode search, TypeDeclarationSyntax? type, out bool supported)
    {
        supported = true;
        if (type is null || !type.ContainsDirectives)
            return null;

        int position = search.SpanStart;
        var chains = new List<List<DirectiveTriviaSyntax>>();
        foreach (SyntaxTrivia trivia in type.DescendantTrivia())
        {
            if (trivia.SpanStart >= position)
                break;
            if (trivia.SpanStart < type.OpenBraceToken.SpanStart || trivia.GetStructure() is not DirectiveTriviaSyntax directive)
                continue;

            switch (directive.Kind())
            {
                case SyntaxKind.IfDirectiveTrivia:
                    chains.Add(new List<DirectiveTriviaSyntax> { directive });
                    break;
                case SyntaxKind.ElifDirectiveTrivia or SyntaxKind.ElseDirectiveTrivia when chains.Count > 0:
                    chains[chains.Count - 1].Add(directive);
                    break;
                case SyntaxKind.EndIfDirectiveTrivia when chains.Count > 0:
                    chains.RemoveAt(chains.Count - 1);
                    break;
            }
        }

        if (chains.Count == 0)
            return null;

        List<DirectiveTriviaSyntax> chain = chains[0];
        MemberDeclarationSyntax? member = search.AncestorsAndSelf().OfType<MemberDeclarationSyntax>().FirstOrDefault(m => m.Parent == type);
        supported = false;
        if (chains.Count > 1 || member is null || chain[0] is not IfDirectiveTriviaSyntax opening)
            return null;

        DirectiveTriviaSyntax branch = chain[chain.Count - 1];
        if (branch.SpanStart > member.SpanStart)
        {
            // A region in the member's body.
            int index = type.Members.IndexOf(member);
            if (chain.Count == 1)
            {
                supported = true;
                return new SL1004ConditionalPlacement(index, after: false, opening.Condition.ToString());
            }

            if (chain.Count == 2 && branch.IsKind(SyntaxKind.ElseDirectiveTrivia) && !HasElif(opening))
            {
                supported = true;
                return new SL1004ConditionalPlacement(index, after: true, Negate(opening.Condition));
            }

            return null;
        }

        // A region of members: the field goes before the member whose leading trivia opens the branch.
        for (int i = 0; i < type.Members.Count; i++)
        {
            MemberDeclarationSyntax candidate = type.Members[i];
            if (candidate.FullSpan.Contains(branch.SpanStart) && branch.SpanStart < candidate.SpanStart)
            {
                supported = true;
                return new SL1004ConditionalPlacement(i, after: false, condition: null);
            }
        }

        return null;
    }

    private static bool HasElif(IfDirectiveTriviaSyntax opening)
        => opening.GetRelatedDirectives().Any(d => d.IsKind(SyntaxKind.ElifDirectiveTrivia));

    private static string Negate(ExpressionSyntax condition) => condition switch
    {
        PrefixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.LogicalNotExpression } not => not.Operand.ToString(),
        IdentifierNameSyntax name => "!" + name.Identifier.ValueText,
        _ => "!(" + condition + ")",
    };
}
