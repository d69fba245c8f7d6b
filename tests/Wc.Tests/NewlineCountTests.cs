using System;
using System.Linq;
using Streamline.Runtime;

namespace Streamline.Wc.Tests;

/// <summary>
/// <c>wc -l</c>'s count (TextCountOptions.Lines alone): the vector kernel adds newlines up in byte lanes and empties
/// them before they wrap, so dense newlines over many blocks, at every start and length, must still count exactly.
/// A line is a <c>\n</c> byte, so the expected count is the number of those bytes.
/// </summary>
public class NewlineCountTests
{
    [Theory]
    [InlineData(1.0)]
    [InlineData(0.97)]
    [InlineData(0.5)]
    [InlineData(0.02)]
    public void DenseNewlines_OverManyBlocks_CountExactly(double density)
    {
        var random = new Random((int)(density * 1000));
        foreach (int length in new[] { 63, 64, 65, 16_319, 16_320, 16_321, 16_384, 32_640, 131_071, 131_072, 131_073, 300_000 })
        {
            byte[] text = new byte[length];
            for (int i = 0; i < length; i++)
                text[i] = random.NextDouble() < density ? (byte)'\n' : (byte)('a' + random.Next(26));
            for (int skip = 0; skip < 3; skip++)
            {
                long expected = text.Skip(skip).LongCount(b => b == '\n');
                Assert.Equal(expected, TextCounter.Count(text, skip, length - skip, TextCountOptions.Lines).Lines);
                Assert.Equal(expected, TextCounter.Count(text.AsSpan(skip), TextCountOptions.Lines | TextCountOptions.Bytes).Lines);
                Assert.Equal(expected, TextCounter.Count(new ChunkedStream(text[skip..], 100_000, 7, 65_536), TextCountOptions.Lines).Lines);
            }
        }
    }
}
