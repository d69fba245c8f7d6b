#!/usr/bin/env bash
# Proof on real libraries (issue 24): for each library pinned in eng/real-libraries.tsv, build it twice, as it is and
# after adding the packed Streamline package and running
#   dotnet format analyzers --diagnostics $STREAMLINE_IDS --severity info
# then run one of the library's own operations on real input (eng/RealLibraries/Operations/<operation>.cs) with both
# builds, on .NET 10 and, where the library has a .NET Framework or netstandard2.0 build and `mono` is installed, on
# Mono. Fails if the two builds' outputs differ (SHA-256 of the operation's output). Prints, per library, the fixes
# dotnet format applied (rule, file:line) and a table row: runtime, best time per call of each build, the ratio.
#
#   eng/real-libraries.sh [--smoke] [SOURCES_DIR] [NAME...]
#
# SOURCES_DIR (default: $STREAMLINE_REAL_LIBRARIES, else ~/streamline-real-libraries) holds one clone per library,
# named as in the list; a missing one is cloned at the pinned commit (this needs the network). The clones are never
# changed: each build works on a copy under a temporary folder. NAME... limits the run to those libraries.
# --smoke runs the harness itself on eng/RealLibraries/Smoke (a few files of our own with a Length loop), with a few
# iterations and no network: eng/test.sh runs it.
# Environment: STREAMLINE_IDS (the rules whose fixes are applied), STREAMLINE_SAMPLES and STREAMLINE_ROUNDS (samples per
# process and processes per build: the best of them is kept), STREAMLINE_KEEP=1 keeps the work folder.
set -euo pipefail
# All in one function, so that bash has read the whole script before it runs (an edit during a run changes nothing).
main() {
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ids=${STREAMLINE_IDS:-SL1001 SL1002 SL1003 SL1004 SL1005 SL1006 SL1101 SL1102 SL1106}
samples=${STREAMLINE_SAMPLES:-10}
rounds=${STREAMLINE_ROUNDS:-3}
smoke=0
if [ "${1:-}" = --smoke ]; then smoke=1; shift; samples=2; rounds=1; fi
sources=${1:-${STREAMLINE_REAL_LIBRARIES:-$HOME/streamline-real-libraries}}
[ $# -gt 0 ] && shift
only=("$@")
work=$(mktemp -d)
if [ "${STREAMLINE_KEEP:-0}" = 1 ]; then echo "work folder: $work"; else trap 'rm -rf "$work"' EXIT; fi
fail() { echo "FAIL: $*"; exit 1; }

version="0.0.0-libs.$(date +%s)"
echo "== pack Streamline $version"
dotnet pack "$root/src/Package" -c Release -o "$work/feed" -p:Version="$version" --nologo -v quiet > "$work/pack.txt" 2>&1 || { cat "$work/pack.txt"; fail "pack"; }

# Package sources: the packed feed, the machine's package folder (offline for what is cached) and the sources the
# machine is configured with (the libraries' own dependencies); the libraries' nuget.config files are removed from the
# copies, because a source mapping there would keep Streamline from the local feed.
source_args=(--source "$work/feed" --source "$(dotnet nuget locals global-packages --list | sed 's/^global-packages: //')")
while read -r configured; do source_args+=(--source "$configured"); done < <(dotnet nuget list source --format short | awk '$1 ~ /^E/ {print $2}')

mono=false
if command -v mono > /dev/null; then mono=true; fi
# Warnings never fail a build here (NU1601/NU1603 where the feed lacks a dependency's exact version, the library's
# own analyzers) and no lock file is enforced: copy() appends this to the library's project file in both copies, after
# its own settings. Analyzers do not run in the two builds (source generators still do), so the trimming analyzers'
# package is not needed either (SharpZipLib's IsTrimmable on net6.0 asks for Microsoft.NET.ILLink.Analyzers, which the
# package mirror lacks); nothing is published or trimmed here.
overrides='  <PropertyGroup>
    <TreatWarningsAsErrors>false</TreatWarningsAsErrors>
    <CodeAnalysisTreatWarningsAsErrors>false</CodeAnalysisTreatWarningsAsErrors>
    <MSBuildTreatWarningsAsErrors>false</MSBuildTreatWarningsAsErrors>
    <WarningsAsErrors></WarningsAsErrors>
    <NoWarn>$(NoWarn);NU1601;NU1603;NU1605;NU1608</NoWarn>
    <RestorePackagesWithLockFile>false</RestorePackagesWithLockFile>
    <GeneratePackageOnBuild>false</GeneratePackageOnBuild>
    <_RequiresILLinkPack>false</_RequiresILLinkPack>
  </PropertyGroup>
</Project>'

if [ "$smoke" = 1 ]; then
  list="$work/smoke.tsv"
  mkdir -p "$work/sources/Smoke"
  cp -r "$root/eng/RealLibraries/Smoke/." "$work/sources/Smoke/"
  head -c $((64 * 1024)) /dev/urandom > "$work/sources/Smoke/input.bin"
  printf 'Smoke\t-\t-\tSmoke.csproj\tSmoke\tSmoke/input.bin\t1\n' > "$list"
  sources="$work/sources"
else
  list="$root/eng/real-libraries.tsv"
fi

# The copy of a library: its files without .git, global.json (an SDK pin this machine may not have), nuget.config or
# packages.lock.json (restored anew with Streamline), and $overrides at the end of its project file.
copy() { # from to project
  mkdir -p "$2"
  (cd "$1" && tar --exclude=.git -cf - .) | (cd "$2" && tar -xf -)
  find "$2" \( -iname global.json -o -iname nuget.config -o -name packages.lock.json \) -delete
  # MSBuild imports Directory.Build.props/.targets by that exact name; on a case-sensitive file system a library's
  # Directory.build.props (ExcelDataReader) is skipped, so the copy gets the same file under the name MSBuild looks for.
  local found wanted
  while IFS= read -r found; do
    wanted="$(dirname "$found")/Directory.Build.${found##*.}"
    [ -e "$wanted" ] || cp "$found" "$wanted"
  done < <(find "$2" \( -iname directory.build.props -o -iname directory.build.targets \) \
    ! -name Directory.Build.props ! -name Directory.Build.targets)
  python3 -c '
import sys
path, overrides = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8-sig").read()
end = text.rindex("</Project>")
open(path, "w", encoding="utf-8").write(text[:end] + overrides + text[end + len("</Project>"):])
' "$2/$3" "$overrides"
}

summary="$work/summary.tsv"
status=0
while IFS=$'\t' read -r name repo commit project operation input repeat environment; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  # The list's last column (optional): NAME=value settings MSBuild reads as properties when it loads the library, for
  # every step (restore, dotnet format, build), as the library's own build scripts would set them (Newtonsoft.Json:
  # LibraryFrameworks, to leave out its net20 to net45 targets, whose reference packages the package mirror lacks).
  build_env=()
  if [ -n "${environment:-}" ] && [ "$environment" != - ]; then read -r -a build_env <<< "$environment"; fi
  if [ "${#only[@]}" -gt 0 ] && [[ ! " ${only[*]} " == *" $name "* ]]; then continue; fi
  src="$sources/$name"
  if [ ! -d "$src" ]; then
    git clone --quiet "$repo" "$src"
    git -C "$src" checkout --quiet "$commit"
  fi
  if [ "$commit" != - ]; then
    [ "$(git -C "$src" rev-parse HEAD)" = "$commit" ] || fail "$src is not at $commit"
  fi
  echo "== $name: $operation on $input"
  lib="$work/$name"
  copy "$src" "$lib/original" "$project"
  copy "$src" "$lib/fixed" "$project"
  for side in original fixed; do
    mkdir -p "$lib/driver-$side/Operations"
    cp "$root/eng/RealLibraries/RealLibraries.csproj" "$root/eng/RealLibraries/Program.cs" "$lib/driver-$side/"
    cp "$root/eng/RealLibraries/Operations/$operation.cs" "$lib/driver-$side/Operations/"
    printf '<Project />\n' > "$lib/driver-$side/Directory.Build.props"
    printf '<Project />\n' > "$lib/driver-$side/Directory.Build.targets"
    printf '<Project />\n' > "$lib/driver-$side/Directory.Packages.props"
  done

  # Mono runs the driver's net48 build, which needs a library build for .NET Framework or netstandard2.0 (PeNet has
  # only net10.0: .NET 10 alone).
  mono_library=false
  if [ "$mono" = true ]; then
    frameworks=$(cd "$lib" && env "${build_env[@]}" dotnet msbuild "original/$project" -nologo -getProperty:TargetFrameworks -getProperty:TargetFramework 2> /dev/null | tr -d '\n' || true)
    if [[ "$frameworks" =~ net4[0-9]|netstandard2\.0 ]]; then mono_library=true; fi
  fi
  props=(-p:RunAnalyzers=false -p:RealLibraryMono="$mono_library")
  # The fixed copy: Streamline added the way the README says, then every fix of $ids applied.
  (cd "$lib" && dotnet add "fixed/$project" package Streamline --version "$version" --no-restore > "$lib/add.txt" 2>&1) || { cat "$lib/add.txt"; fail "$name: dotnet add package"; }
  # A library that turns every analyzer down (SharpCompress: `dotnet_analyzer_diagnostic.severity = silent`) would
  # hide the rules from dotnet format: there the rules get their default severity back, as a user adopting Streamline
  # would do (an id's own entry beats the bulk one; SL1005 ships disabled and stays so).
  while IFS= read -r config; do
    printf '\n# Added by eng/real-libraries.sh: the Streamline rules at their default severity.\n[*.cs]\n' >> "$config"
    for id in $ids; do
      [ "$id" = SL1005 ] || printf 'dotnet_diagnostic.%s.severity = warning\n' "$id" >> "$config"
    done
  done < <(grep -rl --include=.editorconfig 'dotnet_analyzer_diagnostic\.' "$lib/fixed" || true)
  for side in original fixed; do
    (cd "$lib" && env "${build_env[@]}" dotnet restore "driver-$side" "${source_args[@]}" --nologo -v quiet "${props[@]}" \
      -p:RealLibraryProject="$lib/$side/$project" -p:RealLibraryOperation="$operation" > "$lib/restore-$side.txt" 2>&1) \
      || { cat "$lib/restore-$side.txt"; fail "$name: restore ($side)"; }
  done
  (cd "$lib" && env "${build_env[@]}" dotnet format analyzers "fixed/$project" --diagnostics $ids --severity info --no-restore \
    --report "$lib/format.json" > "$lib/format.txt" 2>&1) || { cat "$lib/format.txt"; fail "$name: dotnet format"; }
  echo "-- diagnostics in dotnet format's report (rule, file:line; the changed files below are the ones it fixed):"
  python3 - "$lib/format.json" "$lib/fixed/" > "$lib/fixes.txt" <<'PY'
import json, sys
seen = set()
for doc in json.load(open(sys.argv[1])) if open(sys.argv[1]).read().strip() else []:
    path = doc["FilePath"].replace(sys.argv[2], "")
    for change in doc["FileChanges"]:
        key = (change["DiagnosticId"], path, change["LineNumber"])
        if key not in seen:
            seen.add(key)
            print("%s\t%s:%d" % key)
PY
  sort -u "$lib/fixes.txt" | sed 's/^/   /'
  fixes=$(cut -f1 "$lib/fixes.txt" | sort | uniq -c | awk '{printf "%s%s x%s", (NR > 1 ? ", " : ""), $2, $1}')
  [ -n "$fixes" ] || fixes="none"
  echo "-- changed files:"
  diff -rq "$lib/original" "$lib/fixed" | grep -v -e '/obj' -e '/bin' -e ': obj$' -e ': bin$' | sed 's/^/   /' || true

  for side in original fixed; do
    (cd "$lib" && env "${build_env[@]}" dotnet build "driver-$side" -c Release --no-restore --nologo -v quiet "${props[@]}" \
      -p:RealLibraryProject="$lib/$side/$project" -p:RealLibraryOperation="$operation" > "$lib/build-$side.txt" 2>&1) \
      || { cat "$lib/build-$side.txt"; fail "$name: build ($side)"; }
  done

  # run <label> <tfm> <command...>: $rounds processes per build, alternating, and the best sample of each build.
  run() {
    local label=$1 tfm=$2; shift 2
    local ext=dll; [ "$tfm" = net48 ] && ext=exe
    local side line best_original= best_fixed= hash_original= hash_fixed=
    for ((round = 1; round <= rounds; round++)); do
      for side in original fixed; do
        line=$("$@" "$lib/driver-$side/bin/Release/$tfm/RealLibraries.$ext" "$sources/$input" "$samples" "$repeat") \
          || { echo "$line"; fail "$name: the $side build failed on $label"; }
        local hash=${line#sha256=}; hash=${hash%% *}
        local best=${line#*best_ms=}; best=${best%% *}
        if [ "$side" = original ]; then
          [ -z "$hash_original" ] || [ "$hash_original" = "$hash" ] || fail "$name: output differs between runs"
          hash_original=$hash
          best_original=$(awk -v a="$best" -v b="${best_original:-inf}" 'BEGIN { print (b == "inf" || a < b) ? a : b }')
        else
          hash_fixed=$hash
          best_fixed=$(awk -v a="$best" -v b="${best_fixed:-inf}" 'BEGIN { print (b == "inf" || a < b) ? a : b }')
        fi
      done
    done
    if [ "$hash_original" != "$hash_fixed" ]; then
      echo "   $label: original sha256=$hash_original, fixed sha256=$hash_fixed"
      status=1
      printf '%s\t%s\t%s\tDIFFERENT OUTPUT\t\t\t\n' "$name" "$label" "$fixes" >> "$summary"
      return
    fi
    local ratio
    ratio=$(awk -v a="$best_original" -v b="$best_fixed" 'BEGIN { printf "%.2f", a / b }')
    echo "   $label: same output (sha256 ${hash_original:0:16}...), original $best_original ms, fixed $best_fixed ms per call: ${ratio}x"
    printf '%s\t%s\t%s\tsame\t%s\t%s\t%s\n' "$name" "$label" "$fixes" "$best_original" "$best_fixed" "$ratio" >> "$summary"
  }
  echo "-- run: best of $rounds x $samples samples of $repeat calls each"
  run ".NET $(dotnet --list-runtimes | awk '/Microsoft.NETCore.App/ {v=$2} END {print v}')" net10.0 dotnet
  if [ "$mono_library" = true ]; then
    run "Mono $(mono --version | head -1 | awk '{print $5}')" net48 mono
  elif [ "$mono" = true ]; then
    echo "   Mono: no .NET Framework or netstandard2.0 build of the library, not run"
  else
    echo "   Mono: not installed, not run"
  fi
done < "$list"

echo "== summary (library, runtime, fixes applied, output, original ms, fixed ms, ratio)"
[ -f "$summary" ] || fail "no library was run"
cat "$summary"
if [ "$smoke" = 1 ]; then
  grep -q $'^Smoke\t.*SL1006 x1\tsame\t' "$summary" || fail "smoke: SL1006's fix was not applied, or the outputs differ"
  echo "real-libraries smoke test passed"
fi
exit "$status"
}
main "$@"
