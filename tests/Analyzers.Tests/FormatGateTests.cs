using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Streamline.Analyzers.Tests.Verifiers;

namespace Streamline.Analyzers.Tests;

/// <summary>
/// Inside <c>dotnet format</c> a rule leaves out the sites its code fix cannot change (<see cref="FormatGate"/>), so
/// what the rule calls "no fix" must be exactly where the code fix registers nothing.
/// </summary>
public class FormatGateTests
{
    [Fact]
    public async Task HasFix_IsTrueExactlyWhereTheCodeFixOffersOne()
    {
        int withFix = 0, withoutFix = 0;
        var disagreements = new List<string>();
        // Sources that declare their own Streamline.Runtime types stand for an old or partial runtime assembly, whose
        // missing members the fixes find only at fix time; every other source is a user's code.
        foreach (string source in RobustnessTests.CollectSources().Where(s => !s.Contains("namespace Streamline.Runtime", StringComparison.Ordinal)).Concat(s_shapesWithoutAFix))
        {
            foreach (TestTarget target in new[] { TestTarget.Net80, TestTarget.Net472 })
            {
                CSharpCompilation compilation = AnalyzerRunner.CreateCompilation(target, source);
                AnalyzerRun run = await AnalyzerRunner.RunAsync(AnalyzerRunner.AllAnalyzers, compilation, concurrent: true);
                Document document = CodeFixRunner.CreateDocument(compilation, compilation.SyntaxTrees.Single());
                foreach (Diagnostic diagnostic in run.Diagnostics.Where(d => d.Id.StartsWith("SL1", StringComparison.Ordinal) && d.Location.IsInSource))
                {
                    int offered = 0;
                    foreach (CodeFixProvider fixer in CodeFixRunner.AllFixers.Where(f => f.FixableDiagnosticIds.Contains(diagnostic.Id)))
                    {
                        var context = new CodeFixContext(document, diagnostic, (_, _) => offered++, default);
                        await fixer.RegisterCodeFixesAsync(context);
                    }

                    bool hasFix = FormatGate.HasFix(diagnostic.Properties!);
                    if (hasFix) withFix++; else withoutFix++;
                    if (hasFix != (offered > 0))
                        disagreements.Add($"{target} {diagnostic.Id} at {diagnostic.Location.GetLineSpan().StartLinePosition}: the rule says {(hasFix ? "a fix" : "none")}, the fix offers {offered}: {diagnostic.GetMessage()}\n{source}\n");
                }
            }
        }

        Assert.True(disagreements.Count == 0, string.Join("\n", disagreements.Distinct().Take(30)));
        Assert.True(withFix >= 20 && withoutFix >= 10, $"only {withFix} diagnostics with a fix and {withoutFix} without: the comparison proves little");
    }

    /// <summary>Shapes whose fix declines for a reason the rule decides too: a search under nested <c>#if</c> regions
    /// (SL1004 has no field place every target merges).</summary>
    private static readonly string[] s_shapesWithoutAFix =
    [
        """
        class Nested
        {
            static int Find(string text)
            {
        #if !A
        #if !B
                return text.IndexOfAny(new[] { ',', ';', ':', '|', '=', '&', '!' });
        #else
                return -1;
        #endif
        #else
                return -2;
        #endif
            }
        }
        """,
    ];

    [Theory]
    [InlineData("CanFix", "false", false)]
    [InlineData("CanFix", "true", true)]
    [InlineData("CanFix", "loop", true)]
    public void HasFix_ReadsCanFix(string key, string value, bool expected)
        => Assert.Equal(expected, FormatGate.HasFix(ImmutableDictionary<string, string>.Empty.Add(key, value)));

    [Theory]
    [InlineData("false", "false", false)]
    [InlineData("true", "false", true)]
    [InlineData("false", "true", true)]
    public void HasFix_ReadsSL1001sTwoFixes(string canSeek, string canUseReader, bool expected)
        => Assert.Equal(expected, FormatGate.HasFix(ImmutableDictionary<string, string>.Empty.Add("CanSeek", canSeek).Add("CanUseReader", canUseReader)));

    [Fact]
    public void OnlyDotnetFormatIsDotnetFormat()
    {
        Assert.False(FormatGate.InDotnetFormat); // the test host
        Assert.False(FormatGate.IsEntryAssembly("dotnet-format"));
        Assert.True(FormatGate.IsEntryAssembly(System.Reflection.Assembly.GetEntryAssembly()!.GetName().Name!));
    }
}
