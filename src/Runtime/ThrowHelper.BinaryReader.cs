using System;
using System.Diagnostics.CodeAnalysis;
using System.IO;

namespace Streamline.Runtime;

internal static partial class ThrowHelper
{
    [DoesNotReturn]
    public static void ThrowEndOfStream() => throw new EndOfStreamException("Unable to read beyond the end of the stream.");

    // BinaryReader throws ObjectDisposedException with no object name once it is closed.
    [DoesNotReturn]
    public static void ThrowReaderClosed() => throw new ObjectDisposedException(null, "Cannot access a closed BinaryReader.");

    [DoesNotReturn]
    public static void ThrowNeedNonNegative(string paramName) =>
        throw new ArgumentOutOfRangeException(paramName, "Non-negative number required.");

    // BinaryReader's offset/length check throws a plain ArgumentException without a parameter name.
    [DoesNotReturn]
    public static void ThrowInvalidOffsetLength() =>
        throw new ArgumentException("Offset and length were out of bounds for the array or count is greater than the number of elements from index to the end of the source collection.");

    [DoesNotReturn]
    public static void ThrowFillBufferOutOfRange(string paramName) =>
        throw new ArgumentOutOfRangeException(paramName, "The number of bytes requested does not fit into BinaryReader's internal buffer.");

    [DoesNotReturn]
    public static void ThrowBad7BitInt() => throw new FormatException("Too many bytes in what should have been a 7-bit encoded integer.");

    [DoesNotReturn]
    public static void ThrowInvalidStringLength(int length) =>
        throw new IOException("BinaryReader encountered an invalid string length of " + length.ToString(System.Globalization.CultureInfo.InvariantCulture) + " characters.");

    [DoesNotReturn]
    public static void ThrowInvalidDecimal()
    {
        const string Message = "Decimal byte array constructor requires an array of length four containing valid decimal bytes.";
        throw new IOException(Message, new ArgumentException(Message));
    }
}
