using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Streamline.Runtime.Tests;

public class LineCounterTests
{
    public static TheoryData<string, string> EdgeFiles()
    {
        string[] files =
        {
            "", "0A", "0D", "0D 0A", "0A 0D", "0D 0D", "0A 0A", "61", "61 0A", "61 0D", "61 0D 0A", "61 0A 62", "0D 0A 0D 0A",
            "EF BB BF", "EF BB BF 0A", "EF BB BF 61", "EF BB", "EF", "EF BB 0A", "EF BB BF EF BB BF",
            "FF FE", "FF FE 00", "FF FE 00 00", "FF FE 00 00 0A 00 00 00", "FF FE 0A 00", "FF FE 0A", "FF FE 61 00 0D 00 0A 00",
            "FE FF", "FE FF 00", "FE FF 00 0A", "FE", "FF", "00 00 FE FF", "00 00 FE FF 00 00 00 0A", "00 00 FE", "00 00", "00",
            "E2", "61 0A E2", "61 0A E2 82", "61 0A F0 9F 98", "E2 0A", "0A E2 82 AC", "C0 8A", "ED A0 80", "80 80 80 80 0A",
            "61 00 0A", "0A 00 0D", "00 D8", "00 D8 0A 00", "3D D8 00 DE", "00 DC 61",
        };

        var data = new TheoryData<string, string>();
        foreach (string file in files)
        {
            foreach ((string name, Encoding? _) in TestEncodings.All)
            {
                data.Add(file, name);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(EdgeFiles))]
    public async Task EdgeFile_CountsLikeReadAllLines(string hex, string encodingName)
    {
        byte[] bytes = FromHex(hex);
        Encoding? encoding = TestEncodings.All.Single(e => e.Name == encodingName).Encoding;
        string path = TempFiles.Write(bytes);

        Outcome expected = Bcl.ReadAllLines(path, encoding);
        Assert.Equal(expected, Outcome.Of(() => encoding is null ? LineCounter.Count(path) : LineCounter.Count(path, encoding)));
        Assert.Equal(expected, Outcome.Of(() => encoding is null ? LineCounter.CountLong(path) : LineCounter.CountLong(path, encoding)));
        Outcome expectedAsync = await Bcl.ReadAllLinesAsync(path, encoding);
        Assert.Equal(expectedAsync, await Outcome.OfAsync(async () => encoding is null
            ? await LineCounter.CountAsync(path)
            : await LineCounter.CountAsync(path, encoding)));
        Assert.Equal(expectedAsync, await Outcome.OfAsync(() => encoding is null
            ? LineCounter.CountLongAsync(path)
            : LineCounter.CountLongAsync(path, encoding)));
    }

    [Fact]
    public void EndOfStreamProbe_AgreesWithReadAllLines_OnATruncatedSequence()
    {
        // One lone lead byte: a line of U+FFFD where StreamReader flushes its decoder at the end, nothing where not.
        string path = TempFiles.Write(new byte[] { 0xE2 });

        Assert.Equal(File.ReadAllLines(path).Length == 1, LineCounterState.EndOfStream.FlushesDecoder);
    }

    public static TheoryData<string, int> LongRuns() => new()
    {
        { "\n", 100_000 }, { "\r", 100_000 }, { "\r\n", 60_000 }, { "\n\r", 60_000 }, { "a\r", 40_000 }, { "ab\r\n", 30_000 },
        { "\u00e9\r", 30_000 }, { "x", 70_000 },
    };

    /// <summary>Long files of one repeated piece: tens of 32 KB chunks and many 255-step vector accumulators.</summary>
    [Theory]
    [MemberData(nameof(LongRuns))]
    public void LongRun_CountsLikeReadAllLines(string piece, int repeat)
    {
        string path = TempFiles.Write(Encoding.UTF8.GetBytes(string.Concat(Enumerable.Repeat(piece, repeat))));

        Assert.Equal(File.ReadAllLines(path).Length, LineCounter.Count(path));
        Assert.Equal(File.ReadAllLines(path, Encoding.Unicode).Length, LineCounter.Count(path, Encoding.Unicode));
        Assert.Equal(File.ReadAllLines(path, Encoding.Latin1).Length, LineCounter.Count(path, Encoding.Latin1));
    }

    [Fact]
    public void LongUtf16File_CountsLikeReadAllLines()
    {
        string text = string.Concat(Enumerable.Range(0, 20_000).Select(i => (i % 3) switch { 0 => "line\r\n", 1 => "\u00e9\r", _ => "\ud83d\ude00\n" }));
        foreach (Encoding encoding in new[] { Encoding.Unicode, Encoding.BigEndianUnicode, Encoding.UTF32 })
        {
            string path = TempFiles.Write(encoding.GetPreamble().Concat(encoding.GetBytes(text)).ToArray());

            Assert.Equal(File.ReadAllLines(path).Length, LineCounter.Count(path));
            Assert.Equal(File.ReadAllLines(path, Encoding.Latin1).Length, LineCounter.Count(path, Encoding.Latin1));
        }
    }

    public static TheoryData<string> CorpusFiles()
    {
        var data = new TheoryData<string>();
        foreach ((string file, long _) in Corpus.WcLineCounts())
        {
            data.Add(file);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(CorpusFiles))]
    public async Task CorpusFile_CountsLikeReadAllLines(string file)
    {
        string path = Path.Combine(Corpus.Folder, file);

        int expected = File.ReadAllLines(path).Length;
        Assert.Equal(expected, LineCounter.Count(path));
        Assert.Equal(expected, LineCounter.CountLong(path));
        Assert.Equal(expected, await LineCounter.CountAsync(path));
        Assert.Equal(File.ReadAllLines(path, Encoding.Latin1).Length, LineCounter.Count(path, Encoding.Latin1));
    }

    /// <summary>
    /// The README's counts are GNU <c>wc -l</c>: the number of 0x0A bytes. ReadAllLines also ends a line at a lone
    /// \r and counts a last line that has no line break; for these UTF-8 texts that is the whole difference.
    /// </summary>
    [Theory]
    [MemberData(nameof(CorpusFiles))]
    public void CorpusFile_WcCountIsLineFeeds_AndDiffersFromReadAllLinesOnlyByLoneCrAndLastLine(string file)
    {
        long wcLines = Corpus.WcLineCounts().Single(row => row.File == file).WcLines;
        byte[] bytes = File.ReadAllBytes(Path.Combine(Corpus.Folder, file));
        long lineFeeds = bytes.Count(b => b == '\n');
        long loneCarriageReturns = Enumerable.Range(0, bytes.Length).Count(i => bytes[i] == '\r' && (i + 1 == bytes.Length || bytes[i + 1] != '\n'));
        bool unterminatedLastLine = bytes.Length > 0 && bytes[^1] != '\n' && bytes[^1] != '\r';

        Assert.Equal(wcLines, lineFeeds);
        Assert.Equal(wcLines + loneCarriageReturns + (unterminatedLastLine ? 1 : 0), LineCounter.CountLong(Path.Combine(Corpus.Folder, file)));
    }

    [Fact]
    public void Count_AllocatesLessThan64KB_OnMultiMegabyteFiles()
    {
        string utf8 = Path.Combine(Corpus.Folder, "les_miserables_pg135.txt");
        string text = File.ReadAllText(utf8);
        string utf16 = TempFiles.Write(Encoding.Unicode.GetPreamble().Concat(Encoding.Unicode.GetBytes(text)).ToArray());
        const long Limit = (64 * 1024) + 4096;

        // Cold: on a fresh thread, before anything is pooled for it.
        long coldUtf8 = 0;
        long coldUtf16 = 0;
        var thread = new Thread(() =>
        {
            coldUtf8 = AllocatedBy(() => LineCounter.Count(utf8));
            coldUtf16 = AllocatedBy(() => LineCounter.Count(utf16));
        });
        thread.Start();
        thread.Join();
        long warmUtf8 = AllocatedBy(() => LineCounter.Count(utf8));
        long warmUtf16 = AllocatedBy(() => LineCounter.Count(utf16));

        Assert.True(new FileInfo(utf16).Length > 6_000_000);
        Assert.InRange(coldUtf8, 0, Limit);
        Assert.InRange(coldUtf16, 0, Limit);
        Assert.InRange(warmUtf8, 0, Limit);
        Assert.InRange(warmUtf16, 0, Limit);

        static long AllocatedBy(Func<int> count)
        {
            count(); // JIT and static initialisation are not the call's own.
            long before = GC.GetAllocatedBytesForCurrentThread();
            count();
            return GC.GetAllocatedBytesForCurrentThread() - before;
        }
    }

    [Fact]
    public void ToInt32_ThrowsOverflow_PastInt32MaxValue()
    {
        Assert.Equal(int.MaxValue, LineCounter.ToInt32(int.MaxValue));
        Assert.Throws<OverflowException>(() => LineCounter.ToInt32(int.MaxValue + 1L));
    }

    public static TheoryData<string> BadPaths() => new()
    {
        "<null>", string.Empty, "   ", "a\0b", "/nonexistent-streamline-folder/file.txt", "<missing file>", "<folder>",
        "<unreadable file>", "<locked file>",
    };

    [Theory]
    [MemberData(nameof(BadPaths))]
    public void BadPath_ThrowsLikeReadAllLines(string kind)
    {
        using Scenario scenario = Scenario.For(kind);
        string path = scenario.Path!;

        Assert.Equal(Bcl.ReadAllLines(path, null), Outcome.Of(() => LineCounter.Count(path)));
        Assert.Equal(Bcl.ReadAllLines(path, null), Outcome.Of(() => LineCounter.CountLong(path)));
        Assert.Equal(Bcl.ReadAllLines(path, Encoding.Unicode), Outcome.Of(() => LineCounter.Count(path, Encoding.Unicode)));
        Assert.Equal(Bcl.ReadAllLines(path, Encoding.Unicode), Outcome.Of(() => LineCounter.CountLong(path, Encoding.Unicode)));
        Outcome nullEncoding = Outcome.Of(() => File.ReadAllLines(path, null!).Length);
        Assert.Equal(nullEncoding, Outcome.Of(() => LineCounter.Count(path, null!)));
        Assert.Equal(nullEncoding, Outcome.Of(() => LineCounter.CountLong(path, null!)));
    }

    [Theory]
    [MemberData(nameof(BadPaths))]
    public void BadPath_AsyncThrowsOrFaultsLikeReadAllLinesAsync(string kind)
    {
        using Scenario scenario = Scenario.For(kind);
        string path = scenario.Path!;

        Assert.Equal(Placement.Of(() => File.ReadAllLinesAsync(path)), Placement.Of(() => LineCounter.CountAsync(path)));
        Assert.Equal(Placement.Of(() => File.ReadAllLinesAsync(path)), Placement.Of(() => LineCounter.CountLongAsync(path)));
        Assert.Equal(Placement.Of(() => File.ReadAllLinesAsync(path, null!)), Placement.Of(() => LineCounter.CountAsync(path, null!)));
        Assert.Equal(Placement.Of(() => File.ReadAllLinesAsync(path, null!)), Placement.Of(() => LineCounter.CountLongAsync(path, null!)));
        Assert.Equal(
            Placement.Of(() => File.ReadAllLinesAsync(path, Encoding.UTF8, CancelledToken.Value)),
            Placement.Of(() => LineCounter.CountAsync(path, Encoding.UTF8, CancelledToken.Value)));
    }

    [Fact]
    public void CancelledToken_GivesCanceledTask_LikeReadAllLinesAsync()
    {
        string path = TempFiles.Write("a\nb\n"u8.ToArray());

        Placement expected = Placement.Of(() => File.ReadAllLinesAsync(path, CancelledToken.Value));
        Assert.Equal("canceled", expected.Kind);
        Assert.Equal(expected, Placement.Of(() => LineCounter.CountAsync(path, CancelledToken.Value)));
        Assert.Equal(expected, Placement.Of(() => LineCounter.CountLongAsync(path, CancelledToken.Value)));
        Assert.Equal(expected, Placement.Of(() => LineCounter.CountAsync(path, Encoding.Latin1, CancelledToken.Value)));
        Assert.Equal(expected, Placement.Of(() => LineCounter.CountLongAsync(path, Encoding.Latin1, CancelledToken.Value)));
    }

    [Fact]
    public async Task TokenCancelledWhileCounting_CancelsTheTask()
    {
        string path = TempFiles.Write(Encoding.UTF8.GetBytes(string.Concat(Enumerable.Repeat("line\n", 200_000))));
        using var source = new CancellationTokenSource();
        Task<long> counting = LineCounter.CountLongCoreAsync(path, Encoding.UTF8, 64, 64, source.Token);
        source.Cancel();

        // The count may finish first on a fast machine; if it did not, the task must be canceled, not faulted.
        try
        {
            Assert.Equal(200_000, await counting);
        }
        catch (OperationCanceledException)
        {
            Assert.True(counting.IsCanceled);
        }
    }

    private static byte[] FromHex(string hex) =>
        hex.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(h => byte.Parse(h, NumberStyles.HexNumber, CultureInfo.InvariantCulture)).ToArray();

    /// <summary>Where an async call reported its outcome: thrown at the call, or in a faulted or canceled task.</summary>
    private readonly record struct Placement(string Kind, Type? Exception, string? ParamName)
    {
        public static Placement Of(Func<Task> call)
        {
            Task task;
            try
            {
                task = call();
            }
            catch (Exception exception)
            {
                return new Placement("thrown", exception.GetType(), (exception as ArgumentException)?.ParamName);
            }

            try
            {
                task.GetAwaiter().GetResult();
            }
            catch (Exception)
            {
            }

            if (task.IsCanceled)
            {
                return new Placement("canceled", null, null);
            }

            Exception? inner = task.Exception?.InnerException;
            return inner is null
                ? new Placement("completed", null, null)
                : new Placement("faulted", inner.GetType(), (inner as ArgumentException)?.ParamName);
        }
    }

    /// <summary>A bad path, and whatever must be undone after it.</summary>
    private sealed class Scenario : IDisposable
    {
        private readonly List<IDisposable> _cleanup = new();

        public string? Path { get; private set; }

        public static Scenario For(string kind)
        {
            var scenario = new Scenario();
            switch (kind)
            {
                case "<null>":
                    scenario.Path = null;
                    break;
                case "<missing file>":
                    scenario.Path = TempFiles.NewPath();
                    break;
                case "<folder>":
                    scenario.Path = System.IO.Path.GetDirectoryName(TempFiles.Write(Array.Empty<byte>()));
                    break;
                case "<unreadable file>":
                    // Running as root, the file stays readable; then both sides count it.
                    scenario.Path = TempFiles.Write("a\n"u8.ToArray());
                    if (!OperatingSystem.IsWindows())
                    {
                        File.SetUnixFileMode(scenario.Path, UnixFileMode.None);
                    }

                    break;
                case "<locked file>":
                    scenario.Path = TempFiles.Write("a\n"u8.ToArray());
                    scenario._cleanup.Add(new FileStream(scenario.Path, FileMode.Open, FileAccess.ReadWrite, FileShare.None));
                    break;
                default:
                    scenario.Path = kind;
                    break;
            }

            return scenario;
        }

        public void Dispose()
        {
            foreach (IDisposable item in _cleanup)
            {
                item.Dispose();
            }
        }
    }
}
