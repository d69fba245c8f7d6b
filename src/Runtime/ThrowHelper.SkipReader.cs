using System;
using System.Diagnostics.CodeAnalysis;

namespace Streamline.Runtime;

internal static partial class ThrowHelper
{
    [DoesNotReturn]
    public static void ThrowSkipNeedNonNegative(string paramName) =>
        throw new ArgumentOutOfRangeException(paramName, "Non-negative number required.");

    [DoesNotReturn]
    public static void ThrowSkipReaderDisposed() => throw new ObjectDisposedException(nameof(SkipReader));
}
