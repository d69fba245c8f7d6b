using System;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Streamline.Generator;

/// <summary>
/// The API levels the runtime's source is written for. Each is a Streamline-own preprocessor symbol: the runtime's
/// project defines them per target framework, and the generator defines them per compilation from what the
/// compilation really has, because Unity and other hosts define TFM symbols of their own.
/// </summary>
[Flags]
internal enum RuntimeFeatures
{
    /// <summary>netstandard2.0 and .NET Framework: arrays only.</summary>
    None = 0,

    /// <summary><c>STREAMLINE_SPANS</c>: the netstandard2.1 surface (spans in the core library, BinaryPrimitives, ArrayPool, <c>Encoding.Preamble</c>).</summary>
    Spans = 1,

    /// <summary><c>STREAMLINE_NET5</c>: .NET 5 additions (<c>Half</c>, <c>BinaryReader.Read7BitEncodedInt64</c>, trimming attributes).</summary>
    Net5 = 2,

    /// <summary><c>STREAMLINE_NET6</c>: .NET 6 additions (<c>BinaryReader.ReadHalf</c>: <c>Half</c> came in .NET 5, the reader's
    /// method for it only in .NET 6).</summary>
    Net6 = 4,

    /// <summary><c>STREAMLINE_NET8</c>: .NET 8 additions (<c>SearchValues</c>, cross-platform vector helpers, <c>MemoryExtensions.Count</c>).</summary>
    Net8 = 8,
}

internal static class RuntimeFeatureProbe
{
    public const string SpansSymbol = "STREAMLINE_SPANS";
    public const string Net5Symbol = "STREAMLINE_NET5";
    public const string Net6Symbol = "STREAMLINE_NET6";
    public const string Net8Symbol = "STREAMLINE_NET8";

    public static readonly string[] AllSymbols = { SpansSymbol, Net5Symbol, Net6Symbol, Net8Symbol };

    public static string[] Symbols(RuntimeFeatures features)
    {
        return AllSymbols.Where((_, i) => (features & (RuntimeFeatures)(1 << i)) != 0).ToArray();
    }

    /// <summary>Decides the API level from the symbols the compilation sees, each level requiring the one below.</summary>
    public static RuntimeFeatures Probe(Compilation compilation)
    {
        RuntimeFeatures features = RuntimeFeatures.None;
        if (!HasType(compilation, "System.Span`1")
            || !HasType(compilation, "System.Buffers.Binary.BinaryPrimitives")
            || !HasType(compilation, "System.Buffers.ArrayPool`1")
            || !HasMember(compilation, "System.Text.Encoding", "Preamble")
            || !HasMember(compilation, "System.BitConverter", "Int32BitsToSingle")
            || !HasSpanOverload(compilation, "System.IO.BinaryReader", "Read"))
        {
            return features;
        }

        features |= RuntimeFeatures.Spans;
        if (!HasType(compilation, "System.Half")
            || !HasMember(compilation, "System.IO.BinaryReader", "Read7BitEncodedInt64")
            || !HasType(compilation, "System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessageAttribute"))
        {
            return features;
        }

        features |= RuntimeFeatures.Net5;
        if (!HasMember(compilation, "System.IO.BinaryReader", "ReadHalf"))
        {
            return features;
        }

        features |= RuntimeFeatures.Net6;
        if (!HasType(compilation, "System.Buffers.SearchValues")
            || !HasMember(compilation, "System.Runtime.Intrinsics.Vector256", "LoadUnsafe")
            || !HasMember(compilation, "System.MemoryExtensions", "Count"))
        {
            return features;
        }

        return features | RuntimeFeatures.Net8;
    }

    /// <summary>Whether the compilation can use a type of this name (its own, or a public one it references).</summary>
    public static bool HasAccessibleType(Compilation compilation, string metadataName)
    {
        INamedTypeSymbol? type = FindType(compilation, metadataName);
        return type is not null && compilation.IsSymbolAccessibleWithin(type, compilation.Assembly);
    }

    private static bool HasType(Compilation compilation, string metadataName) => FindType(compilation, metadataName) is not null;

    private static INamedTypeSymbol? FindType(Compilation compilation, string metadataName)
    {
        // GetTypeByMetadataName answers null when a polyfill defines the type beside the real one; the core library's
        // copy is the real one then.
        return compilation.GetTypeByMetadataName(metadataName)
            ?? compilation.GetSpecialType(SpecialType.System_Object).ContainingAssembly.GetTypeByMetadataName(metadataName);
    }

    private static bool HasMember(Compilation compilation, string typeName, string memberName)
    {
        INamedTypeSymbol? type = FindType(compilation, typeName);
        return type is not null && !type.GetMembers(memberName).IsEmpty;
    }

    private static bool HasSpanOverload(Compilation compilation, string typeName, string methodName)
    {
        INamedTypeSymbol? type = FindType(compilation, typeName);
        if (type is null)
            return false;
        foreach (ISymbol member in type.GetMembers(methodName))
        {
            if (member is IMethodSymbol { Parameters.Length: 1 } method
                && method.Parameters[0].Type is INamedTypeSymbol { Name: "Span", Arity: 1 })
            {
                return true;
            }
        }

        return false;
    }
}
