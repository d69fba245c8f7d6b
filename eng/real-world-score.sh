#!/usr/bin/env bash
# Runs the rules over every project of eng/real-world-projects.tsv (eng/real-world.sh), joins the diagnostics with the
# hand verdicts (eng/real-world-verdicts.tsv) and the judged sample of candidates (eng/real-world-candidates.tsv), and
# prints: the diagnostics that still need a verdict, the verdicts whose diagnostic is gone, precision per rule and part
# (holdout first), and the estimated recall per rule and part with the sampled misses (eng/real-world-score.py).
#
#   eng/real-world-score.sh [SOURCES_DIR]
#
# SOURCES_DIR as for eng/real-world.sh (STREAMLINE_REAL_WORLD_CLONE_FROM, _PART and _ONLY work here too). Each project's
# diagnostics go to $STREAMLINE_REAL_WORLD_RESULTS/<name>.tsv (default: SOURCES_DIR/results/<commit of this repo>, outside
# the repository); a project whose file is there is not run again, so a stopped run resumes and a second call only
# scores. Delete the folder (or pick another) to measure again after a rule changes.
# STREAMLINE_REAL_WORLD_CANDIDATES=1 also lists every rule's candidates (eng/RealWorldCandidates) into <name>.cand there,
# the input of eng/real-world-sample.py, which drew the judged sample; it compiles with the same restored packages
# (STREAMLINE_REAL_WORLD_PACKAGES=0: without them).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sources=${1:-${STREAMLINE_REAL_WORLD:-$HOME/streamline-real-world}}
results=${STREAMLINE_REAL_WORLD_RESULTS:-$sources/results/$(git -C "$root" rev-parse --short HEAD)}
mkdir -p "$results"
status=0
STREAMLINE_REAL_WORLD_OUT="$results" bash "$root/eng/real-world.sh" "$sources" || status=1
if [ "${STREAMLINE_REAL_WORLD_CANDIDATES:-}" = 1 ]; then
  dotnet build "$root/eng/RealWorldCandidates" -c Release --nologo -v q >&2
  while IFS=$'\t' read -r name repo commit part folders; do
    [[ -z "$name" || "$name" == \#* || -e "$results/$name.cand" || ! -d "$sources/$name" ]] && continue
    [[ "$part" == new && "${STREAMLINE_REAL_WORLD_PART:-}" != new ]] && continue
    args=()
    for f in $folders; do args+=("$sources/$name/$f"); done
    dotnet "$root/eng/RealWorldCandidates/bin/Release/net10.0/RealWorldCandidates.dll" "$name" "${args[@]}" > "$results/$name.cand.partial"
    mv "$results/$name.cand.partial" "$results/$name.cand"
  done < "$root/eng/real-world-projects.tsv"
fi
python3 "$root/eng/real-world-score.py" "$results"
echo "diagnostics: $results/<name>.tsv" >&2
exit "$status"
