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
