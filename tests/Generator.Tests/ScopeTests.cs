using System.Collections.Generic;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;

namespace Streamline.Generator.Tests;

/// <summary>When the generator emits runtime types, and when it emits the namespace file alone.</summary>
public sealed class ScopeTests
{
    private const string UsesLineCounter = """
        using Streamline.Runtime;
        namespace Consumer
        {
            internal static class Lines
            {
                internal static long Count(string path) { return LineCounter.Count(path); }
            }
        }
        """;

    [Fact]
    public void NoRuntimeTypeNamed_EmitsTheNamespaceOnly()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[]
        {
            "namespace Consumer { internal static class Lines { internal static int Count(string path) { return System.IO.File.ReadAllLines(path).Length; } } }",
        });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        GeneratorHarness.AssertNamespaceOnly(run);
        Assert.Null(output.GetTypeByMetadataName("Microsoft.CodeAnalysis.EmbeddedAttribute"));
    }

    [Fact]
    public void RuntimeAssemblyReferenced_EmitsTheNamespaceOnly_AndTheAssemblyWins()
    {
        MetadataReference runtime = Emit(CSharpCompilation.Create(
            "Streamline.Runtime",
            new[] { CSharpSyntaxTree.ParseText("namespace Streamline.Runtime { public static class LineCounter { public static long Count(string path) { return 7; } } }") },
            Basic.Reference.Assemblies.Net80.References.All,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary)));
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { UsesLineCounter }, extraReferences: new[] { runtime });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        GeneratorHarness.AssertNamespaceOnly(run);
        GeneratorHarness.AssertClean(output);
        Assert.Equal("Streamline.Runtime", output.GetTypeByMetadataName("Streamline.Runtime.LineCounter")!.ContainingAssembly.Name);
    }

    [Theory]
    [InlineData("false")]
    [InlineData(" False ")]
    public void TurnedOffByTheMsBuildProperty_EmitsTheNamespaceOnly(string value)
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { UsesLineCounter });
        GeneratorDriver driver = GeneratorHarness.Driver(compilation, new Dictionary<string, string> { [RuntimeSourceGenerator.EnabledProperty] = value })
            .RunGeneratorsAndUpdateCompilation(compilation, out _, out System.Collections.Immutable.ImmutableArray<Diagnostic> diagnostics);

        GeneratorHarness.AssertNamespaceOnly(driver.GetRunResult().Results.Single());
        Assert.All(diagnostics, d => Assert.Equal(GeneratorDescriptors.RuntimeTypeUnavailableId, d.Id)); // what to add instead
    }

    [Theory]
    [InlineData("true")]
    [InlineData("")]
    public void PropertyNotFalse_Emits(string value)
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { UsesLineCounter });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation, new Dictionary<string, string> { [RuntimeSourceGenerator.EnabledProperty] = value });

        Assert.Contains(run.GeneratedSources, s => s.HintName == "Streamline.Runtime.LineCounter.g.cs");
        GeneratorHarness.AssertClean(output);
    }

    private const string UnusedUsing = """
        using System;
        using Streamline.Runtime;
        namespace Consumer
        {
            internal static class Lines
            {
                internal static int Count(string path) { return path.Length; }
            }
        }
        """;

    /// <summary>
    /// <c>using Streamline.Runtime;</c> with nothing of it used (the last use removed, or used on another target only)
    /// compiles with warnings as errors: an unused using is a hidden CS8019, never CS0246.
    /// </summary>
    [Theory]
    [InlineData(Target.Net472, LanguageVersion.CSharp7_3, false)]
    [InlineData(Target.NetStandard20, LanguageVersion.CSharp8, true)]
    [InlineData(Target.Net80, LanguageVersion.Latest, false)]
    [InlineData(Target.Net80, LanguageVersion.Latest, true)]
    public void UnusedRuntimeUsing_Compiles(Target target, LanguageVersion language, bool nullable)
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(target, language, nullable, new[] { UnusedUsing });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        GeneratorHarness.AssertNamespaceOnly(run);
        GeneratorHarness.AssertClean(output);
        Assert.Contains(output.GetDiagnostics(), d => d.Id == "CS8019"); // still a hint to remove it
    }

    [Fact]
    public void UnusedRuntimeUsing_TurnedOff_Compiles()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { UnusedUsing });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation, new Dictionary<string, string> { [RuntimeSourceGenerator.EnabledProperty] = "false" });

        GeneratorHarness.AssertNamespaceOnly(run);
        GeneratorHarness.AssertClean(output);
    }

    [Fact]
    public void UnusedRuntimeUsing_WithTheRuntimeAssembly_Compiles()
    {
        MetadataReference runtime = Emit(CSharpCompilation.Create(
            "Streamline.Runtime",
            new[] { CSharpSyntaxTree.ParseText("namespace Streamline.Runtime { public static class LineCounter { public static long Count(string path) { return 7; } } }") },
            Basic.Reference.Assemblies.Net80.References.All,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary)));
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { UnusedUsing, UsesLineCounter.Replace("class Lines", "class Used") }, extraReferences: new[] { runtime });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        GeneratorHarness.AssertNamespaceOnly(run);
        GeneratorHarness.AssertClean(output);
        Assert.Equal("Streamline.Runtime", output.GetTypeByMetadataName("Streamline.Runtime.LineCounter")!.ContainingAssembly.Name);
    }

    /// <summary>Two projects joined by InternalsVisibleTo, each with the namespace file and unused usings: no conflict.</summary>
    [Theory]
    [InlineData(Target.Net472, LanguageVersion.CSharp7_3)]
    [InlineData(Target.Net80, LanguageVersion.Latest)]
    public void InternalsVisibleToPair_NamespaceOnly_CompileWithoutConflicts(Target target, LanguageVersion language)
    {
        string library = UnusedUsing.Replace("namespace Consumer", "[assembly: System.Runtime.CompilerServices.InternalsVisibleTo(\"App\")]\nnamespace Consumer");
        (Compilation libraryOutput, GeneratorRunResult libraryRun) = GeneratorHarness.Run(GeneratorHarness.Compilation(target, language, nullable: false, new[] { library }, assemblyName: "Library"));
        GeneratorHarness.AssertNamespaceOnly(libraryRun);
        GeneratorHarness.AssertClean(libraryOutput);

        string app = UnusedUsing.Replace("namespace Consumer", "namespace App").Replace("return path.Length;", "return Consumer.Lines.Count(path);");
        CSharpCompilation appCompilation = GeneratorHarness.Compilation(target, language, nullable: false, new[] { app }, assemblyName: "App", extraReferences: new[] { Emit(libraryOutput) });
        (Compilation appOutput, GeneratorRunResult appRun) = GeneratorHarness.Run(appCompilation);

        GeneratorHarness.AssertNamespaceOnly(appRun);
        GeneratorHarness.AssertClean(appOutput);
    }

    [Fact]
    public void EmbeddedAttributeDeclaredByTheProject_IsUsedNotRedeclared()
    {
        const string own = "namespace Microsoft.CodeAnalysis { internal sealed partial class EmbeddedAttribute : System.Attribute { } }";
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { UsesLineCounter, own });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        Assert.DoesNotContain(run.GeneratedSources, s => s.HintName == "Microsoft.CodeAnalysis.EmbeddedAttribute.g.cs");
        Assert.Contains(run.GeneratedSources, s => s.HintName == "Streamline.Runtime.LineCounter.g.cs");
        GeneratorHarness.AssertClean(output);
    }

    /// <summary>
    /// Two projects joined by InternalsVisibleTo, each with its own generated copy: the friend sees neither the other's
    /// runtime types nor its attribute, so there is no CS0436 and no ambiguity, on every target and language version.
    /// </summary>
    [Theory]
    [InlineData(Target.Net472, LanguageVersion.CSharp7_3)]
    [InlineData(Target.NetStandard20, LanguageVersion.CSharp7_3)]
    [InlineData(Target.NetStandard21, LanguageVersion.CSharp9)]
    [InlineData(Target.Net80, LanguageVersion.Latest)]
    public void InternalsVisibleToPair_BothGenerated_CompileWithoutConflicts(Target target, LanguageVersion language)
    {
        string library = UsesLineCounter.Replace("namespace Consumer", "[assembly: System.Runtime.CompilerServices.InternalsVisibleTo(\"App\")]\nnamespace Consumer")
            + "\nnamespace Consumer { internal static class Hidden { internal static long Bytes(string path) { return new System.IO.FileInfo(path).Length; } } }";
        CSharpCompilation libraryCompilation = GeneratorHarness.Compilation(target, language, nullable: false, new[] { library }, assemblyName: "Library");
        (Compilation libraryOutput, GeneratorRunResult libraryRun) = GeneratorHarness.Run(libraryCompilation);
        Assert.Contains(libraryRun.GeneratedSources, s => s.HintName == "Streamline.Runtime.LineCounter.g.cs");
        GeneratorHarness.AssertClean(libraryOutput);

        const string app = """
            using Streamline.Runtime;
            namespace App
            {
                internal static class Program
                {
                    internal static long Both(string path) { return LineCounter.Count(path) + Consumer.Lines.Count(path) + Consumer.Hidden.Bytes(path); }
                    internal static object Attribute() { return new Microsoft.CodeAnalysis.EmbeddedAttribute(); }
                }
            }
            """;
        CSharpCompilation appCompilation = GeneratorHarness.Compilation(target, language, nullable: false, new[] { app }, assemblyName: "App", extraReferences: new[] { Emit(libraryOutput) });
        (Compilation appOutput, GeneratorRunResult appRun) = GeneratorHarness.Run(appCompilation);

        Assert.Contains(appRun.GeneratedSources, s => s.HintName == "Streamline.Runtime.LineCounter.g.cs");
        GeneratorHarness.AssertClean(appOutput);
        Assert.Equal("App", appOutput.GetTypeByMetadataName("Streamline.Runtime.LineCounter")!.ContainingAssembly.Name);
    }

    private static MetadataReference Emit(Compilation compilation)
    {
        using var image = new MemoryStream();
        EmitResult result = compilation.Emit(image);
        Assert.True(result.Success, string.Join("\n", result.Diagnostics));
        return MetadataReference.CreateFromImage(image.ToArray());
    }
}
