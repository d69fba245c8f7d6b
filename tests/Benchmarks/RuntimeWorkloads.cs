using System.IO;
using System.Text;
using Streamline.Runtime;

// One text, compiled twice: here against the Streamline.Runtime assembly, and in Streamline.Benchmarks.GeneratedRuntime
// (GENERATED_RUNTIME) against the types Streamline.Generator adds to that project as internal source.
#if GENERATED_RUNTIME
namespace Streamline.Benchmarks.GeneratedRuntime;
#else
namespace Streamline.Benchmarks;
#endif

/// <summary>What each runtime type's benchmark does, the same code for the assembly and for the generated source.</summary>
#if GENERATED_RUNTIME
public static class GeneratedWorkloads
#else
public static class AssemblyWorkloads
#endif
{
    private static readonly CharSearchSet s_separators = CharSearchSet.Create(",;:|\t/\\#!?");
    private static readonly ByteSearchSet s_byteSeparators = ByteSearchSet.Create(Encoding.ASCII.GetBytes(",;:|\t/\\#!?"));

    /// <summary>LineCounter: the lines of a file.</summary>
    public static int Lines(string path) => LineCounter.Count(path);

    /// <summary>TextCounter: lines, words and characters of a text in memory.</summary>
    public static long Text(byte[] utf8)
    {
        TextCounts counts = TextCounter.Count(new MemoryStream(utf8, writable: false));
        return counts.Lines + counts.Words + counts.Chars;
    }

    /// <summary>BufferedBinaryReader: the sum of every UInt16 of the data.</summary>
    public static long UInt16s(byte[] data)
    {
        long sum = 0;
        using (var reader = new BufferedBinaryReader(new MemoryStream(data, writable: false), Encoding.UTF8, leaveOpen: false))
        {
            for (int i = 0; i < data.Length / 2; i++)
                sum += reader.ReadUInt16();
        }

        return sum;
    }

    /// <summary>SkipReader: read one byte of each four, skip the other three.</summary>
    public static long FirstOfFour(byte[] data)
    {
        long sum = 0;
        var one = new byte[1];
        using (var reader = new SkipReader(new MemoryStream(data, writable: false), leaveOpen: false))
        {
            while (reader.Read(one, 0, 1) > 0)
            {
                sum += one[0];
                reader.Skip(3);
            }
        }

        return sum;
    }

    /// <summary>CharSearchSet: how many of ten separators a text holds, one IndexOfAny after another.</summary>
    public static int CharSeparators(string text)
    {
        int found = 0;
        for (int i = s_separators.IndexOfAny(text); i >= 0; i = i + 1 < text.Length ? s_separators.IndexOfAny(text, i + 1) : -1)
            found++;
        return found;
    }

    /// <summary>ByteSearchSet: the same over the text's bytes.</summary>
    public static int ByteSeparators(byte[] utf8)
    {
        int found = 0;
        for (int i = s_byteSeparators.IndexOfAny(utf8); i >= 0; i = i + 1 < utf8.Length ? s_byteSeparators.IndexOfAny(utf8, i + 1, utf8.Length - i - 1) : -1)
            found++;
        return found;
    }
}
