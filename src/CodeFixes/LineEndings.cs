using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Options;
using Microsoft.CodeAnalysis.Simplification;
using Microsoft.CodeAnalysis.Text;

namespace Streamline.CodeFixes;

/// <summary>
/// Every line a fix adds ends the way the file's lines do. The host tidies a fix's result (adds the <c>using</c>s that
/// <see cref="Simplifier.AddImportsAnnotation"/> asks for, simplifies, formats what <see cref="Formatter.Annotation"/>
/// and elastic trivia mark) with its own new-line setting: <c>end_of_line</c> from <c>.editorconfig</c>, else the
/// machine's (LF on Linux and macOS, CRLF on Windows), whatever the file uses. So every fix's result is tidied here
/// first, the same steps in the same order with the file's line ending, and the marks are taken off so the host has
/// nothing left to lay out; then any line break left in the changed text that differs from the file's is made the
/// file's (a break a fix wrote by hand).
/// </summary>
internal static class LineEndings
{
    /// <summary><paramref name="changed"/>, tidied with <paramref name="original"/>'s line ending. A file without a line
    /// break has no line ending to keep, and is returned as it is, for the host to tidy.</summary>
    public static async Task<Document> KeepAsync(Document original, Document changed, CancellationToken cancellationToken)
    {
        if (changed == original || !changed.SupportsSyntaxTree)
            return changed;

        SourceText originalText = await original.GetTextAsync(cancellationToken).ConfigureAwait(false);
        string? newLine = NewLineOf(originalText);
        if (newLine is null)
            return changed;

        OptionSet options = (await changed.GetOptionsAsync(cancellationToken).ConfigureAwait(false))
            .WithChangedOption(FormattingOptions.NewLine, LanguageNames.CSharp, newLine);
        Document tidied = await ImportAdder.AddImportsAsync(changed, Simplifier.AddImportsAnnotation, options, cancellationToken).ConfigureAwait(false);
        tidied = await Simplifier.ReduceAsync(tidied, Simplifier.Annotation, options, cancellationToken).ConfigureAwait(false);
        tidied = await Formatter.FormatAsync(tidied, Formatter.Annotation, options, cancellationToken).ConfigureAwait(false);
        tidied = await Formatter.FormatAsync(tidied, SyntaxAnnotation.ElasticAnnotation, options, cancellationToken).ConfigureAwait(false);

        SyntaxNode? root = await tidied.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        if (root is null)
            return tidied;

        // The breaks inside the text that changed, as a file-relative span list of the new text.
        IEnumerable<TextChange> changes = await tidied.GetTextChangesAsync(original, cancellationToken).ConfigureAwait(false);
        var changedSpans = new List<TextSpan>();
        int delta = 0;
        foreach (TextChange change in changes.OrderBy(c => c.Span.Start))
        {
            int length = change.NewText?.Length ?? 0;
            changedSpans.Add(new TextSpan(change.Span.Start + delta, length));
            delta += length - change.Span.Length;
        }

        SyntaxTrivia[] breaks = root.DescendantTrivia(descendIntoTrivia: true)
            .Where(t => t.IsKind(SyntaxKind.EndOfLineTrivia) && t.ToString() != newLine
                && changedSpans.Any(span => span.IntersectsWith(t.Span) || span.Contains(t.Span)))
            .ToArray();
        if (breaks.Length > 0)
            root = root.ReplaceTrivia(breaks, (_, _) => SyntaxFactory.EndOfLine(newLine));

        // Laid out: nothing left for the host to lay out again with its own line ending.
        root = root.ReplaceNodes(
            root.GetAnnotatedNodes(Formatter.Annotation).Concat(root.GetAnnotatedNodes(Simplifier.Annotation)).Concat(root.GetAnnotatedNodes(Simplifier.AddImportsAnnotation)),
            (_, rewritten) => rewritten.WithoutAnnotations(Formatter.Annotation).WithoutAnnotations(Simplifier.Annotation).WithoutAnnotations(Simplifier.AddImportsAnnotation));
        return tidied.WithSyntaxRoot(root);
    }

    /// <summary>The file's line ending: the first line break's, or null where there is none.</summary>
    private static string? NewLineOf(SourceText text)
    {
        foreach (TextLine line in text.Lines)
        {
            int length = line.EndIncludingLineBreak - line.End;
            if (length > 0)
                return text.ToString(new TextSpan(line.End, length));
        }

        return null;
    }
}
