# Issue 30, point 2: a net8.0;netstandard2.0 library without <LangVersion> (C# 12 on one target, 7.3 on the other) and a
# reference without the package's build/ props (IncludeAssets="analyzers"): SL1006's fix writes the C# 7.3 form on
# both targets, the merge writes no conflict markers, and both targets build with -warnaserror. The loop counts to a
# byte size, so its passes grow with the data and SL1006 is the warning (counted to a plain count, the guard only cuts
# the loop short and it would be SL1106, a suggestion: docs/real-world.md, 2026-11-28 fourth session).
project LangLib "net8.0;netstandard2.0" Library \
  "<ItemGroup><PackageReference Include=\"Streamline\" Version=\"$version\" PrivateAssets=\"all\" IncludeAssets=\"analyzers\" /></ItemGroup>"
cat > "$users/LangLib/Records.cs" <<'CS'
using System.IO;

namespace LangLib
{
    public static class Records
    {
        public static int SumUntilEnd(string path, int size)
        {
            int sum = 0;
            using (var input = File.OpenRead(path))
            {
                for (int i = 0; i < size; i++)
                {
                    if (input.Position + 4 > input.Length)
                        break;
                    sum += input.ReadByte();
                }
            }

            return sum;
        }
    }
}
CS
dotnet build "$users/LangLib" --nologo > "$work/02-before.txt" 2>&1 || { cat "$work/02-before.txt"; check "02: the library must build before the fix"; }
grep -q "warning SL1006" "$work/02-before.txt" || check "02: SL1006 was not reported"
dotnet format analyzers "$users/LangLib" --severity warn --no-restore > "$work/02-format.txt" 2>&1 || true
cat "$users/LangLib/Records.cs"
if conflict_markers LangLib; then check "02: dotnet format wrote conflict markers where the targets' language versions differ"; fi
if grep -q "??=" "$users/LangLib/Records.cs"; then check "02: SL1006's fix wrote ??= (C# 8) into a file netstandard2.0 compiles as C# 7.3"; fi
grep -q "length = input.Length" "$users/LangLib/Records.cs" || check "02: SL1006's fix was not applied"
dotnet build "$users/LangLib" --no-restore --nologo -warnaserror > "$work/02-after.txt" 2>&1 \
  || { grep -E "error" "$work/02-after.txt" | sort -u | head -20; check "02: a target of the fixed library does not build with -warnaserror"; }
