using System.Reflection;
using System.Resources;
using Microsoft.CodeAnalysis;

namespace Streamline.Generator;

/// <summary>
/// The generator's one diagnostic, SL0002. Its texts are the analyzers' own Resources.resx, embedded here too (the
/// generator does not reference the analyzers); a test keeps the id equal to <c>RuleIds.RuntimeTypeUnavailable</c>.
/// </summary>
internal static class GeneratorDescriptors
{
    /// <summary>The id, as registered in <c>src/Analyzers/RuleIds.cs</c> (RuntimeTypeUnavailable).</summary>
    public const string RuntimeTypeUnavailableId = "SL0002";

    private static readonly ResourceManager s_resources = new("Streamline.Generator.AnalyzerResources", typeof(GeneratorDescriptors).Assembly);

    public static readonly DiagnosticDescriptor RuntimeTypeUnavailable = new(
        RuntimeTypeUnavailableId,
        Text(RuntimeTypeUnavailableId + "Title"),
        Text(RuntimeTypeUnavailableId + "Message"),
        "Configuration", // Descriptors.ConfigurationCategory: SL0xxx are about Streamline's own set-up
        DiagnosticSeverity.Warning,
        isEnabledByDefault: true,
        Text(RuntimeTypeUnavailableId + "Description"),
        HelpLinks.For(typeof(GeneratorDescriptors).Assembly, RuntimeTypeUnavailableId));

    private static LocalizableResourceString Text(string name) => new(name, s_resources, typeof(GeneratorDescriptors));
}

/// <summary>Help links to the rule pages at the commit that was built (as the analyzers' <c>Descriptors</c> link), not of
/// the main branch and not of a version tag, which releases do not get.</summary>
internal static class HelpLinks
{
    public const string Repository = "https://github.com/streamline-analyzers/streamline";

    public static string For(Assembly assembly, string id)
        => Repository + "/blob/" + SourceRef(assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion) + "/docs/rules/" + id + ".md";

    /// <summary>The commit SourceLink records, which the SDK appends to the informational version (<c>0.1.0+&lt;commit&gt;</c>,
    /// or <c>.&lt;commit&gt;</c> after a version that has build metadata already); <c>main</c> for a build outside git.</summary>
    public static string SourceRef(string? informationalVersion)
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
}
