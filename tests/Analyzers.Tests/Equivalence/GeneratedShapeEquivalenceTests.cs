using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;
using Xunit.Abstractions;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>
/// Generated method shapes (<see cref="ShapeGenerator"/>: loop x ownership x disposal x aliasing x method kind), each
/// fixed as <c>dotnet format</c> would and called from callers that keep using the stream, over every
/// <see cref="StreamKind"/> and data sizes from empty to past the readers' buffer sizes (ending mid-value too). Every
/// fixed shape must behave exactly as the original; there is no list of known exceptions.
/// </summary>
[Trait("Rule", "SL1001")]
[Trait("Rule", "SL1002")]
[Trait("Rule", "SL1006")]
public partial class GeneratedShapeEquivalenceTests : IClassFixture<GeneratedShapeEquivalenceTests.Data>
{
    private const int BatchSize = 120;
    private static readonly int[] s_smallSizes = { 0, 7, 40, 402 };
    private static readonly int[] s_largeSizes = { 5003, 70002 };
    private static readonly int[] s_counts = { 3, 50, 100_000 };
    private static readonly int[] s_skips = { 3, 0, 5000, 100_000, 1 };

    private readonly Data _data;
    private readonly ITestOutputHelper _output;

    private static IReadOnlyList<Shape> ReaderLoops => ShapeGenerator.ReaderShapes(2970, seed: 1002);

    private static IReadOnlyList<Shape> SkipLoops => ShapeGenerator.SkipShapes(1350, seed: 1001);

    private static IReadOnlyList<Shape> LengthLoops => ShapeGenerator.LengthShapes(1134, seed: 1006);

    public GeneratedShapeEquivalenceTests(Data data, ITestOutputHelper output)
    {
        _data = data;
        _output = output;
    }

    [Fact]
    public Task BinaryReaderLoops_BehaveTheSameAfterEveryFix()
        => CheckAsync("BinaryReader loops", ReaderLoops, TestTarget.Net80);

    /// <summary>SL1006 (and SL1002 with it): loops reading <c>Length</c> on every pass; none may be fixed where the loop
    /// writes, resizes or hands on the stream.</summary>
    [Fact]
    public Task LengthLoops_BehaveTheSameAfterEveryFix()
        => CheckAsync("Length loops", LengthLoops, TestTarget.Net80, scenarios: LengthScenarios, rule: "SL1006");

    [Fact]
    public Task ReadAndSkipLoops_BehaveTheSameAfterEveryFix()
        => CheckAsync("read-and-skip loops", SkipLoops, TestTarget.Net80);

    /// <summary>netstandard2.0 (.NET Framework, Mono, Unity): the fixes the analyzers offer there, running the
    /// runtime's netstandard2.0 build.</summary>
    [Fact]
    public Task BinaryReaderLoops_OnNetStandard_BehaveTheSameAfterEveryFix()
        => CheckAsync("BinaryReader loops on netstandard2.0", ShapeGenerator.ReaderShapes(693, seed: 2002), TestTarget.NetStandard20);

    [Fact]
    public Task ReadAndSkipLoops_OnNetStandard_BehaveTheSameAfterEveryFix()
        => CheckAsync("read-and-skip loops on netstandard2.0", ShapeGenerator.SkipShapes(450, seed: 2001), TestTarget.NetStandard20);

    /// <summary>SL1001's second fix, <c>Seek(n, SeekOrigin.Current)</c>, chosen wherever it is offered.</summary>
    [Fact]
    public Task ReadAndSkipLoops_SeekFix_BehavesTheSame()
        => CheckAsync("read-and-skip loops, Seek fix", SkipLoops, TestTarget.NetStandard20, new[] { "SL1001.UseSeek" });

    /// <summary>
    /// The harness itself: a sample of every family's unfixed shapes, each called twice per scenario, must give the
    /// same observations (no state leaking between calls, no timing), or no comparison with a fix could mean anything.
    /// </summary>
    [Fact]
    public void Harness_SameProgramTwice_SameObservations()
    {
        IEnumerable<Shape> Sample(IReadOnlyList<Shape> shapes) => shapes.Where((_, i) => i % 60 == 7);
        var results = new[]
        {
            EquivalenceChecker.CompareWithItself(Sample(ReaderLoops).ToList(), _data.Callers, Scenarios),
            EquivalenceChecker.CompareWithItself(Sample(SkipLoops).ToList(), _data.Callers, Scenarios),
            EquivalenceChecker.CompareWithItself(Sample(LengthLoops).ToList(), _data.Callers, LengthScenarios),
        };
        List<string> failures = results.SelectMany(r => r.Failures).ToList();
        _output.WriteLine($"{results.Sum(r => r.Runs)} calls made twice, {failures.Count} differences");
        Assert.True(results.All(r => r.Runs > 0), "a family's sample made no call");
        Assert.True(failures.Count == 0, failures.FirstOrDefault());
    }

    private async Task<BatchResult> CheckAsync(
        string family,
        IReadOnlyList<Shape> shapes,
        TestTarget target,
        IReadOnlyCollection<string>? preferredKeys = null,
        Func<IReadOnlyList<StreamKind>, int, IEnumerable<Scenario>>? scenarios = null,
        string? rule = null)
    {
        List<Shape[]> batches = shapes.Chunk(BatchSize).ToList();
        var results = new BatchResult[batches.Count];
        await Parallel.ForEachAsync(
            Enumerable.Range(0, batches.Count),
            new ParallelOptions { MaxDegreeOfParallelism = Environment.ProcessorCount },
            async (index, cancellationToken) =>
            {
                results[index] = await EquivalenceChecker.RunBatchAsync(batches[index], _data.Callers, scenarios ?? Scenarios, target, preferredKeys, cancellationToken);
                GC.Collect();
                GC.WaitForPendingFinalizers();
            });

        var total = new BatchResult();
        foreach (BatchResult result in results)
            total.Add(result);

        _output.WriteLine($"{family}: {total.Shapes} shapes, {total.ShapesWithDiagnostics} with a stream diagnostic " +
            $"({Format(total.DiagnosticsById)}), {total.ShapesFixed} fixed ({Format(total.FixedShapesById)}), " +
            $"{total.Runs} calls compared, {total.Failures.Count} differences " +
            $"(summed over batches: {total.FixTime.TotalSeconds:F1} s analyzing, fixing and compiling, {total.RunTime.TotalSeconds:F1} s calling)");
        foreach (string failure in total.Failures.Take(10))
            _output.WriteLine(failure);

        // For triage: every difference, in full, where the environment asks for it.
        if (Environment.GetEnvironmentVariable("STREAMLINE_EQUIV_DUMP") is { Length: > 0 } dump)
        {
            System.IO.File.WriteAllText(System.IO.Path.Combine(dump, family.Replace(' ', '-') + ".txt"), string.Join("\n", total.Failures));
            System.IO.File.WriteAllText(System.IO.Path.Combine(dump, family.Replace(' ', '-') + "-fixed.txt"), string.Join("\n", total.FixedShapes));
        }

        Assert.Equal(shapes.Count, total.Shapes);
        if (rule is null)
            Assert.True(total.ShapesWithDiagnostics > 0, "the analyzers reported nothing: the shapes no longer reach the rules");
        else if (FixAllApplier.PresentRuleIds.Contains(rule))
            Assert.True(total.DiagnosticsById.GetValueOrDefault(rule) > 0, $"{rule} reported nothing: the shapes no longer reach it");
        else
            _output.WriteLine($"{rule} is not in this build: only the other rules' fixes are checked on these shapes");
        Assert.True(total.Failures.Count == 0, $"{total.Failures.Count} fixed shapes behave differently; the first:\n{total.Failures.FirstOrDefault()}");
        return total;
    }

    /// <summary>Every stream kind over the small sizes; two kinds (rotating with the shape) over the large ones.</summary>
    /// <summary>Every stream kind over the small sizes; each large size over one kind (both turning with the shape).</summary>
    private static IEnumerable<Scenario> Scenarios(IReadOnlyList<StreamKind> kinds, int shapeIndex)
        => EquivalenceChecker.RotatedScenarios(kinds, s_smallSizes, s_counts, s_skips, shapeIndex)
            .Concat(EquivalenceChecker.RotatedScenarios(new[] { kinds[shapeIndex % kinds.Count] }, new[] { s_largeSizes[0] }, s_counts, s_skips, shapeIndex))
            .Concat(EquivalenceChecker.RotatedScenarios(new[] { kinds[(shapeIndex + 3) % kinds.Count] }, new[] { s_largeSizes[1] }, s_counts, s_skips, shapeIndex + 1));

    /// <summary>Loops that take a pass per byte or two: the small sizes, and the smaller large size over one kind.</summary>
    private static IEnumerable<Scenario> LengthScenarios(IReadOnlyList<StreamKind> kinds, int shapeIndex)
        => EquivalenceChecker.RotatedScenarios(kinds, s_smallSizes, s_counts, s_skips, shapeIndex)
            .Concat(EquivalenceChecker.RotatedScenarios(new[] { kinds[shapeIndex % kinds.Count] }, new[] { s_largeSizes[0] }, s_counts, s_skips, shapeIndex));

    private static string Format(Dictionary<string, int> counts)
        => counts.Count == 0 ? "none" : string.Join(", ", counts.OrderBy(p => p.Key, StringComparer.Ordinal).Select(p => $"{p.Key}: {p.Value}"));

    /// <summary>The data files and streams, made once for the class.</summary>
    public sealed class Data : IDisposable
    {
        public CallerData Callers { get; } = new(s_smallSizes.Concat(s_largeSizes));

        public void Dispose() => Callers.Dispose();
    }
}
