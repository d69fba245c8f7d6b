using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;

namespace Streamline.Analyzers.Tests.Verifiers;

/// <summary>
/// Every reference a test compilation gets, from disk or from Basic.Reference.Assemblies, so that nothing is ever
/// downloaded at test time (the testing library would otherwise fetch reference packs from NuGet).
/// </summary>
public static class TestReferenceAssemblies
{
    /// <summary>A reference set with no package to resolve: the testing library has nothing to download.</summary>
    public static ReferenceAssemblies None { get; } = new("net8.0");

    private static readonly Lazy<MetadataReference> s_modernRuntime = new(
        () => MetadataReference.CreateFromFile(typeof(Streamline.Runtime.LineCounter).Assembly.Location));

    private static readonly Lazy<MetadataReference> s_netStandardRuntime = new(
        () => MetadataReference.CreateFromFile(Path.Combine(AppContext.BaseDirectory, "runtime-netstandard2.0", "Streamline.Runtime.dll")));

    /// <summary>The framework's reference assemblies for <paramref name="target"/>.</summary>
    public static ImmutableArray<MetadataReference> Framework(TestTarget target) => target switch
    {
        TestTarget.Net80 => Basic.Reference.Assemblies.Net80.References.All.Cast<MetadataReference>().ToImmutableArray(),
        TestTarget.NetStandard20 => Basic.Reference.Assemblies.NetStandard20.References.All.Cast<MetadataReference>().ToImmutableArray(),
        TestTarget.Net472 => Basic.Reference.Assemblies.Net472.References.All.Cast<MetadataReference>().ToImmutableArray(),
        _ => throw new ArgumentOutOfRangeException(nameof(target)),
    };

    /// <summary>The build of Streamline.Runtime that a project on <paramref name="target"/> would get from the package.</summary>
    public static MetadataReference Runtime(TestTarget target)
        => target == TestTarget.Net80 ? s_modernRuntime.Value : s_netStandardRuntime.Value;
}
