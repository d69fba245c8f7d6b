using System;
using System.IO;

namespace Streamline.Samples;

/// <summary>Runs each sample on a small file it writes, so the flagged code also runs.</summary>
public static class Program
{
    public static void Main()
    {
        string path = Path.GetTempFileName();
        try
        {
            File.WriteAllText(path, "first line\r\nsecond line\nthird line without a newline");
            Console.WriteLine($"SL1003 samples counted {LineCountingSamples.CountWithReadAllLines(path)} lines.");
        }
        finally
        {
            File.Delete(path);
        }
    }
}
