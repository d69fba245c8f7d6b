using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text.Json;
using Microsoft.CodeAnalysis;

namespace Streamline.RealWorld;

// The compile-time assemblies of a project's package references, so that a type from a package (a pooled memory
// stream, a protobuf message) binds as it does in the project's own build instead of resolving to nothing.
// For each project file that owns the source folders, `dotnet restore` runs as for the one target framework the
// harness compiles (net8.0, or netstandard2.0 under STREAMLINE_REAL_WORLD_TARGET), and project.assets.json names the
// compile assemblies of every package in that target's closure. The project's own NuGet.config and global.json are
// not checked out (eng/real-world.sh), so restore uses the machine's package source and SDK.
// A package the source does not have is listed as unresolved; the assemblies that did restore are still used.
internal sealed class PackageReferences
{
    public required string Status { get; init; } // resolved, unresolved, no project file, off
    public required IReadOnlyList<MetadataReference> References { get; init; }
    public required IReadOnlyList<string> Unresolved { get; init; }
    public required IReadOnlyList<string> Notes { get; init; }

    public static PackageReferences Off(string why) =>
        new() { Status = "off", References = Array.Empty<MetadataReference>(), Unresolved = Array.Empty<string>(), Notes = new[] { why } };

    public static PackageReferences Restore(IEnumerable<string> sourceDirectories, string targetFramework, IEnumerable<MetadataReference> frameworkReferences, Func<string, bool> isExcluded)
    {
        var projects = sourceDirectories.SelectMany(d => ProjectFiles(d, isExcluded)).Distinct(StringComparer.Ordinal).ToList();
        if (projects.Count == 0)
        {
            return new() { Status = "no project file", References = Array.Empty<MetadataReference>(), Unresolved = Array.Empty<string>(), Notes = Array.Empty<string>() };
        }

        // A package that also ships in the framework's reference assemblies (System.Memory, System.Buffers on older
        // targets) is left to the framework: two definitions of one type make every use ambiguous.
        var frameworkNames = new HashSet<string>(frameworkReferences.Select(SimpleName), StringComparer.OrdinalIgnoreCase);
        var assemblies = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        var unresolved = new SortedSet<string>(StringComparer.OrdinalIgnoreCase);
        var notes = new SortedSet<string>(StringComparer.Ordinal);
        foreach (string project in projects)
        {
            var (exitCode, output) = Run("dotnet", "restore", project, "-nologo", "-v", "q", $"-p:TargetFrameworks={targetFramework}",
                "-p:NuGetAudit=false", "-p:TreatWarningsAsErrors=false");
            string? assetsFile = AssetsFile(project, targetFramework);
            if (assetsFile is null && exitCode == 0)
            {
                // An old-style project (no PackageReference) restores nothing and writes no assets file.
                notes.Add($"{Path.GetFileName(project)}: nothing to restore");
                continue;
            }

            if (assetsFile is null)
            {
                string error = output.Split('\n').Select(l => l.Trim()).FirstOrDefault(l => l.Contains("error", StringComparison.OrdinalIgnoreCase)) ?? $"exit code {exitCode}";
                unresolved.Add($"{Path.GetFileName(project)}: restore failed: {Shorten(error)}");
                continue;
            }

            using var json = JsonDocument.Parse(File.ReadAllText(assetsFile));
            JsonElement root = json.RootElement;
            foreach (JsonElement log in root.TryGetProperty("logs", out var logs) ? logs.EnumerateArray() : Enumerable.Empty<JsonElement>())
            {
                if (log.GetProperty("level").GetString() == "Error")
                {
                    unresolved.Add(log.TryGetProperty("libraryId", out var id) ? id.GetString()! : Shorten(log.GetProperty("message").GetString()!));
                }
            }

            var folders = root.GetProperty("packageFolders").EnumerateObject().Select(p => p.Name).ToList();
            var libraries = root.GetProperty("libraries");
            JsonElement? target = root.GetProperty("targets").EnumerateObject()
                .Where(t => !t.Name.Contains('/', StringComparison.Ordinal))
                .Select(t => (JsonElement?)t.Value).FirstOrDefault();
            if (target is null)
            {
                continue;
            }

            foreach (JsonProperty library in target.Value.EnumerateObject())
            {
                if (library.Value.GetProperty("type").GetString() != "package" || !library.Value.TryGetProperty("compile", out var compile))
                {
                    continue;
                }

                string libraryPath = libraries.GetProperty(library.Name).GetProperty("path").GetString()!;
                foreach (JsonProperty file in compile.EnumerateObject())
                {
                    if (!file.Name.EndsWith(".dll", StringComparison.OrdinalIgnoreCase))
                    {
                        continue; // "_._": nothing to compile against on this target
                    }

                    string? path = folders.Select(f => Path.Combine(f, libraryPath, file.Name)).FirstOrDefault(File.Exists);
                    if (path is null)
                    {
                        notes.Add($"missing {library.Name}/{file.Name}");
                        continue;
                    }

                    string name = Path.GetFileNameWithoutExtension(path);
                    if (frameworkNames.Contains(name))
                    {
                        continue;
                    }

                    assemblies.TryAdd(name, path);
                }
            }

            if (root.TryGetProperty("project", out var spec) && spec.TryGetProperty("frameworks", out var frameworks))
            {
                foreach (JsonProperty framework in frameworks.EnumerateObject())
                {
                    if (framework.Value.TryGetProperty("frameworkReferences", out var references))
                    {
                        foreach (JsonProperty reference in references.EnumerateObject().Where(r => r.Name != "Microsoft.NETCore.App"))
                        {
                            notes.Add($"framework reference {reference.Name} not added");
                        }
                    }
                }
            }
        }

        return new()
        {
            Status = unresolved.Count == 0 ? "resolved" : "unresolved",
            References = assemblies.Values.OrderBy(p => p, StringComparer.Ordinal).Select(p => (MetadataReference)MetadataReference.CreateFromFile(p)).ToList(),
            Unresolved = unresolved.ToList(),
            Notes = notes.ToList(),
        };
    }

    // The project files under a source folder (test and benchmark projects left out), or, where a folder has none (its
    // project file sits above it, as Mono.Cecil.csproj does), those of the nearest folder above it within the clone.
    private static IEnumerable<string> ProjectFiles(string directory, Func<string, bool> isExcluded)
    {
        var below = Directory.EnumerateFiles(directory, "*.csproj", SearchOption.AllDirectories).Where(f => !isExcluded(f)).ToList();
        if (below.Count > 0)
        {
            return below;
        }

        for (DirectoryInfo? up = new DirectoryInfo(directory).Parent; up is not null; up = up.Parent)
        {
            var here = up.EnumerateFiles("*.csproj").Select(f => f.FullName).Where(f => !isExcluded(f)).ToList();
            if (here.Count > 0)
            {
                return here;
            }

            if (Directory.Exists(Path.Combine(up.FullName, ".git")))
            {
                break;
            }
        }

        return Array.Empty<string>();
    }

    private static string? AssetsFile(string project, string targetFramework)
    {
        string usual = Path.Combine(Path.GetDirectoryName(project)!, "obj", "project.assets.json");
        if (File.Exists(usual))
        {
            return usual;
        }

        // A repository that moves obj (BaseIntermediateOutputPath, artifacts output) says where.
        var (_, output) = Run("dotnet", "msbuild", project, "-nologo", "-getProperty:ProjectAssetsFile", $"-p:TargetFrameworks={targetFramework}");
        string path = output.Trim();
        return path.Length > 0 && File.Exists(path) ? path : null;
    }

    private static (int ExitCode, string Output) Run(string file, params string[] arguments)
    {
        var start = new ProcessStartInfo(file) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var error = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        if (!process.WaitForExit(TimeSpan.FromMinutes(10)))
        {
            process.Kill(entireProcessTree: true);
            return (-1, "timed out after 10 minutes");
        }

        return (process.ExitCode, output + error.Result);
    }

    private static string SimpleName(MetadataReference reference)
    {
        string name = reference is PortableExecutableReference { FilePath: { Length: > 0 } path } ? Path.GetFileName(path) : reference.Display ?? "";
        int paren = name.IndexOf(" (", StringComparison.Ordinal);
        name = paren >= 0 ? name[..paren] : name;
        return name.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) ? name[..^4] : name;
    }

    private static string Shorten(string text) => (text.Length > 160 ? text[..160] + "..." : text).Replace('\t', ' ');
}
