# Issue 30, point 4 (SL1004): the fixed code is clean under AnalysisLevel=latest-all with -warnaserror: a const the set
# was read from is not left unused (CA1823), and nothing else of the SDK's analyzers (CA, IDE) fires on the fix.
project CleanSets netstandard2.0 Library "$streamline_ref<PropertyGroup><AnalysisLevel>latest-all</AnalysisLevel><TreatWarningsAsErrors>false</TreatWarningsAsErrors></PropertyGroup>"
cat > "$users/CleanSets/Splitter.cs" <<'CS'
namespace CleanSets
{
    public static class Splitter
    {
        private const string Separators = ",;:|/\\!?&#";

        public static int FirstSeparator(string text)
        {
            if (text is null)
                throw new System.ArgumentNullException(nameof(text));

            return text.IndexOfAny(Separators.ToCharArray());
        }
    }
}
CS
dotnet build "$users/CleanSets" --nologo > "$work/04b-before.txt" 2>&1 || { cat "$work/04b-before.txt"; check "04b: the project must build before the fix"; }
grep -E "warning (CA|IDE)" "$work/04b-before.txt" | sort -u > "$work/04b-before-warnings.txt" || true
if [ -s "$work/04b-before-warnings.txt" ]; then cat "$work/04b-before-warnings.txt"; check "04b: the project has CA/IDE warnings before the fix"; fi
grep -q "warning SL1004" "$work/04b-before.txt" || check "04b: SL1004 was not reported on the const's search"
dotnet format analyzers "$users/CleanSets" --diagnostics SL1004 --severity warn --no-restore > "$work/04b-format.txt" 2>&1 || true
cat "$users/CleanSets/Splitter.cs"
if grep -q "IndexOfAny(Separators" "$users/CleanSets/Splitter.cs"; then check "04b: SL1004's fix was not applied"; fi
dotnet build "$users/CleanSets" --no-restore --nologo -warnaserror > "$work/04b-after.txt" 2>&1 \
  || { grep -E "error" "$work/04b-after.txt" | sort -u | head -20; check "04b: the code SL1004 fixed does not build under AnalysisLevel=latest-all with -warnaserror"; }
if grep -q "CA1823" "$work/04b-after.txt"; then check "04b: SL1004's fix left the const unused (CA1823)"; fi
