using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Streamline.Analyzers.Rules;
using Streamline.CodeFixes.Rules;

namespace Streamline.Analyzers.Tests;

/// <summary>
/// Each of the package's assemblies references nothing newer than the oldest host the README names for it carries.
/// A host finds code fixes by reading each fixer type's attributes (Roslyn's project code fix provider and
/// <c>dotnet format</c> both call <c>GetCustomAttribute&lt;ExportCodeFixProviderAttribute&gt;</c>), which loads the
/// assembly of every attribute on the type; a reference the host cannot satisfy (as <c>[Shared]</c> compiled against
/// System.Composition.AttributedModel 8.0.0.0 was, in hosts with System.Composition 6 or 7) drops the fixes in the IDE
/// and stops <c>dotnet format</c>. The floors are the versions the host's own Roslyn references, so the host carries
/// each of them or newer.
/// </summary>
public class HostFloorTests
{
    private static readonly Version s_netStandard = new(2, 0, 0, 0);

    /// <summary>Roslyn 3.6 (.NET SDK 3.1.300, Visual Studio 2019 16.6): Microsoft.CodeAnalysis 3.6.0 references
    /// System.Collections.Immutable 1.2.3.0.</summary>
    private static readonly Dictionary<string, Version> s_analyzerHost = new()
    {
        ["netstandard"] = s_netStandard,
        ["Microsoft.CodeAnalysis"] = new(3, 6, 0, 0),
        ["Microsoft.CodeAnalysis.CSharp"] = new(3, 6, 0, 0),
        ["System.Collections.Immutable"] = new(1, 2, 3, 0),
    };

    /// <summary>Roslyn 4.3 (.NET SDK 6.0.400, Visual Studio 2022 17.3, Unity 2022.3.12+): Microsoft.CodeAnalysis 4.3
    /// references System.Collections.Immutable 6.0.0.0.</summary>
    private static readonly Dictionary<string, Version> s_generatorHost = new()
    {
        ["netstandard"] = s_netStandard,
        ["Microsoft.CodeAnalysis"] = new(4, 3, 0, 0),
        ["Microsoft.CodeAnalysis.CSharp"] = new(4, 3, 0, 0),
        ["System.Collections.Immutable"] = new(6, 0, 0, 0),
    };

    /// <summary>Roslyn Workspaces 4.5 (Visual Studio 2022 17.5, <c>dotnet format</c> of .NET SDK 7.0.200): its
    /// assemblies reference System.Collections.Immutable and System.Reflection.Metadata 6.0.0.0 and System.Composition
    /// 6.0.0.0. The fixes reference no System.Composition assembly at all: <c>[ExportCodeFixProvider]</c> reaches MEF's
    /// <c>ExportAttribute</c> through the host's own Workspaces, and <c>[Shared]</c>, which only MEF-composed fixers
    /// need (hosts create a package's fixers with <c>Activator</c>), is left off.</summary>
    private static readonly Dictionary<string, Version> s_codeFixHost = new()
    {
        ["netstandard"] = s_netStandard,
        ["Microsoft.CodeAnalysis"] = new(4, 5, 0, 0),
        ["Microsoft.CodeAnalysis.CSharp"] = new(4, 5, 0, 0),
        ["Microsoft.CodeAnalysis.Workspaces"] = new(4, 5, 0, 0),
        ["Microsoft.CodeAnalysis.CSharp.Workspaces"] = new(4, 5, 0, 0),
        ["System.Collections.Immutable"] = new(6, 0, 0, 0),
        ["System.Reflection.Metadata"] = new(6, 0, 0, 0),
        ["Streamline.Analyzers"] = new(0, 1, 0, 0),
        ["Streamline.Generator"] = new(0, 1, 0, 0),
    };

    private static string CodeFixesPath => typeof(SL1001SeekInsteadOfPositionAdvanceCodeFix).Assembly.Location;

    [Fact]
    public void Analyzers_ReferenceNothingNewerThanRoslyn36()
        => AssertWithinFloor(typeof(SL1001SeekInsteadOfPositionAdvanceAnalyzer).Assembly.Location, s_analyzerHost);

    [Fact]
    public void Generator_ReferencesNothingNewerThanRoslyn43()
        => AssertWithinFloor(Path.Combine(Path.GetDirectoryName(CodeFixesPath)!, "Streamline.Generator.dll"), s_generatorHost);

    [Fact]
    public void CodeFixes_ReferenceNothingNewerThanWorkspaces45()
        => AssertWithinFloor(CodeFixesPath, s_codeFixHost);

    /// <summary>What a host does with the assembly: every fixer is exported for C# and created without arguments.</summary>
    [Fact]
    public void CodeFixes_AreFoundTheWayHostsFindThem()
    {
        Type[] fixers = typeof(SL1001SeekInsteadOfPositionAdvanceCodeFix).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && typeof(CodeFixProvider).IsAssignableFrom(t))
            .ToArray();
        Assert.NotEmpty(fixers);
        foreach (Type fixer in fixers)
        {
            ExportCodeFixProviderAttribute? export = fixer.GetCustomAttribute<ExportCodeFixProviderAttribute>(inherit: false);
            Assert.True(export is not null, fixer.Name + " is not exported");
            Assert.Contains(LanguageNames.CSharp, export!.Languages);
            Assert.IsAssignableFrom<CodeFixProvider>(Activator.CreateInstance(fixer));
        }
    }

    private static void AssertWithinFloor(string path, IReadOnlyDictionary<string, Version> floor)
    {
        List<(string Name, Version Version)> references = ReadReferences(path);
        Assert.NotEmpty(references);
        string[] beyond = references
            .Where(r => !floor.TryGetValue(r.Name, out Version? allowed) || r.Version > allowed)
            .Select(r => $"{r.Name} {r.Version}" + (floor.TryGetValue(r.Name, out Version? allowed) ? $" (host floor {allowed})" : " (not in the host floor)"))
            .ToArray();
        Assert.True(beyond.Length == 0, Path.GetFileName(path) + " references what its oldest host lacks: " + string.Join(", ", beyond));
    }

    private static List<(string Name, Version Version)> ReadReferences(string path)
    {
        using var stream = File.OpenRead(path);
        using var pe = new PEReader(stream);
        MetadataReader reader = pe.GetMetadataReader();
        return reader.AssemblyReferences
            .Select(handle => reader.GetAssemblyReference(handle))
            .Select(reference => (reader.GetString(reference.Name), reference.Version))
            .ToList();
    }
}
