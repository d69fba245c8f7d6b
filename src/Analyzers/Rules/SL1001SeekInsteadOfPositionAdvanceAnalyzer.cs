using System;
using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Evidence;
using Streamline.Analyzers.Flow;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// SL1001: a stream's <c>Position</c> advanced inside a loop.
/// <code>
/// while ((n = s.Read(buf, 0, 4)) &gt; 0) { ...; s.Position += 3; }   // every target: fix to SkipReader
/// for (...) { s.Position += 3; }                                     // .NET Framework, Mono, netstandard: reported,
///                                                                    // fix to Seek where provably the same
/// </code>
/// On .NET 6 and later the <c>Position</c> setter of FileStream runs the same code as <c>Seek</c>, so the rule reports
/// only the loops that <c>SkipReader</c> can take over.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SL1001SeekInsteadOfPositionAdvanceAnalyzer : DiagnosticAnalyzer
{
    /// <summary>Diagnostic property: "true" where <c>Seek(n, SeekOrigin.Current)</c> is proven to behave the same.</summary>
    internal const string CanSeekProperty = "CanSeek";

    /// <summary>Diagnostic property: "true" where the loop is proven safe to run over a <c>SkipReader</c>.</summary>
    internal const string CanUseReaderProperty = "CanUseReader";

    /// <summary>SL1001 and its suggestion sibling SL1101 (<see cref="TieredRule"/>): a skip over a file, a decompressor or
    /// a stream type of the project's own costs on every pass.</summary>

    internal static readonly DiagnosticDescriptor Rule = Descriptors.Create(RuleIds.SeekInsteadOfPositionAdvance);

    private static readonly ImmutableDictionary<string, string>[] s_properties =
    [
        Properties(canSeek: false, canUseReader: false),
        Properties(canSeek: true, canUseReader: false),
        Properties(canSeek: false, canUseReader: true),
        Properties(canSeek: true, canUseReader: true),
    ];

    /// <summary>The message's second part, by the same index as <see cref="s_properties"/>: what the fix does, or what to do by hand.</summary>
    private static readonly string[] s_advice = ["SL1001AdviceNone", "SL1001AdviceSeek", "SL1001AdviceReader", "SL1001AdviceReaderOrSeek"];

    /// <summary>The same rule, reported at compilation end where the stream comes from other methods (their call sites,
    /// a field's writes): see <see cref="StreamOriginResolver"/>.</summary>
    internal static readonly DiagnosticDescriptor RuleAtCompilationEnd = Descriptors.Create(
        RuleIds.SeekInsteadOfPositionAdvance, customTags: StreamOrigins.CompilationEndTag);

    /// <summary>SL1101, the same pattern on weaker evidence: a suggestion (<see cref="TieredRule"/>).</summary>
    internal static readonly DiagnosticDescriptor Suggestion = Descriptors.CreateSuggestion(RuleIds.SeekInsteadOfPositionAdvanceSuggestion, RuleIds.SeekInsteadOfPositionAdvance);

    internal static readonly DiagnosticDescriptor SuggestionAtCompilationEnd = Descriptors.CreateSuggestion(
        RuleIds.SeekInsteadOfPositionAdvanceSuggestion, RuleIds.SeekInsteadOfPositionAdvance, StreamOrigins.CompilationEndTag);

    internal static readonly TieredRule Tiers = new(
        Rule, RuleAtCompilationEnd, Suggestion, SuggestionAtCompilationEnd, StreamOrigin.File | StreamOrigin.Decompressor | StreamOrigin.OtherStream, MeasuredPrecision.SL1001, MeasuredPrecision.SL1101);

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule, RuleAtCompilationEnd, Suggestion, SuggestionAtCompilationEnd);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(static start =>
        {
            if (PerCompilation.ForRule(
                    start.Compilation, start.Options, static compilation => Symbols.TryCreate(compilation, out Symbols? created) ? created : null) is not { } symbols)
                return; // a test project (see TestProjects)

            var origins = new StreamOriginIndex(start.Compilation);
            origins.Register(start);
            var live = StreamOriginResolver.Live(origins.Types);
            var pending = new ConcurrentQueue<PendingDiagnostic>();
            start.RegisterCompilationEndAction(end => PendingDiagnostic.ReportWhereNotInMemory(end, pending, origins, Tiers));
            start.RegisterOperationAction(
                context =>
                {
                    if (symbols.Value is { } resolved)
                        Analyze(context, resolved, live, pending);
                },
                OperationKind.CompoundAssignment,
                OperationKind.Increment,
                OperationKind.Decrement,
                OperationKind.SimpleAssignment);
        });
    }

    private static void Analyze(OperationAnalysisContext context, Symbols symbols, StreamOriginResolver live, ConcurrentQueue<PendingDiagnostic> pending)
    {
        if (!SL1001PositionAdvance.TryMatch(context.Operation, symbols.Stream, out SL1001PositionAdvance? advance))
            return;

        ILoopOperation? loop = LoopContext.EnclosingLoop(advance.Operation);
        if (loop is null || LoopContext.LoopNotFewByFormat(advance.Operation) is not { } repeating)
            return; // no loop, or only loops the format keeps to a few passes (a varint's bytes)
        if (LoopContext.OnlyInTheLeavingPass(advance.Operation, repeating))
            return; // a skip in the pass that leaves the loop runs once

        IOperation root = LoopContext.Root(advance.Operation);
        if (symbols.InMemory.IsInMemory(advance.Stream, root))
            return; // Position of a MemoryStream is a field: nothing to win

        // One project, one answer: a modern build of a project that also builds for an older target reports what the
        // older build reports, with the same fixes, so Fix All and dotnet format write the same text for every target.
        bool olderTarget = symbols.IsLegacyTarget || AlsoTargetsOlderRuntime(context.Options, context.Operation.Syntax.SyntaxTree);
        bool canUseReader = CanUseReader(advance, loop, root, symbols, out _);
        bool canSeek = olderTarget && CanSeek(advance, root, symbols);
        if (!canUseReader && !(olderTarget && MayBeFileStream(advance.Stream.Type, symbols)))
            return; // modern .NET only: Position's setter is Seek, only the buffered reader wins

        int fixes = (canSeek ? 1 : 0) + (canUseReader ? 2 : 0);
        ImmutableDictionary<string, string> properties = s_properties[fixes];
        if (FormatGate.LeavesOut(properties))
            return; // dotnet format: no fix to apply here
        string advice = Resources.Get(s_advice[fixes]);
        // Where the stream comes from: now when the method shows an origin not in memory, at compilation end when only
        // other methods can tell, never when every origin is in memory.
        StreamOrigin origin = live.Resolve(advance.Stream);
        PassGrowth growth = PassGrowthEvidence.Of(repeating, root);
        if (StreamOrigins.AnyNotInMemory(origin))
        {
            context.ReportDiagnostic(Tiers.Create(
                atCompilationEnd: false, growth, origin, advance.Operation.Syntax.GetLocation(), null, properties, new object[] { advance.Position.Syntax.ToString(), advice }));
        }
        else if ((origin & StreamOrigin.Deferred) != 0)
        {
            pending.Enqueue(new PendingDiagnostic(advance.Stream, advance.Operation.Syntax.GetLocation(), properties, advance.Position.Syntax.ToString(), secondArgument: advice, growth: growth));
        }
    }

    /// <summary>
    /// Whether MSBuild's <c>TargetFrameworks</c> (made visible by Streamline's props) lists a target other than .NET 6 or
    /// later: <c>net48</c>, <c>netstandard2.0</c>, <c>netcoreapp3.1</c>, <c>net5.0</c>, a Mono-based target.
    /// </summary>
    internal static bool AlsoTargetsOlderRuntime(AnalyzerOptions options, SyntaxTree tree)
    {
        foreach (string framework in ProjectTargets.Of(options, tree))
        {
            if (!(ProjectTargets.NetMajorVersion(framework) >= 6))
                return true;
        }

        return false;
    }

    /// <summary>
    /// The fix to <c>s.Seek(n, SeekOrigin.Current)</c> keeps the program's behaviour when: the statement's value is not
    /// used; the offset reads nothing that could move the stream (<see cref="SL1001PositionAdvance.IsOffsetFreeOfSideEffects"/>);
    /// the offset cannot be negative (a negative result makes the setter throw ArgumentOutOfRangeException and
    /// Seek IOException); and the stream is certainly a FileStream (a local initialised with <c>new FileStream(...)</c>
    /// or <c>File.OpenRead(...)</c> and never assigned again, or the <c>BaseStream</c> of a BinaryReader made over one),
    /// because a subclass may override Position and Seek differently.
    /// </summary>
    internal static bool CanSeek(SL1001PositionAdvance advance, IOperation root, Symbols symbols)
    {
        if (!advance.IsStatement || !advance.IsOffsetNonNegative() || !advance.IsOffsetFreeOfSideEffects() || symbols.SeekOrigin is null)
            return false;

        if (advance.StreamLocal is { } local)
            return IsFreshFileStream(SL1001PositionAdvance.SoleInitializer(root, local), root, symbols);

        if (advance.ReaderLocal is { } reader
            && SL1001PositionAdvance.SoleInitializer(root, reader) is IObjectCreationOperation { Arguments.Length: > 0 } creation
            && symbols.BinaryReader is not null
            && SymbolEqualityComparer.Default.Equals(creation.Type, symbols.BinaryReader))
        {
            return IsFreshFileStream(SL1001PositionAdvance.StripConversions(creation.Arguments[0].Value), root, symbols);
        }

        return false;
    }

    /// <summary>
    /// The loop can run over a SkipReader when it is exactly
    /// <code>
    /// while ((n = s.Read(buffer, offset, count)) &gt; 0) { ... s.Position += k; ... }   // or != 0, or s.Read(...) &gt; 0
    /// </code>
    /// with <c>s</c> a local FileStream (see <see cref="CanSeek"/>) that the loop uses only for that Read and for
    /// forward advances by offsets that cannot be negative, as statements of the loop itself; that no other code can
    /// reach during the loop (outside it, <c>s</c> is only the receiver of member calls: never passed, stored or
    /// captured); and with no <c>await</c> or <c>yield</c> in the loop. The reader then reads ahead, and its disposal
    /// right after the loop puts the stream where the loop would have left it.
    /// </summary>
    internal static bool CanUseReader(
        SL1001PositionAdvance advance,
        ILoopOperation loop,
        IOperation root,
        Symbols symbols,
        [NotNullWhen(true)] out IInvocationOperation? read)
    {
        read = null;
        if (advance.StreamLocal is not { } stream
            || loop is not IWhileLoopOperation { ConditionIsTop: true, ConditionIsUntil: false, Condition: { } condition } whileLoop
            || whileLoop.Syntax is not WhileStatementSyntax { Parent: not LabeledStatementSyntax } whileSyntax
            || !TryMatchReadCondition(condition, stream, out read)
            || !IsFreshFileStream(SL1001PositionAdvance.SoleInitializer(root, stream), root, symbols)
            || SL1001PositionAdvance.SuspendsInside(whileSyntax))
        {
            return false;
        }

        TextSpanRange loopSpan = new(whileSyntax.SpanStart, whileSyntax.Span.End);
        foreach (ILocalReferenceOperation reference in SL1001PositionAdvance.References(root, stream))
        {
            if (IsInsideFunction(reference))
                return false; // captured: a delegate called in the loop could use it

            if (!loopSpan.Contains(reference.Syntax.SpanStart))
            {
                if (!IsMemberReceiver(reference))
                    return false;
                continue;
            }

            if (read.Instance is not null && SL1001PositionAdvance.StripConversions(read.Instance) == reference)
                continue;

            if (!IsFixableAdvanceIn(reference, whileLoop, symbols))
                return false;
        }

        return true;
    }

    /// <summary><c>(n = s.Read(b, o, c)) &gt; 0</c>, <c>(n = s.Read(b, o, c)) != 0</c>, <c>s.Read(b, o, c) &gt; 0</c>.</summary>
    internal static bool TryMatchReadCondition(IOperation condition, ILocalSymbol stream, [NotNullWhen(true)] out IInvocationOperation? read)
    {
        read = null;
        if (condition is not IBinaryOperation { OperatorKind: BinaryOperatorKind.GreaterThan or BinaryOperatorKind.NotEquals } comparison
            || comparison.RightOperand.ConstantValue is not { HasValue: true, Value: 0 })
        {
            return false;
        }

        IOperation left = SL1001PositionAdvance.StripConversions(comparison.LeftOperand);
        if (left is ISimpleAssignmentOperation { Target: ILocalReferenceOperation, Value: var value })
            left = SL1001PositionAdvance.StripConversions(value);

        if (left is not IInvocationOperation { TargetMethod: { Name: "Read", Parameters.Length: 3 } method, Instance: { } instance } invocation
            || method.Parameters[0].Type is not IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Byte }
            || SL1001PositionAdvance.StripConversions(instance) is not ILocalReferenceOperation { Local: var local }
            || !SymbolEqualityComparer.Default.Equals(local, stream))
        {
            return false;
        }

        read = invocation;
        return true;
    }

    private static bool IsFixableAdvanceIn(ILocalReferenceOperation reference, IWhileLoopOperation loop, Symbols symbols)
    {
        // s.Position: the reference's parent (through conversions) is the Position property read or written.
        IOperation? position = reference.Parent;
        while (position is IConversionOperation { IsImplicit: true })
            position = position.Parent;

        for (IOperation? candidate = position?.Parent; candidate is not null; candidate = candidate.Parent)
        {
            if (candidate is IExpressionStatementOperation)
                return false;

            if (SL1001PositionAdvance.TryMatch(candidate, symbols.Stream, out SL1001PositionAdvance? advance))
            {
                return SymbolEqualityComparer.Default.Equals(advance.StreamLocal, reference.Local)
                    && advance.IsStatement
                    && advance.IsOffsetNonNegative()
                    && LoopContext.EnclosingLoop(advance.Operation) == loop
                    && !ReferencesLocal(advance.Offset, reference.Local);
            }
        }

        return false;
    }

    private static bool ReferencesLocal(IOperation? operation, ILocalSymbol local)
    {
        if (operation is null)
            return false;
        foreach (IOperation descendant in operation.DescendantsAndSelf())
        {
            if (descendant is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local))
                return true;
        }

        return false;
    }

    /// <summary><c>s.Length</c>, <c>s.Seek(...)</c>: the stream is used but not handed to other code.</summary>
    private static bool IsMemberReceiver(ILocalReferenceOperation reference)
    {
        IOperation receiver = reference;
        while (receiver.Parent is IConversionOperation { IsImplicit: true } conversion)
            receiver = conversion;

        return receiver.Parent switch
        {
            IPropertyReferenceOperation property => property.Instance == receiver,
            IInvocationOperation invocation => invocation.Instance == receiver,
            _ => false,
        };
    }

    private static bool IsInsideFunction(IOperation operation)
    {
        for (IOperation? current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation or ILocalFunctionOperation)
                return true;
        }

        return false;
    }

    /// <summary><c>new FileStream(...)</c>, <c>File.OpenRead(...)</c>, <c>File.Open(...)</c>, <c>fileInfo.OpenRead()</c>
    /// and kin: each returns a FileStream itself, never a subclass; or a local holding one.</summary>
    private static bool IsFreshFileStream(IOperation? value, IOperation root, Symbols symbols)
    {
        switch (value)
        {
            case IObjectCreationOperation { Constructor: { Parameters.Length: > 0 } constructor } creation:
                // new FileStream(path, ...), not new FileStream(handle, ...): a handle may be shared, and over a pipe it
                // does not seek.
                return symbols.FileStream is not null
                    && SymbolEqualityComparer.Default.Equals(creation.Type, symbols.FileStream)
                    && constructor.Parameters[0].Type.SpecialType == SpecialType.System_String;
            case IInvocationOperation { TargetMethod: { Name: "OpenRead" or "Open" or "OpenWrite" or "Create" } method }:
                return SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.File)
                    || SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.FileInfo);
            case ILocalReferenceOperation { Local: { RefKind: RefKind.None } local }:
                return IsFreshFileStream(SL1001PositionAdvance.SoleInitializer(root, local), root, symbols);
            default:
                return false;
        }
    }

    /// <summary>Stream or FileStream (or a FileStream subclass): the types whose Position may cost a FileStream's.</summary>
    private static bool MayBeFileStream(ITypeSymbol? type, Symbols symbols)
    {
        if (type is null)
            return false;
        if (SymbolEqualityComparer.Default.Equals(type, symbols.Stream))
            return true;
        for (ITypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (symbols.FileStream is not null && SymbolEqualityComparer.Default.Equals(current, symbols.FileStream))
                return true;
        }

        return false;
    }

    private static ImmutableDictionary<string, string> Properties(bool canSeek, bool canUseReader)
        => ImmutableDictionary<string, string>.Empty
            .Add(CanSeekProperty, canSeek ? "true" : "false")
            .Add(CanUseReaderProperty, canUseReader ? "true" : "false");

    private readonly struct TextSpanRange
    {
        private readonly int _start;
        private readonly int _end;

        public TextSpanRange(int start, int end)
        {
            _start = start;
            _end = end;
        }

        public bool Contains(int position) => position >= _start && position < _end;
    }

    /// <summary>The symbols SL1001 needs, and what the compilation targets, resolved once per compilation.</summary>
    internal sealed class Symbols
    {
        private Symbols(Compilation compilation, INamedTypeSymbol stream)
        {
            Stream = stream;
            FileStream = TypeLookup.GetBestType(compilation, KnownNames.FileStream);
            File = TypeLookup.GetBestType(compilation, KnownNames.File);
            FileInfo = TypeLookup.GetBestType(compilation, KnownNames.FileInfo);
            BinaryReader = TypeLookup.GetBestType(compilation, KnownNames.BinaryReader);
            SeekOrigin = TypeLookup.GetBestType(compilation, KnownNames.SeekOrigin);
            InMemory = new InMemoryStreams(compilation);
            IsLegacyTarget = IsLegacy(compilation);
        }

        public INamedTypeSymbol Stream { get; }

        public INamedTypeSymbol? FileStream { get; }

        public INamedTypeSymbol? File { get; }

        public INamedTypeSymbol? FileInfo { get; }

        public INamedTypeSymbol? BinaryReader { get; }

        public INamedTypeSymbol? SeekOrigin { get; }

        public InMemoryStreams InMemory { get; }

        /// <summary>
        /// .NET Framework, Mono and Unity (the core library is mscorlib), netstandard (its consumers include those), and
        /// .NET Core before 6: runtimes whose FileStream drops its read buffer when Position is set. From .NET 6 the
        /// setter calls the same code as Seek (dotnet/runtime FileStream.Position, issue 78457).
        /// </summary>
        public bool IsLegacyTarget { get; }

        public static bool TryCreate(Compilation compilation, [NotNullWhen(true)] out Symbols? symbols)
        {
            INamedTypeSymbol? stream = TypeLookup.GetBestType(compilation, KnownNames.Stream);
            symbols = stream is null ? null : new Symbols(compilation, stream);
            return symbols is not null;
        }

        private static bool IsLegacy(Compilation compilation)
        {
            IAssemblySymbol core = compilation.GetSpecialType(SpecialType.System_Object).ContainingAssembly;
            string name = core.Identity.Name;
            if (string.Equals(name, "mscorlib", StringComparison.OrdinalIgnoreCase) || string.Equals(name, "netstandard", StringComparison.OrdinalIgnoreCase))
                return true;

            // System.Runtime's reference assembly carries the .NET version from 5 on (4.2.x is .NET Core 3.x).
            return core.Identity.Version.Major < 6;
        }
    }
}
