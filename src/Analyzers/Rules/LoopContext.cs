using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>Where an operation sits relative to loops, without looking past the method, lambda or local function.</summary>
internal static class LoopContext
{
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

    /// <summary>The root of the operation tree that holds <paramref name="operation"/> (the method body, usually).</summary>
    public static IOperation Root(IOperation operation)
    {
        IOperation root = operation;
        while (root.Parent is not null)
            root = root.Parent;
        return root;
    }
}
