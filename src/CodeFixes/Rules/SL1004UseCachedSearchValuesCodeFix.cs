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
public sealed partial class SL1004UseCachedSearchValuesCodeFix : DocumentCodeFixProvider
{
    private const string CacheInStaticField = "SL1004.CacheInStaticField";

    /// <summary>The symbol the SDK defines for .NET 8 and later targets, the first with SearchValues.</summary>
    private const string Net8OrLater = "NET8_0_OR_GREATER";

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
        public Target(SearchSetMatch match, bool useSearchValues, INamedTypeSymbol fieldType, TypeDeclarationSyntax? typeDeclaration, INamedTypeSymbol containingType, bool receiverIsSpan, SL1004ConditionalPlacement? placement)
        {
            Placement = placement;
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
        /// <summary>Where the field goes when the search is under <c>#if</c>; null elsewhere.</summary>
        public SL1004ConditionalPlacement? Placement { get; }
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
        FieldNamingStyle naming = FieldNamingStyle.ForPrivateStaticReadonlyField(document.Project.AnalyzerOptions, root.SyntaxTree);

        // (type, field type, set) -> field name, for fields found or added in this pass.
        var cached = new Dictionary<(INamedTypeSymbol, INamedTypeSymbol, string), string>(new CacheKeyComparer());
        var newFields = new Dictionary<TypeDeclarationSyntax, List<MemberDeclarationSyntax>>();
        var conditionalFields = new Dictionary<TypeDeclarationSyntax, List<(SL1004ConditionalPlacement, MemberDeclarationSyntax)>>();
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
                string key = SetKey(match.Values) + (target.Placement is null ? string.Empty : "#" + target.Placement.Key);
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

                        fieldName = ChooseName(match, target.UseSearchValues, taken, naming);
                        taken.Add(fieldName);
                        if (target.Placement is not null && target.TypeDeclaration is not null)
                        {
                            if (!conditionalFields.TryGetValue(target.TypeDeclaration, out List<(SL1004ConditionalPlacement, MemberDeclarationSyntax)>? conditional))
                            {
                                conditional = new List<(SL1004ConditionalPlacement, MemberDeclarationSyntax)>();
                                conditionalFields.Add(target.TypeDeclaration, conditional);
                            }

                            conditional.Add((target.Placement, CreateField(target, fieldName, editor.Generator, layout.MemberIndentation(target.TypeDeclaration), layout.EndOfLine)));
                        }
                        else if (arrayField is not null
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
                var armTarget = new Target(armMatch, target.UseSearchValues, target.FieldType, target.TypeDeclaration, target.ContainingType, target.ReceiverIsSpan, target.Placement);
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

        foreach (TypeDeclarationSyntax conditionalOnly in conditionalFields.Keys.Where(type => !newFields.ContainsKey(type)))
            newFields.Add(conditionalOnly, new List<MemberDeclarationSyntax>());

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
                if (fields.Count == 0)
                    return InsertConditionalFields(type, conditionalFields[pair.Key], 0, layout.EndOfLine);

                if (index < type.Members.Count
                    && type.Members[index] is not FieldDeclarationSyntax
                    && !type.Members[index].GetLeadingTrivia().FirstOrDefault().IsKind(SyntaxKind.EndOfLineTrivia))
                {
                    inserted = new List<MemberDeclarationSyntax>(fields);
                    MemberDeclarationSyntax last = inserted[inserted.Count - 1];
                    inserted[inserted.Count - 1] = last.WithTrailingTrivia(last.GetTrailingTrivia().Add(SyntaxFactory.EndOfLine(layout.EndOfLine)));
                }

                type = type.WithMembers(type.Members.InsertRange(index, inserted));
                return conditionalFields.TryGetValue(pair.Key, out List<(SL1004ConditionalPlacement, MemberDeclarationSyntax)>? conditional)
                    ? InsertConditionalFields(type, conditional, inserted.Count, layout.EndOfLine)
                    : type;
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
            || (SL1004FixShape.IsChoiceOfSets(match) && !SL1004FixShape.CanRewriteChoice(match))
            || !SL1004FixShape.ArgumentsInParameterOrder(match))
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

        // A search under #if: its field goes in the search's region, or the fix is not offered (see SL1004ConditionalPlacement).
        SL1004ConditionalPlacement? placement = SL1004ConditionalPlacement.Of(invocationSyntax, typeDeclaration, out bool placeable);
        if (!placeable)
            return false;

        // SearchValues only where every target of the project has it: without the package's props the analyzer of a
        // net8.0 target cannot see that the project also builds for netstandard2.0, whose fix writes the runtime's set.
        bool useSearchValues = rewrite == SL1004UseCachedSearchValuesAnalyzer.RewriteSearchValues
            && LinkedTargets.EveryOtherDefines(document, Net8OrLater);
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

        target = new Target(match, useSearchValues, fieldType, typeDeclaration, containingType, match.ReceiverIsSpan(symbols), placement);
        return true;
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
