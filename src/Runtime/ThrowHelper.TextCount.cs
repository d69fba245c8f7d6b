using System;
using System.Diagnostics.CodeAnalysis;

namespace Streamline.Runtime;

internal static partial class ThrowHelper
{
    [DoesNotReturn]
    public static void ThrowStreamNotReadable(string paramName) =>
        throw new ArgumentException("Stream was not readable.", paramName);
}
