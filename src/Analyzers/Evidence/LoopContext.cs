using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Streamline.Analyzers.Rules;

namespace Streamline.Analyzers.Evidence;

/// <summary>Where an operation sits relative to loops, without looking past the method, lambda or local function.</summary>
internal static class LoopContext
{
    /// <summary>The most passes a loop bounded by constants may make and still count as a few fixed passes, not a loop
    /// over the input.</summary>
    public const int FewPasses = 256;

    /// <summary>The nearest enclosing <c>for</c>, <c>foreach</c>, <c>while</c> or <c>do</c> loop, or null.</summary>
    public static ILoopOperation? EnclosingLoop(IOperation operation)
    {
        for (IOperation? current = operation.Parent; current is not null; current = current.Parent)
        {
            switch (current)
            {
                case ILoopOperation loop:
                    return loop;
                case IAnonymousFunctionOperation:
                case ILocalFunctionOperation:
                case IMethodBodyOperation:
                case IConstructorBodyOperation:
                    return null;
            }
        }

        return null;
    }

    /// <summary>
    /// The nearest enclosing loop whose passes can grow with the input: loops that make a few passes fixed by constants
    /// (<see cref="IsFewFixedPasses"/>) are looked through, so <c>for (int n = 0; n &lt; 4; n++) reader.ReadByte();</c>
    /// counts only inside a loop around it.
    /// </summary>
    public static ILoopOperation? RepeatingLoop(IOperation operation)
    {
        IOperation root = Root(operation);
        for (ILoopOperation? loop = EnclosingLoop(operation); loop is not null; loop = EnclosingLoop(loop))
        {
            if (!IsFewFixedPasses(loop, root))
                return loop;
        }

        return null;
    }

    /// <summary>
    /// The nearest enclosing loop the format does not keep to a few passes (<see cref="IsFewByFormat"/>), or null. SL1001
    /// looks through these loops only: its fixes (Seek, SkipReader) have no fixed cost to repay, so a loop of a few passes
    /// by constants still counts there.
    /// </summary>
    public static ILoopOperation? LoopNotFewByFormat(IOperation operation)
    {
        IOperation root = Root(operation);
        for (ILoopOperation? loop = EnclosingLoop(operation); loop is not null; loop = EnclosingLoop(loop))
        {
            if (!IsFewByFormat(loop, root))
                return loop;
        }

        return null;
    }

    /// <summary>
    /// Whether constants bound <paramref name="loop"/> to at most <see cref="FewPasses"/> passes, through a counter that
    /// starts at a constant, only ever steps by one, and is compared with a constant (or with a local that only ever
    /// holds <c>x % C</c> or <c>x &amp; C</c>):
    /// <code>
    /// for (int n = 0; n &lt; 4; n++) ...                                  // the condition
    /// int i = 0; while ((b &amp; 0x80) != 0) { if (++i >= 9) throw ...; ... } // a guard that leaves the loop
    /// int m = (int)(pos - start) % 4; for (int i = 0; i &lt; m; i++) ...    // padding
    /// </code>
    /// </summary>
    public static bool IsFewFixedPasses(ILoopOperation loop, IOperation root)
    {
        if (IsFewByFormat(loop, root))
            return true;

        if (loop is IForLoopOperation { Condition: { } condition } && BoundsCounter(loop, condition, root, exitWhenTrue: false))
            return true;

        if (loop is IWhileLoopOperation { Condition: { } whileCondition, ConditionIsUntil: false } && BoundsCounter(loop, whileCondition, root, exitWhenTrue: false))
            return true;

        if (loop.Body is IBlockOperation body)
        {
            foreach (IOperation statement in body.Operations)
            {
                if (statement is IConditionalOperation { WhenFalse: null } guard && LeavesLoop(guard.WhenTrue, loop)
                    && BoundsCounter(loop, guard.Condition, root, exitWhenTrue: true))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>
    /// Whether the format, not the input's size, bounds the loop's passes (measured in docs/performance.md, "Few passes"):
    /// <code>
    /// do { b = reader.ReadByte(); value |= (b &amp; 0x7F) &lt;&lt; shift; shift += 7; } while ((b &amp; 0x80) != 0);   // a varint: at most 5 (10) bytes
    /// while (true) { b = s.ReadByte(); ...; if ((b &amp; 0x80) == 0) break; }                            // the same, left by a guard
    /// while ((c = reader.ReadByte()) != 0) name.Add(c);                                        // a terminated string: a name, a version
    /// while (...) { var b = reader.ReadByte(); if (b == 0) break; ... }                          // the same, left by a guard
    /// byte count = reader.ReadByte(); for (int i = 0; i &lt; count; i++) ...                       // a count of at most 255
    /// </code>
    /// </summary>
    public static bool IsFewByFormat(ILoopOperation loop, IOperation root)
    {
        IOperation? condition = loop switch
        {
            IWhileLoopOperation { ConditionIsUntil: false, Condition: { } whileCondition } => whileCondition,
            _ => null,
        };
        if (condition is not null && (TestsContinuationBit(condition, loop, root, bitSet: true) || IsTerminatorTest(condition, loop, root)))
            return true;

        if (loop.Body is IBlockOperation body)
        {
            foreach (IOperation statement in body.Operations)
            {
                if (statement is IConditionalOperation { WhenFalse: null } guard && LeavesLoop(guard.WhenTrue, loop)
                    && (TestsContinuationBit(guard.Condition, loop, root, bitSet: false) || IsTerminatorTest(guard.Condition, loop, root, BinaryOperatorKind.Equals)))
                {
                    return true;
                }
            }
        }

        return false;
    }

    // `(b & 0x80) != 0`, `(b & 0x80) == 0x80`, `b >= 0x80`, `b > 0x7F` (the top bit set; with bitSet false, the
    // opposite), where b is a byte read in the pass: `b = x.ReadByte()` in the loop, or the read itself.
    private static bool TestsContinuationBit(IOperation condition, ILoopOperation loop, IOperation root, bool bitSet)
    {
        if (Strip(condition) is not IBinaryOperation comparison)
            return false;

        IOperation left = Strip(comparison.LeftOperand);
        long? right = AsLong(Strip(comparison.RightOperand).ConstantValue);
        if (right is null)
            return false;

        BinaryOperatorKind kind = comparison.OperatorKind;
        bool? set = null;
        if (left is IBinaryOperation { OperatorKind: BinaryOperatorKind.And } mask && AsLong(Strip(mask.RightOperand).ConstantValue) == 0x80)
        {
            left = Strip(mask.LeftOperand);
            set = (kind, right) switch
            {
                (BinaryOperatorKind.NotEquals, 0) or (BinaryOperatorKind.Equals, 0x80) => true,
                (BinaryOperatorKind.Equals, 0) or (BinaryOperatorKind.NotEquals, 0x80) => false,
                _ => null,
            };
        }
        else
        {
            set = (kind, right) switch
            {
                (BinaryOperatorKind.GreaterThanOrEqual, 0x80) or (BinaryOperatorKind.GreaterThan, 0x7F) => true,
                (BinaryOperatorKind.LessThan, 0x80) or (BinaryOperatorKind.LessThanOrEqual, 0x7F) => false,
                _ => null,
            };
        }

        return set == bitSet && IsByteReadInPass(left, loop, root);
    }

    // `(c = reader.ReadByte()) != 0`, `c != '\0'` after `c = reader.ReadChar()` in the loop: read up to a terminator.
    // With Equals: `if (b == 0) break;` after `var b = reader.ReadByte();`, the same loop left by a guard.
    private static bool IsTerminatorTest(IOperation condition, ILoopOperation loop, IOperation root, BinaryOperatorKind kind = BinaryOperatorKind.NotEquals)
        => Strip(condition) is IBinaryOperation comparison
            && comparison.OperatorKind == kind
            && AsLong(Strip(comparison.RightOperand).ConstantValue) == 0
            && IsByteReadInPass(Strip(comparison.LeftOperand), loop, root);

    private static bool IsByteReadInPass(IOperation value, ILoopOperation loop, IOperation root)
    {
        if (value is ISimpleAssignmentOperation assignment)
            return IsByteRead(assignment.Value);
        if (IsByteRead(value))
            return true;
        if (value is not ILocalReferenceOperation { Local: var local })
            return false;

        bool readInLoop = false;
        foreach (IOperation write in Writes(root, local))
        {
            if (IsByteRead(write) && loop.Syntax.Span.Contains(write.Syntax.Span))
                readInLoop = true;
            else if (loop.Syntax.Span.Contains(write.Syntax.Span))
                return false; // another value given in the loop
        }

        return readInLoop;
    }

    private static bool IsByteRead(IOperation operation)
        => Strip(operation) is IInvocationOperation { TargetMethod.Name: "ReadByte" or "ReadChar" or "ReadSByte", Arguments.Length: 0 };

    /// <summary>
    /// Whether the read runs only in a pass that then leaves the loop: inside a block that ends by leaving it (a
    /// <c>break</c> of this loop, a <c>return</c>, a <c>throw</c>), or in a loop whose body always ends that way (it makes
    /// one pass). Found on real code: the last frame's or chunk's size checked against Length on the way out (SL1006),
    /// a start-of-frame header read in the branch that returns (SL1007).
    /// <code>
    /// if (frame is null) { if (s.Position != s.Length) throw new InvalidDataException(); break; }
    /// while (true) { ...; size = (int)(s.Length - s.Position); break; }
    /// </code>
    /// </summary>
    public static bool OnlyInTheLeavingPass(IOperation read, ILoopOperation loop)
    {
        IOperation child = read;
        for (IOperation? current = read.Parent; current is not null; child = current, current = current.Parent)
        {
            if (current is IBlockOperation block && block.Operations.Length > 0)
            {
                int index = block.Operations.IndexOf(child);
                if (index >= 0 && index < block.Operations.Length - 1 || current == loop.Body)
                {
                    if (LeavesThisLoop(block.Operations[block.Operations.Length - 1], loop) && !ContinuesLoop(block, loop))
                        return true;
                }
            }

            if (current == loop)
                return false;
        }

        return false;
    }

    private static bool LeavesThisLoop(IOperation statement, ILoopOperation loop) => statement switch
    {
        IBranchOperation { BranchKind: BranchKind.Break } branch => SymbolEqualityComparer.Default.Equals(branch.Target, loop.ExitLabel),
        IReturnOperation { Kind: OperationKind.Return } => true,
        IThrowOperation or IExpressionStatementOperation { Operation: IThrowOperation } => true,
        _ => false,
    };

    // A `continue` of this loop in the block, or a `break` out of a switch, would start another pass before the end.
    private static bool ContinuesLoop(IBlockOperation block, ILoopOperation loop)
    {
        foreach (IOperation operation in block.Descendants())
        {
            if (operation is IBranchOperation { BranchKind: BranchKind.Continue } branch && SymbolEqualityComparer.Default.Equals(branch.Target, loop.ContinueLabel))
                return true;
        }

        return false;
    }

    /// <summary>The root of the operation tree that holds <paramref name="operation"/> (the method body, usually).</summary>
    public static IOperation Root(IOperation operation)
    {
        IOperation root = operation;
        while (root.Parent is not null)
            root = root.Parent;
        return root;
    }

    // A guard's body that ends by leaving the loop: its last statement (through nested blocks) leaves it.
    internal static bool LeavesLoop(IOperation operation, ILoopOperation loop)
    {
        while (operation is IBlockOperation { Operations.Length: > 0 } block)
            operation = block.Operations[block.Operations.Length - 1];

        return LeavesThisLoop(operation, loop);
    }

    // `counter < C`, `C > counter`, `counter != C` (or, for a guard that leaves the loop, `++counter >= C`...), where the
    // counter starts at a constant, steps by one the same way on every pass, and reaches C within FewPasses steps.
    private static bool BoundsCounter(ILoopOperation loop, IOperation condition, IOperation root, bool exitWhenTrue)
    {
        if (Strip(condition) is not IBinaryOperation comparison)
            return false;

        IOperation left = Strip(comparison.LeftOperand);
        IOperation right = Strip(comparison.RightOperand);
        BinaryOperatorKind kind = comparison.OperatorKind;
        if (Bound(left, root, loop) is not null && Bound(right, root, loop) is null)
        {
            (left, right) = (right, left);
            kind = Mirror(kind);
        }

        if (Bound(right, root, loop) is not long bound || Counter(loop, left, root) is not (long start, bool up))
            return false;

        if (System.Math.Abs(bound - start) > FewPasses)
            return false;

        // The comparison must end the loop once the counter, moving one way, reaches the bound.
        if (exitWhenTrue)
        {
            return up
                ? kind is BinaryOperatorKind.GreaterThanOrEqual or BinaryOperatorKind.GreaterThan || (kind == BinaryOperatorKind.Equals && start <= bound)
                : kind is BinaryOperatorKind.LessThanOrEqual or BinaryOperatorKind.LessThan || (kind == BinaryOperatorKind.Equals && start >= bound);
        }

        return up
            ? kind is BinaryOperatorKind.LessThan or BinaryOperatorKind.LessThanOrEqual || (kind == BinaryOperatorKind.NotEquals && start <= bound)
            : kind is BinaryOperatorKind.GreaterThan or BinaryOperatorKind.GreaterThanOrEqual || (kind == BinaryOperatorKind.NotEquals && start >= bound);
    }

    private static BinaryOperatorKind Mirror(BinaryOperatorKind kind) => kind switch
    {
        BinaryOperatorKind.LessThan => BinaryOperatorKind.GreaterThan,
        BinaryOperatorKind.LessThanOrEqual => BinaryOperatorKind.GreaterThanOrEqual,
        BinaryOperatorKind.GreaterThan => BinaryOperatorKind.LessThan,
        BinaryOperatorKind.GreaterThanOrEqual => BinaryOperatorKind.LessThanOrEqual,
        _ => kind,
    };

    // The most a value can be: a constant; a local every value of which is `x % C` or `x & C` (at most |C|); or a local
    // or parameter clamped before the loop by `x = Math.Min(x, C)` or `if (x > C) x = C;` and written nowhere else.
    private static long? Bound(IOperation operation, IOperation root, ILoopOperation loop)
    {
        if (AsLong(operation.ConstantValue) is long constant)
            return constant;
        if (operation.Type?.SpecialType is SpecialType.System_Byte)
            return byte.MaxValue; // a count the format gives in one byte

        ISymbol? symbol = operation switch
        {
            ILocalReferenceOperation local => local.Local,
            IParameterReferenceOperation { Parameter.RefKind: RefKind.None } parameter => parameter.Parameter,
            _ => null,
        };
        if (symbol is null)
            return null;

        long? masked = null;
        long? clamped = null;
        bool initializedOnly = true; // every write that is neither a mask nor the clamp is the declaration's initializer
        bool allMasked = true;
        foreach (IOperation write in Writes(root, symbol))
        {
            if (Strip(write) is IBinaryOperation { OperatorKind: BinaryOperatorKind.Remainder or BinaryOperatorKind.And } binary
                && AsLong(Strip(binary.RightOperand).ConstantValue) is long mask)
            {
                masked = System.Math.Max(masked ?? 0, System.Math.Abs(mask));
                continue;
            }

            allMasked = false;
            if (clamped is null && ClampBefore(write, symbol, loop) is long limit)
                clamped = limit;
            else if (write.Parent is not IVariableInitializerOperation)
                initializedOnly = false;
        }

        if (clamped is long clamp)
            return initializedOnly && masked is null ? clamp : null;
        return allMasked && symbol is ILocalSymbol ? masked : null;
    }

    // `x = Math.Min(x, C);` or `if (x > C) x = C;` as a statement of a block that holds the loop, before it: C.
    private static long? ClampBefore(IOperation write, ISymbol symbol, ILoopOperation loop)
    {
        IOperation? assignment = write.Parent;
        while (assignment is IConversionOperation or IParenthesizedOperation)
            assignment = assignment.Parent;
        if (assignment is not ISimpleAssignmentOperation)
            return null;

        long? limit = null;
        IOperation statement = assignment.Parent!;
        if (Strip(write) is IInvocationOperation { TargetMethod: { Name: "Min" } min } call
            && min.ContainingType.ToDisplayString() == "System.Math" && call.Arguments.Length == 2)
        {
            IOperation first = Strip(call.Arguments[0].Value);
            IOperation second = Strip(call.Arguments[1].Value);
            if (IsSymbol(first, symbol))
                limit = AsLong(second.ConstantValue);
            else if (IsSymbol(second, symbol))
                limit = AsLong(first.ConstantValue);
        }
        else if (AsLong(write.ConstantValue) is long value
            && statement is IExpressionStatementOperation { Parent: var owner }
            && (owner is IConditionalOperation || owner is IBlockOperation { Operations.Length: 1, Parent: IConditionalOperation }))
        {
            var guard = (IConditionalOperation)(owner as IConditionalOperation ?? owner.Parent!);
            if (guard.WhenFalse is null && Strip(guard.Condition) is IBinaryOperation comparison
                && ((comparison.OperatorKind is BinaryOperatorKind.GreaterThan or BinaryOperatorKind.GreaterThanOrEqual
                        && IsSymbol(Strip(comparison.LeftOperand), symbol) && AsLong(Strip(comparison.RightOperand).ConstantValue) is long right && right <= value)
                    || (comparison.OperatorKind is BinaryOperatorKind.LessThan or BinaryOperatorKind.LessThanOrEqual
                        && IsSymbol(Strip(comparison.RightOperand), symbol) && AsLong(Strip(comparison.LeftOperand).ConstantValue) is long left && left <= value)))
            {
                limit = value;
                statement = guard;
            }
        }

        if (limit is null || statement.Parent is not IBlockOperation block)
            return null;

        // The clamp runs before the loop on every path: a statement of a block that holds the loop, ahead of it.
        int clampIndex = block.Operations.IndexOf(statement);
        for (IOperation current = loop; current.Parent is { } parent; current = parent)
        {
            if (parent == block)
                return block.Operations.IndexOf(current) > clampIndex ? limit : null;
        }

        return null;
    }

    private static bool IsSymbol(IOperation operation, ISymbol symbol) => operation switch
    {
        ILocalReferenceOperation local => SymbolEqualityComparer.Default.Equals(local.Local, symbol),
        IParameterReferenceOperation parameter => SymbolEqualityComparer.Default.Equals(parameter.Parameter, symbol),
        _ => false,
    };

    // A counter: a local declared with a constant initializer, never assigned, whose only other writes are ++ (or only
    // --) and one of them runs on every pass of the loop (the for's increment, the comparison itself, or a statement of
    // the body). Written as `i`, `++i` or `i++` in the comparison.
    private static (long Start, bool Up)? Counter(ILoopOperation loop, IOperation operation, IOperation root)
    {
        if (operation is IIncrementOrDecrementOperation { Target: var target })
            operation = Strip(target);

        if (operation is not ILocalReferenceOperation { Local: var local })
            return null;

        long? start = null;
        bool? up = null;
        bool everyPass = false;
        foreach (IOperation write in Writes(root, local))
        {
            switch (write)
            {
                case IIncrementOrDecrementOperation step:
                    bool increments = step.Kind == OperationKind.Increment;
                    if (up is bool known && known != increments)
                        return null;
                    up = increments;
                    everyPass |= RunsEveryPass(step, loop);
                    break;
                case IVariableDeclaratorOperation:
                    return null; // declared without an initializer
                default:
                    if (write.Parent is IVariableInitializerOperation && AsLong(write.ConstantValue) is long value && start is null)
                    {
                        start = value;
                        break;
                    }

                    return null;
            }
        }

        return start is long first && up is bool direction && everyPass ? (first, direction) : null;
    }

    // The step is the for's increment, in the loop's condition, a top-level statement of the body, or in the condition
    // of a top-level if of the body.
    private static bool RunsEveryPass(IOperation step, ILoopOperation loop)
    {
        IOperation current = step;
        while (current.Parent is { } parent)
        {
            if (parent == loop)
            {
                return (loop is IForLoopOperation forLoop && (forLoop.AtLoopBottom.Contains(current) || forLoop.Condition == current))
                    || (loop is IWhileLoopOperation whileLoop && whileLoop.Condition == current);
            }

            if (parent == loop.Body)
            {
                return current is IExpressionStatementOperation
                    || (current is IConditionalOperation { Condition: var condition } && (condition == step || condition.Descendants().Contains(step)));
            }

            current = parent;
        }

        return false;
    }

    internal static System.Collections.Generic.IEnumerable<IOperation> Writes(IOperation root, ISymbol local)
    {
        foreach (IOperation operation in root.Descendants())
        {
            switch (operation)
            {
                case IVariableDeclaratorOperation declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                    yield return declarator.Initializer is { } initializer ? initializer.Value : declarator;
                    break;
                case ISimpleAssignmentOperation assignment when IsLocal(assignment.Target, local):
                    yield return Strip(assignment.Value);
                    break;
                case ICompoundAssignmentOperation compound when IsLocal(compound.Target, local):
                    yield return compound;
                    break;
                case IIncrementOrDecrementOperation step when IsLocal(step.Target, local):
                    yield return step;
                    break;
                case IArgumentOperation { Parameter.RefKind: not RefKind.None } argument when IsLocal(argument.Value, local):
                    yield return argument;
                    break;
            }
        }
    }

    private static bool IsLocal(IOperation operation, ISymbol local) => IsSymbol(Strip(operation), local);

    private static long? AsLong(Optional<object?> constant)
        => constant.HasValue ? constant.Value switch
        {
            int i => i,
            long l => l,
            short s => s,
            byte b => b,
            sbyte sb => sb,
            ushort us => us,
            uint ui => ui,
            char c => c,
            _ => null,
        } : null;

    internal static IOperation Strip(IOperation operation)
    {
        while (operation is IConversionOperation { IsImplicit: true } or IConversionOperation { Operand.Type.SpecialType: not SpecialType.None } or IParenthesizedOperation)
        {
            operation = operation switch
            {
                IConversionOperation conversion => conversion.Operand,
                IParenthesizedOperation parenthesized => parenthesized.Operand,
                _ => operation,
            };
        }

        return operation;
    }
}
