namespace Streamline.Analyzers;

/// <summary>Metadata names of the types and members the rules look for.</summary>
internal static class KnownNames
{
    public const string File = "System.IO.File";
    public const string Enumerable = "System.Linq.Enumerable";
    public const string LineCounter = "Streamline.Runtime.LineCounter";
    public const string RuntimeNamespace = "Streamline.Runtime";
    public const string BinaryReader = "System.IO.BinaryReader";
    public const string BinaryWriter = "System.IO.BinaryWriter";
    public const string TextReader = "System.IO.TextReader";
    public const string TextWriter = "System.IO.TextWriter";
    public const string BufferedBinaryReader = "Streamline.Runtime.BufferedBinaryReader";
    public const string Stream = "System.IO.Stream";
    public const string MemoryStream = "System.IO.MemoryStream";
    public const string UnmanagedMemoryStream = "System.IO.UnmanagedMemoryStream";
    public const string FileStream = "System.IO.FileStream";
    public const string BufferedStream = "System.IO.BufferedStream";
    public const string StreamReader = "System.IO.StreamReader";
    public const string BaseStream = "BaseStream";
    public const string Position = "Position";
    public const string FileInfo = "System.IO.FileInfo";
    public const string Directory = "System.IO.Directory";
    public const string FileSystemInfo = "System.IO.FileSystemInfo";
    public const string StreamWriter = "System.IO.StreamWriter";
    public const string Path = "System.IO.Path";
    public const string GetFullPath = "GetFullPath";
    public const string GetTempFileName = "GetTempFileName";
    public const string SeekOrigin = "System.IO.SeekOrigin";
    public const string SkipReader = "Streamline.Runtime.SkipReader";
    public const string CompressionMode = "System.IO.Compression.CompressionMode";
    public const string DeflateStream = "System.IO.Compression.DeflateStream";
    public const string GZipStream = "System.IO.Compression.GZipStream";
    public const string ZLibStream = "System.IO.Compression.ZLibStream";
    public const string BrotliStream = "System.IO.Compression.BrotliStream";
    public const string NetworkStream = "System.Net.Sockets.NetworkStream";
    public const string PipeStream = "System.IO.Pipes.PipeStream";

    public const string ReadAllLines = "ReadAllLines";
    public const string ReadLines = "ReadLines";
    public const string ReadAllLinesAsync = "ReadAllLinesAsync";
    public const string Count = "Count";
    public const string LongCount = "LongCount";
    public const string Length = "Length";
    public const string LongLength = "LongLength";
    public const string ConfigureAwait = "ConfigureAwait";

    public const string Index = "System.Index";
    public const string SpanOfT = "System.Span`1";
    public const string ReadOnlySpanOfT = "System.ReadOnlySpan`1";
    public const string MemoryOfT = "System.Memory`1";
    public const string ReadOnlyMemoryOfT = "System.ReadOnlyMemory`1";
    public const string Slice = "Slice";
    public const string Substring = "Substring";
    public const string MemoryExtensions = "System.MemoryExtensions";
    public const string Span = "System.Span`1";
    public const string ReadOnlySpan = "System.ReadOnlySpan`1";
    public const string SearchValuesOfT = "System.Buffers.SearchValues`1";
    public const string SearchValues = "System.Buffers.SearchValues";
    public const string CharSearchSet = "Streamline.Runtime.CharSearchSet";
    public const string ByteSearchSet = "Streamline.Runtime.ByteSearchSet";
    public const string IndexOfAny = "IndexOfAny";
    public const string LastIndexOfAny = "LastIndexOfAny";
    public const string IndexOfAnyExcept = "IndexOfAnyExcept";
    public const string LastIndexOfAnyExcept = "LastIndexOfAnyExcept";
    public const string ContainsAny = "ContainsAny";
    public const string ContainsAnyExcept = "ContainsAnyExcept";
    public const string ToCharArray = "ToCharArray";
    public const string AsSpan = "AsSpan";
    public const string Create = "Create";
    public const string TargetFrameworksProperty = "build_property.StreamlineTargetFrameworks";
}
