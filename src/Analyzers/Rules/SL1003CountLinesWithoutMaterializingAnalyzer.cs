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

    /// <summary>Diagnostic property: "false" where the fix cannot rewrite the count (uses of the lines that want an
    /// int and a long at once, a declaration of several variables); absent where it can.</summary>
    internal const string CanFixProperty = "CanFix";

    private static readonly ImmutableDictionary<string, string> s_notFixable = ImmutableDictionary<string, string>.Empty.Add(CanFixProperty, "false");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(static start =>
        {
            if (PerCompilation.ForRule(
                    start.Compilation, start.Options, static compilation => LineCountSymbols.TryCreate(compilation, out LineCountSymbols? created) ? created : null) is not { } symbols)
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

    private static void AnalyzeInvocation(OperationAnalysisContext context, LineCountSymbols symbols)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (!LineCountPattern.TryMatch(invocation, symbols, out LineCountMatch? match))
            return;

        ImmutableDictionary<string, string>? properties = CanFix(match) ? null : s_notFixable;
        if (properties is not null && FormatGate.LeavesOut(properties))
            return; // dotnet format: no fix to apply here

        context.ReportDiagnostic(Diagnostic.Create(
            Rule,
            match.Reported.Syntax.GetLocation(),
            properties,
            "File." + invocation.TargetMethod.Name));
    }

    /// <summary>Whether the fix can rewrite this count: one result type, and the lines' local declared alone.</summary>
    internal static bool CanFix(LineCountMatch match)
    {
        if (match.IsLong is null)
            return false;

        if (match.Shape != LineCountShape.Local)
            return true;

        for (SyntaxNode? node = match.Read.Syntax.Parent; node is not null; node = node.Parent)
        {
            if (node is Microsoft.CodeAnalysis.CSharp.Syntax.VariableDeclarationSyntax declaration)
                return declaration.Variables.Count == 1;
        }

        return false;
    }
}
