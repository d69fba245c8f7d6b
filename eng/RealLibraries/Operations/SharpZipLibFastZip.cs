using System;
using System.IO;
using System.Linq;
using System.Text;
using ICSharpCode.SharpZipLib.Zip;

// SharpZipLib: extract a zip archive to a folder with FastZip (each entry's name goes through WindowsNameTransform's
// MakeValidName); the output is every extracted file's relative path and bytes, in path order.
public static class Operation
{
    public static byte[] Run(string input)
    {
        string target = Path.Combine(Path.GetTempPath(), "real-libraries-" + Guid.NewGuid().ToString("N"));
        try
        {
            new FastZip().ExtractZip(input, target, null);
            using (var output = new MemoryStream())
            {
                foreach (string file in Directory.GetFiles(target, "*", SearchOption.AllDirectories).OrderBy(f => f, StringComparer.Ordinal))
                {
                    byte[] name = Encoding.UTF8.GetBytes(file.Substring(target.Length).Replace('\\', '/') + "\n");
                    output.Write(name, 0, name.Length);
                    byte[] bytes = File.ReadAllBytes(file);
                    output.Write(bytes, 0, bytes.Length);
                }

                return output.ToArray();
            }
        }
        finally
        {
            Directory.Delete(target, true);
        }
    }
}
