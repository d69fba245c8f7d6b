# Point 6: configuration diagnostics are one per project and bad value, in their own category, and a bad MSBuild switch
# value is reported. A library of 40 files with one typo in .editorconfig.
project config net8.0 Library "$streamline_ref"
for i in $(seq 1 40); do
  printf 'namespace Lib\n{\n    public static class C%s { public static int V() { return %s; } }\n}\n' "$i" "$i" > "$users/config/C$i.cs"
done
# config_build <log> [msbuild args]: a rebuild, its output in <log>; distinct_sl0001 <log>: its distinct SL0001 lines
# (MSBuild may print a diagnostic more than once).
config_build() {
  local log=$1; shift
  (cd "$users/config" && dotnet build -c Release --no-incremental --nologo -v q -clp:NoSummary "$@" > "$log" 2>&1) || true
}
distinct_sl0001() { grep 'SL0001' "$1" | sort -u | wc -l; }
printf 'root = true\n[*.cs]\nstreamline.SL1004.min_values = abc\n' > "$users/config/.editorconfig"
config_build "$users/config/one.log"
count=$(distinct_sl0001 "$users/config/one.log")
[ "$count" -eq 1 ] || check "point 6: one bad .editorconfig value in a 40-file project gives $count SL0001 warnings, not 1"

printf 'root = true\n[*.cs]\nstreamline.SL1004.min_values = abc\nstreamline.SL1005.assume_compiler_version = banana\n' > "$users/config/.editorconfig"
config_build "$users/config/two.log"
count=$(distinct_sl0001 "$users/config/two.log")
[ "$count" -eq 2 ] || check "point 6: two bad .editorconfig values in a 40-file project give $count SL0001 warnings, not 2"

# A team that silences the Performance category (CA18xx and the like) keeps the configuration diagnostics.
printf 'root = true\n[*.cs]\ndotnet_analyzer_diagnostic.category-Performance.severity = none\nstreamline.SL1004.min_values = abc\n' > "$users/config/.editorconfig"
config_build "$users/config/category.log"
grep -q 'SL0001' "$users/config/category.log" || check "point 6: category-Performance.severity = none silences SL0001 too"

# A bad MSBuild switch value: reported once, naming the property, the value and what is accepted.
rm "$users/config/.editorconfig"
config_build "$users/config/switch.log" -p:StreamlineRuntimeSource=flase
count=$(grep -E 'SL000[12]' "$users/config/switch.log" | grep 'StreamlineRuntimeSource' | sort -u | wc -l)
[ "$count" -eq 1 ] || check "point 6: StreamlineRuntimeSource=flase gives $count diagnostics naming the property, not 1"
grep -E 'SL000[12].*StreamlineRuntimeSource' "$users/config/switch.log" | grep -q 'flase' \
  || check "point 6: the diagnostic for StreamlineRuntimeSource=flase does not quote the value"
