using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace Streamline.Analyzers.Rules;

/// <summary>SL1004's constant sets: which values a search argument is, read from constants, literals, fields and properties.</summary>
internal static partial class SearchSetPattern
{
    /// <summary>
    /// Reads a constant set. <paramref name="ca1870Shape"/> tells whether CA1870 recognises the same expression: string
    /// constants, arrays of character literals (<c>'a'</c> or <c>(byte)'a'</c>), ToCharArray on a string constant, and
    /// readonly private fields whose initializer is <c>new[] { 'a', (byte)'b' }</c> or <c>"...".ToCharArray()</c>.
    /// </summary>
    private static bool TryGetConstantSet(IOperation value, bool isByte, CancellationToken cancellationToken, out string? set, out int length, out bool ca1870Shape)
    {
        set = null;
        length = 0;
        ca1870Shape = false;
        switch (value)
        {
            case ILiteralOperation or IFieldReferenceOperation or ILocalReferenceOperation
                when !isByte && value.Type?.SpecialType == SpecialType.System_String && value.ConstantValue.HasValue && value.ConstantValue.Value is string text:
                set = text;
                ca1870Shape = true;
                break;

            case IArrayCreationOperation creation when IsArrayOf(creation.Type, isByte ? SpecialType.System_Byte : SpecialType.System_Char):
                if (creation.Initializer is null || creation.DimensionSizes.Length != 1)
                    return false;

                var builder = new StringBuilder(creation.Initializer.ElementValues.Length);
                ca1870Shape = true;
                foreach (IOperation element in creation.Initializer.ElementValues)
                {
                    if (!element.ConstantValue.HasValue || !TryGetElement(element.ConstantValue.Value, out char member))
                        return false;

                    ca1870Shape &= IsCharacterLiteral(element.Syntax);
                    builder.Append(member);
                }

                set = builder.ToString();
                break;

            case IInvocationOperation { TargetMethod.Name: KnownNames.ToCharArray, Arguments.Length: 0, Instance: { } instance } toCharArray
                when !isByte && toCharArray.TargetMethod.ContainingType.SpecialType == SpecialType.System_String
                    && instance is ILiteralOperation or IFieldReferenceOperation or ILocalReferenceOperation
                    && instance.ConstantValue.HasValue && instance.ConstantValue.Value is string source:
                set = source;
                ca1870Shape = true;
                break;

            case IFieldReferenceOperation { Field: { } field }
                when IsArrayOf(field.Type, isByte ? SpecialType.System_Byte : SpecialType.System_Char) && field.IsReadOnly:
                if (!TryGetFieldSet(field, isByte, cancellationToken, out set, out ca1870Shape))
                    return false;

                break;

            // ['a', 'b', ...] (C# 12) as a char[]/byte[] or a span: constant elements only, no spread. Roslyn 3.6, which
            // this assembly is built against, has no type for it: recognised by its syntax kind, read through Children.
            case { Syntax.RawKind: CollectionExpressionKind } collection
                when IsArrayOf(collection.Type, isByte ? SpecialType.System_Byte : SpecialType.System_Char) || IsSpanType(collection.Type):
                var collected = new StringBuilder();
                ca1870Shape = true;
                foreach (SyntaxNode element in collection.Syntax.ChildNodes())
                {
                    if (element.RawKind != ExpressionElementKind)
                        return false;

                    ca1870Shape &= element.ChildNodes().FirstOrDefault() is { } elementValue && IsCharacterLiteral(elementValue);
                }

                IOperation elements = collection;
                while (elements is IConversionOperation { IsImplicit: true } collectionConversion)
                    elements = collectionConversion.Operand;

#pragma warning disable CS0618 // Children is the only way to the elements through the 3.6 API.
                foreach (IOperation element in elements.Children)
#pragma warning restore CS0618
                {
                    if (!element.ConstantValue.HasValue || !TryGetElement(element.ConstantValue.Value, out char member))
                        return false;

                    collected.Append(member);
                }

                if (collected.Length == 0)
                    return false;

                set = collected.ToString();
                break;

            // static ReadOnlySpan<char> Separators => ",;:"; static ReadOnlySpan<byte> Delimiters => ",;:"u8;
            // (or new byte[] { ... }, [ ... ]): a property whose getter is one constant set. CA1870 reads only u8.
            case IPropertyReferenceOperation { Property: { Parameters.IsEmpty: true, SetMethod: null } property }
                when IsSpanType(property.Type) && property.Type is INamedTypeSymbol { TypeArguments.Length: 1 } spanType
                    && spanType.TypeArguments[0].SpecialType == (isByte ? SpecialType.System_Byte : SpecialType.System_Char):
                if (!OwnSource.IsOwn(property, value) || !TryGetPropertySet(property, isByte, cancellationToken, out set, out ca1870Shape))
                    return false;

                break;

            // cond ? A : B, x switch { ... => A, _ => B }: every arm a constant set; the largest arm counts. CA1870 does
            // not look into either.
            case IConditionalOperation { WhenFalse: { } whenFalse } conditional:
                if (!TryGetArmSet(conditional.WhenTrue, isByte, cancellationToken, out set)
                    || !TryGetArmSet(whenFalse, isByte, cancellationToken, out string? otherArm))
                {
                    return false;
                }

                set = Larger(set!, otherArm!);
                break;

            case ISwitchExpressionOperation { Arms.Length: > 0 } switchExpression:
                foreach (ISwitchExpressionArmOperation arm in switchExpression.Arms)
                {
                    if (!TryGetArmSet(arm.Value, isByte, cancellationToken, out string? armSet))
                        return false;

                    set = set is null ? armSet : Larger(set, armSet!);
                }

                break;

            default:
                return false;
        }

        length = set!.Length;
        return true;
    }

    private static bool TryGetPropertySet(IPropertySymbol property, bool isByte, CancellationToken cancellationToken, out string? set, out bool ca1870Shape)
    {
        set = null;
        ca1870Shape = false;
        if (property.DeclaringSyntaxReferences.Length != 1
            || property.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not PropertyDeclarationSyntax declaration)
        {
            return false;
        }

        ExpressionSyntax? body = declaration.ExpressionBody?.Expression;
        if (body is null && declaration.AccessorList?.Accessors is { Count: 1 } accessors && accessors[0].IsKind(SyntaxKind.GetAccessorDeclaration))
        {
            body = accessors[0].ExpressionBody?.Expression
                ?? (accessors[0].Body?.Statements is { Count: 1 } statements && statements[0] is ReturnStatementSyntax { Expression: { } returned } ? returned : null);
        }

        switch (body)
        {
            case LiteralExpressionSyntax literal when !isByte && literal.IsKind(SyntaxKind.StringLiteralExpression) && literal.Token.Value is string text:
                set = text;
                return set.Length > 0;
            case LiteralExpressionSyntax utf8 when isByte && utf8.RawKind == Utf8StringLiteralExpressionKind:
                byte[] bytes = Encoding.UTF8.GetBytes(utf8.Token.ValueText);
                var builder = new StringBuilder(bytes.Length);
                foreach (byte value in bytes)
                    builder.Append((char)value);

                set = builder.ToString();
                ca1870Shape = true;
                return set.Length > 0;
            case { } expression:
                return TryReadLiteralSet(expression, isByte, out set, out _) && set!.Length > 0;
            default:
                return false;
        }
    }

    internal static bool TryGetArmSet(IOperation arm, bool isByte, CancellationToken cancellationToken, out string? set)
    {
        while (arm is IConversionOperation { IsImplicit: true } conversion)
            arm = conversion.Operand;

        set = null;
        return arm is not (IConditionalOperation or ISwitchExpressionOperation)
            && TryGetConstantSet(arm, isByte, cancellationToken, out set, out _, out _);
    }

    private static string Larger(string first, string second) => CountDistinct(second) > CountDistinct(first) ? second : first;

    // CA1870 (as the .NET 10 SDK ships it) reads array elements from syntax: 'a' or (byte)'a', nothing else.
    private static bool IsCharacterLiteral(SyntaxNode element)
    {
        if (element is CastExpressionSyntax { Type: PredefinedTypeSyntax type } cast && type.Keyword.IsKind(SyntaxKind.ByteKeyword))
            element = cast.Expression;

        return element.IsKind(SyntaxKind.CharacterLiteralExpression);
    }

    private static bool TryGetElement(object? constant, out char member)
    {
        switch (constant)
        {
            case char c:
                member = c;
                return true;
            case byte b:
                member = (char)b;
                return true;
            default:
                member = default;
                return false;
        }
    }

    /// <summary>
    /// A field set: <c>private static readonly char[] s_x = { ... }</c> (or <c>new[] { ... }</c>, <c>"...".ToCharArray()</c>)
    /// with literal members, whose every use in its type is as the set of one of these searches. CA1870 also takes
    /// instance readonly fields; SL1004 wants a static one, so the set is built once.
    /// </summary>
    private static bool TryGetFieldSet(IFieldSymbol field, bool isByte, CancellationToken cancellationToken, out string? set, out bool ca1870Shape)
    {
        set = null;
        ca1870Shape = false;
        if (field.DeclaredAccessibility != Accessibility.Private
            || field.DeclaringSyntaxReferences.Length != 1
            || field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax { Initializer.Value: { } initializer } declarator)
        {
            return false;
        }

        if (!TryReadLiteralSet(initializer, isByte, out set, out ca1870Shape))
            return false;

        ca1870Shape &= IsOnlyWrittenInItsInitializer(field, declarator, cancellationToken);
        // An instance field, or one that is written or handed out, is no cacheable set (CA1870 may still report it).
        return field.IsStatic && IsOnlySearched(field, declarator, cancellationToken);
    }

    private static bool TryReadLiteralSet(ExpressionSyntax initializer, bool isByte, out string? set, out bool ca1870Shape)
    {
        set = null;
        ca1870Shape = false;
        SeparatedSyntaxList<ExpressionSyntax> elements;
        switch (initializer)
        {
            case ArrayCreationExpressionSyntax { Initializer: { } arrayInitializer }:
                elements = arrayInitializer.Expressions;
                ca1870Shape = true;
                break;
            case ImplicitArrayCreationExpressionSyntax implicitCreation:
                elements = implicitCreation.Initializer.Expressions;
                ca1870Shape = true;
                break;
            case InitializerExpressionSyntax bare when bare.IsKind(SyntaxKind.ArrayInitializerExpression):
                // char[] s_x = { ... }: CA1870 does not read this form.
                elements = bare.Expressions;
                break;
            case { RawKind: CollectionExpressionKind }:
                // char[] s_x = ['a', 'b', ...]: each ExpressionElement holds one expression.
                var collected = new List<ExpressionSyntax>();
                foreach (SyntaxNode element in initializer.ChildNodes())
                {
                    if (element.RawKind != ExpressionElementKind || element.ChildNodes().FirstOrDefault() is not ExpressionSyntax value)
                        return false;

                    collected.Add(value);
                }

                elements = SyntaxFactory.SeparatedList(collected);
                break;
            case InvocationExpressionSyntax
            {
                Expression: MemberAccessExpressionSyntax { Expression: LiteralExpressionSyntax literal, Name.Identifier.ValueText: KnownNames.ToCharArray },
                ArgumentList.Arguments.Count: 0,
            } when !isByte && literal.IsKind(SyntaxKind.StringLiteralExpression) && literal.Token.Value is string text:
                set = text;
                ca1870Shape = true;
                return true;
            default:
                return false;
        }

        var builder = new StringBuilder(elements.Count);
        foreach (ExpressionSyntax element in elements)
        {
            if (!TryReadLiteral(element, isByte, out char member, out bool isCharLiteral))
                return false;

            ca1870Shape &= isCharLiteral;
            builder.Append(member);
        }

        set = builder.ToString();
        return true;
    }

    // 'a', (byte)'a', 65, (byte)65, (char)65, 0xFF
    private static bool TryReadLiteral(ExpressionSyntax element, bool isByte, out char member, out bool isCharLiteral)
    {
        member = default;
        isCharLiteral = false;
        bool cast = false;
        if (element is CastExpressionSyntax { Type: PredefinedTypeSyntax type } castExpression)
        {
            if (!type.Keyword.IsKind(isByte ? SyntaxKind.ByteKeyword : SyntaxKind.CharKeyword))
                return false;

            element = castExpression.Expression;
            cast = true;
        }

        if (element is not LiteralExpressionSyntax literal)
            return false;

        object? value = literal.Token.Value;
        isCharLiteral = literal.IsKind(SyntaxKind.CharacterLiteralExpression) && (!cast || isByte);
        int number;
        switch (value)
        {
            case char c:
                number = c;
                if (!isByte && cast)
                    isCharLiteral = false;
                if (isByte && !cast)
                    return false;
                break;
            case int i when cast || isByte:
                number = i;
                break;
            default:
                return false;
        }

        int max = isByte ? byte.MaxValue : char.MaxValue;
        if (number < 0 || number > max)
            return false;

        member = (char)number;
        return true;
    }

    /// <summary>CA1870's own check, kept as optimistic as it is: no element store, no assignment in a constructor.</summary>
    private static bool IsOnlyWrittenInItsInitializer(IFieldSymbol field, VariableDeclaratorSyntax declarator, CancellationToken cancellationToken)
    {
        if (declarator.FirstAncestorOrSelf<TypeDeclarationSyntax>() is not { } type)
            return false;

        foreach (MemberDeclarationSyntax member in type.Members)
        {
            bool isConstructor = member.IsKind(SyntaxKind.ConstructorDeclaration);
            foreach (SyntaxNode node in member.DescendantNodes())
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (node is not AssignmentExpressionSyntax assignment || !assignment.IsKind(SyntaxKind.SimpleAssignmentExpression))
                    continue;

                if (assignment.Left is ElementAccessExpressionSyntax { Expression: IdentifierNameSyntax stored } && stored.Identifier.ValueText == field.Name)
                    return false;

                if (isConstructor && assignment.Left is IdentifierNameSyntax assigned && assigned.Identifier.ValueText == field.Name)
                    return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Every mention of the field's name anywhere in its type (all partial declarations, nested types included: a
    /// private field is visible nowhere else) only reads the array: the set argument of one of the searches, or
    /// <code>
    /// s_x[i]  s_x.Length  foreach (char c in s_x)  s_x.Contains(c)  text.Split(s_x)  text.Trim(s_x)  Array.IndexOf(s_x, c)
    /// </code>
    /// so the set never changes after its initializer. Anything else (an assignment, an element store, passing it on,
    /// returning it) keeps SL1004 quiet. The fix replaces an array that is only searched, and adds a set beside one
    /// that is also read otherwise.
    /// </summary>
    private static bool IsOnlySearched(IFieldSymbol field, VariableDeclaratorSyntax declarator, CancellationToken cancellationToken)
    {
        foreach (SyntaxReference reference in field.ContainingType.DeclaringSyntaxReferences)
        {
            foreach (SyntaxToken token in reference.GetSyntax(cancellationToken).DescendantTokens())
            {
                if (!token.IsKind(SyntaxKind.IdentifierToken) || token.ValueText != field.Name || token.Parent == declarator)
                    continue;

                if (token.Parent is not IdentifierNameSyntax name || !(IsSearchSetArgument(name) || IsRead(name)))
                    return false;
            }
        }

        return true;
    }

    // Reads that can neither change the array nor let it escape (the BCL methods named here only read their arguments).
    private static bool IsRead(IdentifierNameSyntax name)
    {
        ExpressionSyntax expression = name;
        if (expression.Parent is MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax or IdentifierNameSyntax } qualified && qualified.Name == expression)
            expression = qualified;

        switch (expression.Parent)
        {
            case ElementAccessExpressionSyntax element when element.Expression == expression:
                // s_x[i], but not s_x[i] = c, s_x[i]++, ref s_x[i] or (s_x[i], y) = ...
                return !IsWritten(element);
            case MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Length" or "LongLength" } access when access.Expression == expression:
                return true;
            case MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Contains" or "Any" or "All" or "Count" } access
                when access.Expression == expression && access.Parent is InvocationExpressionSyntax:
                return true;
            case ForEachStatementSyntax loop when loop.Expression == expression:
                return true;
            case ArgumentSyntax { RefKindKeyword.RawKind: 0 } argument when argument.Parent?.Parent is InvocationExpressionSyntax invocation:
                return invocation.Expression switch
                {
                    MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Split" or "Trim" or "TrimStart" or "TrimEnd" } => true,
                    MemberAccessExpressionSyntax { Expression: IdentifierNameSyntax { Identifier.ValueText: "Array" }, Name.Identifier.ValueText: "IndexOf" or "LastIndexOf" } => true,
                    _ => false,
                };
            default:
                return false;
        }
    }

    private static bool IsWritten(ExpressionSyntax target)
    {
        SyntaxNode? parent = target.Parent;
        while (parent is ParenthesizedExpressionSyntax)
            parent = parent.Parent;

        return parent switch
        {
            AssignmentExpressionSyntax assignment => assignment.Left.Span.Contains(target.Span),
            PrefixUnaryExpressionSyntax or PostfixUnaryExpressionSyntax => parent.IsKind(SyntaxKind.PreIncrementExpression) || parent.IsKind(SyntaxKind.PreDecrementExpression)
                || parent.IsKind(SyntaxKind.PostIncrementExpression) || parent.IsKind(SyntaxKind.PostDecrementExpression),
            // (s_x[0], y) = pair: a tuple element may be a deconstruction target.
            ArgumentSyntax argument => argument.RefKindKeyword.RawKind != 0 || argument.Parent is TupleExpressionSyntax,
            RefExpressionSyntax => true,
            _ => false,
        };
    }

    private static bool IsSearchSetArgument(IdentifierNameSyntax name)
    {
        ExpressionSyntax expression = name;
        if (expression.Parent is MemberAccessExpressionSyntax access && access.Name == expression)
            expression = access;

        // text.IndexOfAny(cond ? s_a : s_b), text.IndexOfAny(kind switch { ... => s_a, ... })
        while (true)
        {
            if (expression.Parent is ParenthesizedExpressionSyntax parenthesized)
                expression = parenthesized;
            else if (expression.Parent is ConditionalExpressionSyntax conditional && conditional.Condition != expression)
                expression = conditional;
            else if (expression.Parent is SwitchExpressionArmSyntax arm && arm.Expression == expression && arm.Parent is SwitchExpressionSyntax switchExpression)
                expression = switchExpression;
            else
                break;
        }

        if (expression.Parent is not ArgumentSyntax { RefKindKeyword.RawKind: 0 } argument
            || argument.Parent?.Parent is not InvocationExpressionSyntax invocation)
        {
            return false;
        }

        string? invoked = invocation.Expression switch
        {
            MemberAccessExpressionSyntax member => member.Name.Identifier.ValueText,
            IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
            _ => null,
        };
        return invoked is not null && IsSearchName(invoked);
    }
}
