using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Streamline.Analyzers.Tests.Verifiers;

namespace Streamline.Analyzers.Tests.Equivalence;

/// <summary>What a batch of shapes gave: how many got a fix, how many calls were compared, and every difference.</summary>
public sealed class BatchResult
{
    public int Shapes { get; set; }

    public int ShapesWithDiagnostics { get; set; }

    public int ShapesFixed { get; set; }

    public int Runs { get; set; }

    /// <summary>Time spent analyzing, fixing and compiling, and time spent calling, for the report.</summary>
    public TimeSpan FixTime { get; set; }

    public TimeSpan RunTime { get; set; }

    public Dictionary<string, int> DiagnosticsById { get; } = new();

    public Dictionary<string, int> FixedShapesById { get; } = new();

    public List<string> Failures { get; } = new();

    /// <summary>The descriptions of the shapes a fix changed, for triage.</summary>
    public List<string> FixedShapes { get; } = new();

    public void Add(BatchResult other)
    {
        Shapes += other.Shapes;
        ShapesWithDiagnostics += other.ShapesWithDiagnostics;
        ShapesFixed += other.ShapesFixed;
        Runs += other.Runs;
        FixTime += other.FixTime;
        RunTime += other.RunTime;
        foreach ((string id, int count) in other.DiagnosticsById)
            DiagnosticsById[id] = DiagnosticsById.GetValueOrDefault(id) + count;
        foreach ((string id, int count) in other.FixedShapesById)
            FixedShapesById[id] = FixedShapesById.GetValueOrDefault(id) + count;
        Failures.AddRange(other.Failures);
        FixedShapes.AddRange(other.FixedShapes);
    }
}

/// <summary>
/// Program-level equivalence: the original source and the source after every stream fix (<see cref="FixAllApplier"/>)
/// are compiled and loaded side by side, each changed method is called in the same scenarios from a caller that keeps
/// using the stream (<see cref="ProgramRunner"/>), and the observations must be identical.
/// </summary>
public static class EquivalenceChecker
{
    /// <summary>Fixes, compiles and compares a batch of shapes that share one document.</summary>
    /// <param name="scenarios">The scenarios for a shape, given the stream kinds its method can be handed and its index.</param>
    public static async Task<BatchResult> RunBatchAsync(
        IReadOnlyList<Shape> shapes,
        CallerData data,
        Func<IReadOnlyList<StreamKind>, int, IEnumerable<Scenario>> scenarios,
        TestTarget target = TestTarget.Net80,
        IReadOnlyCollection<string>? preferredKeys = null,
        CancellationToken cancellationToken = default)
    {
        var result = new BatchResult { Shapes = shapes.Count };
        var clock = System.Diagnostics.Stopwatch.StartNew();
        string source = ShapeGenerator.Usings + string.Join("\n", shapes.Select(s => s.Code));
        FixAllResult fixAll = await FixAllApplier.ApplyAsync(source, target, preferredKeys, cancellationToken).ConfigureAwait(false);

        SyntaxNode originalRoot = CSharpSyntaxTree.ParseText(source).GetRoot(cancellationToken);
        foreach (Shape shape in shapes)
        {
            List<string> ids = fixAll.Diagnostics
                .Where(d => EnclosingClass(d.Location.SourceTree!.GetRoot(cancellationToken).FindNode(d.Location.SourceSpan)) is { } owner && IsShapeClass(owner, shape.Name))
                .Select(d => Streamline.Analyzers.RuleIds.WarningIdOf(d.Id)).ToList(); // a suggestion sibling counts under its rule
            if (ids.Count > 0)
                result.ShapesWithDiagnostics++;
            foreach (string id in ids)
                result.DiagnosticsById[id] = result.DiagnosticsById.GetValueOrDefault(id) + 1;
        }

        Dictionary<string, string> originalClasses = Classes(originalRoot);
        Dictionary<string, string> fixedClasses = Classes(CSharpSyntaxTree.ParseText(fixAll.Text).GetRoot(cancellationToken));
        List<Shape> changed = shapes.Where(s => ShapeText(fixedClasses, s.Name) != ShapeText(originalClasses, s.Name)).ToList();
        result.ShapesFixed = changed.Count;
        result.FixedShapes.AddRange(changed.Select(s => $"{s.Name}: {s.Description}"
            + (ShapeText(fixedClasses, s.Name).Contains("new BufferedBinaryReader(") && !ShapeText(originalClasses, s.Name).Contains("new BufferedBinaryReader(") ? MadeBuffered : "")));
        foreach (Shape shape in changed.Where(s => s.MustNotChange))
        {
            result.Failures.Add($"[{target}] SHAPE {shape.Description}\n  a fix was applied where none may be: the loop writes, resizes or hands on the stream\n"
                + "--- original\n" + shape.Code + "--- fixed\n" + fixedClasses.GetValueOrDefault(shape.Name) + "\n");
        }

        foreach (Shape shape in changed)
        {
            foreach (string id in fixAll.Diagnostics
                         .Where(d => EnclosingClass(d.Location.SourceTree!.GetRoot(cancellationToken).FindNode(d.Location.SourceSpan)) is { } owner && IsShapeClass(owner, shape.Name))
                         .Select(d => Streamline.Analyzers.RuleIds.WarningIdOf(d.Id)).Distinct())
            {
                result.FixedShapesById[id] = result.FixedShapesById.GetValueOrDefault(id) + 1;
            }
        }

        using LoadedProgram original = LoadedProgram.Load(fixAll.Original, target, out string originalErrors)
            ?? throw new InvalidOperationException("the original shapes do not compile (a generator defect):\n" + originalErrors + "\n" + source);
        if (changed.Count == 0)
            return result;

        using LoadedProgram? fixedProgram = LoadedProgram.Load(fixAll.Fixed, target, out string fixedErrors);
        if (fixedProgram is null)
        {
            result.Failures.Add("the fixed code does not compile:\n" + fixedErrors + "\n--- changed shapes, fixed:\n"
                + string.Join("\n", changed.Select(s => fixedClasses.GetValueOrDefault(s.Name, "(missing)"))));
            return result;
        }

        result.FixTime = clock.Elapsed;
        clock.Restart();
        string label = preferredKeys is null ? $"[{target}] " : $"[{target}, preferring {string.Join("/", preferredKeys)}] ";
        for (int i = 0; i < changed.Count; i++)
        {
            Shape shape = changed[i];
            Type fixedType = fixedProgram.Assembly.GetType(shape.Name)
                ?? throw new InvalidOperationException($"the fixed program lost {shape.Name}");
            int index = i;
            result.Runs += CompareTypes(
                original.Assembly.GetType(shape.Name)!, fixedType, kinds => scenarios(kinds, index), data, result.Failures,
                (method, scenario, before, after) => label + Report(shape, method, scenario, before, after, fixedClasses.GetValueOrDefault(shape.Name)));
        }

        result.RunTime = clock.Elapsed;
        return result;
    }

    /// <summary>
    /// Calls every method of the (unfixed) shapes twice in each scenario and returns every difference: a check of the
    /// harness itself, since a program that does not behave the same twice cannot be compared with its fix.
    /// </summary>
    public static (List<string> Failures, int Runs) CompareWithItself(
        IReadOnlyList<Shape> shapes,
        CallerData data,
        Func<IReadOnlyList<StreamKind>, int, IEnumerable<Scenario>> scenarios)
    {
        var failures = new List<string>();
        int runs = 0;
        string source = ShapeGenerator.Usings + string.Join("\n", shapes.Select(s => s.Code));
        using LoadedProgram program = LoadedProgram.Compile(source, out string errors)
            ?? throw new InvalidOperationException("the shapes do not compile (a generator defect):\n" + errors + "\n" + source);
        for (int i = 0; i < shapes.Count; i++)
        {
            Shape shape = shapes[i];
            Type type = program.Assembly.GetType(shape.Name)!;
            int index = i;
            runs += CompareTypes(type, type, kinds => scenarios(kinds, index), data, failures,
                (method, scenario, first, second) => "not the same twice: " + Report(shape, method, scenario, first, second, shape.Code));
        }

        return (failures, runs);
    }

    /// <summary>
    /// Compiles a before/after pair (a code-fix test's snippets) and calls every method of every class of both in
    /// <paramref name="scenarios"/>, returning each difference (at most one per method) and how many calls were compared.
    /// </summary>
    /// <param name="executable">The snippets are programs (top-level statements): compile them as such and call their entry point.</param>
    public static (List<string> Failures, int Runs) ComparePair(
        string label,
        string before,
        string after,
        CallerData data,
        Func<IReadOnlyList<StreamKind>, IEnumerable<Scenario>> scenarios,
        bool executable = false)
    {
        var failures = new List<string>();
        int runs = 0;
        using LoadedProgram original = LoadedProgram.Compile(before, out string originalErrors, executable: executable)
            ?? throw new InvalidOperationException($"{label}: the original does not compile on .NET 8:\n{originalErrors}");
        using LoadedProgram? fixedProgram = LoadedProgram.Compile(after, out string fixedErrors, executable: executable);
        if (fixedProgram is null)
        {
            failures.Add($"{label}: the fixed code does not compile:\n{fixedErrors}\n--- fixed\n{after}");
            return (failures, runs);
        }

        foreach (Type originalType in original.Assembly.GetTypes().Where(t => !t.IsNested && !t.Name.Contains('<', StringComparison.Ordinal) && t.IsClass))
        {
            Type? fixedType = fixedProgram.Assembly.GetType(originalType.FullName!);
            if (fixedType is null)
            {
                failures.Add($"{label}: the fixed program lost {originalType}");
                continue;
            }

            var shape = new Shape(originalType.Name, label, before);
            runs += CompareTypes(originalType, fixedType, scenarios, data, failures,
                (method, scenario, observedBefore, observedAfter) => Report(shape, method, scenario, observedBefore, observedAfter, after));
        }

        return (failures, runs);
    }

    /// <summary>
    /// Calls each callable method of <paramref name="originalType"/> and its namesake in <paramref name="fixedType"/> in
    /// every scenario, adding a report of the first difference per method to <paramref name="failures"/>; returns the
    /// number of scenarios run.
    /// </summary>
    private static int CompareTypes(
        Type originalType,
        Type fixedType,
        Func<IReadOnlyList<StreamKind>, IEnumerable<Scenario>> scenarios,
        CallerData data,
        List<string> failures,
        Func<MethodInfo, Scenario, string, string, string> report)
    {
        int runs = 0;
        foreach (MethodInfo method in Methods(originalType))
        {
            IReadOnlyList<StreamKind>? kinds = ProgramRunner.KindsFor(originalType, method);
            if (kinds is null)
                continue;
            MethodInfo? fixedMethod = Methods(fixedType).FirstOrDefault(m => m.ToString() == method.ToString());
            if (fixedMethod is null)
            {
                failures.Add($"{originalType.Name}: the fixed program lost {method}");
                continue;
            }

            foreach (Scenario scenario in scenarios(kinds))
            {
                runs++;
                string before = ProgramRunner.Observe(originalType, method, scenario, data);
                string after = ProgramRunner.Observe(fixedType, fixedMethod, scenario, data);
                if (before != after)
                {
                    failures.Add(report(method, scenario, before, after));
                    break; // one difference per method is enough to act on
                }
            }
        }

        return runs;
    }

    /// <summary>The methods a caller can call: declared, not compiler-generated (but a program's entry point, also of
    /// top-level statements), not property accessors, and not private iterators: only their type calls those, and
    /// SL1002's read-ahead of an iterator's loop rests on how its type consumes it (every call handed to ToArray or
    /// ToList), which the methods that call it exercise.</summary>
    public static IEnumerable<MethodInfo> Methods(Type type)
        => type.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly)
            .Where(m => !m.IsSpecialName && !m.IsGenericMethodDefinition
                && !(m.IsPrivate && m.IsDefined(typeof(System.Runtime.CompilerServices.IteratorStateMachineAttribute), inherit: false))
                && (!m.Name.Contains('<', StringComparison.Ordinal) || m == type.Assembly.EntryPoint))
            .OrderBy(m => m.ToString(), StringComparer.Ordinal);

    /// <summary>
    /// One scenario per stream kind and size, the observer, count, skip and start turning with <paramref name="offset"/>
    /// (the shape's index), so that thousands of shapes together meet every combination at a third of the calls.
    /// </summary>
    public static IEnumerable<Scenario> RotatedScenarios(IReadOnlyList<StreamKind> kinds, IReadOnlyList<int> sizes, IReadOnlyList<int> counts, IReadOnlyList<int> skips, int offset)
    {
        Observer[] observers = Enum.GetValues<Observer>();
        int index = offset;
        foreach (StreamKind kind in kinds)
        {
            foreach (int size in sizes)
            {
                yield return new Scenario(kind, size, observers[index % observers.Length], counts[index % counts.Count], skips[index % skips.Count], Start: index % 2 == 1 ? 3 : 0);
                index++;
            }
        }
    }

    /// <summary>Every scenario: each stream kind over each size, rotating the observer, the count, the skip and the start.</summary>
    public static IEnumerable<Scenario> AllScenarios(IReadOnlyList<StreamKind> kinds, IReadOnlyList<int> sizes, IReadOnlyList<int> counts, IReadOnlyList<int> skips)
    {
        int index = 0;
        foreach (StreamKind kind in kinds)
        {
            foreach (int size in sizes)
            {
                foreach (Observer observer in Enum.GetValues<Observer>())
                {
                    // Every other call, the caller has read a 3-byte header of its own first.
                    yield return new Scenario(kind, size, observer, counts[index % counts.Count], skips[index % skips.Count], Start: index % 2 == 1 ? 3 : 0);
                    index++;
                }
            }
        }
    }

    private static string Report(Shape shape, MethodInfo method, Scenario scenario, string before, string after, string? fixedCode)
    {
        string[] a = before.Split('\n'), b = after.Split('\n');
        int line = 0;
        while (line < a.Length && line < b.Length && a[line] == b[line])
            line++;
        var report = new StringBuilder();
        report.Append("SHAPE ").Append(shape.Description).Append('\n');
        report.Append("  method ").Append(method).Append(", caller: ").Append(scenario).Append('\n');
        report.Append("  original: ").Append(line < a.Length ? a[line] : "(nothing)").Append('\n');
        report.Append("  fixed:    ").Append(line < b.Length ? b[line] : "(nothing)").Append('\n');
        report.Append("--- original\n").Append(shape.Code).Append("--- fixed\n").Append(fixedCode).Append('\n');
        return report.ToString();
    }

    private static Dictionary<string, string> Classes(SyntaxNode root)
        => root.DescendantNodes().OfType<ClassDeclarationSyntax>()
            .Where(c => c.Parent is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax)
            .GroupBy(c => c.Identifier.ValueText)
            .ToDictionary(g => g.Key, g => g.First().ToFullString().Trim());

    /// <summary>The end of a <see cref="BatchResult.FixedShapes"/> entry whose fix made a reader a buffered one.</summary>
    public const string MadeBuffered = " (a reader made buffered)";

    /// <summary>A shape's class with the classes of its own it brings along (<c>X7Helpers</c>, <c>X7Header</c>): a fix
    /// in any of them makes the shape one to compare.</summary>
    private static string ShapeText(Dictionary<string, string> classes, string name)
        => classes.GetValueOrDefault(name) + "\n" + classes.GetValueOrDefault(name + "Helpers") + "\n" + classes.GetValueOrDefault(name + "Header");

    private static bool IsShapeClass(string owner, string name) => owner == name || owner == name + "Helpers" || owner == name + "Header";

    private static string? EnclosingClass(SyntaxNode node)
        => node.AncestorsAndSelf().OfType<ClassDeclarationSyntax>().LastOrDefault()?.Identifier.ValueText;
}
