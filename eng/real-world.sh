#!/usr/bin/env bash
# Runs every Streamline rule and code fix over the real projects pinned in eng/real-world-projects.tsv and prints one
# tab-separated line per diagnostic (project, file:line, rule, fix offered, whether the fixed code compiles, the
# flagged line). The judgment of each line is in eng/real-world-verdicts.tsv; eng/real-world-score.sh joins them.
#
#   eng/real-world.sh [SOURCES_DIR] [> results.tsv]
#
# SOURCES_DIR (default: $STREAMLINE_REAL_WORLD, else ~/streamline-real-world) holds one folder per project, named as in
# the list; a missing folder is cloned and checked out at the pinned commit. By default that clones from GitHub (this
# needs the network; nothing here runs in CI). To clone from local copies instead, set STREAMLINE_REAL_WORLD_CLONE_FROM
# to a template in which {owner} and {name} stand for the repository's, e.g. '/srv/mirrors/{owner}+{name}/repo'.
# An existing folder is used as it is (check it out at the pinned commit yourself). Third-party code stays there,
# never in this repository. Exit code 1 if any analyzer threw (AD0001).
#
# STREAMLINE_REAL_WORLD_PART=tuning (or holdout, fresh, new) runs only that part of the list, and part 'new' runs only
# so (it is scored once, later: docs/real-world.md); STREAMLINE_REAL_WORLD_RESTORE_ONLY=1 restores and compiles each
# project and prints its PACKAGES line, with no rule run; STREAMLINE_REAL_WORLD_ONLY='NAudio
# dnlib' only the projects named. Projects run one at a time (each compilation is CPU heavy).
# STREAMLINE_REAL_WORLD_OUT=DIR writes each project's lines to DIR/<name>.tsv instead of standard output, and skips a
# project whose file is there already (a run stopped half-way goes on where it stopped; eng/real-world-score.sh uses it).
# STREAMLINE_REAL_WORLD_TARGET=netstandard2.0 compiles every project as a netstandard2.0 library instead of net8.0.
# Each project's package references are restored (`dotnet restore` of the project files that own its source folders,
# for the one target compiled) and their compile assemblies referenced, so this needs the package source too; a
# project whose packages do not all restore prints a PACKAGES line saying which, and eng/real-world-score.py lists its
# diagnostics apart. STREAMLINE_REAL_WORLD_PACKAGES=0 compiles against the framework alone, as before 2026-11-28.
# A folder cloned before then has only the *.cs files: widen it with
#   git -C DIR sparse-checkout set --no-cone '*.cs' '*.csproj' '*.props' '*.targets' '*.projitems' '*.shproj'
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sources=${1:-${STREAMLINE_REAL_WORLD:-$HOME/streamline-real-world}}
mkdir -p "$sources"
dotnet build "$root/eng/RealWorld" -c Release --nologo -v q >&2
if [ "${STREAMLINE_REAL_WORLD_TARGET:-}" = netstandard2.0 ]; then
  dotnet build "$root/src/Runtime" -c Release -f netstandard2.0 --nologo -v q >&2
fi
tool="$root/eng/RealWorld/bin/Release/net10.0/RealWorld.dll"
status=0
while IFS=$'\t' read -r name repo commit part folders; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  [[ -n "${STREAMLINE_REAL_WORLD_PART:-}" && "$part" != "$STREAMLINE_REAL_WORLD_PART" ]] && continue
  # Part 'new' is to be scored once, on purpose: only STREAMLINE_REAL_WORLD_PART=new runs it.
  [[ "$part" == new && "${STREAMLINE_REAL_WORLD_PART:-}" != new ]] && continue
  [[ -n "${STREAMLINE_REAL_WORLD_ONLY:-}" && " $STREAMLINE_REAL_WORLD_ONLY " != *" $name "* ]] && continue
  dir="$sources/$name"
  if [ ! -d "$dir" ]; then
    url=$repo
    if [ -n "${STREAMLINE_REAL_WORLD_CLONE_FROM:-}" ]; then
      slug=${repo#https://github.com/}
      url=${STREAMLINE_REAL_WORLD_CLONE_FROM//\{owner\}/${slug%%/*}}
      url=${url//\{name\}/${slug#*/}}
    fi
    git clone --quiet --no-checkout "$url" "$dir" >&2
    # Only the C# sources and the project files restore reads: some repositories keep large test files out of the
    # clone (Git LFS, partial mirrors). Not the project's NuGet.config or global.json: restore uses this machine's
    # package source and SDK.
    git -C "$dir" sparse-checkout set --no-cone '*.cs' '*.csproj' '*.props' '*.targets' '*.projitems' '*.shproj' >&2
    git -C "$dir" checkout --quiet --detach "$commit" >&2
  fi
  args=()
  for f in $folders; do args+=("$dir/$f"); done
  if [ -n "${STREAMLINE_REAL_WORLD_OUT:-}" ]; then
    out="$STREAMLINE_REAL_WORLD_OUT/$name.tsv"
    [ -e "$out" ] && continue
    mkdir -p "$STREAMLINE_REAL_WORLD_OUT"
    dotnet "$tool" "$name" "${args[@]}" > "$out.partial" || status=1
    mv "$out.partial" "$out"
  else
    dotnet "$tool" "$name" "${args[@]}" || status=1
  fi
done < "$root/eng/real-world-projects.tsv"
exit "$status"
