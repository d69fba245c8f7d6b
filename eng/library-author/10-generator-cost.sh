# Point 10: in a compilation that names no runtime type, the generator adds nothing but the namespace file (point 5)
# and probes nothing. The build's own report (ReportAnalyzer=true) shows what the generator costs; the check asserts
# the generated files, never a time.
project nocost "netstandard2.0;net8.0" Library "<PropertyGroup><EmitCompilerGeneratedFiles>true</EmitCompilerGeneratedFiles></PropertyGroup>$streamline_ref"
for i in $(seq 1 60); do
  printf 'using System.IO;\nnamespace Lib\n{\n    public static class C%s { public static int Lines(string p) { return File.ReadAllText(p).Split((char)10).Length + %s; } }\n}\n' "$i" "$i" > "$users/nocost/C$i.cs"
done
if ! (cd "$users/nocost" && dotnet build -c Release -warnaserror --nologo -v:d -p:ReportAnalyzer=true > build.log 2>&1); then
  check "point 10: the project that names no runtime type does not build: $(grep -oE '(error|warning) [A-Z]+[0-9]+' "$users/nocost/build.log" | sort | uniq -c | tr '\n' ' ')"
fi
echo "   generator time as the compiler reports it (per target):"
grep -E 'RuntimeSourceGenerator|generator execution time' "$users/nocost/build.log" | grep -v -- '/analyzer:' | sed 's/^ */     /' | sort -u || true
for tfm in netstandard2.0 net8.0; do
  generated="$users/nocost/obj/Release/$tfm/generated/Streamline.Generator/Streamline.Generator.RuntimeSourceGenerator"
  files=$(cd "$generated" 2>/dev/null && ls | tr '\n' ' ' || true)
  [ "$files" = "Streamline.Runtime.Namespace.g.cs " ] \
    || check "point 10: on $tfm the generator added [${files:-no file}], not just the namespace file (Streamline.Runtime.Namespace.g.cs)"
done
