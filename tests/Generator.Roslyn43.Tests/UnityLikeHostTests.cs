using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Streamline.Generator.Roslyn43.Tests;

/// <summary>
/// Unity-like: a Roslyn 4.3 compiler loads Streamline's analyzers and generator from their files and compiles a
/// netstandard2.1 project at C# 9 (nullable off, no MSBuild properties), whose code names the runtime's types.
/// </summary>
public sealed class UnityLikeHostTests
{
    private const string Code = """
        using System.IO;
        using Streamline.Runtime;

        namespace Game
        {
            public static class Loader
            {
                public static long Lines(string path) { return LineCounter.Count(path); }

                public static int Header(Stream stream)
                {
                    using (var reader = new BufferedBinaryReader(stream, System.Text.Encoding.UTF8, leaveOpen: true))
                    {
                        return reader.ReadInt32();
                    }
                }

                public static int Skip(Stream stream, byte[] buffer)
                {
                    using (var reader = new SkipReader(stream, leaveOpen: true))
                    {
                        return reader.Read(buffer, 0, buffer.Length);
                    }
                }

                public static int Separator(string text)
                {
                    return CharSearchSet.Create(",;:").IndexOfAny(text);
                }

                public static long Words(Stream stream) { return TextCounter.Count(stream).Words; }

                public static int Flagged(string path) { return File.ReadAllLines(path).Length; }
            }
        }
        """;

    [Fact]
    public void Host_IsRoslyn43()
    {
        Assert.Equal(new Version(4, 3, 0, 0), typeof(Compilation).Assembly.GetName().Version);
    }

    [Fact]
    public async System.Threading.Tasks.Task NetStandard21AtCSharp9_CompilesWithTheGeneratedRuntime_AndTheAnalyzersReport()
    {
        ImmutableArray<AnalyzerFileReference> references = Metadata("AnalyzerAssemblies").Split(';')
            .Select(path => new AnalyzerFileReference(Path.GetFullPath(path), Loader.Instance))
            .ToImmutableArray();
        ImmutableArray<ISourceGenerator> generators = references.SelectMany(r => r.GetGenerators(LanguageNames.CSharp)).ToImmutableArray();
        ImmutableArray<DiagnosticAnalyzer> analyzers = references.SelectMany(r => r.GetAnalyzers(LanguageNames.CSharp)).ToImmutableArray();
        Assert.Single(generators);
        Assert.NotEmpty(analyzers);

        var parseOptions = new CSharpParseOptions(LanguageVersion.CSharp9);
        CSharpCompilation compilation = CSharpCompilation.Create(
            "Game",
            new[] { CSharpSyntaxTree.ParseText(Code, parseOptions, path: "Loader.cs") },
            Directory.GetFiles(Metadata("NetStandard21References"), "*.dll").Select(p => MetadataReference.CreateFromFile(p)),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Disable));

        CSharpGeneratorDriver.Create(generators, parseOptions: parseOptions)
            .RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> generatorDiagnostics);
        Assert.Empty(generatorDiagnostics);
        Assert.Contains(output.SyntaxTrees, t => t.FilePath.EndsWith("Streamline.Runtime.LineCounter.g.cs", StringComparison.Ordinal));

        ImmutableArray<Diagnostic> all = await output.WithAnalyzers(analyzers).GetAllDiagnosticsAsync(CancellationToken.None);
        string[] problems = all.Where(d => d.Severity >= DiagnosticSeverity.Warning && !d.Id.StartsWith("SL", StringComparison.Ordinal)).Select(d => d.ToString()).ToArray();
        Assert.True(problems.Length == 0, string.Join("\n", problems));
        Assert.Contains(all, d => d.Id == "SL1003" && d.Location.SourceTree!.FilePath == "Loader.cs");
        Assert.DoesNotContain(all, d => d.Location.SourceTree?.FilePath.Contains("Streamline.Runtime.", StringComparison.Ordinal) == true);
    }

    /// <summary>
    /// In the Roslyn 4.3 host, <c>using Streamline.Runtime;</c> with nothing of it used compiles: the generator's
    /// post-initialization file declares the namespace, and adds no type.
    /// </summary>
    [Fact]
    public void UnusedRuntimeUsing_Compiles_WithTheNamespaceFileOnly()
    {
        ImmutableArray<ISourceGenerator> generators = Metadata("AnalyzerAssemblies").Split(';')
            .Select(path => new AnalyzerFileReference(Path.GetFullPath(path), Loader.Instance))
            .SelectMany(r => r.GetGenerators(LanguageNames.CSharp))
            .ToImmutableArray();
        var parseOptions = new CSharpParseOptions(LanguageVersion.CSharp9, DocumentationMode.Diagnose);
        CSharpCompilation compilation = CSharpCompilation.Create(
            "Game",
            new[] { CSharpSyntaxTree.ParseText("using System;\nusing Streamline.Runtime;\nnamespace Game { internal static class Loader { internal static int Count(string path) { return path.Length; } } }\n", parseOptions, path: "Loader.cs") },
            Directory.GetFiles(Metadata("NetStandard21References"), "*.dll").Select(p => MetadataReference.CreateFromFile(p)),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, generalDiagnosticOption: ReportDiagnostic.Error));

        CSharpGeneratorDriver.Create(generators, parseOptions: parseOptions)
            .RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out ImmutableArray<Diagnostic> generatorDiagnostics);

        Assert.Empty(generatorDiagnostics);
        SyntaxTree added = Assert.Single(output.SyntaxTrees.Skip(1));
        Assert.EndsWith("Streamline.Runtime.Namespace.g.cs", added.FilePath, StringComparison.Ordinal);
        string[] problems = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).Select(d => d.ToString()).ToArray();
        Assert.True(problems.Length == 0, string.Join("\n", problems));
    }

    private static string Metadata(string key)
    {
        return typeof(UnityLikeHostTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value!;
    }

    /// <summary>Loads analyzer assemblies the simplest way a host can: into the default context, by path.</summary>
    private sealed class Loader : IAnalyzerAssemblyLoader
    {
        public static readonly Loader Instance = new();

        public void AddDependencyLocation(string fullPath)
        {
        }

        public Assembly LoadFromPath(string fullPath) => Assembly.LoadFrom(fullPath);
    }
}
