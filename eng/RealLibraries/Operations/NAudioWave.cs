using System.IO;
using NAudio.Wave;

// NAudio: open a WAV file (`WaveFileReader`, whose chunk reader walks the RIFF chunks) and read all of its sample data;
// the output is the format's text and the samples' bytes.
public static class Operation
{
    public static byte[] Run(string input)
    {
        using (var reader = new WaveFileReader(input))
        using (var output = new MemoryStream())
        {
            var format = System.Text.Encoding.UTF8.GetBytes(reader.WaveFormat.ToString());
            output.Write(format, 0, format.Length);
            var buffer = new byte[4096];
            int read;
            while ((read = reader.Read(buffer, 0, buffer.Length)) > 0)
                output.Write(buffer, 0, read);
            return output.ToArray();
        }
    }
}
