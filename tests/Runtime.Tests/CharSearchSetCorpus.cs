using System;
using System.IO;

namespace Streamline.Runtime.Tests;

/// <summary>The committed corpus texts, found by walking up from the test binaries.</summary>
public static class CharSearchSetCorpus
{
    private static readonly Lazy<string> s_clarissa1 = new(() => File.ReadAllText(Path.Combine(Directory(), "clarissa_volume1.txt")));

    public static string Clarissa1 => s_clarissa1.Value;

    private static string Directory()
    {
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            string candidate = Path.Combine(directory.FullName, "tests", "corpus");
            if (File.Exists(Path.Combine(candidate, "clarissa_volume1.txt")))
                return candidate;
        }

        throw new DirectoryNotFoundException("tests/corpus was not found above " + AppContext.BaseDirectory);
    }
}
