using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>The symbols SL1003 needs, resolved once per compilation.</summary>
internal sealed class LineCountSymbols
{
    private LineCountSymbols(INamedTypeSymbol file, INamedTypeSymbol? enumerable, INamedTypeSymbol array)
    {
        File = file;
        Enumerable = enumerable;
        Array = array;
    }

    public INamedTypeSymbol File { get; }

    public INamedTypeSymbol? Enumerable { get; }

    public INamedTypeSymbol Array { get; }

    public static bool TryCreate(Compilation compilation, [NotNullWhen(true)] out LineCountSymbols? symbols)
    {
        INamedTypeSymbol? file = TypeLookup.GetBestType(compilation, KnownNames.File);
        if (file is null)
        {
            symbols = null;
            return false;
        }

        symbols = new LineCountSymbols(
            file,
            TypeLookup.GetBestType(compilation, KnownNames.Enumerable),
            compilation.GetSpecialType(SpecialType.System_Array));
        return true;
    }
}

internal enum LineCountShape
{
    /// <summary><c>File.ReadAllLines(p).Length</c>, <c>File.ReadLines(p).Count()</c>, <c>(await File.ReadAllLinesAsync(p)).Length</c>.</summary>
    Chain,

    /// <summary><c>string[] lines = File.ReadAllLines(p);</c> whose every use is <c>lines.Length</c> or <c>lines.Count()</c>.</summary>
    Local,
}

/// <summary>One place where a file's lines are read only to be counted.</summary>
internal sealed class LineCountMatch
{
    public LineCountMatch(
        LineCountShape shape,
        IInvocationOperation read,
        IInvocationOperation? configureAwait,
        IAwaitOperation? awaitOperation,
        IOperation reported,
        bool? isLong,
        ILocalSymbol? local,
        ImmutableArray<IOperation> localUses)
    {
        Shape = shape;
        Read = read;
        ConfigureAwait = configureAwait;
        Await = awaitOperation;
        Reported = reported;
        IsLong = isLong;
        Local = local;
        LocalUses = localUses;
    }

    public LineCountShape Shape { get; }

    /// <summary>The <c>File.ReadAllLines</c>, <c>ReadLines</c> or <c>ReadAllLinesAsync</c> call.</summary>
    public IInvocationOperation Read { get; }

    public IInvocationOperation? ConfigureAwait { get; }

    public IAwaitOperation? Await { get; }

    /// <summary>The operation the diagnostic is reported on, and that a chain fix replaces.</summary>
    public IOperation Reported { get; }

    /// <summary>Whether the count is a <see cref="long"/>; null where a local's uses mix int and long.</summary>
    public bool? IsLong { get; }

    public ILocalSymbol? Local { get; }

    /// <summary>For <see cref="LineCountShape.Local"/>: each use, the whole <c>lines.Length</c> or <c>lines.Count()</c>.</summary>
    public ImmutableArray<IOperation> LocalUses { get; }

    public bool IsAsync => Await is not null;
}

/// <summary>
/// Recognises the shapes SL1003 flags, starting from the call that reads the lines:
/// <code>
/// File.ReadAllLines(p).Length          File.ReadAllLines(p, enc).LongLength
/// File.ReadAllLines(p).Count()         File.ReadLines(p).LongCount()
/// (await File.ReadAllLinesAsync(p, ct)).Length
/// (await File.ReadAllLinesAsync(p).ConfigureAwait(false)).Count()
/// string[] lines = File.ReadAllLines(p); ... lines.Length ... lines.Count() ...
/// </code>
/// </summary>
internal static class LineCountPattern
{
    public static bool TryMatch(IInvocationOperation read, LineCountSymbols symbols, [NotNullWhen(true)] out LineCountMatch? match)
    {
        match = null;
        IMethodSymbol method = read.TargetMethod;
        string name = method.Name;
        bool isReadAllLines = name == KnownNames.ReadAllLines;
        bool isReadLines = name == KnownNames.ReadLines;
        bool isAsync = name == KnownNames.ReadAllLinesAsync;
        if (!isReadAllLines && !isReadLines && !isAsync)
            return false;

        if (!SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.File))
            return false;

        // The path, optionally the encoding, and for the async form the token: exactly the shapes LineCounter mirrors.
        if (!HasSupportedParameters(method, isAsync))
            return false;

        IOperation value = read;
        IInvocationOperation? configureAwait = null;
        IAwaitOperation? awaitOperation = null;
        if (isAsync)
        {
            if (read.Parent is IInvocationOperation { TargetMethod.Name: KnownNames.ConfigureAwait } configure
                && configure.Instance == read)
            {
                configureAwait = configure;
                value = configure;
            }

            if (value.Parent is not IAwaitOperation awaited)
                return false;

            awaitOperation = awaited;
            value = awaited;
        }

        IOperation? parent = value.Parent;
        if (TryMatchCount(value, symbols, allowArrayLength: !isReadLines, out IOperation? consumer, out bool isLong))
        {
            match = new LineCountMatch(LineCountShape.Chain, read, configureAwait, awaitOperation, consumer, isLong, null, ImmutableArray<IOperation>.Empty);
            return true;
        }

        // string[] lines = File.ReadAllLines(p);  var lines = await File.ReadAllLinesAsync(p);
        if (!isReadLines
            && parent is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }
            && declarator.Symbol is { RefKind: RefKind.None } local)
        {
            return TryMatchLocal(read, configureAwait, awaitOperation, value, declarator, local, symbols, out match);
        }

        return false;
    }

    private static bool HasSupportedParameters(IMethodSymbol method, bool isAsync)
    {
        var parameters = method.Parameters;
        int count = parameters.Length;
        if (isAsync)
        {
            // (string path, CancellationToken) or (string path, Encoding encoding, CancellationToken)
            return count is 2 or 3 && parameters[0].Type.SpecialType == SpecialType.System_String;
        }

        return count is 1 or 2 && parameters[0].Type.SpecialType == SpecialType.System_String;
    }

    /// <summary>Matches <c>value.Length</c>, <c>value.LongLength</c>, <c>value.Count()</c> and <c>value.LongCount()</c>.</summary>
    private static bool TryMatchCount(
        IOperation value,
        LineCountSymbols symbols,
        bool allowArrayLength,
        [NotNullWhen(true)] out IOperation? consumer,
        out bool isLong)
    {
        consumer = null;
        isLong = false;
        IOperation? parent = value.Parent;
        if (parent is IPropertyReferenceOperation propertyReference)
        {
            if (!allowArrayLength || propertyReference.Instance != value)
                return false;

            IPropertySymbol property = propertyReference.Property;
            if (!SymbolEqualityComparer.Default.Equals(property.ContainingType, symbols.Array))
                return false;

            if (property.Name == KnownNames.Length)
            {
                consumer = propertyReference;
                return true;
            }

            if (property.Name == KnownNames.LongLength)
            {
                consumer = propertyReference;
                isLong = true;
                return true;
            }

            return false;
        }

        // Count() is an extension method: the receiver is its first argument, converted to IEnumerable<string>.
        if (parent is IConversionOperation { IsImplicit: true } conversion)
            parent = conversion.Parent;

        if (parent is IArgumentOperation { Parent: IInvocationOperation invocation }
            && invocation.Arguments.Length == 1
            && invocation.Instance is null
            && symbols.Enumerable is not null
            && SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ContainingType, symbols.Enumerable))
        {
            string name = invocation.TargetMethod.Name;
            if (name == KnownNames.Count)
            {
                consumer = invocation;
                return true;
            }

            if (name == KnownNames.LongCount)
            {
                consumer = invocation;
                isLong = true;
                return true;
            }
        }

        return false;
    }

    private static bool TryMatchLocal(
        IInvocationOperation read,
        IInvocationOperation? configureAwait,
        IAwaitOperation? awaitOperation,
        IOperation value,
        IVariableDeclaratorOperation declarator,
        ILocalSymbol local,
        LineCountSymbols symbols,
        [NotNullWhen(true)] out LineCountMatch? match)
    {
        match = null;
        IOperation root = declarator;
        while (root.Parent is not null)
            root = root.Parent;

        var uses = ImmutableArray.CreateBuilder<IOperation>();
        bool anyInt = false;
        bool anyLong = false;
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is not ILocalReferenceOperation reference
                || !SymbolEqualityComparer.Default.Equals(reference.Local, local))
            {
                continue;
            }

            // Every use must only read the count: lines.Length, lines.LongLength, lines.Count(), lines.LongCount().
            if (!TryMatchCount(reference, symbols, allowArrayLength: true, out IOperation? consumer, out bool isLong))
                return false;

            uses.Add(consumer);
            anyLong |= isLong;
            anyInt |= !isLong;
        }

        if (uses.Count == 0)
            return false;

        bool? resultIsLong = anyInt && anyLong ? null : anyLong;
        match = new LineCountMatch(LineCountShape.Local, read, configureAwait, awaitOperation, value, resultIsLong, local, uses.ToImmutable());
        return true;
    }
}
