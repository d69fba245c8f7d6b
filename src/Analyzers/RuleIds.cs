namespace Streamline.Analyzers;

/// <summary>The registry of Streamline's diagnostic ids. No other file spells an id.</summary>
internal static class RuleIds
{
    public const string InvalidOption = "SL0001";
    /// <summary>Reported by Streamline.Generator (GeneratorDescriptors), which spells it once more; a test keeps the two equal.</summary>
    public const string RuntimeTypeUnavailable = "SL0002";
    public const string SeekInsteadOfPositionAdvance = "SL1001";
    public const string BufferSmallBinaryReads = "SL1002";
    public const string CountLinesWithoutMaterializing = "SL1003";
    public const string UseCachedSearchValues = "SL1004";
    public const string SliceInsteadOfRange = "SL1005";
    public const string StreamLengthInLoop = "SL1006";
    public const string BufferSingleByteReads = "SL1007";

    // The suggestion siblings of SL1001, SL1002, SL1006 and SL1007: the same pattern on weaker evidence (Evidence/TieredRule).
    public const string SeekInsteadOfPositionAdvanceSuggestion = "SL1101";
    public const string BufferSmallBinaryReadsSuggestion = "SL1102";
    public const string StreamLengthInLoopSuggestion = "SL1106";
    public const string BufferSingleByteReadsSuggestion = "SL1107";

    /// <summary>The warning id whose suggestion sibling <paramref name="id"/> is (SL1102 gives SL1002), else <paramref name="id"/>.</summary>
    public static string WarningIdOf(string id) => id switch
    {
        SeekInsteadOfPositionAdvanceSuggestion => SeekInsteadOfPositionAdvance,
        BufferSmallBinaryReadsSuggestion => BufferSmallBinaryReads,
        StreamLengthInLoopSuggestion => StreamLengthInLoop,
        BufferSingleByteReadsSuggestion => BufferSingleByteReads,
        _ => id,
    };
}
