#!/usr/bin/env bash
# Times GNU `wc -l` on the same 100 MiB file the Concatenated100MiB benchmarks read, for the LineCounter/wc ratio in
# docs/benchmarks.md. Prints hyperfine's summary; the median (seconds) is in the JSON it writes.
#   eng/time-wc.sh [RUNS]        (default 30 runs after 3 warm-ups)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-30}"
"$root/eng/install-mono.sh"   # brings hyperfine
dotnet build "$root/tests/Benchmarks/Streamline.Benchmarks.csproj" -c Release -f net10.0 -nologo -v quiet

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
dotnet "$root/tests/Benchmarks/bin/Release/net10.0/Streamline.Benchmarks.dll" --writeLargeFile "$work/large.txt"
echo "file: $(stat -c %s "$work/large.txt") bytes, $(wc -l < "$work/large.txt") newlines"
hyperfine -N --warmup 3 --runs "$runs" --export-json "$work/wc.json" "wc -l $work/large.txt"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("median_seconds", r["median"])' "$work/wc.json"
