using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using Streamline.Analyzers.Rules;
using Streamline.Analyzers.Tests.Verifiers;
using Streamline.CodeFixes.Rules;

namespace Streamline.Analyzers.Tests;

/// <summary>
/// Fixes of one file that several targets compile (a multi-targeted project), merged as <c>dotnet format</c> merges
/// them (issue 30): no conflict markers, and a text that compiles on every target.
/// </summary>
public class LinkedFileFixTests
{
    private static readonly LinkedTarget[] s_frameworkAndStandard =
    {
        new("Lib(net472)", TestTarget.Net472, LanguageVersion.CSharp7_3, "NETFRAMEWORK"),
        new("Lib(netstandard2.0)", TestTarget.NetStandard20, LanguageVersion.CSharp7_3, "NETSTANDARD"),
    };

    [Fact]
    public async Task SL1004_SetsInBothBranchesOfABody_EachFieldUnderItsBranch()
    {
        string merged = await LinkedFileFixer.FixAllAsync(new SL1004UseCachedSearchValuesAnalyzer(), new SL1004UseCachedSearchValuesCodeFix(), """
            namespace Lib
            {
                public static class Tokens
                {
                    public static int Length(string text) => text.Length;

                    public static int FirstDelimiter(string text)
                    {
            #if NETFRAMEWORK
                        return text.IndexOfAny(new[] { ',', ';', ':', '|', '\t', '/', '\\', '!' });
            #else
                        return text.IndexOfAny(new[] { ',', ';', ':', '|', '\t', '&', '#', '?' });
            #endif
                    }
                }
            }
            """.ReplaceLineEndings("\r\n"), s_frameworkAndStandard);

        Assert.Equal("""
            using Streamline.Runtime;

            namespace Lib
            {
                public static class Tokens
                {
                    public static int Length(string text) => text.Length;

            #if NETFRAMEWORK
                    private static readonly CharSearchSet s_separators = CharSearchSet.Create(",;:|\t/\\!");
            #endif

                    public static int FirstDelimiter(string text)
                    {
            #if NETFRAMEWORK
                        return s_separators.IndexOfAny(text);
            #else
                        return s_separators.IndexOfAny(text);
            #endif
                    }

            #if !NETFRAMEWORK
                    private static readonly CharSearchSet s_separators = CharSearchSet.Create(",;:|\t&#?");
            #endif
                }
            }
            """.ReplaceLineEndings("\r\n"), merged);
    }

    [Fact]
    public async Task SL1004_SetsInARegionOfMembers_EachFieldInItsRegion()
    {
        string merged = await LinkedFileFixer.FixAllAsync(new SL1004UseCachedSearchValuesAnalyzer(), new SL1004UseCachedSearchValuesCodeFix(), """
            namespace Lib
            {
                public static class Tokens
                {
            #if NETFRAMEWORK
                    public static int FirstDelimiter(string text) => text.IndexOfAny(new[] { ',', ';', ':', '|', '\t', '/', '\\', '!' });
            #else
                    /// <summary>The first delimiter.</summary>
                    public static int FirstDelimiter(string text) => text.IndexOfAny(new[] { ',', ';', ':', '|', '\t', '&', '#', '?' });
            #endif
                }
            }
            """.ReplaceLineEndings("\r\n"), s_frameworkAndStandard);

        Assert.Equal("""
            using Streamline.Runtime;

            namespace Lib
            {
                public static class Tokens
                {
            #if NETFRAMEWORK
                    private static readonly CharSearchSet s_separators = CharSearchSet.Create(",;:|\t/\\!");

                    public static int FirstDelimiter(string text) => s_separators.IndexOfAny(text);
            #else
                    private static readonly CharSearchSet s_separators = CharSearchSet.Create(",;:|\t&#?");

                    /// <summary>The first delimiter.</summary>
                    public static int FirstDelimiter(string text) => s_separators.IndexOfAny(text);
            #endif
                }
            }
            """.ReplaceLineEndings("\r\n"), merged);
    }

    // Without the package's props the net8.0 analyzer cannot see the netstandard2.0 target: the fix asks the linked
    // projects, and writes the runtime's set on both instead of SearchValues on one.
    [Fact]
    public async Task SL1004_Net80BesideNetStandard_RuntimeSetOnBoth()
    {
        string merged = await LinkedFileFixer.FixAllAsync(new SL1004UseCachedSearchValuesAnalyzer(), new SL1004UseCachedSearchValuesCodeFix(), """
            namespace Lib
            {
                public static class Escaper
                {
                    public static int Escape(string text, bool all) => text.IndexOfAny(all ? new[] { '\t', '<', '>', '&', '"', '|', '!', '?' } : new[] { '\t', ',', ';', ':', '=', '#', '!', '?' });
                }
            }
            """.ReplaceLineEndings("\r\n"),
            new LinkedTarget("Lib(net8.0)", TestTarget.Net80, LanguageVersion.CSharp12, "NET8_0_OR_GREATER"),
            new LinkedTarget("Lib(net472)", TestTarget.Net472, LanguageVersion.CSharp7_3, "NETFRAMEWORK"));

        Assert.Equal("""
            using Streamline.Runtime;

            namespace Lib
            {
                public static class Escaper
                {
                    private static readonly CharSearchSet s_separators = CharSearchSet.Create("\t<>&\"|!?");
                    private static readonly CharSearchSet s_escapeSeparators = CharSearchSet.Create("\t,;:=#!?");

                    public static int Escape(string text, bool all) => (all ? s_separators : s_escapeSeparators).IndexOfAny(text);
                }
            }
            """.ReplaceLineEndings("\r\n"), merged);
    }

    [Fact]
    public async Task SL1003_UsingAnotherBranchNeeds_Stays()
    {
        string merged = await LinkedFileFixer.FixAllAsync(new SL1003CountLinesWithoutMaterializingAnalyzer(), new SL1003CountLinesWithoutMaterializingCodeFix(), """
            using System.IO;

            namespace Lib
            {
                public static class Lines
                {
            #if NETFRAMEWORK
                    public static int Count(string path) => File.ReadAllLines(path).Length;
            #else
                    public static int Count(string path)
                    {
                        using (var reader = new StreamReader(path))
                        {
                            int count = 0;
                            while (reader.ReadLine() != null)
                                count++;
                            return count;
                        }
                    }
            #endif
                }
            }
            """.ReplaceLineEndings("\r\n"), s_frameworkAndStandard);

        Assert.Equal("""
            using System.IO;
            using Streamline.Runtime;

            namespace Lib
            {
                public static class Lines
                {
            #if NETFRAMEWORK
                    public static int Count(string path) => LineCounter.Count(path);
            #else
                    public static int Count(string path)
                    {
                        using (var reader = new StreamReader(path))
                        {
                            int count = 0;
                            while (reader.ReadLine() != null)
                                count++;
                            return count;
                        }
                    }
            #endif
                }
            }
            """.ReplaceLineEndings("\r\n"), merged);
    }

    [Fact]
    public async Task SL1006_TargetsWithDifferentLanguageVersions_LowestVersionsForm()
    {
        string merged = await LinkedFileFixer.FixAllAsync(new SL1006StreamLengthInLoopAnalyzer(), new SL1006StreamLengthInLoopCodeFix(), """
            using System.IO;

            namespace Lib
            {
                public static class Records
                {
                    public static int CountUntilEnd(string path, int count)
                    {
                        int sum = 0;
                        using (var input = File.OpenRead(path))
                        {
                            for (int i = 0; i < count; i++)
                            {
                                if (input.Position + 4 > input.Length)
                                    break;
                                sum += input.ReadByte();
                            }
                        }

                        return sum;
                    }
                }
            }
            """.ReplaceLineEndings("\r\n"),
            new LinkedTarget("Lib(net8.0)", TestTarget.Net80, LanguageVersion.CSharp12, "NET8_0_OR_GREATER"),
            new LinkedTarget("Lib(netstandard2.0)", TestTarget.NetStandard20, LanguageVersion.CSharp7_3, "NETSTANDARD"));

        Assert.Equal("""
            using System.IO;

            namespace Lib
            {
                public static class Records
                {
                    public static int CountUntilEnd(string path, int count)
                    {
                        int sum = 0;
                        using (var input = File.OpenRead(path))
                        {
                            long length = -1;
                            for (int i = 0; i < count; i++)
                            {
                                if (input.Position + 4 > (length < 0 ? length = input.Length : length))
                                    break;
                                sum += input.ReadByte();
                            }
                        }

                        return sum;
                    }
                }
            }
            """.ReplaceLineEndings("\r\n"), merged);
    }

    private const string UndisposedReader = """
        using System.IO;

        namespace Lib
        {
            public static class Records
            {
                public static long Sum(Stream input, int count)
                {
                    var reader = new BinaryReader(input);
                    long sum = 0;
                    for (int i = 0; i < count; i++)
                        sum += reader.ReadInt32();
                    return sum;
                }
            }
        }
        """;

    /// <summary>SL1002 over a caller's stream that nothing disposes writes a using declaration (C# 8): where one target
    /// compiles the file as C# 7.3 (netstandard2.0 beside net8.0 without LangVersion), no target may write it, since
    /// the fix without the disposal would leave the caller's stream ahead.</summary>
    [Fact]
    public async Task SL1002_UsingDeclaration_NotWritten_WhereATargetIsBeforeCSharp8()
    {
        string merged = await LinkedFileFixer.FixAllAsync(new SL1002BufferSmallBinaryReadsAnalyzer(), new SL1002BufferSmallBinaryReadsCodeFix(), UndisposedReader.ReplaceLineEndings("\r\n"),
            new LinkedTarget("Lib(net8.0)", TestTarget.Net80, LanguageVersion.CSharp12, "NET8_0_OR_GREATER"),
            new LinkedTarget("Lib(netstandard2.0)", TestTarget.NetStandard20, LanguageVersion.CSharp7_3, "NETSTANDARD"));

        Assert.Equal(UndisposedReader.ReplaceLineEndings("\r\n"), merged);
    }

    [Fact]
    public async Task SL1002_UsingDeclaration_WrittenOnce_WhereEveryTargetIsCSharp8OrLater()
    {
        string merged = await LinkedFileFixer.FixAllAsync(new SL1002BufferSmallBinaryReadsAnalyzer(), new SL1002BufferSmallBinaryReadsCodeFix(), UndisposedReader.ReplaceLineEndings("\r\n"),
            new LinkedTarget("Lib(net8.0)", TestTarget.Net80, LanguageVersion.CSharp12, "NET8_0_OR_GREATER"),
            new LinkedTarget("Lib(netstandard2.0)", TestTarget.NetStandard20, LanguageVersion.CSharp12, "NETSTANDARD"));

        Assert.Equal("""
            using System.IO;
            using System.Text;
            using Streamline.Runtime;

            namespace Lib
            {
                public static class Records
                {
                    public static long Sum(Stream input, int count)
                    {
                        using var reader = new BufferedBinaryReader(input, Encoding.UTF8, leaveOpen: true);
                        long sum = 0;
                        for (int i = 0; i < count; i++)
                            sum += reader.ReadInt32();
                        return sum;
                    }
                }
            }
            """.ReplaceLineEndings("\r\n"), merged);
    }
}
