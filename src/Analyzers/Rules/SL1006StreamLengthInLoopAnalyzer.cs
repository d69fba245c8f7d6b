using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>
/// SL1006: a stream's <c>Length</c> read on every pass of a loop, where the stream can be a FileStream or a
/// BufferedStream (one or two system calls per read).
/// <code>
/// while (stream.Position &lt; stream.Length) ...                            // reported at stream.Length, fixable
/// while (reader.BaseStream.Position &lt; reader.BaseStream.Length) ...      // through a reader's BaseStream
/// Stream s = reader.BaseStream; for (...; s.Position &lt; s.Length; ) ...   // through an alias
/// for (int i = 0; i &lt; n; i++) if (input.Position + 4 &gt; input.Length) ... // in the body: fixed with (length ??= input.Length)
/// </code>
/// The analyzer also decides whether the fix (read Length once before the loop) is exact and tells the fixer in the
/// diagnostic's properties; the loop to hoist before is the diagnostic's additional location.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class SL1006StreamLengthInLoopAnalyzer : DiagnosticAnalyzer
{
    /// <summary>Diagnostic property: "true" where the analyzer proved that reading Length once keeps the behaviour.</summary>
    internal const string CanFixProperty = "CanFix";

    /// <summary>
    /// Diagnostic property: "true" where the stream is <c>reader.BaseStream</c> and the loop reaches the stream only
    /// through that reader (no alias such as <c>Stream s = reader.BaseStream</c> is used in it), so a buffered reader's
    /// own <c>Position</c> may stand for <c>reader.BaseStream.Position</c>.
    /// </summary>
    internal const string OnlyThroughReaderProperty = "OnlyThroughReader";

    /// <summary>
    /// Diagnostic property: <see cref="OnFirstReadValue"/> where Length must be read where the loop first reads it and
    /// kept from then on (<c>long? length = null;</c> before the loop, <c>(length ??= s.Length)</c> at each read),
    /// because a read before the loop could throw where the loop would not have read Length at all (a pass that ends
    /// earlier, a read behind <c>&amp;&amp;</c>, a loop that may not run). Absent: read it once before the loop.
    /// </summary>
    internal const string HoistProperty = "Hoist";

    internal const string OnFirstReadValue = "OnFirstRead";

    /// <summary>
    /// Diagnostic property: "true" beside <see cref="OnFirstReadValue"/> where the file, or another target of the project,
    /// is compiled at C# 7.3 or earlier: no <c>??=</c>, so the local starts at -1 and each read becomes
    /// <c>(length &lt; 0 ? length = s.Length : length)</c> (a length is never negative; if a stream returned one, it would
    /// be read again each time, as the original does).
    /// </summary>
    internal const string BeforeCSharp8Property = "BeforeCSharp8";

    internal static readonly DiagnosticDescriptor Rule = Descriptors.Create(RuleIds.StreamLengthInLoop);

    private static readonly ImmutableDictionary<string, string> s_fixable = ImmutableDictionary<string, string>.Empty.Add(CanFixProperty, "true");
    private static readonly ImmutableDictionary<string, string> s_fixableThroughReader = s_fixable.Add(OnlyThroughReaderProperty, "true");
    private static readonly ImmutableDictionary<string, string> s_onFirstRead = s_fixable.Add(HoistProperty, OnFirstReadValue);
    private static readonly ImmutableDictionary<string, string> s_onFirstReadThroughReader = s_fixableThroughReader.Add(HoistProperty, OnFirstReadValue);
    private static readonly ImmutableDictionary<string, string> s_onFirstReadBeforeCSharp8 = s_onFirstRead.Add(BeforeCSharp8Property, "true");
    private static readonly ImmutableDictionary<string, string> s_onFirstReadThroughReaderBeforeCSharp8 = s_onFirstReadThroughReader.Add(BeforeCSharp8Property, "true");
    private static readonly ImmutableDictionary<string, string> s_notFixable = ImmutableDictionary<string, string>.Empty.Add(CanFixProperty, "false");

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Rule);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(static start =>
        {
            if (!StreamLengthSymbols.TryCreate(start.Compilation, out StreamLengthSymbols? symbols))
                return;

            start.RegisterOperationAction(context => AnalyzePropertyReference(context, symbols), OperationKind.PropertyReference);
        });
    }

    /// <summary>
    /// Whether the fix may write <c>??=</c> (C# 8): the file's language version, and on a multi-targeted project
    /// (MSBuild's <c>TargetFrameworks</c>, made visible by Streamline's props) every target's default, since each target
    /// compiles the same file and the fix must be the same, and compile, on all of them. net48 or netstandard2.0
    /// beside net8.0 defaults to C# 7.3 there, so the fix takes its C# 7.3 form on every target (also where the project
    /// raises LangVersion for all of them: the analyzer cannot see that).
    /// </summary>
    internal static bool SupportsCoalesceAssignment(SyntaxTree tree, AnalyzerOptions options)
    {
        if (tree.Options is not CSharpParseOptions parse || parse.LanguageVersion < LanguageVersion.CSharp8)
            return false;

        foreach (string framework in ProjectTargets.Of(options, tree))
        {
            if (!DefaultsToCSharp8OrLater(framework))
                return false;
        }

        return true;
    }

    /// <summary>netstandard2.1, netcoreapp3.0 and later, net5.0 and later: C# 8 or later by default. Anything else
    /// (net48, netstandard2.0, netcoreapp2.1, a platform this does not know) is taken as C# 7.3.</summary>
    private static bool DefaultsToCSharp8OrLater(string framework)
    {
        framework = framework.ToLowerInvariant();
        int dash = framework.IndexOf('-');
        if (dash >= 0)
            framework = framework.Substring(0, dash);

        if (framework.StartsWith("netstandard", System.StringComparison.Ordinal))
            return VersionAtLeast(framework.Substring("netstandard".Length), 2, 1);
        if (framework.StartsWith("netcoreapp", System.StringComparison.Ordinal))
            return VersionAtLeast(framework.Substring("netcoreapp".Length), 3, 0);
        return ProjectTargets.NetMajorVersion(framework) >= 5;
    }

    private static bool VersionAtLeast(string text, int major, int minor)
        => System.Version.TryParse(text, out System.Version? version) && (version.Major > major || version.Major == major && version.Minor >= minor);

    private static void AnalyzePropertyReference(OperationAnalysisContext context, StreamLengthSymbols symbols)
    {
        var reference = (IPropertyReferenceOperation)context.Operation;
        if (reference.Property.Name != KnownNames.Length || reference.Instance is not { } instance || !symbols.IsStreamProperty(reference.Property))
            return;

        if (StreamLengthLoop.RepeatingLoop(reference) is not { } loop || StreamLengthLoop.NotReadEveryPass(reference, loop))
            return;

        IOperation root = LoopContext.Root(reference);
        if (StreamLengthLoop.Classify(instance, root, symbols, depth: 0) != StreamKind.MayBeFile)
            return;

        bool coalesceAssignment = SupportsCoalesceAssignment(reference.Syntax.SyntaxTree, context.Options);
        LengthHoist hoist = StreamLengthLoop.CanHoist(reference, loop, root, symbols, out bool onlyThroughReader);
        ImmutableDictionary<string, string> properties = hoist switch
        {
            LengthHoist.BeforeLoop => onlyThroughReader ? s_fixableThroughReader : s_fixable,
            LengthHoist.OnFirstRead when coalesceAssignment => onlyThroughReader ? s_onFirstReadThroughReader : s_onFirstRead,
            LengthHoist.OnFirstRead => onlyThroughReader ? s_onFirstReadThroughReaderBeforeCSharp8 : s_onFirstReadBeforeCSharp8,
            _ => s_notFixable,
        };
        context.ReportDiagnostic(Diagnostic.Create(
            Rule,
            reference.Syntax.GetLocation(),
            new[] { loop.Syntax.GetLocation() },
            properties,
            instance.Syntax.ToString()));
    }
}

/// <summary>Where SL1006's fix may read Length once.</summary>
internal enum LengthHoist
{
    /// <summary>Nowhere: something in the loop may change the length, or the declaration has nowhere to go.</summary>
    None,

    /// <summary>Just before the loop: each pass reads Length first, so the hoisted read fails where the first pass would.</summary>
    BeforeLoop,

    /// <summary>Where the loop first reads it, kept in a nullable local from then on (C# 8's <c>??=</c>).</summary>
    OnFirstRead,
}

/// <summary>What the static type and known creations say about a stream expression.</summary>
internal enum StreamKind
{
    /// <summary>Served from memory (MemoryStream, UnmanagedMemoryStream): Length is a field read.</summary>
    InMemory,

    /// <summary>A stream type that is neither Stream itself nor a FileStream or BufferedStream.</summary>
    Other,

    /// <summary>Stream, FileStream or BufferedStream with no creation that proves otherwise.</summary>
    MayBeFile,
}

/// <summary>The symbols SL1006 needs, resolved once per compilation.</summary>
internal sealed class StreamLengthSymbols
{
    private StreamLengthSymbols(Compilation compilation, INamedTypeSymbol stream)
    {
        _compilation = compilation;
        Stream = stream;
        FileStream = TypeLookup.GetBestType(compilation, KnownNames.FileStream);
        BufferedStream = TypeLookup.GetBestType(compilation, KnownNames.BufferedStream);
        MemoryStream = TypeLookup.GetBestType(compilation, KnownNames.MemoryStream);
        UnmanagedMemoryStream = TypeLookup.GetBestType(compilation, KnownNames.UnmanagedMemoryStream);
        BinaryReader = TypeLookup.GetBestType(compilation, KnownNames.BinaryReader);
        StreamReader = TypeLookup.GetBestType(compilation, KnownNames.StreamReader);
    }

    public INamedTypeSymbol Stream { get; }

    public INamedTypeSymbol? FileStream { get; }

    public INamedTypeSymbol? BufferedStream { get; }

    public INamedTypeSymbol? MemoryStream { get; }

    public INamedTypeSymbol? UnmanagedMemoryStream { get; }

    public INamedTypeSymbol? BinaryReader { get; }

    public INamedTypeSymbol? StreamReader { get; }

    /// <summary>
    /// Whether the method that declares <paramref name="parameter"/> (one of this compilation's own, with a body and no
    /// override that could run instead) only reads the stream or reader handed to it: Read*, Seek, Position, Length,
    /// or handing it on to another such method, at most <see cref="MaxCalleeDepth"/> calls deep. Computed once per
    /// parameter and compilation.
    /// <code>
    /// static AiffChunk ReadChunkHeader(BinaryReader br) => new AiffChunk(br.BaseStream.Position, ReadChunkName(br), br.ReadInt32());  // yes
    /// static void Append(Stream s) { s.Seek(0, SeekOrigin.End); s.WriteByte(7); }                                                     // no
    /// </code>
    /// </summary>
    public bool OnlyReads(IParameterSymbol parameter, int depth)
    {
        if (depth > MaxCalleeDepth || parameter.RefKind != RefKind.None)
            return false;

        // Keyed by depth too: the answer may depend on how many calls deep the limit leaves (a recursive helper runs into
        // it and is a "no"), so every thread gets the same answer for the same question.
        var key = (parameter.OriginalDefinition, depth);
        if (_onlyReads.TryGetValue(key, out bool known))
            return known;

        bool result = ComputeOnlyReads(key.OriginalDefinition, depth);
        _onlyReads.TryAdd(key, result);
        return result;
    }

    private const int MaxCalleeDepth = 3;

    private readonly Compilation _compilation;
    private readonly System.Collections.Concurrent.ConcurrentDictionary<(IParameterSymbol Parameter, int Depth), bool> _onlyReads = new(ParameterAtDepthComparer.Instance);

    private sealed class ParameterAtDepthComparer : IEqualityComparer<(IParameterSymbol Parameter, int Depth)>
    {
        public static readonly ParameterAtDepthComparer Instance = new();

        public bool Equals((IParameterSymbol Parameter, int Depth) x, (IParameterSymbol Parameter, int Depth) y)
            => x.Depth == y.Depth && SymbolEqualityComparer.Default.Equals(x.Parameter, y.Parameter);

        public int GetHashCode((IParameterSymbol Parameter, int Depth) obj)
            => (SymbolEqualityComparer.Default.GetHashCode(obj.Parameter) * 31) + obj.Depth;
    }

    private bool ComputeOnlyReads(IParameterSymbol parameter, int depth)
    {
        if (parameter.ContainingSymbol is not IMethodSymbol method
            || method.IsAbstract || method.IsExtern || (method.IsVirtual || method.IsOverride) && !method.IsSealed && !method.ContainingType.IsSealed
            || method.ContainingType.TypeKind == TypeKind.Interface
            || !(IsStreamType(parameter.Type) || IsReaderType(parameter.Type)))
        {
            return false;
        }

        IMethodSymbol implementation = method.PartialImplementationPart ?? method;
        if (implementation.DeclaringSyntaxReferences.Length != 1)
            return false;

        SyntaxNode declaration = implementation.DeclaringSyntaxReferences[0].GetSyntax();
        if (!_compilation.ContainsSyntaxTree(declaration.SyntaxTree))
            return false;

        // The callee's body lives in another member, often another file: its operations need that tree's model.
#pragma warning disable RS1030 // Computed once per parameter and compilation, only for a helper a Length loop hands its stream to.
        SemanticModel model = _compilation.GetSemanticModel(declaration.SyntaxTree);
#pragma warning restore RS1030
        if (model.GetOperation(declaration) is not { } body)
            return false;

        foreach (IOperation operation in body.Descendants())
        {
            if (operation is IParameterReferenceOperation reference
                && SymbolEqualityComparer.Default.Equals(reference.Parameter.OriginalDefinition, parameter)
                && !StreamLengthLoop.IsReadOnlyUse(reference, this, depth))
            {
                return false;
            }
        }

        return true;
    }

    public static bool TryCreate(Compilation compilation, [NotNullWhen(true)] out StreamLengthSymbols? symbols)
    {
        INamedTypeSymbol? stream = TypeLookup.GetBestType(compilation, KnownNames.Stream);
        symbols = stream is null ? null : new StreamLengthSymbols(compilation, stream);
        return symbols is not null;
    }

    /// <summary>Whether <paramref name="property"/> is Stream's own property of that name or an override of it.</summary>
    public bool IsStreamProperty(IPropertySymbol property)
    {
        for (IPropertySymbol? current = property; current is not null; current = current.OverriddenProperty)
        {
            if (SymbolEqualityComparer.Default.Equals(current.ContainingType, Stream))
                return true;
        }

        return false;
    }

    /// <summary><c>BaseStream</c> of a BinaryReader or StreamReader (or a type derived from them).</summary>
    public bool IsReaderBaseStream(IPropertySymbol property)
        => property.Name == KnownNames.BaseStream && (DerivesFrom(property.ContainingType, BinaryReader) || DerivesFrom(property.ContainingType, StreamReader));

    public bool IsReaderType(ITypeSymbol? type) => DerivesFrom(type, BinaryReader) || DerivesFrom(type, StreamReader);

    public bool IsStreamType(ITypeSymbol? type) => DerivesFrom(type, Stream);

    public StreamKind KindOfType(ITypeSymbol? type)
    {
        if (type is null)
            return StreamKind.Other;
        if (DerivesFrom(type, MemoryStream) || DerivesFrom(type, UnmanagedMemoryStream))
            return StreamKind.InMemory;
        if (SymbolEqualityComparer.Default.Equals(type, Stream) || DerivesFrom(type, FileStream) || DerivesFrom(type, BufferedStream))
            return StreamKind.MayBeFile;
        return StreamKind.Other;
    }

    public static bool DerivesFrom(ITypeSymbol? type, INamedTypeSymbol? baseType)
    {
        if (baseType is null)
            return false;

        for (ITypeSymbol? current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, baseType))
                return true;
        }

        return false;
    }
}

/// <summary>Where a Length read sits in its loop, what the stream is, and whether reading Length once is exact.</summary>
internal static class StreamLengthLoop
{
    private const int MaxDepth = 4;

    /// <summary>
    /// The nearest loop whose every pass evaluates <paramref name="operation"/>: its condition, body or increment. A
    /// <c>for</c> initializer or a <c>foreach</c> collection runs once, and a loop of a few passes fixed by constants
    /// (<see cref="LoopContext.IsFewFixedPasses"/>) does not grow with the input, so the search goes on to the loop
    /// around it.
    /// </summary>
    public static ILoopOperation? RepeatingLoop(IOperation operation)
    {
        IOperation child = operation;
        for (IOperation? current = operation.Parent; current is not null; child = current, current = current.Parent)
        {
            switch (current)
            {
                case IForLoopOperation forLoop when Contains(forLoop.Before, child):
                    continue;
                case IForEachLoopOperation forEach when forEach.Collection == child:
                    continue;
                case ILoopOperation loop when LoopContext.IsFewFixedPasses(loop, LoopContext.Root(loop)):
                    continue; // a few passes fixed by constants: only a loop around it repeats the read
                case ILoopOperation loop:
                    return loop;
                case IAnonymousFunctionOperation:
                case ILocalFunctionOperation:
                case IMethodBodyOperation:
                case IConstructorBodyOperation:
                    return null;
            }
        }

        return null;
    }

    /// <summary>
    /// Whether the read at <paramref name="length"/> is not one read of the same stream on every pass (found on real
    /// code, see docs/real-world.md), where hoisting it gains nothing or cannot be done:
    /// <code>
    /// return next + size >= input.Length;          // leaves the loop: read once
    /// Debug.Assert(Context.Length >= s.Length);     // [Conditional]: gone from Release builds
    /// if (s.Position &lt; (length ??= s.Length))      // read once and kept
    /// total += streams[i].Length;                  // another stream each pass
    /// foreach (var s in streams) ... s.Length       // another stream each pass (also a local set by a call or new)
    /// while (_prev + Current.Length &lt; pos) { SetStream(_index + 1); }  // a property the loop's own calls may change
    /// </code>
    /// </summary>
    public static bool NotReadEveryPass(IPropertyReferenceOperation length, ILoopOperation loop)
    {
        for (IOperation? current = length.Parent; current is not null && current != loop; current = current.Parent)
        {
            switch (current)
            {
                case IReturnOperation { Kind: OperationKind.Return }:
                case IThrowOperation:
                    return true;
                case IInvocationOperation invocation when IsConditional(invocation.TargetMethod):
                    return true;
                case ICoalesceAssignmentOperation { Target: ILocalReferenceOperation } cached when cached.Value.Syntax.Span.Contains(length.Syntax.Span):
                    return true; // `length ??= s.Length`: read once, then kept (SL1006's own fix)
                case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target, Parent: IConditionalOperation conditional } assignment
                    when assignment == conditional.WhenTrue && IsNegativeCheck(conditional.Condition, target.Local):
                    return true; // `length < 0 ? length = s.Length : length`: the same at C# 7.3
            }
        }

        for (IOperation? receiver = length.Instance; receiver is not null;)
        {
            receiver = StripConversions(receiver);
            switch (receiver)
            {
                case IArrayElementReferenceOperation:
                case IInvocationOperation:
                case IPropertyReferenceOperation { Arguments.Length: > 0 }:
                    return true;
                case IPropertyReferenceOperation { Instance: null or IInstanceReferenceOperation } property
                    when LoopCallsMethodOf(loop, property.Property.ContainingType):
                    return true;
                case ILocalReferenceOperation local when IsNewEachPass(local.Local, loop):
                    return true;
                case IPropertyReferenceOperation property:
                    receiver = property.Instance;
                    break;
                case IFieldReferenceOperation field:
                    receiver = field.Instance;
                    break;
                default:
                    receiver = null;
                    break;
            }
        }

        return false;
    }

    // `length < 0` on the local the assignment sets.
    private static bool IsNegativeCheck(IOperation condition, ILocalSymbol local)
        => condition is IBinaryOperation { OperatorKind: BinaryOperatorKind.LessThan, LeftOperand: ILocalReferenceOperation checkedLocal, RightOperand.ConstantValue: { HasValue: true, Value: 0L or 0 } }
            && SymbolEqualityComparer.Default.Equals(checkedLocal.Local, local);

    // A foreach variable, or a local the loop declares and sets from a call or a `new`: another stream each pass.
    private static bool IsNewEachPass(ILocalSymbol local, ILoopOperation loop)
    {
        if (loop is IForEachLoopOperation forEach && forEach.Locals.Contains(local, SymbolEqualityComparer.Default))
            return true;

        foreach (IOperation operation in loop.Body.Descendants())
        {
            if (operation is IVariableDeclaratorOperation declarator && SymbolEqualityComparer.Default.Equals(declarator.Symbol, local))
                return declarator.Initializer is { } initializer && StripConversions(initializer.Value) is IObjectCreationOperation or IInvocationOperation;
        }

        return false;
    }

    private static bool IsConditional(IMethodSymbol method)
    {
        foreach (AttributeData attribute in method.GetAttributes())
        {
            if (attribute.AttributeClass is { Name: "ConditionalAttribute" } type && type.ContainingNamespace?.ToDisplayString() == "System.Diagnostics")
                return true;
        }

        return false;
    }

    private static bool LoopCallsMethodOf(ILoopOperation loop, INamedTypeSymbol type)
    {
        foreach (IOperation operation in loop.Descendants())
        {
            if (operation is IInvocationOperation { Instance: null or IInstanceReferenceOperation } invocation
                && SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ContainingType, type))
                return true;
        }

        return false;
    }

    /// <summary>
    /// What <paramref name="stream"/> can be at run time, from its static type and, for locals and a reader's
    /// BaseStream, from every value the method assigns.
    /// <code>
    /// Stream s = new MemoryStream(bytes);                  // InMemory: the only assignment
    /// new BinaryReader(new MemoryStream(bytes)).BaseStream // InMemory: the reader's only stream
    /// Stream input (parameter), FileStream _file (field)   // MayBeFile
    /// </code>
    /// </summary>
    public static StreamKind Classify(IOperation stream, IOperation root, StreamLengthSymbols symbols, int depth)
    {
        stream = StripConversions(stream);
        if (stream is IObjectCreationOperation creation)
            return symbols.KindOfType(creation.Type);

        StreamKind byType = symbols.KindOfType(stream.Type);
        if (byType != StreamKind.MayBeFile || depth > MaxDepth)
            return byType;

        if (stream is ILocalReferenceOperation local)
            return KindOfAssignedValues(local.Local, root, depth, value => Classify(value, root, symbols, depth + 1));

        if (stream is IPropertyReferenceOperation { Instance: { } reader } baseStream && symbols.IsReaderBaseStream(baseStream.Property))
            return ClassifyReader(reader, root, symbols, depth + 1);

        return StreamKind.MayBeFile;
    }

    private static StreamKind ClassifyReader(IOperation reader, IOperation root, StreamLengthSymbols symbols, int depth)
    {
        reader = StripConversions(reader);
        if (depth > MaxDepth)
            return StreamKind.MayBeFile;

        if (reader is IObjectCreationOperation creation)
        {
            // new BinaryReader(stream, ...) and new StreamReader(stream, ...): the first argument is the stream.
            if (creation.Arguments.Length > 0
                && creation.Arguments[0].Value is { } first
                && symbols.IsStreamType(StripConversions(first).Type))
            {
                return Classify(first, root, symbols, depth + 1);
            }

            return StreamKind.MayBeFile;
        }

        if (reader is ILocalReferenceOperation local)
            return KindOfAssignedValues(local.Local, root, depth, value => ClassifyReader(value, root, symbols, depth + 1));

        return StreamKind.MayBeFile;
    }

    /// <summary>InMemory or Other when every value the method gives the local is; MayBeFile when any is, or when unknown.</summary>
    private static StreamKind KindOfAssignedValues(ILocalSymbol local, IOperation root, int depth, System.Func<IOperation, StreamKind> classify)
    {
        if (local.RefKind != RefKind.None)
            return StreamKind.MayBeFile;

        bool any = false;
        bool inMemory = false;
        foreach (IOperation operation in root.Descendants())
        {
            IOperation? value = null;
            switch (operation)
            {
                case IVariableDeclaratorOperation { Initializer: { } initializer } declarator
                    when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                    value = initializer.Value;
                    break;
                case ILocalReferenceOperation reference when SymbolEqualityComparer.Default.Equals(reference.Local, local):
                    if (IsWritten(reference, out IOperation? assigned))
                    {
                        if (assigned is null)
                            return StreamKind.MayBeFile;
                        value = assigned;
                    }

                    break;
            }

            if (value is null)
                continue;

            any = true;
            StreamKind kind = classify(value);
            if (kind == StreamKind.MayBeFile)
                return kind;
            inMemory |= kind == StreamKind.InMemory;
        }

        if (!any)
            return StreamKind.MayBeFile;
        return inMemory ? StreamKind.InMemory : StreamKind.Other;
    }

    /// <summary>Whether the reference is written; <paramref name="value"/> is the value a simple assignment gives it.</summary>
    private static bool IsWritten(IOperation reference, out IOperation? value)
    {
        value = null;
        switch (reference.Parent)
        {
            case ISimpleAssignmentOperation assignment when assignment.Target == reference:
                value = assignment.Value;
                return true;
            case IAssignmentOperation assignment when assignment.Target == reference:
            case IIncrementOrDecrementOperation:
            case IArgumentOperation { Parameter: { RefKind: not RefKind.None and not RefKind.In } }:
            case IDeconstructionAssignmentOperation:
            case ITupleOperation:
                return true;
            default:
                return false;
        }
    }

    /// <summary>
    /// Where reading Length once for <paramref name="loop"/> gives every read of it in the loop the same
    /// value, exceptions included:
    /// <list type="bullet">
    /// <item>the stream is a local, parameter or readonly field, or <c>reader.BaseStream</c> of one, not assigned in the loop;</item>
    /// <item>nothing in the loop may change the length: the stream, its reader and every alias are only read from, seeked
    ///   and asked for Length/Position; no call is handed any of them, no writer is made over them;</item>
    /// <item>before the loop (<see cref="LengthHoist.BeforeLoop"/>) where a read of Length (or of Position, which fails
    ///   the same way) of that stream is the first thing each pass evaluates, so the hoisted read throws where the
    ///   original first read would have (non-seekable, disposed); elsewhere (C# 8 and later) at the loop's first read
    ///   of it (<see cref="LengthHoist.OnFirstRead"/>), which throws exactly where the original's first read does;</item>
    /// <item>the loop is a statement of a block, a switch section or a top-level program, where a declaration can go.</item>
    /// </list>
    /// </summary>
    public static LengthHoist CanHoist(
        IPropertyReferenceOperation length, ILoopOperation loop, IOperation root, StreamLengthSymbols symbols, out bool onlyThroughReader)
    {
        onlyThroughReader = false;
        if (!TryGetStableKey(length.Instance!, symbols, out StreamKey key))
            return LengthHoist.None;

        if (key.Symbol is ILocalSymbol local && IsDeclaredIn(local, loop.Syntax))
            return LengthHoist.None;

        SyntaxNode? parent = loop.Syntax.Parent;
        if (parent is not (BlockSyntax or SwitchSectionSyntax or GlobalStatementSyntax))
            return LengthHoist.None;

        // Where a pass may not read Length first, the fix reads it where the loop first does.
        LengthHoist hoist = IsFirstEvaluatedRead(loop, key, symbols) ? LengthHoist.BeforeLoop
            : LengthHoist.OnFirstRead;
        if (hoist == LengthHoist.None)
            return hoist;

        HashSet<ISymbol> tracked = TrackedSymbols(key, root, symbols);
        bool aliasUsed = false;
        foreach (IOperation operation in loop.Descendants())
        {
            if (!IsAllowedInLoop(operation, tracked, symbols))
                return LengthHoist.None;

            if (ReferencedSymbol(operation) is { } referenced && tracked.Contains(referenced) && !SymbolEqualityComparer.Default.Equals(referenced, key.Symbol))
                aliasUsed = true;

            // A field is reachable from every method of its type: a call to one of them may write to it.
            if (key.Symbol is IFieldSymbol field
                && operation is IInvocationOperation call
                && SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType.OriginalDefinition, field.ContainingType.OriginalDefinition))
            {
                return LengthHoist.None;
            }
        }

        onlyThroughReader = key.ViaBaseStream && !aliasUsed;
        return hoist;
    }


    /// <summary>The stream's symbol, and the reader's when the stream is <c>reader.BaseStream</c>.</summary>
    internal readonly struct StreamKey
    {
        public StreamKey(ISymbol symbol, bool viaBaseStream)
        {
            Symbol = symbol;
            ViaBaseStream = viaBaseStream;
        }

        public ISymbol Symbol { get; }

        public bool ViaBaseStream { get; }

        public bool Matches(StreamKey other)
            => ViaBaseStream == other.ViaBaseStream && SymbolEqualityComparer.Default.Equals(Symbol, other.Symbol);
    }

    public static bool TryGetStableKey(IOperation stream, StreamLengthSymbols symbols, out StreamKey key)
    {
        stream = StripConversions(stream);
        bool viaBaseStream = false;
        if (stream is IPropertyReferenceOperation { Instance: { } reader } baseStream && symbols.IsReaderBaseStream(baseStream.Property))
        {
            viaBaseStream = true;
            stream = StripConversions(reader);
        }

        ISymbol? symbol = stream switch
        {
            ILocalReferenceOperation local when local.Local.RefKind == RefKind.None => local.Local,
            IParameterReferenceOperation parameter when parameter.Parameter.RefKind is RefKind.None or RefKind.In => parameter.Parameter,
            IFieldReferenceOperation { Field.IsReadOnly: true } field when field.Instance is null or IInstanceReferenceOperation => field.Field,
            _ => null,
        };
        key = symbol is null ? default : new StreamKey(symbol, viaBaseStream);
        return symbol is not null;
    }

    /// <summary>
    /// Whether a read of Length of the keyed stream is evaluated first on each pass, before anything that could fail
    /// or have an effect: the loop's condition, or, where there is none or it is <c>true</c> (and in a <c>do</c>
    /// loop), the body's first statement. A <c>for</c> initializer that runs before must be as harmless.
    /// <code>
    /// while (s.Position &lt; s.Length)              // yes
    /// for (long i = 0; i &lt; s.Length; i++)        // yes
    /// while (true) { if (s.Position &gt;= s.Length) break; ... }   // yes
    /// while (more &amp;&amp; s.Position &lt; s.Length)       // no: Length is not read when more is false
    /// foreach (var x in xs) { ... s.Length ... }   // no: an empty collection never reads it
    /// </code>
    /// </summary>
    private static bool IsFirstEvaluatedRead(ILoopOperation loop, StreamKey key, StreamLengthSymbols symbols)
    {
        IOperation? first;
        switch (loop)
        {
            case IWhileLoopOperation { ConditionIsTop: true, Condition: { } condition } when !IsConstantTrue(condition):
                first = condition;
                break;
            case IWhileLoopOperation whileLoop:
                first = FirstExpression(whileLoop.Body);
                break;
            case IForLoopOperation forLoop:
                foreach (IOperation before in forLoop.Before)
                {
                    if (!IsHarmless(before, key, symbols))
                        return false;
                }

                first = forLoop.Condition is { } forCondition && !IsConstantTrue(forCondition) ? forCondition : FirstExpression(forLoop.Body);
                break;
            default:
                return false;
        }

        if (first is null)
            return false;

        foreach (IOperation operation in first.DescendantsAndSelf())
        {
            if (operation is IPropertyReferenceOperation { Instance: { } instance } read
                && read.Property.Name == KnownNames.Length
                && symbols.IsStreamProperty(read.Property)
                && TryGetStableKey(instance, symbols, out StreamKey readKey)
                && readKey.Matches(key)
                && IsReachedUnconditionally(read, first, key, symbols))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsConstantTrue(IOperation condition)
        => condition.ConstantValue.HasValue && condition.ConstantValue.Value is true;

    /// <summary>The expression a statement evaluates first: an if's condition, an expression statement, a declaration's value.</summary>
    private static IOperation? FirstExpression(IOperation? statement)
    {
        while (statement is IBlockOperation block)
            statement = block.Operations.IsEmpty ? null : block.Operations[0];

        return statement switch
        {
            IConditionalOperation conditional => conditional.Condition,
            IExpressionStatementOperation expression => expression.Operation,
            IVariableDeclarationGroupOperation { Declarations.Length: 1 } group
                when group.Declarations[0].Declarators.Length == 1 && group.Declarations[0].Declarators[0].Initializer is { } initializer => initializer.Value,
            _ => null,
        };
    }

    /// <summary>Whether evaluating <paramref name="root"/> always reaches <paramref name="read"/>, after harmless operands only.</summary>
    private static bool IsReachedUnconditionally(IOperation read, IOperation root, StreamKey key, StreamLengthSymbols symbols)
    {
        IOperation child = read;
        for (IOperation? parent = read.Parent; parent is not null && child != root; child = parent, parent = parent.Parent)
        {
            switch (parent)
            {
                case IConversionOperation { OperatorMethod: null }:
                case IUnaryOperation { OperatorMethod: null }:
                    continue;
                case IBinaryOperation { OperatorMethod: null } binary
                    when binary.OperatorKind is BinaryOperatorKind.ConditionalAnd or BinaryOperatorKind.ConditionalOr:
                    if (binary.LeftOperand != child)
                        return false;
                    continue;
                case IBinaryOperation { OperatorMethod: null } binary:
                    if (binary.RightOperand == child && !IsHarmless(binary.LeftOperand, key, symbols))
                        return false;
                    continue;
                default:
                    return false;
            }
        }

        return child == root;
    }

    /// <summary>
    /// Operations that cannot fail or have an effect (locals, constants, arithmetic, fields, declarations of locals), or
    /// that fail exactly as the stream's Length would (its Position and Length).
    /// </summary>
    private static bool IsHarmless(IOperation operation, StreamKey key, StreamLengthSymbols symbols)
    {
        foreach (IOperation current in operation.DescendantsAndSelf())
        {
            switch (current)
            {
                case ILiteralOperation:
                case ILocalReferenceOperation:
                case IParameterReferenceOperation:
                case IInstanceReferenceOperation:
                case IFieldReferenceOperation { Instance: null or IInstanceReferenceOperation }:
                case IVariableDeclarationGroupOperation:
                case IVariableDeclarationOperation:
                case IVariableDeclaratorOperation:
                case IVariableInitializerOperation:
                case IConversionOperation { OperatorMethod: null }:
                case IUnaryOperation { OperatorMethod: null }:
                case IBinaryOperation { OperatorMethod: null, OperatorKind: not (BinaryOperatorKind.Divide or BinaryOperatorKind.Remainder) }:
                case ISimpleAssignmentOperation { Target: ILocalReferenceOperation }:
                case IExpressionStatementOperation:
                    continue;
                case IPropertyReferenceOperation { Instance: { } instance } property
                    when property.Property.Name is KnownNames.Length or KnownNames.Position
                        && symbols.IsStreamProperty(property.Property)
                        && TryGetStableKey(instance, symbols, out StreamKey other)
                        && other.Matches(key):
                    continue;
                case IPropertyReferenceOperation { Instance: { } } baseStream when symbols.IsReaderBaseStream(baseStream.Property):
                    continue;
                default:
                    return false;
            }
        }

        return true;
    }

    /// <summary>
    /// The stream's symbol, its reader's, and every local of the method that holds the same stream or an object made over
    /// it (<c>Stream s = reader.BaseStream</c>, <c>var reader = new BinaryReader(stream)</c>, <c>var w = new BinaryWriter(s)</c>).
    /// </summary>
    private static HashSet<ISymbol> TrackedSymbols(StreamKey key, IOperation root, StreamLengthSymbols symbols)
    {
        var tracked = new HashSet<ISymbol>(SymbolEqualityComparer.Default) { key.Symbol };
        var links = new List<(ISymbol Holder, IOperation Value)>();
        foreach (IOperation operation in root.Descendants())
        {
            switch (operation)
            {
                case IVariableDeclaratorOperation { Initializer: { } initializer } declarator:
                    links.Add((declarator.Symbol, initializer.Value));
                    break;
                case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment:
                    links.Add((target.Local, assignment.Value));
                    break;
            }
        }

        bool changed = true;
        while (changed)
        {
            changed = false;
            foreach ((ISymbol holder, IOperation value) in links)
            {
                foreach (IOperation part in value.DescendantsAndSelf())
                {
                    ISymbol? referenced = ReferencedSymbol(part);
                    if (referenced is null || !IsHeldBy(part, value, symbols))
                        continue;

                    if (tracked.Contains(referenced) ? tracked.Add(holder) : tracked.Contains(holder) && tracked.Add(referenced))
                        changed = true;
                }
            }
        }

        return tracked;
    }

    /// <summary>Whether the value holds what <paramref name="part"/> refers to: itself, its BaseStream, or an object made over it.</summary>
    private static bool IsHeldBy(IOperation part, IOperation value, StreamLengthSymbols symbols)
    {
        IOperation current = part;
        while (current != value && current.Parent is { } parent)
        {
            switch (parent)
            {
                case IConversionOperation:
                case IObjectCreationOperation:
                    current = parent;
                    continue;
                case IArgumentOperation when symbols.IsStreamType(current.Type) || symbols.IsReaderType(current.Type):
                case IPropertyReferenceOperation { Instance: { } instance } baseStream when instance == current && symbols.IsReaderBaseStream(baseStream.Property):
                    current = parent;
                    continue;
                default:
                    return false;
            }
        }

        return true;
    }

    private static ISymbol? ReferencedSymbol(IOperation operation) => operation switch
    {
        ILocalReferenceOperation local => local.Local,
        IParameterReferenceOperation parameter => parameter.Parameter,
        IFieldReferenceOperation field => field.Field,
        _ => null,
    };

    /// <summary>
    /// A use of a tracked symbol in the loop that cannot change the stream's length: Length, Position (read or set),
    /// CanRead/CanSeek, BaseStream, Read*/Seek/Peek on the stream or the reader. Anything else (Write, SetLength,
    /// Flush, Dispose, an argument, an assignment, a capture) refuses the fix.
    /// </summary>
    private static bool IsAllowedInLoop(IOperation operation, HashSet<ISymbol> tracked, StreamLengthSymbols symbols)
    {
        ISymbol? symbol = ReferencedSymbol(operation);
        if (symbol is null || !tracked.Contains(symbol))
            return true;

        return IsReadOnlyUse(operation, symbols);
    }

    internal static bool IsReadOnlyUse(IOperation value, StreamLengthSymbols symbols, int depth = 0)
    {
        IOperation current = value;
        while (current.Parent is IConversionOperation { OperatorMethod: null } conversion)
            current = conversion;

        switch (current.Parent)
        {
            case IArgumentOperation { Parameter: { } parameter } argument when argument.Value == current:
                // Handed to a method of this compilation that only reads it (a helper that reads a chunk header).
                return symbols.OnlyReads(parameter, depth + 1);
            case IPropertyReferenceOperation { Instance: { } instance } property when instance == current:
                string name = property.Property.Name;
                if (property.Property.Name == KnownNames.BaseStream && symbols.IsReaderBaseStream(property.Property))
                    return IsReadOnlyUse(property, symbols, depth);
                return name is KnownNames.Length or KnownNames.Position or "CanRead" or "CanSeek" or "EndOfStream";
            case IInvocationOperation { Instance: { } instance } invocation when instance == current:
                string method = invocation.TargetMethod.Name;
                if (symbols.IsReaderType(instance.Type))
                    return method.StartsWith("Read", System.StringComparison.Ordinal) || method is "PeekChar" or "Peek";
                return symbols.IsStreamType(instance.Type)
                    && method is "Read" or "ReadByte" or "ReadExactly" or "ReadAtLeast" or "Seek" or "ReadAsync" or "ReadExactlyAsync" or "ReadAtLeastAsync";
            default:
                return false;
        }
    }

    private static bool IsDeclaredIn(ILocalSymbol local, SyntaxNode node)
    {
        foreach (SyntaxReference reference in local.DeclaringSyntaxReferences)
        {
            if (reference.SyntaxTree == node.SyntaxTree && node.Span.Contains(reference.Span))
                return true;
        }

        return false;
    }

    private static bool Contains(ImmutableArray<IOperation> operations, IOperation operation)
    {
        foreach (IOperation candidate in operations)
        {
            if (candidate == operation)
                return true;
        }

        return false;
    }

    private static IOperation StripConversions(IOperation operation)
    {
        while (operation is IConversionOperation { OperatorMethod: null } conversion)
            operation = conversion.Operand;
        return operation;
    }
}
