using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Rules;

namespace Streamline.CodeFixes.Rules;

/// <summary>SL1004's field names: what the set is, in the project's .editorconfig naming style for private static readonly fields.</summary>
public sealed partial class SL1004UseCachedSearchValuesCodeFix
{
    /// <summary>
    /// Named for what the set is: from the array it was read from (<c>s_invalid</c> gives <c>s_invalidSet</c>, or <c>InvalidSet</c> where .editorconfig asks for PascalCase), from its
    /// members (<c>s_whitespace</c>, <c>s_digits</c>, <c>s_separators</c>...), or from the member that searches with it
    /// (<c>s_escapeXmlSeparators</c>), whichever is free first; a number is the last resort.
    /// </summary>
    private static string ChooseName(SearchSetMatch match, bool useSearchValues, HashSet<string> taken, FieldNamingStyle naming)
    {
        string values = match.Values;
        string? kind =
            values.All(char.IsWhiteSpace) ? "whitespace"
            : values.All(c => c is >= '0' and <= '9') ? "digits"
            : values.All(c => c is >= '0' and <= '9' or >= 'a' and <= 'f' or >= 'A' and <= 'F') ? "hexDigits"
            : values.All(c => "aeiouAEIOU".IndexOf(c) >= 0) ? "vowels"
            : values.All(c => c is >= 'a' and <= 'z' or >= 'A' and <= 'Z') ? "letters"
            : values.All(c => char.IsWhiteSpace(c) || char.IsPunctuation(c) || char.IsSymbol(c)) ? "separators"
            : null;
        string kindWord = (kind ?? "chars") + (match.IsByte ? "Bytes" : string.Empty);
        if (match.IsByte && kind is null)
            kindWord = "bytes";

        var candidates = new List<string>();
        if (FromSourceField(match, naming) is { } fromField)
            candidates.Add(naming.Apply(fromField));
        if (match.SetValue is IPropertyReferenceOperation { Property.Name: { Length: > 0 } propertyName })
            candidates.Add(naming.Apply(char.ToLowerInvariant(propertyName[0]) + propertyName.Substring(1)));
        if (ArmLabel(match) is { } label)
            candidates.Add(naming.Apply(char.ToLowerInvariant(label[0]) + label.Substring(1) + char.ToUpperInvariant(kindWord[0]) + kindWord.Substring(1)));
        if (kind is not null)
            candidates.Add(naming.Apply(kindWord));
        if (ContainingMemberName(match) is { Length: >= 3 } member)
            candidates.Add(naming.Apply(char.ToLowerInvariant(member[0]) + member.Substring(1) + char.ToUpperInvariant(kindWord[0]) + kindWord.Substring(1)));

        string fallback = naming.Apply(match.IsByte
            ? (useSearchValues ? "byteSearchValues" : "byteSearchSet")
            : (useSearchValues ? "searchValues" : "searchSet"));
        candidates.Add(fallback);
        foreach (string candidate in candidates)
        {
            if (!taken.Contains(candidate))
                return candidate;
        }

        string name = candidates[0];
        for (int suffix = 2; taken.Contains(name); suffix++)
            name = candidates[0] + suffix.ToString(CultureInfo.InvariantCulture);

        return name;
    }

    // kind switch { Kind.Xml or Kind.Html => "...", Quoted => "..." }: the arm's first constant names its set
    // (s_xmlSeparators, s_quotedSeparators).
    private static string? ArmLabel(SearchSetMatch match)
    {
        SyntaxNode? value = match.SetValue.Syntax;
        while (value?.Parent is ParenthesizedExpressionSyntax parenthesized)
            value = parenthesized;

        if (value?.Parent is not SwitchExpressionArmSyntax arm || arm.Expression != value)
            return null;

        PatternSyntax pattern = arm.Pattern;
        while (pattern is BinaryPatternSyntax binary && binary.IsKind(SyntaxKind.OrPattern))
            pattern = binary.Left;

        string? label = pattern is ConstantPatternSyntax constant
            ? constant.Expression switch
            {
                MemberAccessExpressionSyntax member => member.Name.Identifier.ValueText,
                IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
                _ => null,
            }
            : null;
        return label is { Length: > 0 } && SyntaxFacts.IsValidIdentifier(label) ? label : null;
    }

    // The method, property, constructor or local function the search is written in, for a name.
    private static string? ContainingMemberName(SearchSetMatch match)
    {
        foreach (SyntaxNode node in match.Invocation.Syntax.Ancestors())
        {
            switch (node)
            {
                case LocalFunctionStatementSyntax local: return local.Identifier.ValueText;
                case MethodDeclarationSyntax method: return method.Identifier.ValueText;
                case PropertyDeclarationSyntax property: return property.Identifier.ValueText;
                case IndexerDeclarationSyntax: return "indexer";
                case ConstructorDeclarationSyntax: return "constructor";
                case OperatorDeclarationSyntax: return "operator";
                case TypeDeclarationSyntax: return null;
            }
        }

        return null;
    }

    // s_invalidChars (a char[] field) names its cached set s_invalidCharsSet.
    private static string? FromSourceField(SearchSetMatch match, FieldNamingStyle naming)
    {
        if (match.SetValue is not IFieldReferenceOperation { Field.Name: { Length: > 0 } fieldName })
            return null;

        string trimmed = naming.Strip(fieldName);
        return trimmed.Length == 0 ? null : trimmed + "Set";
    }
}
