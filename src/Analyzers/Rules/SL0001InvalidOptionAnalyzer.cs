using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// SL0001: a <c>streamline.*</c> key in .editorconfig that Streamline does not know, or whose value does not parse, and
/// a value of the MSBuild switches <c>StreamlineRuntimeSource</c>, <c>StreamlineAnalyzeTestProjects</c> and
/// <c>StreamlineSuggestionsAsWarnings</c> that is neither
/// true nor false.
/// <code>
/// streamline.SL1004.min_values = abc                  // not a whole number of at least 1
/// streamline.SL1005.assume_compiler_version = banana  // not a version
/// streamline.SL1004.min_value = 8                     // no such key (hosts with Roslyn 4.0+, which list the keys)
/// &lt;StreamlineRuntimeSource&gt;flase&lt;/StreamlineRuntimeSource&gt;  // not true or false (taken as on)
/// </code>
/// Options are read per syntax tree, but a bad value usually sits in one section that covers every file: the values are
/// collected per tree and reported once per compilation and bad value, at its end, in key order. The report has no
/// location: Roslyn does not say which .editorconfig (or .globalconfig, or MSBuild property) set a key, and an analyzer
/// may not read files (RS1035), so the message names the key and the value instead.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
[NoCodeFix("The value belongs to the user's .editorconfig; the message says which key, which value and what is accepted.")]
public sealed class SL0001InvalidOptionAnalyzer : DiagnosticAnalyzer
{
    private const string Prefix = "streamline.";

    /// <summary>The generator's switch as the compiler sees it (Streamline's props declare it a CompilerVisibleProperty).</summary>
    internal const string RuntimeSourceProperty = "build_property.StreamlineRuntimeSource";

    /// <summary>The MSBuild switch that raises the suggestion siblings (SL1101, SL1102, SL1106, SL1107) to warnings
    /// (Streamline.targets adds a global config); the analyzers only check its value.</summary>
    internal const string SuggestionsAsWarningsProperty = "build_property.StreamlineSuggestionsAsWarnings";

    // A compilation-end diagnostic: the IDE computes it with the full compilation (build, full solution analysis).
    internal static readonly DiagnosticDescriptor Rule = Descriptors.Create(RuleIds.InvalidOption, customTags: CompilationEndTag);

    // WellKnownDiagnosticTags.CompilationEnd, which Roslyn 3.6 does not declare yet; hosts read the string.
    private const string CompilationEndTag = "CompilationEnd";

    /// <summary>
    /// <c>AnalyzerConfigOptions.Keys</c>, which Roslyn 4.0 added (this assembly builds against 3.6): null on older
    /// hosts, which then get the value checks of the known keys only.
    /// </summary>
    private static readonly PropertyInfo? s_keys = typeof(AnalyzerConfigOptions).GetProperty("Keys", typeof(IEnumerable<string>));

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(static start =>
        {
            // (key as written, value) -> what is accepted; keys compare without case, as .editorconfig's do.
            var bad = new ConcurrentDictionary<(string Key, string Value), string>(BadValueComparer.Instance);
            start.RegisterSyntaxTreeAction(tree => Collect(tree, bad));
            start.RegisterCompilationEndAction(end => Report(end, bad));
        });
    }

    private static void Collect(SyntaxTreeAnalysisContext context, ConcurrentDictionary<(string Key, string Value), string> bad)
    {
        AnalyzerConfigOptions options = context.Options.AnalyzerConfigOptionsProvider.GetOptions(context.Tree);
        if (options.TryGetValue(RuntimeSourceProperty, out string? runtimeSource) && !IsSwitchValue(runtimeSource))
            bad.TryAdd((RuntimeSourceProperty.Substring("build_property.".Length), runtimeSource), Resources.Get("SL0001RuntimeSource"));
        if (options.TryGetValue(TestProjects.AnalyzeProperty, out string? analyzeTests) && !IsSwitchValue(analyzeTests))
            bad.TryAdd((TestProjects.AnalyzeProperty.Substring("build_property.".Length), analyzeTests), Resources.Get("SL0001AnalyzeTestProjects"));
        if (options.TryGetValue(SuggestionsAsWarningsProperty, out string? asWarnings) && !IsSwitchValue(asWarnings))
            bad.TryAdd((SuggestionsAsWarningsProperty.Substring("build_property.".Length), asWarnings), Resources.Get("SL0001SuggestionsAsWarnings"));

        IEnumerable<string>? keys = Keys(options);
        if (keys is null)
        {
            Check(options, SL1004MinValuesKey, bad);
            Check(options, SL1005CompilerLowering.AssumeCompilerVersionKey, bad);
            return;
        }

        foreach (string key in keys)
        {
            if (key.StartsWith(Prefix, StringComparison.OrdinalIgnoreCase))
                Check(options, key, bad);
        }
    }

    private static void Report(CompilationAnalysisContext context, ConcurrentDictionary<(string Key, string Value), string> bad)
    {
        if (bad.IsEmpty)
            return;

        var all = new List<KeyValuePair<(string Key, string Value), string>>(bad);
        all.Sort(static (a, b) =>
        {
            int byKey = StringComparer.OrdinalIgnoreCase.Compare(a.Key.Key, b.Key.Key);
            return byKey != 0 ? byKey : StringComparer.Ordinal.Compare(a.Key.Value, b.Key.Value);
        });
        foreach (KeyValuePair<(string Key, string Value), string> entry in all)
            context.ReportDiagnostic(Diagnostic.Create(Rule, Location.None, entry.Key.Key, entry.Key.Value, entry.Value));
    }

    private static string SL1004MinValuesKey => SL1004UseCachedSearchValuesAnalyzer.MinValuesOption;

    private static void Check(AnalyzerConfigOptions options, string key, ConcurrentDictionary<(string Key, string Value), string> bad)
    {
        if (!options.TryGetValue(key, out string? value))
            return;

        string? problem = Problem(key, value);
        if (problem is not null)
            bad.TryAdd((key, value), problem);
    }

    /// <summary>
    /// The values the generator and the code fixes take for <c>StreamlineRuntimeSource</c>: true or false in any case,
    /// or nothing (the default, on). Anything else is taken as on, and reported.
    /// </summary>
    internal static bool IsSwitchValue(string value)
    {
        string trimmed = value.Trim();
        return trimmed.Length == 0
            || string.Equals(trimmed, "true", StringComparison.OrdinalIgnoreCase)
            || string.Equals(trimmed, "false", StringComparison.OrdinalIgnoreCase);
    }

    /// <summary>Null when the key is Streamline's and its value parses; else what is accepted, from the resources.</summary>
    internal static string? Problem(string key, string value)
    {
        if (string.Equals(key, SL1004MinValuesKey, StringComparison.OrdinalIgnoreCase))
        {
            return int.TryParse(value.Trim(), NumberStyles.Integer, CultureInfo.InvariantCulture, out int minValues) && minValues >= 1
                ? null
                : Resources.Get("SL0001MinValues");
        }

        if (string.Equals(key, SL1005CompilerLowering.AssumeCompilerVersionKey, StringComparison.OrdinalIgnoreCase))
            return SL1005CompilerLowering.TryParseVersion(value, out _) ? null : Resources.Get("SL0001CompilerVersion");

        return Resources.Get("SL0001UnknownKey");
    }

    private sealed class BadValueComparer : IEqualityComparer<(string Key, string Value)>
    {
        public static readonly BadValueComparer Instance = new();

        public bool Equals((string Key, string Value) x, (string Key, string Value) y)
            => StringComparer.OrdinalIgnoreCase.Equals(x.Key, y.Key) && StringComparer.Ordinal.Equals(x.Value, y.Value);

        public int GetHashCode((string Key, string Value) obj)
            => StringComparer.OrdinalIgnoreCase.GetHashCode(obj.Key) ^ StringComparer.Ordinal.GetHashCode(obj.Value);
    }

    private static IEnumerable<string>? Keys(AnalyzerConfigOptions options)
    {
        if (s_keys is null)
            return null;

        try
        {
            return s_keys.GetValue(options) as IEnumerable<string>;
        }
        catch (TargetInvocationException)
        {
            return null; // an options provider that does not list its keys (the base property throws)
        }
    }
}
