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
    public static readonly string HelpLinkBase = "https://github.com/streamline-analyzers/streamline/blob/"
        + SourceRef(typeof(Descriptors).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion)
        + "/docs/rules/";

    /// <summary>
    /// The commit SourceLink records, which the SDK appends to the informational version (<c>0.1.0+&lt;commit&gt;</c>, or
    /// <c>.&lt;commit&gt;</c> after a version that has build metadata already); <c>main</c> for a build outside git.
    /// </summary>
    internal static string SourceRef(string? informationalVersion)
    {
        int plus = informationalVersion?.IndexOf('+') ?? -1;
        if (plus < 0)
            return "main";
        string metadata = informationalVersion!.Substring(plus + 1);
        string commit = metadata.Substring(metadata.LastIndexOf('.') + 1);
        if (commit.Length != 40)
            return "main";
        foreach (char c in commit)
        {
            if (!(c is >= '0' and <= '9' or >= 'a' and <= 'f'))
                return "main";
        }

        return commit;
    }

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

    private static LocalizableResourceString Text(string name)
        => new(name, Resources.ResourceManager, typeof(Resources));
}
