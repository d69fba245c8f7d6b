using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Runtime.Loader;

namespace Streamline.Runtime.Tests;

public delegate int TextSearch(string text);
public delegate int TextRangeSearch(string text, int startIndex);
public delegate int TextRangeCountSearch(string text, int startIndex, int count);
public delegate bool TextTest(string text);
public delegate bool TextRangeTest(string text, int startIndex, int count);
public delegate int ArraySearch<T>(T[] array);
public delegate int ArrayRangeSearch<T>(T[] array, int startIndex, int count);
public delegate bool ArrayTest<T>(T[] array);
public delegate int SpanSearch<T>(ReadOnlySpan<T> span);
public delegate bool SpanTest<T>(ReadOnlySpan<T> span);

/// <summary>
/// The three builds of Streamline.Runtime, each loaded on its own: net8.0 (SearchValues inside), netstandard2.1 and
/// netstandard2.0 (bitmap loops). The test process runs on .NET 10, so each build is compared with the same BCL.
/// </summary>
public static class SearchSetBuilds
{
    private static readonly Lazy<Assembly> s_netStandard20 = new(() => Load("runtime-netstandard2.0"));
    private static readonly Lazy<Assembly> s_netStandard21 = new(() => Load("runtime-netstandard2.1"));

    public static IEnumerable<string> Names { get; } = new[] { "net8.0", "netstandard2.1", "netstandard2.0" };

    public static Assembly Get(string name) => name switch
    {
        "net8.0" => typeof(CharSearchSet).Assembly,
        "netstandard2.1" => s_netStandard21.Value,
        "netstandard2.0" => s_netStandard20.Value,
        _ => throw new ArgumentOutOfRangeException(nameof(name)),
    };

    public static bool HasSpans(string name) => name != "netstandard2.0";

    private static Assembly Load(string folder)
    {
        string path = Path.Combine(AppContext.BaseDirectory, folder, "Streamline.Runtime.dll");
        var context = new AssemblyLoadContext(folder, isCollectible: false);
        return context.LoadFromAssemblyPath(path);
    }

    internal static TDelegate Bind<TDelegate>(object target, string name, params Type[] parameters)
        where TDelegate : Delegate
    {
        MethodInfo method = target.GetType().GetMethod(name, parameters)
            ?? throw new MissingMethodException(target.GetType().FullName, name);
        return method.CreateDelegate<TDelegate>(target);
    }

    internal static object Create(Assembly assembly, string typeName, object values, Type valuesType)
    {
        Type type = assembly.GetType("Streamline.Runtime." + typeName, throwOnError: true)!;
        MethodInfo create = type.GetMethod("Create", new[] { valuesType })!;
        return create.Invoke(null, new[] { values })!;
    }
}

/// <summary>A <see cref="CharSearchSet"/> from one build, called through delegates (spans cannot go through Invoke).</summary>
public sealed class CharSetUnderTest
{
    public CharSetUnderTest(string build, char[] values)
    {
        object set = SearchSetBuilds.Create(SearchSetBuilds.Get(build), nameof(CharSearchSet), new string(values), typeof(string));
        Contains = SearchSetBuilds.Bind<Func<char, bool>>(set, "Contains", typeof(char));
        IndexOfAny = SearchSetBuilds.Bind<TextSearch>(set, "IndexOfAny", typeof(string));
        IndexOfAnyFrom = SearchSetBuilds.Bind<TextRangeSearch>(set, "IndexOfAny", typeof(string), typeof(int));
        IndexOfAnyRange = SearchSetBuilds.Bind<TextRangeCountSearch>(set, "IndexOfAny", typeof(string), typeof(int), typeof(int));
        IndexOfAnyExcept = SearchSetBuilds.Bind<TextSearch>(set, "IndexOfAnyExcept", typeof(string));
        IndexOfAnyExceptFrom = SearchSetBuilds.Bind<TextRangeSearch>(set, "IndexOfAnyExcept", typeof(string), typeof(int));
        IndexOfAnyExceptRange = SearchSetBuilds.Bind<TextRangeCountSearch>(set, "IndexOfAnyExcept", typeof(string), typeof(int), typeof(int));
        LastIndexOfAny = SearchSetBuilds.Bind<TextSearch>(set, "LastIndexOfAny", typeof(string));
        LastIndexOfAnyFrom = SearchSetBuilds.Bind<TextRangeSearch>(set, "LastIndexOfAny", typeof(string), typeof(int));
        LastIndexOfAnyRange = SearchSetBuilds.Bind<TextRangeCountSearch>(set, "LastIndexOfAny", typeof(string), typeof(int), typeof(int));
        LastIndexOfAnyExcept = SearchSetBuilds.Bind<TextSearch>(set, "LastIndexOfAnyExcept", typeof(string));
        LastIndexOfAnyExceptFrom = SearchSetBuilds.Bind<TextRangeSearch>(set, "LastIndexOfAnyExcept", typeof(string), typeof(int));
        LastIndexOfAnyExceptRange = SearchSetBuilds.Bind<TextRangeCountSearch>(set, "LastIndexOfAnyExcept", typeof(string), typeof(int), typeof(int));
        ContainsAny = SearchSetBuilds.Bind<TextTest>(set, "ContainsAny", typeof(string));
        ContainsAnyRange = SearchSetBuilds.Bind<TextRangeTest>(set, "ContainsAny", typeof(string), typeof(int), typeof(int));
        ContainsAnyExcept = SearchSetBuilds.Bind<TextTest>(set, "ContainsAnyExcept", typeof(string));
        ContainsAnyExceptRange = SearchSetBuilds.Bind<TextRangeTest>(set, "ContainsAnyExcept", typeof(string), typeof(int), typeof(int));
        ArrayIndexOfAny = SearchSetBuilds.Bind<ArraySearch<char>>(set, "IndexOfAny", typeof(char[]));
        ArrayIndexOfAnyRange = SearchSetBuilds.Bind<ArrayRangeSearch<char>>(set, "IndexOfAny", typeof(char[]), typeof(int), typeof(int));
        ArrayIndexOfAnyExcept = SearchSetBuilds.Bind<ArraySearch<char>>(set, "IndexOfAnyExcept", typeof(char[]));
        ArrayIndexOfAnyExceptRange = SearchSetBuilds.Bind<ArrayRangeSearch<char>>(set, "IndexOfAnyExcept", typeof(char[]), typeof(int), typeof(int));
        ArrayLastIndexOfAny = SearchSetBuilds.Bind<ArraySearch<char>>(set, "LastIndexOfAny", typeof(char[]));
        ArrayLastIndexOfAnyRange = SearchSetBuilds.Bind<ArrayRangeSearch<char>>(set, "LastIndexOfAny", typeof(char[]), typeof(int), typeof(int));
        ArrayLastIndexOfAnyExcept = SearchSetBuilds.Bind<ArraySearch<char>>(set, "LastIndexOfAnyExcept", typeof(char[]));
        ArrayLastIndexOfAnyExceptRange = SearchSetBuilds.Bind<ArrayRangeSearch<char>>(set, "LastIndexOfAnyExcept", typeof(char[]), typeof(int), typeof(int));
        ArrayContainsAny = SearchSetBuilds.Bind<ArrayTest<char>>(set, "ContainsAny", typeof(char[]));
        ArrayContainsAnyExcept = SearchSetBuilds.Bind<ArrayTest<char>>(set, "ContainsAnyExcept", typeof(char[]));
        if (!SearchSetBuilds.HasSpans(build))
            return;

        SpanIndexOfAny = SearchSetBuilds.Bind<SpanSearch<char>>(set, "IndexOfAny", typeof(ReadOnlySpan<char>));
        SpanIndexOfAnyExcept = SearchSetBuilds.Bind<SpanSearch<char>>(set, "IndexOfAnyExcept", typeof(ReadOnlySpan<char>));
        SpanLastIndexOfAny = SearchSetBuilds.Bind<SpanSearch<char>>(set, "LastIndexOfAny", typeof(ReadOnlySpan<char>));
        SpanLastIndexOfAnyExcept = SearchSetBuilds.Bind<SpanSearch<char>>(set, "LastIndexOfAnyExcept", typeof(ReadOnlySpan<char>));
        SpanContainsAny = SearchSetBuilds.Bind<SpanTest<char>>(set, "ContainsAny", typeof(ReadOnlySpan<char>));
        SpanContainsAnyExcept = SearchSetBuilds.Bind<SpanTest<char>>(set, "ContainsAnyExcept", typeof(ReadOnlySpan<char>));
    }

    public Func<char, bool> Contains { get; }
    public TextSearch IndexOfAny { get; }
    public TextRangeSearch IndexOfAnyFrom { get; }
    public TextRangeCountSearch IndexOfAnyRange { get; }
    public TextSearch IndexOfAnyExcept { get; }
    public TextRangeSearch IndexOfAnyExceptFrom { get; }
    public TextRangeCountSearch IndexOfAnyExceptRange { get; }
    public TextSearch LastIndexOfAny { get; }
    public TextRangeSearch LastIndexOfAnyFrom { get; }
    public TextRangeCountSearch LastIndexOfAnyRange { get; }
    public TextSearch LastIndexOfAnyExcept { get; }
    public TextRangeSearch LastIndexOfAnyExceptFrom { get; }
    public TextRangeCountSearch LastIndexOfAnyExceptRange { get; }
    public TextTest ContainsAny { get; }
    public TextRangeTest ContainsAnyRange { get; }
    public TextTest ContainsAnyExcept { get; }
    public TextRangeTest ContainsAnyExceptRange { get; }
    public ArraySearch<char> ArrayIndexOfAny { get; }
    public ArrayRangeSearch<char> ArrayIndexOfAnyRange { get; }
    public ArraySearch<char> ArrayIndexOfAnyExcept { get; }
    public ArrayRangeSearch<char> ArrayIndexOfAnyExceptRange { get; }
    public ArraySearch<char> ArrayLastIndexOfAny { get; }
    public ArrayRangeSearch<char> ArrayLastIndexOfAnyRange { get; }
    public ArraySearch<char> ArrayLastIndexOfAnyExcept { get; }
    public ArrayRangeSearch<char> ArrayLastIndexOfAnyExceptRange { get; }
    public ArrayTest<char> ArrayContainsAny { get; }
    public ArrayTest<char> ArrayContainsAnyExcept { get; }
    public SpanSearch<char>? SpanIndexOfAny { get; }
    public SpanSearch<char>? SpanIndexOfAnyExcept { get; }
    public SpanSearch<char>? SpanLastIndexOfAny { get; }
    public SpanSearch<char>? SpanLastIndexOfAnyExcept { get; }
    public SpanTest<char>? SpanContainsAny { get; }
    public SpanTest<char>? SpanContainsAnyExcept { get; }
}

/// <summary>A <see cref="ByteSearchSet"/> from one build, called through delegates.</summary>
public sealed class ByteSetUnderTest
{
    public ByteSetUnderTest(string build, byte[] values)
    {
        object set = SearchSetBuilds.Create(SearchSetBuilds.Get(build), nameof(ByteSearchSet), values, typeof(byte[]));
        Contains = SearchSetBuilds.Bind<Func<byte, bool>>(set, "Contains", typeof(byte));
        IndexOfAny = SearchSetBuilds.Bind<ArraySearch<byte>>(set, "IndexOfAny", typeof(byte[]));
        IndexOfAnyRange = SearchSetBuilds.Bind<ArrayRangeSearch<byte>>(set, "IndexOfAny", typeof(byte[]), typeof(int), typeof(int));
        IndexOfAnyExcept = SearchSetBuilds.Bind<ArraySearch<byte>>(set, "IndexOfAnyExcept", typeof(byte[]));
        IndexOfAnyExceptRange = SearchSetBuilds.Bind<ArrayRangeSearch<byte>>(set, "IndexOfAnyExcept", typeof(byte[]), typeof(int), typeof(int));
        LastIndexOfAny = SearchSetBuilds.Bind<ArraySearch<byte>>(set, "LastIndexOfAny", typeof(byte[]));
        LastIndexOfAnyRange = SearchSetBuilds.Bind<ArrayRangeSearch<byte>>(set, "LastIndexOfAny", typeof(byte[]), typeof(int), typeof(int));
        LastIndexOfAnyExcept = SearchSetBuilds.Bind<ArraySearch<byte>>(set, "LastIndexOfAnyExcept", typeof(byte[]));
        LastIndexOfAnyExceptRange = SearchSetBuilds.Bind<ArrayRangeSearch<byte>>(set, "LastIndexOfAnyExcept", typeof(byte[]), typeof(int), typeof(int));
        ContainsAny = SearchSetBuilds.Bind<ArrayTest<byte>>(set, "ContainsAny", typeof(byte[]));
        ContainsAnyExcept = SearchSetBuilds.Bind<ArrayTest<byte>>(set, "ContainsAnyExcept", typeof(byte[]));
        if (!SearchSetBuilds.HasSpans(build))
            return;

        SpanIndexOfAny = SearchSetBuilds.Bind<SpanSearch<byte>>(set, "IndexOfAny", typeof(ReadOnlySpan<byte>));
        SpanIndexOfAnyExcept = SearchSetBuilds.Bind<SpanSearch<byte>>(set, "IndexOfAnyExcept", typeof(ReadOnlySpan<byte>));
        SpanLastIndexOfAny = SearchSetBuilds.Bind<SpanSearch<byte>>(set, "LastIndexOfAny", typeof(ReadOnlySpan<byte>));
        SpanLastIndexOfAnyExcept = SearchSetBuilds.Bind<SpanSearch<byte>>(set, "LastIndexOfAnyExcept", typeof(ReadOnlySpan<byte>));
        SpanContainsAny = SearchSetBuilds.Bind<SpanTest<byte>>(set, "ContainsAny", typeof(ReadOnlySpan<byte>));
        SpanContainsAnyExcept = SearchSetBuilds.Bind<SpanTest<byte>>(set, "ContainsAnyExcept", typeof(ReadOnlySpan<byte>));
    }

    public Func<byte, bool> Contains { get; }
    public ArraySearch<byte> IndexOfAny { get; }
    public ArrayRangeSearch<byte> IndexOfAnyRange { get; }
    public ArraySearch<byte> IndexOfAnyExcept { get; }
    public ArrayRangeSearch<byte> IndexOfAnyExceptRange { get; }
    public ArraySearch<byte> LastIndexOfAny { get; }
    public ArrayRangeSearch<byte> LastIndexOfAnyRange { get; }
    public ArraySearch<byte> LastIndexOfAnyExcept { get; }
    public ArrayRangeSearch<byte> LastIndexOfAnyExceptRange { get; }
    public ArrayTest<byte> ContainsAny { get; }
    public ArrayTest<byte> ContainsAnyExcept { get; }
    public SpanSearch<byte>? SpanIndexOfAny { get; }
    public SpanSearch<byte>? SpanIndexOfAnyExcept { get; }
    public SpanSearch<byte>? SpanLastIndexOfAny { get; }
    public SpanSearch<byte>? SpanLastIndexOfAnyExcept { get; }
    public SpanTest<byte>? SpanContainsAny { get; }
    public SpanTest<byte>? SpanContainsAnyExcept { get; }
}
