#!/usr/bin/env bash
# Measures SL1004's thresholds: string.IndexOfAny(char[]) against Streamline.Runtime's netstandard2.0 CharSearchSet (and
# SearchValues on .NET) by set size and text length, on .NET 10 and on Mono (eng/SL1004Sizes; docs/rules/SL1004.md).
# Then one search of a file path against the file-system calls beside it (why SL1004 is quiet there).
#   eng/measure-sl1004-sizes.sh [ROUNDS]      # default 100 alternating rounds per cell
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-100}"
"$root/eng/install-mono.sh"
dotnet build "$root/eng/SL1004Sizes" -c Release -nologo -v quiet
dotnet "$root/eng/SL1004Sizes/bin/Release/net10.0/SL1004Sizes.dll" "$rounds"
mono "$root/eng/SL1004Sizes/bin/Release/net48/SL1004Sizes.exe" "$rounds"
dotnet "$root/eng/SL1004Sizes/bin/Release/net10.0/SL1004Sizes.dll" filesystem 15
mono "$root/eng/SL1004Sizes/bin/Release/net48/SL1004Sizes.exe" filesystem 15
