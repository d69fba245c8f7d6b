using System;
using System.Runtime.Intrinsics;

namespace Streamline.Runtime.Tests;

/// <summary>
/// The guard of eng/test-isa.sh: it runs the exactness suites once per vector width, each time with the DOTNET_Enable*
/// settings that should hold the JIT to that width and with STREAMLINE_MAX_VECTOR_BITS saying which width that is at
/// most (a machine may have less). A setting the runtime does not know fails here instead of running the default
/// width again (.NET 10 ignores DOTNET_EnableAVX512F=0, which turned Vector512 off on .NET 8; DOTNET_EnableAVX512=0
/// does it now).
/// </summary>
public class InstructionSetTests
{
    private const string MaxBitsVariable = "STREAMLINE_MAX_VECTOR_BITS";

    private static int WidestAcceleratedVector() =>
        Vector512.IsHardwareAccelerated ? 512 : Vector256.IsHardwareAccelerated ? 256 : Vector128.IsHardwareAccelerated ? 128 : 0;

    [Fact]
    public void WidestAcceleratedVector_IsNoWiderThanAskedFor()
    {
        // Each width implies the narrower ones; the kernels pick the widest.
        Assert.False(Vector512.IsHardwareAccelerated && !Vector256.IsHardwareAccelerated);
        Assert.False(Vector256.IsHardwareAccelerated && !Vector128.IsHardwareAccelerated);
        string? maximum = Environment.GetEnvironmentVariable(MaxBitsVariable);
        if (maximum is not null)
            Assert.InRange(WidestAcceleratedVector(), 0, int.Parse(maximum));
    }
}
