namespace Streamline.Analyzers.Evidence;

/// <summary>
/// Each tiered id's precision on the real-code parts no rule was tuned on (docs/real-world.md, "Tiers"), in CodeQL's
/// words: <c>very-high</c> (0.95 or more), <c>high</c> (0.9 or more), <c>medium</c> (0.5 or more), <c>low</c>. SARIF
/// carries it on every result (<c>properties.precision</c>). A tier with fewer than five diagnostics there has no
/// measure worth the name and says so: <c>unmeasured</c>.
/// </summary>
internal static class MeasuredPrecision
{
    public const string SL1001 = "unmeasured";
    public const string SL1101 = "unmeasured";
    public const string SL1002 = "unmeasured";
    public const string SL1102 = "unmeasured";
    public const string SL1006 = "unmeasured";
    public const string SL1106 = "unmeasured";
    public const string SL1007 = "unmeasured";
    public const string SL1107 = "unmeasured";
}
