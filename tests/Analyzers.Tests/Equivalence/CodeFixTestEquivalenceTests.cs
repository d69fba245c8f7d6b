using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Streamline.Analyzers.Tests.Verifiers;
using Xunit.Abstractions;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>
/// Every code-fix test of the stream rules (SL1001, SL1002, SL1006) is also a program-level equivalence test: its
/// before and after snippets are read from the test sources (<c>VerifyCodeFixAsync(before, after)</c> and
/// <c>new Verify.Test { TestCode = before, FixedCode = after }</c>, constants and <c>.Replace(...)</c> resolved), compiled,
/// and every method of theirs is called from callers that keep using the stream, over every stream kind. The before
/// snippet is also fixed by <see cref="FixAllApplier"/> as <c>dotnet format</c> would, all stream rules together, and
/// that result is compared too.
/// </summary>
[Trait("Rule", "SL1001")]
[Trait("Rule", "SL1002")]
[Trait("Rule", "SL1006")]
[Trait("Rule", "SL1007")]
public class CodeFixTestEquivalenceTests : IClassFixture<CodeFixTestEquivalenceTests.Data>
{
    private static readonly string[] s_ruleFiles = { "SL1001", "SL1002", "SL1006", "SL1007" };
    private static readonly int[] s_sizes = { 0, 7, 40, 402, 5003 };
    private static readonly Regex s_markup = new(@"\{\|[^:|]*:|\|\}|\[\||\|\]", RegexOptions.Compiled);

    private readonly Data _data;
    private readonly ITestOutputHelper _output;

    public CodeFixTestEquivalenceTests(Data data, ITestOutputHelper output)
    {
        _data = data;
        _output = output;
    }

    public static IEnumerable<object[]> Pairs()
        => CollectPairs().Select(p => new object[] { p.Label, p.Before, p.After, p.Executable });

    [Fact]
    public void ThePairsAreFound()
    {
        // A guard on the collection itself: the SL1001 and SL1002 tests hold at least this many fixes that change code.
        List<(string Label, string Before, string After, bool Executable)> pairs = CollectPairs();
        foreach ((string label, _, _, _) in pairs)
            _output.WriteLine(label);
        Assert.True(pairs.Count(p => p.Label.StartsWith("SL1001", StringComparison.Ordinal)) >= 4, "SL1001's code-fix tests were not found");
        Assert.True(pairs.Count(p => p.Label.StartsWith("SL1002", StringComparison.Ordinal)) >= 4, "SL1002's code-fix tests were not found");
        if (FixAllApplier.PresentRuleIds.Contains("SL1006"))
            Assert.True(pairs.Any(p => p.Label.StartsWith("SL1006", StringComparison.Ordinal)), "SL1006's code-fix tests were not found");
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public async Task FixedSnippet_BehavesLikeTheOriginal(string label, string before, string after, bool executable)
    {
        var failures = new List<string>();
        (List<string> pairFailures, int runs) = EquivalenceChecker.ComparePair(label + " (the test's expected fix)", before, after, _data.Callers, Scenarios, executable);
        failures.AddRange(pairFailures);

        // What a user gets from dotnet format: every stream fix, repeatedly, on this snippet.
        FixAllResult formatted = await FixAllApplier.ApplyAsync(before, TestTarget.Net80);
        if (formatted.Text != before && formatted.Text != after)
        {
            (List<string> formatFailures, int formatRuns) = EquivalenceChecker.ComparePair(label + " (every stream fix applied)", before, formatted.Text, _data.Callers, Scenarios, executable);
            failures.AddRange(formatFailures);
            runs += formatRuns;
        }

        _output.WriteLine($"{label}: {runs} calls compared, {failures.Count} differences");
        Assert.True(runs > 0, "no method of the snippet could be called: give it a method with parameters the runner can make");
        Assert.True(failures.Count == 0, string.Join("\n", failures));
    }

    // Counts of 40 let a counted loop that is read ahead (40 x 2 bytes or more) end before the stream does. Counts and
    // skips go in pairs (index by index): a skip of 0 goes only with a count of 10, as it always has, since a loop that
    // skips 0 a pass 100,000 times (or until the end of a stream it never moves through) would not end.
    private static IEnumerable<Scenario> Scenarios(IReadOnlyList<StreamKind> kinds)
        => EquivalenceChecker.AllScenarios(kinds, s_sizes, new[] { 3, 10, 100_000, 40 }, new[] { 3, 0, 5000, 3 })
            .Concat(EquivalenceChecker.AllScenarios(kinds, s_sizes, new[] { 100_000, 3, 40, 10 }, new[] { 5000, 3, 3, 0 }));

    /// <summary>
    /// The before/after pairs of the stream rules' code-fix tests whose after differs from the before, and whether
    /// they are programs (top-level statements, <c>OutputKind.ConsoleApplication</c>).
    /// </summary>
    internal static List<(string Label, string Before, string After, bool Executable)> CollectPairs()
    {
        var pairs = new List<(string, string, string, bool)>();
        string rules = Path.Combine(RuleCatalogTests.RepositoryRoot, "tests", "Analyzers.Tests", "Rules");
        foreach (string file in Directory.GetFiles(rules, "*.cs").OrderBy(f => f, StringComparer.Ordinal))
        {
            string rule = Path.GetFileName(file).Substring(0, 6);
            if (!s_ruleFiles.Contains(rule))
                continue;

            SyntaxNode root = CSharpSyntaxTree.ParseText(File.ReadAllText(file)).GetRoot();
            var constants = root.DescendantNodes().OfType<FieldDeclarationSyntax>()
                .SelectMany(f => f.Declaration.Variables)
                .Where(v => v.Initializer is not null)
                .GroupBy(v => v.Identifier.ValueText)
                .ToDictionary(g => g.Key, g => g.First().Initializer!.Value);

            foreach (MethodDeclarationSyntax test in root.DescendantNodes().OfType<MethodDeclarationSyntax>())
            {
                var locals = test.DescendantNodes().OfType<LocalDeclarationStatementSyntax>()
                    .SelectMany(l => l.Declaration.Variables)
                    .Where(v => v.Initializer is not null)
                    .GroupBy(v => v.Identifier.ValueText)
                    .ToDictionary(g => g.Key, g => g.First().Initializer!.Value);
                int index = 0;
                foreach ((ExpressionSyntax beforeExpression, ExpressionSyntax afterExpression, bool executable) in FindPairs(test))
                {
                    string? before = Evaluate(beforeExpression, constants, locals);
                    string? after = Evaluate(afterExpression, constants, locals);
                    if (before is null || after is null)
                        continue;
                    before = s_markup.Replace(before, string.Empty);
                    after = s_markup.Replace(after, string.Empty);
                    if (before != after)
                        pairs.Add(($"{rule} {test.Identifier.ValueText}{(index++ == 0 ? string.Empty : "#" + index)}", before, after, executable));
                }
            }
        }

        return pairs;
    }

    /// <summary>
    /// The shapes of a code-fix test: <c>VerifyCodeFixAsync(before, after, ...)</c>;
    /// <c>new Verify.Test { TestCode = before, FixedCode = after }</c>;
    /// <c>new Verify.Test { TestState = { OutputKind = ..., Sources = { before } }, FixedState = { Sources = { after } } }</c>;
    /// a program (<c>OutputKind.ConsoleApplication</c>) is run through its entry point.
    /// </summary>
    private static IEnumerable<(ExpressionSyntax Before, ExpressionSyntax After, bool Executable)> FindPairs(MethodDeclarationSyntax test)
    {
        foreach (InvocationExpressionSyntax invocation in test.DescendantNodes().OfType<InvocationExpressionSyntax>())
        {
            if (invocation.Expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "VerifyCodeFixAsync" }
                && invocation.ArgumentList.Arguments.Count >= 2)
            {
                yield return (invocation.ArgumentList.Arguments[0].Expression, invocation.ArgumentList.Arguments[1].Expression, false);
            }
        }

        foreach (InitializerExpressionSyntax initializer in test.DescendantNodes().OfType<InitializerExpressionSyntax>())
        {
            bool executable = Assigned(initializer, "TestState") is InitializerExpressionSyntax state
                && Assigned(state, "OutputKind") is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ConsoleApplication" };
            if (Assigned(initializer, "TestCode") is { } before && Assigned(initializer, "FixedCode") is { } after)
                yield return (before, after, executable);

            if (Assigned(initializer, "TestState") is InitializerExpressionSyntax testState
                && Assigned(initializer, "FixedState") is InitializerExpressionSyntax fixedState
                && FirstSource(testState) is { } stateBefore
                && FirstSource(fixedState) is { } stateAfter)
            {
                yield return (stateBefore, stateAfter, executable);
            }
        }
    }

    private static ExpressionSyntax? FirstSource(InitializerExpressionSyntax state)
        => Assigned(state, "Sources") is InitializerExpressionSyntax { Expressions.Count: > 0 } sources ? sources.Expressions[0] : null;

    private static ExpressionSyntax? Assigned(InitializerExpressionSyntax initializer, string property)
        => initializer.Expressions.OfType<AssignmentExpressionSyntax>()
            .FirstOrDefault(a => a.Left is IdentifierNameSyntax name && name.Identifier.ValueText == property)?.Right;

    /// <summary>The string an expression of a test denotes: a literal, a constant or local, or <c>x.Replace(a, b, ...)</c>.</summary>
    private static string? Evaluate(ExpressionSyntax expression, Dictionary<string, ExpressionSyntax> constants, Dictionary<string, ExpressionSyntax> locals)
    {
        switch (expression)
        {
            case LiteralExpressionSyntax literal when literal.Token.Value is string text:
                return text;
            case IdentifierNameSyntax name when locals.TryGetValue(name.Identifier.ValueText, out ExpressionSyntax? local):
                return Evaluate(local, constants, new Dictionary<string, ExpressionSyntax>());
            case IdentifierNameSyntax name when constants.TryGetValue(name.Identifier.ValueText, out ExpressionSyntax? constant):
                return Evaluate(constant, constants, locals);
            case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Replace" } access } invocation
                when invocation.ArgumentList.Arguments.Count >= 2:
                string? receiver = Evaluate(access.Expression, constants, locals);
                string? oldValue = Evaluate(invocation.ArgumentList.Arguments[0].Expression, constants, locals);
                string? newValue = Evaluate(invocation.ArgumentList.Arguments[1].Expression, constants, locals);
                return receiver is null || oldValue is null || newValue is null ? null : receiver.Replace(oldValue, newValue, StringComparison.Ordinal);
            default:
                return null;
        }
    }

    /// <summary>The data files, made once for the class.</summary>
    public sealed class Data : IDisposable
    {
        public CallerData Callers { get; } = new(s_sizes);

        public void Dispose() => Callers.Dispose();
    }
}
