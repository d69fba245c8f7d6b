using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Streamline.Generator.Tests;

/// <summary>
/// The generated runtime compiles with no warning under every consumer setting it lands in: C# 7.3 (the default of
/// .NET Framework and netstandard2.0), C# 9 (Unity) and latest; nullable on and off; warnings as errors at the highest
/// warning level, with documentation comments checked.
/// </summary>
public sealed class DialectTests
{
    public static IEnumerable<object[]> Settings()
    {
        foreach (Target target in new[] { Target.Net472, Target.NetStandard20, Target.NetStandard21, Target.Net50, Target.Net60, Target.Net80 })
        {
            foreach (LanguageVersion language in new[] { LanguageVersion.CSharp7_3, LanguageVersion.CSharp9, LanguageVersion.Latest })
            {
                // Nullable needs C# 8: MSBuild refuses the pair too (CS8630).
                if (language != LanguageVersion.CSharp7_3)
                    yield return new object[] { target, language, true };
                yield return new object[] { target, language, false };
            }
        }
    }

    [Theory]
    [MemberData(nameof(Settings))]
    public void EveryType_CompilesWithoutWarnings(Target target, LanguageVersion language, bool nullable)
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(target, language, nullable, new[] { GeneratorHarness.UsesOf(GeneratorHarness.PublicTypes) });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        Assert.True(run.GeneratedSources.Length > 1, "the runtime was not generated");
        GeneratorHarness.AssertClean(output);
    }

    /// <summary>
    /// A project that declares types in the global namespace with the names of BCL types the runtime uses (a top-level
    /// program's <c>static class Decoder</c>) still compiles: the runtime's using directives sit inside its namespace,
    /// where they are searched before the global namespace.
    /// </summary>
    [Theory]
    [InlineData(Target.Net472, LanguageVersion.CSharp7_3)]
    [InlineData(Target.NetStandard21, LanguageVersion.CSharp9)]
    [InlineData(Target.Net80, LanguageVersion.Latest)]
    public void GlobalTypesNamedLikeBclTypes_DoNotHideThem(Target target, LanguageVersion language)
    {
        string[] names =
        {
            "Decoder", "Encoder", "Encoding", "Stream", "Math", "Buffer", "BinaryReader", "BinaryPrimitives", "Vector", "Vector128",
            "Vector256", "MemoryExtensions", "MemoryMarshal", "Unsafe", "BitOperations", "SearchValues", "StringBuilder", "CultureInfo",
            "Interlocked", "Debug", "SeekOrigin", "EndOfStreamException", "ArgumentNullException", "ArgumentOutOfRangeException",
            "ObjectDisposedException", "IOException", "NotSupportedException", "InvalidOperationException", "Rune", "UnicodeCategory",
            "CharUnicodeInfo", "Array", "Exception",
        };
        string globals = string.Concat(names.Select(name => "internal static class " + name + " { }\n"));
        CSharpCompilation compilation = GeneratorHarness.Compilation(target, language, nullable: false,
            new[] { GeneratorHarness.UsesOf(GeneratorHarness.PublicTypes), globals });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        Assert.True(run.GeneratedSources.Length > 1, "the runtime was not generated");
        GeneratorHarness.AssertClean(output);
    }

    public static IEnumerable<object[]> SingleTypes()
    {
        foreach (string type in GeneratorHarness.PublicTypes)
        {
            yield return new object[] { type, Target.Net472 };
            yield return new object[] { type, Target.Net80 };
        }
    }

    [Theory]
    [MemberData(nameof(SingleTypes))]
    public void EachTypeAlone_BringsWhatItNeeds(string type, Target target)
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(target, LanguageVersion.CSharp7_3, nullable: false, new[] { GeneratorHarness.UsesOf(type) });
        (Compilation output, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        Assert.Contains(run.GeneratedSources, s => s.HintName.StartsWith("Streamline.Runtime." + type, System.StringComparison.Ordinal));
        GeneratorHarness.AssertClean(output);
    }

    [Fact]
    public void OneType_EmitsOnlyItsFilesAndTheHelpersItCalls()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { GeneratorHarness.UsesOf("SkipReader") });
        (_, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        string[] hints = run.GeneratedSources.Select(s => s.HintName).ToArray();
        Assert.Contains("Streamline.Runtime.SkipReader.g.cs", hints);
        Assert.DoesNotContain(hints, h => h.Contains("LineCounter") || h.Contains("TextCounter") || h.Contains("SearchSet") || h.Contains("BufferedBinaryReader"));
        Assert.DoesNotContain("Streamline.Runtime.ThrowHelper.TextCount.g.cs", hints);
        Assert.DoesNotContain("Streamline.Runtime.Polyfills.g.cs", hints);
    }

    [Fact]
    public void GeneratedTypes_AreInternalAndEmbedded()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.NetStandard20, LanguageVersion.CSharp7_3, nullable: false, new[] { GeneratorHarness.UsesOf(GeneratorHarness.PublicTypes) });
        (Compilation output, _) = GeneratorHarness.Run(compilation);

        INamedTypeSymbol embedded = output.GetTypeByMetadataName("Microsoft.CodeAnalysis.EmbeddedAttribute")!;
        foreach (string name in GeneratorHarness.PublicTypes.Concat(new[] { "ThrowHelper" }))
        {
            INamedTypeSymbol type = output.GetTypeByMetadataName("Streamline.Runtime." + name)!;
            Assert.Equal(Accessibility.Internal, type.DeclaredAccessibility);
            Assert.Single(type.GetAttributes(), a => SymbolEqualityComparer.Default.Equals(a.AttributeClass, embedded));
        }

        // netstandard2.0 lacks the nullable attributes the runtime uses: they come along, embedded too.
        INamedTypeSymbol doesNotReturn = output.GetTypeByMetadataName("System.Diagnostics.CodeAnalysis.DoesNotReturnAttribute")!;
        Assert.Equal(output.Assembly, doesNotReturn.ContainingAssembly, SymbolEqualityComparer.Default);
        Assert.Single(doesNotReturn.GetAttributes(), a => SymbolEqualityComparer.Default.Equals(a.AttributeClass, embedded));
    }

    [Fact]
    public void Output_IsMarkedAutoGenerated()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Target.Net80, LanguageVersion.Latest, nullable: true, new[] { GeneratorHarness.UsesOf("LineCounter") });
        (_, GeneratorRunResult run) = GeneratorHarness.Run(compilation);

        Assert.All(run.GeneratedSources, s => Assert.StartsWith("// <auto-generated/>", s.SourceText.ToString(), System.StringComparison.Ordinal));
    }
}
