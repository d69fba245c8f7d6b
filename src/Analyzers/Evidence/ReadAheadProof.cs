using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;
using Streamline.Analyzers.Rules;

namespace Streamline.Analyzers.Evidence;

/// <summary>
/// Whether a <c>BinaryReader</c> local can become a reader that reads ahead without anybody seeing the difference:
/// nothing but the reader may touch the stream while the reader holds bytes the stream has already passed, inside the
/// method or after it returns, through any alias.
/// </summary>
/// <remarks>
/// The runtime's <c>BufferedBinaryReader</c> puts a seekable stream back at the reader's position whenever
/// <c>BaseStream</c> is read and when it is disposed, and reads nothing ahead from a stream that cannot seek (from the
/// runtime whose reader has <c>Position</c>: <see cref="Verdict.CallersStream"/> needs it). So the
/// read-ahead can be seen only through a reference to the stream taken while the reader is alive and used without
/// going through the reader: an alias local, a field, a capture, an argument, another reader, a caller that runs
/// between <c>yield</c>s or <c>await</c>s, or, for a stream the method did not create, the caller after the method
/// returns without having disposed the reader. The shapes accepted:
/// <code>
/// var r = new BinaryReader(File.OpenRead(p));                 // the method owns the stream: nobody else holds it
/// var fs = File.OpenRead(p); var r = new BinaryReader(fs);    // and fs is not used while r is alive
/// using (var r = new BinaryReader(input, enc, true)) { ... }  // a caller's stream: r disposed on every path
/// using var r = new BinaryReader(input);                      // likewise, to the end of the block
/// var r = new BinaryReader(input); try { ... } finally { r.Dispose(); }
/// var r = new BinaryReader(input);                            // nothing disposes it: the fix declares it with using
///                                                             // and leaveOpen: true (<see cref="NeedsUsing"/>)
/// </code>
/// where <c>r</c> is used only as the receiver of its own members (<c>r.BaseStream</c> only as the receiver of a
/// stream member, <c>r.BaseStream.Position</c>, or in an alias read only for Position and Length), never stored,
/// returned or captured, and passed only to methods of the compilation that just read through it. For a caller's stream,
/// while <c>r</c> is alive: no <c>await</c>, no <c>yield</c>, no delegate call, and no other value that could be the
/// same stream (a stream, reader or writer from a field, property, parameter, local or call), and no text read that a
/// stream returning short reads would decode otherwise (<see cref="TextReads"/>). What is assumed, not
/// proven: a method called while the reader is alive that is not handed the stream, the reader or a reader or writer
/// does not reach the caller's stream some other way (a progress callback stored in a field that reads it).
/// </remarks>
internal static partial class ReadAheadProof
{
    /// <summary>What makes the read-ahead of a converted reader invisible, if anything.</summary>
    public enum Verdict
    {
        /// <summary>Somebody could see it: no fix.</summary>
        Visible,

        /// <summary>The method owns the stream and nobody else holds it.</summary>
        OwnedStream,

        /// <summary>The caller's stream, put back by the disposal on every path: needs a runtime that reads nothing ahead
        /// from a stream that cannot seek.</summary>
        CallersStream,
    }

    /// <summary>Whether converting <paramref name="reader"/>, made by <paramref name="creation"/>, can be seen.</summary>
    /// <param name="helpers">At compilation end, the helpers the reader is handed to are followed into every type of
    /// the compilation (<see cref="ReaderHelpers"/>); while a method is analyzed alone, only into helpers of its own
    /// type, read from their syntax.</param>
    public static Verdict Judge(IOperation root, ILocalSymbol reader, IObjectCreationOperation creation, BinaryReadSymbols symbols, ReaderHelpers? helpers = null, AnalyzerOptions? options = null)
        => Judge(root, reader, creation, symbols, out _, helpers, options);

    /// <summary><see cref="Judge(IOperation, ILocalSymbol, IObjectCreationOperation, BinaryReadSymbols, ReaderHelpers?)"/>,
    /// and where the verdict is <see cref="Verdict.Visible"/>, <paramref name="stop"/> says in the message's words which
    /// use stops the fix (<c>no fix: 'input' is used at line 42</c>).</summary>
    /// <param name="options">The project's options, where the fix may add a using declaration: C# 8 on every target
    /// (<see cref="ProjectTargets.CSharp8OnEveryTarget"/>).</param>
    public static Verdict Judge(IOperation root, ILocalSymbol reader, IObjectCreationOperation creation, BinaryReadSymbols symbols, out string? stop, ReaderHelpers? helpers = null, AnalyzerOptions? options = null)
    {
        stop = null;
        if (HasGoTo(root))
        {
            stop = Resources.Get("SL1002NoFixGoTo");
            return Verdict.Visible;
        }

        if (StreamArgument(creation) is not { } stream)
            return Verdict.Visible;

        // Inside a lambda or local function, which may run at any time, only a stream made there is certain: on the
        // spot, or in a local of that function (whose uses are checked below, captures included).
        IOperation? function = EnclosingFunction(creation);
        if (function is not null
            && !IsOwnedCreation(stream, symbols)
            && !(stream is ILocalReferenceOperation { Local: var functionLocal }
                && SL1001PositionAdvance.SoleInitializer(root, functionLocal) is { } functionInitializer
                && EnclosingFunction(functionInitializer) == function
                && IsOwnedCreation(functionInitializer, symbols)))
        {
            stop = Resources.Get("SL1002NoFixInFunction");
            return Verdict.Visible;
        }

        if (!TryGetLifetime(root, creation, reader, out Lifetime lifetime))
            return Verdict.Visible;

        var text = new TextReads();
        if (Escape(root, reader, lifetime, function, symbols, helpers, text) is { } escape)
        {
            stop = ForeignCalleeOf(escape, symbols) is { } callee
                ? Resources.Format("SL1002NoFixOtherAssembly", callee.Name)
                : Resources.Format("SL1002NoFixReaderUse", reader.Name, LineOf(escape));
            return Verdict.Visible;
        }

        if (IsOwnedCreation(stream, symbols))
            return Verdict.OwnedStream; // made in the argument itself: nobody else can hold it

        if (stream is IObjectCreationOperation)
        {
            stop = Resources.Get("SL1002NoFixWrapper");
            return Verdict.Visible; // new BufferedStream(input): putting the wrapper back does not put the caller's stream back
        }

        // A local over a stream the method opened is the method's; anything else (a parameter, a field, a property, a
        // call's result, another reader's BaseStream) is the caller's, and any alias of it used while the reader
        // lives is caught below.
        bool owned = stream is ILocalReferenceOperation { Local: { RefKind: RefKind.None } streamLocal }
            && SL1001PositionAdvance.SoleInitializer(root, streamLocal) is { } initializer
            && IsOwnedCreation(initializer, symbols);

        ISymbol? holder = stream switch
        {
            ILocalReferenceOperation local => local.Local,
            IParameterReferenceOperation parameter => parameter.Parameter,
            _ => null,
        };
        if (holder is not null)
        {
            switch (OtherUses(root, holder, stream, lifetime, function, out IOperation? unsafeUse))
            {
                case StreamUse.Unsafe:
                    stop = Resources.Format("SL1002NoFixStreamUse", holder.Name, LineOf(unsafeUse!));
                    return Verdict.Visible;
                case StreamUse.HandedOn:
                    owned = false; // someone else may hold it now
                    break;
            }
        }

        if (owned)
            return Verdict.OwnedStream;

        // The caller's stream: only the put-back on Dispose makes the caller see what BinaryReader would have left. A
        // reader nothing disposes or closes can be disposed by the fix (NeedsUsing), over the lifetime checked here.
        if (!lifetime.Disposed)
        {
            if (!CanDisposeWithUsing(root, creation, reader) || !ProjectTargets.CSharp8OnEveryTarget(creation.Syntax.SyntaxTree, options))
            {
                stop = Resources.Format("SL1002NoFixNotDisposed", reader.Name);
                return Verdict.Visible;
            }

            // What the fix makes of it: alive from here to the end of its block, and disposed there on every path.
            int blockEnd = creation.Syntax.FirstAncestorOrSelf<BlockSyntax>()!.Span.End;
            lifetime = new Lifetime(creation.Syntax.Span.End, blockEnd, disposed: true, loops: default, readableEnd: blockEnd);
        }

        if (OtherCodeOver(root, reader, lifetime, symbols) is { } other)
        {
            stop = Resources.Format("SL1002NoFixOtherCode", LineOf(other));
            return Verdict.Visible;
        }

        if (text.Strings || (text.Characters && !DecodesStatefully(creation)))
        {
            stop = Resources.Get("SL1002NoFixText");
            return Verdict.Visible; // a caller's stream may return short reads, which split strings differently
        }

        return Verdict.CallersStream;
    }

    /// <summary>
    /// A reader over a caller's stream that nothing disposes or closes, declared in a statement of a block, that the fix
    /// may declare with <c>using</c> and <c>leaveOpen: true</c>: it is then disposed at the end of the block, which puts
    /// the stream back where <c>BinaryReader</c> leaves it, and it still never closes the stream.
    /// <code>
    /// var reader = new BinaryReader(input);            // before
    /// using var reader = new BufferedBinaryReader(input, Encoding.UTF8, leaveOpen: true); // after
    /// </code>
    /// Needs C# 8 for the using declaration, and the constructor's first two forms (or a <c>leaveOpen</c> of
    /// <c>true</c>), whose meaning the fix keeps.
    /// </summary>
    public static bool NeedsUsing(IOperation root, IObjectCreationOperation creation, ILocalSymbol reader)
        => TryGetLifetime(root, creation, reader, out Lifetime lifetime) && !lifetime.Disposed && CanDisposeWithUsing(root, creation, reader);

    private static bool CanDisposeWithUsing(IOperation root, IObjectCreationOperation creation, ILocalSymbol reader)
    {
        if (creation.Syntax.SyntaxTree.Options is not Microsoft.CodeAnalysis.CSharp.CSharpParseOptions { LanguageVersion: >= Microsoft.CodeAnalysis.CSharp.LanguageVersion.CSharp8 }
            || creation.Syntax.Parent is not EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax statement } } }
            || statement.Parent is not BlockSyntax
            || statement.UsingKeyword.RawKind != 0
            || statement.Modifiers.Count != 0
            || SL1002PositionReads.IsClosedExplicitly(root, reader, countFinally: true))
        {
            return false;
        }

        return creation.Arguments.Length switch
        {
            1 or 2 => true,
            3 => creation.Arguments[2].Value.ConstantValue is { HasValue: true, Value: true },
            _ => false,
        };
    }

    /// <summary>The reader decodes with UTF-8 (no encoding given, <c>Encoding.UTF8</c>, <c>new UTF8Encoding(...)</c>),
    /// UTF-16, UTF-32, ASCII or Latin-1, whose decoders keep an incomplete sequence between calls, so characters come out
    /// the same however the stream splits its reads (<see cref="TextReads"/>).</summary>
    private static bool DecodesStatefully(IObjectCreationOperation creation)
    {
        IOperation? encoding = null;
        foreach (IArgumentOperation argument in creation.Arguments)
        {
            if (argument.Parameter?.Ordinal == 1)
                encoding = SL1001PositionAdvance.StripConversions(argument.Value);
        }

        return encoding switch
        {
            null => true,
            IPropertyReferenceOperation { Property: { IsStatic: true, ContainingType: { Name: "Encoding" } type } property } when IsSystemText(type)
                => property.Name is "UTF8" or "Unicode" or "BigEndianUnicode" or "UTF32" or "ASCII" or "Latin1",
            IObjectCreationOperation { Type: { Name: "UTF8Encoding" or "UnicodeEncoding" or "UTF32Encoding" or "ASCIIEncoding" } type } => IsSystemText(type),
            _ => false,
        };
    }

    private static bool IsSystemText(ITypeSymbol type)
        => type.ContainingNamespace is { Name: "Text", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } };

    /// <summary>The line, counted from 1, on which <paramref name="operation"/> starts.</summary>
    private static int LineOf(IOperation operation) => operation.Syntax.GetLocation().GetLineSpan().StartLinePosition.Line + 1;

    /// <summary>
    /// The fix may turn these <c>Position</c> reads into <c>reader.Position</c>: each runs while the reader is alive and
    /// not yet disposed, the reader is closed only by the disposal that ends its lifetime (none when nothing disposes
    /// it), so the two can never differ by one answering where the other throws <c>ObjectDisposedException</c>.
    /// </summary>
    public static bool CanRewritePositionReads(IOperation root, IObjectCreationOperation creation, ILocalSymbol reader, IEnumerable<IOperation> reads)
    {
        if (!TryGetLifetime(root, creation, reader, out Lifetime lifetime)
            || SL1002PositionReads.IsClosedExplicitly(root, reader, countFinally: !lifetime.Disposed))
        {
            return false;
        }

        foreach (IOperation read in reads)
        {
            if (!lifetime.ContainsBeforeDisposal(read.Syntax.Span))
                return false;
        }

        return true;
    }

    /// <summary>The stream argument (the first parameter) of <c>new BinaryReader(stream, ...)</c>.</summary>
    public static IOperation? StreamArgument(IObjectCreationOperation creation)
    {
        foreach (IArgumentOperation argument in creation.Arguments)
        {
            if (argument.Parameter?.Ordinal == 0)
                return SL1001PositionAdvance.StripConversions(argument.Value);
        }

        return null;
    }

    /// <summary><c>new FileStream(...)</c>, <c>File.OpenRead(p)</c>, <c>File.Open(...)</c>, <c>fileInfo.OpenRead()</c>:
    /// each returns a stream no one else holds.</summary>
    public static bool IsFreshFileStream(IOperation value, BinaryReadSymbols symbols)
    {
        switch (SL1001PositionAdvance.StripConversions(value))
        {
            case IObjectCreationOperation { Constructor: { Parameters.Length: > 0 } constructor } created:
                // new FileStream(path, ...): not new FileStream(handle, ...), whose handle others may hold.
                return symbols.FileStream is not null
                    && SymbolEqualityComparer.Default.Equals(created.Type, symbols.FileStream)
                    && constructor.Parameters[0].Type.SpecialType == SpecialType.System_String;
            case IInvocationOperation { TargetMethod: var method }:
                return method.Name is "OpenRead" or "Open"
                    && method.ContainingType is { Name: "File" or "FileInfo", ContainingNamespace: { Name: "IO", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } };
            default:
                return false;
        }
    }

    /// <summary>
    /// Where the reader is alive and may hold read-ahead bytes: from its construction to the end of the <c>using</c>
    /// (statement or declaration) or of the <c>try</c> whose <c>finally</c> disposes it; or, when nothing disposes it,
    /// to the end of the method and over every loop around the construction (a later pass comes back).
    /// </summary>
    private static bool TryGetLifetime(IOperation root, IObjectCreationOperation creation, ILocalSymbol reader, out Lifetime lifetime)
    {
        lifetime = default;
        IOperation value = creation;
        while (value.Parent is IConversionOperation { IsImplicit: true } conversion)
            value = conversion;

        if (value.Parent is not IVariableInitializerOperation { Parent: IVariableDeclaratorOperation { Parent: IVariableDeclarationOperation { Parent: { } group } } })
            return false;

        int start = creation.Syntax.Span.End;
        switch (group.Parent)
        {
            case IUsingOperation usingStatement when usingStatement.Resources == group:
                lifetime = new Lifetime(start, usingStatement.Syntax.Span.End, disposed: true, loops: default, readableEnd: usingStatement.Syntax.Span.End);
                return true;
            case IUsingDeclarationOperation { Parent: { } scope }:
                lifetime = new Lifetime(start, scope.Syntax.Span.End, disposed: true, loops: default, readableEnd: scope.Syntax.Span.End);
                return true;
            case IBlockOperation block when group is IVariableDeclarationGroupOperation:
                int index = IndexOf(block, group);
                if (index >= 0 && index + 1 < block.Operations.Length
                    && block.Operations[index + 1] is ITryOperation { Finally: { } finallyBlock } tryStatement
                    && DisposesAtTop(finallyBlock, reader))
                {
                    lifetime = new Lifetime(start, tryStatement.Syntax.Span.End, disposed: true, loops: default, readableEnd: tryStatement.Body.Syntax.Span.End);
                    return true;
                }

                break;
        }

        // Never disposed: alive to the end of the method, and again on every later pass of a loop around it.
        var loops = System.Collections.Immutable.ImmutableArray.CreateBuilder<TextSpan>();
        for (IOperation? current = creation.Parent; current is not null; current = current.Parent)
        {
            if (current is ILoopOperation loop)
                loops.Add(loop.Syntax.Span);
        }

        lifetime = new Lifetime(start, root.Syntax.Span.End, disposed: false, loops.ToImmutable(), readableEnd: root.Syntax.Span.End);
        return true;
    }

    /// <summary><c>r.Dispose();</c>, <c>r.Close();</c>, <c>r?.Dispose();</c>, <c>((IDisposable)r).Dispose();</c> as a
    /// statement of the finally block itself, so it runs on every path.</summary>
    private static bool DisposesAtTop(IBlockOperation finallyBlock, ILocalSymbol reader)
    {
        foreach (IOperation statement in finallyBlock.Operations)
        {
            IOperation? call = statement is IExpressionStatementOperation expression ? expression.Operation : null;
            if (call is IConditionalAccessOperation { Operation: var receiver, WhenNotNull: var whenNotNull }
                && IsLocal(receiver, reader))
            {
                call = whenNotNull;
                if (call is IInvocationOperation { TargetMethod.Name: "Dispose" or "Close", Instance: IConditionalAccessInstanceOperation })
                    return true;
            }

            if (call is IInvocationOperation { TargetMethod.Name: "Dispose" or "Close", Arguments.Length: 0, Instance: { } instance }
                && IsLocal(instance, reader))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsLocal(IOperation operation, ILocalSymbol local)
    {
        while (operation is IConversionOperation conversion)
            operation = conversion.Operand;
        return operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local);
    }

    /// <summary>
    /// Every use of the reader is <c>r.Member(...)</c>, or <c>r.BaseStream</c> as the receiver of a stream member,
    /// while the reader is alive and outside lambdas and local functions: the reader never escapes. Else the first use
    /// that lets it escape.
    /// </summary>
    private static IOperation? Escape(IOperation root, ILocalSymbol reader, Lifetime lifetime, IOperation? function, BinaryReadSymbols symbols, ReaderHelpers? helpers, TextReads text)
    {
        foreach (ILocalReferenceOperation reference in SL1001PositionAdvance.References(root, reader))
        {
            if (EnclosingFunction(reference) != function || !lifetime.Contains(reference.Syntax.Span))
                return reference; // captured by a lambda or local function, or used after its disposal

            IOperation receiver = reference;
            while (receiver.Parent is IConversionOperation conversion)
                receiver = conversion;

            switch (receiver.Parent)
            {
                case IInvocationOperation invocation when invocation.Instance == receiver:
                    text.Note(invocation.TargetMethod.Name);
                    continue;
                case IConditionalAccessOperation conditional when conditional.Operation == receiver:
                    if (conditional.WhenNotNull is IInvocationOperation { TargetMethod.Name: var name })
                        text.Note(name);
                    else
                        text.Note("ReadString"); // r?.ReadString().Length: taken for a text read whatever it calls
                    continue;
                case IPropertyReferenceOperation { Property.Name: "BaseStream" } baseStream when baseStream.Instance == receiver && IsMemberReceiver(baseStream) && !WritesThrough(baseStream):
                    continue;
                case IPropertyReferenceOperation { Property.Name: "BaseStream" } baseStream when baseStream.Instance == receiver && IsPositionAliasInside(root, baseStream, lifetime):
                    continue; // Stream s = reader.BaseStream; read only for s.Position (which the fix rewrites) and s.Length
                case IArgumentOperation { Parameter: { RefKind: RefKind.None } parameter, Parent: IInvocationOperation callee } argument
                    when argument.Value == receiver
                        && (helpers?.OnlyReadsThrough(callee.TargetMethod, parameter, text) == true || OnlyReadsThrough(callee.TargetMethod, parameter, symbols, text)):
                    continue; // ReadHeader(reader), reader.ReadVector3(): the callee only reads through it
                case IArgumentOperation { Parameter: { RefKind: RefKind.None } parameter, Parent: IObjectCreationOperation { Constructor: { } constructor } } argument
                    when argument.Value == receiver && helpers?.OnlyReadsThrough(constructor, parameter, text) == true:
                    continue; // new Header(reader), at compilation end: the constructor only reads through it
                default:
                    return reference;
            }
        }

        return null;
    }

    /// <summary>
    /// Where the proof failed, a method of another assembly the maker hands the reader to (<c>reader.ReadVector3()</c>
    /// from a sibling project): its body cannot be read, so it alone stops the fix, and the message can name it.
    /// </summary>
    public static IMethodSymbol? ForeignCallee(IOperation root, ILocalSymbol reader, BinaryReadSymbols symbols)
    {
        foreach (ILocalReferenceOperation reference in SL1001PositionAdvance.References(root, reader))
        {
            if (ForeignCalleeOf(reference, symbols) is { } callee)
                return callee;
        }

        return null;
    }

    /// <summary>The method of another assembly that <paramref name="reference"/> (a use of the reader) is an argument
    /// of, or null.</summary>
    private static IMethodSymbol? ForeignCalleeOf(IOperation reference, BinaryReadSymbols symbols)
    {
        IOperation argument = reference;
        while (argument.Parent is IConversionOperation conversion)
            argument = conversion;

        return argument.Parent is IArgumentOperation { Parent: IInvocationOperation { TargetMethod: var callee } } && !symbols.IsOwn(callee)
            ? callee
            : null;
    }

    private static bool IsPositionAliasInside(IOperation root, IPropertyReferenceOperation baseStream, Lifetime lifetime)
    {
        IOperation value = baseStream;
        while (value.Parent is IConversionOperation { IsImplicit: true } conversion)
            value = conversion;

        if (value.Parent is not IVariableInitializerOperation { Parent: IVariableDeclaratorOperation { Symbol: { RefKind: RefKind.None } alias } }
            || !SL1002PositionReads.IsPositionAlias(root, alias))
        {
            return false;
        }

        foreach (ILocalReferenceOperation reference in SL1001PositionAdvance.References(root, alias))
        {
            if (!lifetime.Contains(reference.Syntax.Span))
                return false; // after the reader is disposed, reader.Position throws where s.Position answers
        }

        return true;
    }

    /// <summary><c>r.BaseStream.Write(...)</c>, <c>WriteByte</c>, <c>SetLength</c>...: bytes the buffered reader may hold
    /// would no longer be the stream's, and a move back into them would read the old ones.</summary>
    private static bool WritesThrough(IOperation baseStream)
    {
        IOperation receiver = baseStream;
        while (receiver.Parent is IConversionOperation { IsImplicit: true } conversion)
            receiver = conversion;

        return receiver.Parent is IInvocationOperation invocation
            && invocation.Instance == receiver
            && (invocation.TargetMethod.Name.StartsWith("Write", System.StringComparison.Ordinal)
                || invocation.TargetMethod.Name is "BeginWrite" or "SetLength");
    }

    /// <summary><c>x.Position</c>, <c>x.Seek(...)</c>: <paramref name="operation"/>'s value is used on the spot and
    /// not kept.</summary>
    public static bool IsMemberReceiver(IOperation operation)
    {
        IOperation receiver = operation;
        while (receiver.Parent is IConversionOperation { IsImplicit: true } conversion)
            receiver = conversion;

        return receiver.Parent switch
        {
            IPropertyReferenceOperation property => property.Instance == receiver,
            IInvocationOperation invocation => invocation.Instance == receiver,
            _ => false,
        };
    }

    private enum StreamUse
    {
        /// <summary>Only as the receiver of its members, never while the reader is alive.</summary>
        MembersOnly,

        /// <summary>Also passed, stored or returned, but never while the reader is alive.</summary>
        HandedOn,

        /// <summary>Used while the reader is alive, or captured by a lambda or local function.</summary>
        Unsafe,
    }

    /// <summary>How the local or parameter holding the stream is used besides being handed to the reader.</summary>
    private static StreamUse OtherUses(IOperation root, ISymbol stream, IOperation argument, Lifetime lifetime, IOperation? function, out IOperation? unsafeUse)
    {
        unsafeUse = null;
        StreamUse use = StreamUse.MembersOnly;
        foreach (IOperation operation in root.Descendants())
        {
            ISymbol? referenced = operation switch
            {
                ILocalReferenceOperation local => local.Local,
                IParameterReferenceOperation parameter => parameter.Parameter,
                _ => null,
            };

            if (referenced is null || operation == argument || !SymbolEqualityComparer.Default.Equals(referenced, stream))
                continue;

            if (EnclosingFunction(operation) != function || lifetime.Contains(operation.Syntax.Span))
            {
                unsafeUse = operation;
                return StreamUse.Unsafe; // captured by a lambda or local function, or used while the reader lives
            }

            if (!IsMemberReceiver(operation))
                use = StreamUse.HandedOn;
        }

        return use;
    }

    /// <summary>
    /// While the reader over a caller's stream is alive, no other code can run that could see the stream: no
    /// <c>await</c>, no <c>yield</c>, no delegate call, and no value that could be the same stream or wrap it. Else the
    /// first operation that could.
    /// </summary>
    private static IOperation? OtherCodeOver(IOperation root, ILocalSymbol reader, Lifetime lifetime, BinaryReadSymbols symbols)
    {
        foreach (IOperation operation in root.Descendants())
        {
            if (!lifetime.Contains(operation.Syntax.Span))
                continue;

            switch (operation)
            {
                case IAwaitOperation:
                case IReturnOperation { Kind: OperationKind.YieldReturn }:
                case IInvocationOperation { TargetMethod.MethodKind: MethodKind.DelegateInvoke }:
                    return operation;
                case ILocalReferenceOperation local when SymbolEqualityComparer.Default.Equals(local.Local, reader)
                    || (symbols.MayHoldStream(local.Local.Type) && IsAliasOf(root, local.Local, reader)):
                    continue;
                case IPropertyReferenceOperation { Property.Name: "BaseStream", Instance: ILocalReferenceOperation owner }
                    when SymbolEqualityComparer.Default.Equals(owner.Local, reader):
                    continue;
                case IObjectCreationOperation creation when symbols.MayHoldStream(creation.Type):
                    if (!IsOwnedCreation(creation, symbols))
                        return operation;
                    continue;
                case IObjectCreationOperation:
                    continue; // an object of another kind: what it is made with (arguments, initializer) is visited too
                case ILocalReferenceOperation { Local: var local } when !symbols.MayHoldStream(local.Type)
                    || (SL1001PositionAdvance.SoleInitializer(root, local) is IObjectCreationOperation initializer && IsOwnedCreation(initializer, symbols)):
                    continue;
                case ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation or IPropertyReferenceOperation
                    or IInvocationOperation or IArrayElementReferenceOperation or IInstanceReferenceOperation or IDynamicMemberReferenceOperation:
                    if (symbols.MayHoldStream(operation.Type))
                        return operation;
                    continue;
            }
        }

        return null;
    }

    /// <summary>
    /// A stream made on the spot that nobody else holds: a file opened by path, a memory stream, or a buffering or
    /// compression wrapper over such a stream; never one made over a handle, socket or pipe, which others may share.
    /// <code>
    /// File.OpenRead(p)   new FileStream(p, FileMode.Open)   new BufferedStream(File.OpenRead(p))   new GZipStream(File.OpenRead(p), CompressionMode.Decompress)
    /// </code>
    /// </summary>
    private static bool IsOwnedCreation(IOperation value, BinaryReadSymbols symbols)
    {
        value = SL1001PositionAdvance.StripConversions(value);
        if (IsFreshFileStream(value, symbols))
            return true;

        if (value is not IObjectCreationOperation { Initializer: null } creation || !IsOwnableWrapper(creation.Type))
            return false;

        foreach (IArgumentOperation argument in creation.Arguments)
        {
            if (symbols.MayHoldStream(argument.Value.Type) ? !IsOwnedCreation(argument.Value, symbols) : HoldsStream(argument.Value, symbols))
                return false;
        }

        return true;
    }

    /// <summary>MemoryStream, BufferedStream, and the compression streams: they read only what they are given.</summary>
    private static bool IsOwnableWrapper(ITypeSymbol? type)
        => type is { ContainingNamespace: { Name: "IO", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } }
                && type.Name is "MemoryStream" or "BufferedStream"
            || type is { ContainingNamespace: { Name: "Compression", ContainingNamespace: { Name: "IO", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } } }
                && type.Name is "GZipStream" or "DeflateStream" or "ZLibStream" or "BrotliStream";

    /// <summary>Some value under <paramref name="operation"/>, or the operation itself, is a stream, reader or writer that
    /// is not made on the spot by an owned creation.</summary>
    private static bool HoldsStream(IOperation operation, BinaryReadSymbols symbols)
    {
        foreach (IOperation descendant in operation.DescendantsAndSelf())
        {
            if (descendant is IConversionOperation or IArgumentOperation || !symbols.MayHoldStream(descendant.Type))
                continue;
            if (descendant is IObjectCreationOperation or IInvocationOperation && IsOwnedCreation(descendant, symbols))
                continue; // its own arguments are checked by IsOwnedCreation, and seen again here harmlessly
            return true;
        }

        return false;
    }

    private static bool IsAliasOf(IOperation root, ILocalSymbol local, ILocalSymbol reader)
        => SL1001PositionAdvance.SoleInitializer(root, local) is IPropertyReferenceOperation { Property.Name: "BaseStream", Instance: ILocalReferenceOperation owner }
            && SymbolEqualityComparer.Default.Equals(owner.Local, reader);

    private static int IndexOf(IBlockOperation block, IOperation operation)
    {
        for (int i = 0; i < block.Operations.Length; i++)
        {
            if (block.Operations[i] == operation)
                return i;
        }

        return -1;
    }

    internal static bool HasGoTo(IOperation root)
    {
        foreach (IOperation operation in root.Descendants())
        {
            if (operation is IBranchOperation { BranchKind: BranchKind.GoTo })
                return true;
        }

        return false;
    }

    /// <summary>The innermost lambda or local function around <paramref name="operation"/>, or null.</summary>
    private static IOperation? EnclosingFunction(IOperation operation)
    {
        for (IOperation? current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation or ILocalFunctionOperation)
                return current;
        }

        return null;
    }

    private readonly struct Lifetime
    {
        private readonly int _start;
        private readonly int _end;
        private readonly int _readableEnd;
        private readonly System.Collections.Immutable.ImmutableArray<TextSpan> _loops;

        public Lifetime(int start, int end, bool disposed, System.Collections.Immutable.ImmutableArray<TextSpan> loops, int readableEnd)
        {
            _start = start;
            _end = end;
            _readableEnd = readableEnd;
            Disposed = disposed;
            _loops = loops;
        }

        /// <summary>Disposed on every path out of the lifetime, exceptions included.</summary>
        public bool Disposed { get; }

        public bool Contains(TextSpan span)
        {
            if (span.Start >= _start && span.Start < _end)
                return true;

            if (!_loops.IsDefault)
            {
                foreach (TextSpan loop in _loops)
                {
                    if (loop.Contains(span))
                        return true;
                }
            }

            return false;
        }

        /// <summary>Before the disposal that ends the lifetime: inside the <c>using</c>, or the <c>try</c> block
        /// whose <c>finally</c> disposes the reader.</summary>
        public bool ContainsBeforeDisposal(TextSpan span) => span.Start >= _start && span.End <= _readableEnd;
    }
}
