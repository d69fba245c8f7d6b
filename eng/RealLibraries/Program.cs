using System;
using System.Diagnostics;
using System.Globalization;
using System.Security.Cryptography;

// Runs Operation.Run(input) once to warm up, then `samples` times, each sample `repeat` calls, and prints the SHA-256
// of the operation's output (the same every call, or the run fails) and the best and median time per call:
//   sha256=<hex> bytes=<n> best_ms=<x> median_ms=<y>
public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Length != 3)
        {
            Console.Error.WriteLine("usage: RealLibraries <input> <samples> <repeat>");
            return 2;
        }

        string input = args[0];
        int samples = int.Parse(args[1], CultureInfo.InvariantCulture);
        int repeat = int.Parse(args[2], CultureInfo.InvariantCulture);
        byte[] output = Operation.Run(input);
        string hash = Hash(output);
        double[] times = new double[samples];
        for (int s = 0; s < samples; s++)
        {
            var watch = Stopwatch.StartNew();
            for (int r = 0; r < repeat; r++)
                output = Operation.Run(input);
            times[s] = watch.Elapsed.TotalMilliseconds / repeat;
            if (Hash(output) != hash)
            {
                Console.Error.WriteLine("the operation's output changed between calls");
                return 1;
            }
        }

        Array.Sort(times);
        Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "sha256={0} bytes={1} best_ms={2:F3} median_ms={3:F3}",
            hash, output.Length, times[0], times[samples / 2]));
        return 0;
    }

    private static string Hash(byte[] bytes)
    {
        using (var sha = SHA256.Create())
            return BitConverter.ToString(sha.ComputeHash(bytes)).Replace("-", string.Empty).ToLowerInvariant();
    }
}
