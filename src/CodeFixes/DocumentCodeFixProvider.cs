using System.Collections.Immutable;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace Streamline.CodeFixes;

/// <summary>
/// The shape of a Streamline fix with one kind of action: the action is offered for each diagnostic the fix can prove
/// safe, and Fix All applies all of a document's diagnostics in one pass, so edits they share (a <c>using</c>, a cached
/// field) are made once.
/// </summary>
public abstract class DocumentCodeFixProvider : CodeFixProvider
{
    private readonly string _titleResource;
    private readonly string _equivalenceKey;

    /// <param name="titleResource">The name of the action's title in the analyzers' resources.</param>
    /// <param name="equivalenceKey">A constant naming the kind of action, for Fix All.</param>
    protected DocumentCodeFixProvider(string titleResource, string equivalenceKey)
    {
        _titleResource = titleResource;
        _equivalenceKey = equivalenceKey;
    }

    public sealed override FixAllProvider GetFixAllProvider() => FixAllProvider.Create(
        (context, document, diagnostics) => FixKeepingLineEndingsAsync(document, diagnostics, context.CancellationToken)!);

    public sealed override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        SyntaxNode? root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
        SemanticModel? model = await context.Document.GetSemanticModelAsync(context.CancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
            return;

        foreach (Diagnostic diagnostic in context.Diagnostics)
        {
            if (!CanFix(context.Document, root, model, diagnostic, context.CancellationToken))
                continue;

            context.RegisterCodeFix(
                CodeAction.Create(
                    Analyzers.Resources.Get(TitleResource(diagnostic)),
                    cancellationToken => FixKeepingLineEndingsAsync(context.Document, ImmutableArray.Create(diagnostic), cancellationToken),
                    _equivalenceKey),
                diagnostic);
        }
    }

    private async Task<Document> FixKeepingLineEndingsAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
        => await LineEndings.KeepAsync(document, await FixAsync(document, diagnostics, cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false);

    /// <summary>The name of the action's title for <paramref name="diagnostic"/> in the analyzers' resources.</summary>
    protected virtual string TitleResource(Diagnostic diagnostic) => _titleResource;

    /// <summary>Whether the rewrite of <paramref name="diagnostic"/> is proven safe and available here.</summary>
    protected abstract bool CanFix(Document document, SyntaxNode root, SemanticModel model, Diagnostic diagnostic, CancellationToken cancellationToken);

    /// <summary>Fixes every diagnostic of <paramref name="diagnostics"/> that can be fixed, in one edit of the document.</summary>
    protected abstract Task<Document> FixAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken);
}
