using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>SL1003: a file's lines are read into memory only to be counted.</summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SL1003CountLinesWithoutMaterializingAnalyzer : DiagnosticAnalyzer
{
    internal static readonly DiagnosticDescriptor Rule = Descriptors.Create(RuleIds.CountLinesWithoutMaterializing);

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(static start =>
        {
            if (!LineCountSymbols.TryCreate(start.Compilation, out LineCountSymbols? symbols))
                return;

            start.RegisterOperationAction(context => AnalyzeInvocation(context, symbols), OperationKind.Invocation);
        });
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, LineCountSymbols symbols)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (!LineCountPattern.TryMatch(invocation, symbols, out LineCountMatch? match))
            return;

        context.ReportDiagnostic(Diagnostic.Create(
            Rule,
            match.Reported.Syntax.GetLocation(),
            "File." + invocation.TargetMethod.Name));
    }
}
