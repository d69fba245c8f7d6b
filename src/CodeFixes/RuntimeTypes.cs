using System;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Streamline.Analyzers;
using Streamline.Generator;

namespace Streamline.CodeFixes;

/// <summary>
/// Where the fixes find the Streamline.Runtime types they rewrite to: the one place that decides whether the
/// compilation can see the runtime. It can when it references the Streamline.Runtime assembly or already has the
/// generated types; or when the project gets the runtime as generated source (the Streamline package's props set
/// <c>StreamlineRuntimeSource</c> to <c>true</c>), and then the type is the one Streamline.Generator will add as soon
/// as the fixed code names it. A missing property means on wherever the generator is loaded, as in the generator.
/// </summary>
internal static class RuntimeTypes
{
    /// <summary>The MSBuild property, as the analyzers see it, that says the generator adds the runtime as source.</summary>
    public const string RuntimeSourceProperty = "build_property.StreamlineRuntimeSource";

    /// <summary><c>Streamline.Runtime.LineCounter</c>, or null.</summary>
    public static INamedTypeSymbol? LineCounter(Document document, Compilation compilation)
        => Find(document, compilation, KnownNames.LineCounter);

    /// <summary>
    /// <c>Streamline.Runtime.BufferedBinaryReader</c> as the compilation has it now, or null: for code that already
    /// names the reader (then the generator has added it too).
    /// </summary>
    public static INamedTypeSymbol? BufferedBinaryReader(Compilation compilation)
        => WithPublicConstructor(TypeLookup.GetBestType(compilation, KnownNames.BufferedBinaryReader), parameterCount: -1);

    /// <summary><c>Streamline.Runtime.BufferedBinaryReader</c> with a public constructor, or null.</summary>
    public static INamedTypeSymbol? BufferedBinaryReader(Document document, Compilation compilation)
        => WithPublicConstructor(Find(document, compilation, KnownNames.BufferedBinaryReader), parameterCount: -1);

    /// <summary>The buffered reader's <c>public long Position { get; }</c>, or null where the runtime predates it.</summary>
    public static IPropertySymbol? BufferedBinaryReaderPosition(INamedTypeSymbol bufferedReader)
    {
        foreach (ISymbol member in bufferedReader.GetMembers("Position"))
        {
            if (member is IPropertySymbol { IsStatic: false, DeclaredAccessibility: Accessibility.Public, Type.SpecialType: SpecialType.System_Int64, GetMethod.DeclaredAccessibility: Accessibility.Public } position)
                return position;
        }

        return null;
    }

    /// <summary><c>Streamline.Runtime.SkipReader</c> with its public <c>(Stream, bool leaveOpen)</c> constructor, or null.</summary>
    public static INamedTypeSymbol? SkipReader(Document document, Compilation compilation)
        => WithPublicConstructor(Find(document, compilation, KnownNames.SkipReader), parameterCount: 2);

    /// <summary><c>Streamline.Runtime.ByteSearchSet</c> or <c>CharSearchSet</c>, or null.</summary>
    public static INamedTypeSymbol? SearchSet(Document document, Compilation compilation, bool isByte)
        => Find(document, compilation, isByte ? KnownNames.ByteSearchSet : KnownNames.CharSearchSet);

    /// <summary>Whether a search set has <c>IndexOfAny(ReadOnlySpan&lt;T&gt;)</c> (its build or generated source has spans).</summary>
    public static bool TakesSpans(INamedTypeSymbol searchSet)
    {
        foreach (ISymbol member in searchSet.GetMembers(KnownNames.IndexOfAny))
        {
            if (member is IMethodSymbol { Parameters.Length: 1 } method
                && method.Parameters[0].Type is INamedTypeSymbol { Name: "ReadOnlySpan", Arity: 1, ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } })
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Whether the project gets the runtime as generated source, decided as the generator decides it: the property
    /// <c>false</c> turns it off; missing or empty means on wherever Streamline.Generator is loaded. Without the
    /// package's build/ props (<c>IncludeAssets="analyzers"</c>, Unity's <c>&lt;Analyzer&gt;</c> items) the property is
    /// missing, and the generator runs all the same, so the fixes must be offered too.
    /// </summary>
    public static bool GeneratesRuntime(Project project)
    {
        string? value = project.AnalyzerOptions.AnalyzerConfigOptionsProvider.GlobalOptions.TryGetValue(RuntimeSourceProperty, out string? set) ? set : null;
        if (!RuntimeSourceGenerator.IsEnabled(value))
            return false;
        return string.Equals(value?.Trim(), "true", StringComparison.OrdinalIgnoreCase) || LoadsGenerator(project);
    }

    // By name: the IDE may load the generator from the package's folder in a context of its own.
    private static bool LoadsGenerator(Project project)
    {
        foreach (AnalyzerReference reference in project.AnalyzerReferences)
        {
            foreach (ISourceGenerator generator in reference.GetGeneratorsForAllLanguages())
            {
                if (generator.GetGeneratorType().FullName == typeof(RuntimeSourceGenerator).FullName)
                    return true;
            }
        }

        return false;
    }

    private static INamedTypeSymbol? Find(Document document, Compilation compilation, string metadataName)
    {
        INamedTypeSymbol? type = TypeLookup.GetBestType(compilation, metadataName);
        if (type is not null || !GeneratesRuntime(document.Project))
            return type;
        return RuntimeSourcePreview.Find(compilation, metadataName.Substring(KnownNames.RuntimeNamespace.Length + 1));
    }

    private static INamedTypeSymbol? WithPublicConstructor(INamedTypeSymbol? type, int parameterCount)
    {
        if (type is null)
            return null;

        foreach (IMethodSymbol constructor in type.InstanceConstructors)
        {
            if (constructor.DeclaredAccessibility == Accessibility.Public && (parameterCount < 0 || constructor.Parameters.Length == parameterCount))
                return type;
        }

        return null;
    }
}
