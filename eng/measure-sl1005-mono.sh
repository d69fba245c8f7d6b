#!/usr/bin/env bash
# Times SL1005's benchmark pair on Mono's own Span<T> (the runtime's, as Unity has it), which the net48 benchmark build
# cannot show: that build brings System.Memory's portable span. Compiles tests/Benchmarks/SL1005SliceInsteadOfRangeBenchmarks.cs
# and eng/SL1005Mono/Driver.cs with the SDK's csc against Mono's mscorlib, then runs the driver under mono.
#   eng/measure-sl1005-mono.sh [ROUNDS]        # default 200 alternating rounds
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/eng/install-mono.sh"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
sdk="$(dotnet --list-sdks | tail -1 | sed -E 's/^([^ ]+) \[(.*)\]$/\2\/\1/')"
mono_lib=/usr/lib/mono/4.5
# BenchmarkDotNet's attributes, for compiling only: nothing reads them at run time.
annotations="$(find "$HOME/.nuget/packages/benchmarkdotnet.annotations" -path '*netstandard2.0*' -name BenchmarkDotNet.Annotations.dll | sort | tail -1)"
bdn="$(find "$HOME/.nuget/packages/benchmarkdotnet" -path '*netstandard2.0*' -name BenchmarkDotNet.dll | sort | tail -1)"
dotnet "$sdk/Roslyn/bincore/csc.dll" -nologo -nostdlib -noconfig -optimize+ -langversion:latest -nullable:disable -out:"$out/SL1005Mono.exe" \
  -r:"$mono_lib/mscorlib.dll" -r:"$mono_lib/System.dll" -r:"$mono_lib/System.Core.dll" -r:"$mono_lib/Facades/netstandard.dll" -r:"$annotations" -r:"$bdn" \
  "$root/tests/Benchmarks/SL1005SliceInsteadOfRangeBenchmarks.cs" "$root/eng/SL1005Mono/Driver.cs"
mono --optimize=all "$out/SL1005Mono.exe" "$@"
