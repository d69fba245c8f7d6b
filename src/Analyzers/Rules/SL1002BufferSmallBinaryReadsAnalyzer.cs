using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// SL1002: a <see cref="System.IO.BinaryReader"/> that reads small fixed-size values one call at a time inside a loop.
/// <code>
/// using var reader = new BinaryReader(File.OpenRead(path));   // reported here, fixable
/// while (...) total += reader.ReadUInt16();
/// void Parse(BinaryReader reader) { for (...) reader.ReadInt32(); }   // reported at the first read, no fix
/// </code>
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SL1002BufferSmallBinaryReadsAnalyzer : DiagnosticAnalyzer
{
    /// <summary>Diagnostic property: "true" where the analyzer proved the fix keeps the program's behaviour.</summary>
    internal const string CanFixProperty = "CanFix";

    internal static readonly DiagnosticDescriptor Rule = Descriptors.Create(RuleIds.BufferSmallBinaryReads);

    private static readonly ImmutableDictionary<string, string> s_fixable = ImmutableDictionary<string, string>.Empty.Add(CanFixProperty, "true");
    private static readonly ImmutableDictionary<string, string> s_notFixable = ImmutableDictionary<string, string>.Empty.Add(CanFixProperty, "false");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(static start =>
        {
            if (!BinaryReadSymbols.TryCreate(start.Compilation, out BinaryReadSymbols? symbols))
                return;

            start.RegisterOperationAction(context => AnalyzeCreation(context, symbols), OperationKind.ObjectCreation);
            start.RegisterOperationAction(context => AnalyzeInvocation(context, symbols), OperationKind.Invocation);
        });
    }

    /// <summary><c>var reader = new BinaryReader(stream);</c> whose small reads sit in a loop: reported at the construction.</summary>
    private static void AnalyzeCreation(OperationAnalysisContext context, BinaryReadSymbols symbols)
    {
        var creation = (IObjectCreationOperation)context.Operation;
        if (!SymbolEqualityComparer.Default.Equals(creation.Type, symbols.BinaryReader))
            return;

        // A target-typed new(...) sits under an implicit identity conversion.
        IOperation value = creation;
        while (value.Parent is IConversionOperation { IsImplicit: true } conversion)
            value = conversion;

        if (value.Parent is not IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }
            || declarator.Symbol is not { RefKind: RefKind.None } local
            || !SymbolEqualityComparer.Default.Equals(local.Type, symbols.BinaryReader))
        {
            return;
        }

        IOperation root = LoopContext.Root(creation);
        if (!TryFindCreation(root, local, symbols, out IObjectCreationOperation? only) || only != creation || IsAlreadyFastStream(creation, root, symbols))
            return;

        if (UsesBaseStreamInLoop(root, local))
            return;

        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IInvocationOperation read
                && IsSmallReadInLoop(read, symbols, out ISymbol? reader)
                && SymbolEqualityComparer.Default.Equals(reader, local))
            {
                bool canFix = IsFixSafe(root, local, creation, symbols);
                context.ReportDiagnostic(Diagnostic.Create(Rule, creation.Syntax.GetLocation(), canFix ? s_fixable : s_notFixable, local.Name));
                return;
            }
        }
    }

    /// <summary>A reader passed in, or made elsewhere: reported at its first small read in a loop, without a fix.</summary>
    private static void AnalyzeInvocation(OperationAnalysisContext context, BinaryReadSymbols symbols)
    {
        var read = (IInvocationOperation)context.Operation;
        if (!IsSmallReadInLoop(read, symbols, out ISymbol? reader))
            return;

        IOperation root = LoopContext.Root(read);
        if (reader is ILocalSymbol local && IsInitializedByConstruction(root, local))
            return; // a BinaryReader construction reports itself; any other reader type was the user's choice

        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IInvocationOperation other
                && other.Syntax.SpanStart < read.Syntax.SpanStart
                && IsSmallReadInLoop(other, symbols, out ISymbol? otherReader)
                && SymbolEqualityComparer.Default.Equals(reader, otherReader))
            {
                return; // one diagnostic per reader, at its first small read in a loop
            }
        }

        context.ReportDiagnostic(Diagnostic.Create(Rule, read.Syntax.GetLocation(), s_notFixable, reader.Name));
    }

    /// <summary><c>reader.ReadInt32()</c> and kin, on a local or parameter typed exactly BinaryReader, inside a loop.</summary>
    private static bool IsSmallReadInLoop(IInvocationOperation invocation, BinaryReadSymbols symbols, [NotNullWhen(true)] out ISymbol? reader)
    {
        reader = null;
        IMethodSymbol method = invocation.TargetMethod;
        if (!symbols.IsSmallRead(method.Name)
            || method.Parameters.Length != 0
            || !SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.BinaryReader))
        {
            return false;
        }

        switch (invocation.Instance)
        {
            case ILocalReferenceOperation { Local: { RefKind: RefKind.None } local } when SymbolEqualityComparer.Default.Equals(local.Type, symbols.BinaryReader):
                reader = local;
                break;
            case IParameterReferenceOperation { Parameter: { RefKind: RefKind.None } parameter } when SymbolEqualityComparer.Default.Equals(parameter.Type, symbols.BinaryReader):
                reader = parameter;
                break;
            default:
                return false;
        }

        return LoopContext.EnclosingLoop(invocation) is not null;
    }

    /// <summary>
    /// <c>while (reader.BaseStream.Position &lt; reader.BaseStream.Length)</c>: handing out BaseStream makes the buffered
    /// reader put the stream back and drop its buffer, every pass, which measured slower than BinaryReader. Stay quiet.
    /// </summary>
    private static bool UsesBaseStreamInLoop(IOperation root, ILocalSymbol reader)
    {
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IPropertyReferenceOperation { Property.Name: "BaseStream", Instance: ILocalReferenceOperation instance }
                && SymbolEqualityComparer.Default.Equals(instance.Local, reader)
                && LoopContext.EnclosingLoop(operation) is not null)
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsInitializedByConstruction(IOperation root, ILocalSymbol local)
    {
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IVariableDeclaratorOperation declarator && SymbolEqualityComparer.Default.Equals(declarator.Symbol, local))
                return StripConversions(declarator.Initializer?.Value ?? declarator) is IObjectCreationOperation;
        }

        return false;
    }

    /// <summary>The <c>new BinaryReader(...)</c> that initialises <paramref name="local"/>, when that is its only assignment.</summary>
    private static bool TryFindCreation(IOperation root, ILocalSymbol local, BinaryReadSymbols symbols, [NotNullWhen(true)] out IObjectCreationOperation? creation)
    {
        creation = null;
        foreach (IOperation operation in root.Descendants())
        {
            switch (operation)
            {
                case IVariableDeclaratorOperation declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                    if (declarator.Initializer is { } initializer
                        && StripConversions(initializer.Value) is IObjectCreationOperation created
                        && SymbolEqualityComparer.Default.Equals(created.Constructor?.ContainingType, symbols.BinaryReader))
                    {
                        creation = created;
                    }

                    break;
                case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } when SymbolEqualityComparer.Default.Equals(target.Local, local):
                    return false;
            }
        }

        return creation is not null;
    }

    /// <summary>Over a MemoryStream, BinaryReader is already served from memory: too little measured win to speak.</summary>
    private static bool IsAlreadyFastStream(IObjectCreationOperation creation, IOperation root, BinaryReadSymbols symbols)
        => creation.Arguments.Length > 0 && symbols.InMemory.IsInMemory(creation.Arguments[0].Value, root);

    /// <summary>
    /// The fix is safe when nothing but the reader touches the stream while the reader reads ahead: the stream is created
    /// in the argument itself (<c>new BinaryReader(File.OpenRead(p))</c>), or is a local or parameter that no code
    /// uses after the reader's construction, and the construction is not repeated in a loop that also uses it.
    /// </summary>
    private static bool IsFixSafe(IOperation root, ILocalSymbol reader, IObjectCreationOperation creation, BinaryReadSymbols symbols)
    {
        if (creation.Arguments.Length == 0 || creation.Constructor is null)
            return false;

        if (!SymbolEqualityComparer.Default.Equals(reader.Type, symbols.BinaryReader) || creation.Initializer is not null)
            return false;

        IOperation stream = StripConversions(creation.Arguments[0].Value);
        ISymbol streamSymbol;
        switch (stream)
        {
            case IObjectCreationOperation created:
                // new FileStream(...): no one else holds it. A wrapping stream (GZipStream over another) is left alone,
                // because reading ahead would also move the inner stream, which the caller may still use.
                return SymbolEqualityComparer.Default.Equals(created.Type, symbols.FileStream);
            case IInvocationOperation invocation:
                return IsFreshStreamFactory(invocation);
            case ILocalReferenceOperation { Local: { RefKind: RefKind.None } localStream }:
                streamSymbol = localStream;
                break;
            case IParameterReferenceOperation { Parameter: { RefKind: RefKind.None } parameterStream }:
                streamSymbol = parameterStream;
                break;
            default:
                return false;
        }

        int creationEnd = creation.Syntax.Span.End;
        ILoopOperation? creationLoop = LoopContext.EnclosingLoop(creation);
        foreach (IOperation operation in root.Descendants())
        {
            ISymbol? referenced = operation switch
            {
                ILocalReferenceOperation l => l.Local,
                IParameterReferenceOperation p => p.Parameter,
                _ => null,
            };

            if (referenced is null || !SymbolEqualityComparer.Default.Equals(referenced, streamSymbol) || operation == stream)
                continue;

            if (operation.Syntax.SpanStart >= creationEnd)
                return false;

            if (creationLoop is not null && creationLoop.Syntax.Span.Contains(operation.Syntax.Span))
                return false;
        }

        return true;
    }

    /// <summary><c>File.OpenRead(p)</c>, <c>File.Open(...)</c>, <c>fileInfo.OpenRead()</c>: each returns a stream no one else holds.</summary>
    private static bool IsFreshStreamFactory(IInvocationOperation invocation)
    {
        IMethodSymbol method = invocation.TargetMethod;
        return method.Name is "OpenRead" or "Open"
            && method.ContainingType is { Name: "File" or "FileInfo", ContainingNamespace: { Name: "IO", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } };
    }

    private static IOperation StripConversions(IOperation operation)
    {
        while (operation is IConversionOperation { IsImplicit: true } conversion)
            operation = conversion.Operand;
        return operation;
    }
}
