using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using Streamline.Runtime;

namespace Streamline.Legacy.Tests;

/// <summary>LineCounter against <c>File.ReadAllLines(path[, encoding]).Length</c> of the running BCL, on generated
/// files: line breaks, whole and partial byte order marks, every supported encoding, invalid sequences, sizes around
/// LineCounter's 32 KB byte buffer and 8 K char buffer.</summary>
internal static class LineCounterChecks
{
    private const int Cases = 4000;

    private static readonly byte[][] s_boms =
    {
        new byte[] { 0xEF, 0xBB, 0xBF },
        new byte[] { 0xFF, 0xFE },
        new byte[] { 0xFE, 0xFF },
        new byte[] { 0xFF, 0xFE, 0x00, 0x00 },
        new byte[] { 0x00, 0x00, 0xFE, 0xFF },
    };

    // Bytes that matter to BOM detection, line breaks and decoding, for the tiny files.
    private static readonly byte[] s_interestingBytes = { 0xEF, 0xBB, 0xBF, 0xFE, 0xFF, 0x00, 0x0D, 0x0A, 0x41, 0x80, 0xC3, 0xE2, 0xD8, 0xDC, 0x85 };

    private static readonly string[] s_pieces =
    {
        "a", "word", " ", "\r", "\n", "\r\n", "\r\n", "\n\r", "\u00e9", "\u20ac", "\ud83d\ude00", "\u0085", "\u2028", "\0",
    };

    private static readonly int[] s_boundaries = { 4096, 8192, 16384, 32768, 65536 };

    private sealed class EncodingChoice
    {
        public EncodingChoice(string name, Func<Encoding> create)
        {
            Name = name;
            Create = create;
        }

        public string Name { get; }

        public Func<Encoding> Create { get; }
    }

    private static readonly EncodingChoice[] s_encodings =
    {
        new("UTF8", () => Encoding.UTF8),
        new("UTF8NoBom", () => new UTF8Encoding(false)),
        new("Unicode", () => Encoding.Unicode),
        new("BigEndianUnicode", () => Encoding.BigEndianUnicode),
        new("UTF32", () => Encoding.UTF32),
        new("UTF32BE", () => new UTF32Encoding(bigEndian: true, byteOrderMark: true)),
        new("Latin1", () => Encoding.GetEncoding(28591)),
        new("ASCII", () => Encoding.ASCII),
        new("UTF8Throwing", () => new UTF8Encoding(false, throwOnInvalidBytes: true)),
        new("UnicodeThrowing", () => new UnicodeEncoding(false, true, throwOnInvalidBytes: true)),
    };

    public static Suite Run(int seed, double scale)
    {
        var suite = new Suite("LineCounter");
        var random = new Random(seed);
        string directory = Path.Combine(Path.GetTempPath(), "streamline-legacy-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(directory);
        try
        {
            CheckArguments(suite, directory);
            int cases = (int)(Cases * scale);
            for (int i = 0; i < cases; i++)
            {
                byte[] data = GenerateFile(random, out string shape);
                int encodingIndex = random.Next(s_encodings.Length + 1); // the last means the UTF-8 overloads
                string path = Path.Combine(directory, "case" + i.ToString(CultureInfo.InvariantCulture) + ".txt");
                File.WriteAllBytes(path, data);
                bool async = i % 8 == 0;
                string repro = string.Format(CultureInfo.InvariantCulture, "case {0} ({1}, {2} bytes, encoding {3}{4}): {5}",
                    i, shape, data.Length, encodingIndex == s_encodings.Length ? "default" : s_encodings[encodingIndex].Name, async ? ", async" : string.Empty,
                    data.Length <= 64 ? Outcome.Hex(data) : Outcome.Hex(data, 0, 32) + "...");
                suite.Run(repro, () => Compare(path, encodingIndex, async));
                File.Delete(path);
            }
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }

        return suite;
    }

    private static string? Compare(string path, int encodingIndex, bool async)
    {
        string expected;
        string actual;
        string actualLong;
        if (encodingIndex == s_encodings.Length)
        {
            expected = Outcome.Of(() => "v:" + File.ReadAllLines(path).Length);
            actual = Outcome.Of(() => "v:" + (async ? LineCounter.CountAsync(path).GetAwaiter().GetResult() : LineCounter.Count(path)));
            actualLong = Outcome.Of(() => "v:" + (async ? LineCounter.CountLongAsync(path).GetAwaiter().GetResult() : LineCounter.CountLong(path)));
        }
        else
        {
            Func<Encoding> create = s_encodings[encodingIndex].Create;
            expected = Outcome.Of(() => "v:" + File.ReadAllLines(path, create()).Length);
            actual = Outcome.Of(() => "v:" + (async ? LineCounter.CountAsync(path, create()).GetAwaiter().GetResult() : LineCounter.Count(path, create())));
            actualLong = Outcome.Of(() => "v:" + (async ? LineCounter.CountLongAsync(path, create()).GetAwaiter().GetResult() : LineCounter.CountLong(path, create())));
        }

        if (expected != actual || expected != actualLong)
        {
            return "File.ReadAllLines " + expected + ", LineCounter.Count " + actual + ", CountLong " + actualLong;
        }

        return null;
    }

    // Argument and file errors: exception type and ParamName as File.ReadAllLines gives them here.
    private static void CheckArguments(Suite suite, string directory)
    {
        string missing = Path.Combine(directory, "missing.txt");
        string missingDirectory = Path.Combine(directory, "no", "such.txt");
        var paths = new[] { null, string.Empty, missing, missingDirectory, directory, "bad\0path" };
        var encodings = new Encoding?[] { null, Encoding.UTF8 };
        foreach (string? path in paths)
        {
            string pathName = path is null ? "null" : path.Length == 0 ? "empty" : path == directory ? "a directory" : path.IndexOf('\0') >= 0 ? "a NUL path" : Path.GetFileName(path);
            suite.Run("ReadAllLines(" + pathName + ")", () =>
            {
                string expected = Outcome.Of(() => "v:" + File.ReadAllLines(path!).Length);
                string actual = Outcome.Of(() => "v:" + LineCounter.Count(path!));
                string actualAsync = Outcome.Of(() => "v:" + LineCounter.CountAsync(path!).GetAwaiter().GetResult());
                return expected == actual && expected == actualAsync ? null : "File.ReadAllLines " + expected + ", LineCounter " + actual + ", async " + actualAsync;
            });
            foreach (Encoding? encoding in encodings)
            {
                suite.Run("ReadAllLines(" + pathName + ", " + (encoding is null ? "null" : "UTF8") + ")", () =>
                {
                    string expected = Outcome.Of(() => "v:" + File.ReadAllLines(path!, encoding!).Length);
                    string actual = Outcome.Of(() => "v:" + LineCounter.Count(path!, encoding!));
                    string actualLong = Outcome.Of(() => "v:" + LineCounter.CountLong(path!, encoding!));
                    return expected == actual && expected == actualLong ? null : "File.ReadAllLines " + expected + ", LineCounter " + actual + ", CountLong " + actualLong;
                });
            }
        }
    }

    private static byte[] GenerateFile(Random random, out string shape)
    {
        int kind = random.Next(10);
        if (kind < 3)
        {
            // Tiny: every BOM prefix and line-break arrangement of up to 8 bytes turns up.
            shape = "tiny";
            byte[] tiny = new byte[random.Next(9)];
            for (int i = 0; i < tiny.Length; i++)
            {
                tiny[i] = s_interestingBytes[random.Next(s_interestingBytes.Length)];
            }

            if (tiny.Length > 0 && random.Next(3) == 0)
            {
                byte[] bom = s_boms[random.Next(s_boms.Length)];
                Array.Copy(bom, 0, tiny, 0, Math.Min(bom.Length, Math.Min(tiny.Length, 1 + random.Next(bom.Length))));
            }

            return tiny;
        }

        var bytes = new List<byte>();
        int prefix = random.Next(5);
        if (prefix == 1)
        {
            bytes.AddRange(s_boms[random.Next(s_boms.Length)]);
        }
        else if (prefix == 2)
        {
            byte[] bom = s_boms[random.Next(s_boms.Length)];
            int partial = 1 + random.Next(bom.Length - 1);
            for (int i = 0; i < partial; i++)
            {
                bytes.Add(bom[i]);
            }
        }

        // The text is written in one encoding and may be read with another: mismatches are part of the test.
        Encoding writer = s_encodings[random.Next(8)].Create();
        int target = kind < 7 ? random.Next(200) : s_boundaries[random.Next(s_boundaries.Length)] + random.Next(-12, 13);
        shape = kind < 7 ? "small" : "near " + target.ToString(CultureInfo.InvariantCulture);
        bool invalid = random.Next(3) == 0;
        while (bytes.Count < target)
        {
            if (invalid && random.Next(20) == 0)
            {
                bytes.Add(s_interestingBytes[random.Next(s_interestingBytes.Length)]);
                continue;
            }

            bytes.AddRange(writer.GetBytes(s_pieces[random.Next(s_pieces.Length)]));
        }

        if (kind >= 7 && random.Next(2) == 0)
        {
            // Put a CR (in the writer's encoding) right at a buffer boundary, so a CRLF may straddle two reads.
            int boundary = s_boundaries[random.Next(s_boundaries.Length)];
            byte[] cr = writer.GetBytes("\r");
            int at = boundary - cr.Length + random.Next(-1, 2) * cr.Length;
            if (at > 0 && at + cr.Length <= bytes.Count)
            {
                for (int i = 0; i < cr.Length; i++)
                {
                    bytes[at + i] = cr[i];
                }
            }
        }

        if (random.Next(4) == 0 && bytes.Count > 0)
        {
            bytes.RemoveAt(bytes.Count - 1); // often leaves an unfinished sequence at the end
        }

        return bytes.ToArray();
    }
}
