using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace Streamline.RealWorld;

// Usage: RealWorld <name> <source directory> [<source directory>...]
// Compiles every .cs file under the directories (bin/obj and test folders left out) as net8.0 libraries that also
// reference Streamline.Runtime and the compile assemblies of the project's restored package references
// (PackageReferences.cs; STREAMLINE_REAL_WORLD_PACKAGES=0 leaves them out), runs every Streamline analyzer with every
// rule on, and for each diagnostic asks every code fix for an action, applies it and compiles the result.
// Where every directory holds one project file of its own, each directory is its own project, and a directory whose
// project file references another's gets it as a project reference: a rule then sees the other project as the build
// does, as an assembly whose bodies it cannot read (the rules read source only of their own compilation). Otherwise
// (shared-code folders, or several folders of one project) the directories are one compilation, as before 2026-11-29;
// STREAMLINE_REAL_WORLD_MERGED=1 makes them one compilation always. Prints one tab-separated line per diagnostic:
// project, file:line, rule, fix offered, fix compiles (no error the original did not have), the flagged line.
// A first line per project, rule PACKAGES, says whether every package restored and which did not.
// Analyzer exceptions (AD0001) are printed as rule AD0001 and make the exit code 1.
internal static class Program
{
    private static async Task<int> Main(string[] args)
    {
        if (args.Length < 2)
        {
            Console.Error.WriteLine("usage: RealWorld <name> <source directory>...");
            return 2;
        }

        string name = args[0];
        var files = args.Skip(1)
            .SelectMany(d => Directory.EnumerateFiles(d, "*.cs", SearchOption.AllDirectories))
            .Where(f => !IsExcluded(f))
            .OrderBy(f => f, StringComparer.Ordinal)
            .ToList();

        Assembly analyzers = Assembly.Load("Streamline.Analyzers");
        Assembly fixes = Assembly.Load("Streamline.CodeFixes");
        var analyzerList = Instantiate<DiagnosticAnalyzer>(analyzers).ToImmutableArray();
        var fixers = Instantiate<CodeFixProvider>(fixes).ToList();

        var workspace = new AdhocWorkspace();
        var references = Basic.Reference.Assemblies.Net80.References.All.Cast<MetadataReference>()
            .Append(MetadataReference.CreateFromFile(typeof(Streamline.Runtime.BufferedBinaryReader).Assembly.Location));
        var parse = new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: new[] { "NET8_0", "NET8_0_OR_GREATER", "NET5_0_OR_GREATER", "NETCOREAPP", "RELEASE" });

        // STREAMLINE_REAL_WORLD_TARGET=netstandard2.0 compiles the projects as the netstandard2.0 libraries most of them
        // ship, against Streamline.Runtime's netstandard2.0 build (eng/real-world.sh builds it), where rules decide by
        // the target (SL1004's thresholds, no CA1870).
        if (Environment.GetEnvironmentVariable("STREAMLINE_REAL_WORLD_TARGET") == "netstandard2.0")
        {
            string runtime = Path.GetFullPath(Path.Combine(AppContext.BaseDirectory, "..", "..", "..", "..", "..", "src", "Runtime", "bin", "Release", "netstandard2.0", "Streamline.Runtime.dll"));
            references = Basic.Reference.Assemblies.NetStandard20.References.All.Cast<MetadataReference>()
                .Append(MetadataReference.CreateFromFile(runtime));
            parse = new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: new[] { "NETSTANDARD", "NETSTANDARD2_0", "RELEASE" });
        }
        // STREAMLINE_REAL_WORLD_LANGVERSION=7.3 parses as a .NET Framework or netstandard2.0 project does by default (the
        // projects' own newer syntax then adds errors, which "compiles" discounts: only errors a fix adds count).
        if (Environment.GetEnvironmentVariable("STREAMLINE_REAL_WORLD_LANGVERSION") is { Length: > 0 } version
            && LanguageVersionFacts.TryParse(version, out LanguageVersion parsed))
        {
            parse = parse.WithLanguageVersion(parsed);
        }

        // The projects' package references, restored for the target compiled here (PackageReferences.cs);
        // STREAMLINE_REAL_WORLD_PACKAGES=0 leaves them unresolved, as the harness did before.
        bool netStandard = Environment.GetEnvironmentVariable("STREAMLINE_REAL_WORLD_TARGET") == "netstandard2.0";
        var packages = Environment.GetEnvironmentVariable("STREAMLINE_REAL_WORLD_PACKAGES") == "0"
            ? PackageReferences.Off("STREAMLINE_REAL_WORLD_PACKAGES=0")
            : PackageReferences.Restore(args.Skip(1), netStandard ? "netstandard2.0" : "net8.0", references, IsExcluded);
        references = references.Concat(packages.References);

        var ruleIds = analyzerList.SelectMany(a => a.SupportedDiagnostics).Select(d => d.Id).Distinct();
        var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true, nullableContextOptions: NullableContextOptions.Enable)
            .WithSpecificDiagnosticOptions(ruleIds.ToDictionary(id => id, _ => ReportDiagnostic.Warn));
        // One project per directory that has a project file of its own (as the repository builds them), else one for all.
        var groups = ProjectGroups(args.Skip(1).ToList(), files);
        Solution solution = workspace.CurrentSolution;
        var ids = groups.ToDictionary(g => g.Directory, g => ProjectId.CreateNewId(Path.GetFileName(g.Directory)), StringComparer.Ordinal);
        foreach (var group in groups)
        {
            string projectName = groups.Count == 1 ? name : Path.GetFileName(group.Directory);
            solution = solution.AddProject(ProjectInfo.Create(ids[group.Directory], VersionStamp.Default, projectName, projectName, LanguageNames.CSharp,
                compilationOptions: options, parseOptions: parse, metadataReferences: references,
                projectReferences: group.References.Select(r => new ProjectReference(ids[r]))));
            foreach (string file in group.Files)
                solution = solution.AddDocument(DocumentId.CreateNewId(ids[group.Directory]), file, SourceText.From(File.ReadAllText(file)), filePath: file);

            // What ImplicitUsings gives an SDK project; projects written without it lose nothing but an unused using.
            // Then the project's own <Using Include="..."/> items (its project file, and Directory.Build.props up to
            // the repository's root), which the SDK turns into global usings too.
            solution = solution.AddDocument(DocumentId.CreateNewId(ids[group.Directory]), "ImplicitUsings.g.cs", SourceText.From(
                "global using System; global using System.Collections.Generic; global using System.IO; global using System.Linq; global using System.Net.Http; global using System.Threading; global using System.Threading.Tasks;\n"
                + ProjectUsings(group.Directory)));
        }

        var compilations = new List<Compilation>();
        foreach (var group in groups)
            compilations.Add((await solution.GetProject(ids[group.Directory])!.GetCompilationAsync())!);
        string unresolvedList = packages.Unresolved.Count > 0 ? "unresolved: " + string.Join(", ", packages.Unresolved) : "";
        string notes = string.Join("; ", packages.Notes.Prepend(unresolvedList).Where(n => n.Length > 0));
        string PackagesLine(int errors) =>
            $"{name}\t-\tPACKAGES\t{packages.Status}\t{packages.References.Count} package assemblies, {files.Count} files, {errors} compile errors\t{(notes.Length > 0 ? notes : "-")}";

        // STREAMLINE_REAL_WORLD_RESTORE_ONLY=1 checks that a project restores and compiles and runs no rule: for a part
        // that is to be scored once, later (docs/real-world.md, part 'new').
        if (Environment.GetEnvironmentVariable("STREAMLINE_REAL_WORLD_RESTORE_ONLY") == "1")
        {
            int compileErrors = compilations.Sum(c => c.GetDiagnostics().Count(d => d.Severity == DiagnosticSeverity.Error));
            Console.Error.WriteLine($"{name}: {files.Count} files, {compileErrors} compile errors; packages {packages.Status}, {packages.References.Count} package assemblies (no rule run)");
            Console.WriteLine(PackagesLine(compileErrors));
            return 0;
        }

        int analyzerErrors = 0;
        int errors = 0;
        var diagnostics = new List<(Diagnostic Diagnostic, Compilation Compilation)>();
        foreach (Compilation compilation in compilations)
        {
            var withAnalyzers = compilation.WithAnalyzers(analyzerList, new CompilationWithAnalyzersOptions(
                new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty), (e, a, d) => { Console.WriteLine($"{name}\t-\tAD0001\t-\t-\t{a.GetType().Name}: {e.GetType().Name} {e.Message}"); Interlocked.Increment(ref analyzerErrors); }, concurrentAnalysis: true, logAnalyzerExecutionTime: false));
            // One pass gives the compiler's errors and the analyzers' diagnostics (binding a large project twice costs minutes).
            var all = await withAnalyzers.GetAllDiagnosticsAsync();
            errors += all.Count(d => d.Severity == DiagnosticSeverity.Error && !d.Id.StartsWith("SL", StringComparison.Ordinal));
            diagnostics.AddRange(all
                .Where(d => d.Id.StartsWith("SL", StringComparison.Ordinal) || d.Id == "AD0001")
                .Select(d => (d, compilation)));
        }

        diagnostics = diagnostics
            .OrderBy(d => d.Diagnostic.Location.SourceTree?.FilePath, StringComparer.Ordinal).ThenBy(d => d.Diagnostic.Location.SourceSpan.Start)
            .ToList();
        Console.Error.WriteLine($"{name}: {files.Count} files in {groups.Count} project(s), {errors} compile errors (unresolved dependencies), {diagnostics.Count} diagnostics; packages {packages.Status}, {packages.References.Count} package assemblies");
        // One line per project before its diagnostics: whether its packages restored (eng/real-world-score.py lists the
        // diagnostics of a project whose packages did not all restore apart), how many assemblies, the compile errors.
        Console.WriteLine(PackagesLine(errors));

        foreach (var (diagnostic, compilation) in diagnostics)
        {
            if (diagnostic.Id == "AD0001")
            {
                analyzerErrors++;
                Console.WriteLine($"{name}\t-\tAD0001\t-\t-\t{diagnostic.GetMessage()}");
                continue;
            }

            var span = diagnostic.Location.GetLineSpan();
            string path = Path.GetRelativePath(args[1], span.Path);
            string line = diagnostic.Location.SourceTree!.GetText().Lines[span.StartLinePosition.Line].ToString().Trim();
            Document document = solution.GetDocument(diagnostic.Location.SourceTree)!;
            var (offered, compiles) = await TryFix(document, diagnostic, fixers, compilation);
            // STREAMLINE_REAL_WORLD_MESSAGES=1: each diagnostic's message on stderr, to see which use stops a fix.
            if (Environment.GetEnvironmentVariable("STREAMLINE_REAL_WORLD_MESSAGES") == "1")
                Console.Error.WriteLine($"MESSAGE\t{name}\t{path}:{span.StartLinePosition.Line + 1}\t{diagnostic.Id}\t{diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture)}");
            Console.WriteLine($"{name}\t{path}:{span.StartLinePosition.Line + 1}\t{diagnostic.Id}\t{(offered ? "fix" : "no fix")}\t{compiles}\t{line}");
        }

        return analyzerErrors == 0 ? 0 : 1;
    }

    private static async Task<(bool Offered, string Compiles)> TryFix(Document document, Diagnostic diagnostic, List<CodeFixProvider> fixers, Compilation original)
    {
        var actions = new List<CodeAction>();
        foreach (var fixer in fixers.Where(f => f.FixableDiagnosticIds.Contains(diagnostic.Id)))
        {
            var context = new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), CancellationToken.None);
            await fixer.RegisterCodeFixesAsync(context);
        }

        if (actions.Count == 0)
        {
            return (false, "-");
        }

        var operations = await actions[0].GetOperationsAsync(CancellationToken.None);
        var changed = operations.OfType<ApplyChangesOperation>().Single().ChangedSolution;
        if (Environment.GetEnvironmentVariable("STREAMLINE_REAL_WORLD_SHOW_FIXES") == "1")
            await ShowChangedLines(document, changed.GetDocument(document.Id)!, diagnostic);
        // Errors are compared in the documents the fix changed or added (a fix edits one file, sometimes adds one), plus
        // the declaration errors of the whole project (a new member that clashes elsewhere); binding every method body
        // of a large project again for each diagnostic cost minutes per project on a shared 2-core box.
        Compilation fixedCompilation = (await changed.GetProject(document.Project.Id)!.GetCompilationAsync())!;
        var changes = changed.GetChanges(document.Project.Solution).GetProjectChanges().ToList();
        var touched = changes.SelectMany(c => c.GetChangedDocuments().Concat(c.GetAddedDocuments())).ToList();
        var before = original.GetDeclarationDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).Select(Key).ToList();
        var after = fixedCompilation.GetDeclarationDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).Select(Key).ToList();
        foreach (DocumentId id in touched)
        {
            SyntaxTree? newTree = await changed.GetDocument(id)!.GetSyntaxTreeAsync();
            after.AddRange(fixedCompilation.GetSemanticModel(newTree!).GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).Select(Key));
            if (document.Project.Solution.GetDocument(id) is { } oldDocument)
            {
                SyntaxTree? oldTree = await oldDocument.GetSyntaxTreeAsync();
                before.AddRange(original.GetSemanticModel(oldTree!).GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).Select(Key));
            }
        }

        foreach (string key in before)
        {
            after.Remove(key);
        }

        return (true, after.Count == 0 ? "compiles" : "NEW ERRORS: " + string.Join(" | ", after.Take(3)));
    }

    // For reading every fix (STREAMLINE_REAL_WORLD_SHOW_FIXES=1): the fixed document's lines that the original does not
    // have, in order, on standard error.
    private static async Task ShowChangedLines(Document before, Document after, Diagnostic diagnostic)
    {
        var old = new HashSet<string>((await before.GetTextAsync()).Lines.Select(l => l.ToString()));
        var added = (await after.GetTextAsync()).Lines.Select(l => l.ToString()).Where(l => !old.Contains(l)).ToList();
        Console.Error.WriteLine($"--- {diagnostic.Id} {diagnostic.Location.GetLineSpan().Path}:{diagnostic.Location.GetLineSpan().StartLinePosition.Line + 1}");
        foreach (string line in added)
            Console.Error.WriteLine("+ " + line);
    }

    // An error's identity across the fix: id and message (positions move when the fix inserts lines).
    private static string Key(Diagnostic d) => d.Id + " " + d.GetMessage();

    private sealed record ProjectGroup(string Directory, List<string> Files, List<string> References);

    // Each directory as its own project when every directory holds exactly one project file (*.csproj directly in it),
    // with the project references among them read from those files (and their references', as MSBuild passes them on);
    // else one project of all the files.
    /// <summary>The global usings of the <c>&lt;Using Include="..." /&gt;</c> items (with <c>Static="true"</c> or
    /// <c>Alias="..."</c>) in the folder's project files and in every Directory.Build.props from it up to the
    /// repository's root.</summary>
    private static string ProjectUsings(string directory)
    {
        var files = new List<string>(Directory.GetFiles(directory, "*.csproj"));
        for (string? folder = directory; folder is not null; folder = Path.GetDirectoryName(folder))
        {
            files.AddRange(Directory.GetFiles(folder, "Directory.Build.props"));
            if (Directory.Exists(Path.Combine(folder, ".git")) || File.Exists(Path.Combine(folder, ".git")))
                break;
        }

        var usings = new SortedSet<string>(StringComparer.Ordinal);
        foreach (string file in files)
        {
            foreach (System.Text.RegularExpressions.Match item in System.Text.RegularExpressions.Regex.Matches(File.ReadAllText(file), @"<Using\s([^>]*)>"))
            {
                string Attribute(string attribute) => System.Text.RegularExpressions.Regex.Match(item.Groups[1].Value, attribute + @"\s*=\s*""([^""]*)""").Groups[1].Value;
                string include = Attribute("Include");
                if (include.Length == 0 || include.Contains('$'))
                    continue;
                string alias = Attribute("Alias");
                usings.Add(alias.Length > 0 ? $"global using {alias} = {include};"
                    : Attribute("Static").Equals("true", StringComparison.OrdinalIgnoreCase) ? $"global using static {include};"
                    : $"global using {include};");
            }
        }

        return string.Join("\n", usings);
    }

    private static List<ProjectGroup> ProjectGroups(List<string> directories, List<string> files)
    {
        var projectFiles = directories.ToDictionary(d => d, d => Directory.GetFiles(d, "*.csproj", SearchOption.TopDirectoryOnly), StringComparer.Ordinal);
        bool split = directories.Count > 1
            && Environment.GetEnvironmentVariable("STREAMLINE_REAL_WORLD_MERGED") != "1"
            && projectFiles.Values.All(p => p.Length == 1);
        if (!split)
            return new List<ProjectGroup> { new(directories[0], files, new List<string>()) };

        var byProjectFile = directories.ToDictionary(d => Path.GetFullPath(projectFiles[d][0]), d => d, StringComparer.Ordinal);
        var groups = new List<ProjectGroup>();
        foreach (string directory in directories)
        {
            string full = Path.GetFullPath(directory).TrimEnd(Path.DirectorySeparatorChar) + Path.DirectorySeparatorChar;
            var own = files.Where(f => Path.GetFullPath(f).StartsWith(full, StringComparison.Ordinal)).ToList();
            var referenced = System.Xml.Linq.XDocument.Load(projectFiles[directory][0]).Descendants()
                .Where(e => e.Name.LocalName == "ProjectReference" && e.Attribute("Include") is not null)
                .Select(e => Path.GetFullPath(Path.Combine(directory, e.Attribute("Include")!.Value.Replace('\\', Path.DirectorySeparatorChar))))
                .Where(byProjectFile.ContainsKey)
                .Select(p => byProjectFile[p])
                .Distinct(StringComparer.Ordinal)
                .ToList();
            groups.Add(new ProjectGroup(directory, own, referenced));
        }

        // MSBuild hands a project its references' references too; a workspace project reference is not transitive.
        var direct = groups.ToDictionary(g => g.Directory, g => g.References.ToList(), StringComparer.Ordinal);
        foreach (ProjectGroup group in groups)
        {
            var pending = new Stack<string>(direct[group.Directory]);
            while (pending.Count > 0)
            {
                foreach (string next in direct[pending.Pop()])
                {
                    if (next != group.Directory && !group.References.Contains(next))
                    {
                        group.References.Add(next);
                        pending.Push(next);
                    }
                }
            }
        }

        return groups;
    }

    private static bool IsExcluded(string path)
    {
        string[] parts = path.Split(Path.DirectorySeparatorChar);
        return parts.Any(p => p is "bin" or "obj" || p.EndsWith("Tests", StringComparison.OrdinalIgnoreCase) || p.EndsWith("Test", StringComparison.OrdinalIgnoreCase)
            || p.Equals("tests", StringComparison.OrdinalIgnoreCase) || p.Equals("test", StringComparison.OrdinalIgnoreCase) || p.Contains("Benchmark", StringComparison.OrdinalIgnoreCase));
    }

    private static IEnumerable<T> Instantiate<T>(Assembly assembly) where T : class =>
        assembly.GetTypes()
            .Where(t => typeof(T).IsAssignableFrom(t) && !t.IsAbstract && t.GetConstructor(Type.EmptyTypes) is not null)
            .Select(t => (T)Activator.CreateInstance(t)!);
}
