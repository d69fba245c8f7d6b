using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using Streamline.Runtime;

namespace Streamline.SL1004Sizes;

// Why SL1004 stays quiet next to the file system: one search of a file path for a 12-value set (NLog's escape
// characters), flagged (static char[]) and fixed (netstandard2.0 CharSearchSet), beside the file-system calls a method
// that searches a path once typically makes with it (Path.GetFullPath, File.Exists, opening and closing the file).
// Per call, in nanoseconds, best of the rounds; the last column is what the fix saves as a share of the call beside it.
internal static class FileSystemCalls
{
    private const int Calls = 20_000;

    private static readonly char[] s_escapeChars = { '\0', '\a', '\b', '\f', '\n', '\r', '\t', '\v', '"', '|', '<', '>' };

    public static int Run(int rounds)
    {
        string directory = Path.Combine(Path.GetTempPath(), "streamline-sl1004-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(directory);
        try
        {
            string path = Path.Combine(directory, "app-2026-11-25.log");
            File.WriteAllText(path, "x");
            CharSearchSet set = CharSearchSet.Create(new string(s_escapeChars));
            bool mono = Type.GetType("Mono.Runtime") is not null;
            Console.WriteLine("runtime: " + (mono ? "Mono " : ".NET ") + Environment.Version + "; path of " + path.Length + " characters");

            double flagged = Best(rounds, () => { long n = 0; for (int i = 0; i < Calls; i++) n += path.IndexOfAny(s_escapeChars); return n; });
            double fixedUp = Best(rounds, () => { long n = 0; for (int i = 0; i < Calls; i++) n += set.IndexOfAny(path); return n; });
            double fullPath = Best(rounds, () => { long n = 0; for (int i = 0; i < Calls; i++) n += Path.GetFullPath(path).Length; return n; });
            double exists = Best(rounds, () => { long n = 0; for (int i = 0; i < Calls; i++) n += File.Exists(path) ? 1 : 0; return n; });
            double open = Best(Math.Max(1, rounds / 5), () =>
            {
                long n = 0;
                for (int i = 0; i < Calls / 10; i++)
                {
                    using (var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite, 1))
                        n += stream.Length;
                }

                return n * 10;
            }) * 10;

            double saved = flagged - fixedUp;
            Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "search, flagged char[]\t{0:F0} ns", flagged));
            Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "search, fixed CharSearchSet\t{0:F0} ns\tsaves {1:F0} ns ({2:F2}x)", fixedUp, saved, flagged / fixedUp));
            Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "Path.GetFullPath\t{0:F0} ns\tsaving = {1:P1} of it", fullPath, saved / fullPath));
            Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "File.Exists\t{0:F0} ns\tsaving = {1:P1} of it", exists, saved / exists));
            Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "open and close a FileStream\t{0:F0} ns\tsaving = {1:P1} of it", open, saved / open));
            return 0;
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    // Nanoseconds per call: best round of Calls calls.
    private static double Best(int rounds, Func<long> run)
    {
        double best = double.MaxValue;
        run();
        for (int round = 0; round < rounds; round++)
        {
            Stopwatch watch = Stopwatch.StartNew();
            run();
            best = Math.Min(best, watch.Elapsed.TotalMilliseconds * 1_000_000 / Calls);
        }

        return best;
    }
}
