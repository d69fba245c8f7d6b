using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Streamline.Generator.Tests;

/// <summary>
/// The generator is cheap in the IDE: an edit that names no runtime type leaves every step after the syntax filter
/// cached, so nothing is regenerated; an edit that names one regenerates.
/// </summary>
public sealed class IncrementalityTests
{
    private const string Original = """
        using Streamline.Runtime;
        namespace Consumer
        {
            internal static class Lines
            {
                internal static long Count(string path) { return LineCounter.Count(path); }
            }
        }
        """;

    private const string Other = """
        namespace Consumer
        {
            internal static class Other
            {
                internal static int Twice(int value) { return value * 2; }
            }
        }
        """;

    [Fact]
    public void EditNamingNoRuntimeType_RegeneratesNothing()
    {
        CSharpCompilation first = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { Original, Other });
        GeneratorDriver driver = GeneratorHarness.Driver(first, trackSteps: true).RunGenerators(first);
        GeneratorRunResult firstRun = driver.GetRunResult().Results.Single();
        Assert.NotEmpty(firstRun.GeneratedSources);

        // A method body changes in a file that names no runtime type.
        SyntaxTree otherTree = first.SyntaxTrees.Single(t => t.ToString().Contains("Twice"));
        SyntaxTree edited = otherTree.WithChangedText(otherTree.GetText().Replace(otherTree.ToString().IndexOf("value * 2"), "value * 2".Length, "value + value + 0"));
        CSharpCompilation second = first.ReplaceSyntaxTree(otherTree, edited);
        GeneratorRunResult secondRun = driver.RunGenerators(second).GetRunResult().Results.Single();

        AssertAll(secondRun, RuntimeSourceGenerator.NamesStep, IncrementalStepRunReason.Unchanged, IncrementalStepRunReason.Cached);
        AssertAll(secondRun, RuntimeSourceGenerator.RequestStep, IncrementalStepRunReason.Unchanged, IncrementalStepRunReason.Cached);
        AssertOutputs(secondRun, IncrementalStepRunReason.Cached);
        Assert.Equal(firstRun.GeneratedSources.Select(s => s.SourceText.ToString()), secondRun.GeneratedSources.Select(s => s.SourceText.ToString()));
    }

    [Fact]
    public void EditAddingAnotherUseOfTheSameType_RegeneratesNothing()
    {
        CSharpCompilation first = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { Original, Other });
        GeneratorDriver driver = GeneratorHarness.Driver(first, trackSteps: true).RunGenerators(first);

        SyntaxTree otherTree = first.SyntaxTrees.Single(t => t.ToString().Contains("Twice"));
        SyntaxTree edited = otherTree.WithChangedText(Microsoft.CodeAnalysis.Text.SourceText.From(
            "using Streamline.Runtime;\n" + otherTree.ToString().Replace("return value * 2;", "return (int)LineCounter.Count(\"x\") * value;")));
        GeneratorRunResult secondRun = driver.RunGenerators(first.ReplaceSyntaxTree(otherTree, edited)).GetRunResult().Results.Single();

        AssertAll(secondRun, RuntimeSourceGenerator.RequestStep, IncrementalStepRunReason.Unchanged, IncrementalStepRunReason.Cached);
        AssertOutputs(secondRun, IncrementalStepRunReason.Cached);
    }

    [Fact]
    public void EditNamingANewRuntimeType_Regenerates()
    {
        CSharpCompilation first = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { Original, Other });
        GeneratorDriver driver = GeneratorHarness.Driver(first, trackSteps: true).RunGenerators(first);
        Assert.DoesNotContain(driver.GetRunResult().Results.Single().GeneratedSources, s => s.HintName.Contains("SkipReader"));

        SyntaxTree otherTree = first.SyntaxTrees.Single(t => t.ToString().Contains("Twice"));
        SyntaxTree edited = otherTree.WithChangedText(Microsoft.CodeAnalysis.Text.SourceText.From(
            "using Streamline.Runtime;\n" + otherTree.ToString().Replace("internal static int Twice", "internal static System.Type Skip() { return typeof(SkipReader); }\n        internal static int Twice")));
        GeneratorRunResult secondRun = driver.RunGenerators(first.ReplaceSyntaxTree(otherTree, edited)).GetRunResult().Results.Single();

        AssertAll(secondRun, RuntimeSourceGenerator.RequestStep, IncrementalStepRunReason.Modified);
        Assert.Contains(secondRun.GeneratedSources, s => s.HintName == "Streamline.Runtime.SkipReader.g.cs");
    }

    [Fact]
    public void EditInAProjectWithItsOwnLineCounter_ProbesAndRegeneratesNothing()
    {
        const string own = """
            namespace Consumer
            {
                internal static class LineCounter { internal static int Count(string path) { return path.Length; } }
                internal static class Uses { internal static int Lines(string path) { return LineCounter.Count(path); } }
            }
            """;
        CSharpCompilation first = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { own, Other });
        GeneratorDriver driver = GeneratorHarness.Driver(first, trackSteps: true).RunGenerators(first);
        GeneratorHarness.AssertNamespaceOnly(driver.GetRunResult().Results.Single());

        SyntaxTree ownTree = first.SyntaxTrees.Single(t => t.ToString().Contains("class Uses"));
        SyntaxTree edited = ownTree.WithChangedText(Microsoft.CodeAnalysis.Text.SourceText.From(ownTree.ToString().Replace("return LineCounter.Count(path);", "return LineCounter.Count(path) + LineCounter.Count(path);")));
        GeneratorRunResult secondRun = driver.RunGenerators(first.ReplaceSyntaxTree(ownTree, edited)).GetRunResult().Results.Single();

        GeneratorHarness.AssertNamespaceOnly(secondRun);
        AssertAll(secondRun, RuntimeSourceGenerator.NamesStep, IncrementalStepRunReason.Unchanged, IncrementalStepRunReason.Cached);
        AssertAll(secondRun, RuntimeSourceGenerator.RequestStep, IncrementalStepRunReason.Unchanged, IncrementalStepRunReason.Cached);
        Assert.All(secondRun.TrackedSteps[RuntimeSourceGenerator.CompilationStep].SelectMany(s => s.Outputs), o => Assert.Null(o.Value));
    }

    [Fact]
    public void ProjectNamingNoRuntimeType_IsNotProbed()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { Other });
        GeneratorRunResult run = GeneratorHarness.Driver(compilation, trackSteps: true).RunGenerators(compilation).GetRunResult().Results.Single();

        GeneratorHarness.AssertNamespaceOnly(run);
        Assert.All(run.TrackedSteps[RuntimeSourceGenerator.CompilationStep].SelectMany(s => s.Outputs), o => Assert.Null(o.Value));
    }

    /// <summary>
    /// A compilation whose text names no runtime type is neither walked nor bound: the text search passes every tree
    /// over (the namespace file included), so the walk gets no tree.
    /// </summary>
    [Fact]
    public void ProjectNamingNoRuntimeType_IsNotWalked()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { Other, Other.Replace("class Other", "class Another") });
        GeneratorRunResult run = GeneratorHarness.Driver(compilation, trackSteps: true).RunGenerators(compilation).GetRunResult().Results.Single();

        Assert.True(run.TrackedSteps.TryGetValue(RuntimeSourceGenerator.CandidatesStep, out System.Collections.Immutable.ImmutableArray<IncrementalGeneratorRunStep> candidates), "no text search step: " + string.Join(", ", run.TrackedSteps.Keys));
        IncrementalGeneratorRunStep searched = Assert.Single(candidates);
        Assert.Empty((System.Collections.Immutable.ImmutableArray<SyntaxTree>)Assert.Single(searched.Outputs).Value);
        Assert.All(run.TrackedSteps[RuntimeSourceGenerator.UsesStep].SelectMany(s => s.Outputs), o => Assert.Equal(default(RuntimeScan), o.Value));
    }

    [Theory]
    [InlineData("namespace N { class C { } }", false)]
    [InlineData("namespace N { class C { object F() { return \"LineCounter\"; } } }", true)]  // text only: walked, nothing found
    [InlineData("namespace N { class C { object F() { return typeof(\\u004CineCounter); } } }", true)]
    [InlineData("global using Streamline.Runtime;", true)]
    [InlineData("namespace Streamline.Tools { class C { } }", false)]
    public void TextSearch_PassesOverOnlyTreesThatCannotNameARuntimeType(string source, bool walked)
        => Assert.Equal(walked, RuntimeText.MayName(CSharpSyntaxTree.ParseText(source, path: "A.cs")));

    [Fact]
    public void EscapedName_IsStillFound()
    {
        const string escaped = "using Streamline.Runtime;\nnamespace Consumer { internal static class Lines { internal static long Count(string path) { return \\u004CineCounter.Count(path); } } }";
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { escaped });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        Assert.Contains(run.GeneratedSources, s => s.HintName == "Streamline.Runtime.LineCounter.g.cs");
        GeneratorHarness.AssertClean(output);
    }

    [Fact]
    public void EntryNames_AreTheRuntimesPublicTypes_OnEveryApiLevel()
    {
        var publicTypes = new SortedSet<string>(System.StringComparer.Ordinal);
        foreach (RuntimeFeatures features in new[] { RuntimeFeatures.None, RuntimeFeatures.Spans, RuntimeFeatures.Spans | RuntimeFeatures.Net5, RuntimeFeatures.Spans | RuntimeFeatures.Net5 | RuntimeFeatures.Net6, RuntimeFeatures.Spans | RuntimeFeatures.Net5 | RuntimeFeatures.Net6 | RuntimeFeatures.Net8 })
            publicTypes.UnionWith(RuntimeCatalog.Get(features).PublicTypes);

        Assert.Equal(publicTypes, new SortedSet<string>(RuntimeCatalog.EntryNames, System.StringComparer.Ordinal));
    }

    private static void AssertAll(GeneratorRunResult run, string step, params IncrementalStepRunReason[] allowed)
    {
        Assert.True(run.TrackedSteps.TryGetValue(step, out System.Collections.Immutable.ImmutableArray<IncrementalGeneratorRunStep> steps), "step " + step + " was not tracked");
        IEnumerable<IncrementalStepRunReason> reasons = steps.SelectMany(s => s.Outputs).Select(o => o.Reason).ToArray();
        Assert.NotEmpty(reasons);
        Assert.All(reasons, r => Assert.Contains(r, allowed));
    }

    private static void AssertOutputs(GeneratorRunResult run, params IncrementalStepRunReason[] allowed)
    {
        IEnumerable<IncrementalStepRunReason> reasons = run.TrackedOutputSteps.SelectMany(p => p.Value).SelectMany(s => s.Outputs).Select(o => o.Reason).ToArray();
        Assert.NotEmpty(reasons);
        Assert.All(reasons, r => Assert.Contains(r, allowed));
    }
}
