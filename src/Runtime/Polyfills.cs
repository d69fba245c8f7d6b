#if !STREAMLINE_SPANS
namespace System.Diagnostics.CodeAnalysis;

/// <summary>Declared here because netstandard2.0 lacks it; the compiler only needs its name.</summary>
[AttributeUsage(AttributeTargets.Method, Inherited = false)]
internal sealed class DoesNotReturnAttribute : Attribute
{
}

/// <summary>Declared here because netstandard2.0 lacks it; the compiler only needs its name.</summary>
[AttributeUsage(AttributeTargets.Parameter, Inherited = false)]
internal sealed class NotNullWhenAttribute : Attribute
{
    public NotNullWhenAttribute(bool returnValue) => ReturnValue = returnValue;

    public bool ReturnValue { get; }
}
#endif
