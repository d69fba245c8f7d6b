using System.IO;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Testing;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1003CountLinesWithoutMaterializingAnalyzer,
    Streamline.CodeFixes.Rules.SL1003CountLinesWithoutMaterializingCodeFix>;

namespace Streamline.Analyzers.Tests;

/// <summary>The rules stay quiet in test projects (their expected values are oracles) unless the project turns them on.</summary>
public class TestProjectTests
{
    private const string Reported = "class C { int M(string p) => {|#0:System.IO.File.ReadAllLines(p).Length|}; }";
    private const string Quiet = "class C { int M(string p) => System.IO.File.ReadAllLines(p).Length; }";

    [Theory]
    [InlineData(null, null, null, true)] // an ordinary project
    [InlineData("true", null, null, false)] // MSBuild says test project
    [InlineData("true", "true", null, true)] // ... and the project turned the rules on
    [InlineData("true", "false", null, false)]
    [InlineData(null, null, "xunit.core", false)] // no props: a test framework reference tells
    [InlineData(null, null, "nunit.framework", false)]
    [InlineData(null, null, "Microsoft.VisualStudio.TestPlatform.TestFramework", false)]
    [InlineData(null, "true", "xunit.core", true)]
    [InlineData("false", null, "xunit.core", true)] // MSBuild's word wins over a reference (a library of test helpers)
    [InlineData(null, null, "xunit.abstractions", true)] // a reference that is no test framework
    public async Task QuietInTestProjects(string? isTestProject, string? analyze, string? reference, bool reported)
    {
        var test = new Verify.Test { TestCode = reported ? Reported : Quiet };
        string config = "is_global = true\n";
        if (isTestProject is not null)
            config += $"build_property.IsTestProject = {isTestProject}\n";
        if (analyze is not null)
            config += $"build_property.StreamlineAnalyzeTestProjects = {analyze}\n";
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", config));
        if (reference is not null)
            test.TestState.AdditionalReferences.Add(AssemblyNamed(reference));
        if (reported)
            test.ExpectedDiagnostics.Add(Verify.Diagnostic("SL1003").WithLocation(0).WithArguments("File.ReadAllLines"));
        test.TestBehaviors |= TestBehaviors.SkipSuppressionCheck;
        await test.RunAsync();
    }

    /// <summary>An empty library with the given assembly name, to reference as a test framework would be.</summary>
    private static MetadataReference AssemblyNamed(string name)
    {
        var library = CSharpCompilation.Create(
            name,
            [CSharpSyntaxTree.ParseText("namespace Marker { public class Present { } }")],
            [MetadataReference.CreateFromFile(typeof(object).Assembly.Location)],
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        using var image = new MemoryStream();
        Assert.True(library.Emit(image).Success);
        return MetadataReference.CreateFromImage(image.ToArray());
    }
}
