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

/// <summary>
/// SL1004: moves a constant search set into one <c>private static readonly</c> field of the containing type (a
/// <c>SearchValues&lt;T&gt;</c>, or Streamline.Runtime's <c>CharSearchSet</c>/<c>ByteSearchSet</c>) and searches with it:
/// <c>text.IndexOfAny(new[] { ... })</c> becomes <c>text.AsSpan().IndexOfAny(s_whitespace)</c> or
/// <c>s_whitespace.IndexOfAny(text)</c>. A field already caching the same set is reused; in Fix All, calls with the same
/// set share one new field.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(SL1004UseCachedSearchValuesCodeFix))]
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
        public Target(SearchSetMatch match, bool useSearchValues, INamedTypeSymbol fieldType, TypeDeclarationSyntax? typeDeclaration, INamedTypeSymbol containingType, bool receiverIsSpan)
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
        /// <summary>The type the search is written in; null in top-level statements (the fields go to <c>partial class Program</c>).</summary>
        public TypeDeclarationSyntax? TypeDeclaration { get; }
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
        var layout = new Layout(root);

        // (type, field type, set) -> field name, for fields found or added in this pass.
        var cached = new Dictionary<(INamedTypeSymbol, INamedTypeSymbol, string), string>(new CacheKeyComparer());
        var newFields = new Dictionary<TypeDeclarationSyntax, List<MemberDeclarationSyntax>>();
        var besideFields = new Dictionary<FieldDeclarationSyntax, List<MemberDeclarationSyntax>>();
        var takenNames = new Dictionary<INamedTypeSymbol, HashSet<string>>(SymbolEqualityComparer.Default);
        var replacedArrays = new HashSet<IFieldSymbol>(SymbolEqualityComparer.Default);
        var topLevelFields = new List<MemberDeclarationSyntax>();
        var rewritten = new HashSet<SyntaxNode>();

        // The field that caches target's set: one found or added in this pass, one the type has, or a new one.
        string FieldFor(Target target)
        {
            SearchSetMatch match = target.Match;
            IFieldSymbol? arrayField = SourceArrayField(match);
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
                        if (arrayField is not null
                            && arrayField.DeclaringSyntaxReferences.Length == 1
                            && arrayField.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken).FirstAncestorOrSelf<FieldDeclarationSyntax>() is { } besideDeclaration
                            && besideDeclaration.SyntaxTree == root.SyntaxTree
                            && besideDeclaration.Parent == target.TypeDeclaration)
                        {
                            // The array has other uses and stays; its set goes right beside it.
                            if (!besideFields.TryGetValue(besideDeclaration, out List<MemberDeclarationSyntax>? beside))
                            {
                                beside = new List<MemberDeclarationSyntax>();
                                besideFields.Add(besideDeclaration, beside);
                            }

                            beside.Add(CreateField(target, fieldName, editor.Generator, layout.IndentationOf(besideDeclaration), layout.EndOfLine));
                        }
                        else if (target.TypeDeclaration is null)
                        {
                            topLevelFields.Add(CreateField(target, fieldName, editor.Generator, SyntaxFactory.TriviaList(SyntaxFactory.Whitespace(layout.IndentUnit)), layout.EndOfLine));
                        }
                        else
                        {
                            if (!newFields.TryGetValue(target.TypeDeclaration, out List<MemberDeclarationSyntax>? list))
                            {
                                list = new List<MemberDeclarationSyntax>();
                                newFields.Add(target.TypeDeclaration, list);
                            }

                            list.Add(CreateField(target, fieldName, editor.Generator, layout.MemberIndentation(target.TypeDeclaration), layout.EndOfLine));
                        }
                    }

                    cached.Add(cacheKey, fieldName);
                }

            return fieldName;
        }

        // Rewrites one search: with its set's field, or with one field per arm of a choice of sets.
        void RewriteSearch(Target target)
        {
            SearchSetMatch match = target.Match;
            if (ChoiceArms(match) is not { } choiceArms)
            {
                Rewrite(editor, target, SourceArrayField(match.SetValue) is { } array && replacedArrays.Contains(array) ? array.Name : FieldFor(target));
                return;
            }

            // cond ? A : B, kind switch { ... => A, _ => B }: one set per arm, then the choice between the sets.
            var arms = new Dictionary<SyntaxNode, string>();
            foreach (IOperation arm in choiceArms)
            {
                if (!SearchSetPattern.TryGetArmSet(arm, match.IsByte, cancellationToken, out string? armSet))
                    return;

                SearchSetMatch armMatch = match.WithArm(arm, SearchSetPattern.Distinct(armSet!));
                var armTarget = new Target(armMatch, target.UseSearchValues, target.FieldType, target.TypeDeclaration, target.ContainingType, target.ReceiverIsSpan);
                IFieldSymbol? armArray = SourceArrayField(armMatch.SetValue);
                string armName;
                if (armArray is not null && replacedArrays.Contains(armArray))
                {
                    armName = armArray.Name;
                }
                else if (armArray is not null && TryGetSoleDeclaration(armArray, root, cancellationToken, out FieldDeclarationSyntax? armDeclaration)
                    && IsMentionedOnlyWithin(armArray, match.ValuesArgument.Syntax, root, cancellationToken))
                {
                    // The array is used in this choice only: it becomes its set, in its place.
                    replacedArrays.Add(armArray);
                    editor.ReplaceNode(armDeclaration, ReplaceArrayDeclaration(armDeclaration, armTarget, editor.Generator));
                    armName = armArray.Name;
                }
                else
                {
                    armName = FieldFor(armTarget);
                }

                arms[armMatch.SetValue.Syntax] = armName;
            }

            var valuesArgument = (ArgumentSyntax)match.ValuesArgument.Syntax;
            ExpressionSyntax sets = valuesArgument.Expression.ReplaceNodes(
                arms.Keys,
                (original, _) => SyntaxFactory.IdentifierName(arms[original]).WithTriviaFrom(original));
            Rewrite(editor, target, sets);
        }

        foreach (Diagnostic diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
        {
            if (!TryFind(document, root, model, symbols, diagnostic, cancellationToken, out Target? target)
                || rewritten.Contains(target.Match.Invocation.Syntax))
            {
                continue;
            }

            // Arrays only ever searched (as the set, or an arm of a choice of sets) become their sets in place, and
            // every search with them is rewritten at once.
            SearchSetMatch match = target.Match;
            ImmutableArray<IOperation>? choiceArms = ChoiceArms(match);
            foreach (IOperation set in choiceArms ?? ImmutableArray.Create(match.SetValue))
            {
                if (SourceArrayField(set) is { } array
                    && !replacedArrays.Contains(array)
                    && TryPlanInPlace(array, target, root, model, symbols, cancellationToken, out InPlacePlan? plan))
                {
                    foreach (KeyValuePair<IFieldSymbol, (FieldDeclarationSyntax Declaration, Target Target)> replaced in plan.Arrays)
                    {
                        replacedArrays.Add(replaced.Key);
                        editor.ReplaceNode(replaced.Value.Declaration, ReplaceArrayDeclaration(replaced.Value.Declaration, replaced.Value.Target, editor.Generator));
                    }

                    foreach (Target use in plan.Uses)
                    {
                        if (rewritten.Add(use.Match.Invocation.Syntax))
                            RewriteSearch(use);
                    }
                }
            }

            if (rewritten.Add(match.Invocation.Syntax))
                RewriteSearch(target);
        }

        foreach (KeyValuePair<FieldDeclarationSyntax, List<MemberDeclarationSyntax>> pair in besideFields)
            editor.InsertAfter(pair.Key, pair.Value);

        foreach (KeyValuePair<TypeDeclarationSyntax, List<MemberDeclarationSyntax>> pair in newFields)
        {
            // Near the top of the type, after the sets already cached there: static fields initialise in text order,
            // and another static initializer may search. A blank line separates them from a member that is no field.
            List<MemberDeclarationSyntax> fields = pair.Value;
            editor.ReplaceNode(pair.Key, (node, _) =>
            {
                var type = (TypeDeclarationSyntax)node;
                int index = 0;
                while (index < type.Members.Count && IsCachedSetField(type.Members[index]))
                    index++;

                List<MemberDeclarationSyntax> inserted = fields;
                if (index < type.Members.Count
                    && type.Members[index] is not FieldDeclarationSyntax
                    && !type.Members[index].GetLeadingTrivia().FirstOrDefault().IsKind(SyntaxKind.EndOfLineTrivia))
                {
                    inserted = new List<MemberDeclarationSyntax>(fields);
                    MemberDeclarationSyntax last = inserted[inserted.Count - 1];
                    inserted[inserted.Count - 1] = last.WithTrailingTrivia(last.GetTrailingTrivia().Add(SyntaxFactory.EndOfLine(layout.EndOfLine)));
                }

                return type.WithMembers(type.Members.InsertRange(index, inserted));
            });
        }

        if (topLevelFields.Count > 0 && root is CompilationUnitSyntax unit)
        {
            // Top-level statements: the fields go to a partial class Program after them (C# lets its members be used).
            if (unit.Members.OfType<ClassDeclarationSyntax>().FirstOrDefault(c => c.Identifier.ValueText == "Program" && c.Modifiers.Any(SyntaxKind.PartialKeyword)) is { } program)
            {
                editor.ReplaceNode(program, (node, _) => ((ClassDeclarationSyntax)node).WithMembers(((ClassDeclarationSyntax)node).Members.InsertRange(0, topLevelFields)));
            }
            else
            {
                SyntaxTriviaList endOfLine = SyntaxFactory.TriviaList(SyntaxFactory.EndOfLine(layout.EndOfLine));
                ClassDeclarationSyntax newProgram = SyntaxFactory.ClassDeclaration(
                        default,
                        SyntaxFactory.TokenList(SyntaxFactory.Token(SyntaxFactory.TriviaList(SyntaxFactory.EndOfLine(layout.EndOfLine)), SyntaxKind.PartialKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space))),
                        SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.ClassKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space)),
                        SyntaxFactory.Identifier(SyntaxTriviaList.Empty, "Program", endOfLine),
                        null,
                        null,
                        default,
                        SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.OpenBraceToken, endOfLine),
                        SyntaxFactory.List(topLevelFields),
                        SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.CloseBraceToken, endOfLine),
                        default);
                MemberDeclarationSyntax last = unit.Members[unit.Members.Count - 1];
                if (!last.GetTrailingTrivia().Any(t => t.IsKind(SyntaxKind.EndOfLineTrivia)))
                    newProgram = newProgram.WithLeadingTrivia(SyntaxFactory.EndOfLine(layout.EndOfLine), SyntaxFactory.EndOfLine(layout.EndOfLine));

                editor.InsertAfter(last, newProgram);
            }
        }

        return editor.GetChangedDocument();
    }

    // private static readonly SearchValues<char> s_x = ...; / CharSearchSet / ByteSearchSet
    private static bool IsCachedSetField(MemberDeclarationSyntax member)
    {
        if (member is not FieldDeclarationSyntax field || !field.Modifiers.Any(SyntaxKind.StaticKeyword))
            return false;

        TypeSyntax type = field.Declaration.Type is QualifiedNameSyntax qualified ? qualified.Right : field.Declaration.Type;
        return type switch
        {
            GenericNameSyntax generic => generic.Identifier.ValueText == "SearchValues",
            IdentifierNameSyntax name => name.Identifier.ValueText is "CharSearchSet" or "ByteSearchSet",
            _ => false,
        };
    }

    /// <summary>The private static readonly array field the set is read from, if it is one.</summary>
    private static IFieldSymbol? SourceArrayField(SearchSetMatch match) => SourceArrayField(match.SetValue);

    private static IFieldSymbol? SourceArrayField(IOperation set)
    {
        while (set is IConversionOperation { IsImplicit: true } conversion)
            set = conversion.Operand;

        return set is IFieldReferenceOperation { Field: { IsStatic: true, IsReadOnly: true, Type: IArrayTypeSymbol } field } ? field : null;
    }

    /// <summary>Arrays that become their sets in place, each with a search seen through it, and every search with them.</summary>
    private sealed class InPlacePlan
    {
        public Dictionary<IFieldSymbol, (FieldDeclarationSyntax Declaration, Target Target)> Arrays { get; } = new(SymbolEqualityComparer.Default);

        public List<Target> Uses { get; } = new();
    }

    /// <summary>
    /// The array field can become the set itself: declared alone in this document, and every mention of it (all in this
    /// document) is the set of a search this fix rewrites to the same field type, or an arm of such a search's choice of
    /// sets (<c>cond ? s_a : s_b</c>, <c>kind switch { ... }</c>). The choice's other arrays must then become their
    /// sets too, and so on: <paramref name="plan"/> holds every array and every search of that closure.
    /// </summary>
    private static bool TryPlanInPlace(
        IFieldSymbol start,
        Target target,
        SyntaxNode root,
        SemanticModel model,
        SearchSetSymbols symbols,
        CancellationToken cancellationToken,
        [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out InPlacePlan? plan)
    {
        plan = null;
        var found = new InPlacePlan();
        var pending = new Queue<IFieldSymbol>();
        var seen = new HashSet<IFieldSymbol>(SymbolEqualityComparer.Default) { start };
        var searches = new HashSet<SyntaxNode>();
        pending.Enqueue(start);
        while (pending.Count > 0)
        {
            IFieldSymbol arrayField = pending.Dequeue();
            if (!TryGetSoleDeclaration(arrayField, root, cancellationToken, out FieldDeclarationSyntax? fieldDeclaration))
                return false;

            VariableDeclaratorSyntax declarator = fieldDeclaration.Declaration.Variables[0];
            Target? seenThrough = null;
            foreach (SyntaxReference reference in arrayField.ContainingType.DeclaringSyntaxReferences)
            {
                SyntaxNode typeSyntax = reference.GetSyntax(cancellationToken);
                foreach (SyntaxToken token in typeSyntax.DescendantTokens())
                {
                    if (!token.IsKind(SyntaxKind.IdentifierToken) || token.ValueText != arrayField.Name || token.Parent == declarator)
                        continue;

                    // A mention in another document (a partial declaration) cannot be rewritten with this one.
                    if (reference.SyntaxTree != root.SyntaxTree)
                        return false;

                    if (token.Parent is not IdentifierNameSyntax name)
                        return false;

                    if (!SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(name, cancellationToken).Symbol, arrayField))
                        continue;

                    if (name.FirstAncestorOrSelf<InvocationExpressionSyntax>(candidate => candidate.ArgumentList.Span.Contains(name.Span)) is not { } invocationSyntax
                        || model.GetOperation(invocationSyntax, cancellationToken) is not IInvocationOperation invocation
                        || SL1004UseCachedSearchValuesAnalyzer.IsInExpressionTree(invocation)
                        || !SearchSetPattern.TryMatch(invocation, symbols, cancellationToken, out SearchSetMatch? match)
                        || !match.ValuesArgument.Syntax.Span.Contains(name.Span)
                        || !ArgumentsInParameterOrder(match)
                        || invocationSyntax.FirstAncestorOrSelf<TypeDeclarationSyntax>() is not { } useType
                        || model.GetDeclaredSymbol(useType, cancellationToken) is not INamedTypeSymbol useContainingType)
                    {
                        return false;
                    }

                    // Every use must search with the same field type: SearchValues cannot take a start index or count.
                    bool useSearchValues = target.UseSearchValues && match.RangeArguments.IsEmpty;
                    if (useSearchValues != target.UseSearchValues
                        || (!target.UseSearchValues && symbols.HasSearchValues && !target.Match.RangeArguments.IsEmpty && match.RangeArguments.IsEmpty)
                        || (!useSearchValues && !match.IsStringMethod && !symbols.RuntimeSetTakesSpans(match.IsByte)))
                    {
                        return false;
                    }

                    var use = new Target(match, useSearchValues, target.FieldType, useType, useContainingType, match.ReceiverIsSpan(symbols));
                    if (SymbolEqualityComparer.Default.Equals(SourceArrayField(match), arrayField))
                    {
                        seenThrough ??= use;
                    }
                    else if (ChoiceArms(match) is { } arms && CanRewriteChoice(match))
                    {
                        // An arm of a choice of sets: the choice is rewritten whole, so its other arrays go too.
                        bool isArm = false;
                        foreach (IOperation arm in arms)
                        {
                            if (!SearchSetPattern.TryGetArmSet(arm, match.IsByte, cancellationToken, out string? armSet))
                                return false;

                            IFieldSymbol? armArray = SourceArrayField(arm);
                            if (SymbolEqualityComparer.Default.Equals(armArray, arrayField))
                            {
                                isArm = true;
                                seenThrough ??= new Target(match.WithArm(arm, SearchSetPattern.Distinct(armSet!)), useSearchValues, target.FieldType, useType, useContainingType, use.ReceiverIsSpan);
                            }
                            else if (armArray is not null && seen.Add(armArray))
                            {
                                pending.Enqueue(armArray);
                            }
                        }

                        if (!isArm)
                            return false;
                    }
                    else
                    {
                        return false;
                    }

                    if (searches.Add(invocationSyntax))
                        found.Uses.Add(use);
                }
            }

            if (seenThrough is null)
                return false;

            found.Arrays.Add(arrayField, (fieldDeclaration, seenThrough));
        }

        plan = found;
        return true;
    }

    /// <summary>
    /// <c>private static readonly char[] s_x = { ... };</c> becomes <c>private static readonly CharSearchSet s_x =
    /// CharSearchSet.Create("...");</c> on one line; comments written among the elements follow the semicolon.
    /// </summary>
    private static FieldDeclarationSyntax ReplaceArrayDeclaration(FieldDeclarationSyntax declaration, Target target, SyntaxGenerator generator)
    {
        VariableDeclarationSyntax variables = declaration.Declaration;
        VariableDeclaratorSyntax declarator = variables.Variables[0];
        TypeSyntax type = FieldTypeSyntax(target, generator).WithTriviaFrom(variables.Type);
        EqualsValueClauseSyntax initializer = declarator.Initializer!;
        var comments = new List<SyntaxTrivia>();
        foreach (SyntaxTrivia trivia in initializer.Value.DescendantTrivia())
        {
            if (trivia.IsKind(SyntaxKind.SingleLineCommentTrivia) || trivia.IsKind(SyntaxKind.MultiLineCommentTrivia))
            {
                comments.Add(SyntaxFactory.Space);
                comments.Add(trivia);
            }
        }

        ExpressionSyntax create = CreateExpression(target, generator);
        SyntaxToken semicolon = declaration.SemicolonToken;
        if (comments.Count > 0)
            semicolon = semicolon.WithTrailingTrivia(SyntaxFactory.TriviaList(comments).AddRange(semicolon.TrailingTrivia.SkipWhile(t => t.IsKind(SyntaxKind.WhitespaceTrivia))));

        return declaration
            .WithDeclaration(variables
                .WithType(type)
                .WithVariables(SyntaxFactory.SingletonSeparatedList(declarator
                    .WithIdentifier(declarator.Identifier.WithTrailingTrivia(SyntaxFactory.Space))
                    .WithInitializer(initializer
                        .WithEqualsToken(initializer.EqualsToken.WithTrailingTrivia(SyntaxFactory.Space))
                        .WithValue(create)))))
            .WithSemicolonToken(semicolon);
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
            || (IsChoiceOfSets(match) && !CanRewriteChoice(match))
            || !ArgumentsInParameterOrder(match))
        {
            return false;
        }

        TypeDeclarationSyntax? typeDeclaration = invocationSyntax.FirstAncestorOrSelf<TypeDeclarationSyntax>();
        INamedTypeSymbol? containingType;
        if (typeDeclaration is null)
        {
            // A top-level statement: the members go to the program's own class.
            if (invocationSyntax.FirstAncestorOrSelf<GlobalStatementSyntax>() is null
                || model.GetEnclosingSymbol(invocationSyntax.SpanStart, cancellationToken)?.ContainingType is not { } program)
            {
                return false;
            }

            containingType = program;
        }
        else if (typeDeclaration.IsKind(SyntaxKind.InterfaceDeclaration)
            || model.GetDeclaredSymbol(typeDeclaration, cancellationToken) is not INamedTypeSymbol declared)
        {
            return false;
        }
        else
        {
            containingType = declared;
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

    /// <summary>
    /// <c>text.IndexOfAny(cond ? A : B)</c> becomes <c>(cond ? s_a : s_b).IndexOfAny(text)</c>, and
    /// <c>text.IndexOfAny(kind switch { ... => A, _ => B })</c> becomes <c>(kind switch { ... => s_a, _ => s_b }).IndexOfAny(text)</c>,
    /// which evaluate the condition (the switched value, the patterns and guards) before the text: so the text must be
    /// a local or parameter, and the condition made of locals, parameters, fields, constants, operators and patterns
    /// without property reads only (nothing it evaluates can change the text or have an effect).
    /// </summary>
    private static bool CanRewriteChoice(SearchSetMatch match)
    {
        IOperation receiver = match.Receiver;
        while (receiver is IConversionOperation { IsImplicit: true } conversion)
            receiver = conversion.Operand;

        if (receiver is not (ILocalReferenceOperation or IParameterReferenceOperation))
            return false;

        switch (match.SetValue)
        {
            case IConditionalOperation { WhenFalse: not null } choice:
                return HasNoEffects(choice.Condition);
            case ISwitchExpressionOperation { Arms.Length: > 0 } choice:
                if (!HasNoEffects(choice.Value))
                    return false;

                foreach (ISwitchExpressionArmOperation arm in choice.Arms)
                {
                    if (!HasNoEffects(arm.Pattern) || (arm.Guard is not null && !HasNoEffects(arm.Guard)))
                        return false;
                }

                return true;
            default:
                return false;
        }
    }

    // kind == 1 && !flag, kind is 0 or > 3: reads of locals, parameters and fields, constants, built-in operators, patterns.
    private static bool HasNoEffects(IOperation condition)
    {
        foreach (IOperation operation in condition.DescendantsAndSelf())
        {
            switch (operation)
            {
                case ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation or ILiteralOperation or IInstanceReferenceOperation:
                case IConversionOperation { OperatorMethod: null }:
                case IBinaryOperation { OperatorMethod: null }:
                case IUnaryOperation { OperatorMethod: null }:
                case IIsPatternOperation:
                case IConstantPatternOperation or IRelationalPatternOperation or ITypePatternOperation or IDiscardPatternOperation:
                case IDeclarationPatternOperation or IBinaryPatternOperation or INegatedPatternOperation:
                    continue;
                default:
                    return false;
            }
        }

        return true;
    }

    /// <summary>The arms of a choice of sets, in source order; null when the set is not a choice.</summary>
    private static ImmutableArray<IOperation>? ChoiceArms(SearchSetMatch match)
        => match.SetValue switch
        {
            IConditionalOperation { WhenFalse: { } whenFalse } choice => ImmutableArray.Create(choice.WhenTrue, whenFalse),
            ISwitchExpressionOperation choice => choice.Arms.Select(arm => arm.Value).ToImmutableArray(),
            _ => null,
        };

    private static bool TryGetSoleDeclaration(IFieldSymbol field, SyntaxNode root, CancellationToken cancellationToken, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out FieldDeclarationSyntax? declaration)
    {
        declaration = null;
        if (field.DeclaringSyntaxReferences.Length != 1
            || field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax declarator
            || declarator.SyntaxTree != root.SyntaxTree
            || declarator.Parent is not VariableDeclarationSyntax { Variables.Count: 1 }
            || declarator.Parent.Parent is not FieldDeclarationSyntax fieldDeclaration)
        {
            return false;
        }

        declaration = fieldDeclaration;
        return true;
    }

    /// <summary>Every mention of the field's name in its type, but its declaration, lies inside <paramref name="scope"/>.</summary>
    private static bool IsMentionedOnlyWithin(IFieldSymbol field, SyntaxNode scope, SyntaxNode root, CancellationToken cancellationToken)
    {
        foreach (SyntaxReference reference in field.ContainingType.DeclaringSyntaxReferences)
        {
            foreach (SyntaxToken token in reference.GetSyntax(cancellationToken).DescendantTokens())
            {
                if (!token.IsKind(SyntaxKind.IdentifierToken) || token.ValueText != field.Name || token.Parent is VariableDeclaratorSyntax)
                    continue;

                if (reference.SyntaxTree != root.SyntaxTree || !scope.Span.Contains(token.Span))
                    return false;
            }
        }

        return true;
    }

    // text.IndexOfAny(cond ? A : B), text.IndexOfAny(kind switch { ... }): one set per arm.
    private static bool IsChoiceOfSets(SearchSetMatch match) => match.SetValue is IConditionalOperation or ISwitchExpressionOperation;

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

    /// <summary><c>SearchValues.Create("...")</c> or <c>CharSearchSet.Create("...")</c>.</summary>
    private static ExpressionSyntax CreateExpression(Target target, SyntaxGenerator generator)
    {
        SearchSetMatch match = target.Match;
        ITypeSymbol factoryType = target.UseSearchValues ? target.FieldType.ContainingNamespace.GetTypeMembers("SearchValues", 0).First() : target.FieldType;
        var factory = (ExpressionSyntax)generator.TypeExpression(factoryType)
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        ExpressionSyntax values = match.IsByte ? ByteArray(match.Values) : StringLiteral(match.Values);
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
                                CreateExpression(target, generator))))))
            .WithModifiers(SyntaxFactory.TokenList(
                SyntaxFactory.Token(indentation, SyntaxKind.PrivateKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space)),
                SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.StaticKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space)),
                SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.ReadOnlyKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space))))
            .WithSemicolonToken(SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.SemicolonToken, SyntaxFactory.TriviaList(SyntaxFactory.EndOfLine(endOfLine))));
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

    /// <summary>
    /// Named for what the set is: from the array it was read from (<c>s_invalid</c> gives <c>s_invalidSet</c>), from its
    /// members (<c>s_whitespace</c>, <c>s_digits</c>, <c>s_separators</c>...), or from the member that searches with it
    /// (<c>s_escapeXmlSeparators</c>), whichever is free first; a number is the last resort.
    /// </summary>
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
        string kindWord = (kind ?? "chars") + (match.IsByte ? "Bytes" : string.Empty);
        if (match.IsByte && kind is null)
            kindWord = "bytes";

        var candidates = new List<string>();
        if (FromSourceField(match) is { } fromField)
            candidates.Add("s_" + fromField);
        if (match.SetValue is IPropertyReferenceOperation { Property.Name: { Length: > 0 } propertyName })
            candidates.Add("s_" + char.ToLowerInvariant(propertyName[0]) + propertyName.Substring(1));
        if (ArmLabel(match) is { } label)
            candidates.Add("s_" + char.ToLowerInvariant(label[0]) + label.Substring(1) + char.ToUpperInvariant(kindWord[0]) + kindWord.Substring(1));
        if (kind is not null)
            candidates.Add("s_" + kindWord);
        if (ContainingMemberName(match) is { Length: >= 3 } member)
            candidates.Add("s_" + char.ToLowerInvariant(member[0]) + member.Substring(1) + char.ToUpperInvariant(kindWord[0]) + kindWord.Substring(1));

        string fallback = match.IsByte
            ? (useSearchValues ? "s_byteSearchValues" : "s_byteSearchSet")
            : (useSearchValues ? "s_searchValues" : "s_searchSet");
        candidates.Add(fallback);
        foreach (string candidate in candidates)
        {
            if (!taken.Contains(candidate))
                return candidate;
        }

        string name = candidates[0];
        for (int suffix = 2; taken.Contains(name); suffix++)
            name = candidates[0] + suffix.ToString(CultureInfo.InvariantCulture);

        return name;
    }

    // kind switch { Kind.Xml or Kind.Html => "...", Quoted => "..." }: the arm's first constant names its set
    // (s_xmlSeparators, s_quotedSeparators).
    private static string? ArmLabel(SearchSetMatch match)
    {
        SyntaxNode? value = match.SetValue.Syntax;
        while (value?.Parent is ParenthesizedExpressionSyntax parenthesized)
            value = parenthesized;

        if (value?.Parent is not SwitchExpressionArmSyntax arm || arm.Expression != value)
            return null;

        PatternSyntax pattern = arm.Pattern;
        while (pattern is BinaryPatternSyntax binary && binary.IsKind(SyntaxKind.OrPattern))
            pattern = binary.Left;

        string? label = pattern is ConstantPatternSyntax constant
            ? constant.Expression switch
            {
                MemberAccessExpressionSyntax member => member.Name.Identifier.ValueText,
                IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
                _ => null,
            }
            : null;
        return label is { Length: > 0 } && SyntaxFacts.IsValidIdentifier(label) ? label : null;
    }

    // The method, property, constructor or local function the search is written in, for a name.
    private static string? ContainingMemberName(SearchSetMatch match)
    {
        foreach (SyntaxNode node in match.Invocation.Syntax.Ancestors())
        {
            switch (node)
            {
                case LocalFunctionStatementSyntax local: return local.Identifier.ValueText;
                case MethodDeclarationSyntax method: return method.Identifier.ValueText;
                case PropertyDeclarationSyntax property: return property.Identifier.ValueText;
                case IndexerDeclarationSyntax: return "indexer";
                case ConstructorDeclarationSyntax: return "constructor";
                case OperatorDeclarationSyntax: return "operator";
                case TypeDeclarationSyntax: return null;
            }
        }

        return null;
    }

    // s_invalidChars (a char[] field) names its cached set s_invalidCharsSet.
    private static string? FromSourceField(SearchSetMatch match)
    {
        if (match.SetValue is not IFieldReferenceOperation { Field.Name: { Length: > 0 } fieldName })
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
