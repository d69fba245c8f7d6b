using Microsoft.CodeAnalysis;

namespace Streamline.Analyzers;

/// <summary>Creates every Streamline descriptor the same way: texts from the resources, help link to the rule's page.</summary>
internal static class Descriptors
{
    public const string Category = "Performance";

    /// <summary>Where every rule's page lives; a descriptor links to <c>{HelpLinkBase}{id}.md</c>.</summary>
    public const string HelpLinkBase = "https://github.com/streamline-analyzers/streamline/blob/main/docs/rules/";

    public static DiagnosticDescriptor Create(
        string id,
        DiagnosticSeverity defaultSeverity = DiagnosticSeverity.Warning,
        bool isEnabledByDefault = true,
        params string[] customTags)
    {
        return new DiagnosticDescriptor(
            id,
            Text(id + "Title"),
            Text(id + "Message"),
            Category,
            defaultSeverity,
            isEnabledByDefault,
            Text(id + "Description"),
            HelpLinkBase + id + ".md",
            customTags);
    }

    private static LocalizableResourceString Text(string name)
        => new(name, Resources.ResourceManager, typeof(Resources));
}
