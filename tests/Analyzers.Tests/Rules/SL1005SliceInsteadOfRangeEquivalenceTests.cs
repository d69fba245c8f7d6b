using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Threading;
using System.Threading.Tasks;
using CsCheck;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Streamline.Analyzers.Rules;
using Streamline.CodeFixes.Rules;
using Document = Microsoft.CodeAnalysis.Document;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// Runs the ranges as a pre-5.9 compiler lowers them against the code SL1005's fix writes for them, on generated
/// inputs, start offsets out of range included. The tests host Roslyn 4.14, which still emits the two-argument form:
/// both sources are compiled here, in process, and loaded into this runtime.
/// </summary>
[Trait("Rule", "SL1005")]
public class SL1005SliceInsteadOfRangeEquivalenceTests
{
    // Each range sits in a loop, where SL1005 reports it; strings are left out (SL1005 does not report them).
    private const string RangeSource = """
        using System;

        public static class Ranges
        {
            public static int[] SpanFrom(int[] a, int i) { Span<int> s = a; while (true) { int[] r = s[i..].ToArray(); return r; } }
            public static int[] SpanFromEnd(int[] a, int k) { Span<int> s = a; while (true) { int[] r = s[^k..].ToArray(); return r; } }
            public static int[] ReadOnlySpanFrom(int[] a, int i) { ReadOnlySpan<int> s = a; while (true) { int[] r = s[i..].ToArray(); return r; } }
            public static int[] ReadOnlySpanFromEnd(int[] a, int k) { ReadOnlySpan<int> s = a; while (true) { int[] r = s[^k..].ToArray(); return r; } }
            public static int[] MemoryFrom(int[] a, int i) { Memory<int> s = a; while (true) { int[] r = s[i..].ToArray(); return r; } }
            public static int[] MemoryFromEnd(int[] a, int k) { Memory<int> s = a; while (true) { int[] r = s[^k..].ToArray(); return r; } }
            public static int[] ReadOnlyMemoryFrom(int[] a, int i) { ReadOnlyMemory<int> s = a; while (true) { int[] r = s[i..].ToArray(); return r; } }
            public static int[] ReadOnlyMemoryFromEnd(int[] a, int k) { ReadOnlyMemory<int> s = a; while (true) { int[] r = s[^k..].ToArray(); return r; } }
        }
        """;

    private static readonly string[] s_methods =
    {
        "SpanFrom", "SpanFromEnd", "ReadOnlySpanFrom", "ReadOnlySpanFromEnd", "MemoryFrom", "MemoryFromEnd",
        "ReadOnlyMemoryFrom", "ReadOnlyMemoryFromEnd",
    };

    private static readonly Lazy<Task<Pair>> s_pair = new(BuildPairAsync);

    private sealed record Pair(string FixedSource, Assembly Original, Assembly Fixed, byte[] OriginalImage, byte[] FixedImage);

    [Fact]
    public async Task TheFixRewritesEveryRange_AndTheOriginalUsesTheTwoArgumentForm()
    {
        Pair pair = await s_pair.Value;
        Assert.DoesNotContain("..]", pair.FixedSource, StringComparison.Ordinal);
        Assert.Contains("s.Slice(s.Length - k)", pair.FixedSource, StringComparison.Ordinal);

        // Roslyn 4.14 (this host) references only the two-argument overloads of the four types; the fix only the one-argument.
        Assert.Equal((0, 4), CountSliceCalls(pair.OriginalImage));
        Assert.Equal((4, 0), CountSliceCalls(pair.FixedImage));
    }

    [Fact]
    public async Task SameResultsAndExceptions_OnGeneratedSpansAndOffsets()
    {
        Pair pair = await s_pair.Value;
        var original = s_methods.ToDictionary(m => m, m => Function(pair.Original, m));
        var fixedUp = s_methods.ToDictionary(m => m, m => Function(pair.Fixed, m));

        Gen<int[]> data = Gen.Int[0, 0xFFFF].Array[0, 40];
        Gen<(int[], int, string)> cases =
            from a in data
            from offset in Gen.OneOf(
                Gen.Int[-3, 3],
                Gen.Int[a.Length - 3, a.Length + 3],
                Gen.Int[0, Math.Max(0, a.Length)],
                Gen.Int[0, 3].Select(i => new[] { int.MinValue, int.MaxValue, int.MinValue + 1, int.MaxValue - 1 }[i]))
            from method in Gen.Int[0, s_methods.Length - 1].Select(i => s_methods[i])
            select (a, offset, method);

        cases.Sample(
            (a, offset, method) => Assert.Equal(
                Comparable(method, Outcome(original[method], a, offset)),
                Comparable(method, Outcome(fixedUp[method], a, offset))),
            iter: 20_000);
    }

    [Theory]
    [InlineData("SpanFrom", 5, -1)]
    [InlineData("SpanFrom", 5, 6)]
    [InlineData("SpanFromEnd", 5, 6)]
    [InlineData("SpanFromEnd", 5, -1)]
    [InlineData("ReadOnlyMemoryFrom", 5, 6)]
    [InlineData("ReadOnlyMemoryFromEnd", 5, int.MinValue)]
    public async Task OutOfRange_ThrowsTheSameExceptionAsTheRange(string method, int length, int offset)
    {
        Pair pair = await s_pair.Value;
        int[] a = Enumerable.Range('a', length).ToArray();
        string expected = Outcome(Function(pair.Original, method), a, offset);
        Assert.StartsWith("throws ", expected, StringComparison.Ordinal);
        Assert.Equal(expected, Outcome(Function(pair.Fixed, method), a, offset));
    }

    [Theory]
    [InlineData("MemoryFrom", 5, 6)]
    [InlineData("MemoryFrom", 5, -1)]
    [InlineData("MemoryFromEnd", 5, 6)]
    [InlineData("MemoryFromEnd", 5, int.MaxValue)]
    public async Task MemoryOutOfRange_SameExceptionType_ParamNameNamedOnlyByTheOneArgumentSlice(string method, int length, int offset)
    {
        // Memory<T>.Slice(int, int) throws ArgumentOutOfRangeException without a ParamName, Slice(int) names "start"
        // (ReadOnlyMemory<T> names "start" in both). Roslyn 5.9's own lowering has the same difference.
        Pair pair = await s_pair.Value;
        int[] a = new int[length];
        Assert.Equal("throws System.ArgumentOutOfRangeException ", Outcome(Function(pair.Original, method), a, offset));
        Assert.Equal("throws System.ArgumentOutOfRangeException start", Outcome(Function(pair.Fixed, method), a, offset));
    }

    /// <summary>Drops the ParamName of Memory&lt;T&gt;'s exceptions: the one documented difference.</summary>
    private static string Comparable(string method, string outcome)
        => method.StartsWith("MemoryFrom", StringComparison.Ordinal) && outcome.StartsWith("throws ", StringComparison.Ordinal)
            ? outcome.Split(' ')[1]
            : outcome;

    /// <summary>The result, or the exception's type and <c>ParamName</c> (never the localised message).</summary>
    private static string Outcome(Func<int[], int, int[]> function, int[] a, int offset)
    {
        try
        {
            return "returns " + string.Join(",", function(a, offset));
        }
        catch (Exception exception)
        {
            return $"throws {exception.GetType().FullName} {(exception as ArgumentException)?.ParamName}";
        }
    }

    private static Func<int[], int, int[]> Function(Assembly assembly, string method)
        => assembly.GetType("Ranges", throwOnError: true)!.GetMethod(method)!.CreateDelegate<Func<int[], int, int[]>>();

    /// <summary>Counts the one- and two-argument <c>Slice</c>/<c>Substring</c> member references in an image.</summary>
    private static (int One, int Two) CountSliceCalls(byte[] image)
    {
        using var pe = new PEReader(ImmutableArray.Create(image));
        MetadataReader metadata = pe.GetMetadataReader();
        int one = 0, two = 0;
        foreach (MemberReferenceHandle handle in metadata.MemberReferences)
        {
            MemberReference reference = metadata.GetMemberReference(handle);
            string name = metadata.GetString(reference.Name);
            if (name is not ("Slice" or "Substring"))
                continue;

            BlobReader signature = metadata.GetBlobReader(reference.Signature);
            SignatureHeader header = signature.ReadSignatureHeader();
            if (header.IsGeneric)
                signature.ReadCompressedInteger();

            int parameters = signature.ReadCompressedInteger();
            if (parameters == 1)
                one++;
            else if (parameters == 2)
                two++;
        }

        return (one, two);
    }

    private static async Task<Pair> BuildPairAsync()
    {
        string fixedSource = await ApplyFixesAsync(RangeSource);
        (Assembly original, byte[] originalImage) = Compile("Original", RangeSource);
        (Assembly fixedUp, byte[] fixedImage) = Compile("Fixed", fixedSource);
        return new Pair(fixedSource, original, fixedUp, originalImage, fixedImage);
    }

    private static ImmutableArray<MetadataReference> RuntimeReferences { get; } =
        ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
            .Split(Path.PathSeparator)
            .Where(path => Path.GetFileName(path) is var name && (name.StartsWith("System.", StringComparison.Ordinal) || name is "netstandard.dll" or "mscorlib.dll"))
            .Select(path => (MetadataReference)MetadataReference.CreateFromFile(path))
            .ToImmutableArray();

    private static (Assembly Assembly, byte[] Image) Compile(string name, string source)
    {
        CSharpCompilation compilation = CSharpCompilation.Create(
            name,
            new[] { CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest)) },
            RuntimeReferences,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, optimizationLevel: OptimizationLevel.Release));
        using var stream = new MemoryStream();
        var result = compilation.Emit(stream);
        Assert.True(result.Success, string.Join(Environment.NewLine, result.Diagnostics));
        byte[] image = stream.ToArray();
        return (Assembly.Load(image), image);
    }

    /// <summary>Applies SL1005's code fix to every diagnostic, one at a time, as a user would.</summary>
    private static async Task<string> ApplyFixesAsync(string source)
    {
        using var workspace = new AdhocWorkspace();
        ProjectInfo projectInfo = ProjectInfo.Create(
            ProjectId.CreateNewId(),
            VersionStamp.Create(),
            "Ranges",
            "Ranges",
            LanguageNames.CSharp,
            compilationOptions: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary)
                .WithSpecificDiagnosticOptions(new Dictionary<string, ReportDiagnostic> { ["SL1005"] = ReportDiagnostic.Info }),
            parseOptions: new CSharpParseOptions(LanguageVersion.Latest),
            metadataReferences: RuntimeReferences);
        Project project = workspace.AddProject(projectInfo);
        Document document = workspace.AddDocument(project.Id, "Ranges.cs", SourceText.From(source));
        var analyzer = new SL1005SliceInsteadOfRangeAnalyzer();
        var fix = new SL1005SliceInsteadOfRangeCodeFix();
        for (int round = 0; round < 20; round++)
        {
            Compilation compilation = (await document.Project.GetCompilationAsync())!;
            ImmutableArray<Diagnostic> diagnostics = await compilation
                .WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(analyzer))
                .GetAnalyzerDiagnosticsAsync();
            Diagnostic? diagnostic = diagnostics.FirstOrDefault(d => d.Id == "SL1005");
            if (diagnostic is null)
                return (await document.GetTextAsync()).ToString();

            var actions = new List<CodeAction>();
            await fix.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (action, _) => actions.Add(action), CancellationToken.None));
            CodeAction codeAction = Assert.Single(actions);
            ImmutableArray<CodeActionOperation> operations = await codeAction.GetOperationsAsync(CancellationToken.None);
            Solution changed = operations.OfType<ApplyChangesOperation>().Single().ChangedSolution;
            document = changed.GetDocument(document.Id)!;
        }

        throw new InvalidOperationException("The fix did not converge.");
    }
}
