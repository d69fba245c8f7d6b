using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Streamline.Analyzers.Rules;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1004UseCachedSearchValuesAnalyzer,
    Streamline.CodeFixes.Rules.SL1004UseCachedSearchValuesCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

[Trait("Rule", "SL1004")]
public class SL1004UseCachedSearchValuesTests
{
    private const string MultiTarget = "net48;net8.0";

    private static Task VerifyFixAsync(string source, string fixedSource, TestTarget target, string? targetFrameworks = null, int? minValues = null, string? batchFixed = null)
    {
        var test = new Verify.Test(target) { TestCode = source, FixedCode = fixedSource };
        if (batchFixed is not null)
            test.BatchFixedCode = batchFixed;

        AddConfig(test, targetFrameworks, minValues);
        return test.RunAsync(CancellationToken.None);
    }

    private static Task VerifyQuietAsync(string source, TestTarget target, string? targetFrameworks = null, int? minValues = null)
    {
        var test = new Verify.Test(target) { TestCode = source };
        AddConfig(test, targetFrameworks, minValues);
        return test.RunAsync(CancellationToken.None);
    }

    private static void AddConfig(Verify.Test test, string? targetFrameworks, int? minValues)
    {
        string config = "is_global = true\n";
        if (targetFrameworks is not null)
            config += "build_property.StreamlineTargetFrameworks = " + targetFrameworks.Replace(';', ',') + "\n";
        if (minValues is not null)
            config += SL1004UseCachedSearchValuesAnalyzer.MinValuesOption + " = " + minValues + "\n";
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", config));
    }

    // ----- .NET Framework, Mono, Unity, netstandard2.0: no SearchValues, no CA1870 --------------------------------

    // A net48;netstandard2.0;net8.0 library: the netstandard2.0 target reports the five-value set too (net48 gains from
    // four), so both targets write the same change and dotnet format merges them without conflict markers.
    [Fact]
    public Task MultiTarget_NetStandard20_UsesTheLowestThresholdOfTheProject()
        => VerifyFixAsync("""
            class C
            {
                int M(string text) => text.IndexOfAny({|SL1004:new[] { ',', ';', ':', '|', '\t' }|});
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_separators = CharSearchSet.Create(",;:|\t");

                int M(string text) => s_separators.IndexOfAny(text);
            }
            """, TestTarget.NetStandard20, targetFrameworks: "net48;netstandard2.0;net8.0");

    private const string NamingRules = """
        root = true

        [*.cs]
        dotnet_naming_rule.statics.symbols = private_statics
        dotnet_naming_rule.statics.style = {0}
        dotnet_naming_rule.statics.severity = warning
        dotnet_naming_rule.fields.symbols = private_fields
        dotnet_naming_rule.fields.style = underscored
        dotnet_naming_rule.fields.severity = warning
        dotnet_naming_symbols.private_statics.applicable_kinds = field
        dotnet_naming_symbols.private_statics.applicable_accessibilities = private
        dotnet_naming_symbols.private_statics.required_modifiers = static, readonly
        dotnet_naming_symbols.private_fields.applicable_kinds = field
        dotnet_naming_symbols.private_fields.applicable_accessibilities = private
        dotnet_naming_style.pascal.capitalization = pascal_case
        dotnet_naming_style.underscored.capitalization = camel_case
        dotnet_naming_style.underscored.required_prefix = _
        dotnet_naming_style.upper_snake.capitalization = all_upper
        dotnet_naming_style.upper_snake.word_separator = _
        """;

    // The field follows the project's .editorconfig naming rule for private static readonly fields (the more specific
    // rule wins over the one for all private fields), and s_camelCase only where no rule applies.
    [Theory]
    [InlineData("pascal", "Separators", "EscapeXmlSeparators")]
    [InlineData("underscored", "_separators", "_escapeXmlSeparators")]
    [InlineData("upper_snake", "SEPARATORS", "ESCAPE_XML_SEPARATORS")]
    public Task Fix_NamesTheFieldByTheEditorConfigNamingRule(string style, string name, string secondName)
    {
        var test = new Verify.Test(TestTarget.NetStandard20)
        {
            TestCode = """
                class C
                {
                    int M(string text) => text.IndexOfAny({|SL1004:new[] { ',', ';', ':', '|', '\t', '!' }|});
                    int EscapeXml(string text) => text.IndexOfAny({|SL1004:new[] { '<', '>', '&', '"', '\'', '/', '=' }|});
                }
                """,
            FixedCode = $$"""
                using Streamline.Runtime;

                class C
                {
                    private static readonly CharSearchSet {{name}} = CharSearchSet.Create(",;:|\t!");
                    private static readonly CharSearchSet {{secondName}} = CharSearchSet.Create("<>&\"'/=");

                    int M(string text) => {{name}}.IndexOfAny(text);
                    int EscapeXml(string text) => {{secondName}}.IndexOfAny(text);
                }
                """,
        };
        test.TestState.AnalyzerConfigFiles.Add(("/.editorconfig", NamingRules.Replace("{0}", style, System.StringComparison.Ordinal)));
        return test.RunAsync(CancellationToken.None);
    }

    [Fact]
    public Task MultiTarget_OnlyModernTargets_KeepTheModernThreshold()
        => VerifyQuietAsync("""
            class C
            {
                int M(string text) => text.IndexOfAny(new[] { ',', ';', ':', '|', '\t' });
            }
            """, TestTarget.NetStandard20, targetFrameworks: "netstandard2.0;net8.0");

    [Theory]
    [InlineData(TestTarget.Net472)]
    public Task Fix_Legacy_InlineArray_ToCharSearchSet(TestTarget target)
        => VerifyFixAsync("""
            class C
            {
                int M(string text) => text.IndexOfAny({|SL1004:new[] { ' ', '\t', '\r', '\n' }|});
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_whitespace = CharSearchSet.Create(" \t\r\n");

                int M(string text) => s_whitespace.IndexOfAny(text);
            }
            """, target);

    // A netstandard2.x library mostly runs on .NET 8+, where four values gain under 1.5x (docs/rules/SL1004.md).
    [Fact]
    public Task Quiet_NetStandard20_FourValues_BelowTheModernThreshold()
        => VerifyQuietAsync("""
            class C
            {
                int M(string text) => text.IndexOfAny(new[] { ' ', '\t', '\r', '\n' });
            }
            """, TestTarget.NetStandard20);

    [Fact]
    public Task Fix_NetStandard20_SixValues_ToCharSearchSet()
        => VerifyFixAsync("""
            class C
            {
                int M(string text) => text.IndexOfAny({|SL1004:new[] { ' ', '\t', '\r', '\n', '\f', '\v' }|});
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_whitespace = CharSearchSet.Create(" \t\r\n\f\v");

                int M(string text) => s_whitespace.IndexOfAny(text);
            }
            """, TestTarget.NetStandard20);

    [Theory]
    [InlineData(TestTarget.Net472)]
    [InlineData(TestTarget.NetStandard20)]
    public Task Fix_Legacy_InlineArray_ToTheGeneratedCharSearchSet(TestTarget target)
    {
        var test = new Verify.Test(target, referenceRuntime: false)
        {
            GeneratedRuntime = true,
            TestCode = """
                class C
                {
                    int M(string text) => text.IndexOfAny({|SL1004:new[] { ' ', '\t', '\r', '\n', '\f', '\v' }|});
                }
                """,
            FixedCode = """
                using Streamline.Runtime;

                class C
                {
                    private static readonly CharSearchSet s_whitespace = CharSearchSet.Create(" \t\r\n\f\v");

                    int M(string text) => s_whitespace.IndexOfAny(text);
                }
                """,
        };
        AddConfig(test, targetFrameworks: null, minValues: null);
        return test.RunAsync(CancellationToken.None);
    }

    [Fact]
    public Task Quiet_Legacy_ThreeValues_BelowThreshold()
        => VerifyQuietAsync("""
            class C
            {
                int M(string text) => text.IndexOfAny(new[] { ' ', '\t', '\n' });
            }
            """, TestTarget.Net472);

    [Fact]
    public Task Fix_Legacy_MinValuesOption_LowersTheThreshold()
        => VerifyFixAsync("""
            class C
            {
                int M(string text) => text.IndexOfAny({|SL1004:new[] { ',', ';' }|});
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_separators = CharSearchSet.Create(",;");

                int M(string text) => s_separators.IndexOfAny(text);
            }
            """, TestTarget.Net472, minValues: 2);

    [Fact]
    public Task Quiet_MinValuesOption_RaisesTheThreshold()
        => VerifyQuietAsync("""
            class C
            {
                int M(string text) => text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' });
            }
            """, TestTarget.Net472, minValues: 8);

    [Fact]
    public Task Fix_Legacy_LastIndexOfAny_StartAndCount_ToCharArray()
        => VerifyFixAsync("""
            class C
            {
                int M(string text) => text.LastIndexOfAny({|SL1004:"0123456789".ToCharArray()|}, 10, 5);
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_digits = CharSearchSet.Create("0123456789");

                int M(string text) => s_digits.LastIndexOfAny(text, 10, 5);
            }
            """, TestTarget.Net472);

    [Fact]
    public Task Fix_Legacy_StaticReadonlyField_OnlySearched()
        => VerifyFixAsync("""
            class C
            {
                private static readonly char[] s_invalid = { '<', '>', ':', '"', '|', '?', '*' };

                int First(string path) => path.IndexOfAny({|SL1004:s_invalid|});
                int Last(string path) => path.LastIndexOfAny({|SL1004:s_invalid|}, 3);
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_invalid = CharSearchSet.Create("<>:\"|?*");

                int First(string path) => s_invalid.IndexOfAny(path);
                int Last(string path) => s_invalid.LastIndexOfAny(path, 3);
            }
            """, TestTarget.Net472);

    [Theory]
    [InlineData("s_set[0] = 'x';")]
    [InlineData("Use(s_set);")]
    [InlineData("var copy = s_set;")]
    [InlineData("s_set[0]++;")]
    [InlineData("s_set[1] += (char)1;")]
    [InlineData("(s_set[0], s_set[1]) = ('x', 'y');")]
    [InlineData("ref char first = ref s_set[0];")]
    [InlineData("System.Array.Sort(s_set);")]
    [InlineData("Fill(out s_set[0]);")]
    public Task Quiet_FieldWrittenOrHandedOut(string statement)
        => VerifyQuietAsync($$"""
            class C
            {
                private static readonly char[] s_set = { 'a', 'b', 'c', 'd', 'e', 'f' };

                int M(string text) => text.IndexOfAny(s_set);
                void N() { {{statement}} }
                static void Use(char[] values) { }
                static void Fill(out char value) => value = 'x';
            }
            """, TestTarget.Net472);

    [Fact]
    public Task Quiet_NonConstantSets_AndConditionalAccess()
        => VerifyQuietAsync("""
            class C
            {
                private char[] _instance = { 'a', 'b', 'c', 'd', 'e', 'f' };
                public static readonly char[] Shared = { 'a', 'b', 'c', 'd', 'e', 'f' };

                int A(string text, char[] values) => text.IndexOfAny(values);
                int B(string text, char c) => text.IndexOfAny(new[] { c, 'b', 'c', 'd', 'e', 'f' });
                int C1(string text) => text.IndexOfAny(_instance);
                int D(string text) => text.IndexOfAny(Shared);
                int? E(string? text) => text?.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' });
            }
            """, TestTarget.Net472);

    // A search that runs at most once per file-system call saves a few percent of the pass (docs/rules/SL1004.md):
    // the file path cleaned before it is resolved or opened (NLog's FileTarget), in a method or in the same loop pass.
    [Theory]
    [InlineData(TestTarget.NetStandard20)]
    [InlineData(TestTarget.Net472)]
    public Task Quiet_BesideFileSystemWork_InTheSamePass(TestTarget target)
        => VerifyQuietAsync("""
            using System.IO;

            class C
            {
                private static readonly char[] s_escapes = { '\0', '\a', '\b', '\f', '\n', '\r', '\t', '\v', '"', '|', '<', '>' };

                static string Clean(string fileName)
                {
                    if (fileName.IndexOfAny(s_escapes) >= 0)
                    {
                        foreach (char c in s_escapes)
                            fileName = fileName.Replace(c, '_');
                    }

                    return Path.GetFullPath(fileName);
                }

                static bool Exists(string name) => name.IndexOfAny(s_escapes) < 0 && File.Exists(name);

                static long Sizes(string[] names)
                {
                    long total = 0;
                    foreach (string name in names)
                    {
                        if (name.IndexOfAny(s_escapes) < 0)
                            total += new FileInfo(name).Length;
                    }

                    return total;
                }

                static void Append(string path, string text)
                {
                    if (text.IndexOfAny(new[] { '\0', '\a', '\b', '\f', '\v', '|' }) >= 0)
                        return;

                    using (var writer = new StreamWriter(path, append: true))
                        writer.Write(text);
                }
            }
            """, target);

    // The file-system call runs once and the search on every line, or the search runs where the call is not (a lambda,
    // a foreach collection), or the call only builds a string (Path.Combine): reported.
    [Fact]
    public Task Reported_WhereTheFileSystemCallRunsLessOftenThanTheSearch()
        => VerifyFixAsync("""
            using System;
            using System.IO;

            class C
            {
                private static readonly char[] s_escapes = { '\0', '\a', '\b', '\f', '\n', '\r', '\t', '\v', '"', '|', '<', '>' };

                static int PerLine(string path)
                {
                    int count = 0;
                    foreach (string line in File.ReadLines(path))
                        count += line.IndexOfAny({|SL1004:s_escapes|}) >= 0 ? 1 : 0;

                    return count;
                }

                static int PerName(string[] names, string directory)
                {
                    int count = 0;
                    for (int i = 0; i < names.Length; i++)
                        count += Path.Combine(directory, names[i]).IndexOfAny({|SL1004:s_escapes|});

                    return count + (Directory.Exists(directory) ? 1 : 0);
                }

                static Func<string, bool> Checker(string path)
                {
                    bool exists = File.Exists(path);
                    return name => exists && name.IndexOfAny({|SL1004:s_escapes|}) < 0;
                }
            }
            """, """
            using System;
            using System.IO;
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_escapes = CharSearchSet.Create("\0\u0007\u0008\f\n\r\t\v\"|<>");

                static int PerLine(string path)
                {
                    int count = 0;
                    foreach (string line in File.ReadLines(path))
                        count += s_escapes.IndexOfAny(line) >= 0 ? 1 : 0;

                    return count;
                }

                static int PerName(string[] names, string directory)
                {
                    int count = 0;
                    for (int i = 0; i < names.Length; i++)
                        count += s_escapes.IndexOfAny(Path.Combine(directory, names[i]));

                    return count + (Directory.Exists(directory) ? 1 : 0);
                }

                static Func<string, bool> Checker(string path)
                {
                    bool exists = File.Exists(path);
                    return name => exists && s_escapes.IndexOfAny(name) < 0;
                }
            }
            """, TestTarget.NetStandard20);

    [Fact]
    public Task Fix_ArrayAlsoReadOtherwise_KeepsTheArray_AddsTheSetBesideIt()
        => VerifyFixAsync("""
            using System;
            using System.Linq;

            class C
            {
                private static readonly char[] s_invalid = { '<', '>', ':', '"', '|', '?', '*' };
                private int _count;

                string Escape(string name)
                {
                    if (name.IndexOfAny({|SL1004:s_invalid|}) < 0)
                        return name;

                    foreach (char c in s_invalid)
                        name = name.Replace(c, '_');

                    _count += s_invalid.Length + (s_invalid.Contains('<') ? 1 : 0) + Array.IndexOf(s_invalid, ':');
                    return name.Trim(s_invalid) + s_invalid[0] + name.Split(s_invalid).Length;
                }
            }
            """, """
            using System;
            using System.Linq;
            using Streamline.Runtime;

            class C
            {
                private static readonly char[] s_invalid = { '<', '>', ':', '"', '|', '?', '*' };
                private static readonly CharSearchSet s_invalidSet = CharSearchSet.Create("<>:\"|?*");
                private int _count;

                string Escape(string name)
                {
                    if (s_invalidSet.IndexOfAny(name) < 0)
                        return name;

                    foreach (char c in s_invalid)
                        name = name.Replace(c, '_');

                    _count += s_invalid.Length + (s_invalid.Contains('<') ? 1 : 0) + Array.IndexOf(s_invalid, ':');
                    return name.Trim(s_invalid) + s_invalid[0] + name.Split(s_invalid).Length;
                }
            }
            """, TestTarget.Net472);

    [Fact]
    public Task Fix_ArrayOnlySearched_BecomesTheSet_InItsPlace_KeepingItsComments()
        => VerifyFixAsync("""
            class C
            {
                private int _first;

                // Characters a file name cannot hold.
                private static readonly char[] s_invalid =
                {
                    '<', '>', ':', '"', '|', '?', '*', // the reserved ones
                };

                int First(string path) => path.IndexOfAny({|SL1004:s_invalid|});
                int Last(string path) => path.LastIndexOfAny({|SL1004:s_invalid|}, 3);
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private int _first;

                // Characters a file name cannot hold.
                private static readonly CharSearchSet s_invalid = CharSearchSet.Create("<>:\"|?*"); // the reserved ones

                int First(string path) => s_invalid.IndexOfAny(path);
                int Last(string path) => s_invalid.LastIndexOfAny(path, 3);
            }
            """, TestTarget.Net472);

    [Fact]
    public Task Fix_TabIndentedFile_NewFieldIndentedWithTabs()
        => VerifyFixAsync("""
            namespace N
            {
            	class C
            	{
            		int M(string text) => text.IndexOfAny({|SL1004:new[] { ' ', '\t', '\r', '\n' }|});
            	}
            }
            """, """
            using Streamline.Runtime;

            namespace N
            {
            	class C
            	{
            		private static readonly CharSearchSet s_whitespace = CharSearchSet.Create(" \t\r\n");

            		int M(string text) => text.IndexOfAny(s_whitespace);
            	}
            }
            """.Replace("text.IndexOfAny(s_whitespace)", "s_whitespace.IndexOfAny(text)"), TestTarget.Net472);

    [Fact]
    public Task Fix_TabIndentedFile_FieldBesideTheArray_IndentedWithTabs()
        => VerifyFixAsync("""
            class C
            {
            	private static readonly char[] s_separators = { ',', ';', ':', '|' };

            	int M(string text) => text.IndexOfAny({|SL1004:s_separators|}) + s_separators.Length;
            }
            """, """
            using Streamline.Runtime;

            class C
            {
            	private static readonly char[] s_separators = { ',', ';', ':', '|' };
            	private static readonly CharSearchSet s_separatorsSet = CharSearchSet.Create(",;:|");

            	int M(string text) => s_separatorsSet.IndexOfAny(text) + s_separators.Length;
            }
            """, TestTarget.Net472);

    [Fact]
    public Task Fix_TwoSetsOfOneKind_SecondNamedForItsMethod_NoNumber()
        => VerifyFixAsync("""
            class C
            {
                int EscapeXml(string text) => text.IndexOfAny({|SL1004:new[] { '<', '>', '&', '"' }|});
                int SplitPath(string text) => text.IndexOfAny({|SL1004:new[] { '/', '\\', ':', '|' }|});
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_separators = CharSearchSet.Create("<>&\"");
                private static readonly CharSearchSet s_splitPathSeparators = CharSearchSet.Create("/\\:|");

                int EscapeXml(string text) => s_separators.IndexOfAny(text);
                int SplitPath(string text) => s_splitPathSeparators.IndexOfAny(text);
            }
            """, TestTarget.Net472);

    // NLog's XML escaper: text.IndexOfAny(newlines ? XmlEscapeNewlineChars : XmlEscapeChars), on its hot path.
    [Fact]
    public Task Fix_ChoiceOfArrays_EachArrayBecomesItsSet()
        => VerifyFixAsync("""
            class C
            {
                private static readonly char[] s_escape = { '<', '>', '&', '\'', '"' };
                private static readonly char[] s_escapeNewlines = { '<', '>', '&', '\'', '"', '\r', '\n' };

                int A(string text, bool newlines) => text.IndexOfAny({|SL1004:newlines ? s_escapeNewlines : s_escape|});
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_escape = CharSearchSet.Create("<>&'\"");
                private static readonly CharSearchSet s_escapeNewlines = CharSearchSet.Create("<>&'\"\r\n");

                int A(string text, bool newlines) => (newlines ? s_escapeNewlines : s_escape).IndexOfAny(text);
            }
            """, TestTarget.NetStandard20);

    [Fact]
    public Task Fix_Net80_ChoiceOfInlineSets_ToSearchValues_InTheChoice()
        => VerifyFixAsync("""
            using System;

            class C
            {
                const char Tab = '\t';

                int Escape(string text, bool all) => text.IndexOfAny({|SL1004:all ? new[] { Tab, '<', '>', '&', '"', '|' } : new[] { Tab, ',', ';', ':', '=', '#', '!' }|});
            }
            """, """
            using System;
            using System.Buffers;

            class C
            {
                private static readonly SearchValues<char> s_separators = SearchValues.Create("\t<>&\"|");
                private static readonly SearchValues<char> s_escapeSeparators = SearchValues.Create("\t,;:=#!");
                const char Tab = '\t';

                int Escape(string text, bool all) => text.AsSpan().IndexOfAny(all ? s_separators : s_escapeSeparators);
            }
            """, TestTarget.Net80);

    // kind switch { ... => set, ... }: one set per arm (an array used only there becomes its set in place), and Fix All
    // gives the same switch in another method the same fields.
    [Fact]
    public Task Fix_SwitchOfSets_OneSetPerArm()
        => VerifyFixAsync("""
            class C
            {
                private static readonly char[] s_escape = { '<', '>', '&', '\'', '"', '\t' };
                private static readonly char[] s_escapeNewlines = { '<', '>', '&', '\'', '"', '\r', '\n' };

                int A(string text, int kind) => text.IndexOfAny({|SL1004:kind switch { 0 => s_escape, 1 => new[] { ',', ';', ':', '|', '=', '&' }, _ => s_escapeNewlines }|});

                int B(string text, int kind)
                {
                    return text.IndexOfAny({|SL1004:kind switch
                    {
                        0 => s_escape, // markup
                        1 => new[] { ',', ';', ':', '|', '=', '&' },
                        _ => s_escapeNewlines,
                    }|});
                }
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_escape = CharSearchSet.Create("<>&'\"\t");
                private static readonly CharSearchSet s_escapeNewlines = CharSearchSet.Create("<>&'\"\r\n");
                private static readonly CharSearchSet s_separators = CharSearchSet.Create(",;:|=&");

                int A(string text, int kind) => (kind switch { 0 => s_escape, 1 => s_separators, _ => s_escapeNewlines }).IndexOfAny(text);

                int B(string text, int kind)
                {
                    return (kind switch
                    {
                        0 => s_escape, // markup
                        1 => s_separators,
                        _ => s_escapeNewlines,
                    }).IndexOfAny(text);
                }
            }
            """, TestTarget.NetStandard20);

    // A switch statement whose sections each search with a constant set: every search gets its own set.
    [Fact]
    public Task Fix_SwitchStatement_EachSectionsSearchGetsItsSet()
        => VerifyFixAsync("""
            class C
            {
                int Find(string text, int kind)
                {
                    switch (kind)
                    {
                        case 0:
                            return text.IndexOfAny({|SL1004:new[] { '<', '>', '&', '\'', '"', '\t' }|});
                        default:
                            return text.IndexOfAny({|SL1004:new[] { ',', ';', ':', '|', '=', '&' }|});
                    }
                }
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_separators = CharSearchSet.Create("<>&'\"\t");
                private static readonly CharSearchSet s_findSeparators = CharSearchSet.Create(",;:|=&");

                int Find(string text, int kind)
                {
                    switch (kind)
                    {
                        case 0:
                            return s_separators.IndexOfAny(text);
                        default:
                            return s_findSeparators.IndexOfAny(text);
                    }
                }
            }
            """, TestTarget.NetStandard20);

    // The sets of a switch's arms are named for the arm's first constant, else as any set.
    [Fact]
    public Task Fix_Net80_SwitchOfInlineSets_WithPatterns_ToSearchValues()
        => VerifyFixAsync("""
            using System;

            enum Kind { Xml, Html, Csv, Json }

            class C
            {
                int FindSpecial(ReadOnlySpan<char> text, Kind kind, bool strict)
                    => text.IndexOfAny({|SL1004:kind switch
                    {
                        Kind.Xml or Kind.Html when strict => "<>&'\"\t\r\n",
                        not Kind.Csv => "<>&'\"\t",
                        _ => ",;\"\r\n\t",
                    }|});
            }
            """, """
            using System;
            using System.Buffers;

            enum Kind { Xml, Html, Csv, Json }

            class C
            {
                private static readonly SearchValues<char> s_xmlSeparators = SearchValues.Create("<>&'\"\t\r\n");
                private static readonly SearchValues<char> s_separators = SearchValues.Create("<>&'\"\t");
                private static readonly SearchValues<char> s_findSpecialSeparators = SearchValues.Create(",;\"\r\n\t");

                int FindSpecial(ReadOnlySpan<char> text, Kind kind, bool strict)
                    => text.IndexOfAny(kind switch
                    {
                        Kind.Xml or Kind.Html when strict => s_xmlSeparators,
                        not Kind.Csv => s_separators,
                        _ => s_findSpecialSeparators,
                    });
            }
            """, TestTarget.Net80);

    [Fact]
    public Task ChoiceOfConstantSets_ReportedWithoutFix_WhereTheFixWouldReorderEffects()
    {
        const string Source = """
            class C
            {
                private static readonly char[] s_escape = { '<', '>', '&', '\'', '"', '\t' };
                private static readonly char[] s_escapeNewlines = { '<', '>', '&', '\'', '"', '\r', '\n' };

                string Text() => "";
                bool Flag() => true;
                int A(string text, bool newlines) => Text().IndexOfAny({|SL1004:newlines ? s_escapeNewlines : s_escape|});
                int B(string text) => text.IndexOfAny({|SL1004:Flag() ? s_escapeNewlines : s_escape|});
                int D(string text, int kind) => Text().IndexOfAny({|SL1004:kind switch { 0 => s_escape, 1 => new[] { ',', ';', ':', '|', '=', '&' }, _ => s_escapeNewlines }|});
                int G(string text) => text.IndexOfAny({|SL1004:Text() switch { "" => s_escape, _ => s_escapeNewlines }|});
                int H(string text) => text.IndexOfAny({|SL1004:text switch { { Length: > 3 } => s_escape, _ => s_escapeNewlines }|});
                int I(string text, int kind) => text.IndexOfAny({|SL1004:kind switch { 0 when Flag() => s_escape, _ => s_escapeNewlines }|});
                int E(string text, bool newlines, char[] other) => text.IndexOfAny(newlines ? s_escapeNewlines : other);
                int F(string text, bool small) => text.IndexOfAny(small ? new[] { 'a', 'b' } : new[] { 'c', 'd', 'e' });
            }
            """;
        var test = new Verify.Test(TestTarget.NetStandard20) { TestCode = Source, FixedCode = Source };
        AddConfig(test, targetFrameworks: null, minValues: null);
        return test.RunAsync(CancellationToken.None);
    }

    [Fact]
    public Task Fix_Net80_ReadOnlySpanProperties_ToSearchValues()
        => VerifyFixAsync("""
            using System;

            class C
            {
                private static ReadOnlySpan<char> Delimiters => ",;:|=&";
                private static ReadOnlySpan<byte> Controls => new byte[] { 0, 1, 2, 3, 4, 5, 6 };

                int A(ReadOnlySpan<char> text) => text.IndexOfAny({|SL1004:Delimiters|});
                bool B(ReadOnlySpan<byte> data) => data.ContainsAny({|SL1004:Controls|});
            }
            """, """
            using System;
            using System.Buffers;

            class C
            {
                private static readonly SearchValues<char> s_delimiters = SearchValues.Create(",;:|=&");
                private static readonly SearchValues<byte> s_controls = SearchValues.Create(new byte[] { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06 });

                private static ReadOnlySpan<char> Delimiters => ",;:|=&";
                private static ReadOnlySpan<byte> Controls => new byte[] { 0, 1, 2, 3, 4, 5, 6 };

                int A(ReadOnlySpan<char> text) => text.IndexOfAny(s_delimiters);
                bool B(ReadOnlySpan<byte> data) => data.ContainsAny(s_controls);
            }
            """, TestTarget.Net80);

    [Fact]
    public Task Fix_FixAll_OneFieldPerSet_AndExistingFieldReused()
        => VerifyFixAsync("""
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_ws = CharSearchSet.Create(" \t\r\n");

                int A(string text) => text.IndexOfAny({|SL1004:new[] { '\n', '\r', '\t', ' ' }|});
                int B(string text) => text.IndexOfAny({|SL1004:new[] { 'x', 'y', 'z', 'w' }|}, 1);
                int D(string text) => text.LastIndexOfAny({|SL1004:new[] { 'w', 'x', 'y', 'z' }|});
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_ws = CharSearchSet.Create(" \t\r\n");
                private static readonly CharSearchSet s_letters = CharSearchSet.Create("xyzw");

                int A(string text) => s_ws.IndexOfAny(text);
                int B(string text) => s_letters.IndexOfAny(text, 1);
                int D(string text) => s_letters.LastIndexOfAny(text);
            }
            """, TestTarget.Net472);

    [Fact]
    public Task Fix_KeepsComments()
        => VerifyFixAsync("""
            class C
            {
                int M(string text)
                {
                    // find the first separator
                    return text.IndexOfAny(/* Comment */ {|SL1004:new[] { ',', ';', ':', '|' }|}); // trailing
                }
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_separators = CharSearchSet.Create(",;:|");

                int M(string text)
                {
                    // find the first separator
                    return s_separators.IndexOfAny(/* Comment */ text); // trailing
                }
            }
            """, TestTarget.Net472);

    [Fact]
    public Task Fix_KeepsCommentsAmongTheValues()
        => VerifyFixAsync("""
            class C
            {
                int M(string text)
                {
                    return text.IndexOfAny({|SL1004:new[]
                    {
                        '\'', /* quote */ '"',
                        // separators
                        ',', ';', ':', '|',
                        '\\', '/', // slashes
                        '!',
                    }|});
                }
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_separators = CharSearchSet.Create(new[]
                {
                    '\'', /* quote */ '"',
                    // separators
                    ',', ';', ':', '|',
                    '\\', '/', // slashes
                    '!',
                });

                int M(string text)
                {
                    return s_separators.IndexOfAny(text);
                }
            }
            """, TestTarget.Net472);

    // A const set stays in use: CA1823 (unused field) would report it after the fix otherwise.
    [Fact]
    public Task Fix_ConstStringSet_KeepsTheConstInUse()
        => VerifyFixAsync("""
            class C
            {
                private const string Separators = ",;:|/\\!?&#";

                int M(string text) => text.IndexOfAny({|SL1004:Separators.ToCharArray()|});
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_separators = CharSearchSet.Create(Separators);
                private const string Separators = ",;:|/\\!?&#";

                int M(string text) => s_separators.IndexOfAny(text);
            }
            """, TestTarget.NetStandard20);

    [Fact]
    public Task Quiet_GeneratedCode_AndExpressionTree()
        => VerifyQuietAsync("""
            // <auto-generated/>
            class G
            {
                int M(string text) => text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' });
            }
            """, TestTarget.Net472);

    [Fact]
    public Task Quiet_InExpressionTree()
        => VerifyQuietAsync("""
            using System;
            using System.Linq.Expressions;

            class C
            {
                Expression<Func<string, int>> M() => text => text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' });
            }
            """, TestTarget.Net472);

    // ----- .NET 8+: CA1870 reports the allocating and six-value shapes; SL1004 takes the rest -----------------------

    [Theory]
    [InlineData("text.IndexOfAny(new[] { 'a', 'b' })")]
    [InlineData("text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' })")]
    [InlineData("text.LastIndexOfAny(\"abcdefg\".ToCharArray())")]
    [InlineData("text.AsSpan().IndexOfAny(\"abcdefg\")")]
    [InlineData("text.AsSpan().ContainsAnyExcept(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' })")]
    [InlineData("text.AsSpan().LastIndexOfAnyExcept(\"ab\".ToCharArray())")]
    [InlineData("text.IndexOfAny(s_field)")]
    [InlineData("text.AsSpan().IndexOfAny(s_field)")]
    public Task Quiet_Net80_WhereCa1870Reports(string call)
        => VerifyQuietAsync($$"""
            using System;

            class C
            {
                private static readonly char[] s_field = new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'g' };

                object M(string text) => {{call}};
            }
            """, TestTarget.Net80);

    [Fact]
    public Task Quiet_Net80_FiveValues_TheBclIsAlreadyFast()
        => VerifyQuietAsync("""
            using System;

            class C
            {
                const char Tab = '\t';

                int M(string text) => text.AsSpan().IndexOfAny(new[] { Tab, 'a', 'b', 'c', 'd' });
            }
            """, TestTarget.Net80);

    [Fact]
    public Task Fix_Net80_ConstantNames_ToSearchValues()
        => VerifyFixAsync("""
            using System;

            class C
            {
                const char Tab = '\t';
                const char Space = ' ';

                int A(string text) => text.IndexOfAny({|SL1004:new[] { Tab, Space, '\r', '\n', '\f', '\v' }|});
                bool B(ReadOnlySpan<char> span) => span.ContainsAnyExcept({|SL1004:new[] { Tab, Space, '\r', '\n', '\f', '\v' }|});
            }
            """, """
            using System;
            using System.Buffers;

            class C
            {
                private static readonly SearchValues<char> s_whitespace = SearchValues.Create("\t \r\n\f\v");
                const char Tab = '\t';
                const char Space = ' ';

                int A(string text) => text.AsSpan().IndexOfAny(s_whitespace);
                bool B(ReadOnlySpan<char> span) => span.ContainsAnyExcept(s_whitespace);
            }
            """, TestTarget.Net80);

    [Fact]
    public Task Fix_Net80_KeepsCommentsAroundTheSet()
        => VerifyFixAsync("""
            using System;

            class C
            {
                const char Tab = '\t';

                int M(string text) => text.IndexOfAny(/* Comment */ {|SL1004:new[] { Tab, ' ', '\r', '\n', '\f', '\v' }|} /* after */);
            }
            """, """
            using System;
            using System.Buffers;

            class C
            {
                private static readonly SearchValues<char> s_whitespace = SearchValues.Create("\t \r\n\f\v");
                const char Tab = '\t';

                int M(string text) => text.AsSpan().IndexOfAny(/* Comment */ s_whitespace /* after */);
            }
            """, TestTarget.Net80);

    [Fact]
    public Task Fix_Net80_BareInitializerField_ToSearchValues()
        => VerifyFixAsync("""
            using System;

            class C
            {
                private static readonly char[] s_separators = { ',', ';', ':', '|', '/', '\\' };

                int M(string text) => text.IndexOfAny({|SL1004:s_separators|});
            }
            """, """
            using System;
            using System.Buffers;

            class C
            {
                private static readonly SearchValues<char> s_separators = SearchValues.Create(",;:|/\\");

                int M(string text) => text.AsSpan().IndexOfAny(s_separators);
            }
            """, TestTarget.Net80);

    [Fact]
    public Task Fix_Net80_StartIndexOverload_ToCharSearchSet()
        => VerifyFixAsync("""
            class C
            {
                int M(string text, int start) => text.IndexOfAny({|SL1004:new[] { 'a', 'e', 'i', 'o', 'u', 'y' }|}, start);
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_letters = CharSearchSet.Create("aeiouy");

                int M(string text, int start) => s_letters.IndexOfAny(text, start);
            }
            """, TestTarget.Net80);

    [Fact]
    public Task Fix_Net80_ByteSpan_FFStaysOneByte()
        => VerifyFixAsync("""
            using System;

            class C
            {
                const byte Nul = 0;

                int M(ReadOnlySpan<byte> data) => data.IndexOfAny({|SL1004:new byte[] { Nul, (byte)'\u00ff', (byte)'a', 10, 13, 0x80 }|});
            }
            """, """
            using System;
            using System.Buffers;

            class C
            {
                private static readonly SearchValues<byte> s_byteSearchValues = SearchValues.Create(new byte[] { 0x00, 0xFF, (byte)'a', 0x0A, 0x0D, 0x80 });
                const byte Nul = 0;

                int M(ReadOnlySpan<byte> data) => data.IndexOfAny(s_byteSearchValues);
            }
            """, TestTarget.Net80);

    // ----- net48;net8.0: the fix must compile for both, so the runtime set even where SearchValues exists ----------

    [Fact]
    public Task Fix_MultiTargeted_Net80Build_UsesTheRuntimeSet()
        => VerifyFixAsync("""
            using System;

            class C
            {
                const char Tab = '\t';

                int A(string text) => text.IndexOfAny({|SL1004:new[] { Tab, ' ', '\r', '\n', '\f', '\v' }|});
                int B(ReadOnlySpan<char> span) => span.LastIndexOfAny({|SL1004:new[] { Tab, ' ', '\r', '\n', '\f', '\v' }|});
            }
            """, """
            using System;
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_whitespace = CharSearchSet.Create("\t \r\n\f\v");
                const char Tab = '\t';

                int A(string text) => s_whitespace.IndexOfAny(text);
                int B(ReadOnlySpan<char> span) => s_whitespace.LastIndexOfAny(span);
            }
            """, TestTarget.Net80, targetFrameworks: MultiTarget);

    [Fact]
    public Task Fix_MultiTargeted_ByteSpan_ToByteSearchSet_FFStaysOneByte()
        => VerifyFixAsync("""
            using System;

            class C
            {
                const byte Nul = 0;

                bool M(Span<byte> data) => data.ContainsAnyExcept({|SL1004:new byte[] { Nul, (byte)'\u00ff', 0x7F, 10, 13, 32 }|});
            }
            """, """
            using System;
            using Streamline.Runtime;

            class C
            {
                private static readonly ByteSearchSet s_byteSearchSet = ByteSearchSet.Create(new byte[] { 0x00, 0xFF, 0x7F, 0x0A, 0x0D, 0x20 });
                const byte Nul = 0;

                bool M(Span<byte> data) => s_byteSearchSet.ContainsAnyExcept(data);
            }
            """, TestTarget.Net80, targetFrameworks: MultiTarget);

    [Fact]
    public Task Fix_NetStandard20_ConstStringToCharArray_InAStruct()
        => VerifyFixAsync("""
            struct S
            {
                const string Vowels = "aeiouAEIOU";

                bool M(string text) => text.LastIndexOfAny({|SL1004:Vowels.ToCharArray()|}, 4) >= 0;
            }
            """, """
            using Streamline.Runtime;

            struct S
            {
                private static readonly CharSearchSet s_vowels = CharSearchSet.Create(Vowels);
                const string Vowels = "aeiouAEIOU";

                bool M(string text) => s_vowels.LastIndexOfAny(text, 4) >= 0;
            }
            """, TestTarget.NetStandard20);

    // A net48;net8.0 project: the net8.0 build reports what CA1870 reports too (SL1004OverlapSuppressor quiets CA1870
    // there), with the same fix as the net48 build, so dotnet format and Fix All write one change to the linked file.
    [Theory]
    [InlineData(TestTarget.Net80)]
    [InlineData(TestTarget.Net472)]
    public Task Fix_MultiTargeted_EveryBuild_ReportsWhatCa1870Reports_WithOneFix(TestTarget target)
        => VerifyFixAsync("""
            class C
            {
                int M(string text) => text.IndexOfAny({|SL1004:new[] { 'a', 'b', 'c', 'd', 'e', 'f' }|});
            }
            """, """
            using Streamline.Runtime;

            class C
            {
                private static readonly CharSearchSet s_hexDigits = CharSearchSet.Create("abcdef");

                int M(string text) => s_hexDigits.IndexOfAny(text);
            }
            """, target, targetFrameworks: MultiTarget);

    [Fact]
    public Task Quiet_MultiTargeted_OnlyModernTargets_WhereCa1870Reports()
        => VerifyQuietAsync("""
            class C
            {
                int M(string text) => text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' });
            }
            """, TestTarget.Net80, targetFrameworks: "net8.0;net10.0");

    [Theory]
    [InlineData("net8.0", false)]
    [InlineData("net8.0;net10.0-windows", false)]
    [InlineData("net48;net8.0", true)]
    [InlineData("netstandard2.0;net8.0", true)]
    [InlineData("net7.0;net9.0", true)]
    [InlineData("", false)]
    public async Task TargetFrameworks_DecidesTheRewrite(string frameworks, bool runtimeSet)
    {
        string source = """
            using System;
            class C
            {
                const char Tab = '\t';
                int M(ReadOnlySpan<char> span) => span.IndexOfAny(new[] { Tab, ' ', '\r', '\n', '\f', '\v' });
            }
            """;
        Compilation compilation = AnalyzerRunner.CreateCompilation(TestTarget.Net80, source);
        var options = new Microsoft.CodeAnalysis.Diagnostics.AnalyzerOptions(
            System.Collections.Immutable.ImmutableArray<AdditionalText>.Empty,
            new GlobalConfigOptions("build_property.StreamlineTargetFrameworks", frameworks));
        var run = await compilation.WithAnalyzers(
                System.Collections.Immutable.ImmutableArray.Create<Microsoft.CodeAnalysis.Diagnostics.DiagnosticAnalyzer>(new SL1004UseCachedSearchValuesAnalyzer()),
                options)
            .GetAnalyzerDiagnosticsAsync();
        Diagnostic diagnostic = Assert.Single(run);
        Assert.Equal(
            runtimeSet ? SL1004UseCachedSearchValuesAnalyzer.RewriteRuntimeSet : SL1004UseCachedSearchValuesAnalyzer.RewriteSearchValues,
            diagnostic.Properties[SL1004UseCachedSearchValuesAnalyzer.RewriteProperty]);
    }

    // ----- robustness -------------------------------------------------------------------------------------------

    [Theory]
    [InlineData(TestTarget.Net80)]
    [InlineData(TestTarget.Net472)]
    public async Task HalfTypedCode_NoAnalyzerException(TestTarget target)
    {
        string[] sources =
        {
            "class C { int M(string t) => t.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' }, ); }",
            "class C { int M(string t) => t.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' ",
            "class C { int M(string t) => t.IndexOfAny(new char[] { 'a', , 'c', 'd', 'e', 'f' }); }",
            "class C { int M(string t) => t.LastIndexOfAny(s_x, 1, 2, 3); static readonly char[] s_x = { 'a', 'b', 'c', 'd', 'e' ",
            "class C { int M(System.ReadOnlySpan<char> s) => s.IndexOfAny(); }",
            "class C { int M(System.ReadOnlySpan<byte> s) => s.IndexOfAny(new byte[] { 1, 2, 3, 4, 5, 300 }); }",
            "class C { int M(string t) => t.IndexOfAny(Undefined.ToCharArray()); }",
            "class C { static readonly char[] s_x = \"abcdef\".ToCharArray(; int M(string t) => t.IndexOfAny(s_x); }",
            "int i = \"abc\".IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' });",
            "class C { int M(string t, bool b) => t.IndexOfAny(b ? new[] { 'a', 'b', 'c', 'd', 'e', 'f' } : ); }",
            "class C { int M(string t, int k) => t.IndexOfAny(k switch { 0 => new[] { 'a', 'b', 'c', 'd', 'e', 'f' }, }); }",
            "class C { int M(string t) => t.IndexOfAny(['a', 'b', , 'd', 'e', 'f']); }",
            "class C { int M(string t) => t.IndexOfAny([.. ]); static readonly char[] s_x = ['a', 'b', 'c', 'd', 'e', ; }",
            "class C { static readonly char[] s_x = { 'a', 'b', 'c', 'd', 'e', 'f' }; int M(string t) => t.IndexOfAny(s_x) + s_x[; }",
            "class C { static System.ReadOnlySpan<char> P => ; int M(System.ReadOnlySpan<char> t) => t.IndexOfAny(P); }",
            "class C { static System.ReadOnlySpan<byte> P { get { return \"abcdefg\"u8 } } int M(System.ReadOnlySpan<byte> t) => t.IndexOfAny(P); }",
            "class C { static System.ReadOnlySpan<char> P { set { } } int M(System.ReadOnlySpan<char> t) => t.IndexOfAny(P); }",
        };
        foreach (string source in sources)
        {
            AnalyzerRun run = await AnalyzerRunner.RunAsync(new SL1004UseCachedSearchValuesAnalyzer(), target, source);
            Assert.Empty(run.Exceptions);
            Assert.DoesNotContain(run.Diagnostics, d => d.Id == "AD0001");
        }
    }

    [Fact]
    public Task Fix_TopLevelStatements_FieldGoesToPartialProgram()
    {
        var test = new Verify.Test(TestTarget.Net472)
        {
            TestCode = """
                using System;

                string line = Console.ReadLine() ?? "";
                Console.WriteLine(line.IndexOfAny({|SL1004:new[] { ' ', '\t', '\r', '\n' }|}));
                """,
            FixedCode = """
                using System;
                using Streamline.Runtime;

                string line = Console.ReadLine() ?? "";
                Console.WriteLine(s_whitespace.IndexOfAny(line));

                partial class Program
                {
                    private static readonly CharSearchSet s_whitespace = CharSearchSet.Create(" \t\r\n");
                }

                """,
        };
        test.TestState.OutputKind = OutputKind.ConsoleApplication;
        AddConfig(test, targetFrameworks: null, minValues: null);
        return test.RunAsync(CancellationToken.None);
    }

    [Fact]
    public async Task TopLevelStatements_Reported()
    {
        AnalyzerRun run = await AnalyzerRunner.RunAsync(
            new SL1004UseCachedSearchValuesAnalyzer(),
            TestTarget.Net472,
            "int i = \"abc\".IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f' });");
        Assert.Single(run.Diagnostics, d => d.Id == RuleIds.UseCachedSearchValues);
    }

    private sealed class GlobalConfigOptions : Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptionsProvider
    {
        private readonly Options _options;

        public GlobalConfigOptions(string key, string value) => _options = new Options(key, value);

        public override Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptions GlobalOptions => _options;

        public override Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptions GetOptions(SyntaxTree tree) => _options;

        public override Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptions GetOptions(AdditionalText textFile) => _options;

        private sealed class Options : Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptions
        {
            private readonly string _key;
            private readonly string _value;

            public Options(string key, string value)
            {
                _key = key;
                _value = value;
            }

#pragma warning disable CS8765 // The attribute is ambiguous here (the analyzer assembly declares its own polyfill).
            public override bool TryGetValue(string key, out string? value)
#pragma warning restore CS8765
            {
                value = key == _key ? _value : null;
                return value is not null;
            }
        }
    }
}
