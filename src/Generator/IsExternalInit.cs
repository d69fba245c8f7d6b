namespace System.Runtime.CompilerServices;

/// <summary>Lets records compile for netstandard2.0; the compiler only needs the name.</summary>
internal static class IsExternalInit
{
}
