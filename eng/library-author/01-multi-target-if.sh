# Issue 30, point 1: one `dotnet format analyzers` run over a net8.0;netstandard2.0;net48 library whose files take
# different code under `#if`: no linked-file conflict markers, a using another target's branch needs stays, every
# target builds with -warnaserror afterwards, and `--verify-no-changes` then passes on a library that builds.
project IfLib "net8.0;netstandard2.0;net48" Library "$streamline_ref"
# SL1004 in both branches of one method, each with its own set: each target's fix adds its own cached set.
cat > "$users/IfLib/Tokens.cs" <<'CS'
namespace IfLib;

public static class Tokens
{
    public static int FirstDelimiter(string text)
    {
#if NET8_0_OR_GREATER
        return text.IndexOfAny(new[] { ',', ';', ':', '|', '\t', '/', '\\', '!' });
#else
        return text.IndexOfAny(new[] { ',', ';', ':', '|', '\t', '&', '#', '?' });
#endif
    }
}
CS
# SL1003 in the net8.0 branch; the other branch reads with a StreamReader, so `using System.IO;` is still needed.
cat > "$users/IfLib/Lines.cs" <<'CS'
using System.IO;

namespace IfLib;

public static class Lines
{
#if NET8_0_OR_GREATER
    public static int Count(string path) => File.ReadAllLines(path).Length;
#else
    public static int Count(string path)
    {
        using (var reader = new StreamReader(path))
        {
            int count = 0;
            while (reader.ReadLine() != null)
                count++;
            return count;
        }
    }
#endif
}
CS
sed -i 's/<OutputType>Library<\/OutputType>/&<LangVersion>latest<\/LangVersion>/' "$users/IfLib/IfLib.csproj"
dotnet build "$users/IfLib" --nologo > "$work/01-before.txt" 2>&1 || { cat "$work/01-before.txt"; check "01: the #if library must build before the fix"; }
grep -q "warning SL1004" "$work/01-before.txt" || check "01: SL1004 was not reported on the #if library"
grep -q "warning SL1003" "$work/01-before.txt" || check "01: SL1003 was not reported on the #if library"
dotnet format analyzers "$users/IfLib" --severity warn --no-restore > "$work/01-format.txt" 2>&1 || true
cat "$users/IfLib/Tokens.cs" "$users/IfLib/Lines.cs"
if conflict_markers IfLib; then check "01: dotnet format wrote linked-file conflict markers into the #if library"; fi
grep -q "^using System.IO;" "$users/IfLib/Lines.cs" || check "01: SL1003's fix removed the using System.IO; the netstandard2.0 and net48 branch needs"
grep -q "LineCounter.Count(path)" "$users/IfLib/Lines.cs" || check "01: SL1003's fix was not applied in the net8.0 branch"
[ "$(grep -c "IndexOfAny(new\[\]" "$users/IfLib/Tokens.cs")" = 0 ] || check "01: SL1004's fix was not applied in both branches"
if dotnet build "$users/IfLib" --no-restore --nologo -warnaserror > "$work/01-after.txt" 2>&1; then
  for tfm in net8.0 netstandard2.0 net48; do
    [ -f "$users/IfLib/bin/Debug/$tfm/IfLib.dll" ] || check "01: no $tfm build of the fixed #if library"
  done
else
  grep -E "error" "$work/01-after.txt" | sort -u | head -20
  check "01: a target of the fixed #if library does not build with -warnaserror"
fi
if dotnet format analyzers "$users/IfLib" --severity warn --no-restore --verify-no-changes > "$work/01-verify.txt" 2>&1; then
  if grep -q "error" "$work/01-after.txt"; then check "01: --verify-no-changes passes on a library that does not build"; fi
else
  cat "$work/01-verify.txt"
  check "01: --verify-no-changes still finds changes after the format run"
fi
