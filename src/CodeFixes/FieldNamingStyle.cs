using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Streamline.CodeFixes;

/// <summary>
/// How the project names a <c>private static readonly</c> field, read from the .editorconfig naming rules
/// (<c>dotnet_naming_rule.*</c>, <c>dotnet_naming_symbols.*</c>, <c>dotnet_naming_style.*</c>) the way the IDE reads
/// them; without a rule that applies, dotnet/runtime's <c>s_camelCase</c>, the house style.
/// </summary>
internal sealed class FieldNamingStyle
{
    private const string RulePrefix = "dotnet_naming_rule.";

    /// <summary>dotnet/runtime's style for static fields: <c>s_</c> and camelCase.</summary>
    public static FieldNamingStyle Default { get; } = new("s_", string.Empty, string.Empty, Capitalization.CamelCase);

    private readonly string _prefix;
    private readonly string _suffix;
    private readonly string _wordSeparator;
    private readonly Capitalization _capitalization;

    private FieldNamingStyle(string prefix, string suffix, string wordSeparator, Capitalization capitalization)
    {
        _prefix = prefix;
        _suffix = suffix;
        _wordSeparator = wordSeparator;
        _capitalization = capitalization;
    }

    private enum Capitalization
    {
        PascalCase,
        CamelCase,
        FirstWordUpper,
        AllUpper,
        AllLower,
    }

    /// <summary>The style of the first naming rule, in the IDE's order, whose symbols include a private static readonly field.</summary>
    public static FieldNamingStyle ForPrivateStaticReadonlyField(AnalyzerOptions options, SyntaxTree tree)
    {
        AnalyzerConfigOptions config = options.AnalyzerConfigOptionsProvider.GetOptions(tree);
        IEnumerable<string> keys;
        try
        {
            keys = config.Keys;
        }
        catch (NotImplementedException)
        {
            return Default; // a provider that cannot list its keys
        }

        var rules = new List<(int Accessibilities, int Modifiers, int Kinds, string Name, string Style)>();
        foreach (string key in keys)
        {
            if (!key.StartsWith(RulePrefix, StringComparison.OrdinalIgnoreCase) || !key.EndsWith(".symbols", StringComparison.OrdinalIgnoreCase))
                continue;

            string rule = key.Substring(RulePrefix.Length, key.Length - RulePrefix.Length - ".symbols".Length);
            if (!config.TryGetValue(key, out string? symbols)
                || !config.TryGetValue(RulePrefix + rule + ".style", out string? style)
                || config.TryGetValue(RulePrefix + rule + ".severity", out string? severity) && IsNone(severity))
            {
                continue;
            }

            List<string> kinds = List(config, "dotnet_naming_symbols." + symbols + ".applicable_kinds", "*");
            List<string> accessibilities = List(config, "dotnet_naming_symbols." + symbols + ".applicable_accessibilities", "*");
            List<string> modifiers = List(config, "dotnet_naming_symbols." + symbols + ".required_modifiers", null);
            if (!(kinds.Contains("*") || kinds.Contains("field"))
                || !(accessibilities.Contains("*") || accessibilities.Contains("private"))
                || modifiers.Any(modifier => modifier is not ("static" or "shared" or "readonly")))
            {
                continue;
            }

            // The IDE orders rules by how specific they are: accessibilities, then modifiers, then symbol kinds.
            rules.Add((accessibilities.Contains("*") ? int.MaxValue : accessibilities.Count, -modifiers.Count, kinds.Contains("*") ? int.MaxValue : kinds.Count, rule, style));
        }

        foreach (var rule in rules.OrderBy(r => r.Accessibilities).ThenBy(r => r.Modifiers).ThenBy(r => r.Kinds).ThenBy(r => r.Name, StringComparer.Ordinal))
        {
            if (TryReadStyle(config, rule.Style, out FieldNamingStyle? namingStyle))
                return namingStyle;
        }

        return Default;
    }

    /// <summary><paramref name="camelCaseName"/> (<c>escapeXmlSeparators</c>) written in this style.</summary>
    public string Apply(string camelCaseName)
    {
        List<string> words = Words(camelCaseName);
        var builder = new StringBuilder(_prefix);
        for (int i = 0; i < words.Count; i++)
        {
            if (i > 0)
                builder.Append(_wordSeparator);
            string word = words[i];
            bool upperFirst = _capitalization switch
            {
                Capitalization.PascalCase => true,
                Capitalization.CamelCase => i > 0,
                Capitalization.FirstWordUpper => i == 0,
                _ => false,
            };
            builder.Append(_capitalization switch
            {
                Capitalization.AllUpper => word.ToUpperInvariant(),
                Capitalization.AllLower => word.ToLowerInvariant(),
                Capitalization.FirstWordUpper when i > 0 => word.ToLowerInvariant(),
                _ => (upperFirst ? char.ToUpperInvariant(word[0]) : char.ToLowerInvariant(word[0])) + word.Substring(1),
            });
        }

        return builder.Append(_suffix).ToString();
    }

    /// <summary>A field name without this style's prefix and suffix, or an <c>s_</c> or <c>_</c> prefix, in camelCase.</summary>
    public string Strip(string fieldName)
    {
        string name = fieldName;
        if (_prefix.Length > 0 && name.StartsWith(_prefix, StringComparison.Ordinal))
            name = name.Substring(_prefix.Length);
        else if (name.StartsWith("s_", StringComparison.Ordinal))
            name = name.Substring(2);
        if (_suffix.Length > 0 && name.EndsWith(_suffix, StringComparison.Ordinal) && name.Length > _suffix.Length)
            name = name.Substring(0, name.Length - _suffix.Length);
        name = name.TrimStart('_');
        if (_wordSeparator.Length > 0)
            name = string.Concat(name.Split(new[] { _wordSeparator }, StringSplitOptions.RemoveEmptyEntries).Select((word, i) => i == 0 ? word : char.ToUpperInvariant(word[0]) + word.Substring(1)));
        return name.Length == 0 ? name : char.ToLowerInvariant(name[0]) + name.Substring(1);
    }

    private static bool TryReadStyle(AnalyzerConfigOptions config, string style, out FieldNamingStyle namingStyle)
    {
        string key = "dotnet_naming_style." + style + ".";
        config.TryGetValue(key + "required_prefix", out string? prefix);
        config.TryGetValue(key + "required_suffix", out string? suffix);
        config.TryGetValue(key + "word_separator", out string? separator);
        Capitalization? capitalization = config.TryGetValue(key + "capitalization", out string? text) ? text.Trim().ToLowerInvariant() switch
        {
            "pascal_case" => Capitalization.PascalCase,
            "camel_case" => Capitalization.CamelCase,
            "first_word_upper" => Capitalization.FirstWordUpper,
            "all_upper" => Capitalization.AllUpper,
            "all_lower" => Capitalization.AllLower,
            _ => null,
        } : null;
        namingStyle = new FieldNamingStyle(prefix?.Trim() ?? string.Empty, suffix?.Trim() ?? string.Empty, separator?.Trim() ?? string.Empty, capitalization ?? Capitalization.PascalCase);
        return capitalization is not null || prefix is not null || suffix is not null;
    }

    private static List<string> List(AnalyzerConfigOptions config, string key, string? absent)
    {
        if (!config.TryGetValue(key, out string? value))
            return absent is null ? new List<string>() : new List<string> { absent };
        return value.Split(',').Select(part => part.Trim().ToLowerInvariant()).Where(part => part.Length != 0).ToList();
    }

    private static bool IsNone(string severity) => severity.Trim().Split(':')[0].Trim().Equals("none", StringComparison.OrdinalIgnoreCase);

    /// <summary><c>escapeXmlSeparators</c> gives escape, Xml, Separators.</summary>
    private static List<string> Words(string camelCaseName)
    {
        var words = new List<string>();
        int start = 0;
        for (int i = 1; i <= camelCaseName.Length; i++)
        {
            if (i == camelCaseName.Length || char.IsUpper(camelCaseName[i]) && !char.IsUpper(camelCaseName[i - 1]))
            {
                words.Add(camelCaseName.Substring(start, i - start));
                start = i;
            }
        }

        return words.Where(word => word.Length != 0).ToList();
    }
}
