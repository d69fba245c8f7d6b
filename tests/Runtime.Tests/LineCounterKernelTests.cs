using System;
using CsCheck;

namespace Streamline.Runtime.Tests;

/// <summary>The portable (netstandard) kernel, run here on .NET 10, against a byte-by-byte definition.</summary>
public class LineCounterKernelTests
{
    private static long CountByDefinition(byte[] buffer, int offset, int length)
    {
        long count = 0;
        for (int i = offset; i < offset + length; i++)
        {
            if (buffer[i] == '\n' || (buffer[i] == '\r' && buffer[i + 1] != '\n'))
                count++;
        }

        return count;
    }

    [Fact]
    public void PortableKernel_MatchesTheDefinition()
    {
        // Bytes drawn mostly from \r, \n and neighbours of their bit patterns, so words hold many breaks and near misses.
        Gen<byte> interesting = Gen.OneOf(Gen.Const((byte)'\r'), Gen.Const((byte)'\n'), Gen.Const((byte)0x8A), Gen.Const((byte)0x8D),
            Gen.Const((byte)0x0B), Gen.Const((byte)0x0C), Gen.Const((byte)0), Gen.Const((byte)0xFF), Gen.Byte);
        Gen.Select(interesting.Array[1, 80], Gen.Int[0, 8], Gen.Int[0, 8])
            .Sample((bytes, skipStart, skipEnd) =>
            {
                // The kernel reads one byte past the range, so the range ends at least one byte early.
                int offset = Math.Min(skipStart, bytes.Length - 1);
                int length = Math.Max(0, bytes.Length - 1 - offset - skipEnd);
                Assert.Equal(CountByDefinition(bytes, offset, length), LineCounterKernels.CountLineBreaksPortable(bytes, offset, length));
                Assert.Equal(CountByDefinition(bytes, offset, length), LineCounterKernels.CountLineBreaks(bytes, offset, length));
            }, iter: 20_000);
    }
}
