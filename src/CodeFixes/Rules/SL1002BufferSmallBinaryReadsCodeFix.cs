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
using Microsoft.CodeAnalysis.Text;
using Streamline.Analyzers.Evidence;
using Streamline.Analyzers;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

/// <summary>
/// SL1002: <c>new BinaryReader(args)</c> becomes <c>new BufferedBinaryReader(args)</c>, every argument kept. The buffered
/// reader derives from BinaryReader, so declarations and methods that take a BinaryReader keep compiling. Reads of
/// <c>reader.BaseStream.Position</c> in the loops become <c>reader.Position</c> (the same value, without putting the
/// stream back on every pass); then an explicitly typed declaration takes the buffered type.
/// <para>
/// A read of a reader handed in is fixed where the reader is made: the diagnostic's additional locations are the
/// constructions the analyzer proved (<c>ReaderConstructionSites</c>), maybe in other files, and each is rewritten as
/// above. Fix All rewrites each construction once, however many reads lead to it.
/// </para>
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(SL1002BufferSmallBinaryReadsCodeFix))]
public sealed partial class SL1002BufferSmallBinaryReadsCodeFix : CodeFixProvider
{
    private const string EquivalenceKey = "SL1002.UseBufferedBinaryReader";

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RuleIds.BufferSmallBinaryReads, RuleIds.BufferSmallBinaryReadsSuggestion);

    public override FixAllProvider GetFixAllProvider() => WhereMadeFixAll.Instance;

    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        Solution solution = context.Document.Project.Solution;
        foreach (Diagnostic diagnostic in context.Diagnostics)
        {
            ImmutableArray<Diagnostic> one = ImmutableArray.Create(diagnostic);
            List<Site> sites = Sites(solution, one, context.Document);
            if (sites.Count == 0 || !await AllCanBeFixedAsync(solution, sites, context.CancellationToken).ConfigureAwait(false))
                continue;

            context.RegisterCodeFix(
                CodeAction.Create(
                    Streamline.Analyzers.Resources.Get(IsReadAhead(diagnostic) ? "SL1002FixTitleReadAhead" : "SL1002FixTitle"),
                    cancellationToken => FixAsync(solution, one, cancellationToken),
                    EquivalenceKey),
                diagnostic);
        }
    }

    /// <summary>Applies the fix to <paramref name="diagnostics"/> of one document, each only where proven: SL1006's fix
    /// calls it on the readers it unlocks.</summary>
    internal static async Task<Document> BufferAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var sites = new List<Site>();
        foreach (Diagnostic diagnostic in diagnostics)
        {
            if (IsFixableHere(diagnostic))
                sites.Add(new Site(document.Id, diagnostic.Location.SourceSpan, IsOverCallersStream(diagnostic)));
        }

        return await ApplyAsync(document, sites, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Rewrites every construction <paramref name="diagnostics"/> lead to, once each, in whatever document it is.</summary>
    private static async Task<Solution> FixAsync(Solution solution, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        Solution fixedSolution = solution;
        foreach (IGrouping<DocumentId, Site> document in Sites(solution, diagnostics, context: null).GroupBy(site => site.Document))
        {
            if (solution.GetDocument(document.Key) is not { } original)
                continue;

            Document changed = await ApplyAsync(original, document.ToList(), cancellationToken).ConfigureAwait(false);
            changed = await LineEndings.KeepAsync(original, changed, cancellationToken).ConfigureAwait(false);
            fixedSolution = fixedSolution.WithDocumentText(document.Key, await changed.GetTextAsync(cancellationToken).ConfigureAwait(false));
        }

        return fixedSolution;
    }

    /// <summary>A construction to rewrite: the diagnostic's own location, or one of the sites a read leads to.</summary>
    private readonly struct Site
    {
        public Site(DocumentId document, TextSpan span, bool overCallersStream, bool readAhead = false)
        {
            Document = document;
            Span = span;
            OverCallersStream = overCallersStream;
            ReadAhead = readAhead;
        }

        /// <summary>A read of a reader handed in: its method's counted loops are read ahead (<see cref="CountedReadLoop"/>).</summary>
        public bool ReadAhead { get; }

        public DocumentId Document { get; }

        public TextSpan Span { get; }

        public bool OverCallersStream { get; }
    }

    /// <summary>Each construction once; over a caller's stream if any diagnostic leading to it says so. A location is
    /// found by its syntax tree, or else by its file (<paramref name="context"/>: the document the fix was asked in).</summary>
    private static List<Site> Sites(Solution solution, ImmutableArray<Diagnostic> diagnostics, Document? context)
    {
        var sites = new List<Site>();
        foreach (Diagnostic diagnostic in diagnostics)
        {
            bool overCallersStream = IsOverCallersStream(diagnostic);
            if (IsFixableHere(diagnostic))
            {
                Add(diagnostic.Location, context?.Id);
            }
            else if (IsReadAhead(diagnostic))
            {
                if ((context?.Id ?? (diagnostic.Location.SourceTree is { } tree ? DocumentOf(solution, tree, context) : null)) is { } document
                    && !sites.Exists(site => site.Document == document && site.Span == diagnostic.Location.SourceSpan))
                {
                    sites.Add(new Site(document, diagnostic.Location.SourceSpan, overCallersStream: true, readAhead: true));
                }
            }
            else if (diagnostic.Properties.TryGetValue(SL1002BufferSmallBinaryReadsAnalyzer.FixWhereMadeProperty, out string? whereMade) && whereMade == "true")
            {
                foreach (Location location in diagnostic.AdditionalLocations)
                    Add(location, location.SourceTree == diagnostic.Location.SourceTree ? context?.Id : null);
            }

            void Add(Location location, DocumentId? known)
            {
                if ((known ?? (location.SourceTree is { } tree ? DocumentOf(solution, tree, context) : null)) is { } document)
                {
                    int same = sites.FindIndex(site => site.Document == document && site.Span == location.SourceSpan);
                    if (same < 0)
                        sites.Add(new Site(document, location.SourceSpan, overCallersStream));
                    else if (overCallersStream)
                        sites[same] = new Site(document, location.SourceSpan, overCallersStream: true);
                }
            }
        }

        return sites;
    }

    private static DocumentId? DocumentOf(Solution solution, SyntaxTree tree, Document? context)
    {
        if (solution.GetDocumentId(tree) is { } id)
            return id;
        if (context is null || string.IsNullOrEmpty(tree.FilePath))
            return null;
        if (context.FilePath == tree.FilePath)
            return context.Id;
        return context.Project.Documents.FirstOrDefault(document => document.FilePath == tree.FilePath)?.Id;
    }

    private static async Task<bool> AllCanBeFixedAsync(Solution solution, List<Site> sites, CancellationToken cancellationToken)
    {
        foreach (Site site in sites)
        {
            if (solution.GetDocument(site.Document) is not { } document
                || await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root
                || await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model
                || RuntimeTypes.BufferedBinaryReader(document, model.Compilation) is not { } bufferedReader)
            {
                return false;
            }

            if (site.ReadAhead)
            {
                if (ReadAheadLoops(root, model, site.Span, bufferedReader, cancellationToken) is not { Count: > 0 })
                    return false;
                continue;
            }

            if (FindCreation(root, site.Span) is not { } creation
                || !TryPlan(document, model, site.OverCallersStream, creation, bufferedReader, cancellationToken, out _))
            {
                return false;
            }
        }

        return true;
    }

    private static bool IsFixableHere(Diagnostic diagnostic)
        => diagnostic.Properties.TryGetValue(SL1002BufferSmallBinaryReadsAnalyzer.CanFixProperty, out string? canFix) && canFix == "true";

    private static bool IsReadAhead(Diagnostic diagnostic)
        => diagnostic.Properties.TryGetValue(SL1002BufferSmallBinaryReadsAnalyzer.ReadAheadLoopsProperty, out string? value) && value == "true";

    private static bool IsOverCallersStream(Diagnostic diagnostic)
        => diagnostic.Properties.TryGetValue(SL1002BufferSmallBinaryReadsAnalyzer.CallersStreamProperty, out string? value) && value == "true";

    private static async Task<Document> ApplyAsync(Document document, List<Site> sites, CancellationToken cancellationToken)
    {
        SyntaxNode? root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        SemanticModel? model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        INamedTypeSymbol? bufferedReader = model is null ? null : RuntimeTypes.BufferedBinaryReader(document, model.Compilation);
        if (root is null || model is null || bufferedReader is null)
            return document;

        DocumentEditor editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        var loopsDone = new HashSet<TextSpan>();
        foreach (Site site in sites)
        {
            if (site.ReadAhead)
            {
                RewriteLoops(editor, root, model, site.Span, bufferedReader, loopsDone, cancellationToken);
                continue;
            }

            if (FindCreation(root, site.Span) is not { } creation || !TryPlan(document, model, site.OverCallersStream, creation, bufferedReader, cancellationToken, out Plan plan))
                continue;

            editor.ReplaceNode(creation, Buffered(creation, BufferedType(editor, bufferedReader), plan.AddsUsing));
            if (plan.AddsUsing && creation.FirstAncestorOrSelf<LocalDeclarationStatementSyntax>() is { } statement)
                editor.ReplaceNode(statement, (current, _) => AsUsingDeclaration((LocalDeclarationStatementSyntax)current));

            // reader.BaseStream.Position -> reader.Position, and s.Position -> reader.Position for an alias s
            foreach (KeyValuePair<SyntaxNode, ExpressionSyntax> receiver in plan.PositionReceivers)
                editor.ReplaceNode(receiver.Key, receiver.Value.WithTriviaFrom(receiver.Key));

            if (plan.DeclaredType is { } declaredType)
                editor.ReplaceNode(declaredType, BufferedType(editor, bufferedReader).WithTriviaFrom(declaredType));
        }

        return editor.GetChangedDocument();
    }

    /// <summary>Fix All over a document, project or solution: every construction the diagnostics lead to, once.</summary>
    private sealed class WhereMadeFixAll : FixAllProvider
    {
        public static readonly WhereMadeFixAll Instance = new();

        public override async Task<CodeAction?> GetFixAsync(FixAllContext fixAllContext)
        {
            var diagnostics = ImmutableArray.CreateBuilder<Diagnostic>();
            switch (fixAllContext.Scope)
            {
                case FixAllScope.Project:
                    diagnostics.AddRange(await fixAllContext.GetAllDiagnosticsAsync(fixAllContext.Project).ConfigureAwait(false));
                    break;
                case FixAllScope.Solution:
                    foreach (Project project in fixAllContext.Solution.Projects)
                        diagnostics.AddRange(await fixAllContext.GetAllDiagnosticsAsync(project).ConfigureAwait(false));
                    break;
                default:
                    if (fixAllContext.Document is { } document)
                        diagnostics.AddRange(await fixAllContext.GetDocumentDiagnosticsAsync(document).ConfigureAwait(false));
                    break;
            }

            ImmutableArray<Diagnostic> all = diagnostics.ToImmutable();
            Solution solution = fixAllContext.Solution;
            return all.IsEmpty
                ? null
                : CodeAction.Create(
                    Streamline.Analyzers.Resources.Get("SL1002FixTitle"),
                    cancellationToken => FixAsync(solution, all, cancellationToken),
                    fixAllContext.CodeActionEquivalenceKey);
        }
    }

    private static TypeSyntax BufferedType(DocumentEditor editor, INamedTypeSymbol bufferedReader)
        => ((TypeSyntax)editor.Generator.TypeExpression(bufferedReader))
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);

    private static ObjectCreationExpressionSyntax Buffered(BaseObjectCreationExpressionSyntax creation, TypeSyntax type, bool leaveOpen)
    {
        ArgumentListSyntax arguments = creation.ArgumentList ?? SyntaxFactory.ArgumentList();
        if (leaveOpen)
            arguments = LeftOpen(arguments);
        ObjectCreationExpressionSyntax replacement = SyntaxFactory.ObjectCreationExpression(
                SyntaxFactory.Token(SyntaxKind.NewKeyword).WithTriviaFrom(creation.NewKeyword),
                type.WithTrailingTrivia(),
                arguments,
                initializer: null)
            .WithTriviaFrom(creation);
        if (creation is ObjectCreationExpressionSyntax explicitCreation)
            replacement = replacement.WithType(type.WithTriviaFrom(explicitCreation.Type));
        return replacement;
    }

    /// <summary>
    /// <c>(input)</c> and <c>(input, encoding)</c> become <c>(input, Encoding.UTF8, leaveOpen: true)</c> and
    /// <c>(input, encoding, leaveOpen: true)</c>: <c>BinaryReader(Stream)</c> decodes UTF-8, and a reader the fix disposes
    /// must leave the caller's stream open, as the reader nothing disposed did.
    /// </summary>
    private static ArgumentListSyntax LeftOpen(ArgumentListSyntax arguments)
    {
        if (arguments.Arguments.Count >= 3)
            return arguments; // (input, encoding, true) already

        SeparatedSyntaxList<ArgumentSyntax> list = arguments.Arguments;
        if (list.Count == 1)
        {
            ExpressionSyntax utf8 = SyntaxFactory.ParseExpression("global::System.Text.Encoding.UTF8")
                .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
            list = list.Add(SyntaxFactory.Argument(utf8));
        }

        list = list.Add(SyntaxFactory.Argument(SyntaxFactory.LiteralExpression(SyntaxKind.TrueLiteralExpression))
            .WithNameColon(SyntaxFactory.NameColon("leaveOpen")));
        var separators = new List<SyntaxToken>();
        for (int i = 0; i < list.Count - 1; i++)
        {
            separators.Add(i < list.SeparatorCount
                ? list.GetSeparator(i)
                : SyntaxFactory.Token(SyntaxKind.CommaToken).WithTrailingTrivia(SyntaxFactory.Space));
        }

        return arguments.WithArguments(SyntaxFactory.SeparatedList(list, separators));
    }

    /// <summary><c>var reader = ...;</c> becomes <c>using var reader = ...;</c>, its indentation kept.</summary>
    private static LocalDeclarationStatementSyntax AsUsingDeclaration(LocalDeclarationStatementSyntax statement)
    {
        SyntaxTriviaList leading = statement.GetLeadingTrivia();
        return statement.WithoutLeadingTrivia()
            .WithUsingKeyword(SyntaxFactory.Token(leading, SyntaxKind.UsingKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space)));
    }

    /// <summary>
    /// The edits besides the construction: the <c>reader.BaseStream</c> of each <c>reader.BaseStream.Position</c> read in
    /// a loop, the <c>s</c> of each <c>s.Position</c> read of an alias <c>Stream s = reader.BaseStream</c>, and the declared type to change when there are any and it is not <c>var</c>. False when there are reads
    /// to rewrite but the runtime has no <c>Position</c> yet, or the declaration cannot take the buffered type.
    /// </summary>
    private static bool TryPlan(Document document, SemanticModel model, bool callersStream, BaseObjectCreationExpressionSyntax creation, INamedTypeSymbol bufferedReader, CancellationToken cancellationToken, out Plan plan)
    {
        plan = default;

        // Over a caller's stream the proof counts on a runtime that reads nothing ahead from a stream that cannot seek:
        // the one whose reader also has Position (Streamline.Runtime of issue 12); an older runtime gets no fix there.
        if (callersStream && RuntimeTypes.BufferedBinaryReaderPosition(bufferedReader) is null)
            return false;

        if (creation.Parent is not EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax declarator }
            || declarator.Parent is not VariableDeclarationSyntax declaration
            || model.GetDeclaredSymbol(declarator, cancellationToken) is not ILocalSymbol reader
            || model.GetOperation(creation, cancellationToken) is not { } operation)
        {
            return false;
        }

        IOperation root = LoopContext.Root(operation);
        bool addsUsing = callersStream
            && SL1001PositionAdvance.StripConversions(operation) is IObjectCreationOperation created
            && ReadAheadProof.NeedsUsing(root, created, reader);

        // The using declaration must compile on every target that compiles the file (a net8.0;netstandard2.0 library
        // without LangVersion is C# 7.3 on one of them); without it the reader would be left ahead of the caller.
        if (addsUsing && LinkedTargets.LowestLanguageVersion(document) < LanguageVersion.CSharp8)
            return false;

        var receivers = new List<KeyValuePair<SyntaxNode, ExpressionSyntax>>();
        foreach (IPropertyReferenceOperation baseStream in SL1002PositionReads.BaseStreamsInLoops(root, reader))
        {
            // Other uses (a Length read, a seek) sit in loops whose passes are not the reported ones: the buffered
            // reader's BaseStream hands the stream out there as BinaryReader's does.
            if (!SL1002PositionReads.IsPositionRead(baseStream, out _))
                continue;
            if (baseStream.Syntax is not MemberAccessExpressionSyntax access)
                return false;
            receivers.Add(new KeyValuePair<SyntaxNode, ExpressionSyntax>(access, access.Expression));
        }

        foreach (ILocalSymbol alias in SL1002PositionReads.Aliases(root, reader))
        {
            if (!SL1002PositionReads.IsPositionAlias(root, alias))
                return false;

            foreach (IPropertyReferenceOperation position in SL1002PositionReads.AliasPositionReads(root, alias))
            {
                if (position.Syntax is not MemberAccessExpressionSyntax access)
                    return false;
                receivers.Add(new KeyValuePair<SyntaxNode, ExpressionSyntax>(access.Expression, SyntaxFactory.IdentifierName(reader.Name)));
            }
        }

        if (receivers.Count == 0)
        {
            plan = new Plan(receivers, declaredType: null, addsUsing);
            return true;
        }

        if (RuntimeTypes.BufferedBinaryReaderPosition(bufferedReader) is null || declaration.Variables.Count != 1)
            return false;

        plan = new Plan(receivers, declaration.Type.IsVar ? null : declaration.Type, addsUsing);
        return true;
    }

    /// <summary>The construction at <paramref name="span"/> (a diagnostic's location or additional location), or null.</summary>
    private static BaseObjectCreationExpressionSyntax? FindCreation(SyntaxNode root, TextSpan span)
        => root.FullSpan.Contains(span) ? root.FindNode(span, getInnermostNodeForTie: true) as BaseObjectCreationExpressionSyntax : null;

    private readonly struct Plan
    {
        public Plan(List<KeyValuePair<SyntaxNode, ExpressionSyntax>> positionReceivers, TypeSyntax? declaredType, bool addsUsing)
        {
            PositionReceivers = positionReceivers;
            DeclaredType = declaredType;
            AddsUsing = addsUsing;
        }

        /// <summary>A reader over a caller's stream that nothing disposed: declared with <c>using</c> and left open
        /// (<see cref="ReadAheadProof.NeedsUsing"/>).</summary>
        public bool AddsUsing { get; }

        /// <summary>Each receiver of a <c>Position</c> read to replace, with the reader that replaces it.</summary>
        public List<KeyValuePair<SyntaxNode, ExpressionSyntax>> PositionReceivers { get; }

        public TypeSyntax? DeclaredType { get; }
    }
}
