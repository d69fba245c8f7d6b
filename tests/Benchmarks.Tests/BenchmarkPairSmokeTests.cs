using System;
using System.Collections;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Streamline.Benchmarks;
using Xunit.Abstractions;

namespace Streamline.Benchmarks.Tests;

/// <summary>
/// Runs every benchmark class in Streamline.Benchmarks (found by reflection, so new rules are covered without edits):
/// the flagged and fixed methods must agree on every [Params] combination, and one BenchmarkDotNet Job.Dry run in
/// process must finish without validation errors or missing results.
/// </summary>
public sealed class BenchmarkPairSmokeTests
{
    // Any size below one pass over the corpus gives exactly one pass (about 9 MB), far from the 100 MiB of a real run.
    private const long SmokeLargeFileBytes = 1;

    private readonly ITestOutputHelper _output;

    static BenchmarkPairSmokeTests() => BenchmarkCorpus.LargeFileMinimumBytes = SmokeLargeFileBytes;

    public BenchmarkPairSmokeTests(ITestOutputHelper output) => _output = output;

    public static TheoryData<string> BenchmarkClasses()
    {
        var data = new TheoryData<string>();
        foreach (Type type in FindBenchmarkClasses())
            data.Add(type.FullName!);
        return data;
    }

    [Fact]
    public void Assembly_HasTheSL1003Pair()
    {
        Assert.Contains(typeof(SL1003CountLinesWithoutMaterializingBenchmarks), FindBenchmarkClasses());
    }

    // Each kind (Deflate, ZLib, Brotli, Network, Pipe) reads the same bytes, so all of them return the same sum: a pair
    // whose two methods lost the same bytes (a pipe or connection closed early) would still agree with each other.
    [Fact]
    public void SL1007StreamKinds_EveryKindReadsTheSameBytes()
    {
        var benchmarks = new SL1007StreamKindsBenchmarks();
        benchmarks.Setup();
        long expected = benchmarks.Deflate_ReadByte();
        Assert.NotEqual(0, expected);
        foreach (MethodInfo method in MethodsWith<BenchmarkAttribute>(typeof(SL1007StreamKindsBenchmarks)))
        {
            object? actual = Run(benchmarks, method);
            _output.WriteLine($"{method.Name} = {actual}");
            Assert.Equal(expected, actual);
        }
    }

    [Theory]
    [MemberData(nameof(BenchmarkClasses))]
    public void Pair_ReturnsEqualResults_ForEveryParamsCombination(string className)
    {
        Type type = GetBenchmarkClass(className);
        MethodInfo[] benchmarks = MethodsWith<BenchmarkAttribute>(type);
        Assert.True(benchmarks.Length >= 2, $"{type.Name} needs a flagged and a fixed [Benchmark] method.");
        // One baseline per category (a class may hold several pairs, grouped by [BenchmarkCategory]).
        foreach (var group in benchmarks.GroupBy(Category))
            Assert.Single(group, method => method.GetCustomAttribute<BenchmarkAttribute>()!.Baseline);
        foreach (MethodInfo method in benchmarks)
        {
            Assert.True(method.GetParameters().Length == 0, $"{type.Name}.{method.Name}: vary data with [Params], not [Arguments].");
            Assert.True(method.ReturnType != typeof(void), $"{type.Name}.{method.Name} must return its result.");
        }

        List<IReadOnlyList<(MemberInfo Member, object? Value)>> combinations = ParamsCombinations(type);
        foreach (IReadOnlyList<(MemberInfo Member, object? Value)> combination in combinations)
        {
            string label = string.Join(", ", combination.Select(p => $"{p.Member.Name}={p.Value}"));
            object instance = Activator.CreateInstance(type)!;
            foreach ((MemberInfo member, object? value) in combination)
                SetValue(instance, member, value);

            InvokeAll(instance, MethodsWith<GlobalSetupAttribute>(type));
            try
            {
                foreach (var group in benchmarks.GroupBy(Category))
                {
                    MethodInfo baseline = group.Single(method => method.GetCustomAttribute<BenchmarkAttribute>()!.Baseline);
                    object? expected = Run(instance, baseline);
                    _output.WriteLine($"{type.Name} [{label}] {baseline.Name} = {Describe(expected)}");
                    foreach (MethodInfo method in group.Where(method => method != baseline))
                    {
                        object? actual = Run(instance, method);
                        _output.WriteLine($"{type.Name} [{label}] {method.Name} = {Describe(actual)}");
                        Assert.True(
                            StructurallyEqual(expected, actual),
                            $"{type.Name} [{label}]: {method.Name} returned {Describe(actual)}, baseline {baseline.Name} {Describe(expected)}.");
                    }
                }
            }
            finally
            {
                InvokeAll(instance, MethodsWith<GlobalCleanupAttribute>(type));
            }
        }
    }

    private static string Category(MethodInfo method)
        => string.Join(",", method.GetCustomAttributes<BenchmarkCategoryAttribute>().SelectMany(a => a.Categories).OrderBy(c => c, StringComparer.Ordinal));

    [Theory]
    [MemberData(nameof(BenchmarkClasses))]
    public void DryRun_InProcess_HasNoErrors(string className)
    {
        Type type = GetBenchmarkClass(className);
        var logger = new AccumulationLogger();
        string artifacts = Path.Combine(Path.GetTempPath(), "streamline-bench-smoke-" + Guid.NewGuid().ToString("N"));
        IConfig config = ManualConfig.CreateEmpty()
            .AddJob(Job.Dry.WithToolchain(InProcessEmitToolchain.Instance))
            .AddLogger(logger)
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddExporter(MarkdownExporter.GitHub)
            .WithArtifactsPath(artifacts)
            // Test builds are Debug; the benchmark assembly optimises itself, but Streamline.Runtime's Debug build does not.
            .WithOptions(ConfigOptions.DisableOptimizationsValidator | ConfigOptions.DisableLogFile);

        // BenchmarkDotNet refuses an assembly whose path starts with the temp folder (its guard against xUnit shadow
        // copies). A clone under /tmp, as CI may make, would trip it, so point the temp folder elsewhere for the run.
        string? temp = Environment.GetEnvironmentVariable("TMPDIR");
        string runTemp = Path.Combine(AppContext.BaseDirectory, "bdn-temp", Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(runTemp);
        Summary summary;
        try
        {
            Environment.SetEnvironmentVariable("TMPDIR", runTemp + Path.DirectorySeparatorChar);
            summary = BenchmarkRunner.Run(type, config);
        }
        finally
        {
            Environment.SetEnvironmentVariable("TMPDIR", temp);
            Directory.Delete(runTemp, recursive: true);
        }

        try
        {
            _output.WriteLine(logger.GetLog());
            Assert.False(summary.HasCriticalValidationErrors, "critical validation errors");
            Assert.Empty(summary.ValidationErrors.Select(error => error.Message));
            Assert.NotEmpty(summary.BenchmarksCases);
            Assert.Equal(summary.BenchmarksCases.Length, summary.Reports.Length);
            foreach (BenchmarkReport report in summary.Reports)
            {
                Assert.True(report.Success, $"{report.BenchmarkCase.DisplayInfo} failed.");
                Assert.True(report.ResultStatistics is not null, $"{report.BenchmarkCase.DisplayInfo} has no result.");
            }
        }
        finally
        {
            if (Directory.Exists(artifacts))
                Directory.Delete(artifacts, recursive: true);
        }
    }

    private static IReadOnlyList<Type> FindBenchmarkClasses() =>
        typeof(SL1003CountLinesWithoutMaterializingBenchmarks).Assembly.GetTypes()
            .Where(type => type.IsClass && !type.IsAbstract && MethodsWith<BenchmarkAttribute>(type).Length > 0)
            .OrderBy(type => type.FullName, StringComparer.Ordinal)
            .ToArray();

    private static Type GetBenchmarkClass(string className) =>
        FindBenchmarkClasses().Single(type => type.FullName == className);

    private static MethodInfo[] MethodsWith<TAttribute>(Type type)
        where TAttribute : Attribute =>
        type.GetMethods(BindingFlags.Public | BindingFlags.Instance)
            .Where(method => method.GetCustomAttribute<TAttribute>() is not null)
            .OrderBy(method => method.MetadataToken)
            .ToArray();

    // The cartesian product of every [Params], [ParamsAllValues] and [ParamsSource] member's values.
    private static List<IReadOnlyList<(MemberInfo Member, object? Value)>> ParamsCombinations(Type type)
    {
        var combinations = new List<IReadOnlyList<(MemberInfo Member, object? Value)>> { Array.Empty<(MemberInfo, object?)>() };
        IEnumerable<MemberInfo> members = type.GetProperties(BindingFlags.Public | BindingFlags.Instance)
            .Cast<MemberInfo>()
            .Concat(type.GetFields(BindingFlags.Public | BindingFlags.Instance));
        foreach (MemberInfo member in members)
        {
            object?[]? values = ParamsValues(type, member);
            if (values is null)
                continue;

            combinations = combinations
                .SelectMany(prefix => values.Select(value => (IReadOnlyList<(MemberInfo, object?)>)prefix.Append((member, value)).ToArray()))
                .ToList();
        }

        return combinations;
    }

    private static object?[]? ParamsValues(Type type, MemberInfo member)
    {
        Type memberType = member is PropertyInfo property ? property.PropertyType : ((FieldInfo)member).FieldType;
        if (member.GetCustomAttribute<ParamsAttribute>() is { } paramsAttribute)
            return paramsAttribute.Values;
        if (member.GetCustomAttribute<ParamsAllValuesAttribute>() is not null)
            return memberType == typeof(bool) ? new object?[] { false, true } : Enum.GetValues(memberType).Cast<object?>().ToArray();
        if (member.GetCustomAttribute<ParamsSourceAttribute>() is { } source)
        {
            const BindingFlags Any = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance;
            object? instance = Activator.CreateInstance(type);
            object? values = type.GetProperty(source.Name, Any)?.GetValue(instance) ?? type.GetMethod(source.Name, Any, null, Type.EmptyTypes, null)?.Invoke(instance, null);
            return ((IEnumerable)values!).Cast<object?>().ToArray();
        }

        return null;
    }

    private static void SetValue(object instance, MemberInfo member, object? value)
    {
        if (member is PropertyInfo property)
            property.SetValue(instance, value);
        else
            ((FieldInfo)member).SetValue(instance, value);
    }

    private static void InvokeAll(object instance, IEnumerable<MethodInfo> methods)
    {
        foreach (MethodInfo method in methods)
            Await(method.Invoke(instance, null));
    }

    // One benchmark invocation, bracketed by the class's [IterationSetup]/[IterationCleanup] as BenchmarkDotNet does.
    private static object? Run(object instance, MethodInfo benchmark)
    {
        Type type = instance.GetType();
        InvokeAll(instance, MethodsWith<IterationSetupAttribute>(type));
        try
        {
            return Await(benchmark.Invoke(instance, null));
        }
        finally
        {
            InvokeAll(instance, MethodsWith<IterationCleanupAttribute>(type));
        }
    }

    private static object? Await(object? result)
    {
        if (result is null)
            return null;

        Type type = result.GetType();
        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(ValueTask<>))
            result = type.GetMethod(nameof(ValueTask<int>.AsTask))!.Invoke(result, null)!;
        else if (result is ValueTask valueTask)
            result = valueTask.AsTask();

        if (result is not Task task)
            return result;

        task.GetAwaiter().GetResult();
        Type taskType = task.GetType();
        return taskType.IsGenericType && taskType.GetProperty(nameof(Task<int>.Result)) is { } resultProperty
            && resultProperty.PropertyType.Name != "VoidTaskResult"
            ? resultProperty.GetValue(task)
            : null;
    }

    private static bool StructurallyEqual(object? expected, object? actual)
    {
        if (expected is IEnumerable expectedItems and not string && actual is IEnumerable actualItems and not string)
        {
            object?[] left = expectedItems.Cast<object?>().ToArray();
            object?[] right = actualItems.Cast<object?>().ToArray();
            return left.Length == right.Length && left.Zip(right, StructurallyEqual).All(equal => equal);
        }

        return Equals(expected, actual);
    }

    private static string Describe(object? value) => value switch
    {
        null => "null",
        string text => "\"" + text + "\"",
        IEnumerable items => $"{value.GetType().Name}[{items.Cast<object?>().Count()}]",
        _ => value.ToString() ?? "",
    };
}
