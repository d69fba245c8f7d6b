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
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Text;
using Streamline.Analyzers;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

/// <summary>
/// SL1006: <c>while (s.Position &lt; s.Length) ...</c> becomes <c>long length = s.Length; while (s.Position &lt; length) ...</c>.
/// Every read of the same stream's Length in the loop uses the local. Where a pass may not read Length first (the
/// analyzer says so), the local is <c>long? length = null;</c> and each read becomes <c>(length ??= s.Length)</c>, so
/// Length is read, and may throw, exactly where the loop first read it. Where the stream is <c>reader.BaseStream</c> of a
/// <c>BufferedBinaryReader</c> that has a <c>Position</c> property, reads of <c>reader.BaseStream.Position</c> in the
/// loop become <c>reader.Position</c> (the same value, without putting the read-ahead back on every pass).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(SL1006StreamLengthInLoopCodeFix))]
public sealed class SL1006StreamLengthInLoopCodeFix : DocumentCodeFixProvider
{
    private const string EquivalenceKey = "SL1006.ReadLengthOnce";
    private const string BaseName = "length";
    private const string SecondName = "streamLength";

    /// <summary>Marks the declaration of a reader whose loop now reads Length once.</summary>
    private static readonly SyntaxAnnotation s_unlockedReader = new(nameof(SL1006StreamLengthInLoopCodeFix) + ".UnlockedReader");

    public SL1006StreamLengthInLoopCodeFix()
        : base("SL1006FixTitle", EquivalenceKey)
    {
    }

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RuleIds.StreamLengthInLoop, RuleIds.StreamLengthInLoopSuggestion);

    protected override bool CanFix(Document document, SyntaxNode root, SemanticModel model, Diagnostic diagnostic, CancellationToken cancellationToken)
        => Find(root, diagnostic) is not null;

    protected override async Task<Document> FixAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        SyntaxNode? root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        SemanticModel? model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
            return document;

        // ??= needs C# 8 in every target that compiles the file (the analyzer sees only its own target, and the
        // project's other targets only through the package's props).
        bool anyTargetBeforeCSharp8 = LinkedTargets.LowestLanguageVersion(document) < LanguageVersion.CSharp8;

        // One local per loop and stream, however many of the loop's reads were reported.
        var groups = new Dictionary<(StatementSyntax Loop, string Stream), (ExpressionSyntax Stream, bool OnlyThroughReader, bool OnFirstRead, bool BeforeCSharp8)>();
        foreach (Diagnostic diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
        {
            if (Find(root, diagnostic) is not { } found)
                continue;

            var key = (found.Loop, Normalize(found.Length.Expression));
            bool onlyThroughReader = diagnostic.Properties.TryGetValue(SL1006StreamLengthInLoopAnalyzer.OnlyThroughReaderProperty, out string? through)
                && through == "true";
            bool onFirstRead = diagnostic.Properties.TryGetValue(SL1006StreamLengthInLoopAnalyzer.HoistProperty, out string? hoist)
                && hoist == SL1006StreamLengthInLoopAnalyzer.OnFirstReadValue;
            bool beforeCSharp8 = anyTargetBeforeCSharp8
                || diagnostic.Properties.TryGetValue(SL1006StreamLengthInLoopAnalyzer.BeforeCSharp8Property, out string? older) && older == "true";
            if (!groups.ContainsKey(key))
                groups.Add(key, (found.Length.Expression, onlyThroughReader, onFirstRead, beforeCSharp8));
        }

        if (groups.Count == 0)
            return document;

        DocumentEditor editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var taken = new Dictionary<SyntaxNode, HashSet<string>>();
        var replaced = new HashSet<SyntaxNode>();
        var readers = new HashSet<SyntaxNode>();
        foreach (KeyValuePair<(StatementSyntax Loop, string Stream), (ExpressionSyntax Stream, bool OnlyThroughReader, bool OnFirstRead, bool BeforeCSharp8)> group in groups)
        {
            StatementSyntax loop = group.Key.Loop;
            ExpressionSyntax stream = group.Value.Stream;
            bool onFirstRead = group.Value.OnFirstRead;
            bool beforeCSharp8 = group.Value.BeforeCSharp8;
            SyntaxNode scope = Scope(loop);
            if (!taken.TryGetValue(scope, out HashSet<string>? names))
            {
                names = new HashSet<string>(
                    scope.DescendantTokens().Where(t => t.IsKind(SyntaxKind.IdentifierToken)).Select(t => t.ValueText),
                    StringComparer.Ordinal);
                taken.Add(scope, names);
            }

            string name = UniqueName(names);
            names.Add(name);

            foreach (MemberAccessExpressionSyntax read in loop.DescendantNodes().OfType<MemberAccessExpressionSyntax>())
            {
                if (read.Name.Identifier.ValueText == KnownNames.Length
                    && Normalize(read.Expression) == group.Key.Stream
                    && IsStreamLength(model, read, cancellationToken)
                    && replaced.Add(read))
                {
                    ExpressionSyntax replacement = !onFirstRead ? SyntaxFactory.IdentifierName(name)
                        : beforeCSharp8 ? ReadOnFirstUseBeforeCSharp8(name, read)
                        : ReadOnFirstUse(name, read);
                    editor.ReplaceNode(read, replacement.WithTriviaFrom(read));
                }
            }

            if (group.Value.OnlyThroughReader)
                RewriteBaseStreamPosition(editor, model, loop, stream, replaced, cancellationToken);

            // long length = s.Length;   or, where the loop may not read it first:   long? length = null;   (C# 7.3: long length = -1;)
            TypeSyntax longType = SyntaxFactory.PredefinedType(SyntaxFactory.Token(SyntaxKind.LongKeyword));
            ExpressionSyntax initialValue = !onFirstRead
                ? SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, stream.WithoutTrivia(), SyntaxFactory.IdentifierName(KnownNames.Length))
                : beforeCSharp8
                    ? SyntaxFactory.PrefixUnaryExpression(SyntaxKind.UnaryMinusExpression, SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(1)))
                    : SyntaxFactory.LiteralExpression(SyntaxKind.NullLiteralExpression);
            LocalDeclarationStatementSyntax declaration = SyntaxFactory.LocalDeclarationStatement(
                    SyntaxFactory.VariableDeclaration(
                        onFirstRead && !beforeCSharp8 ? SyntaxFactory.NullableType(longType) : longType,
                        SyntaxFactory.SingletonSeparatedList(
                            SyntaxFactory.VariableDeclarator(SyntaxFactory.Identifier(name))
                                .WithInitializer(SyntaxFactory.EqualsValueClause(initialValue)))))
                .WithAdditionalAnnotations(Formatter.Annotation);

            // Laid out by hand, in the loop's own indentation (tabs stay tabs): the formatter would indent with the
            // workspace's settings, re-indent the loop's first line, and put blank lines around a top-level statement.
            if (Indentation(loop) is { } indentation)
            {
                SyntaxTrivia endOfLine = root.DescendantTrivia().FirstOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia));
                LocalDeclarationStatementSyntax laidOut = declaration
                    .WithoutAnnotations(Formatter.Annotation)
                    .NormalizeWhitespace(elasticTrivia: false)
                    .WithLeadingTrivia(SyntaxFactory.Whitespace(indentation))
                    .WithTrailingTrivia(endOfLine.IsKind(SyntaxKind.EndOfLineTrivia) ? endOfLine : SyntaxFactory.LineFeed);
                if (loop.Parent is GlobalStatementSyntax global)
                    editor.InsertBefore(global, SyntaxFactory.GlobalStatement(laidOut));
                else
                    editor.InsertBefore(loop, laidOut);
            }
            else if (loop.Parent is GlobalStatementSyntax global)
            {
                editor.InsertBefore(global, SyntaxFactory.GlobalStatement(declaration));
            }
            else
            {
                editor.InsertBefore(loop, declaration);
            }

            // reader.BaseStream.Length read once: SL1002 may now buffer the reader (it stays quiet on a loop that reads
            // Length on every pass). Mark the reader's declaration so the follow-up below finds its diagnostic.
            if (stream is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "BaseStream", Expression: { } readerSyntax }
                && model.GetSymbolInfo(readerSyntax, cancellationToken).Symbol is ILocalSymbol { DeclaringSyntaxReferences.Length: 1 } reader
                && reader.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is VariableDeclaratorSyntax declarator
                && readers.Add(declarator))
            {
                editor.ReplaceNode(declarator, (original, _) => original.WithAdditionalAnnotations(s_unlockedReader));
            }
        }

        return await BufferUnlockedReadersAsync(editor.GetChangedDocument(), readers.Count != 0, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Before C# 8: <c>s.Length</c> becomes <c>(length &lt; 0 ? length = s.Length : length)</c>, the local starting at -1.
    /// </summary>
    private static ExpressionSyntax ReadOnFirstUseBeforeCSharp8(string name, MemberAccessExpressionSyntax read)
        => InPlaceOf(read, SyntaxFactory.ConditionalExpression(
            SyntaxFactory.BinaryExpression(
                SyntaxKind.LessThanExpression,
                SyntaxFactory.IdentifierName(name),
                SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(0))),
            SyntaxFactory.AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, SyntaxFactory.IdentifierName(name), read.WithoutTrivia()),
            SyntaxFactory.IdentifierName(name)));

    /// <summary>
    /// <paramref name="replacement"/> (an assignment or a conditional, which bind loosest) where <paramref name="read"/>
    /// stood, in parentheses unless it stands alone there (an argument, an initializer, a return value).
    /// </summary>
    private static ExpressionSyntax InPlaceOf(ExpressionSyntax read, ExpressionSyntax replacement)
        => read.Parent is ArgumentSyntax or EqualsValueClauseSyntax or ParenthesizedExpressionSyntax or ReturnStatementSyntax or ArrowExpressionClauseSyntax
            ? replacement
            : SyntaxFactory.ParenthesizedExpression(replacement);

    /// <summary>The whitespace before the loop's first token on its line, when nothing else comes before it there.</summary>
    private static string? Indentation(StatementSyntax loop)
    {
        SourceText text = loop.SyntaxTree.GetText();
        TextLine line = text.Lines.GetLineFromPosition(loop.SpanStart);
        string prefix = text.ToString(TextSpan.FromBounds(line.Start, loop.SpanStart));
        return prefix.All(c => c is ' ' or '\t') ? prefix : null;
    }

    /// <summary>
    /// <c>s.Length</c> becomes <c>(length ??= s.Length)</c>: read where the loop first reads it, kept from then on. The
    /// parentheses go where the assignment would otherwise bind differently (an operand, a member access).
    /// </summary>
    private static ExpressionSyntax ReadOnFirstUse(string name, MemberAccessExpressionSyntax read)
        => InPlaceOf(read, SyntaxFactory.AssignmentExpression(SyntaxKind.CoalesceAssignmentExpression, SyntaxFactory.IdentifierName(name), read.WithoutTrivia()));

    /// <summary>
    /// <c>reader.BaseStream.Position</c> reads in the loop become <c>reader.Position</c> where the reader is statically
    /// a BufferedBinaryReader with a public <c>long Position { get; }</c> and the loop reaches the stream only through
    /// the reader (the analyzer says so): the reader's Position does not see a move made through another reference.
    /// Writes of Position are left alone.
    /// </summary>
    private static void RewriteBaseStreamPosition(
        DocumentEditor editor, SemanticModel model, StatementSyntax loop, ExpressionSyntax stream, HashSet<SyntaxNode> replaced, CancellationToken cancellationToken)
    {
        if (stream is not MemberAccessExpressionSyntax { Name.Identifier.ValueText: KnownNames.BaseStream } baseStream
            || model.GetTypeInfo(baseStream.Expression, cancellationToken).Type is not INamedTypeSymbol readerType
            || RuntimeReaderPosition(model.Compilation, readerType) is null)
        {
            return;
        }

        string reader = Normalize(baseStream.Expression);
        foreach (MemberAccessExpressionSyntax read in loop.DescendantNodes().OfType<MemberAccessExpressionSyntax>())
        {
            if (read.Name.Identifier.ValueText != KnownNames.Position
                || read.Expression is not MemberAccessExpressionSyntax { Name.Identifier.ValueText: KnownNames.BaseStream } readBaseStream
                || Normalize(readBaseStream.Expression) != reader
                || IsWritten(read)
                || !replaced.Add(read))
            {
                continue;
            }

            editor.ReplaceNode(read, read.WithExpression(readBaseStream.Expression));
        }
    }

    /// <summary>The public <c>long Position { get; }</c> of Streamline.Runtime's BufferedBinaryReader, when the reader is one.</summary>
    private static IPropertySymbol? RuntimeReaderPosition(Compilation compilation, INamedTypeSymbol readerType)
    {
        INamedTypeSymbol? buffered = RuntimeTypes.BufferedBinaryReader(compilation);
        if (buffered is null || !StreamLengthSymbols.DerivesFrom(readerType, buffered))
            return null;

        return RuntimeTypes.BufferedBinaryReaderPosition(buffered);
    }

    private static bool IsWritten(ExpressionSyntax expression)
        => expression.Parent switch
        {
            AssignmentExpressionSyntax assignment => assignment.Left == expression,
            PrefixUnaryExpressionSyntax or PostfixUnaryExpressionSyntax => true,
            ArgumentSyntax argument => !argument.RefKindKeyword.IsKind(SyntaxKind.None),
            _ => false,
        };

    private static bool IsStreamLength(SemanticModel model, MemberAccessExpressionSyntax read, CancellationToken cancellationToken)
        => model.GetSymbolInfo(read, cancellationToken).Symbol is IPropertySymbol { Name: KnownNames.Length } property
            && StreamLengthSymbols.DerivesFrom(property.ContainingType, TypeLookup.GetBestType(model.Compilation, KnownNames.Stream));

    private static (MemberAccessExpressionSyntax Length, StatementSyntax Loop)? Find(SyntaxNode root, Diagnostic diagnostic)
    {
        if (!diagnostic.Properties.TryGetValue(SL1006StreamLengthInLoopAnalyzer.CanFixProperty, out string? canFix) || canFix != "true"
            || diagnostic.AdditionalLocations.Count == 0)
        {
            return null;
        }

        if (root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not MemberAccessExpressionSyntax length
            || root.FindNode(diagnostic.AdditionalLocations[0].SourceSpan, getInnermostNodeForTie: true) is not StatementSyntax loop
            || loop is not (WhileStatementSyntax or DoStatementSyntax or ForStatementSyntax or CommonForEachStatementSyntax))
        {
            return null;
        }

        return (length, loop);
    }

    /// <summary>Where a new local's name must not clash: the member (or the whole top-level program) around the loop.</summary>
    private static SyntaxNode Scope(StatementSyntax loop)
    {
        SyntaxNode? member = loop.Ancestors().FirstOrDefault(n => n is MemberDeclarationSyntax and not GlobalStatementSyntax);
        return member ?? loop.SyntaxTree.GetRoot();
    }

    private static string UniqueName(HashSet<string> taken)
    {
        if (!taken.Contains(BaseName))
            return BaseName;
        if (!taken.Contains(SecondName))
            return SecondName;
        for (int i = 2; ; i++)
        {
            string name = BaseName + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
            if (!taken.Contains(name))
                return name;
        }
    }

    private static string Normalize(ExpressionSyntax expression)
        => string.Concat(expression.DescendantTokens().Select(t => t.Text));

    /// <summary>
    /// The fixed point in one pass: where reading Length once lets SL1002 report a reader it stayed quiet on (the loop
    /// read <c>reader.BaseStream.Length</c> on every pass), SL1002's fix is applied too, as a second run would. Only those
    /// readers, only where SL1002 reports them under the project's settings (a severity of none leaves them alone), and
    /// only with SL1002's own proof; <c>dotnet format</c> fixes each id once, from the diagnostics the original code has.
    /// </summary>
    private static async Task<Document> BufferUnlockedReadersAsync(Document document, bool anyReader, CancellationToken cancellationToken)
    {
        if (!anyReader
            || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
            || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model)
        {
            return document;
        }

        var readers = root.GetAnnotatedNodes(s_unlockedReader).ToList();
        if (readers.Count == 0)
            return document;

        var analyzer = new SL1002BufferSmallBinaryReadsAnalyzer();
        var options = new Microsoft.CodeAnalysis.Diagnostics.CompilationWithAnalyzersOptions(
            document.Project.AnalyzerOptions, onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: false);
        ImmutableArray<Diagnostic> diagnostics = await model.Compilation
            .WithAnalyzers(ImmutableArray.Create<Microsoft.CodeAnalysis.Diagnostics.DiagnosticAnalyzer>(analyzer), options)
            .GetAnalyzerSemanticDiagnosticsAsync(model, filterSpan: null, cancellationToken)
            .ConfigureAwait(false);
        ImmutableArray<Diagnostic> unlocked = diagnostics
            .Where(d => d.Id is RuleIds.BufferSmallBinaryReads or RuleIds.BufferSmallBinaryReadsSuggestion && readers.Any(reader => reader.Span.Contains(d.Location.SourceSpan)))
            .ToImmutableArray();
        Document buffered = unlocked.IsEmpty ? document : await SL1002BufferSmallBinaryReadsCodeFix.BufferAsync(document, unlocked, cancellationToken).ConfigureAwait(false);
        SyntaxNode? bufferedRoot = await buffered.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        return bufferedRoot is null
            ? buffered
            : buffered.WithSyntaxRoot(bufferedRoot.ReplaceNodes(bufferedRoot.GetAnnotatedNodes(s_unlockedReader), (original, _) => original.WithoutAnnotations(s_unlockedReader)));
    }
}
