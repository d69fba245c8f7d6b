#!/usr/bin/env bash
# The issue-12 loop, end to end as a user gets it: pack Streamline, make a console project whose Sum reads a file with
#   while (reader.BaseStream.Position < reader.BaseStream.Length) { sum += reader.ReadUInt16(); }
# over File.OpenRead, keep a copy as the original, apply every Streamline fix with
#   dotnet format analyzers --severity info
# and run the original and the fixed program on the same file (.NET 10; the net48 build under Mono when `mono` is on
# the PATH). Prints both results, the time per Sum and the ratio; fails if SL1006's fix was not applied or the results
# differ (times are printed, never asserted: eng/test.sh runs it on 1 MB as an end-to-end behaviour check).
#   eng/measure-e2e-sl1006.sh [megabytes=4] [runs=3] [format-passes=1]
# A second `dotnet format` pass lets rules that fire only on the fixed loop (SL1002 once Length is hoisted) apply too.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
megabytes=${1:-4}
runs=${2:-3}
passes=${3:-1}
# shellcheck source=eng/e2e-common.sh
source "$root/eng/e2e-common.sh"
e2e_setup
cat > "$work/original/Program.cs" <<'CS'
using System;
using System.Diagnostics;
using System.IO;

public static class Program
{
    public static long Sum(string path)
    {
        using (var reader = new BinaryReader(File.OpenRead(path)))
        {
            long sum = 0;
            while (reader.BaseStream.Position < reader.BaseStream.Length)
            {
                sum += reader.ReadUInt16();
            }

            return sum;
        }
    }

    public static void Main(string[] args)
    {
        int runs = int.Parse(args[1]);
        long sum = Sum(args[0]);
        var watch = Stopwatch.StartNew();
        for (int i = 0; i < runs; i++)
            sum = Sum(args[0]);
        Console.WriteLine("sum=" + sum + " ms=" + (watch.Elapsed.TotalMilliseconds / runs).ToString("F1", System.Globalization.CultureInfo.InvariantCulture));
    }
}
CS
cp -r "$work/original" "$work/fixed"

echo "== restore, and apply the fixes with dotnet format analyzers --severity info"
for side in original fixed; do
  dotnet restore "$work/$side" --packages "$work/packages" --nologo -v quiet
done
for ((pass = 1; pass <= passes; pass++)); do
  dotnet format analyzers "$work/fixed" --severity info --no-restore || true
done
echo "-- the fixed Sum:"
sed -n '/public static long Sum/,/^    }/p' "$work/fixed/Program.cs"
grep -q "long length = reader.BaseStream.Length;" "$work/fixed/Program.cs" || { echo "FAIL: SL1006's fix was not applied"; exit 1; }

e2e_build_and_measure
