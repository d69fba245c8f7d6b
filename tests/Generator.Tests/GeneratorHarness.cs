using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Streamline.Generator.Tests;

/// <summary>The consumer set-ups the generated runtime must compile in.</summary>
public enum Target
{
    /// <summary>.NET Framework 4.7.2: arrays only, no nullable attributes.</summary>
    Net472,
    NetStandard20,
    /// <summary>Unity's profile: spans without SearchValues or vectors.</summary>
    NetStandard21,
    /// <summary>.NET 5: <c>Half</c> and <c>Read7BitEncodedInt64</c>, but no <c>BinaryReader.ReadHalf</c> yet.</summary>
    Net50,
    Net60,
    Net80,
}

internal static class GeneratorHarness
{
    /// <summary>Every public runtime type, named the way user code names them.</summary>
    public static readonly string[] PublicTypes =
    {
        "BufferedBinaryReader", "SkipReader", "LineCounter", "CharSearchSet", "ByteSearchSet",
        "TextCounter", "TextCounts", "TextCountOptions", "TextCountLocale",
    };

    private static readonly Lazy<MetadataReference[]> s_netStandard21 = new(() => ReferencesIn("NetStandard21References"));
    private static readonly Lazy<MetadataReference[]> s_net50 = new(() => ReferencesIn("Net50References"));
    private static readonly Lazy<MetadataReference[]> s_net60 = new(() => ReferencesIn("Net60References"));

    private static MetadataReference[] ReferencesIn(string key)
        => System.IO.Directory.GetFiles(Metadata(key), "*.dll").Select(p => (MetadataReference)MetadataReference.CreateFromFile(p)).ToArray();

    public static string Metadata(string key)
    {
        return typeof(GeneratorHarness).Assembly.GetCustomAttributes(typeof(System.Reflection.AssemblyMetadataAttribute), false)
            .Cast<System.Reflection.AssemblyMetadataAttribute>().Single(a => a.Key == key).Value!;
    }

    public static IEnumerable<MetadataReference> References(Target target) => target switch
    {
        Target.Net472 => Basic.Reference.Assemblies.Net472.References.All,
        Target.NetStandard20 => Basic.Reference.Assemblies.NetStandard20.References.All,
        Target.NetStandard21 => s_netStandard21.Value,
        Target.Net50 => s_net50.Value,
        Target.Net60 => s_net60.Value,
        Target.Net80 => Basic.Reference.Assemblies.Net80.References.All,
        _ => throw new ArgumentOutOfRangeException(nameof(target)),
    };

    public static string UsesOf(params string[] types)
    {
        string typeofs = string.Join(", ", types.Select(t => "typeof(" + t + ")"));
        return "using Streamline.Runtime;\nnamespace Consumer\n{\n    internal static class Uses\n    {\n        internal static object[] All() { return new object[] { " + typeofs + " }; }\n    }\n}\n";
    }

    public static CSharpCompilation Compilation(
        Target target,
        LanguageVersion language,
        bool nullable,
        IEnumerable<string> sources,
        string assemblyName = "Consumer",
        IEnumerable<MetadataReference>? extraReferences = null)
    {
        var parse = new CSharpParseOptions(language, DocumentationMode.Diagnose);
        var options = new CSharpCompilationOptions(
            OutputKind.DynamicallyLinkedLibrary,
            nullableContextOptions: nullable ? NullableContextOptions.Enable : NullableContextOptions.Disable,
            generalDiagnosticOption: ReportDiagnostic.Error,
            warningLevel: 9999,
            allowUnsafe: false);
        return CSharpCompilation.Create(
            assemblyName,
            sources.Select((s, i) => CSharpSyntaxTree.ParseText(s, parse, path: "Source" + i + ".cs")),
            References(target).Concat(extraReferences ?? Enumerable.Empty<MetadataReference>()),
            options);
    }

    public static GeneratorDriver Driver(CSharpCompilation compilation, Dictionary<string, string>? globalOptions = null, bool trackSteps = false)
    {
        return CSharpGeneratorDriver.Create(
            new[] { new RuntimeSourceGenerator().AsSourceGenerator() },
            parseOptions: (CSharpParseOptions)compilation.SyntaxTrees.First().Options,
            optionsProvider: new GlobalOptionsProvider(globalOptions ?? new Dictionary<string, string>()),
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: trackSteps));
    }

    /// <summary>Runs the generator and returns the compilation with its output, and the output alone.</summary>
    public static (Compilation Output, GeneratorRunResult Run) Run(CSharpCompilation compilation, Dictionary<string, string>? globalOptions = null)
    {
        GeneratorDriver driver = Driver(compilation, globalOptions).RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> diagnostics);
        Assert.Empty(diagnostics);
        return (output, driver.GetRunResult().Results.Single());
    }

    /// <summary>
    /// Fails unless the run added the namespace file alone: what every compilation gets, also one that names no runtime
    /// type, is turned off, or references the runtime assembly (so that <c>using Streamline.Runtime;</c> compiles).
    /// </summary>
    public static void AssertNamespaceOnly(GeneratorRunResult run)
    {
        GeneratedSourceResult only = Assert.Single(run.GeneratedSources);
        Assert.Equal(RuntimeSourceGenerator.NamespaceHintName, only.HintName);
        SyntaxNode root = only.SyntaxTree.GetRoot();
        Assert.Empty(root.DescendantNodes().OfType<Microsoft.CodeAnalysis.CSharp.Syntax.BaseTypeDeclarationSyntax>());
    }

    /// <summary>Fails with every warning and error of the compilation, in full.</summary>
    public static void AssertClean(Compilation compilation)
    {
        string[] problems = Problems(compilation);
        Assert.True(problems.Length == 0, problems.Length + " problems:\n" + string.Join("\n", problems.Distinct().Take(40)));
    }

    /// <summary>Every warning and error of the compilation, formatted, so a failing test shows them.</summary>
    public static string[] Problems(Compilation compilation)
    {
        return compilation.GetDiagnostics()
            .Where(d => d.Severity >= DiagnosticSeverity.Warning)
            .Select(d => d.ToString())
            .ToArray();
    }

    private sealed class GlobalOptionsProvider : AnalyzerConfigOptionsProvider
    {
        private readonly Options _global;

        public GlobalOptionsProvider(Dictionary<string, string> values) => _global = new Options(values);

        public override AnalyzerConfigOptions GlobalOptions => _global;

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => Options.Empty;

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => Options.Empty;

        private sealed class Options : AnalyzerConfigOptions
        {
            public static readonly Options Empty = new(new Dictionary<string, string>());

            private readonly Dictionary<string, string> _values;

            public Options(Dictionary<string, string> values) => _values = values;

            public override bool TryGetValue(string key, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out string? value)
                => _values.TryGetValue(key, out value);
        }
    }
}
