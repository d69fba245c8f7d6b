using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Streamline.CodeFixes.Rules;

public sealed partial class SL1004UseCachedSearchValuesCodeFix
{
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
    private sealed class ConditionalPlacement
    {
        private ConditionalPlacement(int memberIndex, bool after, string? condition)
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
        public static ConditionalPlacement? Of(SyntaxNode search, TypeDeclarationSyntax? type, out bool supported)
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
                    return new ConditionalPlacement(index, after: false, opening.Condition.ToString());
                }

                if (chain.Count == 2 && branch.IsKind(SyntaxKind.ElseDirectiveTrivia) && !HasElif(opening))
                {
                    supported = true;
                    return new ConditionalPlacement(index, after: true, Negate(opening.Condition));
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
                    return new ConditionalPlacement(i, after: false, condition: null);
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

    /// <summary>Inserts the fields of searches under <c>#if</c> into the type, at their places (see <see cref="ConditionalPlacement"/>).</summary>
    /// <param name="shift">How many fields were inserted at the top of the type before the members counted by the placements.</param>
    private static TypeDeclarationSyntax InsertConditionalFields(
        TypeDeclarationSyntax type, List<(ConditionalPlacement Placement, MemberDeclarationSyntax Field)> fields, int shift, string endOfLine)
    {
        foreach (IGrouping<string, (ConditionalPlacement Placement, MemberDeclarationSyntax Field)> group in fields
            .GroupBy(f => f.Placement.Key)
            .OrderByDescending(g => g.First().Placement.MemberIndex)
            .ThenByDescending(g => g.First().Placement.After))
        {
            ConditionalPlacement placement = group.First().Placement;
            var block = group.Select(f => f.Field).ToList();
            int index = placement.MemberIndex + shift;
            MemberDeclarationSyntax member = type.Members[index];
            if (placement.Condition is null)
            {
                // In the region of members: the member's trivia up to the directive that opens the branch stays above.
                SyntaxTriviaList leading = member.GetLeadingTrivia();
                int split = leading.Count - 1;
                while (split >= 0 && !leading[split].IsDirective)
                    split--;

                SyntaxTriviaList above = SyntaxFactory.TriviaList(leading.Take(split + 1));
                block[0] = block[0].WithLeadingTrivia(above.AddRange(block[0].GetLeadingTrivia()));
                block[block.Count - 1] = block[block.Count - 1].WithTrailingTrivia(block[block.Count - 1].GetTrailingTrivia().Add(SyntaxFactory.EndOfLine(endOfLine)));
                member = member.WithLeadingTrivia(TrimLeadingBlankLines(SyntaxFactory.TriviaList(leading.Skip(split + 1))));
                type = type.WithMembers(type.Members.Replace(type.Members[index], member).InsertRange(index, block));
                continue;
            }

            SyntaxTriviaList open = SyntaxFactory.ParseLeadingTrivia("#if " + placement.Condition + endOfLine);
            SyntaxTriviaList close = SyntaxFactory.ParseLeadingTrivia("#endif" + endOfLine);
            if (!placement.After)
            {
                // Blank lines above the member stay above the #if; a blank line separates the #endif from the member.
                SyntaxTriviaList leading = member.GetLeadingTrivia();
                int blank = 0;
                while (blank < leading.Count && leading[blank].IsKind(SyntaxKind.EndOfLineTrivia))
                    blank++;

                block[0] = block[0].WithLeadingTrivia(SyntaxFactory.TriviaList(leading.Take(blank)).AddRange(open).AddRange(block[0].GetLeadingTrivia()));
                member = member.WithLeadingTrivia(close.Add(SyntaxFactory.EndOfLine(endOfLine)).AddRange(leading.Skip(blank)));
                type = type.WithMembers(type.Members.Replace(type.Members[index], member).InsertRange(index, block));
            }
            else
            {
                block[0] = block[0].WithLeadingTrivia(SyntaxFactory.TriviaList(SyntaxFactory.EndOfLine(endOfLine)).AddRange(open).AddRange(block[0].GetLeadingTrivia()));
                type = type.WithMembers(type.Members.InsertRange(index + 1, block));
                if (index + 1 + block.Count < type.Members.Count)
                {
                    MemberDeclarationSyntax next = type.Members[index + 1 + block.Count];
                    type = type.WithMembers(type.Members.Replace(next, next.WithLeadingTrivia(close.AddRange(next.GetLeadingTrivia()))));
                }
                else
                {
                    type = type.WithCloseBraceToken(type.CloseBraceToken.WithLeadingTrivia(close.AddRange(type.CloseBraceToken.LeadingTrivia)));
                }
            }
        }

        return type;
    }

    private static SyntaxTriviaList TrimLeadingBlankLines(SyntaxTriviaList trivia)
    {
        int blank = 0;
        while (blank < trivia.Count && trivia[blank].IsKind(SyntaxKind.EndOfLineTrivia))
            blank++;
        return SyntaxFactory.TriviaList(trivia.Skip(blank));
    }
}
