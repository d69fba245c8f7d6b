namespace Streamline.Analyzers.Tests.Verifiers;

/// <summary>The target frameworks a test compilation can be built for; each has its own reference assemblies.</summary>
public enum TestTarget
{
    /// <summary>.NET 8, the modern target (the runtime's net8.0 build).</summary>
    Net80,

    /// <summary>netstandard2.0 (the runtime's netstandard2.0 build).</summary>
    NetStandard20,

    /// <summary>.NET Framework 4.7.2, standing for .NET Framework, Mono and Unity (the runtime's netstandard2.0 build).</summary>
    Net472,
}
