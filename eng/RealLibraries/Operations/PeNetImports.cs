using System.IO;
using System.Text;
using PeNet;

// PeNet: parse a PE file from a FileStream (`new PeFile(stream)`, whose StreamFile reads each name as a C string a byte
// at a time) and list its imports, delay imports and exports; the output is one "dll!name" or name per line.
public static class Operation
{
    public static byte[] Run(string input)
    {
        var text = new StringBuilder();
        using (var stream = File.OpenRead(input))
        {
            var pe = new PeFile(stream);
            foreach (var import in pe.ImportedFunctions ?? new PeNet.Header.Pe.ImportFunction[0])
                text.Append(import.DLL).Append('!').Append(import.Name).Append('\n');
            foreach (var import in pe.DelayImportedFunctions ?? new PeNet.Header.Pe.ImportFunction[0])
                text.Append("delay ").Append(import.DLL).Append('!').Append(import.Name).Append('\n');
            foreach (var export in pe.ExportedFunctions ?? new PeNet.Header.Pe.ExportFunction[0])
                text.Append("export ").Append(export.Name).Append('\n');
        }

        return Encoding.UTF8.GetBytes(text.ToString());
    }
}
