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
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using Streamline.Analyzers.Evidence;
using Streamline.Analyzers;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

/// <summary>
/// SL1001, two fixes, each registered only where the analyzer proved it keeps the program's behaviour:
/// <code>
/// while ((n = s.Read(b, 0, 4)) &gt; 0) { ...; s.Position += 3; }
///   -> using (var skipReader = new SkipReader(s, leaveOpen: true)) { while ((n = skipReader.Read(b, 0, 4)) &gt; 0) { ...; skipReader.Skip(3); } }
/// s.Position += 3;   ->   s.Seek(3, SeekOrigin.Current);      (.NET Framework, Mono, netstandard)
/// </code>
/// A diagnostic's first action is the reader where its loop can run over one, and Seek elsewhere; every first action
/// shares one equivalence key, so Fix All under it gives each site its first action. <c>dotnet format</c> takes the
/// first action of the first diagnostic and fixes everything under that action's key, so one run fixes every site the
/// way fixing each alone would, whichever site comes first. Seek offered second, beside the reader, has its own key.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(SL1001SeekInsteadOfPositionAdvanceCodeFix))]
public sealed class SL1001SeekInsteadOfPositionAdvanceCodeFix : CodeFixProvider
{
    private const string FirstFixKey = "SL1001.SkipReaderOrSeek";
    private const string UseSeekKey = "SL1001.UseSeek";
    private const string ReaderName = "skipReader";

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RuleIds.SeekInsteadOfPositionAdvance, RuleIds.SeekInsteadOfPositionAdvanceSuggestion);

    public override FixAllProvider GetFixAllProvider() => FixAllProvider.Create(
        static (context, document, diagnostics) => ApplyAsync(document, diagnostics, seekOnly: context.CodeActionEquivalenceKey == UseSeekKey, context.CancellationToken)!);

    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        SemanticModel? model = await context.Document.GetSemanticModelAsync(context.CancellationToken).ConfigureAwait(false);
        bool hasReader = model is not null && RuntimeTypes.SkipReader(context.Document, model.Compilation) is not null;
        foreach (Diagnostic diagnostic in context.Diagnostics)
        {
            bool reader = hasReader && Has(diagnostic, SL1001SeekInsteadOfPositionAdvanceAnalyzer.CanUseReaderProperty);
            if (reader)
            {
                context.RegisterCodeFix(
                    CodeAction.Create(
                        Analyzers.Resources.Get("SL1001FixTitle"),
                        ct => ApplyAsync(context.Document, ImmutableArray.Create(diagnostic), seekOnly: false, ct),
                        FirstFixKey),
                    diagnostic);
            }

            if (Has(diagnostic, SL1001SeekInsteadOfPositionAdvanceAnalyzer.CanSeekProperty))
            {
                context.RegisterCodeFix(
                    CodeAction.Create(
                        Analyzers.Resources.Get("SL1001SeekFixTitle"),
                        ct => ApplyAsync(context.Document, ImmutableArray.Create(diagnostic), seekOnly: true, ct),
                        reader ? UseSeekKey : FirstFixKey),
                    diagnostic);
            }
        }
    }

    private static bool Has(Diagnostic diagnostic, string property)
        => diagnostic.Properties.TryGetValue(property, out string? value) && value == "true";

    /// <summary>
    /// With <paramref name="seekOnly"/>, Seek wherever it is proven; otherwise each diagnostic's first action: the
    /// reader where its loop can run over one, Seek elsewhere. A Seek inside a loop the reader takes over is made in
    /// the same rewrite of the loop, so both land.
    /// </summary>
    private static async Task<Document> ApplyAsync(Document document, ImmutableArray<Diagnostic> diagnostics, bool seekOnly, CancellationToken cancellationToken)
        => await LineEndings.KeepAsync(document, await RewriteAsync(document, diagnostics, seekOnly, cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false);

    private static async Task<Document> RewriteAsync(Document document, ImmutableArray<Diagnostic> diagnostics, bool seekOnly, CancellationToken cancellationToken)
    {
        SyntaxNode? root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        SemanticModel? model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null || !SL1001SeekInsteadOfPositionAdvanceAnalyzer.Symbols.TryCreate(model.Compilation, out var symbols))
            return document;

        INamedTypeSymbol? skipReader = seekOnly ? null : RuntimeTypes.SkipReader(document, model.Compilation);
        DocumentEditor editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var readerLoops = new List<(SL1001PositionAdvance Advance, IWhileLoopOperation Loop)>();
        var seeks = new List<SL1001PositionAdvance>();
        var rewrittenLoops = new HashSet<SyntaxNode>();
        foreach (Diagnostic diagnostic in diagnostics)
        {
            SyntaxNode node = root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true);
            if (model.GetOperation(node, cancellationToken) is not { } operation
                || !SL1001PositionAdvance.TryMatch(operation, symbols.Stream, out SL1001PositionAdvance? advance))
            {
                continue;
            }

            if (skipReader is not null && Has(diagnostic, SL1001SeekInsteadOfPositionAdvanceAnalyzer.CanUseReaderProperty))
            {
                if (LoopContext.EnclosingLoop(advance.Operation) is IWhileLoopOperation loop && rewrittenLoops.Add(loop.Syntax))
                    readerLoops.Add((advance, loop));
            }
            else if (Has(diagnostic, SL1001SeekInsteadOfPositionAdvanceAnalyzer.CanSeekProperty) && symbols.SeekOrigin is not null)
            {
                seeks.Add(advance);
            }
        }

        var seeksInReaderLoops = new HashSet<SL1001PositionAdvance>();
        foreach ((SL1001PositionAdvance advance, IWhileLoopOperation loop) in readerLoops)
        {
            var inside = new Dictionary<SyntaxNode, SyntaxNode>();
            foreach (SL1001PositionAdvance seek in seeks)
            {
                if (loop.Syntax.Span.Contains(seek.Operation.Syntax.Span) && SeekSyntax(editor.Generator, seek, symbols.SeekOrigin!) is { } seekSyntax)
                    inside[seek.Operation.Syntax] = seekSyntax;
            }

            if (ReplaceWithReader(editor, model, advance, loop, skipReader!, symbols, inside, cancellationToken))
                seeksInReaderLoops.UnionWith(seeks.Where(seek => inside.ContainsKey(seek.Operation.Syntax)));
        }

        foreach (SL1001PositionAdvance seek in seeks)
        {
            if (!seeksInReaderLoops.Contains(seek) && SeekSyntax(editor.Generator, seek, symbols.SeekOrigin!) is { } seekSyntax)
                editor.ReplaceNode(seek.Operation.Syntax, seekSyntax);
        }

        return editor.GetChangedDocument();
    }

    /// <summary><c>stream.Seek(offset, SeekOrigin.Current)</c> in place of the advance, with its trivia.</summary>
    private static SyntaxNode? SeekSyntax(SyntaxGenerator generator, SL1001PositionAdvance advance, INamedTypeSymbol seekOrigin)
    {
        if (advance.Position.Syntax is not MemberAccessExpressionSyntax { Expression: var stream })
            return null;

        var origin = (ExpressionSyntax)generator.MemberAccessExpression(
            generator.TypeExpression(seekOrigin).WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation),
            "Current");
        InvocationExpressionSyntax seek = SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, stream.WithoutTrivia(), SyntaxFactory.IdentifierName("Seek")),
            SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(new[]
            {
                SyntaxFactory.Argument(OffsetSyntax(advance)),
                SyntaxFactory.Argument(origin),
            })));
        return seek.WithTriviaFrom(advance.Operation.Syntax);
    }

    /// <summary>Runs the loop over a reader; <paramref name="seeksInside"/> are other streams' Seek rewrites made in
    /// the same new loop. False when the loop is not the shape the analyzer proved.</summary>
    private static bool ReplaceWithReader(
        DocumentEditor editor,
        SemanticModel model,
        SL1001PositionAdvance advance,
        IWhileLoopOperation loop,
        INamedTypeSymbol skipReader,
        SL1001SeekInsteadOfPositionAdvanceAnalyzer.Symbols symbols,
        IReadOnlyDictionary<SyntaxNode, SyntaxNode> seeksInside,
        CancellationToken cancellationToken)
    {
        if (loop.Syntax is not WhileStatementSyntax whileStatement
            || advance.StreamLocal is not { } stream
            || loop.Condition is null
            || !SL1001SeekInsteadOfPositionAdvanceAnalyzer.TryMatchReadCondition(loop.Condition, stream, out IInvocationOperation? read)
            || read.Syntax is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax readAccess })
        {
            return false;
        }

        string name = LocalNames.Unique(whileStatement, model, ReaderName, cancellationToken); // skipReader, skipReader1...
        IdentifierNameSyntax reader = SyntaxFactory.IdentifierName(name);

        // Every advance of the stream in the loop becomes reader.Skip(offset); the Read's receiver becomes the reader.
        var replacements = new Dictionary<SyntaxNode, SyntaxNode>
        {
            [readAccess.Expression] = reader.WithTriviaFrom(readAccess.Expression),
        };
        foreach (IOperation operation in loop.Body.Descendants())
        {
            if (SL1001PositionAdvance.TryMatch(operation, symbols.Stream, out SL1001PositionAdvance? other)
                && SymbolEqualityComparer.Default.Equals(other.StreamLocal, stream))
            {
                InvocationExpressionSyntax skip = SyntaxFactory.InvocationExpression(
                    SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, reader, SyntaxFactory.IdentifierName("Skip")),
                    SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(OffsetSyntax(other)))));
                replacements[other.Operation.Syntax] = skip.WithTriviaFrom(other.Operation.Syntax);
            }
        }

        foreach (KeyValuePair<SyntaxNode, SyntaxNode> seek in seeksInside)
        {
            if (!replacements.ContainsKey(seek.Key))
                replacements[seek.Key] = seek.Value;
        }

        WhileStatementSyntax rewritten = whileStatement.ReplaceNodes(replacements.Keys, (original, _) => replacements[original]);

        var type = (TypeSyntax)editor.Generator.TypeExpression(skipReader)
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        ExpressionSyntax streamSyntax = SyntaxFactory.IdentifierName(stream.Name);
        ObjectCreationExpressionSyntax creation = SyntaxFactory.ObjectCreationExpression(type)
            .WithArgumentList(SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(new[]
            {
                SyntaxFactory.Argument(streamSyntax),
                SyntaxFactory.Argument(SyntaxFactory.LiteralExpression(SyntaxKind.TrueLiteralExpression))
                    .WithNameColon(SyntaxFactory.NameColon("leaveOpen")),
            })));
        VariableDeclarationSyntax declaration = SyntaxFactory.VariableDeclaration(
            SyntaxFactory.IdentifierName("var"),
            SyntaxFactory.SingletonSeparatedList(
                SyntaxFactory.VariableDeclarator(SyntaxFactory.Identifier(name))
                    .WithInitializer(SyntaxFactory.EqualsValueClause(creation))));
        UsingStatementSyntax usingStatement = SyntaxFactory.UsingStatement(
                declaration,
                expression: null,
                SyntaxFactory.Block(rewritten.WithoutLeadingTrivia().WithTrailingTrivia(SyntaxFactory.ElasticMarker)))
            .WithLeadingTrivia(whileStatement.GetLeadingTrivia())
            .WithTrailingTrivia(whileStatement.GetTrailingTrivia())
            .WithAdditionalAnnotations(Formatter.Annotation);
        editor.ReplaceNode(whileStatement, usingStatement);
        return true;
    }

    /// <summary><c>n</c> for <c>+= n</c> and <c>= Position + n</c>, <c>1</c> for <c>++</c>.</summary>
    private static ExpressionSyntax OffsetSyntax(SL1001PositionAdvance advance)
        => advance.Offset?.Syntax is ExpressionSyntax offset
            ? offset.WithoutTrivia()
            : SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(1));
}
