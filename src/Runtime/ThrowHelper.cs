using System;
using System.Diagnostics.CodeAnalysis;

namespace Streamline.Runtime;

/// <summary>
/// Throws on behalf of hot methods so that they stay small and inlinable. Each feature adds its own throw helpers in a
/// partial file of its own (<c>ThrowHelper.Feature.cs</c>).
/// </summary>
internal static partial class ThrowHelper
{
    [DoesNotReturn]
    public static void ThrowArgumentNull(string paramName) => throw new ArgumentNullException(paramName);

    [DoesNotReturn]
    public static void ThrowArgumentOutOfRange(string paramName) => throw new ArgumentOutOfRangeException(paramName);

    [DoesNotReturn]
    public static void ThrowObjectDisposed(string? objectName) => throw new ObjectDisposedException(objectName);
}
