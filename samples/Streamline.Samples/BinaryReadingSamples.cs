using System.IO;

namespace Streamline.Samples;

/// <summary>SL1002: small BinaryReader reads in a loop over a stream. SL1006: a stream's Length read on every pass.</summary>
public static class BinaryReadingSamples
{
    // SL1002 (a warning, with a fix): the reader owns the file stream, so it may read ahead, and the passes grow with a
    // byte count. With a record count instead (i < count) the same read is SL1102, a suggestion: the data gives the count.
    public static long SumUInt16(string path, int byteCount)
    {
        using var reader = new BinaryReader(File.OpenRead(path));
        long sum = 0;
        for (int i = 0; i < byteCount; i += 2)
            sum += reader.ReadUInt16();
        return sum;
    }

    // SL1002 (with a fix from the runtime that has BufferedBinaryReader.Position on): the caller's stream, but the reader
    // is disposed on every path, which puts the stream back where BinaryReader would have left it, and nothing else
    // touches the stream while the reader reads.
    public static long SumRecords(Stream input, int count)
    {
        using var reader = new BinaryReader(input, System.Text.Encoding.UTF8, leaveOpen: true);
        long sum = 0;
        for (int i = 0; i < count; i++)
            sum += reader.ReadInt32() + reader.ReadUInt16();
        return sum;
    }

    // SL1002 (with a fix): the loop hands the reader to a method that only reads small values through it; buffering
    // the reader made here makes those reads fast too.
    public static long SumPoints(string path, int count)
    {
        using var reader = new BinaryReader(File.OpenRead(path));
        long sum = 0;
        for (int i = 0; i < count; i++)
            sum += ReadPoint(reader);
        return sum;
    }

    private static long ReadPoint(BinaryReader reader) => reader.ReadInt32() + (long)reader.ReadInt32();

    // SL1102 (a suggestion): a reader passed in from outside the library, which the caller may use afterwards. The fix
    // reads the counted loop ahead where it is (BufferedBinaryReader.ReadAhead), putting the stream back when it ends.
    public static int SumInt32(BinaryReader reader, int count)
    {
        int sum = 0;
        for (int i = 0; i < count; i++)
            sum += reader.ReadInt32();
        return sum;
    }

    // Quiet: a MemoryStream is already served from memory.
    public static int SumInMemory(byte[] data)
    {
        using var reader = new BinaryReader(new MemoryStream(data));
        int sum = 0;
        for (int i = 0; i < data.Length / 4; i++)
            sum += reader.ReadInt32();
        return sum;
    }

    // SL1006 (with a fix): Length asks the file system for the size on every pass; read it once before the loop.
    public static long SumToEnd(Stream input)
    {
        long sum = 0;
        while (input.Position < input.Length)
            sum += input.ReadByte();
        return sum;
    }
}
