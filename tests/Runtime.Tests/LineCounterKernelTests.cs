using System;
using CsCheck;

namespace Streamline.Runtime.Tests;

/// <summary>
/// LineCounter's line-break kernels (<see cref="TextKernels"/>: the 64-byte vector blocks, the portable eight-byte
/// words the netstandard builds run, and the 32-char blocks over decoded text) against a one-at-a-time definition.
/// eng/test-isa.sh runs these with each vector width switched off.
/// </summary>
public class LineCounterKernelTests
{
    // A byte is a line break where the char of the same value is.
    private static long CountByDefinition(byte[] buffer, int offset, int length) =>
        CountByDefinition(Array.ConvertAll(buffer, value => (char)value), offset, length);

    private static long CountByDefinition(char[] chars, int offset, int length)
    {
        long count = 0;
        for (int i = offset; i < offset + length; i++)
        {
            if (chars[i] == '\n' || (chars[i] == '\r' && chars[i + 1] != '\n'))
                count++;
        }

        return count;
    }

    // Bytes drawn mostly from \r, \n and neighbours of their bit patterns, so blocks and words hold many breaks and
    // near misses.
    private static readonly Gen<byte> s_interestingByte = Gen.OneOf(Gen.Const((byte)'\r'), Gen.Const((byte)'\n'), Gen.Const((byte)0x8A),
        Gen.Const((byte)0x8D), Gen.Const((byte)0x0B), Gen.Const((byte)0x0C), Gen.Const((byte)0), Gen.Const((byte)0xFF), Gen.Byte);

    // Chars whose low or high byte is \r or \n (a kernel that compared bytes would count them), and others.
    private static readonly Gen<char> s_interestingChar = Gen.OneOf(Gen.Const('\r'), Gen.Const('\n'), Gen.Const('\u0A0D'),
        Gen.Const('\u0D0A'), Gen.Const('\u010A'), Gen.Const('\u0A00'), Gen.Const('\u0D00'), Gen.Const('\u000B'), Gen.Const('a'), Gen.Char);

    // Mostly short, sometimes several 64-byte blocks, so every block edge and the words and tail after the blocks are hit.
    private static readonly Gen<int> s_length = Gen.Frequency((1, Gen.Int[1, 80]), (1, Gen.Int[60, 300]));

    [Fact]
    public void ByteKernels_MatchTheDefinition()
    {
        Gen.Select(s_length.SelectMany(length => s_interestingByte.Array[length, length]), Gen.Int[0, 70], Gen.Int[0, 70])
            .Sample((bytes, skipStart, skipEnd) =>
            {
                // The kernel reads one byte past the range, so the range ends at least one byte early.
                int offset = Math.Min(skipStart, bytes.Length - 1);
                int length = Math.Max(0, bytes.Length - 1 - offset - skipEnd);
                long expected = CountByDefinition(bytes, offset, length);
                Assert.Equal(expected, TextKernels.CountLineBreaksPortable(bytes, offset, length));
                Assert.Equal(expected, TextKernels.CountLineBreaks(bytes, offset, length));
            }, iter: 20_000);
    }

    [Fact]
    public void CharKernel_MatchesTheDefinition()
    {
        Gen.Select(s_length.SelectMany(length => s_interestingChar.Array[length, length]), Gen.Int[0, 40], Gen.Int[0, 40])
            .Sample((chars, skipStart, skipEnd) =>
            {
                int offset = Math.Min(skipStart, chars.Length - 1);
                int length = Math.Max(0, chars.Length - 1 - offset - skipEnd);
                Assert.Equal(CountByDefinition(chars, offset, length), TextKernels.CountLineBreaks(chars, offset, length));
            }, iter: 20_000);
    }

    /// <summary>
    /// Every byte a break, over as many blocks as the vector lanes hold before they are emptied (63 and 127 blocks)
    /// and more: a lane that overflowed would lose 256.
    /// </summary>
    [Theory]
    [InlineData("\n")]
    [InlineData("\r")]
    [InlineData("\r\n")]
    [InlineData("\n\r")]
    public void Kernels_CountDenseBreaksOverManyBlocks(string pattern)
    {
        foreach (int length in new[] { (63 * 64) - 1, 63 * 64, (63 * 64) + 1, 127 * 64, (127 * 64) + 65, (300 * 64) + 7 })
        {
            char[] chars = new char[length + 1];
            byte[] bytes = new byte[length + 1];
            for (int i = 0; i < chars.Length; i++)
            {
                chars[i] = pattern[i % pattern.Length];
                bytes[i] = (byte)chars[i];
            }

            Assert.Equal(CountByDefinition(bytes, 0, length), TextKernels.CountLineBreaks(bytes, 0, length));
            Assert.Equal(CountByDefinition(bytes, 0, length), TextKernels.CountLineBreaksPortable(bytes, 0, length));
            Assert.Equal(CountByDefinition(chars, 0, length), TextKernels.CountLineBreaks(chars, 0, length));
        }
    }

    [Fact]
    public void Kernels_CountCarriageReturnLineFeedAcrossEveryBlockEdge()
    {
        // One \r\n at every position of 200 bytes (and chars): the pair straddles each block and word edge once.
        for (int at = 0; at < 199; at++)
        {
            byte[] bytes = new byte[201];
            char[] chars = new char[201];
            bytes.AsSpan().Fill((byte)'x');
            chars.AsSpan().Fill('x');
            bytes[at] = (byte)'\r';
            bytes[at + 1] = (byte)'\n';
            chars[at] = '\r';
            chars[at + 1] = '\n';
            Assert.Equal(1, TextKernels.CountLineBreaks(bytes, 0, 200));
            Assert.Equal(1, TextKernels.CountLineBreaksPortable(bytes, 0, 200));
            Assert.Equal(1, TextKernels.CountLineBreaks(chars, 0, 200));

            // A lone \r at the same place is a break of its own.
            bytes[at + 1] = (byte)'x';
            chars[at + 1] = 'x';
            Assert.Equal(1, TextKernels.CountLineBreaks(bytes, 0, 200));
            Assert.Equal(1, TextKernels.CountLineBreaks(chars, 0, 200));
        }
    }
}
