using System;

namespace Streamline.Analyzers.Flow;

/// <summary>
/// Where the bytes behind a stream or a BinaryReader come from, as far as the compilation can tell. A value may have
/// several origins (a method called from two places); they are combined as flags.
/// </summary>
[Flags]
internal enum StreamOrigin
{
    /// <summary>No origin known yet (a <c>null</c>, or a method that hands the value around in a cycle).</summary>
    None = 0,

    /// <summary>MemoryStream, UnmanagedMemoryStream (a memory-mapped view stream is one), a stream over a byte array or
    /// <c>Memory&lt;byte&gt;</c>: reads are array accesses.</summary>
    InMemory = 1,

    /// <summary>A FileStream, <c>File.OpenRead</c> and kin, or a BufferedStream over one.</summary>
    File = 2,

    /// <summary>GZipStream, DeflateStream, BrotliStream, ZLibStream, or a stream type whose name says it decompresses.</summary>
    Decompressor = 4,

    /// <summary>A stream of another type the compilation can see (a network stream, a stream class of the project).</summary>
    OtherStream = 8,

    /// <summary>
    /// Something the compilation cannot see: a parameter of a method callable from outside it (a public API), a method
    /// taken as a delegate, a virtual method, a stream a library call returns, a field written from outside.
    /// </summary>
    Unseen = 16,

    /// <summary>Only while the method is being analyzed: the answer needs the whole compilation (call sites, field
    /// writes), so it is given at compilation end.</summary>
    Deferred = 32,
}

internal static class StreamOrigins
{
    /// <summary>The custom tag of descriptors reported at compilation end (Roslyn's <c>WellKnownDiagnosticTags.CompilationEnd</c>,
    /// absent from the Roslyn 3.6 the analyzers build against).</summary>
    public const string CompilationEndTag = "CompilationEnd";

    /// <summary>Origins over which a BinaryReader or a Position move costs more than an array access.</summary>
    public const StreamOrigin NotInMemory = StreamOrigin.File | StreamOrigin.Decompressor | StreamOrigin.OtherStream | StreamOrigin.Unseen;

    /// <summary>Whether <paramref name="origin"/> names a stream not in memory (whatever else is deferred).</summary>
    public static bool AnyNotInMemory(StreamOrigin origin) => (origin & NotInMemory) != 0;

    /// <summary>The words the messages put in for the origin: the one that matters most, when there are several.</summary>
    public static string Describe(StreamOrigin origin)
    {
        if ((origin & StreamOrigin.File) != 0)
            return "a file";
        if ((origin & StreamOrigin.Decompressor) != 0)
            return "a decompressing stream";
        if ((origin & StreamOrigin.OtherStream) != 0)
            return "a stream that is not in memory";
        return "a stream from a caller this compilation cannot see";
    }
}
