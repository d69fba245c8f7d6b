#!/usr/bin/env bash
# Issue 32's console program, end to end as a user gets it: Main makes a BinaryReader over File.OpenRead and hands it to
# three helpers that read it in loops (a record parser, a string table, a varint loop). SL1002 reports the helpers'
# reads; their fix rewrites the one construction in Main. Packs Streamline, keeps a copy of the project as the
# original, runs README's one command
#   dotnet format analyzers --diagnostics SL1001 ... SL1107 --severity info
# and runs the original and the fixed program on the same file (.NET 10; the net48 build under Mono when `mono` is on
# the PATH). Prints both results, the time per run and the ratio; fails if the construction was not rewritten, if a
# helper was touched, or if the results differ (times are printed, never asserted: eng/test.sh runs it on 1 MB).
#   eng/measure-e2e-sl1002.sh [megabytes=16]
# Each program reads the file once per process (its time includes the JIT's first calls, the same on both sides).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
megabytes=${1:-16}
runs=1 # one pass per process: see Main
E2E_RUN_NOTE="one pass per process"
# shellcheck source=eng/e2e-common.sh
source "$root/eng/e2e-common.sh"
e2e_setup
cat > "$work/original/Program.cs" <<'CS'
using System;
using System.Diagnostics;
using System.IO;

public static class Program
{
    // count, then count records of (id: int, kind: ushort, weight: double)
    static long ParseRecords(BinaryReader reader)
    {
        int count = reader.ReadInt32();
        long sum = 0;
        for (int i = 0; i < count; i++)
        {
            int id = reader.ReadInt32();
            ushort kind = reader.ReadUInt16();
            double weight = reader.ReadDouble();
            sum = sum * 31 + (id ^ kind) + (long)weight;
        }

        return sum;
    }

    // count, then count length-prefixed UTF-8 strings (BinaryWriter.Write(string)'s format)
    static long ReadStringTable(BinaryReader reader)
    {
        int count = reader.ReadInt32();
        long hash = 0;
        for (int i = 0; i < count; i++)
        {
            string name = reader.ReadString();
            hash = hash * 31 + name.Length;
            if (name.Length > 0)
                hash += name[name.Length - 1];
        }

        return hash;
    }

    // count, then count LEB128 varints
    static long ReadVarints(BinaryReader reader)
    {
        int count = reader.ReadInt32();
        long sum = 0;
        for (int i = 0; i < count; i++)
            sum = sum * 31 + ReadVarint(reader);
        return sum;
    }

    static long ReadVarint(BinaryReader reader)
    {
        long value = 0;
        int shift = 0;
        byte b;
        do
        {
            b = reader.ReadByte();
            value |= (long)(b & 0x7F) << shift;
            shift += 7;
        }
        while ((b & 0x80) != 0 && shift < 63);
        return value;
    }

    // One pass over the file per process: a loop around the reader here would let SL1002 fix the construction as a
    // reader read in a loop, and this program is about the fix that follows the reader into the helpers.
    public static void Main(string[] args)
    {
        var watch = Stopwatch.StartNew();
        var split = new double[3];
        long result;
        using (var reader = new BinaryReader(File.OpenRead(args[0])))
        {
            long records = ParseRecords(reader);
            split[0] = watch.Elapsed.TotalMilliseconds;
            long strings = ReadStringTable(reader);
            split[1] = watch.Elapsed.TotalMilliseconds;
            long varints = ReadVarints(reader);
            split[2] = watch.Elapsed.TotalMilliseconds;
            result = records ^ (strings << 1) ^ (varints << 2);
        }

        double total = watch.Elapsed.TotalMilliseconds;
        Console.WriteLine("result=" + result + " records=" + Ms(split[0]) + " strings=" + Ms(split[1] - split[0])
            + " varints=" + Ms(split[2] - split[1]) + " ms=" + Ms(total));
    }

    static string Ms(double ms) => ms.ToString("F1", System.Globalization.CultureInfo.InvariantCulture);
}
CS
cp -r "$work/original" "$work/fixed"

# A third of the file each: records (14 bytes), strings (a 1-byte length and 3 to 40 ASCII or 2-byte UTF-8 characters),
# varints (1 to 5 bytes). Seeded, so every run reads the same file.
e2e_make_data() {
  python3 - "$1" "$megabytes" <<'PY'
import random, struct, sys
path, megabytes = sys.argv[1], int(sys.argv[2])
part = megabytes * 1024 * 1024 // 3
rng = random.Random(32)
out = bytearray()
n = part // 14
out += struct.pack('<i', n)
for _ in range(n):
    out += struct.pack('<iHd', rng.randrange(-2**31, 2**31), rng.randrange(65536), rng.uniform(-1e6, 1e6))
strings = []
size = 0
while size < part:
    text = ''.join(rng.choice('abcdefghij_é') for _ in range(rng.randrange(3, 41))).encode('utf-8')
    strings.append(bytes([len(text)]) + text)
    size += len(text) + 1
out += struct.pack('<i', len(strings)) + b''.join(strings)
varints = []
size = 0
while size < part:
    value = rng.randrange(1 << rng.choice((7, 14, 21, 28, 35)))
    encoded = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        encoded.append(low | (0x80 if value else 0))
        if not value:
            break
    varints.append(bytes(encoded))
    size += len(encoded)
out += struct.pack('<i', len(varints)) + b''.join(varints)
open(path, 'wb').write(out)
PY
}

echo "== restore, and apply the fixes with README's command"
for side in original fixed; do
  dotnet restore "$work/$side" --packages "$work/packages" --nologo -v quiet
done
command=$(grep -m1 '^dotnet format analyzers --diagnostics' "$root/README.md")
echo "$command"
# shellcheck disable=SC2086 # the command's words, as README gives them
(cd "$work/fixed" && ${command} --no-restore) || true
echo "-- what the fix changed:"
diff "$work/original/Program.cs" "$work/fixed/Program.cs" || true
grep -q "using (var reader = new BufferedBinaryReader(File.OpenRead(args\[0\])))" "$work/fixed/Program.cs" || { echo "FAIL: the construction in Main was not rewritten"; exit 1; }
[ "$(diff "$work/original/Program.cs" "$work/fixed/Program.cs" | grep -c '^>')" = 2 ] || { echo "FAIL: the fix changed more than the construction and its using"; exit 1; }

e2e_build_and_measure
