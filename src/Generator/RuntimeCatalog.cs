using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Streamline.Generator;

/// <summary>One of the runtime's source files, parsed for one API level.</summary>
internal sealed class RuntimeFile
{
    public RuntimeFile(string name, SyntaxTree tree, string[] declaredTypes, string[] declaredMethods, HashSet<string> identifiers)
    {
        Name = name;
        Tree = tree;
        DeclaredTypes = declaredTypes;
        DeclaredMethods = declaredMethods;
        Identifiers = identifiers;
    }

    /// <summary>The file name in src/Runtime, e.g. <c>LineCounter.State.cs</c>.</summary>
    public string Name { get; }

    public SyntaxTree Tree { get; }

    /// <summary>The top-level types the file declares in its active code (a partial type in every file of it).</summary>
    public string[] DeclaredTypes { get; }

    /// <summary>For <c>ThrowHelper</c> parts: the methods this part declares.</summary>
    public string[] DeclaredMethods { get; }

    /// <summary>Every identifier in the file's active code and its documentation comments.</summary>
    public HashSet<string> Identifiers { get; }
}

/// <summary>
/// The runtime's source files (embedded resources of this assembly) and the dependencies between them, parsed once per
/// API level and kept for the life of the process: the text never changes.
/// </summary>
internal sealed class RuntimeCatalog
{
    public const string RuntimeNamespace = "Streamline.Runtime";

    /// <summary>The internal helper whose parts are taken one file at a time, by the methods the code calls.</summary>
    public const string ThrowHelper = "ThrowHelper";

    private const string ResourcePrefix = "Streamline.Runtime/";

    private static readonly ConcurrentDictionary<RuntimeFeatures, RuntimeCatalog> s_catalogs = new();
    private static readonly Lazy<KeyValuePair<string, string>[]> s_sources = new(LoadSources);

    // The runtime's public types, written out so that the syntax filter never parses the runtime: the filter runs in
    // every compilation, also where nothing is named. A test keeps this list equal to the catalog's public types.
    private static readonly HashSet<string> s_entryNames = new(StringComparer.Ordinal)
    {
        "BufferedBinaryReader", "ByteSearchSet", "CharSearchSet", "LineCounter", "SkipReader",
        "TextCountLocale", "TextCountOptions", "TextCounter", "TextCounts",
    };

    // `using Name = T[];` (C# 12): lowered by substituting the type for the alias, for every compiler and language version.
    private static readonly Regex s_arrayAlias = new(@"^[ \t]*using[ \t]+(?<name>[A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*(?<type>[^;=]*\[\])[ \t]*;[ \t]*\r?$", RegexOptions.Multiline | RegexOptions.CultureInvariant);

    private RuntimeCatalog(RuntimeFeatures features, RuntimeFile[] files)
    {
        Features = features;
        Files = files;
        var types = new Dictionary<string, List<RuntimeFile>>(StringComparer.Ordinal);
        var polyfills = new HashSet<string>(StringComparer.Ordinal);
        var publicTypes = new List<string>();
        foreach (RuntimeFile file in files)
        {
            foreach (string type in file.DeclaredTypes)
            {
                if (!types.TryGetValue(type, out List<RuntimeFile>? parts))
                    types.Add(type, parts = new List<RuntimeFile>());
                parts.Add(file);
            }

            foreach (BaseTypeDeclarationSyntax declaration in TopLevelTypes(file.Tree.GetRoot()))
            {
                string ns = NamespaceOf(declaration);
                if (ns != RuntimeNamespace)
                    polyfills.Add(ns + "." + declaration.Identifier.ValueText);
                else if (declaration.Modifiers.Any(SyntaxKind.PublicKeyword) && !publicTypes.Contains(declaration.Identifier.ValueText))
                    publicTypes.Add(declaration.Identifier.ValueText);
            }
        }

        TypeParts = types;
        PolyfillTypes = polyfills;
        PublicTypes = publicTypes.ToArray();
    }

    public RuntimeFeatures Features { get; }

    public RuntimeFile[] Files { get; }

    /// <summary>Each declared type's files, in file-name order.</summary>
    public Dictionary<string, List<RuntimeFile>> TypeParts { get; }

    /// <summary>Full names of the types declared outside the runtime's namespace (attributes older targets lack).</summary>
    public HashSet<string> PolyfillTypes { get; }

    /// <summary>The runtime's public types: the names user code can name.</summary>
    public string[] PublicTypes { get; }

    /// <summary>The names that make the generator emit something: the runtime's public types, on every API level.</summary>
    public static HashSet<string> EntryNames => s_entryNames;

    /// <summary>The runtime's files by name with their text as embedded.</summary>
    public static KeyValuePair<string, string>[] Sources => s_sources.Value;

    public static RuntimeCatalog Get(RuntimeFeatures features) => s_catalogs.GetOrAdd(features, Create);

    public static CSharpParseOptions ParseOptions(RuntimeFeatures features)
    {
        return new CSharpParseOptions(LanguageVersion.Latest, DocumentationMode.Parse, SourceCodeKind.Regular, RuntimeFeatureProbe.Symbols(features));
    }

    /// <summary>
    /// The files that declare the named types and everything they use, in file-name order, and the polyfill types they
    /// use (full names).
    /// </summary>
    public (List<RuntimeFile> Files, List<string> Polyfills) Closure(IEnumerable<string> typeNames)
    {
        var neededTypes = new HashSet<string>(StringComparer.Ordinal);
        var included = new HashSet<RuntimeFile>();
        var pending = new Queue<RuntimeFile>();
        var polyfills = new SortedSet<string>(StringComparer.Ordinal);

        void AddType(string type)
        {
            if (type == ThrowHelper || !neededTypes.Add(type) || !TypeParts.TryGetValue(type, out List<RuntimeFile>? parts))
                return;
            foreach (RuntimeFile part in parts)
            {
                if (included.Add(part))
                    pending.Enqueue(part);
            }
        }

        foreach (string name in typeNames)
            AddType(name);

        TypeParts.TryGetValue(ThrowHelper, out List<RuntimeFile>? helperParts);
        while (pending.Count > 0)
        {
            RuntimeFile file = pending.Dequeue();
            foreach (string identifier in file.Identifiers)
            {
                if (TypeParts.ContainsKey(identifier))
                    AddType(identifier);
            }

            foreach (string polyfill in PolyfillTypes)
            {
                string simple = polyfill.Substring(polyfill.LastIndexOf('.') + 1);
                if (file.Identifiers.Contains(simple) || (simple.EndsWith("Attribute", StringComparison.Ordinal) && file.Identifiers.Contains(simple.Substring(0, simple.Length - "Attribute".Length))))
                    polyfills.Add(polyfill);
            }

            if (helperParts is null || !file.Identifiers.Contains(ThrowHelper) && !file.DeclaredTypes.Contains(ThrowHelper))
                continue;
            foreach (RuntimeFile part in helperParts)
            {
                if (!included.Contains(part) && part.DeclaredMethods.Any(file.Identifiers.Contains))
                {
                    included.Add(part);
                    pending.Enqueue(part);
                }
            }
        }

        List<RuntimeFile> files = Files.Where(included.Contains).ToList();
        return (files, polyfills.ToList());
    }

    public static IEnumerable<BaseTypeDeclarationSyntax> TopLevelTypes(SyntaxNode root)
    {
        foreach (SyntaxNode node in root.DescendantNodes(n => n is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax))
        {
            if (node is BaseTypeDeclarationSyntax type && node.Parent is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax)
                yield return type;
        }
    }

    public static string NamespaceOf(SyntaxNode node)
    {
        return node.Parent is BaseNamespaceDeclarationSyntax ns ? ns.Name.ToString() : string.Empty;
    }

    /// <summary>
    /// Replaces array aliases (<c>using ByteData = byte[];</c>, C# 12) in active code by their type, so that the text
    /// parses with older compilers (Roslyn 4.3 in Unity) and compiles at older language versions.
    /// </summary>
    public static string LowerArrayAliases(string text, CSharpParseOptions options)
    {
        MatchCollection matches = s_arrayAlias.Matches(text);
        if (matches.Count == 0)
            return text;

        SyntaxNode root = CSharpSyntaxTree.ParseText(text, options).GetRoot();
        var builder = new StringBuilder(text);
        var aliases = new List<(string Name, string Type)>();
        for (int i = matches.Count - 1; i >= 0; i--)
        {
            Match match = matches[i];
            if (root.FindTrivia(match.Index + match.Value.IndexOf('u')).IsKind(SyntaxKind.DisabledTextTrivia))
                continue;
            aliases.Add((match.Groups["name"].Value, match.Groups["type"].Value.Trim()));
            builder.Remove(match.Index, match.Length);
            builder.Insert(match.Index, "// (alias " + match.Groups["name"].Value + " lowered)");
        }

        string lowered = builder.ToString();
        foreach ((string name, string type) in aliases)
            lowered = Regex.Replace(lowered, @"(?<![A-Za-z0-9_.])" + Regex.Escape(name) + @"(?![A-Za-z0-9_])", type, RegexOptions.CultureInvariant);
        return lowered;
    }

    private static KeyValuePair<string, string>[] LoadSources()
    {
        Assembly assembly = typeof(RuntimeCatalog).Assembly;
        var sources = new List<KeyValuePair<string, string>>();
        foreach (string resource in assembly.GetManifestResourceNames().OrderBy(n => n, StringComparer.Ordinal))
        {
            if (!resource.StartsWith(ResourcePrefix, StringComparison.Ordinal))
                continue;
            using Stream stream = assembly.GetManifestResourceStream(resource)!;
            using var reader = new StreamReader(stream, Encoding.UTF8);
            sources.Add(new KeyValuePair<string, string>(resource.Substring(ResourcePrefix.Length), reader.ReadToEnd()));
        }

        return sources.ToArray();
    }

    private static RuntimeCatalog Create(RuntimeFeatures features)
    {
        CSharpParseOptions options = ParseOptions(features);
        var files = new List<RuntimeFile>();
        foreach (KeyValuePair<string, string> source in Sources)
        {
            string text = LowerArrayAliases(source.Value, options);
            SyntaxTree tree = CSharpSyntaxTree.ParseText(text, options, path: source.Key, encoding: Encoding.UTF8);
            SyntaxNode root = tree.GetRoot();
            var types = new List<string>();
            var methods = new List<string>();
            foreach (BaseTypeDeclarationSyntax type in TopLevelTypes(root))
            {
                string name = type.Identifier.ValueText;
                if (!types.Contains(name))
                    types.Add(name);
                if (name == ThrowHelper && type is TypeDeclarationSyntax helper)
                    methods.AddRange(helper.Members.OfType<MethodDeclarationSyntax>().Select(m => m.Identifier.ValueText));
            }

            var identifiers = new HashSet<string>(StringComparer.Ordinal);
            foreach (SyntaxToken token in root.DescendantTokens(descendIntoTrivia: true))
            {
                if (token.IsKind(SyntaxKind.IdentifierToken))
                    identifiers.Add(token.ValueText);
            }

            files.Add(new RuntimeFile(source.Key, tree, types.ToArray(), methods.ToArray(), identifiers));
        }

        return new RuntimeCatalog(features, files.ToArray());
    }
}
