using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Linq;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Evidence;
using Streamline.Analyzers.Flow;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// SL1006: a stream's <c>Length</c> read on every pass of a loop, where the stream can be a FileStream or a
/// BufferedStream (one or two system calls per read).
/// <code>
/// while (stream.Position &lt; stream.Length) ...                            // reported at stream.Length, fixable
/// while (reader.BaseStream.Position &lt; reader.BaseStream.Length) ...      // through a reader's BaseStream
/// Stream s = reader.BaseStream; for (...; s.Position &lt; s.Length; ) ...   // through an alias
/// for (int i = 0; i &lt; n; i++) if (input.Position + 4 &gt; input.Length) ... // in the body: fixed with (length ??= input.Length)
/// </code>
/// The analyzer also decides whether the fix (read Length once before the loop) is exact and tells the fixer in the
/// diagnostic's properties; the loop to hoist before is the diagnostic's additional location.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SL1006StreamLengthInLoopAnalyzer : DiagnosticAnalyzer
{
    /// <summary>Diagnostic property: "true" where the analyzer proved that reading Length once keeps the behaviour.</summary>
    internal const string CanFixProperty = "CanFix";

    /// <summary>
    /// Diagnostic property: "true" where the stream is <c>reader.BaseStream</c> and the loop reaches the stream only
    /// through that reader (no alias such as <c>Stream s = reader.BaseStream</c> is used in it), so a buffered reader's
    /// own <c>Position</c> may stand for <c>reader.BaseStream.Position</c>.
    /// </summary>
    internal const string OnlyThroughReaderProperty = "OnlyThroughReader";

    /// <summary>
    /// Diagnostic property: <see cref="OnFirstReadValue"/> where Length must be read where the loop first reads it and
    /// kept from then on (<c>long? length = null;</c> before the loop, <c>(length ??= s.Length)</c> at each read),
    /// because a read before the loop could throw where the loop would not have read Length at all (a pass that ends
    /// earlier, a read behind <c>&amp;&amp;</c>, a loop that may not run). Absent: read it once before the loop.
    /// </summary>
    internal const string HoistProperty = "Hoist";

    internal const string OnFirstReadValue = "OnFirstRead";

    /// <summary>
    /// Diagnostic property: "true" beside <see cref="OnFirstReadValue"/> where the file, or another target of the project,
    /// is compiled at C# 7.3 or earlier: no <c>??=</c>, so the local starts at -1 and each read becomes
    /// <c>(length &lt; 0 ? length = s.Length : length)</c> (a length is never negative; if a stream returned one, it would
    /// be read again each time, as the original does).
    /// </summary>
    internal const string BeforeCSharp8Property = "BeforeCSharp8";

    /// <summary>SL1006 and its suggestion sibling SL1106 (<see cref="TieredRule"/>): Length is a system call on a file.</summary>

    internal static readonly DiagnosticDescriptor Rule = Descriptors.Create(RuleIds.StreamLengthInLoop);

    /// <summary>The same rule, reported at compilation end where the stream comes from other methods (their call sites,
    /// a field's writes): see <see cref="StreamOriginResolver"/>.</summary>
    internal static readonly DiagnosticDescriptor RuleAtCompilationEnd = Descriptors.Create(
        RuleIds.StreamLengthInLoop, customTags: StreamOrigins.CompilationEndTag);

    /// <summary>SL1106, the same pattern on weaker evidence: a suggestion (<see cref="TieredRule"/>).</summary>
    internal static readonly DiagnosticDescriptor Suggestion = Descriptors.CreateSuggestion(RuleIds.StreamLengthInLoopSuggestion, RuleIds.StreamLengthInLoop);

    internal static readonly DiagnosticDescriptor SuggestionAtCompilationEnd = Descriptors.CreateSuggestion(
        RuleIds.StreamLengthInLoopSuggestion, RuleIds.StreamLengthInLoop, StreamOrigins.CompilationEndTag);

    internal static readonly TieredRule Tiers = new(
        Rule, RuleAtCompilationEnd, Suggestion, SuggestionAtCompilationEnd, StreamOrigin.File, MeasuredPrecision.SL1006, MeasuredPrecision.SL1106);

    /// <summary>The origins over which Length is a system call: a file, or a stream the compilation cannot see. A
    /// decompressor's Length throws, and other stream types are left alone as their static type is.</summary>
    private const StreamOrigin ReportedOrigins = StreamOrigin.File | StreamOrigin.Unseen;

    private static readonly ImmutableDictionary<string, string> s_fixable = ImmutableDictionary<string, string>.Empty.Add(CanFixProperty, "true");
    private static readonly ImmutableDictionary<string, string> s_fixableThroughReader = s_fixable.Add(OnlyThroughReaderProperty, "true");
    private static readonly ImmutableDictionary<string, string> s_onFirstRead = s_fixable.Add(HoistProperty, OnFirstReadValue);
    private static readonly ImmutableDictionary<string, string> s_onFirstReadThroughReader = s_fixableThroughReader.Add(HoistProperty, OnFirstReadValue);
    private static readonly ImmutableDictionary<string, string> s_onFirstReadBeforeCSharp8 = s_onFirstRead.Add(BeforeCSharp8Property, "true");
    private static readonly ImmutableDictionary<string, string> s_onFirstReadThroughReaderBeforeCSharp8 = s_onFirstReadThroughReader.Add(BeforeCSharp8Property, "true");
    private static readonly ImmutableDictionary<string, string> s_notFixable = ImmutableDictionary<string, string>.Empty.Add(CanFixProperty, "false");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule, RuleAtCompilationEnd, Suggestion, SuggestionAtCompilationEnd);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(static start =>
        {
            if (PerCompilation.ForRule(
                    start.Compilation, start.Options, static compilation => StreamLengthSymbols.TryCreate(compilation, out StreamLengthSymbols? created) ? created : null) is not { } symbols)
                return; // a test project (see TestProjects)

            var origins = new StreamOriginIndex(start.Compilation);
            origins.Register(start);
            var live = StreamOriginResolver.Live(origins.Types);
            var pending = new ConcurrentQueue<PendingDiagnostic>();
            start.RegisterOperationAction(
                context =>
                {
                    if (symbols.Value is { } resolved)
                        AnalyzePropertyReference(context, resolved, live, pending);
                },
                OperationKind.PropertyReference);
            start.RegisterCompilationEndAction(end => PendingDiagnostic.ReportWhereNotInMemory(end, pending, origins, Tiers, ReportedOrigins));
        });
    }

    /// <summary>
    /// Whether the fix may write <c>??=</c> (C# 8): the file's language version, and on a multi-targeted project
    /// (MSBuild's <c>TargetFrameworks</c>, made visible by Streamline's props) every target's default, since each target
    /// compiles the same file and the fix must be the same, and compile, on all of them. net48 or netstandard2.0
    /// beside net8.0 defaults to C# 7.3 there, so the fix takes its C# 7.3 form on every target (also where the project
    /// raises LangVersion for all of them: the analyzer cannot see that).
    /// </summary>
    internal static bool SupportsCoalesceAssignment(SyntaxTree tree, AnalyzerOptions options) => ProjectTargets.CSharp8OnEveryTarget(tree, options);

    private static void AnalyzePropertyReference(
        OperationAnalysisContext context, StreamLengthSymbols symbols, StreamOriginResolver live, ConcurrentQueue<PendingDiagnostic> pending)
    {
        var reference = (IPropertyReferenceOperation)context.Operation;
        if (reference.Property.Name != KnownNames.Length || reference.Instance is not { } instance || !symbols.IsStreamProperty(reference.Property))
            return;

        if (StreamLengthLoop.RepeatingLoop(reference) is not { } loop || StreamLengthLoop.NotReadEveryPass(reference, loop))
            return;

        IOperation root = LoopContext.Root(reference);
        if (StreamLengthLoop.Classify(instance, root, symbols, depth: 0) != StreamKind.MayBeFile)
            return;

        bool coalesceAssignment = SupportsCoalesceAssignment(reference.Syntax.SyntaxTree, context.Options);
        LengthHoist hoist = StreamLengthLoop.CanHoist(reference, loop, root, symbols, out bool onlyThroughReader);
        ImmutableDictionary<string, string> properties = hoist switch
        {
            LengthHoist.BeforeLoop => onlyThroughReader ? s_fixableThroughReader : s_fixable,
            LengthHoist.OnFirstRead when coalesceAssignment => onlyThroughReader ? s_onFirstReadThroughReader : s_onFirstRead,
            LengthHoist.OnFirstRead => onlyThroughReader ? s_onFirstReadThroughReaderBeforeCSharp8 : s_onFirstReadBeforeCSharp8,
            _ => s_notFixable,
        };
        if (FormatGate.LeavesOut(properties))
            return; // dotnet format: no fix to apply here

        // Where the stream comes from: now when the method shows a file (or a caller outside the compilation), at
        // compilation end when only other methods can tell, never when every origin is in memory.
        StreamOrigin origin = live.Resolve(instance);
        PassGrowth growth = PassGrowthEvidence.Of(loop, root);
        if ((origin & ReportedOrigins) != 0)
        {
            context.ReportDiagnostic(Tiers.Create(
                atCompilationEnd: false,
                growth,
                origin,
                reference.Syntax.GetLocation(),
                new[] { loop.Syntax.GetLocation() },
                properties,
                new object[] { instance.Syntax.ToString(), StreamOrigins.Describe(origin & ReportedOrigins) }));
        }
        else if ((origin & StreamOrigin.Deferred) != 0)
        {
            pending.Enqueue(new PendingDiagnostic(instance, reference.Syntax.GetLocation(), properties, instance.Syntax.ToString(), loop.Syntax.GetLocation(), growth: growth));
        }
    }
}

/// <summary>Where SL1006's fix may read Length once.</summary>
internal enum LengthHoist
{
    /// <summary>Nowhere: something in the loop may change the length, or the declaration has nowhere to go.</summary>
    None,

    /// <summary>Just before the loop: each pass reads Length first, so the hoisted read fails where the first pass would.</summary>
    BeforeLoop,

    /// <summary>Where the loop first reads it, kept in a nullable local from then on (C# 8's <c>??=</c>).</summary>
    OnFirstRead,
}

/// <summary>What the static type and known creations say about a stream expression.</summary>
internal enum StreamKind
{
    /// <summary>Served from memory (MemoryStream, UnmanagedMemoryStream): Length is a field read.</summary>
    InMemory,

    /// <summary>A stream type that is neither Stream itself nor a FileStream or BufferedStream.</summary>
    Other,

    /// <summary>Stream, FileStream or BufferedStream with no creation that proves otherwise.</summary>
    MayBeFile,
}
