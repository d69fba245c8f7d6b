using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Streamline.Analyzers;

/// <summary>
/// The performance rules stay quiet in test projects: a test's expected value is an oracle (<c>File.ReadAllLines(p).Length</c>
/// checks the code under test), and a fix would make the test check the code against itself; test code is not where a
/// program spends its I/O. A project is a test project when MSBuild says so (<c>IsTestProject</c>, which the test SDK
/// sets) or, where Streamline's props are not imported, when it references a test framework (xunit, NUnit, MSTest,
/// TUnit). <c>&lt;StreamlineAnalyzeTestProjects&gt;true&lt;/StreamlineAnalyzeTestProjects&gt;</c> (or
/// <c>build_property.StreamlineAnalyzeTestProjects = true</c> in a global config) turns the rules on there; a value
/// other than true or false is SL0001's.
/// </summary>
internal static class TestProjects
{
    internal const string IsTestProjectProperty = "build_property.IsTestProject";
    internal const string AnalyzeProperty = "build_property.StreamlineAnalyzeTestProjects";

    private static readonly string[] s_testFrameworks =
    [
        "xunit.core", "xunit.v3.core", "nunit.framework", "Microsoft.VisualStudio.TestPlatform.TestFramework", "TUnit.Core",
    ];

    /// <summary>Whether the rules stay quiet in this compilation: a test project that has not turned them on.</summary>
    public static bool AreQuiet(Compilation compilation, AnalyzerOptions options)
        => QuietByOptions(compilation, options) ?? ReferencesTestFramework(compilation);

    /// <summary>What MSBuild's properties say (quiet or not), or null where they say nothing and the references decide
    /// (<see cref="ReferencesTestFramework"/>). Reads no symbol, so a compilation start action may ask.</summary>
    public static bool? QuietByOptions(Compilation compilation, AnalyzerOptions options)
    {
        SyntaxTree? tree = compilation.SyntaxTrees.FirstOrDefault();
        if (tree is null)
            return false;

        var config = options.AnalyzerConfigOptionsProvider.GetOptions(tree);
        if (config.TryGetValue(AnalyzeProperty, out string? analyze) && IsTrue(analyze))
            return false;

        if (config.TryGetValue(IsTestProjectProperty, out string? isTest) && !string.IsNullOrWhiteSpace(isTest))
            return IsTrue(isTest);

        return null;
    }

    /// <summary>Whether the compilation references a test framework. The referenced assemblies' names make the compiler
    /// bind the references, so ask from an action that runs on bound code (<see cref="PerCompilation"/>).</summary>
    public static bool ReferencesTestFramework(Compilation compilation)
    {
        foreach (AssemblyIdentity reference in compilation.ReferencedAssemblyNames)
        {
            foreach (string framework in s_testFrameworks)
            {
                if (string.Equals(reference.Name, framework, StringComparison.OrdinalIgnoreCase))
                    return true;
            }
        }

        return false;
    }

    private static bool IsTrue(string value) => string.Equals(value.Trim(), "true", StringComparison.OrdinalIgnoreCase);
}
