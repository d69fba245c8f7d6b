using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>The types SL1004 looks at, resolved once per compilation. Everything but <see cref="String"/> may be absent.</summary>
internal sealed class SearchSetSymbols
{
    private SearchSetSymbols(Compilation compilation)
    {
        String = compilation.GetSpecialType(SpecialType.System_String);
        Char = compilation.GetSpecialType(SpecialType.System_Char);
        Byte = compilation.GetSpecialType(SpecialType.System_Byte);
        MemoryExtensions = TypeLookup.GetBestType(compilation, KnownNames.MemoryExtensions);
        Span = TypeLookup.GetBestType(compilation, KnownNames.Span);
        ReadOnlySpan = TypeLookup.GetBestType(compilation, KnownNames.ReadOnlySpan);
        SearchValuesOfT = TypeLookup.GetBestType(compilation, KnownNames.SearchValuesOfT);
        SearchValues = TypeLookup.GetBestType(compilation, KnownNames.SearchValues);
        CharSearchSet = TypeLookup.GetBestType(compilation, KnownNames.CharSearchSet);
        ByteSearchSet = TypeLookup.GetBestType(compilation, KnownNames.ByteSearchSet);
        IsNetStandard = compilation.GetSpecialType(SpecialType.System_Object).ContainingAssembly?.Name == "netstandard";
        FileSystem = FileSystemSymbols.Create(compilation);
    }

    /// <summary>The file-system APIs beside which a search is quiet (<see cref="FileSystemWork"/>).</summary>
    public FileSystemSymbols FileSystem { get; }

    /// <summary>The core library is <c>netstandard</c>: a library that mostly runs on .NET 8+ (not .NET Framework or Mono).</summary>
    public bool IsNetStandard { get; }

    /// <summary>The smallest set reported by default, from the runtime this compilation's code mostly runs on.</summary>
    public int DefaultMinValues => HasSearchValues
        ? SL1004UseCachedSearchValuesAnalyzer.DefaultMinValuesModern
        : IsNetStandard ? SL1004UseCachedSearchValuesAnalyzer.DefaultMinValuesNetStandard : SL1004UseCachedSearchValuesAnalyzer.DefaultMinValuesLegacy;

    public INamedTypeSymbol String { get; }
    public INamedTypeSymbol Char { get; }
    public INamedTypeSymbol Byte { get; }
    public INamedTypeSymbol? MemoryExtensions { get; }
    public INamedTypeSymbol? Span { get; }
    public INamedTypeSymbol? ReadOnlySpan { get; }
    public INamedTypeSymbol? SearchValuesOfT { get; }
    public INamedTypeSymbol? SearchValues { get; }
    public INamedTypeSymbol? CharSearchSet { get; }
    public INamedTypeSymbol? ByteSearchSet { get; }

    /// <summary>The target has <c>System.Buffers.SearchValues</c> (.NET 8 and later); CA1870 runs only then.</summary>
    public bool HasSearchValues => SearchValuesOfT is not null && SearchValues is not null && ReadOnlySpan is not null;

    public static SearchSetSymbols Create(Compilation compilation) => new(compilation);

    /// <summary>The runtime set for the element type, if the compilation references Streamline.Runtime.</summary>
    public INamedTypeSymbol? RuntimeSet(bool isByte) => isByte ? ByteSearchSet : CharSearchSet;

    /// <summary>Whether the runtime set this compilation sees has span overloads (its netstandard2.0 build has none).</summary>
    public bool RuntimeSetTakesSpans(bool isByte)
    {
        INamedTypeSymbol? set = RuntimeSet(isByte);
        if (set is null || ReadOnlySpan is null)
            return false;

        foreach (ISymbol member in set.GetMembers(KnownNames.IndexOfAny))
        {
            if (member is IMethodSymbol { Parameters.Length: 1 } method
                && SymbolEqualityComparer.Default.Equals(method.Parameters[0].Type.OriginalDefinition, ReadOnlySpan))
            {
                return true;
            }
        }

        return false;
    }
}

/// <summary>A call SL1004 can rewrite: a search for any of a constant set of characters or bytes.</summary>
internal sealed class SearchSetMatch
{
    public SearchSetMatch(
        IInvocationOperation invocation,
        bool isStringMethod,
        bool isByte,
        IOperation receiver,
        IArgumentOperation valuesArgument,
        ImmutableArray<IArgumentOperation> rangeArguments,
        string values,
        int distinctCount,
        bool ca1870Reports)
    {
        Invocation = invocation;
        IsStringMethod = isStringMethod;
        IsByte = isByte;
        Receiver = receiver;
        ValuesArgument = valuesArgument;
        RangeArguments = rangeArguments;
        Values = values;
        DistinctCount = distinctCount;
        Ca1870Reports = ca1870Reports;
    }

    public IInvocationOperation Invocation { get; }

    /// <summary><c>string.IndexOfAny(char[]...)</c>/<c>LastIndexOfAny</c>; otherwise a <c>MemoryExtensions</c> span search.</summary>
    public bool IsStringMethod { get; }

    public bool IsByte { get; }

    /// <summary>The text searched: the string instance, or the span argument as written (before any conversion).</summary>
    public IOperation Receiver { get; }

    public IArgumentOperation ValuesArgument { get; }

    /// <summary><c>startIndex</c> and <c>count</c> of the string overloads, in parameter order.</summary>
    public ImmutableArray<IArgumentOperation> RangeArguments { get; }

    /// <summary>The set's members without duplicates, in source order; bytes are stored as U+0000..U+00FF.</summary>
    public string Values { get; }

    public int DistinctCount { get; }

    /// <summary>Whether CA1870, in its default configuration, reports this call (then SL1004 stays quiet).</summary>
    public bool Ca1870Reports { get; }

    /// <summary>The set as written (the values argument without its conversions, or one arm of a choice of sets).</summary>
    public IOperation SetValue => _arm ?? Unwrap(ValuesArgument.Value);

    private IOperation? _arm;

    /// <summary>The same call, seen through one arm of <c>cond ? A : B</c>: its set and its value.</summary>
    public SearchSetMatch WithArm(IOperation arm, string values)
        => new(Invocation, IsStringMethod, IsByte, Receiver, ValuesArgument, RangeArguments, values, values.Length, Ca1870Reports) { _arm = Unwrap(arm) };

    private static IOperation Unwrap(IOperation value)
    {
        while (value is IConversionOperation conversion)
            value = conversion.Operand;

        return value;
    }

    /// <summary>The receiver is a span already (not a string or array converted to one by the language).</summary>
    public bool ReceiverIsSpan(SearchSetSymbols symbols)
        => Receiver.Type is INamedTypeSymbol type
            && (SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, symbols.Span)
                || SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, symbols.ReadOnlySpan));
}
