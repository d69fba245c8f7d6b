#!/usr/bin/env bash
# Runs the benchmarks' net48 build under Mono. Arguments go to BenchmarkDotNet unchanged:
#   eng/bench-mono.sh --filter '*SL1003*'
#   eng/bench-mono.sh --filter '*SL1003*' --job short
# The program adds --inProcess under Mono (BenchmarkDotNet's out-of-process toolchain does not run there; see
# docs/benchmarks.md). Results land in tests/Benchmarks/BenchmarkDotNet.Artifacts/results/.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
project="$root/tests/Benchmarks/Streamline.Benchmarks.csproj"

"$root/eng/install-mono.sh"
dotnet build "$project" -c Release -f net48 -nologo -v quiet
cd "$root/tests/Benchmarks"
exec mono "bin/Release/net48/Streamline.Benchmarks.exe" "$@"
