using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;

namespace Streamline.Generator.Tests;

/// <summary>
/// The generator decides from what the code binds to, not from simple names: a project's own <c>LineCounter</c> pulls
/// nothing in; a name that would be Streamline.Runtime's (qualified, imported, or by a global using) does. Turned off
/// with no Streamline.Runtime assembly, each such use is reported as SL0002.
/// </summary>
public sealed class SymbolScopeTests
{
    private const string OwnLineCounter = """
        namespace Consumer
        {
            internal static class LineCounter
            {
                internal static int Count(string path) { return path.Length; }
            }

            internal static class Uses
            {
                internal static int Lines(string path) { return LineCounter.Count(path); }
                internal static System.Type Type() { return typeof(LineCounter); }
            }
        }
        """;

    private const string UsesRuntime = """
        using Streamline.Runtime;
        namespace Consumer
        {
            internal static class Lines
            {
                internal static long Count(string path) { return LineCounter.Count(path); }
            }
        }
        """;

    private static readonly Dictionary<string, string> s_off = new() { [RuntimeSourceGenerator.EnabledProperty] = "false" };

    [Fact]
    public void ProjectsOwnLineCounter_PullsNothingIn()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { OwnLineCounter });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        GeneratorHarness.AssertNamespaceOnly(run);
        GeneratorHarness.AssertClean(output);
    }

    [Fact]
    public void ProjectsOwnLineCounter_InAnImportedNamespace_PullsNothingIn()
    {
        const string library = "namespace Tools { internal static class LineCounter { internal static int Count(string path) { return 1; } } }";
        const string user = "using Tools;\nnamespace Consumer { internal static class Uses { internal static int Lines(string path) { return LineCounter.Count(path); } } }";
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { library, user });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        GeneratorHarness.AssertNamespaceOnly(run);
        GeneratorHarness.AssertClean(output);
    }

    [Fact]
    public void ProjectsOwnLineCounter_IsNotProbed()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { OwnLineCounter });
        GeneratorRunResult run = GeneratorHarness.Driver(compilation, trackSteps: true).RunGenerators(compilation).GetRunResult().Results.Single();

        Assert.All(run.TrackedSteps[RuntimeSourceGenerator.CompilationStep].SelectMany(s => s.Outputs), o => Assert.Null(o.Value));
    }

    [Fact]
    public void ProjectsOwnLineCounter_BesideARuntimeType_EmitsOnlyTheRuntimeType()
    {
        const string user = """
            using Streamline.Runtime;
            namespace Consumer
            {
                internal static class Uses
                {
                    internal static int Lines(string path) { return LineCounter.Count(path); }
                    internal static object Skip(System.IO.Stream s) { return new SkipReader(s, leaveOpen: true); }
                }
            }
            """;
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { OwnLineCounter.Replace("internal static class Uses", "internal static class OwnUses"), user });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        Assert.Contains(run.GeneratedSources, s => s.HintName == "Streamline.Runtime.SkipReader.g.cs");
        Assert.DoesNotContain(run.GeneratedSources, s => s.HintName.StartsWith("Streamline.Runtime.LineCounter", System.StringComparison.Ordinal));
        GeneratorHarness.AssertClean(output);
    }

    [Fact]
    public void UnqualifiedNameWithoutImport_EmitsTheNamespaceOnly()
    {
        const string user = "namespace Consumer { internal static class Uses { internal static long Lines(string path) { return LineCounter.Count(path); } } }";
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { user });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        GeneratorHarness.AssertNamespaceOnly(run);
        Assert.Contains(output.GetDiagnostics(), d => d.Id == "CS0103");
    }

    [Fact]
    public void MemberOfSomethingElse_EmitsTheNamespaceOnly()
    {
        const string user = """
            namespace Consumer
            {
                internal sealed class Holder { internal int LineCounter; }
                internal static class Uses { internal static int Lines(Holder h) { return h.LineCounter; } }
            }
            """;
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { user });
        (_, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        GeneratorHarness.AssertNamespaceOnly(run);
    }

    [Theory]
    [InlineData("Streamline.Runtime.LineCounter.Count(path)")]
    [InlineData("global::Streamline.Runtime.LineCounter.Count(path)")]
    public void QualifiedName_Emits(string call)
    {
        string user = "namespace Consumer { internal static class Uses { internal static long Lines(string path) { return " + call + "; } } }";
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { user });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        Assert.Contains(run.GeneratedSources, s => s.HintName == "Streamline.Runtime.LineCounter.g.cs");
        GeneratorHarness.AssertClean(output);
    }

    [Fact]
    public void GlobalUsingInAnotherFile_Emits()
    {
        const string usings = "global using global::Streamline.Runtime;";
        const string user = "namespace Consumer { internal static class Uses { internal static long Lines(string path) { return LineCounter.Count(path); } } }";
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { usings, user });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        Assert.Contains(run.GeneratedSources, s => s.HintName == "Streamline.Runtime.LineCounter.g.cs");
        GeneratorHarness.AssertClean(output);
    }

    [Fact]
    public void UsingInsideANamespace_Emits()
    {
        const string user = "namespace Consumer { using Streamline.Runtime; internal static class Uses { internal static long Lines(string path) { return LineCounter.Count(path); } } }";
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { user });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        Assert.Contains(run.GeneratedSources, s => s.HintName == "Streamline.Runtime.LineCounter.g.cs");
        GeneratorHarness.AssertClean(output);
    }

    [Fact]
    public void TurnedOff_WithoutTheRuntimeAssembly_ReportsSL0002AtEachUse()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { UsesRuntime });
        GeneratorHarness.Driver(compilation, s_off).RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> diagnostics);

        Diagnostic sl0002 = Assert.Single(diagnostics);
        Assert.Equal("SL0002", sl0002.Id);
        Assert.Equal(DiagnosticSeverity.Warning, sl0002.DefaultSeverity);
        Assert.Contains("'LineCounter' is a Streamline.Runtime type", sl0002.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
        Assert.Contains("PackageReference Include=\"Streamline.Runtime\"", sl0002.GetMessage(System.Globalization.CultureInfo.InvariantCulture), System.StringComparison.Ordinal);
        FileLinePositionSpan where = sl0002.Location.GetLineSpan();
        Assert.Equal("Source0.cs", where.Path);
        Assert.Equal(5, where.StartLinePosition.Line);
        Assert.Equal(UsesRuntime.Split('\n')[5].IndexOf("LineCounter", System.StringComparison.Ordinal), where.StartLinePosition.Character);
        Assert.Equal(RuntimeSourceGenerator.NamespaceHintName, System.IO.Path.GetFileName(Assert.Single(output.SyntaxTrees.Skip(compilation.SyntaxTrees.Length)).FilePath));
    }

    [Fact]
    public void TurnedOff_WithTheRuntimeAssembly_ReportsNothing()
    {
        MetadataReference runtime = RuntimeAssembly();
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { UsesRuntime }, extraReferences: new[] { runtime });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation, s_off);

        GeneratorHarness.AssertNamespaceOnly(run);
        GeneratorHarness.AssertClean(output);
    }

    [Fact]
    public void TurnedOff_OwnLineCounter_ReportsNothing()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { OwnLineCounter });
        (_, GeneratorRunResult run) = GeneratorHarness.Run(compilation, s_off);

        GeneratorHarness.AssertNamespaceOnly(run);
    }

    [Fact]
    public void On_ReportsNothing()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { UsesRuntime });
        (Compilation output, _) = GeneratorHarness.Run(compilation);

        GeneratorHarness.AssertClean(output);
    }

    [Fact]
    public void SL0002_IsRegistered_WithItsTexts_AndAHelpLinkAtTheCommitBuilt()
    {
        string ruleIds = File.ReadAllText(Path.Combine(GeneratorHarness.Metadata("RuntimeSourceDirectory"), "..", "Analyzers", "RuleIds.cs"));
        Assert.Contains("RuntimeTypeUnavailable = \"" + GeneratorDescriptors.RuntimeTypeUnavailableId + "\";", ruleIds, System.StringComparison.Ordinal);

        DiagnosticDescriptor descriptor = GeneratorDescriptors.RuntimeTypeUnavailable;
        Assert.Equal("The build has no source for this Streamline.Runtime type", descriptor.Title.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.False(descriptor.MessageFormat.ToString(System.Globalization.CultureInfo.InvariantCulture).EndsWith(".", System.StringComparison.Ordinal));
        Assert.NotEqual("SL0002Description", descriptor.Description.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal("Configuration", descriptor.Category); // with SL0001: silencing the Performance category keeps it
        // At the commit built (a build outside git links to main); never a version tag, which releases do not get.
        string builtRef = Directory.Exists(Path.Combine(GeneratorHarness.Metadata("RuntimeSourceDirectory"), "..", "..", ".git"))
            || File.Exists(Path.Combine(GeneratorHarness.Metadata("RuntimeSourceDirectory"), "..", "..", ".git")) ? "[0-9a-f]{40}" : "main";
        Assert.Matches(@"^https://github\.com/streamline-analyzers/streamline/blob/" + builtRef + @"/docs/rules/SL0002\.md$", descriptor.HelpLinkUri);
        Assert.Equal("main", HelpLinks.SourceRef("0.1.0"));
        Assert.True(File.Exists(Path.Combine(GeneratorHarness.Metadata("RuntimeSourceDirectory"), "..", "..", "docs", "rules", "SL0002.md")));
    }

    private static MetadataReference RuntimeAssembly()
    {
        CSharpCompilation runtime = CSharpCompilation.Create(
            "Streamline.Runtime",
            new[] { CSharpSyntaxTree.ParseText("namespace Streamline.Runtime { public static class LineCounter { public static long Count(string path) { return 7; } } }") },
            Basic.Reference.Assemblies.Net80.References.All,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        using var stream = new MemoryStream();
        EmitResult result = runtime.Emit(stream);
        Assert.True(result.Success);
        return MetadataReference.CreateFromImage(stream.ToArray());
    }
}
