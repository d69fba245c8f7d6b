using System.IO;

namespace Streamline.Samples;

/// <summary>SL1001: a stream's Position advanced inside a read loop.</summary>
public static class SeekingSamples
{
    // SL1001, fixable to SkipReader: read a 4-byte record, skip the 3 bytes after it, until the file ends.
    public static long SumRecords(string path)
    {
        using var stream = File.OpenRead(path);
        byte[] record = new byte[4];
        long sum = 0;
        int n;
        while ((n = stream.Read(record, 0, record.Length)) > 0)
        {
            sum += record[0] + n;
            stream.Position += 3;
        }

        return sum;
    }

    // Quiet on .NET 10: the loop is not a read-then-skip loop, and here Position's setter costs what Seek costs.
    // On .NET Framework, Mono and netstandard it is reported, with the Seek fix (a FileStream local, a constant offset).
    public static int FirstBytesOfBlocks(string path, int blocks)
    {
        using var stream = File.OpenRead(path);
        int sum = 0;
        for (int i = 0; i < blocks; i++)
        {
            sum += stream.ReadByte();
            stream.Position += 511;
        }

        return sum;
    }

    // Quiet on .NET 10, and reported without a fix on net48: the stream is used for something else in the loop, so a
    // reader holding it ahead would change what it sees, and Position is read as well as advanced.
    public static long LengthAware(string path)
    {
        using var stream = File.OpenRead(path);
        byte[] header = new byte[2];
        long total = 0;
        while (stream.Read(header, 0, 2) > 0)
        {
            total += stream.Length - stream.Position;
            stream.Position += 2;
        }

        return total;
    }
}
