using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Rules;
using Streamline.Analyzers.Tests.Verifiers;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// SL1004 and CA1870 divide the work: run beside the real CA1870 (from the .NET SDK that runs these tests, the analyzer
/// every `dotnet build` loads), on a .NET 8 compilation, each shape is reported by exactly the expected rule, never by
/// both, and SL1004's own model of CA1870 agrees with CA1870 on every call it matches.
/// </summary>
[Trait("Rule", "SL1004")]
public class SL1004Ca1870SplitTests
{
    private const string Ca1870 = "CA1870";
    private const string Sl1004 = "SL1004";
    private const string None = "none";

    private static readonly Lazy<DiagnosticAnalyzer> s_ca1870 = new(LoadCa1870);

    [Theory]
    [InlineData("text.IndexOfAny(new[] { 'a', 'b' })", Ca1870)]
    [InlineData("text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' })", Ca1870)]
    [InlineData("text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' }, 1)", Sl1004)]
    [InlineData("text.LastIndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' }, 5, 2)", Sl1004)]
    [InlineData("text.IndexOfAny(new[] { Tab, 'b', 'c', 'd', 'e', 'f', 'g' })", Sl1004)]
    [InlineData("text.LastIndexOfAny(\"abcdefg\".ToCharArray())", Ca1870)]
    [InlineData("text.AsSpan().IndexOfAny(\"abcdefg\")", Ca1870)]
    [InlineData("text.AsSpan().IndexOfAny(Seven)", Ca1870)]
    [InlineData("text.AsSpan().IndexOfAny(\"abcde\")", None)]
    [InlineData("text.AsSpan().IndexOfAny(new[] { Tab, 'b', 'c', 'd', 'e', 'f', 'g' })", Sl1004)]
    [InlineData("text.AsSpan().ContainsAnyExcept(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' })", Ca1870)]
    [InlineData("text.IndexOfAny(s_bare)", Sl1004)]
    [InlineData("text.AsSpan().ContainsAny(s_bare)", Sl1004)]
    [InlineData("text.IndexOfAny(s_newArray)", Ca1870)]
    [InlineData("text.AsSpan().LastIndexOfAny(s_newArray)", Ca1870)]
    [InlineData("text.IndexOfAny(s_small)", None)]
    [InlineData("data.IndexOfAny(new byte[] { (byte)'a', (byte)'b', (byte)'c', (byte)'d', (byte)'e', (byte)'f' })", Ca1870)]
    [InlineData("data.IndexOfAny(new byte[] { 1, 2, 3, 4, 5, 6, 7 })", Sl1004)]
    [InlineData("text.IndexOfAny(new[] { (char)97, 'b', 'c', 'd', 'e', 'f' })", Sl1004)]
    [InlineData("text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' }, 0, 3)", Sl1004)]
    [InlineData("text.AsSpan().IndexOfAnyExcept(s_bare)", Sl1004)]
    [InlineData("data.IndexOfAny(new byte[] { Nul, 2, 3, 4, 5, 6, 7 })", Sl1004)]
    [InlineData("data.IndexOfAnyExcept(s_bytes)", Sl1004)]
    [InlineData("text.IndexOfAny(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 1)", Sl1004)]
    [InlineData("text.AsSpan().IndexOfAny(['a', 'b', 'c', 'd', 'e', 'f', 'g'])", Ca1870)]
    [InlineData("text.IndexOfAny(['a', 'b', 'c', 'd', 'e', 'f', 'g'])", Sl1004)]
    [InlineData("text.AsSpan().IndexOfAny([Tab, 'b', 'c', 'd', 'e', 'f', 'g'])", Sl1004)]
    [InlineData("text.IndexOfAny(s_collection, 2)", Sl1004)]
    [InlineData("text.AsSpan().IndexOfAny(CharProperty)", Sl1004)]
    [InlineData("data.IndexOfAny(Utf8Property)", Ca1870)]
    [InlineData("data.IndexOfAny(ByteArrayProperty)", Sl1004)]
    [InlineData("text.AsSpan().IndexOfAny(SmallProperty)", None)]
    [InlineData("text.IndexOfAny(text.Length > 3 ? s_newArray : new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' })", Sl1004)]
    public async Task EachShape_HasOneOwner(string call, string owner)
    {
        string source = $$"""
            using System;

            class C
            {
                const char Tab = '\t';
                const byte Nul = 0;
                const string Seven = "abcdefg";
                private static readonly char[] s_bare = { 'a', 'b', 'c', 'd', 'e', 'f', 'g' };
                private static readonly char[] s_newArray = new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' };
                private static readonly char[] s_small = new[] { 'a', 'b', 'c' };
                private static readonly byte[] s_bytes = { 1, 2, 3, 4, 5, 6, 7 };
                private static readonly char[] s_collection = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
                private static ReadOnlySpan<char> CharProperty => "abcdefg";
                private static ReadOnlySpan<char> SmallProperty { get { return "abc"; } }
                private static ReadOnlySpan<byte> Utf8Property => "abcdefg"u8;
                private static ReadOnlySpan<byte> ByteArrayProperty => new byte[] { 1, 2, 3, 4, 5, 6, 7 };

                object M(string text, ReadOnlySpan<byte> data) => {{call}};
            }
            """;
        Compilation compilation = AnalyzerRunner.CreateCompilation(TestTarget.Net80, source);
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        AnalyzerRun run = await AnalyzerRunner.RunAsync(
            ImmutableArray.Create(s_ca1870.Value, new SL1004UseCachedSearchValuesAnalyzer()), compilation, concurrent: false);
        Assert.Empty(run.Exceptions);

        string[] reported = run.Diagnostics.Select(d => d.Id).Where(id => id is Ca1870 or Sl1004).Distinct().ToArray();
        Assert.Equal(owner == None ? Array.Empty<string>() : new[] { owner }, reported);

        // SL1004's model of CA1870 says the same as CA1870 itself, at the same argument.
        SyntaxTree tree = compilation.SyntaxTrees.Single();
        SemanticModel model = compilation.GetSemanticModel(tree);
        var symbols = SearchSetSymbols.Create(compilation);
        InvocationExpressionSyntax searched = tree.GetRoot().DescendantNodes().OfType<InvocationExpressionSyntax>()
            .Last(i => i.Expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: var name } && SearchSetPattern.IsSearchName(name));
        if (SearchSetPattern.TryMatch((IInvocationOperation)model.GetOperation(searched)!, symbols, default, out SearchSetMatch? match))
        {
            bool ca1870Reported = run.Diagnostics.Any(d => d.Id == Ca1870 && d.Location.SourceSpan == match.ValuesArgument.Syntax.Span);
            Assert.Equal(ca1870Reported, match.Ca1870Reports);
        }
    }

    [Fact]
    public async Task Ca1870_IsQuietOnNet472_AndSL1004Reports()
    {
        string source = """
            class C
            {
                int M(string text) => text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' });
            }
            """;
        AnalyzerRun run = await AnalyzerRunner.RunAsync(
            ImmutableArray.Create(s_ca1870.Value, new SL1004UseCachedSearchValuesAnalyzer()),
            AnalyzerRunner.CreateCompilation(TestTarget.Net472, source),
            concurrent: false);
        Assert.Equal(new[] { Sl1004 }, run.Diagnostics.Select(d => d.Id).Where(id => id is Ca1870 or Sl1004).ToArray());
    }

    /// <summary>
    /// CA1870 as the SDK running these tests ships it (dotnet/sdk/&lt;version&gt;/Sdks/Microsoft.NET.Sdk/analyzers): on
    /// disk wherever the tests run, so nothing is downloaded, and the very analyzer a user's build runs.
    /// </summary>
    internal static DiagnosticAnalyzer LoadCa1870() => LoadSdkAnalyzer("CSharpUseSearchValuesAnalyzer", Ca1870);

    /// <summary>The SDK's analyzer type <paramref name="typeName"/> (from its NetAnalyzers assemblies), which reports <paramref name="id"/>.</summary>
    internal static DiagnosticAnalyzer LoadSdkAnalyzer(string typeName, string id)
    {
        string dotnetRoot = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(typeof(object).Assembly.Location)!, "..", "..", ".."));
        string sdk = Directory.GetDirectories(Path.Combine(dotnetRoot, "sdk"))
            .Where(d => File.Exists(Path.Combine(d, "Sdks", "Microsoft.NET.Sdk", "analyzers", "Microsoft.CodeAnalysis.CSharp.NetAnalyzers.dll")))
            .OrderBy(d => d, StringComparer.Ordinal)
            .Last();
        string analyzers = Path.Combine(sdk, "Sdks", "Microsoft.NET.Sdk", "analyzers");
        Assembly common = Assembly.LoadFrom(Path.Combine(analyzers, "Microsoft.CodeAnalysis.NetAnalyzers.dll"));
        Assembly csharp = Assembly.LoadFrom(Path.Combine(analyzers, "Microsoft.CodeAnalysis.CSharp.NetAnalyzers.dll"));
        Type type = csharp.GetTypes().Concat(common.GetTypes()).First(t => t.Name == typeName);
        var analyzer = (DiagnosticAnalyzer)Activator.CreateInstance(type)!;
        Assert.Contains(analyzer.SupportedDiagnostics, d => d.Id == id);
        return analyzer;
    }
}
