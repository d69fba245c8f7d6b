using System;
using System.Diagnostics.CodeAnalysis;

namespace Streamline.Runtime;

internal static partial class ThrowHelper
{
    [DoesNotReturn]
    public static void ThrowArgumentEmptyString(string? paramName) =>
        throw new ArgumentException("The value cannot be an empty string.", paramName);

    [DoesNotReturn]
    public static void ThrowLineCountOverflow() =>
        throw new OverflowException("The file has more lines than Int32.MaxValue; use CountLong.");
}
