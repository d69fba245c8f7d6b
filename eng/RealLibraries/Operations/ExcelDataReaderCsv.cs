using System.IO;
using System.Text;
using ExcelDataReader;

// ExcelDataReader: read every row of a CSV file (`ExcelReaderFactory.CreateCsvReader`, which first analyzes the whole
// file for its separator and field count); the output is every cell, tab-separated, a line per row.
// On .NET (not .NET Framework) ExcelDataReader needs the code-page encodings registered, as its README says.
public static class Operation
{
    public static byte[] Run(string input)
    {
#if NET
        Encoding.RegisterProvider(CodePagesEncodingProvider.Instance);
#endif
        var text = new StringBuilder();
        using (var stream = File.OpenRead(input))
        using (var reader = ExcelReaderFactory.CreateCsvReader(stream))
        {
            while (reader.Read())
            {
                for (int i = 0; i < reader.FieldCount; i++)
                {
                    if (i > 0)
                        text.Append('\t');
                    text.Append(reader.GetValue(i));
                }

                text.Append('\n');
            }
        }

        return Encoding.UTF8.GetBytes(text.ToString());
    }
}
