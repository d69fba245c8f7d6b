using System;
using System.IO;
using System.Text;
using BenchmarkDotNet.Attributes;
using Streamline.Runtime;

namespace Streamline.Benchmarks;

/// <summary>Counting lines, words and bytes of a text file: the usual StreamReader loop against TextCounter.</summary>
[MemoryDiagnoser]
public class TextCountingBenchmarks
{
    private string _path = string.Empty;

    /// <summary>How many copies of the corpus text the file holds.</summary>
    [Params(1, 16)]
    public int Copies { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        string? corpus = FindCorpusFile("clarissa_volume6.txt");
        byte[] text = corpus is not null
            ? File.ReadAllBytes(corpus)
            : Encoding.UTF8.GetBytes(string.Concat(System.Linq.Enumerable.Repeat("It is \u201Cgood\u201D \u2014 said she.\r\n", 20_000)));
        _path = Path.Combine(Path.GetTempPath(), $"streamline-textcount-{Copies}.txt");
        using var file = File.Create(_path);
        for (int i = 0; i < Copies; i++)
            file.Write(text, 0, text.Length);
    }

    // The corpus lives in tests/corpus; look for it upwards from wherever BenchmarkDotNet runs us.
    private static string? FindCorpusFile(string name)
    {
        for (string? directory = AppContext.BaseDirectory; directory is not null; directory = Path.GetDirectoryName(directory))
        {
            string candidate = Path.Combine(directory, "tests", "corpus", name);
            if (File.Exists(candidate))
                return candidate;
        }

        return null;
    }

    [GlobalCleanup]
    public void Cleanup() => File.Delete(_path);

    // The flagged shape: decode every line into a string and split it on white space.
    [Benchmark(Baseline = true)]
    public TextCounts StreamReaderSplit()
    {
        long lines = 0;
        long words = 0;
        using var reader = new StreamReader(_path, Encoding.UTF8, detectEncodingFromByteOrderMarks: false);
        string? line;
        while ((line = reader.ReadLine()) is not null)
        {
            lines++;
            words += line.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries).Length;
        }

        return new TextCounts(lines, words, 0, new FileInfo(_path).Length);
    }

    [Benchmark]
    public TextCounts TextCounterCount() => TextCounter.Count(_path, TextCountOptions.Default);
}
