using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Evidence;
using Streamline.Analyzers.Flow;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// SL1002: a <see cref="System.IO.BinaryReader"/> that reads small fixed-size values one call at a time inside a loop.
/// <code>
/// using var reader = new BinaryReader(File.OpenRead(path));   // reported here, fixable
/// while (...) total += reader.ReadUInt16();
/// void Parse(BinaryReader reader) { for (...) reader.ReadInt32(); }   // reported at the first read, no fix
/// using var r = new BinaryReader(File.OpenRead(path));        // reported here too: its reads are in ReadRecord
/// while (...) records.Add(ReadRecord(r));
/// </code>
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SL1002BufferSmallBinaryReadsAnalyzer : DiagnosticAnalyzer
{
    /// <summary>Diagnostic property: "true" where the analyzer proved the fix keeps the program's behaviour.</summary>
    internal const string CanFixProperty = "CanFix";

    /// <summary>SL1002 and its suggestion sibling SL1102 (<see cref="TieredRule"/>): a reader over a file, a decompressor
    /// or a stream type of the project's own costs a call into the stream per small read.</summary>

    internal static readonly DiagnosticDescriptor Rule = Descriptors.Create(RuleIds.BufferSmallBinaryReads);

    /// <summary>The same rule, reported at compilation end where the reader's stream comes from other methods (their
    /// call sites, a field's writes): see <see cref="StreamOriginResolver"/>.</summary>
    internal static readonly DiagnosticDescriptor RuleAtCompilationEnd = Descriptors.Create(
        RuleIds.BufferSmallBinaryReads, customTags: StreamOrigins.CompilationEndTag);

    /// <summary>SL1102, the same pattern on weaker evidence: a suggestion (<see cref="TieredRule"/>).</summary>
    internal static readonly DiagnosticDescriptor Suggestion = Descriptors.CreateSuggestion(RuleIds.BufferSmallBinaryReadsSuggestion, RuleIds.BufferSmallBinaryReads);

    internal static readonly DiagnosticDescriptor SuggestionAtCompilationEnd = Descriptors.CreateSuggestion(
        RuleIds.BufferSmallBinaryReadsSuggestion, RuleIds.BufferSmallBinaryReads, StreamOrigins.CompilationEndTag);

    internal static readonly TieredRule Tiers = new(
        Rule, RuleAtCompilationEnd, Suggestion, SuggestionAtCompilationEnd, StreamOrigin.File | StreamOrigin.Decompressor | StreamOrigin.OtherStream, MeasuredPrecision.SL1002, MeasuredPrecision.SL1102);

    /// <summary>
    /// Diagnostic property: "true" where the stream is the caller's and the proof counts on the runtime reading nothing
    /// ahead from a stream that cannot seek; the fix then needs a runtime that does so.
    /// </summary>
    internal const string CallersStreamProperty = "CallersStream";

    private static readonly ImmutableDictionary<string, string> s_fixable = ImmutableDictionary<string, string>.Empty.Add(CanFixProperty, "true");
    private static readonly ImmutableDictionary<string, string> s_fixableOverCallersStream = s_fixable.Add(CallersStreamProperty, "true");
    private static readonly ImmutableDictionary<string, string> s_notFixable = ImmutableDictionary<string, string>.Empty.Add(CanFixProperty, "false");
    private static readonly ImmutableDictionary<string, string> s_fixableWhereMade = ImmutableDictionary<string, string>.Empty.Add(FixWhereMadeProperty, "true");
    private static readonly ImmutableDictionary<string, string> s_fixableWhereMadeOverCallersStream = s_fixableWhereMade.Add(CallersStreamProperty, "true");

    /// <summary>
    /// Diagnostic property: "true" on a read of a reader handed in, where the fix rewrites the constructions the reader
    /// comes from, which are the diagnostic's additional locations (<see cref="ReaderConstructionSites"/>).
    /// </summary>
    internal const string FixWhereMadeProperty = "FixWhereMade";

    /// <summary>
    /// Diagnostic property: "true" on a read of a reader the method does not make, where no construction is fixed and
    /// the method's counted loops of fixed-size reads (<see cref="CountedReadLoop"/>) are rewritten to read through
    /// <c>BufferedBinaryReader.ReadAhead</c>.
    /// </summary>
    internal const string ReadAheadLoopsProperty = "ReadAheadLoops";

    private static readonly ImmutableDictionary<string, string> s_readAheadLoops = ImmutableDictionary<string, string>.Empty.Add(ReadAheadLoopsProperty, "true");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule, RuleAtCompilationEnd, Suggestion, SuggestionAtCompilationEnd);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(static start =>
        {
            if (PerCompilation.ForRule(
                    start.Compilation, start.Options, static compilation => BinaryReadSymbols.TryCreate(compilation, out BinaryReadSymbols? created) ? created : null) is not { } symbols)
                return; // a test project (see TestProjects)

            var origins = new StreamOriginIndex(start.Compilation);
            origins.Register(start);
            var live = StreamOriginResolver.Live(origins.Types);
            var pending = new ConcurrentQueue<PendingDiagnostic>();
            var rejudge = new ConcurrentDictionary<Location, Construction>();
            start.RegisterOperationAction(
                context =>
                {
                    if (symbols.Value is { } resolved)
                        AnalyzeCreation(context, resolved, live, pending, rejudge);
                },
                OperationKind.ObjectCreation);
            start.RegisterOperationAction(
                context =>
                {
                    if (symbols.Value is { } resolved)
                        AnalyzeInvocation(context, resolved, live, pending);
                },
                OperationKind.Invocation);
            start.RegisterCompilationEndAction(end =>
            {
                if (!pending.IsEmpty && symbols.Value is { } resolved)
                    ReportPending(end, pending, origins, resolved, rejudge);
            });
        });
    }

    /// <summary>
    /// At compilation end: a read on a reader handed in as a parameter gets the fix at the constructions its readers
    /// come from, when <see cref="ReaderConstructionSites"/> proves them all (they go with the diagnostic as additional
    /// locations), or a message that says which use stops it; it is not reported when every reader handed in is a
    /// buffered one already. Then every diagnostic is reported where its stream is not in memory.
    /// </summary>
    private static void ReportPending(
        CompilationAnalysisContext end, ConcurrentQueue<PendingDiagnostic> pending, StreamOriginIndex origins, BinaryReadSymbols symbols, ConcurrentDictionary<Location, Construction> rejudge)
    {
        var resolved = new ConcurrentQueue<PendingDiagnostic>();
        var judged = new Dictionary<ILocalSymbol, ReadAheadProof.Verdict>(SymbolEqualityComparer.Default);
        var helpers = new ReaderHelpers(origins, symbols);
        foreach (PendingDiagnostic diagnostic in pending)
        {
            if (rejudge.TryGetValue(diagnostic.Location, out Construction construction))
            {
                // A construction whose reader goes to helpers the method alone could not follow: judged again with them.
                ReadAheadProof.Verdict again = Judge(construction.Root, construction.Reader, construction.Creation, symbols, out string? stop, helpers, end.Options);
                ImmutableDictionary<string, string> properties = again switch
                {
                    ReadAheadProof.Verdict.OwnedStream => s_fixable,
                    ReadAheadProof.Verdict.CallersStream => s_fixableOverCallersStream,
                    _ => s_notFixable,
                };
                if (!FormatGate.LeavesOut(properties))
                    resolved.Enqueue(diagnostic.With(properties, MadeHereAdvice(again, stop), diagnostic.AdditionalLocations));
                continue;
            }

            if (diagnostic.Stream is IParameterReferenceOperation { Parameter: var parameter }
                && SymbolEqualityComparer.Default.Equals(parameter.Type, symbols.BinaryReader))
            {
                ReaderConstructionSites sites = ReaderConstructionSites.Find(parameter, origins, symbols, helpers, judged, end.CancellationToken, end.Options);
                if (sites.AlreadyBuffered)
                    continue;

                if (sites.Sites.IsEmpty && diagnostic.Properties.ContainsKey(ReadAheadLoopsProperty))
                {
                    // No construction to fix: the counted loops are read ahead where they are.
                    if (!FormatGate.LeavesOut(diagnostic.Properties))
                        resolved.Enqueue(diagnostic);
                    continue;
                }

                ImmutableDictionary<string, string> properties = sites.Sites.IsEmpty
                    ? diagnostic.Properties
                    : sites.OverCallersStream ? s_fixableWhereMadeOverCallersStream : s_fixableWhereMade;
                if (!FormatGate.LeavesOut(properties))
                    resolved.Enqueue(diagnostic.With(properties, sites.Advice(), sites.Sites));
                continue;
            }

            if (!FormatGate.LeavesOut(diagnostic.Properties))
                resolved.Enqueue(diagnostic); // dotnet format: no fix to apply here
        }

        PendingDiagnostic.ReportWhereNotInMemory(end, resolved, origins, Tiers);
    }

    /// <summary>
    /// Reports now where the stream's origins, as far as the method shows them, include one that is not in memory; stays
    /// quiet where all are in memory; leaves the rest for compilation end, when every call site and field write is known.
    /// <paramref name="advice"/> is the message's last part: buffer a reader the method makes, or make a reader handed
    /// in buffered where it is created (wrapping it in the method that reads is slower: the rule's page measures it).
    /// </summary>
    private static void ReportUnlessInMemory(
        OperationAnalysisContext context, StreamOriginResolver live, ConcurrentQueue<PendingDiagnostic> pending,
        IOperation? stream, Location location, ImmutableDictionary<string, string> properties, string name, string advice, PassGrowth growth)
    {
        StreamOrigin origin = stream is null ? StreamOrigin.Unseen : live.Resolve(stream);
        if (StreamOrigins.AnyNotInMemory(origin))
        {
            if (FormatGate.LeavesOut(properties))
                return; // dotnet format: no fix to apply here

            context.ReportDiagnostic(Tiers.Create(atCompilationEnd: false, growth, origin, location, null, properties, new object[] { name, StreamOrigins.Describe(origin), advice }));
        }
        else if ((origin & StreamOrigin.Deferred) != 0)
        {
            // Decided at compilation end, where a reader handed in may get the fix at its constructions.
            pending.Enqueue(new PendingDiagnostic(stream!, location, properties, name, thirdArgument: advice, growth: growth));
        }
    }

    /// <summary><c>var reader = new BinaryReader(stream);</c> whose small reads sit in a loop: reported at the construction.</summary>
    private static void AnalyzeCreation(
        OperationAnalysisContext context, BinaryReadSymbols symbols, StreamOriginResolver live, ConcurrentQueue<PendingDiagnostic> pending, ConcurrentDictionary<Location, Construction> rejudge)
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

        ISymbol? stream = creation.Arguments.Length > 0 ? StreamSymbol(creation.Arguments[0].Value) : null;
        var hotLoops = new List<ILoopOperation>();
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IInvocationOperation read
                && (IsSmallReadInLoop(read, symbols, out ISymbol? reader, stream) && SymbolEqualityComparer.Default.Equals(reader, local)
                    || IsReadingHelperCallInLoop(read, local, symbols, stream))
                && LoopContext.RepeatingLoop(read) is { } loop
                && !hotLoops.Contains(loop))
            {
                hotLoops.Add(loop);
            }
        }

        if (hotLoops.Count == 0)
            return;

        SL1002PositionReads.Use baseStreamUse = SL1002PositionReads.Classify(root, local, hotLoops);
        if (baseStreamUse == SL1002PositionReads.Use.Other)
            return; // e.g. BaseStream.Length in the condition: every pass would put the stream back (SL1006 hoists it)

        ReadAheadProof.Verdict verdict = Judge(root, local, creation, symbols, out string? stop, options: context.Options);
        bool positionReadsRewritable = baseStreamUse == SL1002PositionReads.Use.None || CanRewritePositionReads(root, local, declarator, creation);
        if (!positionReadsRewritable && verdict != ReadAheadProof.Verdict.Visible)
        {
            verdict = ReadAheadProof.Verdict.Visible;
            stop = Resources.Get("SL1002NoFixPositionReads");
        }

        ImmutableDictionary<string, string> properties = verdict switch
        {
            ReadAheadProof.Verdict.OwnedStream => s_fixable,
            ReadAheadProof.Verdict.CallersStream => s_fixableOverCallersStream,
            _ => s_notFixable,
        };
        IOperation? over = creation.Arguments.Length > 0 ? creation.Arguments[0].Value : null;
        PassGrowth growth = PassGrowth.Few;
        foreach (ILoopOperation loop in hotLoops)
            growth = PassGrowthEvidence.Strongest(growth, PassGrowthEvidence.Of(loop, root));

        Location location = creation.Syntax.GetLocation();
        if (verdict == ReadAheadProof.Verdict.Visible
            && positionReadsRewritable
            && over is not null
            && Judge(root, local, creation, symbols, ReaderHelpers.Hopeful, context.Options) != ReadAheadProof.Verdict.Visible)
        {
            // Only a helper the method alone cannot follow into (another type's, an extension, a constructor) stops the
            // proof: it is tried again at compilation end, with every helper of the compilation known.
            rejudge[location] = new Construction(root, local, creation);
            pending.Enqueue(new PendingDiagnostic(over, location, properties, local.Name, thirdArgument: Resources.Get("SL1002AdviceMadeHere"), growth: growth));
            return;
        }

        ReportUnlessInMemory(context, live, pending, over, location, properties, local.Name, MadeHereAdvice(verdict, stop), growth);
    }

    /// <summary>The advice for a reader the method makes: buffer it, and where the proof failed, which use stops the
    /// fix.</summary>
    private static string MadeHereAdvice(ReadAheadProof.Verdict verdict, string? stop)
        => verdict == ReadAheadProof.Verdict.Visible && stop is not null
            ? Resources.Format("SL1002AdviceMadeHereNoFix", stop)
            : Resources.Get("SL1002AdviceMadeHere");

    /// <summary>A construction judged again at compilation end.</summary>
    private readonly struct Construction
    {
        public Construction(IOperation root, ILocalSymbol reader, IObjectCreationOperation creation)
        {
            Root = root;
            Reader = reader;
            Creation = creation;
        }

        public IOperation Root { get; }

        public ILocalSymbol Reader { get; }

        public IObjectCreationOperation Creation { get; }
    }


    /// <summary>A reader passed in, or made elsewhere: reported at its first small read in a loop, without a fix.</summary>
    private static void AnalyzeInvocation(OperationAnalysisContext context, BinaryReadSymbols symbols, StreamOriginResolver live, ConcurrentQueue<PendingDiagnostic> pending)
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

        PassGrowth growth = LoopContext.RepeatingLoop(read) is { } loop ? PassGrowthEvidence.Of(loop, root) : PassGrowth.Few;
        string advice = reader switch
        {
            // Reported now (callers the compilation cannot see) or at compilation end, where the constructions decide.
            IParameterSymbol { ContainingSymbol: IMethodSymbol method } when StreamOriginResolver.IsCallableFromOutside(method)
                => Resources.Format("SL1002AdviceNoFixHere", Resources.Format("SL1002NoFixOutside", method.Name)),
            IParameterSymbol { ContainingSymbol: IMethodSymbol method } when StreamOriginResolver.IsCalledThroughDispatch(method)
                => Resources.Format("SL1002AdviceNoFixHere", Resources.Format("SL1002NoFixDispatch", method.Name)),
            ILocalSymbol => Resources.Format("SL1002AdviceNoFixHere", Resources.Format("SL1002NoFixNotMade", context.ContainingSymbol.Name)),
            _ => Resources.Get("SL1002AdviceHandedIn"),
        };
        ImmutableDictionary<string, string> properties = s_notFixable;
        if (CountedReadLoop.In(root, reader, symbols).Exists(loop => loop.Reads.Contains(read)))
        {
            // The reported read's own loop is fixed where it is (with the method's other counted loops of this reader);
            // a construction proven at compilation end still takes precedence.
            properties = s_readAheadLoops;
            advice = Resources.Get("SL1002AdviceReadAhead");
        }

        ReportUnlessInMemory(context, live, pending, read.Instance, read.Syntax.GetLocation(), properties, reader.Name, advice, growth);
    }

    /// <summary><c>reader.ReadInt32()</c> and kin, on a local or parameter typed exactly BinaryReader, inside a loop whose
    /// passes can grow with the input and do not move the stream (<paramref name="stream"/>: the local or parameter the
    /// reader was made over, when known).</summary>
    private static bool IsSmallReadInLoop(IInvocationOperation invocation, BinaryReadSymbols symbols, [NotNullWhen(true)] out ISymbol? reader, ISymbol? stream = null)
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

        // A loop of a few passes fixed by constants (a varint's bytes, padding) repeats nothing unless a loop runs it.
        // A read in the pass that leaves the loop (a trailer read before the break) runs once.
        // A pass that moves the stream (a chunk scan that seeks past each payload) would make the buffered reader drop
        // its buffer every time: a refill for a few values, no faster than BinaryReader.
        // A pass that reads a payload whose size the data gives (a chunk loop: a length, a tag, then ReadBytes(length))
        // spends its time on the payload; its few small reads are a rounding error beside it.
        return InALoopWorthBuffering(invocation, reader, stream);
    }

    private static bool InALoopWorthBuffering(IOperation read, ISymbol reader, ISymbol? stream)
        => LoopContext.RepeatingLoop(read) is { } loop
            && !LoopContext.OnlyInTheLeavingPass(read, loop)
            && !MovesStream(loop, reader, stream)
            && !ReadsPayloadEveryPass(loop, reader, stream);

    /// <summary>
    /// <c>ReadRecord(reader)</c> or <c>reader.ReadPair()</c> in a loop, where the method is of this compilation, takes
    /// the reader as a <c>BinaryReader</c> and only reads through it, some of it small fixed-size values: each pass
    /// reads them as surely as if they were written in the loop, and they get just as fast when the reader made here is
    /// buffered. The loop is judged as for a read in it (<see cref="InALoopWorthBuffering"/>).
    /// </summary>
    private static bool IsReadingHelperCallInLoop(IInvocationOperation call, ILocalSymbol reader, BinaryReadSymbols symbols, ISymbol? stream)
    {
        foreach (IArgumentOperation argument in call.Arguments)
        {
            if (argument.Parameter is { RefKind: RefKind.None } parameter
                && StripConversions(argument.Value) is ILocalReferenceOperation passed
                && SymbolEqualityComparer.Default.Equals(passed.Local, reader)
                && ReadAheadProof.ReadsSmallValuesThrough(call.TargetMethod, parameter, symbols))
            {
                return InALoopWorthBuffering(call, reader, stream);
            }
        }

        return false;
    }

    /// <summary>
    /// Whether every pass of the loop reads a block of a size that is not a constant through the reader or its stream:
    /// <c>reader.ReadBytes(length)</c>, <c>reader.Read(buffer, 0, length)</c>, <c>reader.BaseStream.Read(buffer, 0, length)</c>,
    /// as a statement of the loop's body (not under an <c>if</c>, a <c>switch</c> or an inner loop).
    /// </summary>
    private static bool ReadsPayloadEveryPass(ILoopOperation loop, ISymbol reader, ISymbol? stream)
    {
        foreach (IOperation operation in loop.Body.Descendants())
        {
            if (operation is not IInvocationOperation { Instance: { } instance } read
                || read.TargetMethod.Name is not ("ReadBytes" or "Read")
                || read.Arguments.Length == 0
                || read.Arguments[read.Arguments.Length - 1].Value is not { } count
                || count.ConstantValue.HasValue
                || count.Type?.SpecialType != SpecialType.System_Int32)
            {
                continue;
            }

            bool onReader = SymbolEqualityComparer.Default.Equals(StreamSymbol(instance), reader);
            if ((onReader || IsReadersStream(StripConversions(instance), reader, stream, LoopContext.Root(loop)))
                && CountedReadLoop.RunsOnEveryPass(read, loop, throughInitializers: false))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Whether every pass of the loop seeks or sets the position of the reader's stream: <c>reader.BaseStream.Seek(...)</c>,
    /// <c>reader.BaseStream.Position = ...</c>, or the same on <paramref name="stream"/> or a local set from
    /// <c>reader.BaseStream</c>, not under an <c>if</c> or a <c>switch</c>. A move on some passes only (a MIDI track's
    /// meta events skipped, a running status stepped back over) leaves the other passes reading from the buffer.
    /// </summary>
    private static bool MovesStream(ILoopOperation loop, ISymbol reader, ISymbol? stream)
    {
        foreach (IOperation operation in loop.Descendants())
        {
            IOperation? target = operation switch
            {
                IInvocationOperation { TargetMethod.Name: "Seek", Instance: { } instance } => instance,
                IPropertyReferenceOperation { Property.Name: "Position", Instance: { } instance } position
                    when position.Parent is IAssignmentOperation assignment && assignment.Target == position
                        || position.Parent is IIncrementOrDecrementOperation => instance,
                _ => null,
            };

            if (target is not null && IsReadersStream(StripConversions(target), reader, stream, LoopContext.Root(loop)) && CountedReadLoop.RunsOnEveryPass(operation, loop, throughInitializers: false))
                return true;
        }

        return false;
    }

    private static bool IsReadersStream(IOperation operation, ISymbol reader, ISymbol? stream, IOperation root)
    {
        if (operation is IPropertyReferenceOperation { Property.Name: "BaseStream", Instance: { } owner })
            return SymbolEqualityComparer.Default.Equals(StreamSymbol(owner), reader);

        ISymbol? symbol = StreamSymbol(operation);
        if (symbol is null)
            return false;
        if (stream is not null && SymbolEqualityComparer.Default.Equals(symbol, stream))
            return true;

        return symbol is ILocalSymbol local
            && SL1001PositionAdvance.SoleInitializer(root, local) is { } initializer
            && StripConversions(initializer) is IPropertyReferenceOperation { Property.Name: "BaseStream", Instance: { } aliasOwner }
            && SymbolEqualityComparer.Default.Equals(StreamSymbol(aliasOwner), reader);
    }

    private static ISymbol? StreamSymbol(IOperation operation) => StripConversions(operation) switch
    {
        ILocalReferenceOperation local => local.Local,
        IParameterReferenceOperation parameter => parameter.Parameter,
        _ => null,
    };

    /// <summary>
    /// <c>reader.BaseStream.Position</c> reads in the loops (and <c>s.Position</c> of an alias) become
    /// <c>reader.Position</c>: only before the reader is disposed or closed (the two then differ), and only where the
    /// declaration can take the buffered type (<c>var</c>, or a single declarator whose type the fix changes).
    /// </summary>
    private static bool CanRewritePositionReads(IOperation root, ILocalSymbol reader, IVariableDeclaratorOperation declarator, IObjectCreationOperation creation)
        => declarator.Parent is IVariableDeclarationOperation { Declarators.Length: 1 }
            && ReadAheadProof.CanRewritePositionReads(root, creation, reader, SL1002PositionReads.RewrittenReads(root, reader));

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

    /// <summary>Over a MemoryStream, BinaryReader is already served from memory: too little measured win to speak. Over a
    /// stream of a type of its own (<see cref="BinaryReadSymbols.IsOtherStreamType"/>) the win is unknown, and none where
    /// it cannot seek.</summary>
    private static bool IsAlreadyFastStream(IObjectCreationOperation creation, IOperation root, BinaryReadSymbols symbols)
        => creation.Arguments.Length > 0
            && (symbols.InMemory.IsInMemory(creation.Arguments[0].Value, root) || symbols.IsOtherStreamType(StripConversions(creation.Arguments[0].Value).Type));

    /// <summary>The fix keeps the program's behaviour: see <see cref="ReadAheadProof"/>.</summary>
    private static ReadAheadProof.Verdict Judge(IOperation root, ILocalSymbol reader, IObjectCreationOperation creation, BinaryReadSymbols symbols, ReaderHelpers? helpers, AnalyzerOptions options)
        => Judge(root, reader, creation, symbols, out _, helpers, options);

    private static ReadAheadProof.Verdict Judge(IOperation root, ILocalSymbol reader, IObjectCreationOperation creation, BinaryReadSymbols symbols, out string? stop, ReaderHelpers? helpers = null, AnalyzerOptions? options = null)
    {
        stop = null;
        return creation.Constructor is not null
            && creation.Initializer is null
            && SymbolEqualityComparer.Default.Equals(reader.Type, symbols.BinaryReader)
                ? ReadAheadProof.Judge(root, reader, creation, symbols, out stop, helpers, options)
                : ReadAheadProof.Verdict.Visible;
    }

    private static IOperation StripConversions(IOperation operation)
    {
        while (operation is IConversionOperation { IsImplicit: true } conversion)
            operation = conversion.Operand;
        return operation;
    }
}
