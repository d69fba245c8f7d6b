using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Streamline.RealWorldCandidates;

// Usage: RealWorldCandidates <name> <source directory> [<source directory>...]
// Compiles the directories as eng/RealWorld does (same files, references and symbols, no analyzers) and prints one
// tab-separated line per syntactic candidate of a rule: project, file:line, rule, the lines of the enclosing member
// (first-last, to match a diagnostic reported elsewhere in the method, such as SL1002's at the reader's construction),
// receiver type, the line. A candidate
// is the shape a rule looks for, before any of the rule's judgment (which stream, how many passes):
//   SL1001  s.Position += n / -= n / ++ / -- / s.Position = s.Position + n on a Stream, inside a loop
//   SL1002  r.ReadByte() ... r.Read7BitEncodedInt() on a BinaryReader, inside a loop
//   SL1003  File.ReadAllLines / ReadLines / ReadAllLinesAsync, anywhere
//   SL1004  IndexOfAny / LastIndexOfAny / IndexOfAnyExcept / LastIndexOfAnyExcept / ContainsAny / ContainsAnyExcept
//           whose set is a literal (string, array, collection expression) or a static readonly field, anywhere
//   SL1005  x[a..] on a Span, ReadOnlySpan, Memory or ReadOnlyMemory, inside a loop
//   SL1006  s.Length on a Stream, inside a loop (condition, body or increment)
//   SL1007  s.ReadByte() or s.Read(buffer, offset, 1) on a Stream, inside a loop
// "Inside a loop" means in a for/foreach/while/do condition, increment or body, without crossing a lambda, local function
// or member; a for initializer and a foreach collection do not count.
internal static class Program
{
    private static readonly HashSet<string> s_smallReads = new(StringComparer.Ordinal)
    {
        "ReadByte", "ReadSByte", "ReadBoolean", "ReadChar", "ReadInt16", "ReadUInt16", "ReadInt32", "ReadUInt32",
        "ReadInt64", "ReadUInt64", "ReadHalf", "ReadSingle", "ReadDouble", "ReadDecimal", "Read7BitEncodedInt", "Read7BitEncodedInt64",
    };

    private static readonly HashSet<string> s_searches = new(StringComparer.Ordinal)
    {
        "IndexOfAny", "LastIndexOfAny", "IndexOfAnyExcept", "LastIndexOfAnyExcept", "ContainsAny", "ContainsAnyExcept",
    };

    private static int Main(string[] args)
    {
        if (args.Length < 2)
        {
            Console.Error.WriteLine("usage: RealWorldCandidates <name> <source directory>...");
            return 2;
        }

        string name = args[0];
        var files = args.Skip(1)
            .SelectMany(d => Directory.EnumerateFiles(d, "*.cs", SearchOption.AllDirectories))
            .Where(f => !IsExcluded(f))
            .OrderBy(f => f, StringComparer.Ordinal)
            .ToList();
        var parse = new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: new[] { "NET8_0", "NET8_0_OR_GREATER", "NET5_0_OR_GREATER", "NETCOREAPP", "RELEASE" });
        var trees = files.Select(f => CSharpSyntaxTree.ParseText(File.ReadAllText(f), parse, f)).ToList();
        trees.Add(CSharpSyntaxTree.ParseText("global using System; global using System.Collections.Generic; global using System.IO; global using System.Linq; global using System.Net.Http; global using System.Threading; global using System.Threading.Tasks;", parse));
        IEnumerable<MetadataReference> references = Basic.Reference.Assemblies.Net80.References.All;
        var packages = Environment.GetEnvironmentVariable("STREAMLINE_REAL_WORLD_PACKAGES") == "0"
            ? RealWorld.PackageReferences.Off("STREAMLINE_REAL_WORLD_PACKAGES=0")
            : RealWorld.PackageReferences.Restore(args.Skip(1), "net8.0", references, IsExcluded);
        var compilation = CSharpCompilation.Create(name, trees, references.Concat(packages.References),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true, nullableContextOptions: NullableContextOptions.Enable));
        INamedTypeSymbol stream = compilation.GetTypeByMetadataName("System.IO.Stream")!;
        INamedTypeSymbol binaryReader = compilation.GetTypeByMetadataName("System.IO.BinaryReader")!;

        foreach (SyntaxTree tree in trees.Take(files.Count))
        {
            SemanticModel? model = null;
            SemanticModel Model() => model ??= compilation.GetSemanticModel(tree);
            foreach (SyntaxNode node in tree.GetRoot().DescendantNodes())
            {
                string? rule = null;
                ITypeSymbol? receiver = null;
                switch (node)
                {
                    case AssignmentExpressionSyntax { Left: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Position" } left } assignment
                        when (assignment.IsKind(SyntaxKind.AddAssignmentExpression) || assignment.IsKind(SyntaxKind.SubtractAssignmentExpression)
                              || (assignment.IsKind(SyntaxKind.SimpleAssignmentExpression) && assignment.Right.DescendantNodes().OfType<IdentifierNameSyntax>().Any(i => i.Identifier.ValueText == "Position")))
                             && InLoop(node):
                        receiver = Model().GetTypeInfo(left.Expression).Type;
                        rule = DerivesFrom(receiver, stream) ? "SL1001" : null;
                        break;
                    case PostfixUnaryExpressionSyntax { Operand: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Position" } operand } when InLoop(node):
                        receiver = Model().GetTypeInfo(operand.Expression).Type;
                        rule = DerivesFrom(receiver, stream) ? "SL1001" : null;
                        break;
                    case PrefixUnaryExpressionSyntax { Operand: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Position" } operand } when InLoop(node):
                        receiver = Model().GetTypeInfo(operand.Expression).Type;
                        rule = DerivesFrom(receiver, stream) ? "SL1001" : null;
                        break;
                    case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } invocation:
                        string method = access.Name.Identifier.ValueText;
                        if (s_smallReads.Contains(method) && InLoop(node))
                        {
                            receiver = Model().GetTypeInfo(access.Expression).Type;
                            if (DerivesFrom(receiver, binaryReader))
                                rule = "SL1002";
                            else if (method == "ReadByte" && invocation.ArgumentList.Arguments.Count == 0 && DerivesFrom(receiver, stream))
                                rule = "SL1007";
                        }
                        else if (method == "Read" && invocation.ArgumentList.Arguments.Count == 3
                                 && invocation.ArgumentList.Arguments[2].Expression is LiteralExpressionSyntax { Token.ValueText: "1" } && InLoop(node))
                        {
                            receiver = Model().GetTypeInfo(access.Expression).Type;
                            rule = DerivesFrom(receiver, stream) ? "SL1007" : null;
                        }
                        else if (method is "ReadAllLines" or "ReadLines" or "ReadAllLinesAsync")
                        {
                            receiver = Model().GetTypeInfo(access.Expression).Type;
                            rule = receiver?.ToDisplayString() == "System.IO.File" ? "SL1003" : null;
                        }
                        else if (s_searches.Contains(method) && invocation.ArgumentList.Arguments.Count > 0 && IsConstantSet(invocation.ArgumentList.Arguments[0].Expression, Model()))
                        {
                            receiver = Model().GetTypeInfo(access.Expression).Type;
                            rule = "SL1004";
                        }
                        break;
                    case ElementAccessExpressionSyntax { ArgumentList.Arguments: [{ Expression: RangeExpressionSyntax { LeftOperand: not null, RightOperand: null } }] } element when InLoop(node):
                        receiver = Model().GetTypeInfo(element.Expression).Type;
                        rule = receiver?.OriginalDefinition.ToDisplayString() is "System.Span<T>" or "System.ReadOnlySpan<T>" or "System.Memory<T>" or "System.ReadOnlyMemory<T>" ? "SL1005" : null;
                        break;
                    case MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Length" } length when InLoop(node):
                        receiver = Model().GetTypeInfo(length.Expression).Type;
                        rule = DerivesFrom(receiver, stream) ? "SL1006" : null;
                        break;
                }

                if (rule is null)
                    continue;
                var span = node.GetLocation().GetLineSpan();
                string path = Path.GetRelativePath(args[1], span.Path);
                string line = tree.GetText().Lines[span.StartLinePosition.Line].ToString().Trim();
                SyntaxNode member = node.Ancestors().FirstOrDefault(a => a is MemberDeclarationSyntax or LocalFunctionStatementSyntax) ?? node;
                var memberSpan = member.GetLocation().GetLineSpan();
                string lines = $"{memberSpan.StartLinePosition.Line + 1}-{memberSpan.EndLinePosition.Line + 1}";
                Console.WriteLine($"{name}\t{path}:{span.StartLinePosition.Line + 1}\t{rule}\t{lines}\t{receiver?.ToDisplayString() ?? "?"}\t{line}");
            }
        }

        return 0;
    }

    // A literal set (string, array or collection expression of constants, "...".ToCharArray()) or a static readonly
    // field or a property: what a reader would call "a constant set" at first sight.
    private static bool IsConstantSet(ExpressionSyntax set, SemanticModel model)
    {
        switch (set)
        {
            case LiteralExpressionSyntax:
            case ArrayCreationExpressionSyntax:
            case ImplicitArrayCreationExpressionSyntax:
            case CollectionExpressionSyntax:
            case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ToCharArray", Expression: LiteralExpressionSyntax } }:
                return true;
            case IdentifierNameSyntax or MemberAccessExpressionSyntax:
                ISymbol? symbol = model.GetSymbolInfo(set).Symbol;
                return symbol is IFieldSymbol { IsStatic: true, IsReadOnly: true } or IFieldSymbol { IsConst: true } or IPropertySymbol { IsStatic: true } or ILocalSymbol { IsConst: true };
            default:
                return false;
        }
    }

    private static bool InLoop(SyntaxNode node)
    {
        SyntaxNode child = node;
        for (SyntaxNode? parent = node.Parent; parent is not null; child = parent, parent = parent.Parent)
        {
            switch (parent)
            {
                case AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax or MemberDeclarationSyntax or AccessorDeclarationSyntax:
                    return false;
                case ForStatementSyntax f when child != f.Declaration && !f.Initializers.Contains(child):
                case ForEachStatementSyntax fe when child != fe.Expression:
                case ForEachVariableStatementSyntax fv when child != fv.Expression:
                case WhileStatementSyntax:
                case DoStatementSyntax:
                    return true;
            }
        }

        return false;
    }

    private static bool DerivesFrom(ITypeSymbol? type, INamedTypeSymbol baseType)
    {
        for (ITypeSymbol? t = type; t is not null; t = t.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(t, baseType))
                return true;
        }

        return false;
    }

    private static bool IsExcluded(string path)
    {
        string[] parts = path.Split(Path.DirectorySeparatorChar);
        return parts.Any(p => p is "bin" or "obj" || p.EndsWith("Tests", StringComparison.OrdinalIgnoreCase) || p.EndsWith("Test", StringComparison.OrdinalIgnoreCase)
            || p.Equals("tests", StringComparison.OrdinalIgnoreCase) || p.Equals("test", StringComparison.OrdinalIgnoreCase) || p.Contains("Benchmark", StringComparison.OrdinalIgnoreCase));
    }
}
