using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Rules;

namespace Streamline.Analyzers.Evidence;

/// <summary>
/// A counted loop that reads fixed-size values from a reader the method does not make, which SL1002's fix wraps in
/// <c>BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass)</c> (the runtime reads the loop's bytes ahead only
/// where it can put the stream back, and puts it back when the loop ends):
/// <code>
/// for (int i = 0; i &lt; count; i++)
///     values[i] = new Pair(reader.ReadUInt16(), reader.ReadInt32());   // 6 bytes a pass
/// </code>
/// The loop's shape makes the fix safe whatever the counts say; they only size the read. It must read the reader
/// nowhere but in fixed-size reads made on every pass, and run no code that could use the stream meanwhile: only
/// arithmetic, stores, <c>List&lt;T&gt;.Add</c> and the like, and constructors that only store their arguments.
/// </summary>
internal readonly struct CountedReadLoop
{
    /// <summary>Streamline.Runtime's <c>BufferedBinaryReader.MinReadAhead</c>: fewer bytes are read through the
    /// caller's reader.</summary>
    public const int MinReadAhead = 64;

    private CountedReadLoop(ILoopOperation loop, IOperation count, int bytesPerPass, ImmutableArray<IInvocationOperation> reads, IPropertyReferenceOperation? position)
    {
        Loop = loop;
        Count = count;
        BytesPerPass = bytesPerPass;
        Reads = reads;
        Position = position;
    }

    /// <summary>A <c>for</c> loop, or (where <see cref="Position"/> is set) a <c>while</c> loop.</summary>
    public ILoopOperation Loop { get; }

    /// <summary>The loop's bound (<c>count</c> in <c>i &lt; count</c>, <c>end</c> in
    /// <c>reader.BaseStream.Position &lt; end</c>), evaluated once more by the fix.</summary>
    public IOperation Count { get; }

    /// <summary><c>reader.BaseStream.Position</c> in the condition of a loop that reads up to a position
    /// (<c>while (reader.BaseStream.Position &lt; end)</c>), which the fix asks of the scope instead; null for a counted
    /// loop.</summary>
    public IPropertyReferenceOperation? Position { get; }

    public int BytesPerPass { get; }

    /// <summary>The reads the fix sends through the scope's reader.</summary>
    public ImmutableArray<IInvocationOperation> Reads { get; }

    /// <summary>Every loop under <paramref name="root"/> that reads <paramref name="reader"/> and the fix can take,
    /// outermost first; none where the compilation has a <c>BinaryReader</c> type of its own (its readers may read
    /// otherwise, and the runtime would pass them through: no faster).</summary>
    public static List<CountedReadLoop> In(IOperation root, ISymbol reader, BinaryReadSymbols symbols)
    {
        var found = new List<CountedReadLoop>();
        if (symbols.HasOwnReaderType)
            return found;

        foreach (IOperation operation in root.Descendants())
        {
            CountedReadLoop match = default;
            if ((operation is IForLoopOperation loop && TryMatch(loop, reader, symbols, out match)
                    || operation is IWhileLoopOperation whileLoop && TryMatchUntil(whileLoop, reader, symbols, out match))
                && !found.Exists(outer => IsInside(match.Loop, outer.Loop)))
            {
                found.Add(match); // a loop inside one already taken is read through the outer loop's scope
            }
        }

        return found;
    }

    private static bool IsInside(IOperation inner, IOperation outer)
    {
        for (IOperation? current = inner.Parent; current is not null; current = current.Parent)
        {
            if (current == outer)
                return true;
        }

        return false;
    }

    /// <summary>
    /// Whether <paramref name="loop"/> is <c>while (reader.BaseStream.Position &lt; end)</c> over a bound the fix may
    /// evaluate once more, whose body reads <paramref name="reader"/> only in reads the scope has (fixed-size values
    /// and <c>ReadBytes</c>), on any pass, in branches and inner loops too, and runs nothing else that could reach a
    /// stream. The bytes read ahead are those up to <c>end</c>, whatever the body reads.
    /// </summary>
    public static bool TryMatchUntil(IWhileLoopOperation loop, ISymbol reader, BinaryReadSymbols symbols, out CountedReadLoop match)
    {
        match = default;
        if (!loop.ConditionIsTop
            || loop.ConditionIsUntil
            || loop.Condition is not IBinaryOperation { OperatorKind: BinaryOperatorKind.LessThan, OperatorMethod: null } condition
            || condition.LeftOperand is not IPropertyReferenceOperation { Property.Name: "Position", Instance: { } baseStream } position
            || condition.RightOperand.Type?.SpecialType != SpecialType.System_Int64 // compared as long: the end converts to ReadAheadUntil's long
            || position.Property.ContainingType?.Name != "Stream"
            || LoopContext.Strip(baseStream) is not IPropertyReferenceOperation { Property.Name: "BaseStream", Instance: { } instance } baseStreamProperty
            || !SymbolEqualityComparer.Default.Equals(baseStreamProperty.Property.ContainingType, symbols.BinaryReader)
            || !IsReaderReference(LoopContext.Strip(instance), reader)
            || LoopContext.Strip(condition.RightOperand) is not { } end
            || !IsPureBound(end, symbols))
        {
            return false;
        }

        var reads = ImmutableArray.CreateBuilder<IInvocationOperation>();
        foreach (IOperation operation in loop.Body.DescendantsAndSelf())
        {
            if (IsReaderReference(operation, reader))
            {
                if (operation.Parent is not IInvocationOperation read
                    || read.Instance != operation
                    || !SymbolEqualityComparer.Default.Equals(read.TargetMethod.ContainingType, symbols.BinaryReader)
                    || !(read.Arguments.Length == 0 && SizeOf(read.TargetMethod.Name) is not null
                        || read.Arguments.Length == 1 && read.TargetMethod.Name == "ReadBytes"))
                {
                    return false;
                }

                reads.Add(read);
                continue;
            }

            if (operation is IInvocationOperation { Instance: { } invoked } && IsReaderReference(invoked, reader))
                continue; // judged as its receiver's use, above

            if (!IsQuiet(operation, reader, symbols) && !IsQuietFlow(operation, symbols) && !IsYieldToAMaterializer(operation, symbols))
                return false;
        }

        if (reads.Count == 0)
            return false;

        match = new CountedReadLoop(loop, end, 1, reads.ToImmutable(), position);
        return true;
    }

    /// <summary>Branches, switches, inner loops and leaving the loop or the method: where they go decides only how many
    /// bytes the loop takes, which the scope gives whatever they are, and the fix's <c>using</c> puts the stream back
    /// on every way out. Their conditions and values are judged as any other operation.</summary>
    private static bool IsQuietFlow(IOperation operation, BinaryReadSymbols symbols) => operation switch
    {
        IConditionalOperation or IBranchOperation or ISwitchOperation or ISwitchCaseOperation or IDefaultCaseClauseOperation
            or ISingleValueCaseClauseOperation or IForLoopOperation or IWhileLoopOperation => true,
        IReturnOperation { Kind: OperationKind.Return or OperationKind.YieldBreak } returned => !symbols.MayHoldStream(returned.ReturnedValue?.Type),
        _ => false,
    };

    /// <summary>
    /// A <c>yield return</c> of an iterator whose every use in the compilation is a call handed straight to
    /// <c>Enumerable.ToArray</c> or <c>ToList</c>: between two values only that library code runs, and it disposes
    /// the iterator (and so the fix's scope, which puts the stream back) when it stops, also on an exception. A private
    /// method, so that its uses are all in its type.
    /// </summary>
    private static bool IsYieldToAMaterializer(IOperation operation, BinaryReadSymbols symbols)
    {
        if (operation is not IReturnOperation { Kind: OperationKind.YieldReturn } yielded
            || symbols.MayHoldStream(yielded.ReturnedValue?.Type)
            || yielded.SemanticModel is not { } model
            || model.GetEnclosingSymbol(yielded.Syntax.SpanStart) is not IMethodSymbol
            {
                MethodKind: MethodKind.Ordinary, DeclaredAccessibility: Accessibility.Private, IsAbstract: false, IsVirtual: false,
            } iterator
            || iterator.ReturnType is not INamedTypeSymbol { Name: "IEnumerable", Arity: 1 })
        {
            return false;
        }

        int calls = 0;
        foreach (SyntaxReference declaration in iterator.ContainingType.DeclaringSyntaxReferences)
        {
            SemanticModel typeModel = declaration.SyntaxTree == model.SyntaxTree ? model : model.Compilation.GetSemanticModel(declaration.SyntaxTree);
            foreach (SyntaxNode node in declaration.GetSyntax().DescendantNodes())
            {
                if (node is not SimpleNameSyntax name || name.Identifier.ValueText != iterator.Name
                    || !SymbolEqualityComparer.Default.Equals(typeModel.GetSymbolInfo(name).Symbol?.OriginalDefinition, iterator.OriginalDefinition))
                {
                    continue;
                }

                // M(...).ToArray() or this.M(...).ToArray(): the call is the receiver of Enumerable.ToArray or ToList.
                SyntaxNode callee = name.Parent is MemberAccessExpressionSyntax { Name: var member } access && member == name ? access : name;
                if (callee.Parent is not InvocationExpressionSyntax call
                    || call.Parent is not MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ToArray" or "ToList" } materialize
                    || materialize.Expression != call
                    || materialize.Parent is not InvocationExpressionSyntax materialized
                    || typeModel.GetSymbolInfo(materialized).Symbol is not IMethodSymbol { ContainingType: { Name: "Enumerable" } enumerable }
                    || !IsInNamespace(enumerable, "System", "Linq"))
                {
                    return false;
                }

                calls++;
            }
        }

        return calls > 0;
    }

    /// <summary>Whether <paramref name="loop"/> is <c>for (T i = 0; i &lt; count; i++)</c> over a bound the fix may
    /// evaluate once more, whose body reads <paramref name="reader"/> only in fixed-size reads on every pass and runs
    /// nothing else that could reach a stream.</summary>
    public static bool TryMatch(IForLoopOperation loop, ISymbol reader, BinaryReadSymbols symbols, out CountedReadLoop match)
    {
        match = default;
        if (!TryGetCounter(loop, out ILocalSymbol? counter, out IOperation? count)
            || !IsPureBound(count, symbols)
            || LoopContext.Writes(loop.Body, counter).GetEnumerator().MoveNext())
        {
            return false;
        }

        var reads = ImmutableArray.CreateBuilder<IInvocationOperation>();
        int bytes = 0;
        foreach (IOperation operation in loop.Body.DescendantsAndSelf())
        {
            if (IsReaderReference(operation, reader))
            {
                if (operation.Parent is not IInvocationOperation read
                    || read.Instance != operation
                    || read.Arguments.Length != 0
                    || !SymbolEqualityComparer.Default.Equals(read.TargetMethod.ContainingType, symbols.BinaryReader)
                    || SizeOf(read.TargetMethod.Name) is not int size)
                {
                    return false;
                }

                // A read on some passes only, or in an inner loop, counts once: the count of bytes only sizes the read.
                reads.Add(read);
                bytes += size;
                continue;
            }

            if (operation is IInvocationOperation { Instance: { } instance } && IsReaderReference(instance, reader))
                continue; // judged as its receiver's use, above

            if (!IsQuiet(operation, reader, symbols) && !IsQuietFlow(operation, symbols) && !IsYieldToAMaterializer(operation, symbols))
                return false;
        }

        // A constant bound whose loop reads fewer bytes than the runtime reads ahead gains nothing (BufferedBinaryReader.MinReadAhead).
        if (bytes == 0 || count.ConstantValue is { HasValue: true, Value: { } constant }
                && System.Convert.ToDecimal(constant, System.Globalization.CultureInfo.InvariantCulture) * bytes < MinReadAhead)
        {
            return false;
        }

        match = new CountedReadLoop(loop, count, bytes, reads.ToImmutable(), null);
        return true;
    }

    /// <summary>The bytes of a fixed-size read, or null for any other read.</summary>
    public static int? SizeOf(string name) => name switch
    {
        "ReadByte" or "ReadSByte" or "ReadBoolean" => 1,
        "ReadInt16" or "ReadUInt16" or "ReadHalf" => 2,
        "ReadInt32" or "ReadUInt32" or "ReadSingle" => 4,
        "ReadInt64" or "ReadUInt64" or "ReadDouble" => 8,
        "ReadDecimal" => 16,
        _ => null,
    };

    private static bool IsReaderReference(IOperation operation, ISymbol reader) => operation switch
    {
        ILocalReferenceOperation local => SymbolEqualityComparer.Default.Equals(local.Local, reader),
        IParameterReferenceOperation parameter => SymbolEqualityComparer.Default.Equals(parameter.Parameter, reader),
        _ => false,
    };

    // for (int i = 0; i < count; i++) or ++i or i += 1, the counter declared by the loop.
    private static bool TryGetCounter(IForLoopOperation loop, out ILocalSymbol counter, out IOperation count)
    {
        counter = null!;
        count = null!;
        if (loop.Before.Length != 1
            || loop.Before[0] is not IVariableDeclarationGroupOperation { Declarations.Length: 1 } group
            || group.Declarations[0].Declarators.Length != 1
            || group.Declarations[0].Declarators[0] is not { Symbol: var local } declarator
            || (declarator.Initializer ?? group.Declarations[0].Initializer) is not { Value: var start }
            || !IsZero(start.ConstantValue)
            || loop.Condition is not IBinaryOperation { OperatorKind: BinaryOperatorKind.LessThan, OperatorMethod: null } condition
            || LoopContext.Strip(condition.LeftOperand) is not ILocalReferenceOperation left
            || !SymbolEqualityComparer.Default.Equals(left.Local, local)
            || loop.AtLoopBottom.Length != 1
            || loop.AtLoopBottom[0] is not IExpressionStatementOperation { Operation: var step }
            || !IsIncrementOf(step, local))
        {
            return false;
        }

        counter = local;
        count = LoopContext.Strip(condition.RightOperand);
        return count.Type?.SpecialType is SpecialType.System_Int32 or SpecialType.System_Int64 or SpecialType.System_UInt32
            or SpecialType.System_Int16 or SpecialType.System_UInt16 or SpecialType.System_Byte or SpecialType.System_SByte
            or SpecialType.System_IntPtr; // nint: `i < count` compiles only where it is a number, which converts to long
    }

    private static bool IsZero(Optional<object?> value)
        => value.HasValue && value.Value is not null && System.Convert.ToDecimal(value.Value, System.Globalization.CultureInfo.InvariantCulture) == 0;

    private static bool IsIncrementOf(IOperation step, ILocalSymbol local) => step switch
    {
        IIncrementOrDecrementOperation { Kind: OperationKind.Increment, OperatorMethod: null, Target: ILocalReferenceOperation target }
            => SymbolEqualityComparer.Default.Equals(target.Local, local),
        ICompoundAssignmentOperation { OperatorKind: BinaryOperatorKind.Add, OperatorMethod: null, Target: ILocalReferenceOperation target, Value: var one }
            => SymbolEqualityComparer.Default.Equals(target.Local, local) && one.ConstantValue is { HasValue: true, Value: 1 },
        _ => false,
    };

    /// <summary>A bound the fix may evaluate once more before the loop: constants, locals, parameters, fields,
    /// lengths and counts of arrays, strings and collections, auto-properties, and arithmetic on them. Nothing that
    /// runs user code or touches a stream.</summary>
    private static bool IsPureBound(IOperation operation, BinaryReadSymbols symbols)
    {
        foreach (IOperation part in operation.DescendantsAndSelf())
        {
            switch (part)
            {
                case ILiteralOperation:
                case ISizeOfOperation:
                case ILocalReferenceOperation:
                case IParameterReferenceOperation:
                case IInstanceReferenceOperation:
                case IConversionOperation { OperatorMethod: null }:
                case IBinaryOperation { OperatorMethod: null }:
                case IUnaryOperation { OperatorMethod: null }:
                case IFieldReferenceOperation:
                    if (symbols.MayHoldStream(part.Type))
                        return false;
                    continue;
                case IPropertyReferenceOperation property when IsPlainGetter(property, symbols):
                    continue;
                default:
                    if (part.ConstantValue.HasValue)
                        continue;
                    return false;
            }
        }

        return true;
    }

    // Length or Count of an array, a string or a System.Collections.Generic collection, or an auto-property of this
    // compilation: reading it runs no code of the program's.
    private static bool IsPlainGetter(IPropertyReferenceOperation property, BinaryReadSymbols symbols)
    {
        IPropertySymbol symbol = property.Property;
        if (symbol.Parameters.Length != 0 || symbols.MayHoldStream(symbol.Type) || symbols.MayHoldStream(symbol.ContainingType))
            return false;

        if (symbols.IsOwn(symbol))
            return IsAutoProperty(symbol);

        return symbol.Name is "Length" or "LongLength" or "Count"
            && (symbol.ContainingType.SpecialType is SpecialType.System_Array or SpecialType.System_String
                || IsInNamespace(symbol.ContainingType, "System", "Collections", "Generic"));
    }

    private static bool IsAutoProperty(IPropertySymbol property)
    {
        foreach (SyntaxReference reference in property.DeclaringSyntaxReferences)
        {
            if (reference.GetSyntax() is not PropertyDeclarationSyntax { AccessorList: { } accessors, ExpressionBody: null })
                return false;
            foreach (AccessorDeclarationSyntax accessor in accessors.Accessors)
            {
                if (accessor.Body is not null || accessor.ExpressionBody is not null)
                    return false;
            }
        }

        return property.DeclaringSyntaxReferences.Length > 0 && !property.IsAbstract && !property.IsVirtual && !property.IsOverride;
    }

    /// <summary>
    /// An operation of the loop that cannot run code which might use a stream, nor hand the reader on: structure,
    /// arithmetic, locals, fields and array elements, stores, auto-properties, <c>List&lt;T&gt;.Add</c> and
    /// <c>Math</c>, and constructions whose constructor only stores its arguments. Anything else (a call of the
    /// program's, an <c>await</c>, a delegate, a value that may be a stream) keeps the loop as it is.
    /// </summary>
    private static bool IsQuiet(IOperation operation, ISymbol reader, BinaryReadSymbols symbols)
    {
        switch (operation)
        {
            case IBinaryOperation { Type.SpecialType: SpecialType.System_String }:
                return false; // a concatenation calls ToString, which may be the program's
            case IBlockOperation:
            case IExpressionStatementOperation:
            case IVariableDeclarationGroupOperation:
            case IVariableDeclarationOperation:
            case IVariableDeclaratorOperation:
            case IVariableInitializerOperation:
            case IEmptyOperation:
            case ILiteralOperation:
            case ISizeOfOperation:
            case IDefaultValueOperation:
            case IArgumentOperation:
            case IArrayElementReferenceOperation:
            case IArrayCreationOperation:
            case IArrayInitializerOperation:
            case IObjectOrCollectionInitializerOperation:
            case IMemberInitializerOperation:
            case IInstanceReferenceOperation:
            case ISimpleAssignmentOperation:
            case IConversionOperation { OperatorMethod: null }:
            case IBinaryOperation { OperatorMethod: null }:
            case IUnaryOperation { OperatorMethod: null }:
            case ICompoundAssignmentOperation { OperatorMethod: null }:
            case IIncrementOrDecrementOperation { OperatorMethod: null }:
                return !symbols.MayHoldStream(operation.Type);
            case ILocalReferenceOperation:
            case IParameterReferenceOperation:
            case IFieldReferenceOperation:
                return !symbols.MayHoldStream(operation.Type);
            case IPropertyReferenceOperation property:
                return !symbols.MayHoldStream(property.Type)
                    && !symbols.MayHoldStream(property.Property.ContainingType)
                    && (symbols.IsOwn(property.Property)
                        ? IsAutoProperty(property.Property)
                        : IsInSystem(property.Property.ContainingType)
                            && (property.Property.ContainingType.IsValueType
                                || property.Property.ContainingType.SpecialType is SpecialType.System_Array or SpecialType.System_String
                                || IsInNamespace(property.Property.ContainingType, "System", "Collections", "Generic")));
            case IInvocationOperation invocation:
                return IsQuietCall(invocation.TargetMethod, symbols) || IsAddToAList(invocation, symbols);
            case IObjectCreationOperation creation:
                return creation.Constructor is { } constructor && !symbols.MayHoldStream(creation.Type) && StoresOnly(constructor, symbols);
            default:
                return false;
        }
    }

    // List<T>.Add and kin, and Math: library code that calls nothing of the program's.
    private static bool IsQuietCall(IMethodSymbol method, BinaryReadSymbols symbols)
    {
        if (symbols.IsOwn(method) || method.IsExtensionMethod)
            return false;

        INamedTypeSymbol type = method.ContainingType;
        return type.OriginalDefinition is { Name: "List", Arity: 1 } list && IsInNamespace(list, "System", "Collections", "Generic")
                && method.Name is "Add" or "Insert"
            || IsInNamespace(type, "System") && type.Name is "Math" or "MathF"
            || IsInNamespace(type, "System", "Buffers", "Binary") && type.Name == "BinaryPrimitives";
    }

    /// <summary>
    /// <c>_items.Add(x)</c> on a readonly field typed <c>IList&lt;T&gt;</c> or <c>ICollection&lt;T&gt;</c> that its
    /// class only ever sets to <c>new List&lt;T&gt;(...)</c>, in its declaration or in constructors of the same file:
    /// the call is <c>List&lt;T&gt;.Add</c>, which runs none of the program's code.
    /// </summary>
    private static bool IsAddToAList(IInvocationOperation invocation, BinaryReadSymbols symbols)
    {
        if (invocation.TargetMethod is not { Name: "Add", Parameters.Length: 1 } method
            || method.ContainingType is not { TypeKind: TypeKind.Interface, Name: "IList" or "ICollection", Arity: 1 } collection
            || !IsInNamespace(collection, "System", "Collections", "Generic")
            || invocation.Instance is null
            || LoopContext.Strip(invocation.Instance) is not IFieldReferenceOperation { Field: { IsReadOnly: true } field }
            || field.ContainingType is not { TypeKind: TypeKind.Class } owner
            || !symbols.IsOwn(field)
            || invocation.SemanticModel is not { } model)
        {
            return false;
        }

        SyntaxTree tree = invocation.Syntax.SyntaxTree;
        int lists = 0;
        foreach (SyntaxReference reference in field.DeclaringSyntaxReferences)
        {
            if (reference.SyntaxTree != tree)
                return false;
            if (reference.GetSyntax() is VariableDeclaratorSyntax { Initializer: { } initializer })
            {
                if (!IsNewList(model.GetOperation(initializer.Value)))
                    return false;
                lists++;
            }
        }

        foreach (IMethodSymbol constructor in field.IsStatic ? owner.StaticConstructors : owner.InstanceConstructors)
        {
            foreach (SyntaxReference reference in constructor.DeclaringSyntaxReferences)
            {
                if (reference.SyntaxTree != tree)
                    return false;
                foreach (SyntaxNode node in reference.GetSyntax().DescendantNodes())
                {
                    if (node is ArgumentSyntax { RefKindKeyword.RawKind: not 0 } byReference
                        && SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(byReference.Expression).Symbol, field))
                    {
                        return false; // handed on by reference: anything may be stored
                    }

                    if (node is AssignmentExpressionSyntax assignment
                        && SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(assignment.Left).Symbol, field))
                    {
                        if (!IsNewList(model.GetOperation(assignment.Right)))
                            return false;
                        lists++;
                    }
                }
            }
        }

        return lists > 0;
    }

    private static bool IsNewList(IOperation? value)
    {
        while (value is IConversionOperation { OperatorMethod: null } conversion)
            value = conversion.Operand;
        return value is IObjectCreationOperation { Initializer: null, Type: INamedTypeSymbol { OriginalDefinition: { Name: "List", Arity: 1 } list } }
            && IsInNamespace(list, "System", "Collections", "Generic");
    }

    // A library value type's constructor (System.Numerics.Vector3, decimal), or one of this compilation that stores
    // its parameters and constants in fields and auto-properties and does nothing else (a record struct of the format,
    // or a class with no constructor of its own and no initializers).
    private static bool StoresOnly(IMethodSymbol constructor, BinaryReadSymbols symbols)
    {
        INamedTypeSymbol type = constructor.ContainingType;
        if (!symbols.IsOwn(constructor))
            return type.IsValueType && (IsInNamespace(type, "System", "Numerics") || type.SpecialType != SpecialType.None);

        if (type.BaseType is { SpecialType: not (SpecialType.System_Object or SpecialType.System_ValueType) })
            return false;

        foreach (ISymbol member in type.GetMembers())
        {
            if (member.IsStatic)
                continue;
            foreach (SyntaxReference reference in member.DeclaringSyntaxReferences)
            {
                SyntaxNode syntax = reference.GetSyntax();
                if (syntax is VariableDeclaratorSyntax { Initializer: { } } || syntax is PropertyDeclarationSyntax { Initializer: { } })
                    return false;
            }
        }

        if (constructor.IsImplicitlyDeclared)
            return true;

        foreach (SyntaxReference reference in constructor.DeclaringSyntaxReferences)
        {
            // A primary constructor (a record's, or C# 12's `struct Node(uint first, uint second)`): it stores its
            // parameters and runs the member initializers, of which there are none (above), and a type with a base
            // other than object or ValueType was refused above, so no base call runs either.
            if (reference.GetSyntax() is TypeDeclarationSyntax)
                continue;
            if (reference.GetSyntax() is not ConstructorDeclarationSyntax { Initializer: null } declaration)
                return false;
            IEnumerable<StatementSyntax> statements = declaration.Body?.Statements ?? (IEnumerable<StatementSyntax>)System.Array.Empty<StatementSyntax>();
            if (declaration.ExpressionBody is { } arrow)
                statements = new StatementSyntax[] { Microsoft.CodeAnalysis.CSharp.SyntaxFactory.ExpressionStatement(arrow.Expression) };
            foreach (StatementSyntax statement in statements)
            {
                if (statement is not ExpressionStatementSyntax { Expression: AssignmentExpressionSyntax assignment }
                    || !assignment.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.SimpleAssignmentExpression)
                    || MemberOfThis(assignment.Left) is not { } member
                    || !StoresWithoutCode(type, member)
                    || !(assignment.Right is IdentifierNameSyntax or LiteralExpressionSyntax))
                {
                    return false;
                }
            }
        }

        return true;
    }

    private static string? MemberOfThis(ExpressionSyntax target) => target switch
    {
        IdentifierNameSyntax name => name.Identifier.ValueText,
        MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax, Name: IdentifierNameSyntax name } => name.Identifier.ValueText,
        _ => null,
    };

    // A field or an auto-property of the type: storing into it runs no code.
    private static bool StoresWithoutCode(INamedTypeSymbol type, string member)
    {
        foreach (ISymbol symbol in type.GetMembers(member))
        {
            if (symbol is IFieldSymbol { IsStatic: false } || symbol is IPropertySymbol { IsStatic: false } property && IsAutoProperty(property))
                return true;
        }

        return false;
    }

    private static bool IsInSystem(ITypeSymbol type)
    {
        INamespaceSymbol? ns = type.ContainingNamespace;
        while (ns is { ContainingNamespace.IsGlobalNamespace: false })
            ns = ns.ContainingNamespace;
        return ns is { Name: "System" };
    }

    private static bool IsInNamespace(ITypeSymbol type, params string[] names)
    {
        INamespaceSymbol? ns = type.ContainingNamespace;
        for (int i = names.Length - 1; i >= 0; i--)
        {
            if (ns is null || ns.Name != names[i])
                return false;
            ns = ns.ContainingNamespace;
        }

        return ns is { IsGlobalNamespace: true };
    }

    /// <summary>Whether nothing between <paramref name="operation"/> and the loop's body makes it conditional.
    /// <paramref name="throughInitializers"/>: also through object initializers and array elements, as the fix's
    /// count of bytes a pass assumes (SL1002's own loop tests, which decide diagnostics, leave them out).</summary>
    internal static bool RunsOnEveryPass(IOperation operation, ILoopOperation loop, bool throughInitializers)
    {
        for (IOperation? current = operation.Parent; current is not null && current != loop; current = current.Parent)
        {
            switch (current)
            {
                case IObjectOrCollectionInitializerOperation or IMemberInitializerOperation or IArrayElementReferenceOperation when throughInitializers:
                    continue;
                case IConversionOperation:
                case IArgumentOperation:
                case IInvocationOperation:
                case IObjectCreationOperation:
                case IVariableInitializerOperation:
                case IVariableDeclaratorOperation:
                case IVariableDeclarationOperation:
                case IVariableDeclarationGroupOperation:
                case IExpressionStatementOperation:
                case ISimpleAssignmentOperation:
                case ICompoundAssignmentOperation:
                case IPropertyReferenceOperation:
                case IBlockOperation:
                case IBinaryOperation { OperatorKind: not (BinaryOperatorKind.ConditionalAnd or BinaryOperatorKind.ConditionalOr) }:
                    continue;
                default:
                    return false;
            }
        }

        return true;
    }
}
