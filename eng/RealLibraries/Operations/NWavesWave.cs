using System;
using System.IO;
using NWaves.Audio;

// NWaves: load a PCM WAV file from a FileStream (`new WaveFile(stream)`, whose ReadWaveStream reads every sample with
// one BinaryReader.ReadInt16 and searches for the "fmt " and "data" ids with the stream's Length in the loop
// condition); the output is the sampling rate and channel count, then every channel's samples as 32-bit floats.
public static class Operation
{
    public static byte[] Run(string input)
    {
        WaveFile wave;
        using (var stream = File.OpenRead(input))
            wave = new WaveFile(stream);

        int total = 0;
        foreach (var signal in wave.Signals)
            total += signal.Samples.Length;
        var output = new byte[8 + 4 * total];
        BitConverter.GetBytes(wave.WaveFmt.SamplingRate).CopyTo(output, 0);
        BitConverter.GetBytes((int)wave.WaveFmt.ChannelCount).CopyTo(output, 4);
        int offset = 8;
        foreach (var signal in wave.Signals)
        {
            Buffer.BlockCopy(signal.Samples, 0, output, offset, 4 * signal.Samples.Length);
            offset += 4 * signal.Samples.Length;
        }

        return output;
    }
}
