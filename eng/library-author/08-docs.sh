# Issue 30, point 8: the docs drift. From the packed package: every help link in a consumer build's SARIF names a ref
# of this repository whose tree has the rule's page (a blob/v<version> tag that was never made is a dead link), and
# the packed README and release notes (the nuspec's releaseNotes) list every id registered in RuleIds.cs.
project DocsLib netstandard2.0 Library "$streamline_ref"
cat > "$users/DocsLib/Uses.cs" <<'CS'
using System;
using System.IO;
using System.IO.Compression;

public static class Uses
{
    public static int Lines(string path) { return File.ReadAllLines(path).Length; }   // SL1003

    public static long Sum(string path)                                                // SL1002
    {
        using (var reader = new BinaryReader(File.OpenRead(path)))
        {
            long sum = 0;
            for (int i = 0; i < 1000; i++)
                sum += reader.ReadUInt16();
            return sum;
        }
    }

    public static int Chunks(string path)                                              // SL1001
    {
        using (var s = File.OpenRead(path))
        {
            var header = new byte[8];
            int n = 0;
            while (s.Read(header, 0, 8) == 8)
            {
                s.Position += 16;
                n++;
            }
            return n;
        }
    }

    public static long Bytes(string path)                                              // SL1006
    {
        using (var s = File.OpenRead(path))
        {
            long n = 0;
            while (s.Position < s.Length)
                n += s.ReadByte();
            return n;
        }
    }

    public static int Zeros(string path)                                               // SL1007
    {
        using (var gz = new GZipStream(File.OpenRead(path), CompressionMode.Decompress))
        {
            int zeros = 0, b;
            while ((b = gz.ReadByte()) != -1)
                if (b == 0) zeros++;
            return zeros;
        }
    }

    public static int Words(string text)                                               // SL1004
    {
        int count = 0;
        for (int i = text.IndexOfAny(new[] { ' ', '\t', ',', ';', ':', '.', '!', '?' }); i >= 0; i = text.IndexOfAny(new[] { ' ', '\t', ',', ';', ':', '.', '!', '?' }, i + 1))
            count++;
        return count;
    }
}
CS
printf '[*.cs]\nstreamline.SL1004.min_value = 8\n' > "$users/DocsLib/.editorconfig"   # SL0001: a typo'd key
# SL0002 comes from the generator, whose descriptor is built apart from the analyzers'.
project DocsOff netstandard2.0 Library "$streamline_ref<PropertyGroup><StreamlineRuntimeSource>false</StreamlineRuntimeSource></PropertyGroup>"
echo 'public static class UsesRuntime { public static long Lines(string p) { return Streamline.Runtime.LineCounter.Count(p); } }' > "$users/DocsOff/Uses.cs"

docs_sarif_ok=1
dotnet build "$users/DocsLib" --nologo -p:ErrorLog="$users/DocsLib/out.sarif%2Cversion=2.1" > "$users/DocsLib/build.txt" 2>&1 \
  || { cat "$users/DocsLib/build.txt"; check "08 docs: the library with every rule's pattern does not build"; docs_sarif_ok=""; }
dotnet build "$users/DocsOff" --nologo -p:ErrorLog="$users/DocsOff/out.sarif%2Cversion=2.1" > "$users/DocsOff/build.txt" 2>&1 || true   # CS0246 beside SL0002
if [ -n "$docs_sarif_ok" ]; then
  # One line per rule in the SARIF: id, helpUri.
  python3 - "$users/DocsLib/out.sarif" "$users/DocsOff/out.sarif" > "$users/help-links.txt" <<'PY'
import json, sys
for path in sys.argv[1:]:
    try:
        sarif = json.load(open(path, encoding="utf-8-sig"))
    except OSError:
        continue
    for run in sarif.get("runs", []):
        for rule in run.get("tool", {}).get("driver", {}).get("rules", []):
            if rule["id"].startswith("SL"):
                print(rule["id"], rule.get("helpUri", ""))
PY
  sort -u -o "$users/help-links.txt" "$users/help-links.txt"
  for id in SL0001 SL0002 SL1001 SL1002 SL1003 SL1004 SL1006 SL1007; do
    grep -q "^$id " "$users/help-links.txt" || check "08 docs: $id is not in the SARIF of the consumer builds (no help link to check)"
  done
  while read -r id uri; do
    page=$id
    [[ "$id" == SL11* ]] && page="SL10${id#SL11}" # a suggestion sibling (SL1102) is documented on its warning's page (SL1002)
    if [[ "$uri" =~ ^https://github\.com/streamline-analyzers/streamline/blob/([^/]+)/docs/rules/(SL[0-9]{4})\.md$ ]] && [ "${BASH_REMATCH[2]}" = "$page" ]; then
      git -C "$root" cat-file -e "${BASH_REMATCH[1]}:docs/rules/$page.md" 2> /dev/null \
        || check "08 docs: $id's help link $uri names ref '${BASH_REMATCH[1]}', which this repository does not have (or has without the page)"
    else
      check "08 docs: $id's help link '$uri' is not a rule page of the repository"
    fi
  done < "$users/help-links.txt"
  echo "help links checked: $(wc -l < "$users/help-links.txt") rules ($(cut -d' ' -f2 "$users/help-links.txt" | sed -E 's|.*/blob/([^/]+)/.*|\1|' | sort -u | tr '\n' ' '))"
fi

# The packed README and the release notes (nuspec) list every registered id, outside code blocks.
docs_nupkg="$work/feed/Streamline.$version.nupkg"
unzip -p "$docs_nupkg" README.md | python3 -c 'import re,sys; print(re.sub(r"^```.*?^```", "", sys.stdin.read(), flags=re.S | re.M))' > "$users/packed-readme.txt"
unzip -p "$docs_nupkg" Streamline.nuspec | python3 -c 'import re,sys,html; m=re.search(r"<releaseNotes>(.*?)</releaseNotes>", sys.stdin.read(), re.S); print(html.unescape(m.group(1)) if m else "")' > "$users/packed-notes.txt"
for id in $(grep -oE '"SL[0-9]{4}"' "$root/src/Analyzers/RuleIds.cs" | tr -d '"'); do
  grep -qw "$id" "$users/packed-readme.txt" || check "08 docs: the packed README does not list $id"
  grep -qw "$id" "$users/packed-notes.txt" || check "08 docs: the packed release notes do not list $id"
done
