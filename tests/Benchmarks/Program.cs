using System;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Running;

namespace Streamline.Benchmarks;

/// <summary>Entry point: BenchmarkDotNet's switcher over every benchmark class in this assembly.</summary>
public static class Program
{
    private const string InProcessOption = "--inProcess";
    private const string OutOfProcessOption = "--outOfProcess";
    private const string WriteLargeFileOption = "--writeLargeFile";

    /// <summary>Runs the benchmarks the command line selects, for example <c>--filter *SL1003*</c>.</summary>
    /// <param name="args">BenchmarkDotNet command-line arguments.</param>
    /// <remarks>
    /// <c>--writeLargeFile PATH</c> instead writes the <see cref="CorpusFile.Concatenated100MiB"/> input to PATH and exits,
    /// so other tools (GNU <c>wc -l</c>) can be timed on the same bytes.
    /// </remarks>
    public static void Main(string[] args)
    {
        if (args.Length == 2 && IsOption(args[0], WriteLargeFileOption))
        {
            string written = BenchmarkCorpus.WriteConcatenation(BenchmarkCorpus.LargeFileMinimumBytes);
            File.Copy(written, args[1], overwrite: true);
            File.Delete(written);
            return;
        }

        // Under Mono, BenchmarkDotNet's out-of-process toolchain does not produce results here; running in process does
        // (docs/benchmarks.md). --outOfProcess (ours, removed before BenchmarkDotNet sees it) keeps its default.
        bool outOfProcess = args.Any(arg => IsOption(arg, OutOfProcessOption));
        args = args.Where(arg => !IsOption(arg, OutOfProcessOption)).ToArray();
        if (IsMono && !outOfProcess && !args.Any(arg => IsOption(arg, InProcessOption)))
            args = args.Concat(new[] { InProcessOption }).ToArray();

        BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
    }

    private static bool IsOption(string arg, string option) => string.Equals(arg, option, StringComparison.OrdinalIgnoreCase);

    private static bool IsMono => Type.GetType("Mono.Runtime") is not null;
}
