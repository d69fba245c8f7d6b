using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>
/// SL1002 fixed where the reader is made (issue 32): readers made in <c>Run</c> and read by helpers
/// (<see cref="ShapeGenerator.CrossMethodShapes"/>), each fixed as <c>dotnet format</c> would and called by callers that
/// read the stream afterwards, over every stream kind (seekable or not, short reads) and sizes past the buffers.
/// </summary>
public partial class GeneratedShapeEquivalenceTests
{
    private static IReadOnlyList<Shape> CrossMethodReaders => ShapeGenerator.CrossMethodShapes(480, seed: 1032);

    [Fact]
    [Trait("Rule", "SL1002")]
    public async Task ReadersAcrossMethods_BehaveTheSameAfterTheFixWhereMade()
    {
        BatchResult total = await CheckAsync("readers across methods", CrossMethodReaders, TestTarget.Net80, rule: "SL1002");

        // The family must reach the new fix: some shapes are fixed, and the proof refuses others (a direct read of the
        // stream between the helpers, the reader stored in a field), which the comparison covers just the same.
        int fixedBySL1002 = total.FixedShapesById.GetValueOrDefault("SL1002") + total.FixedShapesById.GetValueOrDefault("SL1102");
        Assert.True(fixedBySL1002 > 0, "no shape was fixed: the fix where the reader is made is not reached");
        Assert.True(fixedBySL1002 < total.Shapes, "every shape was fixed: the refusals are not reached");

        // Helpers of other types (an extension method, a static class, a constructor that reads) are followed at
        // compilation end: some of those shapes are fixed too.
        Assert.Contains(total.FixedShapes, shape => shape.Contains("OtherTypes", System.StringComparison.Ordinal) && shape.EndsWith(EquivalenceChecker.MadeBuffered, System.StringComparison.Ordinal));
    }
}
