# Issue 30, point 9 (SL1004): comments inside the searched character set are kept, as the file has them.
project CommentSets netstandard2.0 Library "$streamline_ref"
cat > "$users/CommentSets/Quotes.cs" <<'CS'
namespace CommentSets
{
    public static class Quotes
    {
        public static int FirstSpecial(string text)
        {
            return text.IndexOfAny(new[]
            {
                '\'', /* quote */ '"',
                // separators
                ',', ';', ':', '|',
                '\\', '/', // slashes
                '!',
            });
        }
    }
}
CS
dotnet build "$users/CommentSets" --nologo > "$work/09b-before.txt" 2>&1 || { cat "$work/09b-before.txt"; check "09b: the project must build before the fix"; }
grep -q "warning SL1004" "$work/09b-before.txt" || check "09b: SL1004 was not reported on the commented set"
dotnet format analyzers "$users/CommentSets" --diagnostics SL1004 --severity warn --no-restore > "$work/09b-format.txt" 2>&1 || true
cat "$users/CommentSets/Quotes.cs"
if grep -q "text.IndexOfAny(new" "$users/CommentSets/Quotes.cs"; then check "09b: SL1004's fix was not applied"; fi
for comment in "/\* quote \*/" "// separators" "// slashes"; do
  grep -q "$comment" "$users/CommentSets/Quotes.cs" || check "09b: SL1004's fix dropped the comment $comment inside the set"
done
dotnet build "$users/CommentSets" --no-restore --nologo -warnaserror > "$work/09b-after.txt" 2>&1 \
  || { grep -E "error" "$work/09b-after.txt" | sort -u | head -20; check "09b: the fixed project does not build with -warnaserror"; }
