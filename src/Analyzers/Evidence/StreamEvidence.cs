using Streamline.Analyzers.Flow;

namespace Streamline.Analyzers.Evidence;

/// <summary>What the stream behind a reported read is, as far as the compilation proves it: the second question each
/// tier asks.</summary>
internal enum StreamEvidence
{
    /// <summary>Every origin is made in this compilation and costs on every pass: a file, a decompressor, a network or
    /// pipe stream, a stream type of the project's own (which origins count is the rule's: a FileStream buffers
    /// <c>ReadByte</c>, so SL1007 does not count files).</summary>
    Costly,

    /// <summary>In memory (or otherwise cheap for the rule) on every path: the rules do not report these.</summary>
    Cheap,

    /// <summary>Costly on some paths, cheap on others: a helper called with a file here and a <c>MemoryStream</c> there.</summary>
    Mixed,

    /// <summary>From outside the compilation on some path: a public method's parameter, a library call's result.</summary>
    Unseen,
}

internal static class StreamEvidenceOf
{
    /// <summary>The evidence <paramref name="origin"/> gives, where <paramref name="costly"/> are the origins that cost
    /// the rule's pattern something on every pass.</summary>
    public static StreamEvidence Origin(StreamOrigin origin, StreamOrigin costly)
    {
        origin &= ~StreamOrigin.Deferred;
        if ((origin & StreamOrigin.Unseen) != 0)
            return StreamEvidence.Unseen;
        if ((origin & costly) == 0)
            return StreamEvidence.Cheap;
        return (origin & ~costly) != 0 ? StreamEvidence.Mixed : StreamEvidence.Costly;
    }
}
