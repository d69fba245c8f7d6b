using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace Streamline.Generator;

/// <summary>
/// Adds the Streamline.Runtime types that the code names (and what they need) to the compilation as internal source,
/// so that the code fixes' rewrites compile without a runtime assembly: nothing when no runtime type is named, nothing
/// when the Streamline.Runtime assembly is referenced (it wins), nothing when the MSBuild property
/// <c>StreamlineRuntimeSource</c> is <c>false</c>.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class RuntimeSourceGenerator : IIncrementalGenerator
{
    /// <summary>The MSBuild property (read as <c>build_property.StreamlineRuntimeSource</c>) that turns the generator off when <c>false</c>.</summary>
    public const string EnabledProperty = "build_property.StreamlineRuntimeSource";

    /// <summary>Tracked step names, for the incrementality tests.</summary>
    public const string NamesStep = "StreamlineRuntimeNames";
    public const string CompilationStep = "StreamlineRuntimeCompilation";
    public const string RequestStep = "StreamlineRuntimeRequest";

    private const string RuntimeAssemblyName = "Streamline.Runtime";

    /// <inheritdoc/>
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        // Syntax only: an identifier whose text is a runtime type's name. An edit elsewhere changes none of these.
        IncrementalValueProvider<EquatableArray<string>> names = context.SyntaxProvider
            .CreateSyntaxProvider(
                static (node, _) => node is IdentifierNameSyntax identifier && RuntimeCatalog.EntryNames.Contains(identifier.Identifier.ValueText),
                static (syntax, _) => ((IdentifierNameSyntax)syntax.Node).Identifier.ValueText)
            .Collect()
            .Select(static (all, _) => new EquatableArray<string>(all.Distinct(StringComparer.Ordinal).OrderBy(n => n, StringComparer.Ordinal).ToArray()))
            .WithTrackingName(NamesStep);

        // The compilation is probed only where a runtime type is named: elsewhere an edit costs the syntax filter alone.
        IncrementalValueProvider<CompilationFacts?> facts = names
            .Combine(context.CompilationProvider)
            .Select(static (input, _) => input.Left.Length == 0 ? null : CompilationFacts.From(input.Right))
            .WithTrackingName(CompilationStep);

        IncrementalValueProvider<int> languageVersion = context.ParseOptionsProvider
            .Select(static (options, _) => options is CSharpParseOptions csharp ? (int)csharp.LanguageVersion : (int)LanguageVersion.CSharp7_3);

        IncrementalValueProvider<bool> enabled = context.AnalyzerConfigOptionsProvider
            .Select(static (options, _) => !options.GlobalOptions.TryGetValue(EnabledProperty, out string? value)
                || !string.Equals(value?.Trim(), "false", StringComparison.OrdinalIgnoreCase));

        IncrementalValueProvider<RuntimeRequest?> request = names
            .Combine(facts)
            .Combine(languageVersion.Combine(enabled))
            .Select(static (input, _) =>
            {
                ((EquatableArray<string> typeNames, CompilationFacts? compilation), (int language, bool on)) = input;
                if (!on || compilation is null || compilation.HasRuntime)
                    return null;
                return new RuntimeRequest(typeNames, compilation.Features, language, compilation.PresentPolyfills, compilation.HasEmbeddedAttribute);
            })
            .WithTrackingName(RequestStep);

        context.RegisterSourceOutput(request, static (output, request) =>
        {
            if (request is null)
                return;
            // With the types, not in post-initialization: a project that names no runtime type gets nothing at all.
            if (!request.HasEmbeddedAttribute)
                output.AddSource(RuntimeSourceEmitter.EmbeddedAttributeHintName, SourceText.From(RuntimeSourceEmitter.EmbeddedAttributeSource, Encoding.UTF8));
            foreach ((string hintName, string text) in RuntimeSourceEmitter.Emit(request))
                output.AddSource(hintName, SourceText.From(text, Encoding.UTF8));
        });
    }

    /// <summary>What the generator needs to know about a compilation, as values.</summary>
    internal sealed record CompilationFacts(bool HasRuntime, RuntimeFeatures Features, EquatableArray<string> PresentPolyfills, bool HasEmbeddedAttribute)
    {
        public static CompilationFacts From(Compilation compilation)
        {
            bool hasRuntime = compilation.AssemblyName == RuntimeAssemblyName
                || compilation.ReferencedAssemblyNames.Any(static a => a.Name == RuntimeAssemblyName);
            if (hasRuntime)
                return new CompilationFacts(true, RuntimeFeatures.None, default, false);

            RuntimeFeatures features = RuntimeFeatureProbe.Probe(compilation);
            string[] present = RuntimeCatalog.Get(features).PolyfillTypes
                .Where(p => RuntimeFeatureProbe.HasAccessibleType(compilation, p))
                .OrderBy(p => p, StringComparer.Ordinal)
                .ToArray();
            // The project's own sources may declare the attribute already (by hand, or another package's copy): use it.
            bool hasEmbedded = compilation.Assembly.GetTypeByMetadataName(RuntimeSourceEmitter.EmbeddedAttributeName) is not null;
            return new CompilationFacts(false, features, new EquatableArray<string>(present), hasEmbedded);
        }
    }
}
