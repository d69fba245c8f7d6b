using System;
using System.Diagnostics.CodeAnalysis;

namespace Streamline.Runtime;

internal static partial class ThrowHelper
{
    /// <summary>
    /// What the BCL does when the string a search runs on is null: the flagged call was an instance call
    /// (<c>text.IndexOfAny(anyOf)</c>), so the original code threw <see cref="NullReferenceException"/>.
    /// </summary>
    [DoesNotReturn]
    public static void ThrowNullReceiver() => throw new NullReferenceException();
}
