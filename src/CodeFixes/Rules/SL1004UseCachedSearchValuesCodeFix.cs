using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
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
using Streamline.Analyzers;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

/// <summary>
/// SL1004: moves a constant search set into one <c>private static readonly</c> field of the containing type (a
/// <c>SearchValues&lt;T&gt;</c>, or Streamline.Runtime's <c>CharSearchSet</c>/<c>ByteSearchSet</c>) and searches with it:
/// <c>text.IndexOfAny(new[] { ... })</c> becomes <c>text.AsSpan().IndexOfAny(s_whitespace)</c> or
/// <c>s_whitespace.IndexOfAny(text)</c>. A field already caching the same set is reused; in Fix All, calls with the same
/// set share one new field.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(SL1004UseCachedSearchValuesCodeFix)), Shared]
public sealed class SL1004UseCachedSearchValuesCodeFix : DocumentCodeFixProvider
{
    private const string CacheInStaticField = "SL1004.CacheInStaticField";

    public SL1004UseCachedSearchValuesCodeFix()
        : base("SL1004FixTitle", CacheInStaticField)
    {
    }

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RuleIds.UseCachedSearchValues);

    protected override bool CanFix(Document document, SyntaxNode root, SemanticModel model, Diagnostic diagnostic, CancellationToken cancellationToken)
        => TryFind(document, root, model, SearchSetSymbols.Create(model.Compilation), diagnostic, cancellationToken, out _);

    protected override Task<Document> FixAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
        => ApplyAsync(document, diagnostics, cancellationToken);

    private sealed class Target
    {
        public Target(SearchSetMatch match, bool useSearchValues, INamedTypeSymbol fieldType, TypeDeclarationSyntax typeDeclaration, INamedTypeSymbol containingType, bool receiverIsSpan)
        {
            ReceiverIsSpan = receiverIsSpan;
            Match = match;
            UseSearchValues = useSearchValues;
            FieldType = fieldType;
            TypeDeclaration = typeDeclaration;
            ContainingType = containingType;
        }

        public SearchSetMatch Match { get; }
        public bool UseSearchValues { get; }
        public INamedTypeSymbol FieldType { get; }
        public TypeDeclarationSyntax TypeDeclaration { get; }
        public INamedTypeSymbol ContainingType { get; }
        public bool ReceiverIsSpan { get; }
    }

    private static async Task<Document> ApplyAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        SyntaxNode? root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        SemanticModel? model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
            return document;

        var symbols = SearchSetSymbols.Create(model.Compilation);
        DocumentEditor editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);

        // (type, field type, set) -> field name, for fields found or added in this pass.
        var cached = new Dictionary<(INamedTypeSymbol, INamedTypeSymbol, string), string>(new CacheKeyComparer());
        var newFields = new Dictionary<TypeDeclarationSyntax, List<MemberDeclarationSyntax>>();
        var takenNames = new Dictionary<INamedTypeSymbol, HashSet<string>>(SymbolEqualityComparer.Default);

        foreach (Diagnostic diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
        {
            if (!TryFind(document, root, model, symbols, diagnostic, cancellationToken, out Target? target))
                continue;

            SearchSetMatch match = target.Match;
            string key = SetKey(match.Values);
            var cacheKey = (target.ContainingType, target.FieldType, key);
            if (!cached.TryGetValue(cacheKey, out string? fieldName))
            {
                fieldName = FindExistingField(target, key, model, cancellationToken);
                if (fieldName is null)
                {
                    if (!takenNames.TryGetValue(target.ContainingType, out HashSet<string>? taken))
                    {
                        taken = TakenNames(target.ContainingType);
                        takenNames.Add(target.ContainingType, taken);
                    }

                    fieldName = ChooseName(match, target.UseSearchValues, taken);
                    taken.Add(fieldName);
                    if (!newFields.TryGetValue(target.TypeDeclaration, out List<MemberDeclarationSyntax>? list))
                    {
                        list = new List<MemberDeclarationSyntax>();
                        newFields.Add(target.TypeDeclaration, list);
                    }

                    list.Add(CreateField(target, fieldName, editor.Generator));
                }

                cached.Add(cacheKey, fieldName);
            }

            Rewrite(editor, target, fieldName);
        }

        foreach (KeyValuePair<TypeDeclarationSyntax, List<MemberDeclarationSyntax>> pair in newFields)
        {
            // First in the type: static fields initialise in text order, and another static initializer may search.
            List<MemberDeclarationSyntax> fields = pair.Value;
            editor.ReplaceNode(pair.Key, (node, _) =>
            {
                var type = (TypeDeclarationSyntax)node;
                return type.WithMembers(type.Members.InsertRange(0, fields));
            });
        }

        return editor.GetChangedDocument();
    }

    private static bool TryFind(
        Document document,
        SyntaxNode root,
        SemanticModel model,
        SearchSetSymbols symbols,
        Diagnostic diagnostic,
        CancellationToken cancellationToken,
        [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out Target? target)
    {
        target = null;
        if (!diagnostic.Properties.TryGetValue(SL1004UseCachedSearchValuesAnalyzer.RewriteProperty, out string? rewrite))
            return false;

        SyntaxNode node = root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true);
        InvocationExpressionSyntax? invocationSyntax = node.FirstAncestorOrSelf<InvocationExpressionSyntax>(
            candidate => candidate.ArgumentList.Span.Contains(diagnostic.Location.SourceSpan));
        if (invocationSyntax is null
            || model.GetOperation(invocationSyntax, cancellationToken) is not IInvocationOperation invocation
            || !SearchSetPattern.TryMatch(invocation, symbols, cancellationToken, out SearchSetMatch? match)
            || match.ValuesArgument.Syntax.Span != diagnostic.Location.SourceSpan
            || invocationSyntax.FirstAncestorOrSelf<TypeDeclarationSyntax>() is not { } typeDeclaration
            || typeDeclaration.IsKind(SyntaxKind.InterfaceDeclaration)
            || model.GetDeclaredSymbol(typeDeclaration, cancellationToken) is not INamedTypeSymbol containingType
            || !ArgumentsInParameterOrder(match))
        {
            return false;
        }

        bool useSearchValues = rewrite == SL1004UseCachedSearchValuesAnalyzer.RewriteSearchValues;
        INamedTypeSymbol elementType = match.IsByte ? symbols.Byte : symbols.Char;
        INamedTypeSymbol? fieldType;
        if (useSearchValues)
        {
            fieldType = symbols.HasSearchValues ? symbols.SearchValuesOfT!.Construct(elementType) : null;
        }
        else
        {
            fieldType = symbols.RuntimeSet(match.IsByte);
            if (fieldType is null)
            {
                // The set the generator will add once the fixed code names it; it takes spans where the target has them.
                fieldType = RuntimeTypes.SearchSet(document, model.Compilation, match.IsByte);
                if (!match.IsStringMethod && fieldType is not null && !RuntimeTypes.TakesSpans(fieldType))
                    fieldType = null;
            }
            else if (!match.IsStringMethod && !symbols.RuntimeSetTakesSpans(match.IsByte))
            {
                fieldType = null;
            }
        }

        if (fieldType is null)
            return false;

        target = new Target(match, useSearchValues, fieldType, typeDeclaration, containingType, match.ReceiverIsSpan(symbols));
        return true;
    }

    // text.IndexOfAny(count: 3, startIndex: 1, anyOf: x) would evaluate its arguments in another order once rewritten.
    private static bool ArgumentsInParameterOrder(SearchSetMatch match)
    {
        var arguments = (match.Invocation.Syntax as InvocationExpressionSyntax)?.ArgumentList.Arguments;
        if (arguments is null)
            return false;

        foreach (ArgumentSyntax argument in arguments)
        {
            if (argument.NameColon is not null)
                return false;
        }

        return true;
    }

    /// <summary>Rewrites the call to search with the cached field.</summary>
    private static void Rewrite(DocumentEditor editor, Target target, string fieldName)
    {
        SearchSetMatch match = target.Match;
        var invocationSyntax = (InvocationExpressionSyntax)match.Invocation.Syntax;
        IdentifierNameSyntax field = SyntaxFactory.IdentifierName(fieldName);
        string methodName = match.Invocation.TargetMethod.Name;

        if (target.UseSearchValues && !match.IsStringMethod)
        {
            // span.IndexOfAny("...") -> span.IndexOfAny(s_set): MemoryExtensions has the SearchValues overload.
            var valuesArgument = (ArgumentSyntax)match.ValuesArgument.Syntax;
            editor.ReplaceNode(valuesArgument.Expression, field.WithTriviaFrom(valuesArgument.Expression));
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
                    SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(field.WithTrailingTrivia(CommentsAfter(match)))),
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

    /// <summary><c>private static readonly SearchValues&lt;char&gt; s_x = SearchValues.Create("...");</c> (or the runtime set).</summary>
    private static MemberDeclarationSyntax CreateField(Target target, string name, SyntaxGenerator generator)
    {
        SearchSetMatch match = target.Match;
        var fieldType = (TypeSyntax)generator.TypeExpression(target.FieldType)
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        ITypeSymbol factoryType = target.UseSearchValues ? target.FieldType.ContainingNamespace.GetTypeMembers("SearchValues", 0).First() : target.FieldType;
        var factory = (ExpressionSyntax)generator.TypeExpression(factoryType)
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        ExpressionSyntax values = match.IsByte ? ByteArray(match.Values) : StringLiteral(match.Values);
        ExpressionSyntax create = SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, factory, SyntaxFactory.IdentifierName(KnownNames.Create)),
            SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(values))));

        return SyntaxFactory.FieldDeclaration(
                SyntaxFactory.VariableDeclaration(fieldType)
                    .WithVariables(SyntaxFactory.SingletonSeparatedList(
                        SyntaxFactory.VariableDeclarator(name).WithInitializer(SyntaxFactory.EqualsValueClause(create)))))
            .WithModifiers(SyntaxFactory.TokenList(
                SyntaxFactory.Token(SyntaxKind.PrivateKeyword),
                SyntaxFactory.Token(SyntaxKind.StaticKeyword),
                SyntaxFactory.Token(SyntaxKind.ReadOnlyKeyword)))
            .WithAdditionalAnnotations(Formatter.Annotation);
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

    /// <summary>Named for what the set is (<c>s_whitespace</c>, <c>s_digits</c>, <c>s_separators</c>...), else a plain name.</summary>
    private static string ChooseName(SearchSetMatch match, bool useSearchValues, HashSet<string> taken)
    {
        string values = match.Values;
        string? kind =
            values.All(char.IsWhiteSpace) ? "whitespace"
            : values.All(c => c is >= '0' and <= '9') ? "digits"
            : values.All(c => c is >= '0' and <= '9' or >= 'a' and <= 'f' or >= 'A' and <= 'F') ? "hexDigits"
            : values.All(c => "aeiouAEIOU".IndexOf(c) >= 0) ? "vowels"
            : values.All(c => c is >= 'a' and <= 'z' or >= 'A' and <= 'Z') ? "letters"
            : values.All(c => char.IsWhiteSpace(c) || char.IsPunctuation(c) || char.IsSymbol(c)) ? "separators"
            : null;

        string fallback = match.IsByte
            ? (useSearchValues ? "s_byteSearchValues" : "s_byteSearchSet")
            : (useSearchValues ? "s_searchValues" : "s_searchSet");
        string? fromField = FromSourceField(match) is { } fieldBased ? "s_" + fieldBased : null;
        string baseName = kind is not null ? "s_" + kind + (match.IsByte ? "Bytes" : string.Empty) : fromField ?? fallback;

        // The set's own field often has the natural name already (s_separators): prefer a name from it to a number.
        if (taken.Contains(baseName) && fromField is not null && !taken.Contains(fromField))
            return fromField;

        string name = baseName;
        for (int suffix = 1; taken.Contains(name); suffix++)
            name = baseName + suffix.ToString(CultureInfo.InvariantCulture);

        return name;
    }

    // s_invalidChars (a char[] field) names its cached set s_invalidCharsSet.
    private static string? FromSourceField(SearchSetMatch match)
    {
        IOperation value = match.ValuesArgument.Value is IConversionOperation conversion ? conversion.Operand : match.ValuesArgument.Value;
        if (value is not IFieldReferenceOperation { Field.Name: { Length: > 0 } fieldName })
            return null;

        string trimmed = fieldName.StartsWith("s_", System.StringComparison.Ordinal) ? fieldName.Substring(2) : fieldName.TrimStart('_');
        if (trimmed.Length == 0)
            return null;

        return char.ToLowerInvariant(trimmed[0]) + trimmed.Substring(1) + "Set";
    }

    private sealed class CacheKeyComparer : IEqualityComparer<(INamedTypeSymbol Type, INamedTypeSymbol FieldType, string Key)>
    {
        public bool Equals((INamedTypeSymbol Type, INamedTypeSymbol FieldType, string Key) x, (INamedTypeSymbol Type, INamedTypeSymbol FieldType, string Key) y)
            => SymbolEqualityComparer.Default.Equals(x.Type, y.Type)
                && SymbolEqualityComparer.Default.Equals(x.FieldType, y.FieldType)
                && x.Key == y.Key;

        public int GetHashCode((INamedTypeSymbol Type, INamedTypeSymbol FieldType, string Key) obj)
            => SymbolEqualityComparer.Default.GetHashCode(obj.Type) ^ obj.Key.GetHashCode();
    }
}
