namespace Streamline.Analyzers.Evidence;

/// <summary>
/// Each tiered id's precision on the real-code parts no rule was tuned on (docs/real-world.md, "Tiers": the holdout, the
/// fresh part and the new part, 59 projects, scored at the tiers' first commit), in CodeQL's words: <c>very-high</c>
/// (0.95 or more), <c>high</c> (0.9 or more), <c>medium</c> (0.5 or more), <c>low</c> (below). An id with fewer than
/// five diagnostics there has no measure worth the name and says so: <c>unmeasured</c>. Every diagnostic carries its
/// id's value as the <c>precision</c> property (SARIF: <c>properties.customProperties.precision</c> of each result).
/// </summary>
internal static class MeasuredPrecision
{
    /// <summary>No SL1001 diagnostic on those parts (SL1001 reports on .NET Framework targets; they were compiled as net8.0).</summary>
    public const string SL1001 = "unmeasured";

    public const string SL1101 = "unmeasured";

    /// <summary>No SL1002 warning on those parts: every true positive there reads a caller's stream or a count the data gives.</summary>
    public const string SL1002 = "unmeasured";

    /// <summary>63 of 116 (0.54).</summary>
    public const string SL1102 = "medium";

    /// <summary>No SL1006 warning on those parts.</summary>
    public const string SL1006 = "unmeasured";

    /// <summary>5 of 19 (0.26).</summary>
    public const string SL1106 = "low";

    /// <summary>One SL1007 warning on those parts (a false positive).</summary>
    public const string SL1007 = "unmeasured";

    /// <summary>14 of 20 (0.70).</summary>
    public const string SL1107 = "medium";
}
