using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Flow;

/// <summary>
/// What the compilation hands to the streams and readers it passes around, gathered while it is analyzed and read at
/// compilation end (<see cref="StreamOriginResolver"/>): the call sites of each method that takes a stream or reader
/// (constructor initializers and extension-method receivers included), the values written to each field or
/// auto-property of such a type, the values each method returning one returns, and the methods taken as delegates.
/// <para>
/// Only operations whose types can hold a stream are kept, so the cost while typing is one type test per invocation,
/// creation, assignment and return.
/// </para>
/// </summary>
internal sealed class StreamOriginIndex
{
    private readonly ConcurrentDictionary<ISymbol, ConcurrentQueue<Call>> _calls = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<ISymbol, ConcurrentQueue<IOperation?>> _writes = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<ISymbol, ConcurrentQueue<IOperation>> _returns = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<ISymbol, bool> _delegates = new(SymbolEqualityComparer.Default);

    private readonly Compilation _compilation;

    /// <summary>Looks nothing up yet (see <see cref="PerCompilation{T}"/>): the compilation's assembly and the stream
    /// types are taken on first use.</summary>
    public StreamOriginIndex(Compilation compilation)
    {
        _compilation = compilation;
        Types = new StreamTypes(compilation);
    }

    public StreamTypes Types { get; }

    /// <summary>A call of a method, with the member it sits in (for a constructor initializer, the constructor).</summary>
    public readonly struct Call
    {
        public Call(IOperation operation, ImmutableArray<IArgumentOperation> arguments, ISymbol containingSymbol)
        {
            Operation = operation;
            Arguments = arguments;
            ContainingSymbol = containingSymbol;
        }

        public IOperation Operation { get; }

        public ImmutableArray<IArgumentOperation> Arguments { get; }

        public ISymbol ContainingSymbol { get; }
    }

    /// <summary>Registers the operation actions that fill the index.</summary>
    public void Register(CompilationStartAnalysisContext start)
    {
        start.RegisterOperationAction(OnInvocation, OperationKind.Invocation);
        start.RegisterOperationAction(OnCreation, OperationKind.ObjectCreation);
        start.RegisterOperationAction(OnAssignment, OperationKind.SimpleAssignment, OperationKind.CoalesceAssignment);
        start.RegisterOperationAction(OnInitializer, OperationKind.FieldInitializer, OperationKind.PropertyInitializer);
        start.RegisterOperationAction(OnReturn, OperationKind.Return);
        start.RegisterOperationAction(OnMethodReference, OperationKind.MethodReference);
    }

    /// <summary>The recorded calls of <paramref name="method"/>, in source order (the compilation's tree order, then
    /// position), not in the order concurrent analysis recorded them: a message that names the first caller met names
    /// the same one in every run.</summary>
    public bool TryGetCalls(IMethodSymbol method, out IReadOnlyList<Call>? calls)
    {
        calls = null;
        if (!_calls.TryGetValue(method.OriginalDefinition, out ConcurrentQueue<Call>? recorded))
            return false;

        var list = new List<Call>(recorded);
        if (list.Count > 1)
        {
            Dictionary<SyntaxTree, int> trees = TreeOrder();
            list.Sort((a, b) => Order(a.Operation.Syntax, trees).CompareTo(Order(b.Operation.Syntax, trees)));
        }

        calls = list;
        return true;
    }

    /// <summary>Every recorded call, of every method (read at compilation end).</summary>
    public IEnumerable<Call> AllCalls()
    {
        foreach (KeyValuePair<ISymbol, ConcurrentQueue<Call>> calls in _calls)
        {
            foreach (Call call in calls.Value)
                yield return call;
        }
    }

    /// <summary>The values written to a field or auto-property; a null entry is a write the index cannot follow (a <c>ref</c>).</summary>
    public bool TryGetWrites(ISymbol member, out ConcurrentQueue<IOperation?>? writes) => _writes.TryGetValue(member.OriginalDefinition, out writes);

    public bool TryGetReturns(IMethodSymbol method, out ConcurrentQueue<IOperation>? returns) => _returns.TryGetValue(method.OriginalDefinition, out returns);

    private static (int Tree, int Start) Order(SyntaxNode node, Dictionary<SyntaxTree, int> trees)
        => (trees.TryGetValue(node.SyntaxTree, out int tree) ? tree : int.MaxValue, node.SpanStart);

    private Dictionary<SyntaxTree, int>? _treeOrder;

    // The compilation's trees in its own (deterministic) order, numbered once.
    private Dictionary<SyntaxTree, int> TreeOrder()
    {
        Dictionary<SyntaxTree, int>? order = System.Threading.Volatile.Read(ref _treeOrder);
        if (order is null)
        {
            order = new Dictionary<SyntaxTree, int>();
            foreach (SyntaxTree tree in _compilation.SyntaxTrees)
                order[tree] = order.Count;
            System.Threading.Volatile.Write(ref _treeOrder, order);
        }

        return order;
    }

    public bool IsTakenAsDelegate(IMethodSymbol method) => _delegates.ContainsKey(method.OriginalDefinition);

    /// <summary>Every recorded call of a constructor of <paramref name="type"/>'s base type made from one of its own
    /// constructors (<c>: base(...)</c>).</summary>
    public IEnumerable<Call> BaseConstructorCalls(INamedTypeSymbol type)
    {
        if (type.BaseType is not { } baseType)
            yield break;

        foreach (IMethodSymbol constructor in baseType.InstanceConstructors)
        {
            if (!_calls.TryGetValue(constructor.OriginalDefinition, out ConcurrentQueue<Call>? calls))
                continue;

            foreach (Call call in calls)
            {
                if (call.Operation is IInvocationOperation
                    && call.ContainingSymbol is IMethodSymbol { MethodKind: MethodKind.Constructor } caller
                    && SymbolEqualityComparer.Default.Equals(caller.ContainingType.OriginalDefinition, type.OriginalDefinition))
                {
                    yield return call;
                }
            }
        }
    }

    private void OnInvocation(OperationAnalysisContext context)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (IsOwn(invocation.TargetMethod) || invocation.TargetMethod.MethodKind == MethodKind.Constructor && TakesStream(invocation.TargetMethod))
            Add(_calls, invocation.TargetMethod.OriginalDefinition, new Call(invocation, invocation.Arguments, context.ContainingSymbol));
    }

    private void OnCreation(OperationAnalysisContext context)
    {
        var creation = (IObjectCreationOperation)context.Operation;
        if (creation.Constructor is { } constructor && IsOwn(constructor))
            Add(_calls, constructor.OriginalDefinition, new Call(creation, creation.Arguments, context.ContainingSymbol));
    }

    private void OnAssignment(OperationAnalysisContext context)
    {
        var assignment = (IAssignmentOperation)context.Operation;
        if (Member(assignment.Target) is { } member && OwnSource.IsOwn(member, _compilation.Assembly) && Types.MayHoldStream(member.Type()))
            Add(_writes, member.OriginalDefinition, (IOperation?)assignment.Value);
    }

    private void OnInitializer(OperationAnalysisContext context)
    {
        var initializer = (ISymbolInitializerOperation)context.Operation;
        ImmutableArray<ISymbol> members = initializer switch
        {
            IFieldInitializerOperation field => ImmutableArray<ISymbol>.CastUp(field.InitializedFields),
            IPropertyInitializerOperation property => ImmutableArray<ISymbol>.CastUp(property.InitializedProperties),
            _ => default,
        };
        if (members.IsDefault)
            return;

        foreach (ISymbol member in members)
        {
            if (Types.MayHoldStream(member.Type()))
                Add(_writes, member.OriginalDefinition, (IOperation?)initializer.Value);
        }
    }

    private void OnReturn(OperationAnalysisContext context)
    {
        var operation = (IReturnOperation)context.Operation;
        if (operation.Kind == OperationKind.Return
            && operation.ReturnedValue is { } value
            && context.ContainingSymbol is IMethodSymbol method
            && Types.MayHoldStream(method.ReturnType))
        {
            Add(_returns, method.OriginalDefinition, value);
        }
    }

    private void OnMethodReference(OperationAnalysisContext context)
    {
        var reference = (IMethodReferenceOperation)context.Operation;
        if (IsOwn(reference.Method))
            _delegates.TryAdd(reference.Method.OriginalDefinition, true);
    }

    /// <summary>A method of this compilation that takes a stream or reader: the only calls an origin is followed through
    /// (a constructor initializer's call of a library base constructor, such as BinaryReader's, is kept as well).</summary>
    private bool IsOwn(IMethodSymbol method)
        => OwnSource.IsOwn(method, _compilation.Assembly) && TakesStream(method);

    private bool TakesStream(IMethodSymbol method)
    {
        foreach (IParameterSymbol parameter in method.Parameters)
        {
            if (Types.MayHoldStream(parameter.Type))
                return true;
        }

        return false;
    }

    /// <summary>The field, or the property without parameters, an assignment writes; a <c>ref</c> argument write is not followed.</summary>
    private static ISymbol? Member(IOperation target) => target switch
    {
        IFieldReferenceOperation field => field.Field,
        IPropertyReferenceOperation { Arguments.Length: 0 } property => property.Property,
        _ => null,
    };

    private static void Add<T>(ConcurrentDictionary<ISymbol, ConcurrentQueue<T>> map, ISymbol key, T value)
        => map.GetOrAdd(key, static _ => new ConcurrentQueue<T>()).Enqueue(value);
}

internal static class SymbolTypeExtensions
{
    /// <summary>The type of a field, property, local or parameter; null for other symbols.</summary>
    public static ITypeSymbol? Type(this ISymbol symbol) => symbol switch
    {
        IFieldSymbol field => field.Type,
        IPropertySymbol property => property.Type,
        ILocalSymbol local => local.Type,
        IParameterSymbol parameter => parameter.Type,
        _ => null,
    };
}
