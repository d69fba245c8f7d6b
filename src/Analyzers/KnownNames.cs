namespace Streamline.Analyzers;

/// <summary>Metadata names of the types and members the rules look for.</summary>
internal static class KnownNames
{
    public const string File = "System.IO.File";
    public const string Enumerable = "System.Linq.Enumerable";
    public const string LineCounter = "Streamline.Runtime.LineCounter";
    public const string RuntimeNamespace = "Streamline.Runtime";
    public const string BinaryReader = "System.IO.BinaryReader";
    public const string BufferedBinaryReader = "Streamline.Runtime.BufferedBinaryReader";
    public const string Stream = "System.IO.Stream";
    public const string MemoryStream = "System.IO.MemoryStream";
    public const string UnmanagedMemoryStream = "System.IO.UnmanagedMemoryStream";
    public const string BufferedStream = "System.IO.BufferedStream";
    public const string FileStream = "System.IO.FileStream";
    public const string FileInfo = "System.IO.FileInfo";
    public const string SeekOrigin = "System.IO.SeekOrigin";
    public const string SkipReader = "Streamline.Runtime.SkipReader";

    public const string ReadAllLines = "ReadAllLines";
    public const string ReadLines = "ReadLines";
    public const string ReadAllLinesAsync = "ReadAllLinesAsync";
    public const string Count = "Count";
    public const string LongCount = "LongCount";
    public const string Length = "Length";
    public const string LongLength = "LongLength";
    public const string ConfigureAwait = "ConfigureAwait";
}
