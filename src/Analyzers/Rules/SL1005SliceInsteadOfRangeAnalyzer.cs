using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// SL1005: <c>x[start..]</c> on a span or memory in a loop, where the compiler lowers it to
/// <c>x.Slice(start, x.Length - start)</c> rather than <c>x.Slice(start)</c> (every Roslyn before 5.9).
/// </summary>
/// <remarks>
/// A syntax action: Roslyn 3.6, which this assembly is built against, has no operation for the pattern-based range
/// indexer of <c>Span&lt;T&gt;</c> and <c>string</c> (4.x calls it <c>IImplicitIndexerReferenceOperation</c>).
/// </remarks>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SL1005SliceInsteadOfRangeAnalyzer : DiagnosticAnalyzer
{
    /// <summary>
    /// Off by default: on .NET 10 the measured win of <c>Slice(start)</c> over the old lowering is under 3%
    /// (docs/rules/SL1005.md). Enable it with <c>dotnet_diagnostic.SL1005.severity = suggestion</c>.
    /// </summary>
    internal static readonly DiagnosticDescriptor Rule = Descriptors.Create(
        RuleIds.SliceInsteadOfRange,
        DiagnosticSeverity.Info,
        isEnabledByDefault: false);

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(static start =>
        {
            if (PerCompilation.ForRule(
                    start.Compilation, start.Options, static compilation => SliceRangeSymbols.TryCreate(compilation, out SliceRangeSymbols? created) ? created : null) is not { } symbols)
                return; // a test project (see TestProjects)

            start.RegisterSyntaxNodeAction(
                context =>
                {
                    if (symbols.Value is { } resolved)
                        AnalyzeElementAccess(context, resolved);
                },
                SyntaxKind.ElementAccessExpression);
        });
    }

    private static void AnalyzeElementAccess(SyntaxNodeAnalysisContext context, SliceRangeSymbols symbols)
    {
        var access = (ElementAccessExpressionSyntax)context.Node;
        if (!SliceRangePattern.IsCandidate(access, out _))
            return;

        if (!SL1005CompilerLowering.EmitsSlowerForm(context.Options, access.SyntaxTree))
            return;

        if (!SliceRangePattern.TryMatch(access, context.SemanticModel, symbols, context.CancellationToken, out SliceRangeMatch? match)
            || !SliceRangeScope.IsWorthReporting(match.Kind, access))
        {
            return;
        }

        context.ReportDiagnostic(Diagnostic.Create(
            Rule,
            access.GetLocation(),
            match.MethodName));
    }
}
