using System;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Threading;
using CsCheck;

namespace Streamline.Runtime.Tests;

/// <summary>
/// Differential tests: generated files, counted by <see cref="LineCounter"/> and by <c>File.ReadAllLines</c> on the
/// runtime running the tests, must give the same count or the same exception.
/// </summary>
public class LineCounterPropertyTests
{
    private static readonly byte[][] s_starts =
    {
        new byte[] { 0xEF }, new byte[] { 0xEF, 0xBB }, new byte[] { 0xEF, 0xBB, 0xBF },
        new byte[] { 0xFF }, new byte[] { 0xFF, 0xFE }, new byte[] { 0xFF, 0xFE, 0x00 }, new byte[] { 0xFF, 0xFE, 0x00, 0x00 },
        new byte[] { 0xFE }, new byte[] { 0xFE, 0xFF }, new byte[] { 0x00, 0x00, 0xFE }, new byte[] { 0x00, 0x00, 0xFE, 0xFF },
        new byte[] { 0x00 }, new byte[] { 0x00, 0x00 }, new byte[] { 0x41 }, new byte[] { 0x41, 0x42 },
    };

    private static readonly byte[][] s_lineBreaks =
    {
        "\n"u8.ToArray(), "\r"u8.ToArray(), "\r\n"u8.ToArray(), "\n\r"u8.ToArray(), "\r\r"u8.ToArray(), "\n\n"u8.ToArray(),
    };

    private static readonly byte[][] s_multiByte =
    {
        "é"u8.ToArray(), "€"u8.ToArray(), "😀"u8.ToArray(), "ÿ"u8.ToArray(), "\u0085"u8.ToArray(), "\u2028"u8.ToArray(),
    };

    // Truncated, overlong, surrogate and stray bytes for UTF-8; lone surrogates and split units for UTF-16.
    private static readonly byte[][] s_invalid =
    {
        new byte[] { 0xE2 }, new byte[] { 0xE2, 0x82 }, new byte[] { 0xF0, 0x9F, 0x98 }, new byte[] { 0x80 }, new byte[] { 0xBF },
        new byte[] { 0xC0, 0x8A }, new byte[] { 0xFF }, new byte[] { 0xFE }, new byte[] { 0xED, 0xA0, 0x80 }, new byte[] { 0xF4, 0x90 },
        new byte[] { 0x00, 0xD8 }, new byte[] { 0xD8, 0x00 }, new byte[] { 0x00, 0xDC }, new byte[] { 0x3D, 0xD8, 0x00, 0xDE },
    };

    private static readonly byte[][] s_wideUnits =
    {
        new byte[] { 0x0A, 0x00 }, new byte[] { 0x00, 0x0A }, new byte[] { 0x0D, 0x00 }, new byte[] { 0x00, 0x0D },
        new byte[] { 0x0D, 0x00, 0x0A, 0x00 }, new byte[] { 0x00, 0x0D, 0x00, 0x0A }, new byte[] { 0x0A, 0x00, 0x00, 0x00 },
        new byte[] { 0x00, 0x00, 0x00, 0x0A }, new byte[] { 0x0D, 0x00, 0x00, 0x00, 0x0A, 0x00, 0x00, 0x00 },
    };

    private static readonly Gen<byte[]> s_piece = Gen.Frequency(
        (6, Gen.Char['a', 'z'].Array[1, 12].Select(chars => Encoding.ASCII.GetBytes(chars))),
        (5, Gen.OneOf(s_lineBreaks)),
        (2, Gen.OneOf(s_multiByte)),
        (2, Gen.OneOf(s_invalid)),
        (2, Gen.OneOf(s_wideUnits)),
        (1, Gen.OneOf(s_starts)),
        (1, Gen.Byte.Array[1, 8]));

    private static readonly Gen<byte[]> s_start = Gen.Frequency(
        (3, Gen.Const(Array.Empty<byte>())),
        (2, Gen.OneOf(s_starts)));

    /// <summary>Mostly small files (so chunks of a few bytes give many chunk edges), sometimes a few hundred bytes.</summary>
    private static readonly Gen<byte[][]> s_body = Gen.Frequency((1, s_piece.Array[0, 2]), (3, s_piece.Array[0, 40]));

    private static readonly Gen<byte[]> s_file = Gen.Select(s_start, s_body, s_piece.Array[0, 3], Gen.Int[0, 9])
        .Select((start, pieces, extra, repeat) =>
        {
            // Now and then repeat the body, to pass the 32-byte vector steps and their 255-step accumulators.
            byte[] body = pieces.SelectMany(piece => piece).ToArray();
            if (repeat == 0)
            {
                body = Enumerable.Repeat(body, 40).SelectMany(piece => piece).ToArray();
            }

            return start.Concat(body).Concat(extra.SelectMany(piece => piece)).ToArray();
        });

    private static readonly Gen<int> s_byteBufferSize = Gen.OneOf(4, 5, 6, 7, 8, 13, 16, 17, 31, 32, 33, 34, 48, 64, 65, 100);

    private static readonly Gen<int> s_charBufferSize = Gen.OneOf(8, 9, 16, 33, 64);

    private static readonly Gen<int> s_encodingIndex = Gen.Int[0, TestEncodings.All.Count - 1];

    [Fact]
    public void CountLong_MatchesReadAllLines_OnGeneratedFiles_WithSmallBuffers()
    {
        Gen.Select(s_file, s_encodingIndex, s_byteBufferSize, s_charBufferSize).Sample(
            (bytes, encodingIndex, byteBufferSize, charBufferSize) =>
            {
                (string _, Encoding? encoding) = TestEncodings.All[encodingIndex];
                string path = TempFiles.ForThread(bytes);
                Outcome expected = Bcl.ReadAllLines(path, encoding);
                Outcome actual = Outcome.Of(
                    () => LineCounter.CountLongCore(path, encoding ?? Encoding.UTF8, byteBufferSize, charBufferSize));
                Outcome actualAsync = Outcome.Of(
                    () => LineCounter.CountLongCoreAsync(path, encoding ?? Encoding.UTF8, byteBufferSize, charBufferSize, CancellationToken.None).GetAwaiter().GetResult());
                return expected == actual && expected == actualAsync;
            },
            iter: 12_000,
            print: t => $"{TestEncodings.All[t.Item2].Name} bytes={Hex.Of(t.Item1)} buffer={t.Item3}/{t.Item4} " +
                $"expected={Bcl.ReadAllLines(TempFiles.Write(t.Item1), TestEncodings.All[t.Item2].Encoding)}");
    }

    /// <summary>
    /// The netstandard2.1 and netstandard2.0 builds (their own kernels: IndexOfAny and eight-byte words instead of
    /// vectors), loaded beside the net8.0 build and run on the same generated files. Mono runs netstandard2.0 in
    /// eng/test-mono.sh; nothing else runs netstandard2.1.
    /// </summary>
    [Theory]
    [InlineData("netstandard2.1")]
    [InlineData("netstandard2.0")]
    public void NetStandardBuild_MatchesReadAllLines_OnGeneratedFiles_WithSmallBuffers(string build)
    {
        var countLongCore = SearchSetBuilds.Get(build).GetType("Streamline.Runtime.LineCounter", throwOnError: true)!
            .GetMethod("CountLongCore", BindingFlags.Static | BindingFlags.NonPublic)!
            .CreateDelegate<Func<string, Encoding, int, int, long>>();
        Gen.Select(s_file, s_encodingIndex, s_byteBufferSize, s_charBufferSize).Sample(
            (bytes, encodingIndex, byteBufferSize, charBufferSize) =>
            {
                (string _, Encoding? encoding) = TestEncodings.All[encodingIndex];
                string path = TempFiles.ForThread(bytes);
                return Bcl.ReadAllLines(path, encoding) == Outcome.Of(() => countLongCore(path, encoding ?? Encoding.UTF8, byteBufferSize, charBufferSize));
            },
            iter: 3_000,
            print: t => $"{build} {TestEncodings.All[t.Item2].Name} bytes={Hex.Of(t.Item1)} buffer={t.Item3}/{t.Item4}");
    }

    [Fact]
    public void PublicOverloads_MatchReadAllLines_OnGeneratedFiles()
    {
        Gen.Select(s_file, s_encodingIndex).Sample(
            (bytes, encodingIndex) =>
            {
                (string _, Encoding? encoding) = TestEncodings.All[encodingIndex];
                string path = TempFiles.ForThread(bytes);
                Outcome expected = Bcl.ReadAllLines(path, encoding);
                Outcome count = Outcome.Of(() => encoding is null ? LineCounter.Count(path) : LineCounter.Count(path, encoding));
                Outcome countLong = Outcome.Of(() => encoding is null ? LineCounter.CountLong(path) : LineCounter.CountLong(path, encoding));
                Outcome countAsync = Outcome.Of(() => encoding is null
                    ? LineCounter.CountAsync(path).GetAwaiter().GetResult()
                    : LineCounter.CountAsync(path, encoding).GetAwaiter().GetResult());
                Outcome countLongAsync = Outcome.Of(() => encoding is null
                    ? LineCounter.CountLongAsync(path).GetAwaiter().GetResult()
                    : LineCounter.CountLongAsync(path, encoding).GetAwaiter().GetResult());
                Outcome expectedAsync = Bcl.ReadAllLinesAsync(path, encoding).GetAwaiter().GetResult();
                return expected == count && expected == countLong && expectedAsync == countAsync && expectedAsync == countLongAsync;
            },
            iter: 2_000,
            print: t => $"{TestEncodings.All[t.Item2].Name} bytes={Hex.Of(t.Item1)}");
    }

    /// <summary>
    /// Files of the real buffer size's multiples, plus or minus a little, with a chosen byte (often \r) at the last
    /// position of a chunk and another (often \n) at the first of the next.
    /// </summary>
    [Fact]
    public void Count_MatchesReadAllLines_AroundTheRealBufferSize()
    {
        const int n = LineCounter.ByteBufferSize;
        Gen<int> length = Gen.Select(Gen.Int[0, 3], Gen.Int[-3, 3]).Select((k, delta) => Math.Max(0, (k * n) + delta));
        Gen<byte> edgeByte = Gen.Frequency((4, Gen.Const((byte)'\r')), (3, Gen.Const((byte)'\n')), (1, Gen.Const((byte)0xE2)), (1, Gen.Byte));
        Gen.Select(s_piece.Array[1, 30], length, edgeByte, edgeByte, s_encodingIndex).Sample(
            (pieces, fileLength, last, first, encodingIndex) =>
            {
                byte[] pattern = pieces.SelectMany(piece => piece).DefaultIfEmpty((byte)'x').ToArray();
                byte[] bytes = new byte[fileLength];
                for (int i = 0; i < bytes.Length; i++)
                {
                    bytes[i] = pattern[i % pattern.Length];
                }

                for (int chunkEnd = n; chunkEnd <= bytes.Length; chunkEnd += n)
                {
                    bytes[chunkEnd - 1] = last;
                    if (chunkEnd < bytes.Length)
                    {
                        bytes[chunkEnd] = first;
                    }
                }

                (string _, Encoding? encoding) = TestEncodings.All[encodingIndex];
                string path = TempFiles.ForThread(bytes);
                Outcome expected = Bcl.ReadAllLines(path, encoding);
                Outcome actual = Outcome.Of(() => encoding is null ? LineCounter.Count(path) : LineCounter.Count(path, encoding));
                Outcome actualAsync = Outcome.Of(() => encoding is null
                    ? LineCounter.CountAsync(path).GetAwaiter().GetResult()
                    : LineCounter.CountAsync(path, encoding).GetAwaiter().GetResult());
                return expected == actual && expected == actualAsync;
            },
            iter: 300,
            print: t => $"{TestEncodings.All[t.Item5].Name} length={t.Item2} last={t.Item3:X2} first={t.Item4:X2} pattern={Hex.Of(t.Item1.SelectMany(p => p).ToArray())}");
    }
}
