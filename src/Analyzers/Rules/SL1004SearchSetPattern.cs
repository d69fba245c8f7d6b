using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Diagnostics.CodeAnalysis;
using System.Text;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// Recognises SL1004's calls. The searches:
/// <code>
/// text.IndexOfAny(anyOf) / text.IndexOfAny(anyOf, start) / text.IndexOfAny(anyOf, start, count)   // and LastIndexOfAny
/// span.IndexOfAny(values)   // IndexOfAnyExcept, LastIndexOfAny(Except), ContainsAny(Except); char or byte spans
/// </code>
/// The constant sets:
/// <code>
/// "\t\n ,;"  or  const string Separators = "...";           // span searches
/// new[] { ' ', '\t', ... }  /  new byte[] { 9, 10, ... }      // constant elements, literals or const names
/// "\t\n ,;".ToCharArray()  /  Separators.ToCharArray()
/// s_separators   // private static readonly char[]/byte[] field, literal initializer, only ever read (never written or handed out)
/// ['a', 'b', ...]  /  cond ? s_a : s_b  /  kind switch { ... => s_a, _ => s_b }   // every element or arm constant
/// </code>
/// </summary>
internal static partial class SearchSetPattern
{
    /// <summary>CA1870 reports sets of this many values and more (any size for allocating forms).</summary>
    public const int Ca1870MinLength = 6;

    /// <summary><c>SyntaxKind.CollectionExpression</c> and <c>ExpressionElement</c> (C# 12), unknown to Roslyn 3.6.</summary>
    internal const int CollectionExpressionKind = 9076;
    internal const int ExpressionElementKind = 9077;

    /// <summary><c>SyntaxKind.Utf8StringLiteralExpression</c> (C# 11), unknown to Roslyn 3.6.</summary>
    internal const int Utf8StringLiteralExpressionKind = 8756;

    public static bool IsSearchName(string name)
        => name is KnownNames.IndexOfAny or KnownNames.LastIndexOfAny or KnownNames.IndexOfAnyExcept
            or KnownNames.LastIndexOfAnyExcept or KnownNames.ContainsAny or KnownNames.ContainsAnyExcept;

    public static bool TryMatch(
        IInvocationOperation invocation,
        SearchSetSymbols symbols,
        CancellationToken cancellationToken,
        [NotNullWhen(true)] out SearchSetMatch? match)
    {
        match = null;
        IMethodSymbol method = invocation.TargetMethod;
        if (!IsSearchName(method.Name) || invocation.Arguments.IsDefaultOrEmpty)
            return false;

        if (SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.String))
            return TryMatchString(invocation, symbols, cancellationToken, out match);

        if (symbols.MemoryExtensions is not null && SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.MemoryExtensions))
            return TryMatchSpan(invocation, symbols, cancellationToken, out match);

        return false;
    }

    // text.IndexOfAny(anyOf[, startIndex[, count]]), text.LastIndexOfAny(...)
    private static bool TryMatchString(IInvocationOperation invocation, SearchSetSymbols symbols, CancellationToken cancellationToken, out SearchSetMatch? match)
    {
        match = null;
        IMethodSymbol method = invocation.TargetMethod;
        if (method.Name is not (KnownNames.IndexOfAny or KnownNames.LastIndexOfAny)
            || method.Parameters.Length is < 1 or > 3
            || !IsArrayOf(method.Parameters[0].Type, SpecialType.System_Char)
            || invocation.Instance is null or IConditionalAccessInstanceOperation
            || invocation.Arguments.Length != method.Parameters.Length)
        {
            return false;
        }

        for (int i = 1; i < method.Parameters.Length; i++)
        {
            if (method.Parameters[i].Type.SpecialType != SpecialType.System_Int32)
                return false;
        }

        IArgumentOperation? values = null;
        var range = new IArgumentOperation[method.Parameters.Length - 1];
        foreach (IArgumentOperation argument in invocation.Arguments)
        {
            if (argument.Parameter is null || argument.ArgumentKind != ArgumentKind.Explicit)
                return false;

            if (argument.Parameter.Ordinal == 0)
                values = argument;
            else
                range[argument.Parameter.Ordinal - 1] = argument;
        }

        if (values is null || !TryGetConstantSet(values.Value, isByte: false, cancellationToken, out string? set, out int length, out bool ca1870Shape))
            return false;

        // CA1870 takes only the one-argument overloads; an allocating set at any size, a field from six values; not a
        // collection expression (it reads those only as a span's set).
        bool ca1870 = symbols.HasSearchValues
            && method.Parameters.Length == 1
            && ca1870Shape
            && values.Value.Syntax.RawKind != CollectionExpressionKind
            && (values.Value is not IFieldReferenceOperation || length >= Ca1870MinLength);

        match = new SearchSetMatch(invocation, isStringMethod: true, isByte: false, invocation.Instance, values, range.ToImmutableArray(),
            Distinct(set!), CountDistinct(set!), ca1870);
        return true;
    }

    // span.IndexOfAny(values), MemoryExtensions.ContainsAnyExcept(span, values), ... over char or byte
    private static bool TryMatchSpan(IInvocationOperation invocation, SearchSetSymbols symbols, CancellationToken cancellationToken, out SearchSetMatch? match)
    {
        match = null;
        IMethodSymbol method = invocation.TargetMethod;
        if (method.Parameters.Length != 2
            || method.TypeArguments.Length != 1
            || method.TypeArguments[0].SpecialType is not (SpecialType.System_Char or SpecialType.System_Byte)
            || symbols.ReadOnlySpan is null
            || invocation.Arguments.Length != 2)
        {
            return false;
        }

        ITypeSymbol first = method.Parameters[0].Type.OriginalDefinition;
        ITypeSymbol second = method.Parameters[1].Type.OriginalDefinition;
        if (!SymbolEqualityComparer.Default.Equals(second, symbols.ReadOnlySpan)
            || !(SymbolEqualityComparer.Default.Equals(first, symbols.ReadOnlySpan) || SymbolEqualityComparer.Default.Equals(first, symbols.Span)))
        {
            return false;
        }

        IArgumentOperation? receiver = null;
        IArgumentOperation? values = null;
        foreach (IArgumentOperation argument in invocation.Arguments)
        {
            if (argument.Parameter is null || argument.ArgumentKind != ArgumentKind.Explicit)
                return false;

            if (argument.Parameter.Ordinal == 0)
                receiver = argument;
            else
                values = argument;
        }

        if (receiver is null || values is null || receiver.Value is IConditionalAccessInstanceOperation)
            return false;

        bool isByte = method.TypeArguments[0].SpecialType == SpecialType.System_Byte;
        IOperation valuesValue = values.Value is IConversionOperation conversion ? conversion.Operand : values.Value;
        if (!TryGetConstantSet(valuesValue, isByte, cancellationToken, out string? set, out int length, out bool ca1870Shape))
            return false;

        // CA1870 on spans: everything from six values, except ToCharArray (any size); the set arrives converted to a span.
        // A ReadOnlySpan property arrives unconverted; CA1870 reads only a u8 one, from six values.
        bool ca1870 = symbols.HasSearchValues
            && ca1870Shape
            && (values.Value is IConversionOperation
                ? length >= Ca1870MinLength || valuesValue is IInvocationOperation
                : valuesValue is IPropertyReferenceOperation && length >= Ca1870MinLength);

        IOperation receiverValue = receiver.Value is IConversionOperation { IsImplicit: true } receiverConversion
            ? receiverConversion.Operand
            : receiver.Value;
        match = new SearchSetMatch(invocation, isStringMethod: false, isByte, receiverValue, values, ImmutableArray<IArgumentOperation>.Empty,
            Distinct(set!), CountDistinct(set!), ca1870);
        return true;
    }

    private static bool IsSpanType(ITypeSymbol? type)
        => type is INamedTypeSymbol { IsGenericType: true, Name: "ReadOnlySpan" or "Span", ContainingNamespace.Name: "System" };

    private static bool IsArrayOf(ITypeSymbol? type, SpecialType element)
        => type is IArrayTypeSymbol { IsSZArray: true } array && array.ElementType.SpecialType == element;

    internal static string Distinct(string values)
    {
        var seen = new HashSet<char>();
        var builder = new StringBuilder(values.Length);
        foreach (char value in values)
        {
            if (seen.Add(value))
                builder.Append(value);
        }

        return builder.ToString();
    }

    private static int CountDistinct(string values) => new HashSet<char>(values).Count;
}
