#!/usr/bin/env bash
# Runs every Streamline rule and code fix over the real projects pinned in eng/real-world-projects.tsv and prints one
# tab-separated line per diagnostic (project, file:line, rule, fix offered, whether the fixed code compiles, the
# flagged line). The classification of each line is in docs/real-world.md.
#
#   eng/real-world.sh [SOURCES_DIR] [> results.tsv]
#
# SOURCES_DIR (default: $STREAMLINE_REAL_WORLD, else ~/streamline-real-world) holds one folder per project, named as in
# the list; a missing folder is cloned at the pinned commit (this needs the network; nothing here runs in CI).
# Third-party code stays there, never in this repository. Exit code 1 if any analyzer threw (AD0001).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sources=${1:-${STREAMLINE_REAL_WORLD:-$HOME/streamline-real-world}}
mkdir -p "$sources"
dotnet build "$root/eng/RealWorld" -c Release --nologo -v q >&2
tool="$root/eng/RealWorld/bin/Release/net10.0/RealWorld.dll"
status=0
while IFS=$'\t' read -r name repo commit folders; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  dir="$sources/$name"
  if [ ! -d "$dir" ]; then
    git clone --quiet "$repo" "$dir" >&2
    git -C "$dir" checkout --quiet "$commit" >&2
  fi
  args=()
  for f in $folders; do args+=("$dir/$f"); done
  dotnet "$tool" "$name" "${args[@]}" || status=1
done < "$root/eng/real-world-projects.tsv"
exit "$status"
