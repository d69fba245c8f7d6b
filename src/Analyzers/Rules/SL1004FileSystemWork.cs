using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>The <c>System.IO</c> types whose calls go to the file system, resolved once per compilation.</summary>
internal sealed class FileSystemSymbols
{
    private FileSystemSymbols(Compilation compilation)
    {
        File = TypeLookup.GetBestType(compilation, KnownNames.File);
        Directory = TypeLookup.GetBestType(compilation, KnownNames.Directory);
        FileSystemInfo = TypeLookup.GetBestType(compilation, KnownNames.FileSystemInfo);
        FileStream = TypeLookup.GetBestType(compilation, KnownNames.FileStream);
        StreamReader = TypeLookup.GetBestType(compilation, KnownNames.StreamReader);
        StreamWriter = TypeLookup.GetBestType(compilation, KnownNames.StreamWriter);
        Path = TypeLookup.GetBestType(compilation, KnownNames.Path);
    }

    public INamedTypeSymbol? File { get; }
    public INamedTypeSymbol? Directory { get; }
    public INamedTypeSymbol? FileSystemInfo { get; }
    public INamedTypeSymbol? FileStream { get; }
    public INamedTypeSymbol? StreamReader { get; }
    public INamedTypeSymbol? StreamWriter { get; }
    public INamedTypeSymbol? Path { get; }

    public static FileSystemSymbols Create(Compilation compilation) => new(compilation);

    /// <summary>
    /// The calls that reach the file system (or resolve a path for it) every time they run:
    /// <code>
    /// File.Exists(path) / File.Open(...) / Directory.CreateDirectory(...)    // every member of File and Directory
    /// new FileInfo(path) / info.Length / dir.EnumerateFiles()                   // FileSystemInfo and its subclasses
    /// new FileStream(path, ...) / new StreamReader(path) / new StreamWriter(path, ...)
    /// Path.GetFullPath(path) / Path.GetTempFileName()
    /// </code>
    /// Not <c>Path.Combine</c>, <c>Path.GetFileName</c> and the other string-only members of <c>Path</c>.
    /// </summary>
    public bool IsFileSystemCall(IMethodSymbol method)
    {
        INamedTypeSymbol? type = method.ContainingType;
        if (type is null)
            return false;

        if (Is(type, File) || Is(type, Directory) || DerivesFrom(type, FileSystemInfo))
            return true;

        if (method.MethodKind == MethodKind.Constructor)
        {
            if (DerivesFrom(type, FileStream))
                return true;

            // new StreamReader(string path, ...) / new StreamWriter(string path, ...); not the ones over a Stream.
            if ((Is(type, StreamReader) || Is(type, StreamWriter))
                && method.Parameters.Length > 0
                && method.Parameters[0].Type.SpecialType == SpecialType.System_String)
            {
                return true;
            }

            return false;
        }

        return Is(type, Path) && method.Name is KnownNames.GetFullPath or KnownNames.GetTempFileName;
    }

    private static bool Is(INamedTypeSymbol type, INamedTypeSymbol? expected)
        => expected is not null && SymbolEqualityComparer.Default.Equals(type, expected);

    private static bool DerivesFrom(INamedTypeSymbol type, INamedTypeSymbol? expected)
    {
        if (expected is null)
            return false;

        for (INamedTypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, expected))
                return true;
        }

        return false;
    }
}

/// <summary>
/// Where a search's cost is dwarfed by file-system work done on the same pass: the search runs at most as often as a
/// call that goes to the file system. Measured with <c>eng/SL1004Sizes filesystem</c> (docs/rules/SL1004.md): caching a
/// 12-value set saves 31 ns per search of a 74-character path on .NET 10 and 80 ns on Mono, against 1.2 µs and 2.4 µs
/// for <c>File.Exists</c> and 5 µs and 15 µs for opening the file: 3% or less of the pass. So SL1004 stays quiet when
/// the loop that runs the search on every pass (or, outside any loop, the method) also calls the file system. A search
/// in a loop with the file-system call outside it (read a file, then search each line) is still reported.
/// <code>
/// string Clean(string name) { if (name.IndexOfAny(s_escapes) &gt;= 0) ...; return Path.GetFullPath(name); }   // quiet
/// foreach (string line in File.ReadLines(path)) n += line.IndexOfAny(s_escapes);                 // reported
/// </code>
/// </summary>
internal static class FileSystemWork
{
    public static bool IsBesideFileSystemWork(IOperation search, FileSystemSymbols symbols)
    {
        IOperation? scope = SearchScope(search);
        if (scope is null)
            return false;

        var pending = new Stack<IOperation>();
        foreach (IOperation child in PassChildren(scope))
            pending.Push(child);

        while (pending.Count > 0)
        {
            IOperation operation = pending.Pop();
            switch (operation)
            {
                // A lambda or local function runs when (and as often as) someone calls it: not counted.
                case IAnonymousFunctionOperation or ILocalFunctionOperation:
                    continue;
                case IInvocationOperation invocation when symbols.IsFileSystemCall(invocation.TargetMethod):
                    return true;
                case IObjectCreationOperation { Constructor: { } constructor } when symbols.IsFileSystemCall(constructor):
                    return true;
                case IPropertyReferenceOperation property
                    when property.Property.GetMethod is { } getter && symbols.IsFileSystemCall(getter):
                    return true;
            }

            foreach (IOperation child in operation.Children)
            {
                if (child is not null)
                    pending.Push(child);
            }
        }

        return false;
    }

    /// <summary>
    /// The innermost loop that runs <paramref name="search"/> on every pass (not a <c>foreach</c> collection or a
    /// <c>for</c> initializer), or the outermost operation of its method, lambda or local function.
    /// </summary>
    private static IOperation? SearchScope(IOperation search)
    {
        IOperation child = search;
        for (IOperation? current = search.Parent; current is not null; child = current, current = current.Parent)
        {
            switch (current)
            {
                case IForEachLoopOperation loop when child != loop.Collection:
                    return loop;
                case IForLoopOperation loop when !loop.Before.Contains(child):
                    return loop;
                case ILoopOperation loop and not (IForEachLoopOperation or IForLoopOperation):
                    return loop;
                case IAnonymousFunctionOperation or ILocalFunctionOperation:
                    return current;
            }

            if (current.Parent is null)
                return current;
        }

        return null;
    }

    // The parts of a scope that run on every pass: a foreach's collection and a for's initializers run once.
    private static IEnumerable<IOperation> PassChildren(IOperation scope)
    {
        foreach (IOperation child in scope.Children)
        {
            if (child is null
                || (scope is IForEachLoopOperation forEach && child == forEach.Collection)
                || (scope is IForLoopOperation forLoop && forLoop.Before.Contains(child)))
            {
                continue;
            }

            yield return child;
        }
    }
}
