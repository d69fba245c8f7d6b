using System;
using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// SL1004: a search for any of a large constant set of characters or bytes rebuilds (or rescans) the set on every call.
/// Where CA1870 reports the same call (targets with SearchValues), SL1004 stays quiet.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SL1004UseCachedSearchValuesAnalyzer : DiagnosticAnalyzer
{
    /// <summary>The .editorconfig key of the smallest set SL1004 reports.</summary>
    public const string MinValuesOption = "streamline." + RuleIds.UseCachedSearchValues + ".min_values";

    /// <summary>
    /// On .NET 8+ the BCL already has vectorised searches for one to five values (and CA1870 uses six as well): caching
    /// pays from six values.
    /// </summary>
    public const int DefaultMinValuesModern = 6;

    /// <summary>
    /// On .NET Framework and Mono (a compilation whose core library is <c>mscorlib</c>), <c>string.IndexOfAny</c>
    /// compares each character with every member; measured on Mono 6.8 the runtime set is 2.2x faster at four values
    /// on every text length (docs/rules/SL1004.md).
    /// </summary>
    public const int DefaultMinValuesLegacy = 4;

    /// <summary>
    /// A netstandard2.x library mostly runs on .NET 8+, where <c>string.IndexOfAny</c> is vectorised: measured on .NET
    /// 10, four ASCII values gain 0.8x to 1.4x (never 1.5x), six gain 1.9x to 3x with the runtime's net8.0 build
    /// (docs/rules/SL1004.md). So the threshold of .NET 8+ applies.
    /// </summary>
    public const int DefaultMinValuesNetStandard = 6;

    /// <summary>Diagnostic property naming the rewrite the fix makes.</summary>
    public const string RewriteProperty = "Rewrite";
    public const string RewriteSearchValues = "SearchValues";
    public const string RewriteRuntimeSet = "RuntimeSet";

    internal static readonly DiagnosticDescriptor Rule = Descriptors.Create(RuleIds.UseCachedSearchValues);

    /// <summary>Diagnostic property: "false" where the fix cannot rewrite the search (<see cref="SL1004FixShape.CanFix"/>).</summary>
    internal const string CanFixProperty = "CanFix";

    private static readonly ImmutableDictionary<string, string> s_searchValuesProperties =
        ImmutableDictionary<string, string>.Empty.Add(RewriteProperty, RewriteSearchValues);

    private static readonly ImmutableDictionary<string, string> s_runtimeSetProperties =
        ImmutableDictionary<string, string>.Empty.Add(RewriteProperty, RewriteRuntimeSet);

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(static start =>
        {
            if (PerCompilation.ForRule(start.Compilation, start.Options, SearchSetSymbols.Create) is not { } symbols)
                return; // a test project (see TestProjects)

            start.RegisterOperationAction(
                context =>
                {
                    if (symbols.Value is { } resolved)
                        AnalyzeInvocation(context, resolved);
                },
                OperationKind.Invocation);
        });
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, SearchSetSymbols symbols)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (!SearchSetPattern.IsSearchName(invocation.TargetMethod.Name)
            || !TryDecide(invocation, symbols, context.Options, context.CancellationToken, out SearchSetMatch? match, out bool useSearchValues))
        {
            return;
        }

        string api = match.IsStringMethod
            ? "string." + invocation.TargetMethod.Name
            : "MemoryExtensions." + invocation.TargetMethod.Name;
        string replacement = useSearchValues
            ? (match.IsByte ? "SearchValues<byte>" : "SearchValues<char>")
            : (match.IsByte ? "ByteSearchSet" : "CharSearchSet");
        ImmutableDictionary<string, string> properties = useSearchValues ? s_searchValuesProperties : s_runtimeSetProperties;
        if (!SL1004FixShape.CanFix(match))
        {
            properties = properties.Add(CanFixProperty, "false");
            if (FormatGate.LeavesOut(properties))
                return; // dotnet format: no fix to apply here
        }

        context.ReportDiagnostic(Diagnostic.Create(
            Rule,
            match.ValuesArgument.Syntax.GetLocation(),
            properties,
            api,
            match.DistinctCount.ToString(CultureInfo.InvariantCulture),
            replacement));
    }

    /// <summary>
    /// Whether SL1004 reports this call, and with which rewrite. Where CA1870 reports the call SL1004 leaves it to
    /// CA1870, except in a project that also builds for a target without SearchValues: there SL1004 reports it on every
    /// target with the runtime set (which compiles for all of them) and <see cref="SL1004OverlapSuppressor"/> quiets
    /// CA1870, whose SearchValues field would not compile for the other targets.
    /// </summary>
    internal static bool TryDecide(
        IInvocationOperation invocation,
        SearchSetSymbols symbols,
        AnalyzerOptions options,
        CancellationToken cancellationToken,
        [NotNullWhen(true)] out SearchSetMatch? match,
        out bool useSearchValues)
    {
        useSearchValues = false;
        SyntaxTree tree = invocation.Syntax.SyntaxTree;
        if (!SearchSetPattern.TryMatch(invocation, symbols, cancellationToken, out match)
            || (match.Ca1870Reports && !AlsoTargetsWithoutSearchValues(options, tree))
            || IsInExpressionTree(invocation))
        {
            match = null;
            return false;
        }

        useSearchValues = ChooseSearchValues(match, symbols, options, tree);
        int minValues = ReadMinValues(options, tree) ?? ProjectMinValues(options, tree) ?? symbols.DefaultMinValues;

        // Run at most once per file-system call, what the set saves is a few percent of the pass at most. A span search
        // becomes a runtime-set call only where the runtime this code compiles against takes spans (its netstandard2.0
        // build does not); without Streamline.Runtime the diagnostic comes without a fix.
        if (match.DistinctCount < minValues
            || FileSystemWork.IsBesideFileSystemWork(invocation, symbols.FileSystem)
            || (!useSearchValues && !match.IsStringMethod && symbols.RuntimeSet(match.IsByte) is not null && !symbols.RuntimeSetTakesSpans(match.IsByte)))
        {
            match = null;
            return false;
        }

        return true;
    }

    /// <summary>
    /// SearchValues when this target has it, the call can be written with it (the string overloads with a start index
    /// or count cannot), and the project does not also build for a target without it; else the runtime set.
    /// </summary>
    internal static bool ChooseSearchValues(SearchSetMatch match, SearchSetSymbols symbols, AnalyzerOptions options, SyntaxTree tree)
        => symbols.HasSearchValues
            && match.RangeArguments.IsEmpty
            && !AlsoTargetsWithoutSearchValues(options, tree);

    internal static int? ReadMinValues(AnalyzerOptions options, SyntaxTree tree)
    {
        if (options.AnalyzerConfigOptionsProvider.GetOptions(tree).TryGetValue(MinValuesOption, out string? text)
            && int.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out int value)
            && value >= 1)
        {
            return value;
        }

        return null;
    }

    /// <summary>
    /// The threshold of a multi-targeted project (MSBuild's <c>TargetFrameworks</c>, made visible by Streamline's props):
    /// the lowest of its targets' thresholds, the same on every target, so that every target reports the same calls and
    /// <c>dotnet format</c> or Fix All over the linked file writes one change, not conflict markers. A target that
    /// gains from the set (net48 from four values) decides for the others. Null for a project with one target.
    /// </summary>
    internal static int? ProjectMinValues(AnalyzerOptions options, SyntaxTree tree)
    {
        int? lowest = null;
        foreach (string framework in ProjectTargets.Of(options, tree))
        {
            int threshold = HasSearchValues(framework) ? DefaultMinValuesModern
                : framework.StartsWith("netstandard", StringComparison.OrdinalIgnoreCase) ? DefaultMinValuesNetStandard
                : DefaultMinValuesLegacy;
            lowest = lowest is int current ? Math.Min(current, threshold) : threshold;
        }

        return lowest;
    }

    /// <summary>
    /// Whether MSBuild's <c>TargetFrameworks</c> (made visible by Streamline's props) lists a target without SearchValues:
    /// anything but <c>net8.0</c> and later (<c>net48</c>, <c>netstandard2.0</c>, <c>netcoreapp3.1</c>, <c>net7.0</c>...).
    /// </summary>
    internal static bool AlsoTargetsWithoutSearchValues(AnalyzerOptions options, SyntaxTree tree)
    {
        foreach (string framework in ProjectTargets.Of(options, tree))
        {
            if (!HasSearchValues(framework))
                return true;
        }

        return false;
    }

    // net8.0, net9.0-windows, net10.0 and later.
    private static bool HasSearchValues(string framework) => ProjectTargets.NetMajorVersion(framework) >= 8;

    internal static bool IsInExpressionTree(IOperation operation)
    {
        for (IOperation? current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation { Parent.Type: INamedTypeSymbol type }
                && type.Name == "Expression"
                && type.ContainingNamespace?.ToString() == "System.Linq.Expressions")
            {
                return true;
            }
        }

        return false;
    }
}
