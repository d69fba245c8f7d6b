using System.Collections.Generic;
using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>
/// SL1002's fix where a counted loop reads a reader the method is handed (issue 32): every shape of
/// <see cref="ShapeGenerator.CountedLoopShapes"/> fixed as <c>dotnet format</c> would and called by callers that read
/// their reader and stream afterwards, over every stream kind (seekable or not, short reads, failing) and sizes past
/// the buffers. Counts of 50 let a loop read ahead and end before the stream does.
/// </summary>
public partial class GeneratedShapeEquivalenceTests
{
    private static IReadOnlyList<Shape> CountedLoops => ShapeGenerator.CountedLoopShapes(360, seed: 1102);

    [Fact]
    [Trait("Rule", "SL1002")]
    public async Task CountedLoopsOverACallersReader_BehaveTheSameAfterTheReadAheadFix()
    {
        BatchResult total = await CheckAsync("counted loops over a caller's reader", CountedLoops, TestTarget.Net80, rule: "SL1002");

        // The family must reach the fix: the checked-narrowing and index shapes throw half-way, the rest end normally.
        int fixedBySL1002 = total.FixedShapesById.GetValueOrDefault("SL1002") + total.FixedShapesById.GetValueOrDefault("SL1102");
        Assert.True(fixedBySL1002 > total.Shapes / 2, $"only {fixedBySL1002} of {total.Shapes} shapes were fixed: the counted-loop fix is not reached");
    }

    /// <summary>The same on netstandard2.0 (.NET Framework, Mono, Unity): the runtime's netstandard2.0 build decodes
    /// without spans.</summary>
    [Fact]
    [Trait("Rule", "SL1002")]
    public Task CountedLoopsOverACallersReader_OnNetStandard_BehaveTheSameAfterTheReadAheadFix()
        => CheckAsync("counted loops over a caller's reader on netstandard2.0", ShapeGenerator.CountedLoopShapes(120, seed: 2102, vectors: false), TestTarget.NetStandard20, rule: "SL1002");

    /// <summary>Loops read up to a position, <c>while (reader.BaseStream.Position &lt; end)</c>, over a caller's reader:
    /// every shape of <see cref="ShapeGenerator.PositionLoopShapes"/> fixed (<c>ReadAheadUntil</c>) and run as above.</summary>
    [Fact]
    [Trait("Rule", "SL1002")]
    public async Task LoopsUpToAPositionOverACallersReader_BehaveTheSameAfterTheReadAheadFix()
    {
        BatchResult total = await CheckAsync("loops up to a position over a caller's reader", ShapeGenerator.PositionLoopShapes(240, seed: 1103), TestTarget.Net80, rule: "SL1002");

        int fixedBySL1002 = total.FixedShapesById.GetValueOrDefault("SL1002") + total.FixedShapesById.GetValueOrDefault("SL1102");
        Assert.True(fixedBySL1002 > total.Shapes * 9 / 10, $"only {fixedBySL1002} of {total.Shapes} shapes were fixed: the position-loop fix is not reached");
    }

    /// <summary>The same on netstandard2.0.</summary>
    [Fact]
    [Trait("Rule", "SL1002")]
    public Task LoopsUpToAPositionOverACallersReader_OnNetStandard_BehaveTheSameAfterTheReadAheadFix()
        => CheckAsync("loops up to a position over a caller's reader on netstandard2.0", ShapeGenerator.PositionLoopShapes(80, seed: 2103), TestTarget.NetStandard20, rule: "SL1002");
}
