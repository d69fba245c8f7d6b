using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using Microsoft.CodeAnalysis.Text;
using Streamline.Analyzers.Evidence;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

/// <summary>
/// SL1002 on a reader the method is handed and no construction could be fixed: each counted loop of fixed-size reads
/// (<see cref="CountedReadLoop"/>) is wrapped so that it reads through the runtime's read-ahead scope:
/// <code>
/// using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 6))
/// {
///     for (int i = 0; i &lt; count; i++)
///         values[i] = new Pair(ahead.ReadUInt16(), ahead.ReadInt32());
/// }
/// </code>
/// The loop keeps its text, one level deeper; only the reads' receiver changes: the scope has the same fixed-size reads.
/// </summary>
public sealed partial class SL1002BufferSmallBinaryReadsCodeFix
{
    private const string ScopeName = "ahead";

    /// <summary>The counted loops of the method around the read at <paramref name="span"/>, when the runtime has
    /// <c>ReadAhead</c> and every loop can be rewritten; else null.</summary>
    private static List<CountedReadLoop>? ReadAheadLoops(SyntaxNode root, SemanticModel model, TextSpan span, INamedTypeSymbol bufferedReader, CancellationToken cancellationToken)
    {
        if (bufferedReader.GetMembers("ReadAhead").IsEmpty
            || !root.FullSpan.Contains(span)
            || root.FindNode(span, getInnermostNodeForTie: true).FirstAncestorOrSelf<InvocationExpressionSyntax>() is not { } call
            || model.GetOperation(call, cancellationToken) is not IInvocationOperation read
            || read.Instance is not { } instance
            || SL1001PositionAdvance.StripConversions(instance) switch
            {
                ILocalReferenceOperation local => (ISymbol)local.Local,
                IParameterReferenceOperation parameter => parameter.Parameter,
                _ => null,
            } is not { } reader
            || !BinaryReadSymbols.TryCreate(model.Compilation, out BinaryReadSymbols? symbols))
        {
            return null;
        }

        List<CountedReadLoop> loops = CountedReadLoop.In(LoopContext.Root(read), reader, symbols);
        foreach (CountedReadLoop loop in loops)
        {
            if (loop.Loop.Syntax is not StatementSyntax statement // a for or while statement (CountedReadLoop)
                || loop.Position is not null && (bufferedReader.GetMembers("ReadAheadUntil").IsEmpty
                    || loop.Position.Syntax is not MemberAccessExpressionSyntax)
                || HasMultiLineToken(statement)
                || loop.Reads.Any(r => r.Syntax is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Expression: IdentifierNameSyntax } }))
            {
                return null;
            }
        }

        return loops;
    }

    private static void RewriteLoops(DocumentEditor editor, SyntaxNode root, SemanticModel model, TextSpan span, INamedTypeSymbol bufferedReader, HashSet<TextSpan> done, CancellationToken cancellationToken)
    {
        if (ReadAheadLoops(root, model, span, bufferedReader, cancellationToken) is not { } loops)
            return;

        foreach (CountedReadLoop loop in loops)
        {
            var statement = (StatementSyntax)loop.Loop.Syntax;
            if (!done.Add(statement.Span))
                continue;

            string name = LocalNames.Unique(TakenInMember(statement, model), ScopeName);
            editor.ReplaceNode(statement, ReadAheadStatement(statement, loop, name, root));
        }
    }

    /// <summary>The loop inside <c>using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: n))
    /// { ... }</c>, indented one level more, its reads made through <c>ahead</c>, the trivia around it
    /// kept.</summary>
    private static StatementSyntax ReadAheadStatement(StatementSyntax loop, CountedReadLoop match, string name, SyntaxNode root)
    {
        var receivers = match.Reads
            .Select(read => ((MemberAccessExpressionSyntax)((InvocationExpressionSyntax)read.Syntax).Expression).Expression)
            .ToList();
        string readerName = ((IdentifierNameSyntax)receivers[0]).Identifier.ValueText;
        var replaced = new List<ExpressionSyntax>(receivers);
        if (match.Position?.Syntax is MemberAccessExpressionSyntax position)
            replaced.Add(position.Expression); // reader.BaseStream.Position -> ahead.Position
        StatementSyntax reading = loop.ReplaceNodes(
            replaced,
            (original, _) => SyntaxFactory.IdentifierName(name).WithTriviaFrom(original));

        string newLine = NewLineIn(root);
        string indent = IndentationOf(loop);
        string unit = IndentUnit(loop, indent);
        string count = ((IBinaryOperation)(match.Loop switch
        {
            IForLoopOperation counted => counted.Condition!,
            IWhileLoopOperation until => until.Condition!,
            _ => throw new System.InvalidOperationException(),
        })).RightOperand.Syntax.ToString();

        var text = new StringBuilder();
        text.Append("using (var ").Append(name).Append(" = global::Streamline.Runtime.BufferedBinaryReader.");
        if (match.Position is null)
        {
            text.Append("ReadAhead(").Append(readerName).Append(", ").Append(count).Append(", bytesPerPass: ")
                .Append(match.BytesPerPass.ToString(System.Globalization.CultureInfo.InvariantCulture)).Append("))");
        }
        else
        {
            text.Append("ReadAheadUntil(").Append(readerName).Append(", ").Append(count).Append("))");
        }

        text.Append(newLine).Append(indent).Append('{').Append(newLine);
        string[] lines = reading.WithoutLeadingTrivia().WithoutTrailingTrivia().ToFullString().Split('\n');
        for (int i = 0; i < lines.Length; i++)
        {
            string line = lines[i].TrimEnd('\r');
            if (i == 0)
                text.Append(indent).Append(unit).Append(line);
            else if (line.Trim().Length > 0)
                text.Append(unit).Append(line);
            text.Append(newLine);
        }

        text.Append(indent).Append('}');
        var statement = (UsingStatementSyntax)SyntaxFactory.ParseStatement(text.ToString());
        if (statement.Declaration?.Variables[0].Initializer?.Value is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Expression: var type } })
        {
            statement = statement.ReplaceNode(type, type.WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation));
        }

        return statement.WithLeadingTrivia(loop.GetLeadingTrivia()).WithTrailingTrivia(loop.GetTrailingTrivia());
    }

    // The names the scope's local must not take: every identifier of the method (or accessor, or the top-level
    // statements) around the loop, and every symbol in scope there. Other members' locals do not matter, so the
    // loops of two methods both get "ahead".
    private static HashSet<string> TakenInMember(SyntaxNode position, SemanticModel model)
    {
        SyntaxNode scope = position.AncestorsAndSelf().FirstOrDefault(n => n is MemberDeclarationSyntax) ?? position;
        if (scope is GlobalStatementSyntax)
            scope = scope.Parent ?? scope;

        var taken = new HashSet<string>(
            scope.DescendantTokens().Where(t => t.IsKind(SyntaxKind.IdentifierToken)).Select(t => t.ValueText),
            System.StringComparer.Ordinal);
        foreach (ISymbol symbol in model.LookupSymbols(position.SpanStart))
            taken.Add(symbol.Name);
        return taken;
    }

    private static bool HasMultiLineToken(SyntaxNode node)
        => node.DescendantTokens().Any(token => token.Span.Length > 0 && token.ToString().IndexOf('\n') >= 0);

    private static string NewLineIn(SyntaxNode root)
    {
        foreach (SyntaxTrivia trivia in root.DescendantTrivia())
        {
            if (trivia.IsKind(SyntaxKind.EndOfLineTrivia))
                return trivia.ToString();
        }

        return "\n";
    }

    // The whitespace before the statement on its line.
    private static string IndentationOf(SyntaxNode node)
    {
        SyntaxTriviaList leading = node.GetLeadingTrivia();
        return leading.Count > 0 && leading[leading.Count - 1].IsKind(SyntaxKind.WhitespaceTrivia) ? leading[leading.Count - 1].ToString() : string.Empty;
    }

    // One level of indentation as the file writes it: what the loop's body adds to the loop's, else four spaces.
    private static string IndentUnit(StatementSyntax loop, string indent)
    {
        StatementSyntax body = loop is WhileStatementSyntax whileLoop ? whileLoop.Statement : ((ForStatementSyntax)loop).Statement;
        StatementSyntax? inner = body is BlockSyntax block ? block.Statements.FirstOrDefault() : body;
        if (inner is not null)
        {
            string innerIndent = IndentationOf(inner);
            if (innerIndent.Length > indent.Length && innerIndent.StartsWith(indent, System.StringComparison.Ordinal))
                return innerIndent.Substring(indent.Length);
        }

        return indent.Contains('\t') ? "\t" : "    ";
    }
}
