using System.Collections.Concurrent;
using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Flow;

/// <summary>
/// Where a stream or BinaryReader value comes from (<see cref="StreamOrigin"/>), followed through what the compilation
/// knows:
/// <code>
/// new BinaryReader(new MemoryStream(data))        // InMemory; over File.OpenRead(path): File
/// reader.BaseStream, new BinaryReader(s)          // the origins of reader, of s
/// Stream s = ...; s                               // every value the method gives the local
/// void Parse(BinaryReader r) { ... r ... }        // each call site's argument (an extension method's receiver too);
///                                                 // Unseen as well where the method can be called from outside
/// _reader, Reader { get; set; }                   // every value written to the field or auto-property
/// this (a BinaryReader subclass)                  // the stream handed to BinaryReader's constructor by : base(...)
/// Open(path), data.AsStream()                     // what the project's method returns; a Memory's stream: InMemory
/// </code>
/// Without an index (while a method is analyzed) the answers that need other methods come back as
/// <see cref="StreamOrigin.Deferred"/>; with one (at compilation end) they are followed, up to
/// <see cref="MaxDepth"/> steps, beyond which the origin is Unseen.
/// </summary>
internal sealed class StreamOriginResolver
{
    /// <summary>How many steps (a call site, a field write, a local's value) an origin is followed before it counts as unseen.</summary>
    private const int MaxDepth = 12;

    private readonly StreamTypes _types;
    private readonly StreamOriginIndex? _index;
    private readonly ConcurrentDictionary<ISymbol, StreamOrigin> _known = new(SymbolEqualityComparer.Default);

    private StreamOriginResolver(StreamTypes types, StreamOriginIndex? index)
    {
        _types = types;
        _index = index;
    }

    /// <summary>Answers from the method alone; what needs other methods is <see cref="StreamOrigin.Deferred"/>.</summary>
    public static StreamOriginResolver Live(StreamTypes types) => new(types, index: null);

    /// <summary>Answers from the whole compilation; to be used at compilation end only.</summary>
    public static StreamOriginResolver AtEnd(StreamOriginIndex index) => new(index.Types, index);

    public StreamOrigin Resolve(IOperation value) => Resolve(value, new HashSet<ISymbol>(SymbolEqualityComparer.Default), 0);

    private StreamOrigin Resolve(IOperation? value, HashSet<ISymbol> visiting, int depth)
    {
        if (value is null)
            return StreamOrigin.Unseen;
        if (depth > MaxDepth)
            return StreamOrigin.Unseen;

        value = Strip(value);
        if (value.ConstantValue is { HasValue: true, Value: null })
            return StreamOrigin.None;
        if (_types.IsInMemory(value.Type))
            return StreamOrigin.InMemory;
        if (_types.IsFileStream(value.Type))
            return StreamOrigin.File; // a FileStream (or a subclass) wherever it comes from
        if (value.Type is { } staticType && StreamTypes.IsDecompressor(staticType))
            return StreamOrigin.Decompressor;

        switch (value)
        {
            case IObjectCreationOperation creation:
                return OfCreation(creation, visiting, depth);
            case IInvocationOperation invocation:
                return OfInvocation(invocation, visiting, depth);
            case ILocalReferenceOperation { Local: var local }:
                return OfLocal(local, value, visiting, depth);
            case IParameterReferenceOperation { Parameter: var parameter }:
                return OfSymbol(parameter, visiting, depth, () => OfParameter(parameter, visiting, depth));
            case IPropertyReferenceOperation { Property.Name: KnownNames.BaseStream, Instance: { } reader } when _types.IsReader(reader.Type):
                return Resolve(reader, visiting, depth + 1);
            case IFieldReferenceOperation { Field: var field }:
                return OfSymbol(field, visiting, depth, () => OfMember(field, field.IsReadOnly || field.IsConst, visiting, depth));
            case IPropertyReferenceOperation { Property: { Parameters.Length: 0 } property } when IsAutoProperty(property):
                return OfSymbol(property, visiting, depth, () => OfMember(property, property.SetMethod is null || property.SetMethod.DeclaredAccessibility == Accessibility.Private, visiting, depth));
            case IInstanceReferenceOperation { Type: INamedTypeSymbol type } when _types.IsReader(type):
                return OfReaderType(type, visiting, depth);
            case IConditionalOperation { WhenFalse: { } whenFalse } conditional:
                return Resolve(conditional.WhenTrue, visiting, depth + 1) | Resolve(whenFalse, visiting, depth + 1);
            case ICoalesceOperation coalesce:
                return Resolve(coalesce.Value, visiting, depth + 1) | Resolve(coalesce.WhenNull, visiting, depth + 1);
            default:
                return StreamOrigin.Unseen;
        }
    }

    private StreamOrigin OfCreation(IObjectCreationOperation creation, HashSet<ISymbol> visiting, int depth)
    {
        ITypeSymbol? type = creation.Type;
        if (type is null)
            return StreamOrigin.Unseen;
        if (_types.IsFileStream(type))
            return StreamOrigin.File;

        if (_types.IsReader(type) || _types.IsBufferedStream(type))
        {
            // new BinaryReader(stream, ...), new StreamReader(stream), new BufferedStream(stream): the stream's origins.
            if (creation.Constructor is { } constructor && IsInSource(constructor) && type is INamedTypeSymbol readerType && _types.IsReader(type))
                return OfReaderType(readerType, visiting, depth);
            if (creation.Arguments.Length > 0 && creation.Arguments[0].Value is { } first && _types.MayHoldStream(Strip(first).Type))
                return Resolve(first, visiting, depth + 1);
            return _types.IsReader(type) ? StreamOrigin.File : StreamOrigin.Unseen; // new StreamReader(path)
        }

        if (_types.IsStream(type))
            return StreamTypes.IsDecompressor(type) ? StreamOrigin.Decompressor : StreamOrigin.OtherStream;

        return StreamOrigin.Unseen;
    }

    private StreamOrigin OfInvocation(IInvocationOperation invocation, HashSet<ISymbol> visiting, int depth)
    {
        IMethodSymbol method = invocation.TargetMethod;
        if (_types.OpensFile(method))
            return StreamOrigin.File;

        if (method.Name == "AsStream")
        {
            IOperation? receiver = invocation.Instance ?? (invocation.Arguments.Length > 0 ? invocation.Arguments[0].Value : null);
            if (receiver is not null && StreamTypes.IsBytesInMemory(Strip(receiver).Type))
                return StreamOrigin.InMemory; // data.AsMemory().AsStream() and kin: a stream over bytes in memory
        }

        if (IsInSource(method) && !IsOverridable(method))
        {
            if (_index is null)
                return StreamOrigin.Deferred;
            return OfSymbol(method, visiting, depth, () => OfReturns(method, visiting, depth));
        }

        return method.ReturnType is { } returned && StreamTypes.IsDecompressor(returned) ? StreamOrigin.Decompressor : StreamOrigin.Unseen;
    }

    private StreamOrigin OfReturns(IMethodSymbol method, HashSet<ISymbol> visiting, int depth)
    {
        if (_index!.TryGetReturns(method, out ConcurrentQueue<IOperation>? returns) is false || returns is null)
            return StreamOrigin.Unseen;

        StreamOrigin origin = StreamOrigin.None;
        foreach (IOperation value in returns)
            origin |= Resolve(value, visiting, depth + 1);
        return origin;
    }

    /// <summary>Every value the method gives the local, or Unseen where it is written by <c>ref</c> or otherwise.</summary>
    private StreamOrigin OfLocal(ILocalSymbol local, IOperation reference, HashSet<ISymbol> visiting, int depth)
    {
        if (local.RefKind != RefKind.None || !visiting.Add(local))
            return local.RefKind != RefKind.None ? StreamOrigin.Unseen : StreamOrigin.None;

        try
        {
            IOperation root = reference;
            while (root.Parent is not null)
                root = root.Parent;

            StreamOrigin origin = StreamOrigin.None;
            bool any = false;
            foreach (IOperation operation in root.Descendants())
            {
                switch (operation)
                {
                    case IVariableDeclaratorOperation declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                        if (declarator.GetVariableInitializer() is { } initializer)
                        {
                            any = true;
                            origin |= Resolve(initializer.Value, visiting, depth + 1);
                        }

                        break;
                    case ILocalReferenceOperation written when SymbolEqualityComparer.Default.Equals(written.Local, local):
                        switch (written.Parent)
                        {
                            case IAssignmentOperation assignment when assignment.Target == written:
                                any = true;
                                origin |= Resolve(assignment.Value, visiting, depth + 1);
                                break;
                            case IArgumentOperation { Parameter.RefKind: RefKind.Ref or RefKind.Out }:
                            case IDeclarationExpressionOperation:
                            case ITupleOperation:
                                return StreamOrigin.Unseen;
                        }

                        break;
                    case IForEachLoopOperation forEach when forEach.Locals.Contains(local):
                        return StreamOrigin.Unseen;
                }
            }

            return any ? origin : StreamOrigin.Unseen;
        }
        finally
        {
            visiting.Remove(local);
        }
    }

    /// <summary>
    /// A parameter: Unseen where a caller outside the compilation can pass it (a visible, virtual or delegate-taken
    /// method, a lambda); otherwise, and also then, every call site's argument.
    /// </summary>
    private StreamOrigin OfParameter(IParameterSymbol parameter, HashSet<ISymbol> visiting, int depth)
    {
        if (parameter.ContainingSymbol is not IMethodSymbol method
            || method.MethodKind is MethodKind.AnonymousFunction or MethodKind.DelegateInvoke
            || parameter.RefKind is RefKind.Ref or RefKind.Out
            || parameter.IsParams)
        {
            return StreamOrigin.Unseen;
        }

        StreamOrigin origin = IsCallableFromOutside(method) || IsCalledThroughDispatch(method)
            ? StreamOrigin.Unseen
            : StreamOrigin.None;

        if (_index is null)
            return origin == StreamOrigin.Unseen ? origin : StreamOrigin.Deferred;

        if (_index.IsTakenAsDelegate(method))
            origin |= StreamOrigin.Unseen;

        if (!_index.TryGetCalls(method, out IReadOnlyList<StreamOriginIndex.Call>? calls) || calls is null || calls.Count == 0)
            return origin | StreamOrigin.Unseen; // no caller here: called by reflection, by a test, or not at all

        int ordinal = parameter.Ordinal;
        foreach (StreamOriginIndex.Call call in calls)
        {
            IArgumentOperation? argument = null;
            foreach (IArgumentOperation candidate in call.Arguments)
            {
                if (candidate.Parameter is { } target && target.Ordinal == ordinal)
                {
                    argument = candidate;
                    break;
                }
            }

            // Every call site, also after a file: a rule for which a file is no reason to report (SL1007: a FileStream
            // buffers ReadByte) needs to know whether another caller passes something else.
            origin |= argument is { ArgumentKind: ArgumentKind.Explicit } ? Resolve(argument.Value, visiting, depth + 1) : StreamOrigin.Unseen;
        }

        return origin;
    }

    /// <summary>A field or auto-property: every value written to it, and Unseen where code outside may write it.</summary>
    private StreamOrigin OfMember(ISymbol member, bool writtenOnlyHere, HashSet<ISymbol> visiting, int depth)
    {
        if (!IsInSource(member))
            return StreamOrigin.Unseen;

        StreamOrigin origin = writtenOnlyHere || !IsVisibleOutside(member) ? StreamOrigin.None : StreamOrigin.Unseen;
        if (_index is null)
            return origin == StreamOrigin.Unseen ? origin : StreamOrigin.Deferred;

        if (!_index.TryGetWrites(member, out ConcurrentQueue<IOperation?>? writes) || writes is null || writes.IsEmpty)
            return origin | StreamOrigin.Unseen;

        foreach (IOperation? value in writes)
            origin |= Resolve(value, visiting, depth + 1);
        return origin;
    }

    /// <summary><c>this</c> of a BinaryReader subclass, or a new one: the stream each of its constructors hands to the base.</summary>
    private StreamOrigin OfReaderType(INamedTypeSymbol type, HashSet<ISymbol> visiting, int depth)
    {
        if (!IsInSource(type))
            return StreamOrigin.Unseen;
        if (_index is null)
            return StreamOrigin.Deferred;

        return OfSymbol(type, visiting, depth, () =>
        {
            StreamOrigin origin = StreamOrigin.None;
            bool any = false;
            foreach (StreamOriginIndex.Call call in _index.BaseConstructorCalls(type))
            {
                any = true;
                if (call.Arguments.Length > 0 && call.Arguments[0].Value is { } first && _types.MayHoldStream(Strip(first).Type))
                    origin |= Resolve(first, visiting, depth + 1);
                else
                    origin |= StreamOrigin.Unseen;
            }

            return any ? origin : StreamOrigin.Unseen;
        });
    }

    /// <summary>Follows a symbol once per question (a cycle adds nothing), keeping answers found without a cycle.</summary>
    private StreamOrigin OfSymbol(ISymbol symbol, HashSet<ISymbol> visiting, int depth, System.Func<StreamOrigin> compute)
    {
        if (_known.TryGetValue(symbol, out StreamOrigin known))
            return known;
        if (!visiting.Add(symbol))
            return StreamOrigin.None;

        StreamOrigin origin;
        try
        {
            origin = compute();
        }
        finally
        {
            visiting.Remove(symbol);
        }

        if (visiting.Count == 0 && (origin & StreamOrigin.Deferred) == 0)
            _known.TryAdd(symbol, origin);
        return origin;
    }

    private static bool IsAutoProperty(IPropertySymbol property)
    {
        if (property.IsAbstract || property.IsVirtual || property.IsOverride || property.DeclaringSyntaxReferences.Length == 0)
            return false;

        foreach (ISymbol member in property.ContainingType.GetMembers())
        {
            if (member is IFieldSymbol { IsImplicitlyDeclared: true } field && SymbolEqualityComparer.Default.Equals(field.AssociatedSymbol, property))
                return true;
        }

        return false;
    }

    private static bool IsInSource(ISymbol symbol) => symbol.Locations.Length > 0 && symbol.Locations[0].IsInSource;

    private static bool IsOverridable(IMethodSymbol method)
        => (method.IsVirtual || method.IsAbstract || method.IsOverride) && !method.IsSealed && method.ContainingType is { IsSealed: false };

    private static bool ImplementsInterface(IMethodSymbol method)
    {
        if (!method.ExplicitInterfaceImplementations.IsEmpty)
            return true;
        if (method.DeclaredAccessibility != Accessibility.Public)
            return false;

        foreach (INamedTypeSymbol @interface in method.ContainingType.AllInterfaces)
        {
            foreach (ISymbol member in @interface.GetMembers(method.Name))
            {
                if (SymbolEqualityComparer.Default.Equals(method.ContainingType.FindImplementationForInterfaceMember(member), method))
                    return true;
            }
        }

        return false;
    }

    /// <summary>Whether calls may reach the method through a base or interface member: overridable, an override, or an
    /// interface's implementation (the index records such calls under the member called, not under this method).</summary>
    public static bool IsCalledThroughDispatch(IMethodSymbol method)
        => IsOverridable(method) || method.IsOverride || ImplementsInterface(method);

    /// <summary>Whether code outside the compilation can call the method: it and every type around it are public or protected.</summary>
    public static bool IsCallableFromOutside(IMethodSymbol method)
        => method.MethodKind is not (MethodKind.LocalFunction or MethodKind.AnonymousFunction) && IsVisibleOutside(method);

    private static bool IsVisibleOutside(ISymbol symbol)
    {
        for (ISymbol? current = symbol; current is not null and not INamespaceSymbol; current = current.ContainingSymbol)
        {
            switch (current.DeclaredAccessibility)
            {
                case Accessibility.Public:
                case Accessibility.Protected:
                case Accessibility.ProtectedOrInternal:
                    continue;
                default:
                    return false;
            }
        }

        return true;
    }

    private static IOperation Strip(IOperation operation)
    {
        while (true)
        {
            switch (operation)
            {
                case IConversionOperation { OperatorMethod: null } conversion:
                    operation = conversion.Operand;
                    continue;
                case IParenthesizedOperation parenthesized:
                    operation = parenthesized.Operand;
                    continue;
                default:
                    return operation;
            }
        }
    }
}
