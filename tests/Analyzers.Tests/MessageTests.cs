using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Resources;
using System.Text.RegularExpressions;
using Streamline.Analyzers.Flow;
using Streamline.Analyzers.Rules;

namespace Streamline.Analyzers.Tests;

/// <summary>
/// Every rule's message, with its arguments filled by every value the analyzer puts in (or a plausible one for the
/// code it names), is one sentence and short: the advice and the reasons belong on the rule's page.
/// </summary>
public class MessageTests
{
    /// <summary>
    /// 200 characters with plausible arguments: the message is shown after "path(line,col): warning SL1007: " in the
    /// build log and in one row of the IDE's error list, and the longest the rules need to name the site, the origin
    /// and the fix (or that there is none) is about 150; the 424 characters SL1007 once had wrapped over four lines.
    /// </summary>
    // 200 before the tiers (issue 31); SL1001, SL1002, SL1006 and SL1007 now end with their evidence in parentheses.
    // 320 since issue 32: SL1002 on a reader handed in names the method that stops its fix and why (with the longest
    // site, origin and evidence here and a 20-character method name; a typical one is about 200).
    private const int MaxLength = 320;

    /// <summary>A plausible expression for the site a message names (user code can be longer; that is the user's).</summary>
    private const string Site = "reader.BaseStream";

    public static TheoryData<string> Ids()
    {
        var data = new TheoryData<string>();
        foreach (string id in RegisteredIds())
            data.Add(id);
        return data;
    }

    private static IEnumerable<string> RegisteredIds()
        => typeof(RuleIds).GetFields(BindingFlags.Public | BindingFlags.Static).Select(f => (string)f.GetValue(null)!).Distinct();

    [Theory]
    [MemberData(nameof(Ids))]
    public void MessageIsOneShortSentence_WithEveryArgument(string id)
    {
        // A suggestion sibling (SL1102) carries its warning's message (SL1002's), with the evidence it had.
        string format = Resources.Get(RuleIds.WarningIdOf(id) + "Message");
        Assert.NotEqual(RuleIds.WarningIdOf(id) + "Message", format);
        Assert.True(Arguments.ContainsKey(id), $"give {id}'s message arguments here");
        foreach (object[] arguments in Combinations(Arguments[id]()))
        {
            string message = string.Format(CultureInfo.InvariantCulture, format, arguments);
            Assert.True(message.Length <= MaxLength, $"{id}: {message.Length} characters (at most {MaxLength}): {message}");
            Assert.False(message.Contains("; ", StringComparison.Ordinal), $"{id}: a chain of clauses: {message}");
            Assert.False(message.EndsWith('.'), $"{id}: ends with a period: {message}");
            Assert.DoesNotMatch(@"[.?!]\s+[A-Z]", message);
        }
    }

    [Fact]
    public void SL1002_ReaderHandedIn_IsNotToldToWrapItWhereItIsRead()
    {
        // The page measures a BufferedBinaryReader made around a reader handed in as slower (390x on a varint).
        Assert.Contains("where it is created", Resources.Get("SL1002AdviceHandedIn"), StringComparison.Ordinal);
    }

    /// <summary>Per id: the values each argument of the message takes, in order.</summary>
    private static readonly Dictionary<string, Func<string[][]>> Arguments = new()
    {
        ["SL0001"] = () => [["streamline.SL1004.min_values", "build_property.StreamlineRuntimeSource"], ["abc"],
            [.. new[] { "SL0001MinValues", "SL0001CompilerVersion", "SL0001RuntimeSource", "SL0001AnalyzeTestProjects", "SL0001SuggestionsAsWarnings", "SL0001UnknownKey" }.Select(Resources.Get)]],
        ["SL0002"] = () => [["BufferedBinaryReader"]],
        ["SL1001"] = () => [[Site + ".Position"], Advice("SL1001"), Evidence(SL1001SeekInsteadOfPositionAdvanceAnalyzer.Tiers)],
        ["SL1101"] = () => [[Site + ".Position"], Advice("SL1001"), Evidence(SL1001SeekInsteadOfPositionAdvanceAnalyzer.Tiers)],
        ["SL1002"] = () => [[Site], Origins(StreamOrigins.Describe), Advice("SL1002"), Evidence(SL1002BufferSmallBinaryReadsAnalyzer.Tiers)],
        ["SL1102"] = () => [[Site], Origins(StreamOrigins.Describe), Advice("SL1002"), Evidence(SL1002BufferSmallBinaryReadsAnalyzer.Tiers)],
        ["SL1003"] = () => [["File.ReadAllLines"]],
        ["SL1004"] = () => [["text.IndexOfAny"], ["25"], ["SearchValues<char>", "CharSearchSet", "ByteSearchSet"]],
        ["SL1005"] = () => [["Slice", "Substring"]],
        ["SL1006"] = () => [[Site], Origins(StreamOrigins.Describe), Evidence(SL1006StreamLengthInLoopAnalyzer.Tiers)],
        ["SL1106"] = () => [[Site], Origins(StreamOrigins.Describe), Evidence(SL1006StreamLengthInLoopAnalyzer.Tiers)],
        ["SL1007"] = () => [[Site], [.. Origins(SL1007BufferSingleByteReadsAnalyzer.DescribeStream), "DeflateStream"], Advice("SL1007"), Evidence(SL1007BufferSingleByteReadsAnalyzer.Tiers)],
        ["SL1107"] = () => [[Site], [.. Origins(SL1007BufferSingleByteReadsAnalyzer.DescribeStream), "DeflateStream"], Advice("SL1007"), Evidence(SL1007BufferSingleByteReadsAnalyzer.Tiers)],
    };

    /// <summary>Every evidence text of a tiered rule (its message's last argument).</summary>
    private static string[] Evidence(Streamline.Analyzers.Evidence.TieredRule tiers) => [.. tiers.EveryDescription().Distinct()];

    private static string[] Origins(Func<StreamOrigin, string> describe)
        => [.. new[] { StreamOrigin.File, StreamOrigin.Decompressor, StreamOrigin.OtherStream, StreamOrigin.Unseen }.Select(describe).Distinct()];

    /// <summary>Every <c>{id}Advice*</c> text: the last argument of the messages that say what to do. A placeholder in
    /// parentheses takes every <c>{id}NoFix*</c> reason, another every <c>{id}Sites*</c> text (naming a method of 20
    /// characters where they name one).</summary>
    private static string[] Advice(string id)
    {
        const string Method = "ReadCompressedChunks";
        ResourceSet set = Resources.ResourceManager.GetResourceSet(CultureInfo.InvariantCulture, createIfNotExists: true, tryParents: true)!;
        string[] Texts(string prefix) => [.. set.Cast<DictionaryEntry>().Where(e => ((string)e.Key).StartsWith(id + prefix, StringComparison.Ordinal)).Select(e => (string)e.Value!)];
        // Each quoted placeholder ('{0}') names a method of that length, each other one ({1}) a line number.
        string[] Fills(string prefix) => [.. Texts(prefix).Select(text => Regex.Replace(text, @"('?)\{\d\}('?)", match => match.Groups[1].Length > 0 ? $"'{Method}'" : "1234"))];
        string[] advice = [.. Texts("Advice").SelectMany(text => !text.Contains("{0}", StringComparison.Ordinal)
            ? [text]
            : (text.Contains("(", StringComparison.Ordinal) ? Fills("NoFix") : Fills("Sites")).Select(fill => string.Format(CultureInfo.InvariantCulture, text, fill)))];
        Assert.NotEmpty(advice);
        return advice;
    }

    private static IEnumerable<object[]> Combinations(string[][] values)
    {
        IEnumerable<object[]> combinations = [[]];
        foreach (string[] choices in values)
            combinations = combinations.SelectMany(prefix => choices.Select(choice => (object[])[.. prefix, choice]));
        return combinations;
    }
}
