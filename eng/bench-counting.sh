#!/usr/bin/env bash
# Measures the full count (lines, words, bytes) and `-l` of a large text against GNU wc, fastlwc (expr-fi/fastlwc,
# built here from its public source, never committed), a plain .NET counter of the seed blog's kind
# (eng/CountingBaseline) and `cat`, and prints a Markdown table for docs/counting.md. Whole-process CPU time
# (perf stat task-clock; the minimum of RUNS, interleaved) is the number quoted, because wall time is noisy on a shared
# machine.
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

# One run's CPU time in ms.
cpu_once() {
  perf stat -x, -e task-clock "$@" 2>&1 > /dev/null | awk -F, '/task-clock/ {print $1}'
}

labels=()
commands=()
add() { labels+=("$1"); shift; commands+=("$(printf '%q ' "$@")"); }
add "cat > /dev/null" cat "$text"
add "GNU wc" wc "$text"
add "GNU wc -l" wc -l "$text"
add "fastlwc (ASCII, inexact)" "$work/fastlwc" "$text"
add "fastlwc-utf8 (inexact)" "$work/fastlwc-utf8" "$text"
add "blog-style .NET (SearchValues, inexact)" "$work/baseline/CountingBaseline" "$text"
add "Streamline wc, AOT portable" "$work/wc-portable/wc" "$text"
add "Streamline wc -l, AOT portable" "$work/wc-portable/wc" -l "$text"
add "Streamline wc, AOT native" "$work/wc-native/wc" "$text"
add "Streamline wc -l, AOT native" "$work/wc-native/wc" -l "$text"

# The runs are interleaved (round after round of every command) and each command's minimum is kept, so that a burst
# of load from other jobs falls on all the rows alike rather than on the few run while it lasts.
export LC_ALL=C.UTF-8
best=()
for _ in $(seq "$runs"); do
  for k in "${!commands[@]}"; do
    ms=$(eval "cpu_once ${commands[$k]}")
    if [ -z "${best[$k]:-}" ] || awk -v a="$ms" -v b="${best[$k]}" 'BEGIN { exit !(a < b) }'; then best[$k]=$ms; fi
  done
done

echo "$size bytes ($copies copies of tests/corpus), $(date -u +%Y-%m-%d), $(nproc) CPUs, load $(cut -d' ' -f1 /proc/loadavg) at the end"
echo
echo "| Command | Output | CPU (ms) | GB/s | vs cat |"
echo "|---|---|---:|---:|---:|"
for k in "${!commands[@]}"; do
  out=""
  if [ "$k" -ne 0 ]; then
    out=$(eval "${commands[$k]}" 2>&1 | sed "s|$text|FILE|; s/  */ /g; s/^ //")
  fi
  awk -v l="${labels[$k]}" -v o="$out" -v ms="${best[$k]}" -v size="$size" -v cat="${best[0]}" \
    'BEGIN { printf "| %s | `%s` | %.1f | %.2f | %.2f |\n", l, o, ms, size / ms / 1e6, ms / cat }'
done
