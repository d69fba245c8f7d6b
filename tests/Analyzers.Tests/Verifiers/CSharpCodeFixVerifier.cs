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
    public static DiagnosticResult Diagnostic(string diagnosticId) => CSharpCodeFixVerifier<TAnalyzer, TCodeFix, DefaultVerifier>.Diagnostic(diagnosticId);

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
            ReferenceAssemblies = TestReferenceAssemblies.None;
            TestState.AdditionalReferences.AddRange(TestReferenceAssemblies.Framework(target));
            if (referenceRuntime)
                TestState.AdditionalReferences.Add(TestReferenceAssemblies.Runtime(target));
        }

        public TestTarget Target { get; }

        public LanguageVersion LanguageVersion { get; init; } = LanguageVersion.Latest;

        protected override ParseOptions CreateParseOptions()
            => ((CSharpParseOptions)base.CreateParseOptions()).WithLanguageVersion(LanguageVersion);
    }
}
