using System.IO;

namespace Smoke
{
    public static class Checksum
    {
        public static uint Of(string path)
        {
            using (var stream = File.OpenRead(path))
            {
                uint sum = 17;
                while (stream.Position < stream.Length)
                {
                    sum = sum * 31 + (uint)stream.ReadByte();
                }

                return sum;
            }
        }
    }
}
