namespace Streamline.Analyzers.Tests.Verifiers;

/// <summary>The evidence a tiered rule's message ends with (Evidence/TieredRule.Describe), built from the same
/// resources: how the passes grow, then what the stream is.</summary>
internal static class EvidenceText
{
    public const string Length = "EvidenceGrowthLength";
    public const string Count = "EvidenceGrowthCount";
    public const string Few = "EvidenceGrowthFew";

    public static string Costly(string growth, string origin) => Resources.Get(growth) + ", " + string.Format(System.Globalization.CultureInfo.InvariantCulture, Resources.Get("EvidenceStreamCostly"), origin);

    public static string OfType(string growth, string type) => Resources.Get(growth) + ", " + string.Format(System.Globalization.CultureInfo.InvariantCulture, Resources.Get("EvidenceStreamType"), type);

    public static string Mixed(string growth) => Resources.Get(growth) + ", " + Resources.Get("EvidenceStreamMixed");

    public static string Unseen(string growth) => Resources.Get(growth) + ", " + Resources.Get("EvidenceStreamUnseen");
}
