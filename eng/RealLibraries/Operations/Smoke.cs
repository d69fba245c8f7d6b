using System;

// The smoke test's library (eng/RealLibraries/Smoke): a checksum of the input file, read a byte at a time.
public static class Operation
{
    public static byte[] Run(string input)
    {
        return BitConverter.GetBytes(Smoke.Checksum.Of(input));
    }
}
