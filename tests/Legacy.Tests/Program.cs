using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;

namespace Streamline.Legacy.Tests;

/// <summary>
/// Differential checks of Streamline.Runtime's netstandard2.0 build against the BCL of the runtime it runs on (Mono
/// under eng/test-mono.sh): LineCounter against File.ReadAllLines, BufferedBinaryReader against BinaryReader,
/// TextCounter against the corpus counts and GNU wc, CharSearchSet against string.IndexOfAny. Every generator is a System.Random with a fixed seed.
/// </summary>
public static class Program
{
    /// <summary>Runs every suite and prints <c>N passed, M failed</c> last.</summary>
    /// <param name="args"><c>--seed N</c> changes the seed (default 20260101); <c>--scale X</c> multiplies the case
    /// counts; <c>--only NAME</c> runs the suites whose name contains NAME.</param>
    /// <returns>0 when every case passed, 1 otherwise.</returns>
    public static int Main(string[] args)
    {
        int seed = 20260101;
        double scale = 1;
        string? only = null;
        for (int i = 0; i + 1 < args.Length; i += 2)
        {
            switch (args[i])
            {
                case "--seed": seed = int.Parse(args[i + 1], CultureInfo.InvariantCulture); break;
                case "--scale": scale = double.Parse(args[i + 1], CultureInfo.InvariantCulture); break;
                case "--only": only = args[i + 1]; break;
                default: Console.Error.WriteLine("unknown option " + args[i]); return 2;
            }
        }

        bool mono = Type.GetType("Mono.Runtime") is not null;
        Console.WriteLine("runtime: " + (mono ? "Mono " : string.Empty) + Environment.Version + ", seed " + seed.ToString(CultureInfo.InvariantCulture));

        var suites = new List<(string Name, Func<int, double, Suite> Run)>
        {
            ("LineCounter", LineCounterChecks.Run),
            ("BufferedBinaryReader", BinaryReaderChecks.Run),
            ("TextCounter", TextCounterChecks.Run),
            ("CharSearchSet", CharSearchSetChecks.Run),
            ("SL1007 BufferedStream", SL1007BufferedStreamChecks.Run),
            ("SL1007 SkipReader", SL1007SkipReaderChecks.Run),
            ("SL1002 ReadAhead", SL1002ReadAheadChecks.Run),
        };

        var results = new List<Suite>();
        foreach ((string name, Func<int, double, Suite> run) in suites.Where(s => only is null || s.Name.IndexOf(only, StringComparison.OrdinalIgnoreCase) >= 0))
        {
            Stopwatch watch = Stopwatch.StartNew();
            Suite suite = run(seed, scale);
            suite.Print();
            Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "  ({0:F1} s)", watch.Elapsed.TotalSeconds));
            results.Add(suite);
        }

        int passed = results.Sum(s => s.Passed);
        int failed = results.Sum(s => s.Failed);
        Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "{0} passed, {1} failed", passed, failed));
        return failed == 0 && passed > 0 ? 0 : 1;
    }
}
