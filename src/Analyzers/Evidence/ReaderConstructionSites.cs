using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Flow;
using Streamline.Analyzers.Rules;

namespace Streamline.Analyzers.Evidence;

/// <summary>
/// Where the <c>BinaryReader</c> a method is handed is made, followed at compilation end from the parameter through
/// every call site in the compilation (and on through the callers' own reader parameters) to the
/// <c>new BinaryReader(...)</c> each one comes from:
/// <code>
/// static long Decode(string path)
/// {
///     using var reader = new BinaryReader(File.OpenRead(path));   // the construction site
///     return ParseRecords(reader) + ReadStrings(reader);
/// }
/// static long ParseRecords(BinaryReader r) { for (...) sum += r.ReadInt32(); ... }   // SL1002 here, fixed there
/// </code>
/// The fix of a read in the method rewrites those constructions, so every loop the reader reaches is buffered at once.
/// It is offered only when every caller is known and every construction is proven by <see cref="ReadAheadProof"/> as
/// SL1002's own construction diagnostic is: the reader stays in the method that makes it or goes only to methods that
/// only read through it, the stream is seen by nobody else while the reader reads ahead, and a caller's stream is put
/// back by a disposal on every path. Otherwise <see cref="Reason"/> says which use stops it.
/// </summary>
internal sealed class ReaderConstructionSites
{
    /// <summary>How many reader parameters are followed, at most, from one read.</summary>
    private const int MaxParameters = 16;

    private ReaderConstructionSites(ImmutableArray<Location> sites, string? firstSiteMethod, bool overCallersStream, string? reason)
    {
        Sites = sites;
        FirstSiteMethod = firstSiteMethod;
        OverCallersStream = overCallersStream;
        Reason = reason;
    }

    /// <summary>The <c>new BinaryReader(...)</c> expressions to rewrite: empty when <see cref="Reason"/> is set, or
    /// when every reader handed in is already a buffered one.</summary>
    public ImmutableArray<Location> Sites { get; }

    /// <summary>The name of the method the first site is in.</summary>
    public string? FirstSiteMethod { get; }

    /// <summary>Whether a site reads a stream its method was handed: the fix then needs a runtime that reads nothing
    /// ahead from a stream that cannot seek, as for SL1002's own construction diagnostic.</summary>
    public bool OverCallersStream { get; }

    /// <summary>Why there is no fix, in the words of the message (null when there is one, or nothing to fix).</summary>
    public string? Reason { get; }

    /// <summary>Every reader handed in is one of Streamline's buffered readers already: nothing to report.</summary>
    public bool AlreadyBuffered => Reason is null && Sites.IsEmpty;

    /// <summary>Follows <paramref name="parameter"/> (a <c>BinaryReader</c>) to where its readers are made.</summary>
    /// <param name="helpers">Follows the reader into the helpers each construction hands it to, in any type.</param>
    /// <param name="judged">The verdicts on the reader locals met so far, kept across the reads of one compilation
    /// end: several reads (and their helpers) lead to the same construction.</param>
    public static ReaderConstructionSites Find(
        IParameterSymbol parameter, StreamOriginIndex index, BinaryReadSymbols symbols, ReaderHelpers helpers, Dictionary<ILocalSymbol, ReadAheadProof.Verdict> judged, CancellationToken cancellationToken,
        Microsoft.CodeAnalysis.Diagnostics.AnalyzerOptions? options = null)
    {
        var sites = new List<(Location Location, string Method)>();
        bool overCallersStream = false;
        var seen = new HashSet<IParameterSymbol>(SymbolEqualityComparer.Default);
        var pending = new Stack<IParameterSymbol>(); // depth first, each method's callers in source order: a message names the first use met
        pending.Push(parameter);
        while (pending.Count > 0)
        {
            cancellationToken.ThrowIfCancellationRequested();
            IParameterSymbol current = pending.Pop();
            if (!seen.Add(current))
                continue;
            if (seen.Count > MaxParameters)
                return Blocked(Resources.Get("SL1002NoFixFar"));

            if (current.ContainingSymbol is not IMethodSymbol method
                || method.MethodKind is MethodKind.AnonymousFunction or MethodKind.DelegateInvoke
                || current.RefKind != RefKind.None
                || current.IsParams)
            {
                return Blocked(Resources.Get("SL1002NoFixLambda"));
            }

            if (StreamOriginResolver.IsCallableFromOutside(method) || index.IsTakenAsDelegate(method))
                return Blocked(Resources.Format("SL1002NoFixOutside", method.Name));
            if (StreamOriginResolver.IsCalledThroughDispatch(method))
                return Blocked(Resources.Format("SL1002NoFixDispatch", method.Name));

            if (!index.TryGetCalls(method, out IReadOnlyList<StreamOriginIndex.Call>? calls) || calls is null || calls.Count == 0)
                return Blocked(Resources.Format("SL1002NoFixNoCaller", method.Name));

            var handedOn = new List<IParameterSymbol>();
            foreach (StreamOriginIndex.Call call in calls)
            {
                string caller = call.ContainingSymbol.Name;
                IArgumentOperation? argument = ArgumentFor(call, current.Ordinal);
                if (argument is not { ArgumentKind: ArgumentKind.Explicit })
                    return Blocked(Resources.Format("SL1002NoFixNotMade", caller));

                switch (SL1001PositionAdvance.StripConversions(argument.Value))
                {
                    case IParameterReferenceOperation { Parameter: var outer } when SymbolEqualityComparer.Default.Equals(outer.Type, symbols.BinaryReader):
                        handedOn.Add(outer); // handed on from the caller's caller
                        break;
                    case ILocalReferenceOperation { Local: { RefKind: RefKind.None } local }:
                        IOperation root = LoopContext.Root(call.Operation);
                        if (SL1001PositionAdvance.SoleInitializer(root, local) is not IObjectCreationOperation creation)
                            return Blocked(Resources.Format("SL1002NoFixNotMade", caller));
                        if (IsBufferedReader(creation.Type))
                            break; // fixed already, or the user's choice
                        if (!SymbolEqualityComparer.Default.Equals(creation.Type, symbols.BinaryReader)
                            || !SymbolEqualityComparer.Default.Equals(local.Type, symbols.BinaryReader)
                            || creation.Initializer is not null)
                        {
                            return Blocked(Resources.Format("SL1002NoFixNotMade", caller));
                        }

                        if (!judged.TryGetValue(local, out ReadAheadProof.Verdict verdict))
                        {
                            verdict = ReadAheadProof.Judge(root, local, creation, symbols, helpers, options);
                            judged.Add(local, verdict);
                        }

                        switch (verdict)
                        {
                            case ReadAheadProof.Verdict.OwnedStream:
                                break;
                            case ReadAheadProof.Verdict.CallersStream:
                                overCallersStream = true;
                                break;
                            default:
                                return ReadAheadProof.ForeignCallee(root, local, symbols) is { } foreign
                                    ? Blocked(Resources.Format("SL1002NoFixOtherAssembly", foreign.Name))
                                    : Blocked(Resources.Format("SL1002NoFixVisible", caller));
                        }

                        if (!PositionReadsCanBeRewritten(root, local, creation))
                            return Blocked(Resources.Format("SL1002NoFixVisible", caller));

                        Location site = creation.Syntax.GetLocation();
                        if (!sites.Exists(known => known.Location == site))
                            sites.Add((site, caller));

                        break;
                    default:
                        return Blocked(Resources.Format("SL1002NoFixNotMade", caller));
                }
            }

            for (int i = handedOn.Count - 1; i >= 0; i--)
                pending.Push(handedOn[i]); // the first caller's caller is followed first
        }

        // In the order of the files and the text, whatever order the calls were analyzed in.
        sites.Sort((a, b) => string.CompareOrdinal(a.Location.SourceTree?.FilePath, b.Location.SourceTree?.FilePath) is var byFile && byFile != 0
            ? byFile
            : a.Location.SourceSpan.Start.CompareTo(b.Location.SourceSpan.Start));
        return new ReaderConstructionSites(
            sites.Select(site => site.Location).ToImmutableArray(), sites.Count > 0 ? sites[0].Method : null, overCallersStream, reason: null);
    }

    /// <summary>
    /// The fix also turns the maker's <c>reader.BaseStream.Position</c> reads in loops into <c>reader.Position</c>: as for
    /// SL1002's own construction diagnostic, only where each runs before the reader is disposed or closed and the
    /// declaration declares the reader alone.
    /// </summary>
    private static bool PositionReadsCanBeRewritten(IOperation root, ILocalSymbol reader, IObjectCreationOperation creation)
    {
        List<IOperation> reads = SL1002PositionReads.RewrittenReads(root, reader).ToList();
        if (reads.Count == 0)
            return true;

        IOperation value = creation;
        while (value.Parent is IConversionOperation { IsImplicit: true } conversion)
            value = conversion;

        return value.Parent is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation { Parent: IVariableDeclarationOperation { Declarators.Length: 1 } } }
            && ReadAheadProof.CanRewritePositionReads(root, creation, reader, reads);
    }

    /// <summary>Streamline.Runtime's <c>BufferedBinaryReader</c>, which the fix writes.</summary>
    public static bool IsBufferedReader(ITypeSymbol? type)
        => type is INamedTypeSymbol { Name: "BufferedBinaryReader", ContainingNamespace: { Name: "Runtime", ContainingNamespace: { Name: "Streamline", ContainingNamespace.IsGlobalNamespace: true } } };

    private static ReaderConstructionSites Blocked(string reason) => new(ImmutableArray<Location>.Empty, firstSiteMethod: null, overCallersStream: false, reason);

    /// <summary>The message's advice: the fix's sites, or why there is no fix.</summary>
    public string Advice()
    {
        if (Reason is not null)
            return Resources.Format("SL1002AdviceNoFixHere", Reason);

        string where = Sites.Length == 1 ? Resources.Format("SL1002SitesOne", FirstSiteMethod!) : Resources.Format("SL1002SitesMany", Sites.Length);
        return Resources.Format("SL1002AdviceMadeElsewhere", where);
    }

    private static IArgumentOperation? ArgumentFor(StreamOriginIndex.Call call, int ordinal)
    {
        foreach (IArgumentOperation argument in call.Arguments)
        {
            if (argument.Parameter is { } target && target.Ordinal == ordinal)
                return argument;
        }

        return null;
    }
}
