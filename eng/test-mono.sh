#!/usr/bin/env bash
# Runs the legacy checks: tests/Legacy.Tests, a net48 program that consumes Streamline.Runtime's netstandard2.0 build,
# under Mono, comparing LineCounter, BufferedBinaryReader, TextCounter and SL1007's BufferedStream and SkipReader loops
# with Mono's own BCL (and GNU wc when it is on the PATH). Prints "N passed, M failed" last and exits non-zero on any failure. Arguments go to the program:
#   eng/test-mono.sh                      # every suite, the default seed
#   eng/test-mono.sh --seed 7 --scale 3   # another seed, three times the cases
#   eng/test-mono.sh --only BufferedBinaryReader
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
project="$root/tests/Legacy.Tests/Streamline.Legacy.Tests.csproj"

"$root/eng/install-mono.sh"
dotnet build "$project" -c Release -nologo -v quiet
exec mono "$root/tests/Legacy.Tests/bin/Release/net48/Streamline.Legacy.Tests.exe" "$@"
