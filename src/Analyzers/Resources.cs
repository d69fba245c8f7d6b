using System.Resources;

namespace Streamline.Analyzers;

/// <summary>The texts of every rule (titles, messages, descriptions, fix titles), read from <c>Resources.resx</c>.</summary>
internal static class Resources
{
    public static ResourceManager ResourceManager { get; } = new("Streamline.Analyzers.Resources", typeof(Resources).Assembly);

    public static string Get(string name) => ResourceManager.GetString(name) ?? name;

    /// <summary>The text <paramref name="name"/> with its placeholders filled (invariant culture).</summary>
    public static string Format(string name, params object[] arguments)
        => string.Format(System.Globalization.CultureInfo.InvariantCulture, Get(name), arguments);
}
