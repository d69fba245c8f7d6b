using System;
using System.Reflection;
using Microsoft.CodeAnalysis;

namespace Streamline.Analyzers;

/// <summary>Creates every Streamline descriptor the same way: texts from the resources, help link to the rule's page.</summary>
internal static class Descriptors
{
    public const string Category = "Performance";

    /// <summary>
    /// The category of SL0xxx, the diagnostics about Streamline's own configuration (SL0001, and the generator's SL0002):
    /// a team that turns a category of performance rules off (<c>dotnet_analyzer_diagnostic.category-Performance.severity
    /// = none</c>) keeps them.
    /// </summary>
    public const string ConfigurationCategory = "Configuration";

    /// <summary>
    /// Where every rule's page lives, in the docs of the commit the package was built from (not the main branch, whose
    /// pages may describe a newer rule, and not a version tag, which releases do not get); a descriptor links to
    /// <c>{HelpLinkBase}{id}.md</c>.
    /// </summary>
    public static readonly string HelpLinkBase = HelpLinks.Repository + "/blob/"
        + HelpLinks.SourceRef(typeof(Descriptors).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion)
        + "/docs/rules/";

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
            id.StartsWith("SL0", StringComparison.Ordinal) ? ConfigurationCategory : Category,
            defaultSeverity,
            isEnabledByDefault,
            Text(id + "Description"),
            HelpLinkBase + id + ".md",
            customTags);
    }

    /// <summary>
    /// The suggestion sibling of a rule (SL1102 of SL1002): the same pattern on weaker evidence (see
    /// Evidence/TieredRule), reported as a suggestion (Info: the IDE shows it, <c>dotnet format --severity info</c> fixes
    /// it, and no build fails on it by default). Its title is its own; its message, description and page are the rule's.
    /// </summary>
    public static DiagnosticDescriptor CreateSuggestion(string id, string warningId, params string[] customTags)
    {
        return new DiagnosticDescriptor(
            id,
            Text(id + "Title"),
            Text(warningId + "Message"),
            Category,
            DiagnosticSeverity.Info,
            isEnabledByDefault: true,
            Text(warningId + "Description"),
            HelpLinkBase + warningId + ".md",
            customTags);
    }

    private static LocalizableResourceString Text(string name)
        => new(name, Resources.ResourceManager, typeof(Resources));
}
