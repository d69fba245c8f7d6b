using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Streamline.CodeFixes;

/// <summary>
/// The other targets that compile a document: in a multi-targeted project each target is a project of its own, and the
/// file is a linked document in each (<see cref="Document.GetLinkedDocumentIds"/>). <c>dotnet format</c> and Fix All
/// fix every target, then merge the texts; where two targets wrote different text at one place the merge writes
/// conflict markers. So a fix whose text depends on the language or the target asks all of them, which works with or
/// without the package's build props (<c>IncludeAssets="analyzers"</c>).
/// </summary>
internal static class LinkedTargets
{
    /// <summary>
    /// The lowest C# version among the document's project and the projects it is linked into: a
    /// <c>net8.0;netstandard2.0</c> library without <c>&lt;LangVersion&gt;</c> compiles the file as C# 12 and as C# 7.3,
    /// and the fix must compile, and be the same text, on both.
    /// </summary>
    public static LanguageVersion LowestLanguageVersion(Document document)
    {
        LanguageVersion lowest = Version(document.Project);
        foreach (DocumentId id in document.GetLinkedDocumentIds())
        {
            if (document.Project.Solution.GetProject(id.ProjectId) is { } project && Version(project) < lowest)
                lowest = Version(project);
        }

        return lowest;
    }

    /// <summary>
    /// Whether every other target that compiles the document defines <paramref name="symbol"/> (the SDK's
    /// <c>NET8_0_OR_GREATER</c>, say): a fix that writes an API of .NET 8 writes it only where every target has it.
    /// True for a document in one project.
    /// </summary>
    public static bool EveryOtherDefines(Document document, string symbol)
    {
        foreach (DocumentId id in document.GetLinkedDocumentIds())
        {
            if (document.Project.Solution.GetProject(id.ProjectId)?.ParseOptions is not { } options
                || !options.PreprocessorSymbolNames.Contains(symbol))
            {
                return false;
            }
        }

        return true;
    }

    private static LanguageVersion Version(Project project)
        => project.ParseOptions is CSharpParseOptions options ? options.LanguageVersion : LanguageVersion.CSharp1;
}
