using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// SL0001: a <c>streamline.*</c> key in .editorconfig that Streamline does not know, or whose value does not parse.
/// <code>
/// streamline.SL1004.min_values = abc                  // not a whole number of at least 1
/// streamline.SL1005.assume_compiler_version = banana  // not a version
/// streamline.SL1004.min_value = 8                     // no such key (hosts with Roslyn 4.0+, which list the keys)
/// </code>
/// Options are read per syntax tree, so the check is too: once per tree and key, at the tree's start, and only where
/// the tree's options have a <c>streamline.</c> key.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
[NoCodeFix("The value belongs to the user's .editorconfig; the message says which key, which value and what is accepted.")]
public sealed class SL0001InvalidOptionAnalyzer : DiagnosticAnalyzer
{
    private const string Prefix = "streamline.";

    internal static readonly DiagnosticDescriptor Rule = Descriptors.Create(RuleIds.InvalidOption);

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
        context.RegisterSyntaxTreeAction(static context => Analyze(context));
    }

    private static void Analyze(SyntaxTreeAnalysisContext context)
    {
        AnalyzerConfigOptions options = context.Options.AnalyzerConfigOptionsProvider.GetOptions(context.Tree);
        IEnumerable<string>? keys = Keys(options);
        if (keys is null)
        {
            Check(context, options, SL1004MinValuesKey);
            Check(context, options, SL1005CompilerLowering.AssumeCompilerVersionKey);
            return;
        }

        foreach (string key in keys)
        {
            if (key.StartsWith(Prefix, StringComparison.OrdinalIgnoreCase))
                Check(context, options, key);
        }
    }

    private static string SL1004MinValuesKey => SL1004UseCachedSearchValuesAnalyzer.MinValuesOption;

    private static void Check(SyntaxTreeAnalysisContext context, AnalyzerConfigOptions options, string key)
    {
        if (!options.TryGetValue(key, out string? value))
            return;

        string? problem = Problem(key, value);
        if (problem is null)
            return;

        context.ReportDiagnostic(Diagnostic.Create(Rule, Location.Create(context.Tree, default(TextSpan)), key, value, problem));
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
