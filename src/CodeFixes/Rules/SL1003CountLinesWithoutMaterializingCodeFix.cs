using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using Streamline.Analyzers;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

/// <summary>
/// SL1003: rewrites a count of materialised lines into <c>Streamline.Runtime.LineCounter</c>, keeping the path, the
/// encoding, the cancellation token, <c>ConfigureAwait</c> and the result type (int stays int, long stays long).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(SL1003CountLinesWithoutMaterializingCodeFix))]
public sealed class SL1003CountLinesWithoutMaterializingCodeFix : DocumentCodeFixProvider
{
    private const string EquivalenceKey = "SL1003.CountWithLineCounter";

    public SL1003CountLinesWithoutMaterializingCodeFix()
        : base("SL1003FixTitle", EquivalenceKey)
    {
    }

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RuleIds.CountLinesWithoutMaterializing);

    protected override bool CanFix(Document document, SyntaxNode root, SemanticModel model, Diagnostic diagnostic, CancellationToken cancellationToken)
        => TryFindMatch(document, root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true), model, cancellationToken, out _, out _);

    protected override Task<Document> FixAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
        => ApplyAsync(document, diagnostics, cancellationToken);

    private static async Task<Document> ApplyAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        SyntaxNode? root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        SemanticModel? model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
            return document;

        DocumentEditor editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var replacedSpans = new List<Microsoft.CodeAnalysis.Text.TextSpan>();

        // Outermost first: a diagnostic nested inside another's rewrite waits for the next Fix All pass.
        foreach (Diagnostic diagnostic in diagnostics.OrderByDescending(d => d.Location.SourceSpan.Length))
        {
            var span = diagnostic.Location.SourceSpan;
            if (replacedSpans.Any(replaced => replaced.Contains(span)))
                continue;

            SyntaxNode node = root.FindNode(span, getInnermostNodeForTie: true);
            if (!TryFindMatch(document, node, model, cancellationToken, out LineCountMatch? match, out INamedTypeSymbol? lineCounter))
                continue;

            bool isLong = match.IsLong == true;
            ExpressionSyntax count = BuildCount(editor.Generator, match, lineCounter, isLong);
            if (match.Shape == LineCountShape.Chain)
            {
                SyntaxNode replaced = match.Reported.Syntax;
                editor.ReplaceNode(replaced, Parenthesize(count).WithTriviaFrom(replaced));
                replacedSpans.Add(replaced.Span);
            }
            else
            {
                SyntaxNode statement = match.Read.Syntax.Ancestors().First(n => n is VariableDeclarationSyntax);
                ApplyLocal(editor, model, match, count, isLong, cancellationToken);
                replacedSpans.Add(statement.Span);
                replacedSpans.AddRange(match.LocalUses.Select(use => use.Syntax.Span));
            }
        }

        return await UnusedUsings.RemoveMadeUnusedAsync(document, editor.GetChangedDocument(), cancellationToken).ConfigureAwait(false);
    }

    /// <summary><c>LineCounter.Count(args)</c>, or <c>await LineCounter.CountAsync(args)[.ConfigureAwait(x)]</c>.</summary>
    private static ExpressionSyntax BuildCount(SyntaxGenerator generator, LineCountMatch match, INamedTypeSymbol lineCounter, bool isLong)
    {
        var readSyntax = (InvocationExpressionSyntax)match.Read.Syntax;
        string methodName = (isLong ? "CountLong" : "Count") + (match.IsAsync ? "Async" : string.Empty);
        var counterType = (ExpressionSyntax)generator.TypeExpression(lineCounter)
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        ExpressionSyntax call = SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(
                SyntaxKind.SimpleMemberAccessExpression,
                counterType,
                SyntaxFactory.IdentifierName(methodName)),
            readSyntax.ArgumentList);

        if (!match.IsAsync)
            return call;

        if (match.ConfigureAwait is { Syntax: InvocationExpressionSyntax configureSyntax }
            && configureSyntax.Expression is MemberAccessExpressionSyntax configureAccess)
        {
            call = configureSyntax.WithExpression(configureAccess.WithExpression(call));
        }

        return SyntaxFactory.AwaitExpression(call);
    }

    private static ExpressionSyntax Parenthesize(ExpressionSyntax expression)
        => expression is AwaitExpressionSyntax
            ? SyntaxFactory.ParenthesizedExpression(expression).WithAdditionalAnnotations(Simplifier.Annotation)
            : expression;

    /// <summary>
    /// <c>string[] lines = File.ReadAllLines(p); Use(lines.Length);</c> becomes
    /// <c>int lineCount = LineCounter.Count(p); Use(lineCount);</c>.
    /// </summary>
    private static void ApplyLocal(
        DocumentEditor editor,
        SemanticModel model,
        LineCountMatch match,
        ExpressionSyntax count,
        bool isLong,
        CancellationToken cancellationToken)
    {
        var declarator = (VariableDeclaratorSyntax)match.Read.Syntax.Ancestors().First(n => n is VariableDeclaratorSyntax);
        var declaration = (VariableDeclarationSyntax)declarator.Parent!;
        string name = ChooseName(model, declarator, match.Local!, cancellationToken);

        VariableDeclaratorSyntax newDeclarator = declarator
            .WithIdentifier(SyntaxFactory.Identifier(name).WithTriviaFrom(declarator.Identifier))
            .WithInitializer(declarator.Initializer!.WithValue(count.WithTriviaFrom(declarator.Initializer.Value)));
        TypeSyntax type = declaration.Type.IsVar
            ? declaration.Type
            : SyntaxFactory.PredefinedType(SyntaxFactory.Token(isLong ? SyntaxKind.LongKeyword : SyntaxKind.IntKeyword))
                .WithTriviaFrom(declaration.Type);
        editor.ReplaceNode(declaration, declaration.WithType(type).WithVariables(SyntaxFactory.SingletonSeparatedList(newDeclarator)));

        foreach (IOperation use in match.LocalUses)
            editor.ReplaceNode(use.Syntax, SyntaxFactory.IdentifierName(name).WithTriviaFrom(use.Syntax));
    }

    /// <summary><c>lines</c> becomes <c>lineCount</c>, <c>fileLines</c> becomes <c>fileLineCount</c>; a clash gets a number.</summary>
    private static string ChooseName(SemanticModel model, VariableDeclaratorSyntax declarator, ILocalSymbol local, CancellationToken cancellationToken)
    {
        string original = local.Name;
        string baseName = "lineCount";
        const string Suffix = "Lines";
        if (original.Length > Suffix.Length && original.EndsWith(Suffix, System.StringComparison.Ordinal))
            baseName = original.Substring(0, original.Length - Suffix.Length) + "LineCount";

        var taken = new HashSet<string>(System.StringComparer.Ordinal);
        SyntaxNode scope = declarator.Ancestors().FirstOrDefault(n => n is MemberDeclarationSyntax or CompilationUnitSyntax) ?? declarator;
        foreach (SyntaxNode node in scope.DescendantNodes())
        {
            if (node is VariableDeclaratorSyntax other && !other.Equals(declarator))
                taken.Add(other.Identifier.ValueText);
            else if (node is ParameterSyntax parameter)
                taken.Add(parameter.Identifier.ValueText);
            else if (node is SingleVariableDesignationSyntax designation)
                taken.Add(designation.Identifier.ValueText);
            else if (node is LocalFunctionStatementSyntax localFunction)
                taken.Add(localFunction.Identifier.ValueText);
            else if (node is ForEachStatementSyntax forEach)
                taken.Add(forEach.Identifier.ValueText);
        }

        foreach (ISymbol symbol in model.LookupSymbols(declarator.SpanStart))
            taken.Add(symbol.Name);

        taken.Remove(original);
        string name = baseName;
        for (int suffix = 1; taken.Contains(name); suffix++)
            name = baseName + suffix.ToString(System.Globalization.CultureInfo.InvariantCulture);

        cancellationToken.ThrowIfCancellationRequested();
        return name;
    }

    /// <summary>Re-finds the analyzer's match at the diagnostic's node and checks the runtime offers the rewrite.</summary>
    private static bool TryFindMatch(
        Document document,
        SyntaxNode node,
        SemanticModel model,
        CancellationToken cancellationToken,
        [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out LineCountMatch? match,
        [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out INamedTypeSymbol? lineCounter)
    {
        match = null;
        lineCounter = RuntimeTypes.LineCounter(document, model.Compilation);
        if (lineCounter is null || !LineCountSymbols.TryCreate(model.Compilation, out LineCountSymbols? symbols))
            return false;

        foreach (InvocationExpressionSyntax candidate in node.DescendantNodesAndSelf().OfType<InvocationExpressionSyntax>())
        {
            if (model.GetOperation(candidate, cancellationToken) is not IInvocationOperation read
                || !LineCountPattern.TryMatch(read, symbols, out LineCountMatch? found)
                || found.Reported.Syntax != node)
            {
                continue;
            }

            if (!SL1003CountLinesWithoutMaterializingAnalyzer.CanFix(found))
                return false;

            string methodName = (found.IsLong == true ? "CountLong" : "Count") + (found.IsAsync ? "Async" : string.Empty);
            if (lineCounter.GetMembers(methodName).IsEmpty)
                return false;

            match = found;
            return true;
        }

        return false;
    }
}
