using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Evidence;

namespace Streamline.Analyzers.Flow;

/// <summary>A diagnostic held until compilation end, when the origins of its stream can be followed through other methods.</summary>
internal sealed class PendingDiagnostic
{
    public PendingDiagnostic(
        IOperation stream, Location location, ImmutableDictionary<string, string> properties, string name, Location? additionalLocation = null, string? secondArgument = null,
        string? thirdArgument = null, PassGrowth growth = PassGrowth.DataCount)
    {
        Growth = growth;
        SecondArgument = secondArgument;
        ThirdArgument = thirdArgument;
        Stream = stream;
        Location = location;
        Properties = properties;
        Name = name;
        AdditionalLocations = additionalLocation is null ? ImmutableArray<Location>.Empty : ImmutableArray.Create(additionalLocation);
    }

    private PendingDiagnostic(PendingDiagnostic pending, ImmutableDictionary<string, string> properties, string? thirdArgument, ImmutableArray<Location> additionalLocations)
        : this(pending.Stream, pending.Location, properties, pending.Name, null, pending.SecondArgument, thirdArgument, pending.Growth)
    {
        AdditionalLocations = additionalLocations;
    }

    /// <summary>How the passes of the loops around the read grow (the tier's first question; the origins are the second).</summary>
    public PassGrowth Growth { get; }

    /// <summary>The stream or reader whose origins decide.</summary>
    public IOperation Stream { get; }

    public Location Location { get; }

    public ImmutableArray<Location> AdditionalLocations { get; }

    /// <summary>This diagnostic with other properties, message advice (the third argument) and additional locations.</summary>
    public PendingDiagnostic With(ImmutableDictionary<string, string> properties, string thirdArgument, ImmutableArray<Location> additionalLocations)
        => new(this, properties, thirdArgument, additionalLocations);

    public ImmutableDictionary<string, string> Properties { get; }

    /// <summary>The message's first argument; the second is the origin that is not in memory.</summary>
    public string Name { get; }

    /// <summary>The message's second argument where the rule's message does not name the origin (SL1001's advice).</summary>
    public string? SecondArgument { get; }

    /// <summary>The message's third argument, where the rule's message has one (SL1002's and SL1007's advice).</summary>
    public string? ThirdArgument { get; }

    /// <summary>Reports each pending diagnostic whose stream has an origin that is not in memory, in the tier its evidence
    /// earns (<see cref="TieredRule"/>); the message's second argument is the diagnostic's own, or the origin in the
    /// words of <paramref name="describe"/> (by default <see cref="StreamOrigins.Describe"/>).</summary>
    public static void ReportWhereNotInMemory(
        CompilationAnalysisContext end, ConcurrentQueue<PendingDiagnostic> pending, StreamOriginIndex index, TieredRule rule,
        StreamOrigin reportedOrigins = StreamOrigins.NotInMemory, System.Func<StreamOrigin, string>? describe = null)
    {
        if (pending.IsEmpty)
            return;

        StreamOriginResolver resolver = StreamOriginResolver.AtEnd(index);
        foreach (PendingDiagnostic diagnostic in pending)
        {
            end.CancellationToken.ThrowIfCancellationRequested();
            StreamOrigin origin = resolver.Resolve(diagnostic.Stream);
            if ((origin & reportedOrigins) == 0)
                continue;

            IEnumerable<Location>? additional = diagnostic.AdditionalLocations.IsEmpty ? null : diagnostic.AdditionalLocations;
            string second = diagnostic.SecondArgument ?? (describe ?? StreamOrigins.Describe)(origin & reportedOrigins);
            object[] arguments = diagnostic.ThirdArgument is null
                ? new object[] { diagnostic.Name, second }
                : new object[] { diagnostic.Name, second, diagnostic.ThirdArgument };
            end.ReportDiagnostic(rule.Create(atCompilationEnd: true, diagnostic.Growth, origin, diagnostic.Location, additional, diagnostic.Properties, arguments));
        }
    }
}
