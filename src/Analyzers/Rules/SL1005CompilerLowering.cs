using System;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// Knows whether the compiler that runs SL1005 lowers <c>x[start..]</c> to <c>x.Slice(start)</c> (Roslyn 5.9 and
/// later, dotnet/roslyn#82729) or to the slower <c>x.Slice(start, x.Length - start)</c> (every compiler before it).
/// </summary>
/// <remarks>
/// The analyzer runs inside the compiler, so the compiler is the Roslyn assembly that loaded us. It is probed once per
/// process: the change added <c>WellKnownMember.System_Span_T__Slice_Int</c>, so that internal enum member says which
/// lowering this compiler has even for versions no one measured (5.1 to 5.8). Where the enum cannot be read, the
/// assembly version decides, against the first version measured to emit <c>Slice(start)</c>.
/// </remarks>
internal static class SL1005CompilerLowering
{
    /// <summary>The editorconfig key that overrides the probe: <c>streamline.SL1005.assume_compiler_version = 4.8</c>.</summary>
    public const string AssumeCompilerVersionKey = "streamline.SL1005.assume_compiler_version";

    /// <summary>The first compiler version measured to lower <c>x[start..]</c> to <c>Slice(start)</c> (5.0.0 does not).</summary>
    public static readonly Version FirstVersionEmittingSliceStart = new(5, 9);

    private const string WellKnownMemberType = "Microsoft.CodeAnalysis.WellKnownMember";
    private const string SliceStartMember = "System_Span_T__Slice_Int";

    /// <summary>Whether the compiler hosting this analyzer already emits <c>Slice(start)</c>; probed once.</summary>
    public static bool HostEmitsSliceStart { get; } = EmitsSliceStart(typeof(Compilation).Assembly);

    /// <summary>Probes a Roslyn <c>Microsoft.CodeAnalysis</c> assembly; see the type's remarks.</summary>
    internal static bool EmitsSliceStart(Assembly compilerAssembly)
    {
        try
        {
            Type? wellKnownMember = compilerAssembly.GetType(WellKnownMemberType, throwOnError: false);
            if (wellKnownMember is { IsEnum: true })
                return Array.IndexOf(Enum.GetNames(wellKnownMember), SliceStartMember) >= 0;
        }
        catch (Exception exception) when (exception is TypeLoadException or NotSupportedException or MemberAccessException)
        {
            // Fall back to the version below.
        }

        Version? version = compilerAssembly.GetName().Version;
        return version is not null && EmitsSliceStart(version);
    }

    /// <summary>Whether a compiler of this version emits <c>Slice(start)</c>, as far as was measured.</summary>
    public static bool EmitsSliceStart(Version compilerVersion) => compilerVersion >= FirstVersionEmittingSliceStart;

    /// <summary>
    /// Whether <paramref name="tree"/> is compiled by a compiler that emits the slower two-argument form: the
    /// <see cref="AssumeCompilerVersionKey"/> option when set to a version, else the hosting compiler.
    /// </summary>
    public static bool EmitsSlowerForm(AnalyzerOptions options, SyntaxTree tree)
    {
        if (options.AnalyzerConfigOptionsProvider.GetOptions(tree).TryGetValue(AssumeCompilerVersionKey, out string? value)
            && TryParseVersion(value, out Version? assumed))
        {
            return !EmitsSliceStart(assumed);
        }

        return !HostEmitsSliceStart;
    }

    internal static bool TryParseVersion(string? value, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out Version? version)
    {
        version = null;
        if (value is null)
            return false;

        string text = value.Trim();
        if (Version.TryParse(text, out Version? parsed))
        {
            version = parsed;
            return true;
        }

        if (int.TryParse(text, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out int major))
        {
            version = new Version(major, 0);
            return true;
        }

        return false;
    }
}
