using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Streamline.Analyzers.Rules;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL0001InvalidOptionAnalyzer,
    Microsoft.CodeAnalysis.Testing.EmptyCodeFixProvider>;

namespace Streamline.Analyzers.Tests.Rules;

[Trait("Rule", "SL0001")]
public class SL0001InvalidOptionTests
{
    private const string Source = "class C { }\n";

    private static Task VerifyAsync(string editorConfig, params DiagnosticResult[] expected)
        => VerifyAsync(editorConfig, globalConfig: null, expected);

    private static Task VerifyAsync(string editorConfig, string? globalConfig, params DiagnosticResult[] expected)
    {
        // The diagnostic has no location (no #pragma can reach it): the page says to correct the line or set the
        // severity instead.
        var test = new Verify.Test { TestBehaviors = TestBehaviors.SkipSuppressionCheck };
        test.TestState.Sources.Add(("/src/A.cs", Source));
        test.TestState.Sources.Add(("/src/B.cs", "class D { }\n"));
        test.TestState.AnalyzerConfigFiles.Add(("/.editorconfig", "root = true\n\n[*.cs]\n" + editorConfig));
        if (globalConfig is not null)
            test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\n" + globalConfig));
        test.ExpectedDiagnostics.AddRange(expected);
        return test.RunAsync(CancellationToken.None);
    }

    // Once per project (compilation) and bad value, however many files the section covers, with no location, naming
    // the key, the value and what is accepted.
    private static DiagnosticResult[] OncePerProject(string key, string value, string problemResource)
        => [Once(key, value, problemResource)];

    private static DiagnosticResult Once(string key, string value, string problemResource)
        => Verify.Diagnostic(RuleIds.InvalidOption).WithArguments(key, value, Resources.Get(problemResource));

    [Fact]
    public Task Reported_MinValuesThatIsNotANumber()
        => VerifyAsync("streamline.SL1004.min_values = abc\n", OncePerProject("streamline.sl1004.min_values", "abc", "SL0001MinValues"));

    [Fact]
    public Task Reported_MinValuesBelowOne()
        => VerifyAsync("streamline.SL1004.min_values = 0\n", OncePerProject("streamline.sl1004.min_values", "0", "SL0001MinValues"));

    [Fact]
    public Task Reported_CompilerVersionThatIsNotAVersion()
        => VerifyAsync(
            "streamline.SL1005.assume_compiler_version = banana\n",
            OncePerProject("streamline.sl1005.assume_compiler_version", "banana", "SL0001CompilerVersion"));

    [Fact]
    public Task Reported_KeyStreamlineDoesNotRead()
        => VerifyAsync("streamline.SL1004.min_value = 8\n", OncePerProject("streamline.sl1004.min_value", "8", "SL0001UnknownKey"));

    [Fact]
    public Task Reported_OnceForAValueInOneFileOnly()
    {
        var test = new Verify.Test { TestBehaviors = TestBehaviors.SkipSuppressionCheck };
        test.TestState.Sources.Add(("/src/A.cs", Source));
        test.TestState.Sources.Add(("/src/B.cs", "class D { }\n"));
        test.TestState.AnalyzerConfigFiles.Add(("/.editorconfig", "root = true\n\n[A.cs]\nstreamline.SL1004.min_values = x\n"));
        test.ExpectedDiagnostics.Add(Once("streamline.sl1004.min_values", "x", "SL0001MinValues"));
        return test.RunAsync(CancellationToken.None);
    }

    [Fact]
    public Task Reported_OncePerBadValue_InKeyOrder()
    {
        // Two values of one key (two sections) are two reports; one value in two sections is one.
        var test = new Verify.Test { TestBehaviors = TestBehaviors.SkipSuppressionCheck };
        test.TestState.Sources.Add(("/src/A.cs", Source));
        test.TestState.Sources.Add(("/src/B.cs", "class D { }\n"));
        test.TestState.Sources.Add(("/src/C.cs", "class E { }\n"));
        test.TestState.AnalyzerConfigFiles.Add(("/.editorconfig", """
            root = true

            [{A,B}.cs]
            streamline.SL1005.assume_compiler_version = banana
            streamline.SL1004.min_values = x

            [C.cs]
            streamline.SL1005.assume_compiler_version = banana
            streamline.SL1004.min_values = y
            """));
        test.ExpectedDiagnostics.Add(Once("streamline.sl1004.min_values", "x", "SL0001MinValues"));
        test.ExpectedDiagnostics.Add(Once("streamline.sl1004.min_values", "y", "SL0001MinValues"));
        test.ExpectedDiagnostics.Add(Once("streamline.sl1005.assume_compiler_version", "banana", "SL0001CompilerVersion"));
        return test.RunAsync(CancellationToken.None);
    }

    [Theory]
    [InlineData("flase")]
    [InlineData("off")]
    [InlineData("0")]
    public Task Reported_RuntimeSourceSwitchThatIsNotTrueOrFalse(string value)
        => VerifyAsync(string.Empty, "build_property.StreamlineRuntimeSource = " + value + "\n", Once("StreamlineRuntimeSource", value, "SL0001RuntimeSource"));

    [Theory]
    [InlineData("yes")]
    [InlineData("1")]
    public Task Reported_AnalyzeTestProjectsSwitchThatIsNotTrueOrFalse(string value)
        => VerifyAsync(string.Empty, "build_property.StreamlineAnalyzeTestProjects = " + value + "\n", Once("StreamlineAnalyzeTestProjects", value, "SL0001AnalyzeTestProjects"));

    [Theory]
    [InlineData("true")]
    [InlineData("False")]
    [InlineData("")]
    public Task Quiet_OnAnalyzeTestProjectsSwitchTrueFalseOrUnset(string value)
        => VerifyAsync(string.Empty, "build_property.StreamlineAnalyzeTestProjects = " + value + "\n");

    [Theory]
    [InlineData("true")]
    [InlineData("False")]
    [InlineData("")]
    public Task Quiet_OnRuntimeSourceSwitchTrueFalseOrUnset(string value)
        => VerifyAsync(string.Empty, "build_property.StreamlineRuntimeSource = " + value + "\n");

    [Fact]
    public Task Quiet_OnValidOptionsAndOtherTools()
        => VerifyAsync("""
            streamline.SL1004.min_values = 8
            streamline.SL1005.assume_compiler_version = 4.14
            dotnet_diagnostic.SL1004.severity = warning
            dotnet_code_quality.CA1870.min_values = abc
            streamlined.thing = abc
            """);

    [Theory]
    [InlineData("4", true)]
    [InlineData(" 12 ", true)]
    [InlineData("0", false)]
    [InlineData("-3", false)]
    [InlineData("6.5", false)]
    [InlineData("", false)]
    public void MinValues_AcceptsWholeNumbersFromOne(string value, bool accepted)
        => Assert.Equal(accepted, SL0001InvalidOptionAnalyzer.Problem(SL1004UseCachedSearchValuesAnalyzer.MinValuesOption, value) is null);

    [Theory]
    [InlineData("4.14", true)]
    [InlineData("5", true)]
    [InlineData("5.9.0", true)]
    [InlineData("banana", false)]
    [InlineData("v5", false)]
    public void CompilerVersion_AcceptsVersionsAndMajorVersions(string value, bool accepted)
        => Assert.Equal(accepted, SL0001InvalidOptionAnalyzer.Problem(SL1005CompilerLowering.AssumeCompilerVersionKey, value) is null);
}
