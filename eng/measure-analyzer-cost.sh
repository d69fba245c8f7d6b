#!/usr/bin/env bash
# Measures what Streamline's analyzers cost inside a real build of someone else's project, beside the compile time and
# the .NET SDK's own code-analysis rules (Microsoft.CodeAnalysis.NetAnalyzers). See docs/performance.md.
#
#   eng/measure-analyzer-cost.sh [-n RUNS] [-o OUTDIR] [-a ANALYZER.dll] [-g GENERATOR.dll] [-e ID]... [-d ID]... [-b] [-u] PROJECT.csproj [MSBUILD_ARGS...]
#
#   -n RUNS   measured rebuilds (default 5); one warm-up rebuild runs first and is not counted
#   -o DIR    where logs and the results table go (default /tmp/streamline-perf)
#   -a DLL    the analyzer assembly to add (default: build src/Analyzers -c Release and use its output)
#   -e ID     turn on a rule that ships disabled (SL1005), at warning, through a global analyzer config
#   -d ID     turn a rule off (severity none), the same way: what the others cost without it
#   -b        also rebuild without Streamline, interleaved with the runs above, for a Csc time without it
#   -g DLL    the source generator assembly to add (default: build src/Generator -c Release and use its output)
#   -u        add one file that names every runtime type, so the generator emits them (default: the project as it is,
#             which names none: the generator's cost is then its syntax filter alone)
#
# The project is not changed: Streamline is added as an <Analyzer> item through a targets file passed as
# CustomAfterMicrosoftCommonTargets, and NetAnalyzers run at AnalysisLevel=latest-recommended. Each run is a full
# Rebuild with ReportAnalyzer=true; the compiler's per-analyzer timing report and MSBuild's task performance summary
# are read from a detailed file log. Extra arguments go to every `dotnet build` (e.g. -p:TargetFramework=net8.0).
# Prints one line per run and the medians; writes the same as tab-separated values to OUTDIR/results.tsv.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs=5
out=/tmp/streamline-perf
analyzer=""
baseline=false
generator=""
uses=false
enable=()
disable=()
while getopts "n:o:a:g:e:d:bu" opt; do
  case "$opt" in
    n) runs="$OPTARG" ;;
    o) out="$OPTARG" ;;
    a) analyzer="$OPTARG" ;;
    e) enable+=("$OPTARG") ;;
    d) disable+=("$OPTARG") ;;
    b) baseline=true ;;
    g) generator="$OPTARG" ;;
    u) uses=true ;;
    *) sed -n '5,15p' "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ]; then
  sed -n '5,15p' "$0" >&2
  exit 2
fi
project="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
shift
extra=("$@")

mkdir -p "$out"
if [ -z "$analyzer" ]; then
  dotnet build "$root/src/Analyzers/Streamline.Analyzers.csproj" -c Release -nologo -v quiet
  analyzer="$root/src/Analyzers/bin/Release/netstandard2.0/Streamline.Analyzers.dll"
fi
analyzer="$(cd "$(dirname "$analyzer")" && pwd)/$(basename "$analyzer")"
# Copy the assembly, so a rebuild of src/ while this runs cannot change what is measured half-way.
cp "$analyzer" "$out/Streamline.Analyzers.dll"
if [ -z "$generator" ]; then
  dotnet build "$root/src/Generator/Streamline.Generator.csproj" -c Release -nologo -v quiet
  generator="$root/src/Generator/bin/Release/netstandard2.0/Streamline.Generator.dll"
fi
cp "$generator" "$out/Streamline.Generator.dll"
cat > "$out/streamline-perf-uses.cs" <<'CS'
// Names every Streamline.Runtime type, so that the generator adds them all to the project being measured.
namespace StreamlinePerf
{
    internal static class UsesRuntime
    {
        internal static object[] All() => new object[]
        {
            typeof(Streamline.Runtime.LineCounter), typeof(Streamline.Runtime.TextCounter), typeof(Streamline.Runtime.TextCounts),
            typeof(Streamline.Runtime.TextCountOptions), typeof(Streamline.Runtime.TextCountLocale), typeof(Streamline.Runtime.BufferedBinaryReader),
            typeof(Streamline.Runtime.SkipReader), typeof(Streamline.Runtime.CharSearchSet), typeof(Streamline.Runtime.ByteSearchSet),
        };
    }
}
CS

{
  echo "is_global = true"
  for id in "${enable[@]}"; do echo "dotnet_diagnostic.$id.severity = warning"; done
  for id in "${disable[@]}"; do echo "dotnet_diagnostic.$id.severity = none"; done
} > "$out/streamline-perf.globalconfig"
cat > "$out/streamline-perf.targets" <<'EOF'
<Project>
  <ItemGroup Condition="'$(StreamlinePerfAnalyzer)' != ''">
    <Analyzer Include="$(StreamlinePerfAnalyzer)" />
    <Analyzer Include="$(StreamlinePerfGenerator)" Condition="'$(StreamlinePerfGenerator)' != ''" />
    <Compile Include="$(MSBuildThisFileDirectory)streamline-perf-uses.cs" Condition="'$(StreamlinePerfUses)' == 'true'" />
    <!-- The SDK collects GlobalAnalyzerConfigFiles before this file is imported: add to what it passes to csc. -->
    <EditorConfigFiles Include="$(MSBuildThisFileDirectory)streamline-perf.globalconfig" />
  </ItemGroup>
</Project>
EOF

common=(
  -p:EnableNETAnalyzers=true
  -p:AnalysisLevel=latest-recommended
  -p:TreatWarningsAsErrors=false
  -p:ReportAnalyzer=true
  "-p:CustomAfterMicrosoftCommonTargets=$out/streamline-perf.targets"
  "${extra[@]}"
)

dotnet restore "$project" -nologo -v quiet "${common[@]}"

# One rebuild; $1 names the log, $2 is "with" or "without" Streamline.
rebuild() {
  local log="$out/$1.log" with=()
  [ "$2" = with ] && with=("-p:StreamlinePerfAnalyzer=$out/Streamline.Analyzers.dll" "-p:StreamlinePerfGenerator=$out/Streamline.Generator.dll" "-p:StreamlinePerfUses=$uses")
  local start end
  start=$(date +%s.%N)
  if ! dotnet build "$project" --no-restore --no-incremental -nologo "${common[@]}" "${with[@]}" \
      -noconlog "-flp:Verbosity=detailed;LogFile=$log;PerformanceSummary"; then
    echo "build failed, see $log" >&2
    exit 1
  fi
  end=$(date +%s.%N)
  echo "$start $end" | awk '{ printf "%.1f", $2 - $1 }' > "$log.wall"
}

# Reads one log: csc_ms total_s streamline_s netanalyzers_s generator_s, then "rule=seconds" for each Streamline analyzer.
parse() {
  awk '
    function secs(s) { sub(/^</, "", s); return s + 0 }
    /Total analyzer execution time:/ { section = "analyzers"; total += $(NF - 1); next }
    /Total generator execution time:/ { section = "generators"; next }
    section == "generators" && /^[ \t]*<?[0-9.]+[ \t]+<?[0-9]+[ \t]+Streamline\.Generator, Version=/ { generator += secs($1) }
    / ms  Csc  / { csc += $1 }
    section == "analyzers" && /^[ \t]*<?[0-9.]+[ \t]+<?[0-9]+[ \t]+/ {
      name = $0; sub(/^[ \t]*<?[0-9.]+[ \t]+<?[0-9]+[ \t]+/, "", name)
      if (name ~ /, Version=/) {
        assembly = name; sub(/,.*/, "", assembly)
        if (assembly == "Streamline.Analyzers") streamline += secs($1)
        if (assembly ~ /^Microsoft\.CodeAnalysis\.(CSharp\.)?NetAnalyzers$/) net += secs($1)
      } else if (assembly == "Streamline.Analyzers") {
        id = name; sub(/.*\(/, "", id); sub(/\).*/, "", id)
        rule[id] += secs($1)
      }
    }
    END {
      printf "%d %.3f %.3f %.3f %.3f", csc, total, streamline, net, generator
      for (id in rule) printf " %s=%.3f", id, rule[id]
      printf "\n"
    }' "$1"
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "warm-up rebuild (not counted): $project"
rebuild warmup with

results="$out/results.tsv"
printf "run\tstreamline\twall_s\tcsc_ms\tanalyzers_s\tstreamline_s\tnetanalyzers_s\trules\tstreamline_pct_of_csc\tgenerator_s\tgenerator_pct_of_csc\n" > "$results"
pct() { awk -v s="$1" -v m="$2" 'BEGIN { printf "%.2f", (m > 0 ? 100 * s * 1000 / m : 0) }'; }
for i in $(seq 1 "$runs"); do
  rebuild "run$i" with
  read -r csc total sl net gen rules <<< "$(parse "$out/run$i.log")"
  printf "%s\twith\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$i" "$(cat "$out/run$i.log.wall")" "$csc" "$total" "$sl" "$net" "$rules" "$(pct "$sl" "$csc")" "$gen" "$(pct "$gen" "$csc")" | tee -a "$results"
  if $baseline; then
    rebuild "base$i" without
    read -r csc total sl net gen rules <<< "$(parse "$out/base$i.log")"
    printf "%s\twithout\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n" "$i" "$(cat "$out/base$i.log.wall")" "$csc" "$total" "$sl" "$net" "$rules" "0" "$gen" "0" | tee -a "$results"
  fi
done

echo
echo "medians over $runs runs (with Streamline):"
with_rows() { awk -F'\t' -v c="$1" 'NR > 1 && $2 == "with" { print $c }' "$results"; }
csc_ms=$(with_rows 4 | median)
sl_s=$(with_rows 6 | median)
printf "  Csc task                 %8.3f s\n" "$(awk -v m="$csc_ms" 'BEGIN { print m / 1000 }')"
printf "  all analyzers            %8.3f s\n" "$(with_rows 5 | median)"
printf "  NetAnalyzers             %8.3f s\n" "$(with_rows 7 | median)"
printf "  Streamline (all rules)   %8.3f s\n" "$sl_s"
printf "  Streamline / Csc         %8.2f %%  (median of the per-run ratios)\n" "$(with_rows 9 | median)"
printf "  Streamline.Generator     %8.3f s\n" "$(with_rows 10 | median)"
printf "  Generator / Csc          %8.2f %%  (median of the per-run ratios)\n" "$(with_rows 11 | median)"
for id in $(with_rows 8 | tr ' ' '\n' | sed -n 's/=.*//p' | sort -u); do
  printf "    %-22s %8.3f s\n" "$id" "$(with_rows 8 | tr ' ' '\n' | sed -n "s/^$id=//p" | median)"
done
if $baseline; then
  base_ms=$(awk -F'\t' 'NR > 1 && $2 == "without" { print $4 }' "$results" | median)
  printf "  Csc task without Streamline %8.3f s\n" "$(awk -v m="$base_ms" 'BEGIN { print m / 1000 }')"
fi
echo "table: $results"
