using System;
using System.Diagnostics;
using System.Globalization;
using Streamline.Benchmarks;

// Times SL1005's benchmark pair (tests/Benchmarks/SL1005SliceInsteadOfRangeBenchmarks.cs) where eng/measure-sl1005-mono.sh
// builds it: against Mono's own mscorlib, whose Span<T> is the runtime's (Unity's case), not System.Memory's. The two
// methods run in alternating rounds; each round's time is the best of several calls, and the ratio is taken between
// the best rounds, which resists a loaded machine better than a mean.
internal static class Driver
{
    private static int Main(string[] args)
    {
        int rounds = args.Length > 0 ? int.Parse(args[0], CultureInfo.InvariantCulture) : 200;
        Console.WriteLine("runtime: " + (Type.GetType("Mono.Runtime") is not null ? "Mono " : ".NET ") + Environment.Version + ", span from " + typeof(Span<int>).Assembly.GetName().Name);
        Console.WriteLine("shape\told lowering (us)\tSlice(start) (us)\tratio fixed/old");
        foreach (SL1005SliceInsteadOfRangeBenchmarks.SliceShape shape in Enum.GetValues(typeof(SL1005SliceInsteadOfRangeBenchmarks.SliceShape)))
        {
            var benchmarks = new SL1005SliceInsteadOfRangeBenchmarks { Shape = shape };
            benchmarks.Setup();
            if (benchmarks.RangeAsOldCompilersEmit() != benchmarks.SliceStart())
            {
                Console.WriteLine(shape + ": the two methods disagree");
                return 1;
            }

            double bestOld = double.MaxValue;
            double bestFixed = double.MaxValue;
            for (int round = 0; round < rounds; round++)
            {
                bestOld = Math.Min(bestOld, Time(() => benchmarks.RangeAsOldCompilersEmit()));
                bestFixed = Math.Min(bestFixed, Time(() => benchmarks.SliceStart()));
            }

            Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "{0}\t{1:F1}\t{2:F1}\t{3:F2}", shape, bestOld, bestFixed, bestFixed / bestOld));
        }

        return 0;
    }

    private static double Time(Func<long> run)
    {
        Stopwatch watch = Stopwatch.StartNew();
        run();
        return watch.Elapsed.TotalMilliseconds * 1000;
    }
}
