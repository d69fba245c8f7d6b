#!/usr/bin/env bash
# Measures the full count (lines, words, bytes) and `-l` of a large text against GNU wc, fastlwc (expr-fi/fastlwc,
# built here from its public source, never committed), a plain .NET counter of the seed blog's kind
# (eng/CountingBaseline) and `cat`, and prints a Markdown table for docs/counting.md. Whole-process CPU time
# (perf stat task-clock; the minimum of RUNS) is the number quoted, because wall time is noisy on a shared machine.
#
#   eng/bench-counting.sh [COPIES]           # COPIES concatenations of tests/corpus (default 30, 266 MB)
#   FASTLWC_SRC=/path/to/fastlwc eng/bench-counting.sh   # a checkout of https://github.com/expr-fi/fastlwc
#
# Without FASTLWC_SRC the source is cloned from GitHub into a temporary folder (this needs the network).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
copies=${1:-30}
runs=${RUNS:-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

text="$work/corpus.txt"
for _ in $(seq "$copies"); do cat "$root"/tests/corpus/*.txt; done > "$text"
size=$(stat -c %s "$text")

src=${FASTLWC_SRC:-}
if [ -z "$src" ]; then
  src="$work/fastlwc-src"
  git clone --quiet --depth 1 https://github.com/expr-fi/fastlwc "$src"
fi
cc -std=gnu11 -O3 -march=native "$src/fastlwc.c" -o "$work/fastlwc"
cc -std=gnu11 -O3 -march=native -I"$src" "$src/utf-8/fastlwc-utf8.c" -o "$work/fastlwc-utf8"

dotnet publish "$root/samples/Wc" -c Release -r linux-x64 -o "$work/wc-portable" --nologo -v q > /dev/null
dotnet publish "$root/samples/Wc" -c Release -r linux-x64 -p:IlcInstructionSet=native -o "$work/wc-native" --nologo -v q > /dev/null
dotnet publish "$root/eng/CountingBaseline" -c Release -r linux-x64 -o "$work/baseline" --nologo -v q > /dev/null

cpu_ms() {
  for _ in $(seq "$runs"); do
    perf stat -x, -e task-clock "$@" 2>&1 > /dev/null | awk -F, '/task-clock/ {print $1}'
  done | sort -n | head -1
}

cat_ms=$(cpu_ms cat "$text")
echo "$size bytes ($copies copies of tests/corpus), $(date -u +%Y-%m-%d), $(nproc) CPUs, load $(cut -d' ' -f1 /proc/loadavg)"
echo
echo "| Command | Output | CPU (ms) | GB/s | vs cat |"
echo "|---|---|---:|---:|---:|"
row() {
  local label=$1; shift
  local out="" ms
  if [ "$1" != cat ]; then
    out=$(LC_ALL=C.UTF-8 "$@" 2>&1 | sed "s|$text|FILE|; s/  */ /g; s/^ //")
  fi
  ms=$(LC_ALL=C.UTF-8 cpu_ms "$@")
  awk -v l="$label" -v o="$out" -v ms="$ms" -v size="$size" -v cat="$cat_ms" \
    'BEGIN { printf "| %s | `%s` | %.1f | %.2f | %.2f |\n", l, o, ms, size / ms / 1e6, ms / cat }'
}
row "cat > /dev/null" cat "$text"
row "GNU wc" wc "$text"
row "GNU wc -l" wc -l "$text"
row "fastlwc (ASCII, inexact)" "$work/fastlwc" "$text"
row "fastlwc-utf8 (inexact)" "$work/fastlwc-utf8" "$text"
row "blog-style .NET (SearchValues, inexact)" "$work/baseline/CountingBaseline" "$text"
row "Streamline wc, AOT portable" "$work/wc-portable/wc" "$text"
row "Streamline wc -l, AOT portable" "$work/wc-portable/wc" -l "$text"
row "Streamline wc, AOT native" "$work/wc-native/wc" "$text"
row "Streamline wc -l, AOT native" "$work/wc-native/wc" -l "$text"
