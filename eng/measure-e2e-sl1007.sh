#!/usr/bin/env bash
# The issue-22 loop, end to end as a user gets it: pack Streamline, make a console project whose Decode runs a
# decompressor-style loop (varint-coded deltas read a byte at a time with ReadByte) over a Stream subclass that
# overrides Read(byte[], int, int) but not ReadByte, over File.OpenRead; and whose DecodeRecords runs the same loop
# for a number of records over a caller's stream (the same stream type over a file, which the caller goes on reading
# from where each call stopped); keep a copy as the original, apply SL1007's two fixes with
#   dotnet format analyzers --diagnostics SL1007 SL1107 --severity info
# and run the original and the fixed program on the same file (.NET 10; the net48 build under Mono when `mono` is on
# the PATH). Prints both results, the time per Decode and the ratio; fails if a fix was not applied or the results
# differ (times are printed, never asserted: eng/test.sh runs it on 1 MB as an end-to-end behaviour check).
#   eng/measure-e2e-sl1007.sh [megabytes=4] [runs=3]
# The file is random bytes, so about half of the bytes carry a continuation bit (a branch the CPU cannot predict);
# E2E_DATA=deltas writes instead what an encoder would: the LEB128 encoding of deltas that are mostly small (90% take
# one byte, 9% two, 1% three), as the offsets and lengths of an archive's index are.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
megabytes=${1:-4}
runs=${2:-3}
# shellcheck source=eng/e2e-common.sh
source "$root/eng/e2e-common.sh"
e2e_setup
if [ "${E2E_DATA:-random}" = deltas ]; then
  e2e_make_data() { # file
    python3 - "$1" "$megabytes" <<'PY'
import random, sys
path, size = sys.argv[1], int(sys.argv[2]) * 1024 * 1024
rng = random.Random(1007)
out = bytearray()
while len(out) < size:
    r = rng.random()
    value = rng.randrange(128) if r < 0.90 else rng.randrange(128, 16384) if r < 0.99 else rng.randrange(16384, 1 << 21)
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            break
open(path, 'wb').write(bytes(out))
PY
  }
fi
cat > "$work/original/Program.cs" <<'CS'
using System;
using System.Diagnostics;
using System.IO;

/// <summary>A stream a decompressor wraps its input in: it overrides only what it must, so ReadByte is Stream's. It
/// seeks where its input does.</summary>
public sealed class ChunkStream : Stream
{
    private readonly Stream _inner;
    public ChunkStream(Stream inner) { _inner = inner; }
    public override bool CanRead => true;
    public override bool CanSeek => _inner.CanSeek;
    public override bool CanWrite => false;
    public override long Length => _inner.Length;
    public override long Position { get => _inner.Position; set => _inner.Position = value; }
    public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
    public override void Flush() { }
    public override long Seek(long offset, SeekOrigin origin) => _inner.Seek(offset, origin);
    public override void SetLength(long value) { throw new NotSupportedException(); }
    public override void Write(byte[] buffer, int offset, int count) { throw new NotSupportedException(); }
    protected override void Dispose(bool disposing) { if (disposing) _inner.Dispose(); base.Dispose(disposing); }
}

public static class Program
{
    // The same decoding, for at most `records` values of the caller's stream: a decoder's public API that a caller
    // calls again and again, reading on from where each call stopped.
    public static long DecodeRecords(ChunkStream input, int records)
    {
        if (input == null)
            throw new ArgumentNullException(nameof(input));
        long checksum = 0;
        long value = 0;
        for (int i = 0; i < records; i++)
        {
            int b = input.ReadByte();
            if (b == -1)
                break;
            long delta = b & 0x7F;
            int shift = 7;
            while ((b & 0x80) != 0 && shift < 63)
            {
                b = input.ReadByte();
                if (b < 0)
                    break;
                delta |= (long)(b & 0x7F) << shift;
                shift += 7;
            }

            value += delta;
            checksum = checksum * 31 + value;
        }

        return checksum;
    }

    // The caller: 4,096 records a call until the stream ends, folding in where each call left the stream.
    public static long DecodeAll(string path)
    {
        using (var input = new ChunkStream(File.OpenRead(path)))
        {
            long result = 0;
            long length = input.Length;
            while (input.Position < length)
                result = result * 31 + DecodeRecords(input, 4096) + input.Position;
            return result;
        }
    }

    // Varint-coded deltas (LEB128, as protobuf and BinaryReader.Write7BitEncodedInt write them), the shape of the
    // header and length fields of LZ and archive formats. Returns a checksum of the decoded values and their count.
    public static long Decode(string path)
    {
        using (var input = new ChunkStream(File.OpenRead(path)))
        {
            long checksum = 0;
            long count = 0;
            long value = 0;
            int b;
            while ((b = input.ReadByte()) != -1)
            {
                long delta = b & 0x7F;
                int shift = 7;
                while ((b & 0x80) != 0 && shift < 63)
                {
                    b = input.ReadByte();
                    if (b < 0)
                        break;
                    delta |= (long)(b & 0x7F) << shift;
                    shift += 7;
                }

                value += delta;
                checksum = checksum * 31 + value;
                count++;
            }

            return checksum ^ count;
        }
    }

    public static void Main(string[] args)
    {
        int runs = int.Parse(args[1]);
        Func<string, long> decode = args.Length > 2 && args[2] == "caller" ? DecodeAll : Decode;
        long result = decode(args[0]);
        var watch = Stopwatch.StartNew();
        for (int i = 0; i < runs; i++)
            result = decode(args[0]);
        Console.WriteLine("result=" + result + " ms=" + (watch.Elapsed.TotalMilliseconds / runs).ToString("F1", System.Globalization.CultureInfo.InvariantCulture));
    }
}
CS
cp -r "$work/original" "$work/fixed"

echo "== restore, and apply SL1007's fix with dotnet format analyzers --diagnostics SL1007 SL1107 --severity info"
for side in original fixed; do
  dotnet restore "$work/$side" --packages "$work/packages" --nologo -v quiet
done
dotnet format analyzers "$work/fixed" --diagnostics SL1007 SL1107 --severity info --no-restore || true
echo "-- the fixed Decode:"
sed -n '/public static long Decode/,/^    }/p' "$work/fixed/Program.cs"
sed -n '/public static long DecodeRecords/,/^    }/p' "$work/fixed/Program.cs"
grep -q "using (var input = new BufferedStream(new ChunkStream(File.OpenRead(path))))" "$work/fixed/Program.cs" || { echo "FAIL: SL1007's fix was not applied"; exit 1; }
grep -q "using (var inputReader = new SkipReader(input, leaveOpen: true))" "$work/fixed/Program.cs" || { echo "FAIL: SL1007's fix for the caller's stream was not applied"; exit 1; }
# Decode's stream is now the buffer (its reads are input.ReadByte() on it); DecodeRecords reads through its reader.
if sed -n '/public static long DecodeRecords/,/^    }/p' "$work/fixed/Program.cs" | grep -q "input.ReadByte()"; then echo "FAIL: a read of the caller's stream was left unbuffered"; exit 1; fi

echo "== Decode: a stream the method opens (BufferedStream)"
e2e_build_and_measure
echo "== DecodeRecords: the caller's stream, 4,096 records a call (SkipReader)"
E2E_ARGS=caller e2e_measure_all
