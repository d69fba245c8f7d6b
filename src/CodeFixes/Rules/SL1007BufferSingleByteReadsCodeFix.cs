using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using Streamline.Analyzers;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

/// <summary>
/// SL1007: <c>using var s = new Slow(File.OpenRead(p)); ... s.ReadByte() ...</c> becomes
/// <c>using var s = new BufferedStream(new Slow(File.OpenRead(p)));</c>, so every read of <c>s</c> goes through the
/// buffer and the buffer is disposed where the stream was (it disposes the stream). Offered only where the analyzer
/// proved that nobody else can see the stream (<see cref="SL1007BufferProof"/>). Over a caller's stream, the loop runs
/// over a <c>SkipReader</c> made with <c>leaveOpen: true</c> instead (a disposed buffer would close the caller's stream).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(SL1007BufferSingleByteReadsCodeFix))]
public sealed class SL1007BufferSingleByteReadsCodeFix : DocumentCodeFixProvider
{
    private const string EquivalenceKey = "SL1007.ReadThroughBufferedStream";

    public SL1007BufferSingleByteReadsCodeFix()
        : base("SL1007FixTitle", EquivalenceKey)
    {
    }

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RuleIds.BufferSingleByteReads, RuleIds.BufferSingleByteReadsSuggestion);

    /// <summary>"Run the loop over a SkipReader..." for a caller's stream. Both rewrites share the equivalence key, so
    /// that one Fix All (and one <c>dotnet format</c> run) applies each diagnostic's own rewrite.</summary>
    protected override string TitleResource(Diagnostic diagnostic)
        => diagnostic.Properties.TryGetValue(SL1007BufferSingleByteReadsAnalyzer.CanFixProperty, out string? canFix) && canFix == SL1007BufferSingleByteReadsAnalyzer.LoopFix
            ? "SL1007LoopFixTitle"
            : base.TitleResource(diagnostic);

    protected override bool CanFix(Document document, SyntaxNode root, SemanticModel model, Diagnostic diagnostic, CancellationToken cancellationToken)
        => Plan(root, model, diagnostic, cancellationToken) is not null
            || (RuntimeTypes.SkipReader(document, model.Compilation) is not null && LoopPlan(root, model, diagnostic, cancellationToken) is not null);

    protected override async Task<Document> FixAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        SyntaxNode? root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        SemanticModel? model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
            return document;

        INamedTypeSymbol? bufferedStream = TypeLookup.GetBestType(model.Compilation, KnownNames.BufferedStream);
        INamedTypeSymbol? skipReader = RuntimeTypes.SkipReader(document, model.Compilation);

        // One buffer per stream local, however many of its reads were reported.
        var plans = new Dictionary<ILocalSymbol, (VariableDeclaratorSyntax Declarator, SyntaxNode Scope)>(SymbolEqualityComparer.Default);
        var loops = new Dictionary<StatementSyntax, ISymbol>();
        foreach (Diagnostic diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
        {
            if (bufferedStream is not null && Plan(root, model, diagnostic, cancellationToken) is { } plan && !plans.ContainsKey(plan.Local))
                plans.Add(plan.Local, (plan.Declarator, plan.Scope));
            else if (skipReader is not null && LoopPlan(root, model, diagnostic, cancellationToken) is { } loopPlan && !loops.ContainsKey(loopPlan.Loop))
                loops.Add(loopPlan.Loop, loopPlan.Stream);
        }

        if (plans.Count == 0 && loops.Count == 0)
            return document;

        DocumentEditor editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        foreach (KeyValuePair<StatementSyntax, ISymbol> loop in loops)
        {
            // A loop inside another one being wrapped is left for a later run: one rewrite per region.
            if (!loops.Keys.Any(other => other != loop.Key && other.Span.Contains(loop.Key.Span)))
                WrapLoop(editor, model, loop.Key, loop.Value, skipReader!, cancellationToken);
        }

        foreach (KeyValuePair<ILocalSymbol, (VariableDeclaratorSyntax Declarator, SyntaxNode Scope)> entry in plans)
            WrapInBuffer(editor, model, entry.Value.Declarator, bufferedStream!, cancellationToken);

        return editor.GetChangedDocument();
    }

    /// <summary>
    /// <c>using (var inputReader = new SkipReader(input, leaveOpen: true)) { loop }</c>, with every single-byte read of
    /// the stream in the loop made through the reader. The reader's disposal puts a seekable stream back where the loop
    /// would have left it, on every way out of the loop.
    /// </summary>
    private static void WrapLoop(DocumentEditor editor, SemanticModel model, StatementSyntax loop, ISymbol stream, INamedTypeSymbol skipReader, CancellationToken cancellationToken)
    {
        string name = UniqueReaderName(loop, model, stream, cancellationToken);
        foreach (InvocationExpressionSyntax invocation in loop.DescendantNodes().OfType<InvocationExpressionSyntax>())
        {
            // input.ReadByte(), _stream.ReadByte(), this._stream.ReadByte(); not other._stream.ReadByte().
            if (invocation.Expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ReadByte" or "Read" } access
                && (access.Expression is IdentifierNameSyntax or MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax })
                && SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(access.Expression, cancellationToken).Symbol, stream))
            {
                editor.ReplaceNode(access.Expression, SyntaxFactory.IdentifierName(name).WithTriviaFrom(access.Expression));
            }
        }

        var type = (TypeSyntax)editor.Generator.TypeExpression(skipReader)
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        ObjectCreationExpressionSyntax creation = SyntaxFactory.ObjectCreationExpression(type)
            .WithArgumentList(SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(new[]
            {
                SyntaxFactory.Argument(StreamExpression(stream)),
                SyntaxFactory.Argument(SyntaxFactory.LiteralExpression(SyntaxKind.TrueLiteralExpression))
                    .WithNameColon(SyntaxFactory.NameColon("leaveOpen")),
            })));
        VariableDeclarationSyntax declaration = SyntaxFactory.VariableDeclaration(
            SyntaxFactory.IdentifierName("var"),
            SyntaxFactory.SingletonSeparatedList(
                SyntaxFactory.VariableDeclarator(SyntaxFactory.Identifier(name))
                    .WithInitializer(SyntaxFactory.EqualsValueClause(creation))));
        // A blank line after the block where a statement follows it directly, as after any block.
        SyntaxTriviaList trailing = loop.GetTrailingTrivia();
        if (loop.Parent is BlockSyntax block && block.Statements.IndexOf(loop) is int index && index + 1 < block.Statements.Count
            && !block.Statements[index + 1].GetLeadingTrivia().FirstOrDefault().IsKind(SyntaxKind.EndOfLineTrivia)
            && trailing.LastOrDefault() is { } endOfLine && endOfLine.IsKind(SyntaxKind.EndOfLineTrivia))
        {
            trailing = trailing.Add(endOfLine);
        }

        editor.ReplaceNode(loop, (current, _) => SyntaxFactory.UsingStatement(
                declaration,
                expression: null,
                SyntaxFactory.Block(((StatementSyntax)current).WithoutLeadingTrivia().WithTrailingTrivia(SyntaxFactory.ElasticMarker)))
            .WithLeadingTrivia(current.GetLeadingTrivia())
            .WithTrailingTrivia(trailing)
            .WithAdditionalAnnotations(Formatter.Annotation));
    }

    /// <summary><c>input</c>, <c>_stream</c> (or <c>this.stream</c> where a local of that name would hide it), or
    /// <c>Type.s_stream</c>.</summary>
    private static ExpressionSyntax StreamExpression(ISymbol stream)
        => stream is IFieldSymbol { IsStatic: false } && !stream.Name.StartsWith("_", StringComparison.Ordinal)
            ? SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, SyntaxFactory.ThisExpression(), SyntaxFactory.IdentifierName(stream.Name))
            : SyntaxFactory.IdentifierName(stream.Name);

    /// <summary><c>inputReader</c> for <c>input</c>, <c>streamReader</c> for <c>_stream</c> or <c>m_stream</c>; with a
    /// number where the member already uses the name.</summary>
    private static string UniqueReaderName(SyntaxNode loop, SemanticModel model, ISymbol stream, CancellationToken cancellationToken)
    {
        string baseName = stream.Name;
        foreach (string prefix in new[] { "m_", "s_", "t_", "_" })
        {
            if (baseName.Length > prefix.Length && baseName.StartsWith(prefix, StringComparison.Ordinal))
            {
                baseName = baseName.Substring(prefix.Length);
                break;
            }
        }

        return LocalNames.Unique(loop, model, char.ToLowerInvariant(baseName[0]) + baseName.Substring(1) + "Reader", cancellationToken);
    }

    /// <summary>The loop to run over a SkipReader and the stream it reads, for a diagnostic the analyzer proved it for;
    /// null elsewhere or where the code changed since.</summary>
    private static (StatementSyntax Loop, ISymbol Stream)? LoopPlan(SyntaxNode root, SemanticModel model, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (!diagnostic.Properties.TryGetValue(SL1007BufferSingleByteReadsAnalyzer.CanFixProperty, out string? canFix)
            || canFix != SL1007BufferSingleByteReadsAnalyzer.LoopFix
            || !diagnostic.Properties.TryGetValue(SL1007BufferSingleByteReadsAnalyzer.LoopStartProperty, out string? start)
            || !int.TryParse(start, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out int loopStart)
            || root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access }
            || model.GetSymbolInfo(access.Expression, cancellationToken).Symbol is not { } stream)
        {
            return null;
        }

        StatementSyntax? loop = access.Ancestors().OfType<StatementSyntax>().FirstOrDefault(
            s => s.SpanStart == loopStart && s is WhileStatementSyntax or DoStatementSyntax or ForStatementSyntax or ForEachStatementSyntax or ForEachVariableStatementSyntax);
        return loop is null ? null : (loop, stream);
    }

    /// <summary>
    /// <c>using var s = new Slow(args);</c> becomes <c>using var s = new BufferedStream(new Slow(args));</c>: the buffer
    /// takes the stream's place, so every read of <c>s</c> goes through it, and where the stream was disposed the buffer
    /// is, which flushes it (a seek back over the bytes read ahead, on a stream nobody reads again) and disposes the
    /// stream once, as before. A stream that was never disposed gives a buffer that is never disposed.
    /// </summary>
    private static void WrapInBuffer(DocumentEditor editor, SemanticModel model, VariableDeclaratorSyntax declarator, INamedTypeSymbol bufferedStream, CancellationToken cancellationToken)
    {
        if (declarator.Initializer?.Value is not { } value || declarator.Parent is not VariableDeclarationSyntax declaration)
            return;

        TypeSyntax BufferedStreamType() => ((TypeSyntax)editor.Generator.TypeExpression(bufferedStream))
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);

        // new(File.OpenRead(p)) is typed by the declaration, which now names the buffer: spell the stream's type out.
        ExpressionSyntax stream = value;
        if (value is ImplicitObjectCreationExpressionSyntax implicitCreation && model.GetTypeInfo(value, cancellationToken).Type is { } streamType)
        {
            stream = SyntaxFactory.ObjectCreationExpression(
                    ((TypeSyntax)editor.Generator.TypeExpression(streamType)).WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation),
                    implicitCreation.ArgumentList,
                    implicitCreation.Initializer);
        }

        editor.ReplaceNode(value, SyntaxFactory.ObjectCreationExpression(BufferedStreamType())
            .WithArgumentList(SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(
                SyntaxFactory.Argument(stream.WithoutTrivia()))))
            .WithTriviaFrom(value));

        // Chunks s = ... becomes BufferedStream s = ...; var and Stream stay.
        if (!declaration.Type.IsVar
            && model.GetTypeInfo(declaration.Type, cancellationToken).Type is { } declared
            && !model.Compilation.ClassifyConversion(bufferedStream, declared).IsImplicit)
        {
            editor.ReplaceNode(declaration.Type, BufferedStreamType().WithTriviaFrom(declaration.Type));
        }
    }

    /// <summary>The stream local of a fixable diagnostic, its declarator, and the member (or top-level program) that
    /// holds it; null where the analyzer proved nothing or the code changed since.</summary>
    private static (ILocalSymbol Local, VariableDeclaratorSyntax Declarator, SyntaxNode Scope)? Plan(
        SyntaxNode root, SemanticModel model, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (!diagnostic.Properties.TryGetValue(SL1007BufferSingleByteReadsAnalyzer.CanFixProperty, out string? canFix) || canFix != "true"
            || TypeLookup.GetBestType(model.Compilation, KnownNames.BufferedStream) is null)
        {
            return null;
        }

        if (root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access }
            || model.GetSymbolInfo(access.Expression, cancellationToken).Symbol is not ILocalSymbol local
            || local.DeclaringSyntaxReferences.Length != 1
            || local.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax declarator)
        {
            return null;
        }

        SyntaxNode? scope = declarator.Ancestors().FirstOrDefault(a => a is MemberDeclarationSyntax or LocalFunctionStatementSyntax or AnonymousFunctionExpressionSyntax or CompilationUnitSyntax);
        return scope is null ? null : (local, declarator, scope is GlobalStatementSyntax ? scope.Parent! : scope);
    }
}
