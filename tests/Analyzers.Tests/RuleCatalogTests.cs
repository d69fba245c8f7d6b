using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;
using Streamline.Analyzers.Tests.Verifiers;

namespace Streamline.Analyzers.Tests;

/// <summary>Keeps every rule complete: id registry, docs page, release notes, README, fix, benchmark pair.</summary>
public class RuleCatalogTests
{
    public static TheoryData<string> Ids()
    {
        var data = new TheoryData<string>();
        foreach (var descriptor in Descriptors().Select(d => d.Id).Distinct())
            data.Add(descriptor);
        return data;
    }

    private static IEnumerable<DiagnosticDescriptor> Descriptors()
        => AnalyzerRunner.AllAnalyzers.SelectMany(a => a.SupportedDiagnostics);

    private static DiagnosticDescriptor Descriptor(string id) => Descriptors().First(d => d.Id == id);

    [Fact]
    public void EveryRegisteredIdHasAnAnalyzerOrIsReserved()
    {
        var ids = typeof(RuleIds).GetFields(BindingFlags.Public | BindingFlags.Static).Select(f => (string)f.GetValue(null)!).ToList();
        Assert.Equal(ids.Count, ids.Distinct().Count());
        Assert.All(Descriptors(), d => Assert.Contains(d.Id, ids));
    }

    [Theory]
    [MemberData(nameof(Ids))]
    public void HelpLinkPointsAtAnExistingPage(string id)
    {
        var descriptor = Descriptor(id);
        id = RuleIds.WarningIdOf(id); // a suggestion sibling is documented on its warning's page
        Assert.EndsWith("/docs/rules/" + id + ".md", descriptor.HelpLinkUri, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(RepositoryRoot, "docs", "rules", id + ".md")), $"docs/rules/{id}.md is missing");

        // At the commit this assembly was built from (SourceLink's), which has the page; never a tag, which releases do
        // not get (blob/v0.1.0 was a dead link).
        string? version = typeof(RuleIds).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion;
        if (Path.Exists(Path.Combine(RepositoryRoot, ".git")))
            Assert.Matches(@"\+[0-9a-f]{40}$", version);
        Assert.Equal(
            "https://github.com/streamline-analyzers/streamline/blob/" + Streamline.HelpLinks.SourceRef(version) + "/docs/rules/" + id + ".md",
            descriptor.HelpLinkUri);
    }

    [Theory]
    [InlineData("0.1.0+0123456789abcdef0123456789abcdef01234567", "0123456789abcdef0123456789abcdef01234567")]
    [InlineData("1.0.0-beta+build.5.0123456789abcdef0123456789abcdef01234567", "0123456789abcdef0123456789abcdef01234567")]
    [InlineData("0.1.0", "main")]
    [InlineData("0.1.0+build5", "main")]
    [InlineData("0.1.0+0123456789ABCDEF0123456789ABCDEF01234567", "main")]
    [InlineData(null, "main")]
    public void HelpLinkRef_IsTheCommitBuilt_OrMainOutsideGit(string? informationalVersion, string expected)
        => Assert.Equal(expected, Streamline.HelpLinks.SourceRef(informationalVersion));

    [Theory]
    [MemberData(nameof(Ids))]
    public void TextsFollowTheConventions(string id)
    {
        var descriptor = Descriptor(id);
        string title = descriptor.Title.ToString();
        string message = descriptor.MessageFormat.ToString();
        Assert.False(string.IsNullOrWhiteSpace(title));
        Assert.False(title.EndsWith(".", StringComparison.Ordinal), "titles take no period");
        Assert.False(message.EndsWith(".", StringComparison.Ordinal), "messages take no final period");
        Assert.NotEqual(descriptor.Id + "Title", title);
        Assert.False(string.IsNullOrWhiteSpace(descriptor.Description.ToString()));
        // SL0xxx (configuration) in their own category, so silencing the Performance category keeps them.
        Assert.Equal(id.StartsWith("SL0", StringComparison.Ordinal) ? "Configuration" : "Performance", descriptor.Category);
    }

    [Theory]
    [MemberData(nameof(Ids))]
    public void IdIsInTheReleaseFileAndTheReadme(string id)
    {
        string releases = File.ReadAllText(Path.Combine(RepositoryRoot, "src", "Analyzers", "AnalyzerReleases.Unshipped.md"))
            + File.ReadAllText(Path.Combine(RepositoryRoot, "src", "Analyzers", "AnalyzerReleases.Shipped.md"));
        Assert.Contains(id + " |", releases, StringComparison.Ordinal);
        Assert.Contains("[" + id + "]", File.ReadAllText(Path.Combine(RepositoryRoot, "README.md")), StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Ids))]
    public void HasAFixOrSaysWhyNot(string id)
    {
        var fixers = typeof(Streamline.CodeFixes.Rules.SL1003CountLinesWithoutMaterializingCodeFix).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && typeof(CodeFixProvider).IsAssignableFrom(t))
            .Select(t => (CodeFixProvider)Activator.CreateInstance(t)!);
        bool hasFix = fixers.Any(f => f.FixableDiagnosticIds.Contains(id));
        bool saysWhyNot = AnalyzerRunner.AllAnalyzers
            .Where(a => a.SupportedDiagnostics.Any(d => d.Id == id))
            .Any(a => a.GetType().GetCustomAttribute<NoCodeFixAttribute>() is not null);
        Assert.True(hasFix || saysWhyNot, $"{id} has neither a code fix nor [NoCodeFix]");
    }

    [Theory]
    [MemberData(nameof(Ids))]
    public void HasABenchmarkPairAndATestClass(string id)
    {
        // SL0xxx ids report the set-up (options, packages), not slow code: they have nothing to measure. A suggestion
        // sibling shares its warning's pattern, fix, benchmark pair and tests.
        id = RuleIds.WarningIdOf(id);
        if (!id.StartsWith("SL0", StringComparison.Ordinal))
            Assert.NotEmpty(Directory.GetFiles(Path.Combine(RepositoryRoot, "tests", "Benchmarks"), id + "*Benchmarks.cs"));
        Assert.NotEmpty(Directory.GetFiles(Path.Combine(RepositoryRoot, "tests", "Analyzers.Tests", "Rules"), id + "*Tests.cs"));
    }

    [Fact]
    public void AnalyzersAndFixesAreInSeparateAssemblies()
    {
        var analyzerAssembly = typeof(RuleIds).Assembly;
        Assert.DoesNotContain(analyzerAssembly.GetReferencedAssemblies(), a => a.Name!.Contains("Workspaces", StringComparison.Ordinal));
        Assert.All(AnalyzerRunner.AllAnalyzers, a => Assert.NotNull(a.GetType().GetCustomAttribute<DiagnosticAnalyzerAttribute>()));
    }

    [Fact]
    public void AnalyzerIsBuiltAgainstRoslyn36()
    {
        var roslyn = typeof(RuleIds).Assembly.GetReferencedAssemblies().Single(a => a.Name == "Microsoft.CodeAnalysis");
        Assert.Equal(new Version(3, 6, 0, 0), roslyn.Version);
    }

    [Fact]
    public async Task NothingIsDownloaded_ReferencesComeFromDisk()
    {
        // The testing library downloads only the packages a ReferenceAssemblies names; ours names none.
        var none = TestReferenceAssemblies.None;
        Assert.Null(none.ReferenceAssemblyPackage);
        Assert.Empty(none.Packages);
        Assert.Empty(await none.ResolveAsync(LanguageNames.CSharp, CancellationToken.None));
        foreach (TestTarget target in Enum.GetValues<TestTarget>())
        {
            Assert.NotEmpty(TestReferenceAssemblies.Framework(target));
            Assert.True(File.Exists(((PortableExecutableReference)TestReferenceAssemblies.Runtime(target)).FilePath));
        }
    }

    internal static string RepositoryRoot { get; } = FindRepositoryRoot();

    private static string FindRepositoryRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "Analyzers.sln")))
                return directory.FullName;
        }

        throw new InvalidOperationException("Analyzers.sln not found above " + AppContext.BaseDirectory);
    }
}
