using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using Streamline.Analyzers.Evidence;
using Streamline.Analyzers;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

/// <summary>
/// SL1002: <c>new BinaryReader(args)</c> becomes <c>new BufferedBinaryReader(args)</c>, every argument kept. The buffered
/// reader derives from BinaryReader, so declarations and methods that take a BinaryReader keep compiling. Reads of
/// <c>reader.BaseStream.Position</c> in the loops become <c>reader.Position</c> (the same value, without putting the
/// stream back on every pass); then an explicitly typed declaration takes the buffered type.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(SL1002BufferSmallBinaryReadsCodeFix))]
public sealed class SL1002BufferSmallBinaryReadsCodeFix : DocumentCodeFixProvider
{
    private const string EquivalenceKey = "SL1002.UseBufferedBinaryReader";

    public SL1002BufferSmallBinaryReadsCodeFix()
        : base("SL1002FixTitle", EquivalenceKey)
    {
    }

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RuleIds.BufferSmallBinaryReads, RuleIds.BufferSmallBinaryReadsSuggestion);

    protected override bool CanFix(Document document, SyntaxNode root, SemanticModel model, Diagnostic diagnostic, CancellationToken cancellationToken)
        => RuntimeTypes.BufferedBinaryReader(document, model.Compilation) is { } bufferedReader
            && FindCreation(root, diagnostic) is { } creation
            && TryPlan(model, diagnostic, creation, bufferedReader, cancellationToken, out _);

    protected override Task<Document> FixAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
        => ApplyAsync(document, diagnostics, cancellationToken);

    /// <summary>Applies the fix to <paramref name="diagnostics"/>, each only where proven: SL1006's fix calls it on the readers it unlocks.</summary>
    internal static Task<Document> BufferAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
        => ApplyAsync(document, diagnostics, cancellationToken);

    private static async Task<Document> ApplyAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        SyntaxNode? root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        SemanticModel? model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        INamedTypeSymbol? bufferedReader = model is null ? null : RuntimeTypes.BufferedBinaryReader(document, model.Compilation);
        if (root is null || model is null || bufferedReader is null)
            return document;

        DocumentEditor editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        foreach (Diagnostic diagnostic in diagnostics)
        {
            if (FindCreation(root, diagnostic) is not { } creation || !TryPlan(model, diagnostic, creation, bufferedReader, cancellationToken, out Plan plan))
                continue;

            editor.ReplaceNode(creation, Buffered(creation, BufferedType(editor, bufferedReader)));

            // reader.BaseStream.Position -> reader.Position, and s.Position -> reader.Position for an alias s
            foreach (KeyValuePair<SyntaxNode, ExpressionSyntax> receiver in plan.PositionReceivers)
                editor.ReplaceNode(receiver.Key, receiver.Value.WithTriviaFrom(receiver.Key));

            if (plan.DeclaredType is { } declaredType)
                editor.ReplaceNode(declaredType, BufferedType(editor, bufferedReader).WithTriviaFrom(declaredType));
        }

        return editor.GetChangedDocument();
    }

    private static TypeSyntax BufferedType(DocumentEditor editor, INamedTypeSymbol bufferedReader)
        => ((TypeSyntax)editor.Generator.TypeExpression(bufferedReader))
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);

    private static ObjectCreationExpressionSyntax Buffered(BaseObjectCreationExpressionSyntax creation, TypeSyntax type)
    {
        ArgumentListSyntax arguments = creation.ArgumentList ?? SyntaxFactory.ArgumentList();
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
    /// The edits besides the construction: the <c>reader.BaseStream</c> of each <c>reader.BaseStream.Position</c> read in
    /// a loop, the <c>s</c> of each <c>s.Position</c> read of an alias <c>Stream s = reader.BaseStream</c>, and the declared type to change when there are any and it is not <c>var</c>. False when there are reads
    /// to rewrite but the runtime has no <c>Position</c> yet, or the declaration cannot take the buffered type.
    /// </summary>
    private static bool TryPlan(SemanticModel model, Diagnostic diagnostic, BaseObjectCreationExpressionSyntax creation, INamedTypeSymbol bufferedReader, CancellationToken cancellationToken, out Plan plan)
    {
        plan = default;

        // Over a caller's stream the proof counts on a runtime that reads nothing ahead from a stream that cannot seek:
        // the one whose reader also has Position (Streamline.Runtime of issue 12); an older runtime gets no fix there.
        bool callersStream = diagnostic.Properties.TryGetValue(SL1002BufferSmallBinaryReadsAnalyzer.CallersStreamProperty, out string? value) && value == "true";
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
            plan = new Plan(receivers, declaredType: null);
            return true;
        }

        if (RuntimeTypes.BufferedBinaryReaderPosition(bufferedReader) is null || declaration.Variables.Count != 1)
            return false;

        plan = new Plan(receivers, declaration.Type.IsVar ? null : declaration.Type);
        return true;
    }

    /// <summary>The construction the analyzer proved safe to replace, or null.</summary>
    private static BaseObjectCreationExpressionSyntax? FindCreation(SyntaxNode root, Diagnostic diagnostic)
    {
        if (!diagnostic.Properties.TryGetValue(SL1002BufferSmallBinaryReadsAnalyzer.CanFixProperty, out string? canFix) || canFix != "true")
            return null;

        SyntaxNode node = root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true);
        return node as BaseObjectCreationExpressionSyntax;
    }

    private readonly struct Plan
    {
        public Plan(List<KeyValuePair<SyntaxNode, ExpressionSyntax>> positionReceivers, TypeSyntax? declaredType)
        {
            PositionReceivers = positionReceivers;
            DeclaredType = declaredType;
        }

        /// <summary>Each receiver of a <c>Position</c> read to replace, with the reader that replaces it.</summary>
        public List<KeyValuePair<SyntaxNode, ExpressionSyntax>> PositionReceivers { get; }

        public TypeSyntax? DeclaredType { get; }
    }
}
