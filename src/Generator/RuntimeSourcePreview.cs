using System.Collections.Concurrent;
using System.Linq;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Streamline.Generator;

/// <summary>
/// The runtime types this generator would add to a compilation once its code names them, for the code fixes: a fix
/// that rewrites to <c>LineCounter</c> needs the type's symbol before the code names it, that is, before the generator
/// emits it.
/// </summary>
internal static class RuntimeSourcePreview
{
    private static readonly ConditionalWeakTable<Compilation, ConcurrentDictionary<string, INamedTypeSymbol?>> s_previews = new();

    /// <summary>
    /// The runtime type named <paramref name="typeName"/> (a simple name, e.g. <c>LineCounter</c>) as the generator
    /// would emit it into <paramref name="compilation"/>, or null when it would emit nothing (the runtime assembly is
    /// referenced, or no such type).
    /// </summary>
    public static INamedTypeSymbol? Find(Compilation compilation, string typeName)
    {
        if (!RuntimeCatalog.EntryNames.Contains(typeName))
            return null;
        return s_previews.GetValue(compilation, static _ => new ConcurrentDictionary<string, INamedTypeSymbol?>())
            .GetOrAdd(typeName, name => Create(compilation, name));
    }

    private static INamedTypeSymbol? Create(Compilation compilation, string typeName)
    {
        RuntimeSourceGenerator.CompilationFacts facts = RuntimeSourceGenerator.CompilationFacts.From(compilation);
        if (facts.HasRuntime)
            return null;

        var parseOptions = compilation.SyntaxTrees.FirstOrDefault()?.Options as CSharpParseOptions ?? CSharpParseOptions.Default;
        var request = new RuntimeRequest(new EquatableArray<string>(new[] { typeName }), facts.Features, (int)parseOptions.LanguageVersion, facts.PresentPolyfills, facts.HasEmbeddedAttribute);
        SyntaxTree[] trees = RuntimeSourceEmitter.Emit(request)
            .Select(file => CSharpSyntaxTree.ParseText(file.Text, parseOptions, path: file.HintName))
            .ToArray();
        if (!request.HasEmbeddedAttribute)
            trees = trees.Append(CSharpSyntaxTree.ParseText(RuntimeSourceEmitter.EmbeddedAttributeSource, parseOptions, path: RuntimeSourceEmitter.EmbeddedAttributeHintName)).ToArray();
        return compilation.AddSyntaxTrees(trees).Assembly.GetTypeByMetadataName(RuntimeCatalog.RuntimeNamespace + "." + typeName);
    }
}
