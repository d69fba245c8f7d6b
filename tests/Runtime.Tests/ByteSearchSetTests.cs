using System;
using System.Linq;
using CsCheck;

namespace Streamline.Runtime.Tests;

/// <summary>
/// Differential tests: every <see cref="ByteSearchSet"/> method of every build against the <c>MemoryExtensions</c>
/// byte search it replaces; the range overloads' checks are those of <see cref="string.IndexOfAny(char[], int, int)"/>
/// and <see cref="string.LastIndexOfAny(char[], int, int)"/> over the same values read as Latin-1 characters.
/// </summary>
public class ByteSearchSetTests
{
    private static readonly Gen<byte> s_byte = Gen.Frequency(
        (4, Gen.Byte[0, 127]),
        (2, Gen.OneOf<byte>(0, 9, 10, 13, 32, 127, 128, 255)),
        (2, Gen.Byte));

    private static readonly Gen<int> s_index = Gen.Frequency(
        (12, Gen.Int[-2, 70]),
        (1, Gen.OneOf(int.MinValue, int.MaxValue, -1, 0)));

    private static readonly Gen<(byte[] Set, byte[] Data, int Start, int Count)> s_case =
        Gen.Select(s_byte.Array[0, 40], s_byte.Array[0, 64], Gen.Int[0, 100].Array[64], Gen.Select(s_index, s_index))
            .Select((set, data, picks, range) =>
            {
                byte[] bytes = (byte[])data.Clone();
                for (int i = 0; i < bytes.Length && set.Length > 0; i++)
                {
                    if (picks[i] < 50)
                        bytes[i] = set[picks[i] % set.Length];
                }

                return (set, bytes, range.Item1, range.Item2);
            });

    [Fact]
    public void EveryMethod_MatchesTheBcl() =>
        s_case.Sample(c => AssertAllMethods(c.Set, c.Data, c.Start, c.Count), iter: 10_000);

    [Fact]
    public void Byte255_IsOneByte_AndMatches()
    {
        // (byte)'\u00ff' is the single byte 0xFF, never the two UTF-8 bytes of U+00FF.
        AssertAllMethods(new byte[] { 0xFF, 0x00, 0x80 }, new byte[] { 0xC3, 0xBF, 0xFF, 0x01 }, 0, 4);
        Assert.Equal(2, ByteSearchSet.Create(new byte[] { 0xFF }).IndexOfAny(new byte[] { 0xC3, 0xBF, 0xFF }));
    }

    [Fact]
    public void NullArguments_ThrowArgumentNull()
    {
        Assert.Equal("values", Assert.Throws<ArgumentNullException>(() => ByteSearchSet.Create((byte[])null!)).ParamName);
        ByteSearchSet set = ByteSearchSet.Create(new byte[] { 1, 2, 3 });
        Assert.Equal("array", Assert.Throws<ArgumentNullException>(() => set.IndexOfAny((byte[])null!)).ParamName);
        Assert.Equal("array", Assert.Throws<ArgumentNullException>(() => set.LastIndexOfAnyExcept((byte[])null!, 0, 0)).ParamName);
    }

    private static void AssertAllMethods(byte[] set, byte[] data, int start, int count)
    {
        // Latin-1 views: the same indexes, and string's own range checks.
        string text = new(data.Select(b => (char)b).ToArray());
        char[] chars = set.Select(b => (char)b).ToArray();
        foreach (string build in SearchSetBuilds.Names)
        {
            var ours = new ByteSetUnderTest(build, set);
            void Same<T>(string name, Func<T> bcl, Func<T> streamline) =>
                Assert.True(SearchOutcome.Of(bcl) == SearchOutcome.Of(streamline),
                    $"{build} {name}([{string.Join(",", data)}], {start}, {count}) with [{string.Join(",", set)}]: BCL {SearchOutcome.Of(bcl)}, ours {SearchOutcome.Of(streamline)}");

            for (int b = 0; b < 256; b++)
                Assert.Equal(Array.IndexOf(set, (byte)b) >= 0, ours.Contains((byte)b));

            Same("IndexOfAny", () => data.AsSpan().IndexOfAny(set), () => ours.IndexOfAny(data));
            Same("IndexOfAny/range", () => { _ = text.IndexOfAny(chars, start, count); return Offset(data.AsSpan(start, count).IndexOfAny(set), start); }, () => ours.IndexOfAnyRange(data, start, count));
            Same("IndexOfAnyExcept", () => data.AsSpan().IndexOfAnyExcept(set), () => ours.IndexOfAnyExcept(data));
            Same("IndexOfAnyExcept/range", () => { _ = text.IndexOfAny(chars, start, count); return Offset(data.AsSpan(start, count).IndexOfAnyExcept(set), start); }, () => ours.IndexOfAnyExceptRange(data, start, count));
            Same("LastIndexOfAny", () => data.AsSpan().LastIndexOfAny(set), () => ours.LastIndexOfAny(data));
            Same("LastIndexOfAny/range", () => LastRange(data, set, start, count, except: false, text.LastIndexOfAny(chars, start, count)), () => ours.LastIndexOfAnyRange(data, start, count));
            Same("LastIndexOfAnyExcept", () => data.AsSpan().LastIndexOfAnyExcept(set), () => ours.LastIndexOfAnyExcept(data));
            Same("LastIndexOfAnyExcept/range", () => LastRange(data, set, start, count, except: true, text.LastIndexOfAny(chars, start, count)), () => ours.LastIndexOfAnyExceptRange(data, start, count));
            Same("ContainsAny", () => data.AsSpan().ContainsAny(set), () => ours.ContainsAny(data));
            Same("ContainsAnyExcept", () => data.AsSpan().ContainsAnyExcept(set), () => ours.ContainsAnyExcept(data));
            if (!SearchSetBuilds.HasSpans(build))
                continue;

            Same("span IndexOfAny", () => data.AsSpan().IndexOfAny(set), () => ours.SpanIndexOfAny!(data));
            Same("span IndexOfAnyExcept", () => data.AsSpan().IndexOfAnyExcept(set), () => ours.SpanIndexOfAnyExcept!(data));
            Same("span LastIndexOfAny", () => data.AsSpan().LastIndexOfAny(set), () => ours.SpanLastIndexOfAny!(data));
            Same("span LastIndexOfAnyExcept", () => data.AsSpan().LastIndexOfAnyExcept(set), () => ours.SpanLastIndexOfAnyExcept!(data));
            Same("span ContainsAny", () => data.AsSpan().ContainsAny(set), () => ours.SpanContainsAny!(data));
            Same("span ContainsAnyExcept", () => data.AsSpan().ContainsAnyExcept(set), () => ours.SpanContainsAnyExcept!(data));
        }
    }

    private static int LastRange(byte[] data, byte[] set, int startIndex, int count, bool except, int validated)
    {
        _ = validated;
        if (data.Length == 0)
            return -1;

        int first = startIndex + 1 - count;
        ReadOnlySpan<byte> range = data.AsSpan(first, count);
        return Offset(except ? range.LastIndexOfAnyExcept(set) : range.LastIndexOfAny(set), first);
    }

    private static int Offset(int index, int start) => index < 0 ? index : index + start;
}
