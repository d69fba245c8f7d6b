using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

public sealed partial class SL1004UseCachedSearchValuesCodeFix
{
    /// <summary>Inserts the fields of searches under <c>#if</c> into the type, at their places (see <see cref="SL1004ConditionalPlacement"/>).</summary>
    /// <param name="shift">How many fields were inserted at the top of the type before the members counted by the placements.</param>
    private static TypeDeclarationSyntax InsertConditionalFields(
        TypeDeclarationSyntax type, List<(SL1004ConditionalPlacement Placement, MemberDeclarationSyntax Field)> fields, int shift, string endOfLine)
    {
        foreach (IGrouping<string, (SL1004ConditionalPlacement Placement, MemberDeclarationSyntax Field)> group in fields
            .GroupBy(f => f.Placement.Key)
            .OrderByDescending(g => g.First().Placement.MemberIndex)
            .ThenByDescending(g => g.First().Placement.After))
        {
            SL1004ConditionalPlacement placement = group.First().Placement;
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
