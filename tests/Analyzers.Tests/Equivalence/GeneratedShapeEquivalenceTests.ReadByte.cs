using System.Collections.Generic;
using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>SL1007: single-byte read loops (<see cref="ShapeGenerator.ReadByteShapes"/>), loop exit x who owns the
/// stream x disposal x method kind x what else uses the stream, over every stream kind the callers hand in.</summary>
[Trait("Rule", "SL1007")]
public partial class GeneratedShapeEquivalenceTests
{
    private static IReadOnlyList<Shape> ByteLoops => ShapeGenerator.ReadByteShapes(880, seed: 1007);

    /// <summary>Every fix must keep the behaviour; none may touch a caller's stream or a stream used otherwise.</summary>
    [Fact]
    public Task ReadByteLoops_BehaveTheSameAfterEveryFix()
        => CheckAsync("ReadByte loops", ByteLoops, TestTarget.Net80, scenarios: LengthScenarios, rule: "SL1007");
}
