using System.Threading.Tasks;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1002BufferSmallBinaryReadsAnalyzer,
    Streamline.CodeFixes.Rules.SL1002BufferSmallBinaryReadsCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// SL1002 over readers the method does not create: quiet where every origin the compilation shows is in memory,
/// reported where one is a file, a decompressor or a caller outside the compilation (see docs/rules/SL1002.md).
/// </summary>
[Trait("Rule", "SL1002")]
public class SL1002StreamOriginTests
{
    private const string Decompressor = """
        using System.IO;

        public static class Lz
        {
            public static byte[] Decompress(byte[] data, int size) => Decompress(new MemoryStream(data), size);

            internal static byte[] Decompress(Stream input, int size)
            {
                var output = new byte[size];
                var reader = new BinaryReader(input);
                for (int i = 0; i + 1 < size; i += 2)
                {
                    ushort value = reader.ReadUInt16();
                    output[i] = (byte)value;
                    output[i + 1] = (byte)(value >> 8);
                }

                return output;
            }
        """;

    [Fact]
    public Task Quiet_InternalOverloadOnlyTheByteArrayWrapperCalls()
        => Verify.VerifyAnalyzerAsync(Decompressor + "\n}\n");

    [Fact]
    public Task Reported_InternalOverloadAlsoCalledOverAFile()
        => Verify.VerifyAnalyzerAsync(Decompressor.Replace("var reader = new BinaryReader(input);", "var reader = {|SL1102:new BinaryReader(input)|};") + """

                public static byte[] DecompressFile(string path, int size) => Decompress(File.OpenRead(path), size);
            }
            """);

    [Fact]
    public Task Reported_PublicOverloadTakingAStream_ItsCallersAreNotInTheCompilation()
        => Verify.VerifyAnalyzerAsync(Decompressor
            .Replace("internal static byte[] Decompress(Stream", "public static byte[] Decompress(Stream")
            .Replace("var reader = new BinaryReader(input);", "var reader = {|SL1102:new BinaryReader(input)|};") + "\n}\n");

    [Fact]
    public Task Reported_InternalOverloadCalledOverADecompressor()
        => Verify.VerifyAnalyzerAsync(Decompressor.Replace("var reader = new BinaryReader(input);", "var reader = {|SL1102:new BinaryReader(input)|};") + """

                public static byte[] DecompressGZip(byte[] data, int size)
                    => Decompress(new System.IO.Compression.GZipStream(new MemoryStream(data), System.IO.Compression.CompressionMode.Decompress), size);
            }
            """);

    private const string MappedManifest = """
        using System.IO;
        using System.IO.MemoryMappedFiles;

        static class Mapped
        {
            public static Stream AsStream(this MemoryMappedViewAccessor view)
                => new UnmanagedMemoryStream(view.SafeMemoryMappedViewHandle, 0, (long)view.SafeMemoryMappedViewHandle.ByteLength);
        }

        public class Manifest
        {
            public static int[] Load(string path)
            {
                using var file = MemoryMappedFile.CreateFromFile(path);
                using var view = file.CreateViewAccessor();
                using var stream = file.CreateViewStream();
                int[] first = ReadEntries(new BinaryReader(view.AsStream()));
                int[] second = ReadEntries(new BinaryReader(stream));
                return first.Length > 0 ? first : second;
            }

            private static int[] ReadEntries(BinaryReader reader)
            {
                var entries = new int[reader.ReadInt32()];
                for (int i = 0; i < entries.Length; i++)
                    entries[i] = READ;
                return entries;
            }
        }
        """;

    [Fact]
    public Task Quiet_ReaderOverAMemoryMappedViewAsStreamAndAViewStream()
        => Verify.VerifyAnalyzerAsync(MappedManifest.Replace("READ", "reader.ReadInt32()"));

    [Fact]
    public Task Reported_TheSameReaderAlsoCalledOverAFile()
        => Verify.VerifyAnalyzerAsync(MappedManifest
            .Replace("READ", "{|SL1102:reader.ReadInt32()|}")
            .Replace("return first.Length > 0 ? first : second;", "return first.Length > 0 ? first : ReadEntries(new BinaryReader(File.OpenRead(path + \".bak\")));"));

    private const string ExtensionHelper = """
        using System.IO;

        static class ReaderExtensions
        {
            public static int[] ReadInt32Array(this BinaryReader reader)
            {
                var values = new int[reader.ReadInt32()];
                for (int i = 0; i < values.Length; i++)
                    values[i] = READ;
                return values;
            }
        }

        class Packets
        {
            int[] Values(byte[] packet) => new BinaryReader(new MemoryStream(packet)).ReadInt32Array();

            int[] Second(byte[] resource)
            {
                var reader = new BinaryReader(new MemoryStream(resource, 4, resource.Length - 4));
                reader.ReadInt32Array();
                return reader.ReadInt32Array();
            }
        }
        """;

    [Fact]
    public Task Quiet_ExtensionHelperWhoseEveryCallerReadsAMemoryStream()
        => Verify.VerifyAnalyzerAsync(ExtensionHelper.Replace("READ", "reader.ReadByte()"));

    [Fact]
    public Task Reported_ExtensionHelperOneOfWhoseCallersReadsAFile()
        => Verify.VerifyAnalyzerAsync(ExtensionHelper.Replace("READ", "{|SL1102:reader.ReadByte()|}") + """

            class Files
            {
                int[] Table(string path)
                {
                    using var reader = new BinaryReader(File.OpenRead(path));
                    return reader.ReadInt32Array();
                }
            }
            """);

    private const string ReaderSubclass = """
        using System.IO;

        class EndianReader : BinaryReader
        {
            public EndianReader(byte[] data) : base(new MemoryStream(data)) { }

            public int[] ReadTable() => Tables.Read(this);
        }

        static class Tables
        {
            internal static int[] Read(BinaryReader reader)
            {
                var table = new int[reader.ReadUInt16()];
                for (int i = 0; i < table.Length; i++)
                    table[i] = READ;
                return table;
            }
        }

        class Asset
        {
            int[] Load(byte[] data) => new EndianReader(data).ReadTable();
        }
        """;

    [Fact]
    public Task Quiet_ReaderSubclassOverInMemoryData()
        => Verify.VerifyAnalyzerAsync(ReaderSubclass.Replace("READ", "reader.ReadInt32()"));

    [Fact]
    public Task Reported_ReaderSubclassThatCanAlsoReadAFile()
        => Verify.VerifyAnalyzerAsync(ReaderSubclass
            .Replace("READ", "{|SL1102:reader.ReadInt32()|}")
            .Replace("public EndianReader(byte[] data)", "public EndianReader(Stream stream) : base(stream) { }\n\n    public EndianReader(byte[] data)")
            .Replace("int[] Load(byte[] data) => new EndianReader(data).ReadTable();", "int[] Load(byte[] data) => new EndianReader(data).ReadTable();\n\n    int[] Open(string path) => new EndianReader(new FileStream(path, FileMode.Open)).ReadTable();"));

    [Fact]
    public Task Quiet_ReaderFieldOnlyEverOverMemory()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class Resource
            {
                private readonly BinaryReader _reader;

                public Resource(byte[] data) => _reader = new BinaryReader(new MemoryStream(data));

                public long Sum(int count)
                {
                    BinaryReader reader = _reader;
                    long sum = 0;
                    for (int i = 0; i < count; i++)
                        sum += reader.ReadInt32();
                    return sum;
                }
            }
            """);

    [Fact]
    public Task Reported_ReaderFieldOverAFile()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            class Resource
            {
                private readonly BinaryReader _reader;

                public Resource(string path) => _reader = new BinaryReader(File.OpenRead(path));

                public long Sum(int count)
                {
                    BinaryReader reader = _reader;
                    long sum = 0;
                    for (int i = 0; i < count; i++)
                        sum += {|SL1102:reader.ReadInt32()|};
                    return sum;
                }
            }
            """);

    private const string MidiTrack = """
        using System.Collections.Generic;
        using System.IO;

        public class MidiFile
        {
            public static List<int> Load(string path)
            {
                using var reader = new BinaryReader(File.OpenRead(path));
                reader.ReadBytes(4);
                int length = reader.ReadInt32();
                return ReadTrack(reader, length);
            }

            private static List<int> ReadTrack(BinaryReader reader, int length)
            {
                var events = new List<int>();
                long end = reader.BaseStream.Position + length;
                byte status = 0;
                while (reader.BaseStream.Position < end)
                {
                    int delta = ReadVarInt(reader);
                    byte first = FIRST;
                    if ((first & 0x80) != 0)
                        status = first;
                    else
                        reader.BaseStream.Position--; // running status: the byte was data
                    switch (status & 0xF0)
                    {
                        case 0xC0:
                        case 0xD0:
                            events.Add(delta << 8 | reader.ReadByte());
                            break;
                        case 0xF0:
                            int size = ReadVarInt(reader);
                            reader.BaseStream.Seek(size, SeekOrigin.Current);
                            break;
                        default:
                            events.Add(delta << 16 | reader.ReadByte() << 8 | reader.ReadByte());
                            break;
                    }
                }

                return events;
            }

            private static int ReadVarInt(BinaryReader reader)
            {
                int value = 0;
                byte b;
                do
                {
                    b = reader.ReadByte();
                    value = value << 7 | b & 0x7F;
                }
                while ((b & 0x80) != 0);
                return value;
            }
        }
        """;

    /// <summary>The MIDI track's event loop: a ReadByte and a variable-length int per event over a file the caller opened.
    /// The varint's loop stops at the first byte without its top bit: a few passes by the format, not worth a warning.</summary>
    [Fact]
    public Task Reported_MidiEventLoopOverAFile_NotTheVarIntLoop()
        => Verify.VerifyAnalyzerAsync(MidiTrack.Replace("FIRST", "{|SL1102:reader.ReadByte()|}"));

    [Fact]
    public Task Quiet_MidiEventLoopOverAResourceInMemory()
        => Verify.VerifyAnalyzerAsync(MidiTrack
            .Replace("FIRST", "reader.ReadByte()")
            .Replace("public static List<int> Load(string path)", "public static List<int> Load(byte[] data)")
            .Replace("new BinaryReader(File.OpenRead(path))", "new BinaryReader(new MemoryStream(data))"));

    private const string FewByFormat = """
        using System.Collections.Generic;
        using System.IO;

        class Header
        {
            long Read(string path)
            {
                using var reader = new BinaryReader(File.OpenRead(path));
                long sum = 0;

                int value = 0, shift = 0;
                byte b;
                do
                {
                    b = reader.ReadByte();
                    value |= (b & 0x7F) << shift;
                    shift += 7;
                }
                while ((b & 0x80) != 0);

                while (true)
                {
                    int next = reader.ReadByte();
                    sum += next & 0x7F;
                    if ((next & 0x80) == 0)
                        break;
                }

                int nameLength = 0;
                while (nameLength < 32767)
                {
                    var n = reader.ReadByte();
                    if (n == 0)
                        break;
                    nameLength++;
                }

                var version = new List<byte>();
                byte c;
                while ((c = reader.ReadByte()) != 0)
                    version.Add(c);

                COUNT count = reader.READCOUNT();
                for (int i = 0; i < count; i++)
                    sum += reader.ReadInt32();

                return sum + value + version.Count + nameLength;
            }
        }
        """;

    [Fact]
    public Task Quiet_FewPassesByFormat()
        => Verify.VerifyAnalyzerAsync(FewByFormat.Replace("READCOUNT", "ReadByte").Replace("COUNT", "byte"));

    [Fact]
    public Task Reported_ACountTheFormatStoresInTwoBytes()
        => Verify.VerifyAnalyzerAsync(FewByFormat
            .Replace("READCOUNT", "ReadUInt16").Replace("COUNT", "ushort")
            .Replace("using var reader = new BinaryReader(File.OpenRead(path));", "using var reader = {|SL1102:new BinaryReader(File.OpenRead(path))|};"));
}
