using System;
using System.Collections.Immutable;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Streamline.Analyzers;

/// <summary>
/// The targets of a multi-targeted project: MSBuild's <c>TargetFrameworks</c>, made visible by Streamline's targets
/// file as <c>build_property.StreamlineTargetFrameworks</c> with commas (a ';' would start a comment there). Each
/// target compiles the same files, so a rule that decides by target decides from all of them, and every target reports
/// the same calls with the same fix text (<c>dotnet format</c> and Fix All then merge one change, not conflict markers).
/// </summary>
internal static class ProjectTargets
{
    /// <summary>The project's target frameworks, trimmed; empty for a project with one target or without the targets file.</summary>
    public static ImmutableArray<string> Of(AnalyzerOptions options, SyntaxTree tree)
    {
        if (!options.AnalyzerConfigOptionsProvider.GetOptions(tree).TryGetValue(KnownNames.TargetFrameworksProperty, out string? frameworks)
            || string.IsNullOrWhiteSpace(frameworks))
        {
            return ImmutableArray<string>.Empty;
        }

        ImmutableArray<string>.Builder targets = ImmutableArray.CreateBuilder<string>();
        foreach (string part in frameworks.Split(',', ';'))
        {
            string framework = part.Trim();
            if (framework.Length != 0)
                targets.Add(framework);
        }

        return targets.ToImmutable();
    }

    /// <summary>
    /// The major version of a .NET 5 or later target: <c>net6.0</c>, <c>net8.0-windows</c>, <c>net10.0</c> ("net", a
    /// number, a dot). Null for <c>net48</c> and <c>net472</c> (no dot), <c>netstandard2.0</c>, <c>netcoreapp3.1</c>
    /// and anything else.
    /// </summary>
    public static int? NetMajorVersion(string framework)
    {
        if (!framework.StartsWith("net", StringComparison.OrdinalIgnoreCase))
            return null;

        int dot = framework.IndexOf('.');
        return dot > 3 && int.TryParse(framework.Substring(3, dot - 3), NumberStyles.None, CultureInfo.InvariantCulture, out int major)
            ? major
            : null;
    }
}
