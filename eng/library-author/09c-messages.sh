# Issue 30, point 9 (messages): a consumer build shows the no-fix messages of SL1002 (a BinaryReader parameter) and
# SL1007 (a caller's Stream) as one sentence: no '; ' chain of advice, at most 320 characters (200 before issue 31's
# evidence clause, 270 before issue 32's reason for no fix, as MessageTests), no inner sentence end; and SL1002's advice
# for a reader handed in agrees with its page (buffer it where it is made, not where it is read) and says why this one
# gets no fix (a public method: callers outside the project). A caller's reader or stream is weaker evidence (issue 31): the ids are
# SL1102 and SL1107, suggestions, shown in the build log here through StreamlineSuggestionsAsWarnings.
project Messages netstandard2.0 Library "<PropertyGroup><StreamlineSuggestionsAsWarnings>true</StreamlineSuggestionsAsWarnings></PropertyGroup>$streamline_ref"
cat > "$users/Messages/Parse.cs" <<'CS'
using System.IO;

public static class Parse
{
    // Counts down: a loop the fix does not read ahead where it is, so the message says why there is no fix.
    public static int Sum(BinaryReader reader, int count)
    {
        int sum = 0;
        for (int i = count; i > 0; i--)
            sum += reader.ReadInt32();
        return sum;
    }

    public static int Zeros(Stream input)
    {
        int zeros = 0, b;
        while ((b = input.ReadByte()) != -1)
            if (b == 0) zeros++;
        return zeros;
    }
}
CS
dotnet build "$users/Messages" --nologo > "$users/Messages/build.txt" 2>&1 || { cat "$users/Messages/build.txt"; check "09c messages: the project does not build"; }
for id in SL1102 SL1107; do
  # "path(line,col): warning SL1007: <message> (<help link>) [project]"; the build log shows each diagnostic twice.
  message=$(grep -E "warning $id: " "$users/Messages/build.txt" | head -1 | sed -E "s/.*warning $id: //; s/ \[[^]]*\]$//; s/ \(https?:[^ )]*\)$//")
  if [ -z "$message" ]; then
    check "09c messages: no $id warning on the no-fix shape"
    continue
  fi
  echo "$id: $message"
  [ "${#message}" -le 320 ] || check "09c messages: $id's message is ${#message} characters (at most 320)"
  [[ "$message" != *"; "* ]] || check "09c messages: $id's message chains clauses with '; ': $message"
  ! grep -qE '[.?!] +[A-Z]' <<< "$message" || check "09c messages: $id's message has more than one sentence: $message"
done
sl1002=$(grep -E "warning SL1102: " "$users/Messages/build.txt" | head -1)
[[ -z "$sl1002" || "$sl1002" == *"where it is made"* ]] \
  || check "09c messages: SL1002's message for a BinaryReader parameter advises what its page measures as slower (wrapping it where it is read): $sl1002"
[[ -z "$sl1002" || "$sl1002" == *"(no fix: 'Sum' is callable from outside)"* ]] \
  || check "09c messages: SL1002's message for a public method's BinaryReader parameter does not say why there is no fix: $sl1002"
