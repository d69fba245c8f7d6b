using System.Collections.Immutable;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;

namespace Streamline.Analyzers.Tests.Verifiers;

/// <summary>Verifies an analyzer and its code fix on C# sources, offline, for a chosen target framework.</summary>
public static class CSharpCodeFixVerifier<TAnalyzer, TCodeFix>
    where TAnalyzer : DiagnosticAnalyzer, new()
    where TCodeFix : CodeFixProvider, new()
{
    // The first descriptor of the id: SL1001, SL1002 and SL1006 have a second one for what they report at compilation end.
    public static DiagnosticResult Diagnostic(string diagnosticId)
    {
        foreach (DiagnosticDescriptor descriptor in new TAnalyzer().SupportedDiagnostics)
        {
            if (descriptor.Id == diagnosticId)
                return new DiagnosticResult(descriptor);
        }

        return CSharpCodeFixVerifier<TAnalyzer, TCodeFix, DefaultVerifier>.Diagnostic(diagnosticId);
    }

    public static Task VerifyAnalyzerAsync(string source, TestTarget target = TestTarget.Net80, bool referenceRuntime = true)
    {
        var test = new Test(target, referenceRuntime) { TestCode = source };
        return test.RunAsync(CancellationToken.None);
    }

    public static Task VerifyCodeFixAsync(string source, string fixedSource, TestTarget target = TestTarget.Net80)
    {
        var test = new Test(target, referenceRuntime: true) { TestCode = source, FixedCode = fixedSource };
        return test.RunAsync(CancellationToken.None);
    }

    /// <summary>The test, with its references set for <see cref="TestTarget"/> and no package resolution.</summary>
    public sealed class Test : CSharpCodeFixTest<TAnalyzer, TCodeFix, DefaultVerifier>
    {
        public Test(TestTarget target = TestTarget.Net80, bool referenceRuntime = true)
        {
            Target = target;
            // SL1002 and SL1006 have a second descriptor of the same id for what they report at compilation end.
            // Their compilation-end diagnostics are non-local; the IDE offers fixes for them once they are reported.
            MarkupOptions = MarkupOptions.UseFirstDescriptor;
            CodeFixTestBehaviors |= CodeFixTestBehaviors.SkipLocalDiagnosticCheck;
            ReferenceAssemblies = TestReferenceAssemblies.None;
            TestState.AdditionalReferences.AddRange(TestReferenceAssemblies.Framework(target));
            if (referenceRuntime)
                TestState.AdditionalReferences.Add(TestReferenceAssemblies.Runtime(target));
        }

        public TestTarget Target { get; }

        /// <summary>
        /// The project gets the runtime as Streamline.Generator's source, as from the Streamline package: no runtime
        /// assembly, <c>StreamlineRuntimeSource</c> true, and the generator runs on the code before and after the fix.
        /// </summary>
        public bool GeneratedRuntime
        {
            get => _generatedRuntime;
            init
            {
                _generatedRuntime = value;
                if (!value)
                    return;
                TestState.AdditionalReferences.Remove(TestReferenceAssemblies.Runtime(Target));
                TestState.AnalyzerConfigFiles.Add(("/streamline-runtime-source.globalconfig", "is_global = true\nbuild_property.StreamlineRuntimeSource = true\n"));
                // As an analyzer reference of the project, the way IDEs and dotnet format load it: the workspace then
                // runs it again on the fixed document, so the fix's names bind to the types it adds.
                SolutionTransforms.Add((solution, projectId) => solution.AddAnalyzerReference(projectId, GeneratorReference.Instance));
            }
        }

        private readonly bool _generatedRuntime;

        public LanguageVersion LanguageVersion { get; init; } = LanguageVersion.Latest;

        protected override ParseOptions CreateParseOptions()
            => ((CSharpParseOptions)base.CreateParseOptions()).WithLanguageVersion(LanguageVersion);
    }
}

/// <summary>Streamline.Generator as a project's analyzer reference, as a package adds it.</summary>
internal sealed class GeneratorReference : AnalyzerReference
{
    public static readonly GeneratorReference Instance = new();

    // One instance for the life of the reference: the workspace maps each generator back to its reference.
    private static readonly ImmutableArray<ISourceGenerator> s_generators = ImmutableArray.Create(new Streamline.Generator.RuntimeSourceGenerator().AsSourceGenerator());

    public override string FullPath => typeof(Streamline.Generator.RuntimeSourceGenerator).Assembly.Location;

    public override object Id => FullPath;

    public override string Display => "Streamline.Generator";

    public override ImmutableArray<DiagnosticAnalyzer> GetAnalyzers(string language) => ImmutableArray<DiagnosticAnalyzer>.Empty;

    public override ImmutableArray<DiagnosticAnalyzer> GetAnalyzersForAllLanguages() => ImmutableArray<DiagnosticAnalyzer>.Empty;

    public override ImmutableArray<ISourceGenerator> GetGenerators(string language)
        => language == LanguageNames.CSharp ? GetGeneratorsForAllLanguages() : ImmutableArray<ISourceGenerator>.Empty;

    public override ImmutableArray<ISourceGenerator> GetGeneratorsForAllLanguages() => s_generators;
}
