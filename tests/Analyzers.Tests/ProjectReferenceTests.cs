using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Streamline.Analyzers.Tests.Verifiers;

namespace Streamline.Analyzers.Tests;

/// <summary>
/// A solution of two projects, where the application uses helpers, a constant set, a stream type and a property of the
/// library. The IDE hands the library to the application's compilation as source (a project reference); the build and
/// <c>dotnet format</c> hand it over as an assembly. Every rule must report, word for word, and offer fixes the same in
/// both, or the editor shows a lightbulb that CI refuses (and the reverse).
/// </summary>
public class ProjectReferenceTests
{
    private const string Library = """
        using System;
        using System.IO;

        namespace Lib
        {
            public static class ReaderExtensions
            {
                // Only reads: were its body readable, SL1002's proof would follow the reader into it.
                public static int ReadPair(this BinaryReader reader) => reader.ReadInt16() + reader.ReadInt16();
            }

            public static class Sets
            {
                // A constant set, readable only as source.
                public static ReadOnlySpan<char> Separators => ",;:|/!?#&";
            }

            // CanRead => true in source: SL1007's buffer fix needs to see that.
            public sealed class ChunkStream : Stream
            {
                private readonly Stream _inner;
                public ChunkStream(Stream inner) => _inner = inner;
                public override bool CanRead => true;
                public override bool CanSeek => false;
                public override bool CanWrite => false;
                public override long Length => throw new NotSupportedException();
                public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
                public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, Math.Min(count, 7));
                public override void Flush() { }
                public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
                public override void SetLength(long value) => throw new NotSupportedException();
                public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
                protected override void Dispose(bool disposing) { if (disposing) _inner.Dispose(); base.Dispose(disposing); }
            }

            public sealed class Holder
            {
                public Holder(string path) => Input = File.OpenRead(path);

                // An auto-property: as source, its backing field can be followed to the FileStream.
                public Stream Input { get; }
            }

            // A method that moves a field to another stream: as source, SL1006 can see that a loop calling it reads the
            // Length of a new stream on some passes.
            public abstract class Volumes
            {
                protected Stream Current = Stream.Null;

                protected void NextVolume(string path)
                {
                    Current.Dispose();
                    Current = File.OpenRead(path);
                }
            }
        }
        """;

    private const string Application = """
        using System;
        using System.IO;
        using Lib;

        public static class App
        {
            public static long Decode(string path)
            {
                using var reader = new BinaryReader(File.OpenRead(path));
                long sum = reader.ReadPair();
                int count = reader.ReadInt32();
                for (int i = 0; i < count; i++)
                    sum += reader.ReadInt32();
                return sum;
            }

            public static int Find(string text) => text.AsSpan().IndexOfAny(Sets.Separators);

            public static long Checksum(string path)
            {
                using var input = new ChunkStream(File.OpenRead(path));
                long checksum = 0;
                int b;
                while ((b = input.ReadByte()) != -1)
                    checksum = checksum * 31 + b;
                return checksum;
            }

            public static long Sum(Holder holder)
            {
                long sum = 0;
                while (holder.Input.Position < holder.Input.Length)
                    sum += holder.Input.ReadByte();
                return sum;
            }
        }

        public sealed class Joined : Volumes
        {
            public long Count(string next)
            {
                long n = 0;
                while (Current.Position < Current.Length)
                {
                    n += Current.ReadByte();
                    if (n == 0)
                        NextVolume(next);
                }

                return n;
            }
        }
        """;

    [Fact]
    public async Task EveryRuleSaysTheSame_WhetherALibraryProjectComesAsSourceOrAsAnAssembly()
    {
        IReadOnlyList<string> asSource = await DescribeAsync(asProjectReference: true);
        IReadOnlyList<string> asAssembly = await DescribeAsync(asProjectReference: false);

        // The application is flagged, so the comparison compares something: SL1002's reader, whose proof stops at the
        // library's helper (no fix), and SL1007's loop over the library's stream.
        Assert.Contains(asAssembly, line => line.StartsWith("SL1102 (8,", StringComparison.Ordinal) && line.EndsWith("| fixes: ", StringComparison.Ordinal));
        Assert.Contains(asAssembly, line => line.StartsWith("SL1007 (23,", StringComparison.Ordinal));
        Assert.True(asSource.SequenceEqual(asAssembly),
            "only with the library as source (IDE):\n" + string.Join("\n", asSource.Except(asAssembly))
            + "\nonly with the library as an assembly (build):\n" + string.Join("\n", asAssembly.Except(asSource)));
    }

    // Each diagnostic of the application: id, span, message, and the titles of the fixes offered for it.
    private static async Task<IReadOnlyList<string>> DescribeAsync(bool asProjectReference)
    {
        var references = TestReferenceAssemblies.Framework(TestTarget.Net80).Add(TestReferenceAssemblies.Runtime(TestTarget.Net80));
        var parse = new CSharpParseOptions(LanguageVersion.Latest);
        var ids = AnalyzerRunner.AllAnalyzers.SelectMany(a => a.SupportedDiagnostics).Select(d => d.Id).Distinct();
        var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable)
            .WithSpecificDiagnosticOptions(ids.ToDictionary(id => id, _ => ReportDiagnostic.Warn));

        using var workspace = new AdhocWorkspace();
        Solution solution = workspace.CurrentSolution;
        var libraryId = ProjectId.CreateNewId("Lib");
        var appId = ProjectId.CreateNewId("App");
        solution = solution
            .AddProject(ProjectInfo.Create(libraryId, VersionStamp.Default, "Lib", "Lib", LanguageNames.CSharp,
                compilationOptions: options, parseOptions: parse, metadataReferences: references))
            .AddDocument(DocumentId.CreateNewId(libraryId), "Library.cs", SourceText.From(Library), filePath: "/Lib/Library.cs");
        var appReferences = references;
        if (!asProjectReference)
        {
            Compilation library = (await solution.GetProject(libraryId)!.GetCompilationAsync())!;
            using var image = new MemoryStream();
            var emitted = library.Emit(image);
            Assert.True(emitted.Success, string.Join("\n", emitted.Diagnostics));
            appReferences = appReferences.Add(MetadataReference.CreateFromImage(image.ToArray()));
        }

        solution = solution.AddProject(ProjectInfo.Create(appId, VersionStamp.Default, "App", "App", LanguageNames.CSharp,
            compilationOptions: options, parseOptions: parse, metadataReferences: appReferences,
            projectReferences: asProjectReference ? new[] { new ProjectReference(libraryId) } : null));
        var documentId = DocumentId.CreateNewId(appId);
        solution = solution.AddDocument(documentId, "App.cs", SourceText.From(Application), filePath: "/App/App.cs");

        Compilation compilation = (await solution.GetProject(appId)!.GetCompilationAsync())!;
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        AnalyzerRun run = await AnalyzerRunner.RunAsync(AnalyzerRunner.AllAnalyzers, compilation, concurrent: true);
        Assert.Empty(run.Exceptions);

        Document document = solution.GetDocument(documentId)!;
        var lines = new List<string>();
        foreach (Diagnostic diagnostic in run.Diagnostics.OrderBy(d => d.Location.SourceSpan.Start).ThenBy(d => d.Id, StringComparer.Ordinal))
        {
            var titles = new List<string>();
            foreach (CodeFixProvider fixer in CodeFixRunner.AllFixers.Where(f => f.FixableDiagnosticIds.Contains(diagnostic.Id)))
            {
                var context = new CodeFixContext(document, diagnostic, (action, _) => titles.Add(action.Title), CancellationToken.None);
                await fixer.RegisterCodeFixesAsync(context);
            }

            lines.Add($"{diagnostic.Id} {diagnostic.Location.GetLineSpan().Span} {diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture)} | fixes: {string.Join(", ", titles)}");
        }

        return lines;
    }
}
