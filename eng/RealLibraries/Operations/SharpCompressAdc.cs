using System.IO;
using SharpCompress.Compressors.ADC;

// SharpCompress: decompress an Apple Data Compression (ADC) stream read from a file, as its ADCTest does.
public static class Operation
{
    public static byte[] Run(string input)
    {
        using (var stream = File.OpenRead(input))
        {
            int length = ADCBase.Decompress(stream, out byte[] output);
            var result = new byte[length];
            System.Array.Copy(output, result, length);
            return result;
        }
    }
}
