using System.Reflection;

namespace Streamline;

/// <summary>
/// Help links to the rule pages at the commit that was built, not of the main branch and not of a version tag, which
/// releases do not get. One file, compiled into the analyzers and into the generator (neither references the other).
/// </summary>
internal static class HelpLinks
{
    public const string Repository = "https://github.com/streamline-analyzers/streamline";

    public static string For(Assembly assembly, string id)
        => Repository + "/blob/" + SourceRef(assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion) + "/docs/rules/" + id + ".md";

    /// <summary>The commit SourceLink records, which the SDK appends to the informational version (<c>0.1.0+&lt;commit&gt;</c>,
    /// or <c>.&lt;commit&gt;</c> after a version that has build metadata already); <c>main</c> for a build outside git.</summary>
    public static string SourceRef(string? informationalVersion)
    {
        int plus = informationalVersion?.IndexOf('+') ?? -1;
        if (plus < 0)
            return "main";
        string metadata = informationalVersion!.Substring(plus + 1);
        string commit = metadata.Substring(metadata.LastIndexOf('.') + 1);
        if (commit.Length != 40)
            return "main";
        foreach (char c in commit)
        {
            if (!(c is >= '0' and <= '9' or >= 'a' and <= 'f'))
                return "main";
        }

        return commit;
    }
}
