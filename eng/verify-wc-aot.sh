#!/usr/bin/env bash
# Publishes samples/Wc with native AOT (the way it ships: portable x64) and runs the error and option tests of
# tests/Wc.Tests on that binary, since descriptors, signals and P/Invoke can behave differently from the JIT apphost.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$root"
dotnet publish samples/Wc -c Release -r linux-x64 -o "$out" --nologo > "$out/publish.log" 2>&1 || { cat "$out/publish.log"; exit 1; }
dotnet build tests/Wc.Tests -c Release --nologo -v quiet > "$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
STREAMLINE_WC="$out/wc" dotnet test tests/Wc.Tests -c Release --no-build --nologo \
  --filter "FullyQualifiedName~ErrorTests|FullyQualifiedName~OptionTests"
