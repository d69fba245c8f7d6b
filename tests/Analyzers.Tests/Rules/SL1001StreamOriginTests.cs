using System.Threading.Tasks;
using Streamline.Analyzers.Tests.Verifiers;
using Verify = Streamline.Analyzers.Tests.Verifiers.CSharpCodeFixVerifier<
    Streamline.Analyzers.Rules.SL1001SeekInsteadOfPositionAdvanceAnalyzer,
    Streamline.CodeFixes.Rules.SL1001SeekInsteadOfPositionAdvanceCodeFix>;

namespace Streamline.Analyzers.Tests.Rules;

/// <summary>
/// SL1001 over streams the method does not create: quiet where every origin is in memory, reported where one is a file
/// (the shared origin facts of SL1002 and SL1006), and quiet in loops the format keeps to a few passes.
/// </summary>
[Trait("Rule", "SL1001")]
public class SL1001StreamOriginTests
{
    private const string Skipper = """
        using System.IO;

        public static class Records
        {
            public static int Count(byte[] data) => Count(new MemoryStream(data));

            private static int Count(Stream input)
            {
                var header = new byte[4];
                int count = 0;
                while (input.Read(header, 0, 4) == 4)
                {
                    ADVANCE;
                    count++;
                }

                return count;
            }
        """;

    [Fact]
    public Task Quiet_PrivateMethodOnlyCalledOverAMemoryStream()
        => Verify.VerifyAnalyzerAsync(Skipper.Replace("ADVANCE", "input.Position += header[0]") + "}\n", TestTarget.Net472);

    [Fact]
    public Task Reported_PrivateMethodAlsoCalledOverAFile()
        => Verify.VerifyAnalyzerAsync(Skipper.Replace("ADVANCE", "{|SL1101:input.Position += header[0]|}") + """

                public static int CountFile(string path)
                {
                    using var file = File.OpenRead(path);
                    return Count(file);
                }
            }
            """, TestTarget.Net472);

    [Fact]
    public Task Quiet_InAVarIntLoop()
        => Verify.VerifyAnalyzerAsync("""
            using System.IO;

            public static class VarInts
            {
                public static int SkipVarInt(Stream input)
                {
                    int b;
                    do
                    {
                        b = input.ReadByte();
                        input.Position += 1;
                    }
                    while ((b & 0x80) != 0);
                    return b;
                }
            }
            """, TestTarget.Net472);
}
