using System;

namespace Streamline.Analyzers;

/// <summary>Marks an analyzer whose diagnostics deliberately come without a code fix, and says why.</summary>
[AttributeUsage(AttributeTargets.Class, AllowMultiple = false, Inherited = false)]
internal sealed class NoCodeFixAttribute : Attribute
{
    public NoCodeFixAttribute(string reason) => Reason = reason;

    public string Reason { get; }
}
