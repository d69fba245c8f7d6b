using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using Microsoft.CodeAnalysis.Text;
using Streamline.Analyzers;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

/// <summary>SL1004: the syntax the fix writes (the rewritten call, the field, the set's literal) in the file's own layout, and the fields it can reuse.</summary>
public sealed partial class SL1004UseCachedSearchValuesCodeFix
{
    /// <summary>Rewrites the call to search with the cached field.</summary>
    private static void Rewrite(DocumentEditor editor, Target target, string fieldName)
        => Rewrite(editor, target, SyntaxFactory.IdentifierName(fieldName));

    /// <summary>Rewrites the call to search with <paramref name="set"/>: a cached field, or a choice between fields.</summary>
    private static void Rewrite(DocumentEditor editor, Target target, ExpressionSyntax set)
    {
        SearchSetMatch match = target.Match;
        var invocationSyntax = (InvocationExpressionSyntax)match.Invocation.Syntax;
        ExpressionSyntax field = set is IdentifierNameSyntax ? set : SyntaxFactory.ParenthesizedExpression(set.WithoutTrivia());
        ExpressionSyntax argument = set.WithoutTrivia();
        string methodName = match.Invocation.TargetMethod.Name;

        if (target.UseSearchValues && !match.IsStringMethod)
        {
            // span.IndexOfAny("...") -> span.IndexOfAny(s_set): MemoryExtensions has the SearchValues overload.
            var valuesArgument = (ArgumentSyntax)match.ValuesArgument.Syntax;
            editor.ReplaceNode(valuesArgument.Expression, argument.WithTriviaFrom(valuesArgument.Expression));
            return;
        }

        var receiver = (ExpressionSyntax)match.Receiver.Syntax;
        ExpressionSyntax replacement;
        if (target.UseSearchValues)
        {
            // text.IndexOfAny(new[] { ... }) -> text.AsSpan().IndexOfAny(s_set)
            ExpressionSyntax span = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, Parenthesize(receiver.WithoutTrivia()), SyntaxFactory.IdentifierName(KnownNames.AsSpan)));
            replacement = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, span, SyntaxFactory.IdentifierName(methodName)),
                SyntaxFactory.ArgumentList(
                    SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.OpenParenToken, CommentsBefore(match)),
                    SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(argument.WithTrailingTrivia(CommentsAfter(match)))),
                    SyntaxFactory.Token(SyntaxKind.CloseParenToken)));
        }
        else
        {
            // text.IndexOfAny(anyOf, start, count) -> s_set.IndexOfAny(text, start, count); span.ContainsAny("...") -> s_set.ContainsAny(span)
            ExpressionSyntax searched = receiver.WithoutTrivia();
            if (!match.IsStringMethod && !target.ReceiverIsSpan)
            {
                // A string or array the language turned into a span: AsSpan keeps null meaning empty, as before.
                searched = SyntaxFactory.InvocationExpression(
                    SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, Parenthesize(searched), SyntaxFactory.IdentifierName(KnownNames.AsSpan)));
            }

            // Comments written around the set stay, in front of the searched text.
            searched = searched.WithTrailingTrivia(CommentsAfter(match));
            var arguments = new List<ArgumentSyntax> { SyntaxFactory.Argument(searched) };
            foreach (IArgumentOperation range in match.RangeArguments)
                arguments.Add((ArgumentSyntax)range.Syntax);

            replacement = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, field, SyntaxFactory.IdentifierName(methodName)),
                SyntaxFactory.ArgumentList(
                    SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.OpenParenToken, CommentsBefore(match)),
                    SyntaxFactory.SeparatedList(arguments),
                    SyntaxFactory.Token(SyntaxKind.CloseParenToken)));
        }

        editor.ReplaceNode(invocationSyntax, replacement.WithTriviaFrom(invocationSyntax).WithAdditionalAnnotations(Simplifier.AddImportsAnnotation));
    }

    // `(/* Comment */ new[] { ... })`: a comment after the parenthesis belongs to that token, so collect from there.
    private static SyntaxTriviaList CommentsBefore(SearchSetMatch match)
    {
        SyntaxNode argument = match.ValuesArgument.Syntax;
        SyntaxToken first = argument.GetFirstToken();
        return KeepComments(first.GetPreviousToken().TrailingTrivia.AddRange(first.LeadingTrivia), spaceBefore: false);
    }

    private static SyntaxTriviaList CommentsAfter(SearchSetMatch match)
        => KeepComments(match.ValuesArgument.Syntax.GetLastToken().TrailingTrivia, spaceBefore: true);

    private static SyntaxTriviaList KeepComments(SyntaxTriviaList trivia, bool spaceBefore)
    {
        var kept = new List<SyntaxTrivia>();
        foreach (SyntaxTrivia item in trivia)
        {
            if (item.IsKind(SyntaxKind.MultiLineCommentTrivia))
            {
                if (spaceBefore)
                    kept.Add(SyntaxFactory.Space);
                kept.Add(item);
                if (!spaceBefore)
                    kept.Add(SyntaxFactory.Space);
            }
        }

        return SyntaxFactory.TriviaList(kept);
    }

    private static ExpressionSyntax Parenthesize(ExpressionSyntax expression)
        => expression is IdentifierNameSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax or ElementAccessExpressionSyntax
            or LiteralExpressionSyntax or ThisExpressionSyntax or ParenthesizedExpressionSyntax
            ? expression
            : SyntaxFactory.ParenthesizedExpression(expression);

    private static TypeSyntax FieldTypeSyntax(Target target, SyntaxGenerator generator)
        => ((TypeSyntax)generator.TypeExpression(target.FieldType))
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);

    /// <summary>
    /// <c>SearchValues.Create("...")</c> or <c>CharSearchSet.Create("...")</c>; <c>Create(Separators)</c> where the set is a
    /// string constant's (<c>Separators.ToCharArray()</c>), so the constant stays in use (CA1823); <c>Create(new[] { ... })</c>
    /// as the file writes it where comments sit among the values, so they stay where they are.
    /// </summary>
    /// <param name="indentation">The indentation of the field's line, for a set written over several lines; null where the set replaces an array in place.</param>
    private static ExpressionSyntax CreateExpression(Target target, SyntaxGenerator generator, string? indentation = null)
    {
        SearchSetMatch match = target.Match;
        ITypeSymbol factoryType = target.UseSearchValues ? target.FieldType.ContainingNamespace.GetTypeMembers("SearchValues", 0).First() : target.FieldType;
        var factory = (ExpressionSyntax)generator.TypeExpression(factoryType)
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        ExpressionSyntax values = ConstantSource(match)
            ?? (indentation is null ? null : CommentedSet(match, indentation))
            ?? (match.IsByte ? ByteArray(match.Values) : StringLiteral(match.Values));
        return SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, factory, SyntaxFactory.IdentifierName(KnownNames.Create)),
            SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(values))));
    }

    /// <summary>
    /// <c>private static readonly SearchValues&lt;char&gt; s_x = SearchValues.Create("...");</c> (or the runtime set), laid
    /// out by hand in the file's own indentation and line ends: the formatter would indent with the host's settings.
    /// </summary>
    private static MemberDeclarationSyntax CreateField(Target target, string name, SyntaxGenerator generator, SyntaxTriviaList indentation, string endOfLine)
    {
        return SyntaxFactory.FieldDeclaration(
                SyntaxFactory.VariableDeclaration(FieldTypeSyntax(target, generator).WithTrailingTrivia(SyntaxFactory.Space))
                    .WithVariables(SyntaxFactory.SingletonSeparatedList(
                        SyntaxFactory.VariableDeclarator(SyntaxFactory.Identifier(SyntaxTriviaList.Empty, name, SyntaxFactory.TriviaList(SyntaxFactory.Space)))
                            .WithInitializer(SyntaxFactory.EqualsValueClause(
                                SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.EqualsToken, SyntaxFactory.TriviaList(SyntaxFactory.Space)),
                                CreateExpression(target, generator, indentation.ToFullString()))))))
            .WithModifiers(SyntaxFactory.TokenList(
                SyntaxFactory.Token(indentation, SyntaxKind.PrivateKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space)),
                SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.StaticKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space)),
                SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.ReadOnlyKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space))))
            .WithSemicolonToken(SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.SemicolonToken, SyntaxFactory.TriviaList(SyntaxFactory.EndOfLine(endOfLine))));
    }

    /// <summary>
    /// The string constant field the set is read from, as the search names it, when its value is the set exactly (no
    /// duplicates): <c>Separators.ToCharArray()</c> or, for a span search, <c>Separators</c>.
    /// </summary>
    private static ExpressionSyntax? ConstantSource(SearchSetMatch match)
    {
        if (match.IsByte)
            return null;

        IOperation set = match.SetValue;
        if (set is IInvocationOperation { TargetMethod.Name: KnownNames.ToCharArray, Arguments.Length: 0, Instance: { } instance })
            set = instance;
        while (set is IConversionOperation conversion)
            set = conversion.Operand;

        return set is IFieldReferenceOperation { Field.IsConst: true } && set.ConstantValue.HasValue
            && set.ConstantValue.Value is string value && value == match.Values
            ? ((ExpressionSyntax)set.Syntax).WithoutTrivia()
            : null;
    }

    /// <summary>
    /// The set as the file writes it (<c>new[] { 'a', /* quote */ '"', ... }</c>), moved to the field's indentation, where
    /// a comment sits among its values; null where it has none, or where it names a local (a field cannot see it).
    /// </summary>
    private static ExpressionSyntax? CommentedSet(SearchSetMatch match, string indentation)
    {
        SyntaxNode set = match.SetValue.Syntax;
        if (set is not (ArrayCreationExpressionSyntax or ImplicitArrayCreationExpressionSyntax)
            || !set.DescendantTrivia().Any(t => set.Span.Contains(t.Span) && (t.IsKind(SyntaxKind.SingleLineCommentTrivia) || t.IsKind(SyntaxKind.MultiLineCommentTrivia)))
            || match.SetValue.DescendantsAndSelf().Any(o => o is ILocalReferenceOperation or IParameterReferenceOperation or IInstanceReferenceOperation))
        {
            return null;
        }

        // Each line after the first keeps its indentation relative to the line the set starts on.
        SourceText text = set.SyntaxTree.GetText();
        TextLine firstLine = text.Lines.GetLineFromPosition(set.SpanStart);
        int start = firstLine.Start;
        while (start < firstLine.End && text[start] is ' ' or '\t')
            start++;
        string outer = text.ToString(TextSpan.FromBounds(firstLine.Start, start));

        var written = new StringBuilder();
        int lineNumber = firstLine.LineNumber;
        foreach (TextLine line in text.Lines.Skip(lineNumber).TakeWhile(l => l.Start < set.Span.End))
        {
            int from = Math.Max(line.Start, set.SpanStart);
            int to = Math.Min(line.EndIncludingLineBreak, set.Span.End);
            string part = text.ToString(TextSpan.FromBounds(from, to));
            if (line.LineNumber != lineNumber)
                part = part.StartsWith(outer, StringComparison.Ordinal) ? indentation + part.Substring(outer.Length) : part;
            written.Append(part);
        }

        return SyntaxFactory.ParseExpression(written.ToString());
    }

    /// <summary>The file's own layout: its line end, and the indentation of members.</summary>
    private sealed class Layout
    {
        public Layout(SyntaxNode root)
        {
            SyntaxTrivia? firstEndOfLine = root.DescendantTrivia().FirstOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia));
            EndOfLine = firstEndOfLine is { } eol && eol.IsKind(SyntaxKind.EndOfLineTrivia) ? eol.ToString() : "\r\n";
            IndentUnit = DetectIndentUnit(root);
        }

        public string EndOfLine { get; }

        /// <summary>One level of indentation: a tab in a tab-indented file, else as many spaces as the file uses.</summary>
        public string IndentUnit { get; }

        /// <summary>The whitespace that starts the line of a node's first token.</summary>
        public SyntaxTriviaList IndentationOf(SyntaxNode node)
        {
            SourceText text = node.SyntaxTree.GetText();
            TextLine line = text.Lines.GetLineFromPosition(node.GetFirstToken().SpanStart);
            int end = line.Start;
            while (end < line.End && text[end] is ' ' or '\t')
                end++;

            return end == line.Start ? SyntaxTriviaList.Empty : SyntaxFactory.TriviaList(SyntaxFactory.Whitespace(text.ToString(TextSpan.FromBounds(line.Start, end))));
        }

        /// <summary>The indentation of the type's members: its first member's, else the type's own plus one level.</summary>
        public SyntaxTriviaList MemberIndentation(TypeDeclarationSyntax type)
        {
            SourceText text = type.SyntaxTree.GetText();
            int typeLine = text.Lines.GetLineFromPosition(type.OpenBraceToken.SpanStart).LineNumber;
            foreach (MemberDeclarationSyntax member in type.Members)
            {
                // A member on a line of its own (not on the line of the type's brace).
                if (text.Lines.GetLineFromPosition(member.GetFirstToken().SpanStart).LineNumber != typeLine)
                    return IndentationOf(member);
            }

            string outer = IndentationOf(type).ToString();
            return SyntaxFactory.TriviaList(SyntaxFactory.Whitespace(outer + IndentUnit));
        }

        // The first indented line of the file shows one level: a tab, or two to eight spaces.
        private static string DetectIndentUnit(SyntaxNode root)
        {
            SourceText text = root.SyntaxTree.GetText();
            foreach (TextLine line in text.Lines)
            {
                int end = line.Start;
                while (end < line.End && text[end] is ' ' or '\t')
                    end++;

                if (end == line.Start || end == line.End)
                    continue;

                if (text[line.Start] == '\t')
                    return "\t";

                int width = end - line.Start;
                if (width is >= 2 and <= 8)
                    return new string(' ', width);
            }

            return "    ";
        }
    }

    /// <summary>A C# string literal of the set, with every character outside printable ASCII escaped.</summary>
    private static ExpressionSyntax StringLiteral(string values)
    {
        var text = new StringBuilder("\"");
        foreach (char value in values)
        {
            switch (value)
            {
                case '\t': text.Append("\\t"); break;
                case '\n': text.Append("\\n"); break;
                case '\r': text.Append("\\r"); break;
                case '\v': text.Append("\\v"); break;
                case '\f': text.Append("\\f"); break;
                case '\0': text.Append("\\0"); break;
                case '"': text.Append("\\\""); break;
                case '\\': text.Append("\\\\"); break;
                default:
                    if (value is >= ' ' and < '\u007F')
                        text.Append(value);
                    else
                        text.Append("\\u").Append(((int)value).ToString("X4", CultureInfo.InvariantCulture));
                    break;
            }
        }

        text.Append('"');
        return SyntaxFactory.LiteralExpression(
            SyntaxKind.StringLiteralExpression,
            SyntaxFactory.Literal(text.ToString(), values));
    }

    /// <summary>
    /// <c>new byte[] { (byte)'a', 0x09, 0xFF }</c>: printable ASCII as character casts, the rest as one-byte numbers.
    /// Never a <c>u8</c> literal, which would encode U+0080..U+00FF as two bytes.
    /// </summary>
    private static ExpressionSyntax ByteArray(string values)
    {
        var elements = new List<ExpressionSyntax>();
        foreach (char value in values)
        {
            if (value is > ' ' and < '\u007F' and not '\'' and not '\\')
            {
                elements.Add(SyntaxFactory.CastExpression(
                    SyntaxFactory.PredefinedType(SyntaxFactory.Token(SyntaxKind.ByteKeyword)),
                    SyntaxFactory.LiteralExpression(SyntaxKind.CharacterLiteralExpression, SyntaxFactory.Literal(value))));
            }
            else
            {
                string hex = "0x" + ((int)value).ToString("X2", CultureInfo.InvariantCulture);
                elements.Add(SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(hex, (int)value)));
            }
        }

        return SyntaxFactory.ArrayCreationExpression(
            SyntaxFactory.ArrayType(
                SyntaxFactory.PredefinedType(SyntaxFactory.Token(SyntaxKind.ByteKeyword)),
                SyntaxFactory.SingletonList(SyntaxFactory.ArrayRankSpecifier(SyntaxFactory.SingletonSeparatedList<ExpressionSyntax>(SyntaxFactory.OmittedArraySizeExpression())))),
            SyntaxFactory.InitializerExpression(SyntaxKind.ArrayInitializerExpression, SyntaxFactory.SeparatedList(elements)));
    }

    /// <summary>A set's identity: its distinct members in ordinal order.</summary>
    private static string SetKey(string values)
    {
        char[] members = values.Distinct().ToArray();
        System.Array.Sort(members);
        return new string(members);
    }

    /// <summary>A static readonly field of the type, of the same type, created from the same set, reused as it is.</summary>
    private static string? FindExistingField(Target target, string key, SemanticModel model, CancellationToken cancellationToken)
    {
        foreach (ISymbol member in target.ContainingType.GetMembers())
        {
            if (member is not IFieldSymbol { IsStatic: true, IsReadOnly: true } field
                || !SymbolEqualityComparer.Default.Equals(field.Type, target.FieldType)
                || field.DeclaringSyntaxReferences.Length != 1
                || field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax { Initializer.Value: InvocationExpressionSyntax create } declarator
                || declarator.SyntaxTree != model.SyntaxTree
                || model.GetOperation(create, cancellationToken) is not IInvocationOperation { TargetMethod.Name: KnownNames.Create, Arguments.Length: 1 } createOperation)
            {
                continue;
            }

            IOperation argument = createOperation.Arguments[0].Value;
            if (argument is IConversionOperation conversion)
                argument = conversion.Operand;

            string? values = argument switch
            {
                { ConstantValue: { HasValue: true, Value: string text } } => text,
                IArrayCreationOperation { Initializer: { } initializer } => ConstantElements(initializer),
                _ => null,
            };
            if (values is not null && SetKey(values) == key)
                return field.Name;
        }

        return null;
    }

    private static string? ConstantElements(IArrayInitializerOperation initializer)
    {
        var builder = new StringBuilder();
        foreach (IOperation element in initializer.ElementValues)
        {
            switch (element.ConstantValue.HasValue ? element.ConstantValue.Value : null)
            {
                case char c: builder.Append(c); break;
                case byte b: builder.Append((char)b); break;
                default: return null;
            }
        }

        return builder.ToString();
    }

    private static HashSet<string> TakenNames(INamedTypeSymbol type)
    {
        var taken = new HashSet<string>(System.StringComparer.Ordinal);
        for (INamedTypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            foreach (string name in current.MemberNames)
                taken.Add(name);
        }

        for (INamedTypeSymbol? outer = type; outer is not null; outer = outer.ContainingType)
            taken.Add(outer.Name);

        return taken;
    }
}
