using System.IO;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Streamline.Samples;

/// <summary>SL1003: a file's lines read into memory only to count them.</summary>
public static class LineCountingSamples
{
    // SL1003: every line becomes a string only so that the array's length can be read.
    public static int CountWithReadAllLines(string path) => File.ReadAllLines(path).Length;

    // SL1003: the lazy form still allocates a string per line.
    public static long CountWithReadLines(string path) => File.ReadLines(path, Encoding.UTF8).LongCount();

#if NET
    // SL1003: the async form, with its cancellation token (.NET Core 2.0 and later have it).
    public static async Task<int> CountAsync(string path, CancellationToken cancellationToken)
        => (await File.ReadAllLinesAsync(path, cancellationToken)).Length;
#endif

    // SL1003: a local whose only uses are its length.
    public static bool IsLong(string path)
    {
        string[] lines = File.ReadAllLines(path);
        return lines.Length > 1000;
    }

    // Quiet: the lines are used, not only counted.
    public static string FirstLine(string path)
    {
        string[] lines = File.ReadAllLines(path);
        return lines.Length > 0 ? lines[0] : string.Empty;
    }
}
