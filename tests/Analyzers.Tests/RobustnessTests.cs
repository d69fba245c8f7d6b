using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Streamline.Analyzers.Tests.Verifiers;
using Xunit.Abstractions;

namespace Streamline.Analyzers.Tests;

/// <summary>
/// Never crash: every analyzer and fix runs over every C# source the tests and samples hold, cut at every token
/// boundary and with random tokens deleted, on several targets. No analyzer may throw (AD0001), no fix may throw, and
/// no fix may turn code that parsed into code that does not.
/// </summary>
public class RobustnessTests
{
    private static readonly TestTarget[] s_targets = { TestTarget.Net80, TestTarget.NetStandard20, TestTarget.Net472 };
    private readonly ITestOutputHelper _output;

    public RobustnessTests(ITestOutputHelper output) => _output = output;

    [Fact]
    public async Task NoAnalyzerOrFixThrows_OnTruncatedAndDamagedSources()
    {
        ImmutableArray<string> sources = CollectSources();
        Assert.True(sources.Length >= 20, $"only {sources.Length} sources found: the collection is broken");

        var failures = new ConcurrentQueue<string>();
        int runs = 0, fixesApplied = 0, documentsWithDiagnostics = 0;
        var random = new Random(20261122);
        var work = new List<(string Source, TestTarget Target, string Kind)>();
        foreach (string source in sources)
        {
            SyntaxTree tree = CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest));
            ImmutableArray<SyntaxToken> tokens = tree.GetRoot().DescendantTokens().ToImmutableArray();

            // Every target sees the whole source; the cuts at each token boundary rotate through the targets.
            foreach (TestTarget target in s_targets)
                work.Add((source, target, "whole"));

            for (int i = 0; i < tokens.Length; i++)
                work.Add((source.Substring(0, tokens[i].Span.End), s_targets[i % s_targets.Length], i % 8 == 0 ? "truncated+fix" : "truncated"));

            // Random deletions of one to three tokens.
            for (int i = 0; i < 12 && tokens.Length > 3; i++)
            {
                var text = new System.Text.StringBuilder(source);
                foreach (SyntaxToken token in Enumerable.Range(0, random.Next(1, 4)).Select(_ => tokens[random.Next(tokens.Length)])
                             .Distinct().OrderByDescending(t => t.SpanStart))
                {
                    text.Remove(token.SpanStart, token.Span.Length);
                }

                work.Add((text.ToString(), s_targets[i % s_targets.Length], "deleted"));
            }
        }

        await Parallel.ForEachAsync(work, async (item, cancellationToken) =>
        {
            CSharpCompilation compilation = AnalyzerRunner.CreateCompilation(item.Target, item.Source);
            AnalyzerRun run = await AnalyzerRunner.RunAsync(AnalyzerRunner.AllAnalyzers, compilation, concurrent: false, cancellationToken);
            Interlocked.Increment(ref runs);
            foreach (Exception exception in run.Exceptions)
                failures.Enqueue($"{item.Kind} on {item.Target}: {exception.GetType().Name}: {exception.Message}\n{item.Source}");

            var streamline = run.Diagnostics.Where(d => d.Id.StartsWith("SL", StringComparison.Ordinal)).ToList();
            if (streamline.Count == 0)
                return;

            Interlocked.Increment(ref documentsWithDiagnostics);

            // Fixes run in a workspace, which costs more than analysis: every whole and damaged source, every 8th cut.
            if (item.Kind == "truncated")
                return;


            SyntaxTree tree = compilation.SyntaxTrees.Single();
            bool parsed = !tree.GetDiagnostics(cancellationToken).Any(d => d.Severity == DiagnosticSeverity.Error);
            try
            {
                Document document = CodeFixRunner.CreateDocument(compilation, tree);
                IReadOnlyList<SourceText> fixedTexts = await CodeFixRunner.ApplyEachAsync(document, streamline, cancellationToken);
                Interlocked.Add(ref fixesApplied, fixedTexts.Count);
                foreach (SourceText fixedText in fixedTexts)
                {
                    if (parsed && !CodeFixRunner.Parses(fixedText, tree.Options))
                        failures.Enqueue($"fix broke parsing on {item.Target}:\n{item.Source}\n---\n{fixedText}");
                }
            }
            catch (Exception exception) when (exception is not OperationCanceledException)
            {
                failures.Enqueue($"fix threw on {item.Kind}/{item.Target}: {exception}\n{item.Source}");
            }
        });

        _output.WriteLine($"{sources.Length} documents, {runs} analyzer runs ({s_targets.Length} targets), " +
            $"{documentsWithDiagnostics} with Streamline diagnostics, {fixesApplied} fixes applied");
        Assert.True(fixesApplied > 0, "no fix was exercised: the robustness run proves nothing about fixes");
        Assert.Empty(failures.Take(5));
    }

    /// <summary>The code snippets in the rule tests (markup stripped) and every sample source file.</summary>
    internal static ImmutableArray<string> CollectSources()
    {
        string root = RuleCatalogTests.RepositoryRoot;
        var sources = ImmutableArray.CreateBuilder<string>();
        var markup = new Regex(@"\{\|[^:|]*:|\|\}|\[\||\|\]", RegexOptions.Compiled);
        foreach (string file in Directory.GetFiles(Path.Combine(root, "tests", "Analyzers.Tests", "Rules"), "*.cs"))
        {
            SyntaxNode testRoot = CSharpSyntaxTree.ParseText(File.ReadAllText(file)).GetRoot();
            foreach (SyntaxToken token in testRoot.DescendantTokens())
            {
                if (token.IsKind(SyntaxKind.MultiLineRawStringLiteralToken) || token.IsKind(SyntaxKind.StringLiteralToken))
                {
                    string text = markup.Replace(token.ValueText, string.Empty);
                    if (text.Contains("class ", StringComparison.Ordinal) || text.Contains("using ", StringComparison.Ordinal))
                        sources.Add(text);
                }
            }
        }

        foreach (string file in Directory.GetFiles(Path.Combine(root, "samples"), "*.cs", SearchOption.AllDirectories))
        {
            if (!file.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !file.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            {
                sources.Add(File.ReadAllText(file));
            }
        }

        return sources.ToImmutable();
    }
}
