using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Streamline.Analyzers.Flow;

namespace Streamline.Analyzers.Evidence;

/// <summary>
/// One rule's two ids and how a diagnostic picks one (issue 31, "warn on proof, suggest on suspicion"):
/// <list type="bullet">
/// <item>the warning id (SL1001, SL1002, SL1006, SL1007) where the passes grow with the data's length
/// (<see cref="PassGrowth.DataLength"/>) and every origin of the stream is a costly one made in this compilation
/// (<see cref="StreamEvidence.Costly"/>);</item>
/// <item>the sibling id (SL1101, SL1102, SL1106, SL1107), a suggestion, for the same pattern on weaker evidence: a count
/// the data gives, a stream that is in memory on some path, or one from outside the compilation.</item>
/// </list>
/// Both carry the same properties, so the same code fix and Fix All serve them, and the message's last argument says
/// which evidence there was.
/// </summary>
internal sealed class TieredRule
{
    /// <summary>Diagnostic property: the tier, <c>warning</c> or <c>suggestion</c> (also in SARIF, with the id's measured precision).</summary>
    public const string TierProperty = "tier";

    /// <summary>Diagnostic property: the id's precision measured on the real-code parts no rule was tuned on, in CodeQL's
    /// words (<c>very-high</c>, <c>high</c>, <c>medium</c>, <c>low</c>): see docs/real-world.md.</summary>
    public const string PrecisionProperty = "precision";

    private readonly ImmutableDictionary<string, string> _warningProperties;
    private readonly ImmutableDictionary<string, string> _suggestionProperties;

    public TieredRule(
        DiagnosticDescriptor warning, DiagnosticDescriptor warningAtEnd, DiagnosticDescriptor suggestion, DiagnosticDescriptor suggestionAtEnd,
        StreamOrigin costly, string warningPrecision, string suggestionPrecision)
    {
        Costly = costly;
        Warning = warning;
        WarningAtEnd = warningAtEnd;
        Suggestion = suggestion;
        SuggestionAtEnd = suggestionAtEnd;
        _warningProperties = ImmutableDictionary<string, string>.Empty.Add(TierProperty, "warning").Add(PrecisionProperty, warningPrecision);
        _suggestionProperties = ImmutableDictionary<string, string>.Empty.Add(TierProperty, "suggestion").Add(PrecisionProperty, suggestionPrecision);
    }

    /// <summary>The origins that cost the rule's pattern something on every pass.</summary>
    public StreamOrigin Costly { get; }

    public DiagnosticDescriptor Warning { get; }

    public DiagnosticDescriptor WarningAtEnd { get; }

    public DiagnosticDescriptor Suggestion { get; }

    public DiagnosticDescriptor SuggestionAtEnd { get; }

    /// <summary>Whether the evidence earns the warning.</summary>
    public static bool IsWarning(PassGrowth growth, StreamEvidence stream)
        => growth == PassGrowth.DataLength && stream == StreamEvidence.Costly;

    /// <summary>
    /// The diagnostic for a read whose loops grow as <paramref name="growth"/> says, over a stream of
    /// <paramref name="origin"/> (or, where the stream's static type proves its cost, <paramref name="provenType"/>); the
    /// evidence is appended to <paramref name="arguments"/> as the message's last argument.
    /// </summary>
    public Diagnostic Create(
        bool atCompilationEnd, PassGrowth growth, StreamOrigin origin, Location location, IEnumerable<Location>? additionalLocations,
        ImmutableDictionary<string, string> properties, object[] arguments, string? provenType = null)
    {
        StreamEvidence stream = provenType is null ? StreamEvidenceOf.Origin(origin, Costly) : StreamEvidence.Costly;
        bool warning = IsWarning(growth, stream);
        DiagnosticDescriptor descriptor = (warning, atCompilationEnd) switch
        {
            (true, false) => Warning,
            (true, true) => WarningAtEnd,
            (false, false) => Suggestion,
            (false, true) => SuggestionAtEnd,
        };
        var all = new object[arguments.Length + 1];
        arguments.CopyTo(all, 0);
        all[arguments.Length] = Describe(growth, stream, origin, provenType);
        foreach (KeyValuePair<string, string> pair in warning ? _warningProperties : _suggestionProperties)
            properties = properties.SetItem(pair.Key, pair.Value);

        return Diagnostic.Create(descriptor, location, additionalLocations, properties, all);
    }

    /// <summary>The evidence in words: how the passes grow, then what the stream is.</summary>
    public string Describe(PassGrowth growth, StreamEvidence stream, StreamOrigin origin, string? provenType)
    {
        string passes = growth switch
        {
            PassGrowth.DataLength => Resources.Get("EvidenceGrowthLength"),
            PassGrowth.DataCount => Resources.Get("EvidenceGrowthCount"),
            _ => Resources.Get("EvidenceGrowthFew"),
        };
        string what = stream switch
        {
            StreamEvidence.Costly when provenType is not null => string.Format(System.Globalization.CultureInfo.InvariantCulture, Resources.Get("EvidenceStreamType"), provenType),
            StreamEvidence.Costly => string.Format(System.Globalization.CultureInfo.InvariantCulture, Resources.Get("EvidenceStreamCostly"), StreamOrigins.Describe(origin & Costly)),
            StreamEvidence.Mixed => Resources.Get("EvidenceStreamMixed"),
            StreamEvidence.Unseen => Resources.Get("EvidenceStreamUnseen"),
            _ => Resources.Get("EvidenceStreamCheap"),
        };
        return passes + ", " + what;
    }

    /// <summary>Every evidence text a message may carry (for the message tests).</summary>
    internal IEnumerable<string> EveryDescription()
    {
        foreach (PassGrowth growth in new[] { PassGrowth.Few, PassGrowth.DataCount, PassGrowth.DataLength })
        {
            foreach (StreamEvidence stream in new[] { StreamEvidence.Costly, StreamEvidence.Cheap, StreamEvidence.Mixed, StreamEvidence.Unseen })
            {
                foreach (StreamOrigin origin in new[] { StreamOrigin.File, StreamOrigin.Decompressor, StreamOrigin.OtherStream })
                {
                    if ((origin & Costly) != 0)
                        yield return Describe(growth, stream, origin, provenType: null);
                }
            }

            yield return Describe(growth, StreamEvidence.Costly, StreamOrigin.None, "DeflateStream");
        }
    }
}
