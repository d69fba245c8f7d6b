using System;
using System.Collections.Immutable;
using System.Reflection;

namespace Streamline.Analyzers;

/// <summary>
/// What <c>dotnet format</c> does with a diagnostic that has no fix. Format reports every diagnostic at or above its
/// <c>--severity</c> as a change to make (its <c>--verify-no-changes</c> exits 2, "Formatted code file" is printed)
/// whether or not a code fix can make it, so a warning that only a person can act on (SL1002 over a caller's reader,
/// SL1007 over a caller's stream) would keep a format gate red for ever. Inside <c>dotnet format</c> (the process whose
/// entry assembly is <c>dotnet-format</c>) the rules leave such sites out; the build, the IDE and SARIF still report
/// them, so a CI gate on <c>dotnet build -warnaserror</c> keeps every warning and a gate on
/// <c>dotnet format --verify-no-changes</c> turns green once every fix is applied.
/// </summary>
internal static class FormatGate
{
    /// <summary>Whether this process is <c>dotnet format</c>; read once.</summary>
    public static bool InDotnetFormat { get; } = IsEntryAssembly("dotnet-format");

    /// <summary>Whether a diagnostic with these properties is left out here: inside <c>dotnet format</c>, where no fix is offered.</summary>
    public static bool LeavesOut(ImmutableDictionary<string, string> properties) => InDotnetFormat && !HasFix(properties);

    /// <summary>
    /// Whether a code fix is offered for a diagnostic with these properties: the rules say "false" in <c>CanFix</c>
    /// (SL1002, SL1006, SL1007) or "true" in neither <c>CanSeek</c> nor <c>CanUseReader</c> (SL1001) where none is.
    /// </summary>
    internal static bool HasFix(ImmutableDictionary<string, string> properties)
    {
        if (properties.TryGetValue(Rules.SL1007BufferSingleByteReadsAnalyzer.CanFixProperty, out string? canFix))
            return canFix != "false";
        if (properties.ContainsKey(Rules.SL1001SeekInsteadOfPositionAdvanceAnalyzer.CanSeekProperty) || properties.ContainsKey(Rules.SL1001SeekInsteadOfPositionAdvanceAnalyzer.CanUseReaderProperty))
            return IsTrue(properties, Rules.SL1001SeekInsteadOfPositionAdvanceAnalyzer.CanSeekProperty) || IsTrue(properties, Rules.SL1001SeekInsteadOfPositionAdvanceAnalyzer.CanUseReaderProperty);
        return true;
    }

    internal static bool IsEntryAssembly(string name)
    {
        try
        {
            return string.Equals(Assembly.GetEntryAssembly()?.GetName().Name, name, StringComparison.OrdinalIgnoreCase);
        }
        catch (Exception e) when (e is NotSupportedException or InvalidOperationException or MemberAccessException)
        {
            return false; // a host that hides its entry assembly is not dotnet format
        }
    }

    private static bool IsTrue(ImmutableDictionary<string, string> properties, string key)
        => properties.TryGetValue(key, out string? value) && value == "true";
}
