using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Evidence;
using Streamline.Analyzers.Flow;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// SL1007: a byte at a time, in a loop whose passes grow with the input, from a stream whose <c>ReadByte</c> does not
/// serve from a buffer.
/// <code>
/// while ((b = slow.ReadByte()) != -1) ...             // Slow : Stream without a ReadByte override
/// for (int i = 0; i &lt; n; i++) data[i] = (byte)gzip.ReadByte();
/// while (s.Read(one, 0, 1) == 1) ...                  // a one-byte Read
/// </code>
/// The analyzer also proves whether the fix (every read of the stream through one <c>BufferedStream</c>) is exact and
/// tells the fixer in the diagnostic's properties.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SL1007BufferSingleByteReadsAnalyzer : DiagnosticAnalyzer
{
    /// <summary>Diagnostic property: "true" where every read of the stream may go through one BufferedStream,
    /// <see cref="LoopFix"/> where the loop may run over a SkipReader (<see cref="SL1007LoopProof"/>), else "false".</summary>
    internal const string CanFixProperty = "CanFix";

    /// <summary>The value of <see cref="CanFixProperty"/> for a loop that may run over a SkipReader.</summary>
    internal const string LoopFix = "loop";

    /// <summary>Diagnostic property: where the loop to run over a SkipReader starts (its syntax's SpanStart).</summary>
    internal const string LoopStartProperty = "LoopStart";

    /// <summary>SL1007 and its suggestion sibling SL1107 (<see cref="TieredRule"/>): ReadByte costs a call into the stream
    /// per byte on a decompressor or another stream type that does not buffer it, not on a file.</summary>

    internal static readonly DiagnosticDescriptor Rule = Descriptors.Create(RuleIds.BufferSingleByteReads);

    /// <summary>The same rule, reported at compilation end where a value typed <c>Stream</c> comes from other methods
    /// (their call sites, a field's writes): see <see cref="StreamOriginResolver"/>.</summary>
    internal static readonly DiagnosticDescriptor RuleAtCompilationEnd = Descriptors.Create(
        RuleIds.BufferSingleByteReads, customTags: StreamOrigins.CompilationEndTag);

    /// <summary>SL1107, the same pattern on weaker evidence: a suggestion (<see cref="TieredRule"/>).</summary>
    internal static readonly DiagnosticDescriptor Suggestion = Descriptors.CreateSuggestion(RuleIds.BufferSingleByteReadsSuggestion, RuleIds.BufferSingleByteReads);

    internal static readonly DiagnosticDescriptor SuggestionAtCompilationEnd = Descriptors.CreateSuggestion(
        RuleIds.BufferSingleByteReadsSuggestion, RuleIds.BufferSingleByteReads, StreamOrigins.CompilationEndTag);

    internal static readonly TieredRule Tiers = new(
        Rule, RuleAtCompilationEnd, Suggestion, SuggestionAtCompilationEnd, StreamOrigin.Decompressor | StreamOrigin.OtherStream, MeasuredPrecision.SL1007, MeasuredPrecision.SL1107);

    /// <summary>The origins of a value typed <c>Stream</c> whose <c>ReadByte</c> may not serve from a buffer: a
    /// decompressor, another stream type (one of the project's, a network stream), or a stream the compilation cannot
    /// see. Memory and files (<c>FileStream</c>, a <c>BufferedStream</c> over one) serve it from a buffer.</summary>
    private const StreamOrigin ReportedOrigins = StreamOrigin.Decompressor | StreamOrigin.OtherStream | StreamOrigin.Unseen;

    private static readonly ImmutableDictionary<string, string> s_fixable = ImmutableDictionary<string, string>.Empty.Add(CanFixProperty, "true");
    private static readonly ImmutableDictionary<string, string> s_notFixable = ImmutableDictionary<string, string>.Empty.Add(CanFixProperty, "false");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule, RuleAtCompilationEnd, Suggestion, SuggestionAtCompilationEnd);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(static start =>
        {
            if (PerCompilation.ForRule(
                    start.Compilation, start.Options, static compilation => SL1007StreamOrigins.TryCreate(compilation, out SL1007StreamOrigins? created) ? created : null) is not { } origins)
                return; // a test project (see TestProjects)

            var index = new StreamOriginIndex(start.Compilation);
            index.Register(start);
            var live = StreamOriginResolver.Live(index.Types);
            var pending = new ConcurrentQueue<PendingDiagnostic>();
            start.RegisterOperationAction(
                context =>
                {
                    if (origins.Value is { } resolved)
                        AnalyzeInvocation(context, resolved, live, pending);
                },
                OperationKind.Invocation);
            start.RegisterCompilationEndAction(end => PendingDiagnostic.ReportWhereNotInMemory(end, pending, index, Tiers, ReportedOrigins, DescribeStream));
        });
    }

    private static void AnalyzeInvocation(
        OperationAnalysisContext context, SL1007StreamOrigins origins, StreamOriginResolver live, ConcurrentQueue<PendingDiagnostic> pending)
    {
        var invocation = (IInvocationOperation)context.Operation;
        string name = invocation.TargetMethod.Name;
        if (name is not (nameof(System.IO.Stream.ReadByte) or nameof(System.IO.Stream.Read)) || invocation.Instance is not { } instance)
            return;

        if (!origins.IsReadByte(invocation.TargetMethod) && !(origins.IsReadIntoArray(invocation.TargetMethod) && IsOneByteRead(invocation)))
            return;

        // A read in the pass that leaves the loop (a header read in the branch that returns) runs once, not per pass.
        if (LoopContext.RepeatingLoop(invocation) is not { } loop || IsNewStreamEachPass(instance, loop) || LoopContext.OnlyInTheLeavingPass(invocation, loop))
            return;

        IOperation root = LoopContext.Root(invocation);
        if (!origins.MayBeUnbuffered(instance, root))
            return;

        ImmutableDictionary<string, string> properties;
        string advice;
        if (SL1007BufferProof.CanBuffer(invocation, root, origins))
        {
            properties = s_fixable;
            advice = "SL1007AdviceBuffer";
        }
        else if (SL1007LoopProof.LoopToWrap(invocation, root, origins) is { } wrapped)
        {
            properties = ImmutableDictionary<string, string>.Empty
                .Add(CanFixProperty, LoopFix)
                .Add(LoopStartProperty, wrapped.Syntax.SpanStart.ToString(System.Globalization.CultureInfo.InvariantCulture));
            advice = "SL1007AdviceLoop";
        }
        else
        {
            properties = s_notFixable;
            advice = IsMadeHere(instance, root, origins) ? "SL1007AdviceOwned" : "SL1007AdviceCallers";
        }

        if (FormatGate.LeavesOut(properties))
            return; // dotnet format: no fix to apply here

        ITypeSymbol? type = SL1001PositionAdvance.StripConversions(instance).Type;
        string typeName = type?.Name ?? nameof(System.IO.Stream);
        PassGrowth growth = PassGrowthEvidence.Of(loop, root);
        StreamOrigin origin = StreamOrigin.None;
        string? provenType = typeName;
        if (SymbolEqualityComparer.Default.Equals(type, origins.Stream))
        {
            // A value typed Stream: what it comes from decides, now where the method shows it (or a caller outside the
            // compilation), at compilation end where only other methods can tell (call sites, a field's writes), never
            // where every origin is in memory or a file.
            origin = live.Resolve(instance);
            if ((origin & ReportedOrigins) == 0)
            {
                if ((origin & StreamOrigin.Deferred) != 0)
                    pending.Enqueue(new PendingDiagnostic(instance, invocation.Syntax.GetLocation(), properties, instance.Syntax.ToString(), thirdArgument: Resources.Get(advice), growth: growth));
                return;
            }

            typeName = DescribeStream(origin & ReportedOrigins);
            provenType = null;
        }

        // A value of a stream type that does not buffer ReadByte (MayBeUnbuffered said so): the type is the proof.
        context.ReportDiagnostic(Tiers.Create(
            atCompilationEnd: false,
            growth,
            origin,
            invocation.Syntax.GetLocation(),
            null,
            properties,
            new object[] { instance.Syntax.ToString(), typeName, Resources.Get(advice) },
            provenType));
    }

    /// <summary>The message's type for a value typed <c>Stream</c>: the type and the origin that makes it worth
    /// reporting, the most concrete first (<c>Stream, from a decompressing stream</c>).</summary>
    internal static string DescribeStream(StreamOrigin origin)
    {
        if ((origin & StreamOrigin.Decompressor) != 0)
            return "Stream, from a decompressing stream";
        if ((origin & StreamOrigin.OtherStream) != 0)
            return "Stream, from a stream type that may not buffer it";
        return "Stream, from a caller this compilation cannot see";
    }

    /// <summary>
    /// The stream is a local the loop declares (a <c>foreach</c> variable, or a local of its body), so each pass reads
    /// a new stream a few times, not one stream a byte per pass: <c>foreach (var folder in folders) { var s =
    /// Open(folder); ...; if (s.ReadByte() &gt;= 0) throw ...; }</c> (found in SharpCompress).
    /// </summary>
    private static bool IsNewStreamEachPass(IOperation instance, ILoopOperation loop)
        => SL1001PositionAdvance.StripConversions(instance) is ILocalReferenceOperation { Local: var local }
            && local.DeclaringSyntaxReferences.Length == 1
            && local.DeclaringSyntaxReferences[0].SyntaxTree == loop.Syntax.SyntaxTree
            && loop.Syntax.Span.Contains(local.DeclaringSyntaxReferences[0].Span);

    /// <summary>A local whose only value is a <c>new</c> stream over a file the method opens: the method's own stream.</summary>
    private static bool IsMadeHere(IOperation instance, IOperation root, SL1007StreamOrigins origins)
        => SL1001PositionAdvance.StripConversions(instance) is ILocalReferenceOperation { Local: var local }
            && SL1001PositionAdvance.SoleInitializer(root, local) is IObjectCreationOperation creation
            && origins.IsOwnedCreation(creation);

    /// <summary><c>s.Read(buffer, offset, 1)</c>: the count is the constant 1.</summary>
    internal static bool IsOneByteRead(IInvocationOperation invocation)
    {
        foreach (IArgumentOperation argument in invocation.Arguments)
        {
            if (argument.Parameter?.Ordinal == 2)
                return argument.Value.ConstantValue is { HasValue: true, Value: 1 };
        }

        return false;
    }
}
