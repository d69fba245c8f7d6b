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
/// Adds the Streamline.Runtime types that the code binds to (and what they need) to the compilation as internal
/// source, so that the code fixes' rewrites compile without a runtime assembly: nothing when no runtime type is used,
/// nothing when the Streamline.Runtime assembly is referenced (it wins), nothing when the MSBuild property
/// <c>StreamlineRuntimeSource</c> is <c>false</c> (then each use is reported as SL0002, with what to add).
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class RuntimeSourceGenerator : IIncrementalGenerator
{
    /// <summary>The MSBuild property (read as <c>build_property.StreamlineRuntimeSource</c>) that turns the generator off when <c>false</c>.</summary>
    public const string EnabledProperty = "build_property.StreamlineRuntimeSource";

    /// <summary>Tracked step names, for the incrementality tests.</summary>
    public const string UsesStep = "StreamlineRuntimeUses";
    public const string NamesStep = "StreamlineRuntimeNames";
    public const string CompilationStep = "StreamlineRuntimeCompilation";
    public const string RequestStep = "StreamlineRuntimeRequest";
    public const string UnavailableStep = "StreamlineRuntimeUnavailable";

    private const string RuntimeAssemblyName = "Streamline.Runtime";

    /// <summary>Whether a missing or empty <c>StreamlineRuntimeSource</c> means on: the one default, shared with the code fixes.</summary>
    public static bool IsEnabled(string? propertyValue)
        => !string.Equals(propertyValue?.Trim(), "false", StringComparison.OrdinalIgnoreCase);

    /// <inheritdoc/>
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        // One syntax walk (Roslyn walks every tree once per syntax provider): each identifier whose text is a runtime
        // type's name, bound once, and each `global using Streamline.Runtime;` (the SDK writes one per
        // <Using Include="Streamline.Runtime" />). A name that binds to anything (the project's own LineCounter, a
        // local, the Streamline.Runtime assembly's type) needs nothing; a name that does not bind needs the runtime
        // when Streamline.Runtime is where it would be looked up.
        IncrementalValuesProvider<RuntimeSyntax> found = context.SyntaxProvider
            .CreateSyntaxProvider(
                static (node, _) => node is IdentifierNameSyntax identifier
                    ? RuntimeCatalog.EntryNames.Contains(identifier.Identifier.ValueText)
                    : node is UsingDirectiveSyntax directive && RuntimeUse.IsGlobalRuntimeImport(directive),
                static (syntax, cancellationToken) => syntax.Node is IdentifierNameSyntax identifier
                    ? new RuntimeSyntax(RuntimeUse.From(identifier, syntax.SemanticModel, cancellationToken), GlobalImport: false)
                    : new RuntimeSyntax(null, GlobalImport: true));

        IncrementalValuesProvider<RuntimeUse> uses = found
            .Where(static item => item.Use is not null)
            .Select(static (item, _) => item.Use!.Value)
            .WithTrackingName(UsesStep);

        IncrementalValueProvider<bool> globalUsing = found
            .Where(static item => item.GlobalImport)
            .Collect()
            .Select(static (all, _) => !all.IsEmpty);

        IncrementalValueProvider<EquatableArray<RuntimeUse>> needed = uses
            .Collect()
            .Combine(globalUsing)
            .Select(static (input, _) => new EquatableArray<RuntimeUse>(input.Left.Where(u => u.IsNeeded(input.Right)).ToArray()));

        // Only the names: moving or adding a use of a type already named changes nothing after this step.
        IncrementalValueProvider<EquatableArray<string>> names = needed
            .Select(static (all, _) => new EquatableArray<string>(all.Select(u => u.Name).Distinct(StringComparer.Ordinal).OrderBy(n => n, StringComparer.Ordinal).ToArray()))
            .WithTrackingName(NamesStep);

        IncrementalValueProvider<bool> enabled = context.AnalyzerConfigOptionsProvider
            .Select(static (options, _) => IsEnabled(options.GlobalOptions.TryGetValue(EnabledProperty, out string? value) ? value : null));

        // The compilation is probed only where a runtime type is used: elsewhere an edit costs the syntax filter alone.
        // Turned off, only whether the runtime assembly is referenced matters (for SL0002).
        IncrementalValueProvider<CompilationFacts?> facts = names
            .Combine(enabled)
            .Combine(context.CompilationProvider)
            .Select(static (input, _) => input.Left.Left.Length == 0 ? null
                : input.Left.Right ? CompilationFacts.From(input.Right)
                : CompilationFacts.RuntimeOnly(input.Right))
            .WithTrackingName(CompilationStep);

        IncrementalValueProvider<int> languageVersion = context.ParseOptionsProvider
            .Select(static (options, _) => options is CSharpParseOptions csharp ? (int)csharp.LanguageVersion : (int)LanguageVersion.CSharp7_3);

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
            // With the types, not in post-initialization: a project that uses no runtime type gets nothing at all.
            if (!request.HasEmbeddedAttribute)
                output.AddSource(RuntimeSourceEmitter.EmbeddedAttributeHintName, SourceText.From(RuntimeSourceEmitter.EmbeddedAttributeSource, Encoding.UTF8));
            foreach ((string hintName, string text) in RuntimeSourceEmitter.Emit(request))
                output.AddSource(hintName, SourceText.From(text, Encoding.UTF8));
        });

        // SL0002: turned off, with no Streamline.Runtime assembly either, every use is a bare CS0246/CS0103 otherwise.
        IncrementalValueProvider<EquatableArray<RuntimeUse>> unavailable = needed
            .Combine(facts.Combine(enabled))
            .Select(static (input, _) =>
            {
                (EquatableArray<RuntimeUse> all, (CompilationFacts? compilation, bool on)) = input;
                return on || compilation is null || compilation.HasRuntime ? default : all;
            })
            .WithTrackingName(UnavailableStep);

        context.RegisterSourceOutput(unavailable, static (output, uses) =>
        {
            foreach (RuntimeUse use in uses)
                output.ReportDiagnostic(Diagnostic.Create(GeneratorDescriptors.RuntimeTypeUnavailable, use.Location, use.Name));
        });
    }

    /// <summary>What the generator needs to know about a compilation, as values.</summary>
    internal sealed record CompilationFacts(bool HasRuntime, RuntimeFeatures Features, EquatableArray<string> PresentPolyfills, bool HasEmbeddedAttribute)
    {
        public static CompilationFacts From(Compilation compilation)
        {
            if (ReferencesRuntime(compilation))
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

        public static CompilationFacts RuntimeOnly(Compilation compilation)
            => new(ReferencesRuntime(compilation), RuntimeFeatures.None, default, false);

        private static bool ReferencesRuntime(Compilation compilation)
            => compilation.AssemblyName == RuntimeAssemblyName
                || compilation.ReferencedAssemblyNames.Any(static a => a.Name == RuntimeAssemblyName);
    }
}

/// <summary>What the generator's one syntax walk found: a use of a runtime type's name that does not bind, or a
/// <c>global using Streamline.Runtime;</c>.</summary>
internal readonly record struct RuntimeSyntax(RuntimeUse? Use, bool GlobalImport);

/// <summary>
/// One use of a runtime type's simple name that does not bind, as values (the file, span and line span, for SL0002):
/// <c>Streamline.Runtime.LineCounter</c>, or <c>LineCounter</c> under <c>using Streamline.Runtime;</c> or in that
/// namespace (<see cref="InScope"/>), or a bare <c>LineCounter</c> that only a global using would bring in.
/// </summary>
internal readonly record struct RuntimeUse(string Name, bool InScope, string Path, TextSpan Span, LinePositionSpan LineSpan)
{
    public Location Location => Location.Create(Path, Span, LineSpan);

    public bool IsNeeded(bool globalUsing) => InScope || globalUsing;

    public static RuntimeUse? From(IdentifierNameSyntax identifier, SemanticModel model, System.Threading.CancellationToken cancellationToken)
    {
        // Declarations named like a runtime type are not uses (the identifier of a declaration is a token, not an
        // IdentifierNameSyntax); qualified names whose left side is something else are someone else's type.
        if (!IsRuntimeQualifiedOrSimple(identifier, out bool qualified))
            return null;

        SymbolInfo info = model.GetSymbolInfo(identifier, cancellationToken);
        if (info.Symbol is not null and not IErrorTypeSymbol || info.CandidateSymbols.Length > 0)
            return null;

        bool inScope = qualified || ImportsRuntime(identifier);
        FileLinePositionSpan lines = identifier.GetLocation().GetLineSpan();
        return new RuntimeUse(identifier.Identifier.ValueText, inScope, identifier.SyntaxTree.FilePath, identifier.Span, lines.Span);
    }

    public static bool IsGlobalRuntimeImport(UsingDirectiveSyntax directive)
        => !directive.GlobalKeyword.IsKind(SyntaxKind.None) && IsRuntimeImport(directive);

    // Accepts:  LineCounter.Count(p)   typeof(LineCounter)   Streamline.Runtime.LineCounter   global::Streamline.Runtime.LineCounter
    // Rejects:  Other.LineCounter      x.LineCounter         (someone else's member or nested type)
    private static bool IsRuntimeQualifiedOrSimple(IdentifierNameSyntax identifier, out bool qualified)
    {
        qualified = false;
        SyntaxNode? left = identifier.Parent switch
        {
            QualifiedNameSyntax q when q.Right == identifier => q.Left,
            MemberAccessExpressionSyntax m when m.Name == identifier => m.Expression,
            AliasQualifiedNameSyntax => null,
            _ => null,
        };
        if (left is null)
            return identifier.Parent is not AliasQualifiedNameSyntax;
        qualified = IsRuntimeNamespace(left);
        return qualified;
    }

    private static bool IsRuntimeNamespace(SyntaxNode name)
    {
        string text = name.ToString().Replace(" ", string.Empty);
        if (text.StartsWith("global::", StringComparison.Ordinal))
            text = text.Substring("global::".Length);
        return text == RuntimeCatalog.RuntimeNamespace;
    }

    private static bool IsRuntimeImport(UsingDirectiveSyntax directive)
        => directive.Alias is null && directive.StaticKeyword.IsKind(SyntaxKind.None) && directive.Name is not null && IsRuntimeNamespace(directive.Name);

    // `using Streamline.Runtime;` in the file or an enclosing namespace, or code inside `namespace Streamline.Runtime`.
    private static bool ImportsRuntime(SyntaxNode node)
    {
        var namespaces = new List<string>();
        for (SyntaxNode? ancestor = node.Parent; ancestor is not null; ancestor = ancestor.Parent)
        {
            SyntaxList<UsingDirectiveSyntax> usings;
            if (ancestor is BaseNamespaceDeclarationSyntax ns)
            {
                namespaces.Insert(0, ns.Name.ToString().Replace(" ", string.Empty));
                usings = ns.Usings;
            }
            else if (ancestor is CompilationUnitSyntax unit)
            {
                usings = unit.Usings;
            }
            else
            {
                continue;
            }

            foreach (UsingDirectiveSyntax directive in usings)
            {
                if (IsRuntimeImport(directive))
                    return true;
            }
        }

        string enclosing = string.Join(".", namespaces);
        return enclosing == RuntimeCatalog.RuntimeNamespace || enclosing.StartsWith(RuntimeCatalog.RuntimeNamespace + ".", StringComparison.Ordinal);
    }
}
