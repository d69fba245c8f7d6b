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

    /// <summary>
    /// Whether C# 8 syntax (<c>??=</c>, a using declaration) compiles wherever <paramref name="tree"/> does: its own
    /// language version, and on a multi-targeted project every target's default, since each target compiles the same
    /// file and a fix must be the same, and compile, on all of them (net48 or netstandard2.0 beside net8.0 defaults to
    /// C# 7.3 there, also where the project raises LangVersion for all of them: the analyzer cannot see that).
    /// Without <paramref name="options"/>, the tree's own version only.
    /// </summary>
    public static bool CSharp8OnEveryTarget(SyntaxTree tree, AnalyzerOptions? options)
    {
        if (tree.Options is not Microsoft.CodeAnalysis.CSharp.CSharpParseOptions parse || parse.LanguageVersion < Microsoft.CodeAnalysis.CSharp.LanguageVersion.CSharp8)
            return false;

        if (options is null)
            return true; // a fix checks its linked targets itself (LinkedTargets in the code fixes)

        foreach (string framework in Of(options, tree))
        {
            if (!DefaultsToCSharp8OrLater(framework))
                return false;
        }

        return true;
    }

    /// <summary>netstandard2.1, netcoreapp3.0 and later, net5.0 and later: C# 8 or later by default. Anything else
    /// (net48, netstandard2.0, netcoreapp2.1, a platform this does not know) is taken as C# 7.3.</summary>
    private static bool DefaultsToCSharp8OrLater(string framework)
    {
        framework = framework.ToLowerInvariant();
        int dash = framework.IndexOf('-');
        if (dash >= 0)
            framework = framework.Substring(0, dash);

        if (framework.StartsWith("netstandard", System.StringComparison.Ordinal))
            return VersionAtLeast(framework.Substring("netstandard".Length), 2, 1);
        if (framework.StartsWith("netcoreapp", System.StringComparison.Ordinal))
            return VersionAtLeast(framework.Substring("netcoreapp".Length), 3, 0);
        return NetMajorVersion(framework) >= 5;
    }

    private static bool VersionAtLeast(string text, int major, int minor)
        => System.Version.TryParse(text, out System.Version? version) && (version.Major > major || version.Major == major && version.Minor >= minor);
}
