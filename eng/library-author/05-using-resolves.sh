# Point 5: `using Streamline.Runtime;` resolves whenever the package is referenced, also where nothing of the namespace
# is used (the last use removed by hand, or a fix on another target). An unused using is a hint (CS8019, IDE0005),
# never CS0246. Checked at C# 7.3 with nullable off and at the latest language with nullable on, on a multi-target
# library, with the generator turned off, and next to the Streamline.Runtime assembly; each build is -warnaserror.
unused_using='using System;
using Streamline.Runtime;

namespace Lib
{
    public static class Lines
    {
        public static int Count(string path) { return path.Length; }
    }
}'
# name, target frameworks, extra properties, extra items
for setup in \
  "using73|netstandard2.0;net8.0|<LangVersion>7.3</LangVersion><Nullable>disable</Nullable>|" \
  "usinglatest|net8.0|<LangVersion>latest</LangVersion><Nullable>enable</Nullable>|" \
  "usingoff|netstandard2.0;net8.0|<StreamlineRuntimeSource>false</StreamlineRuntimeSource>|" \
  "usingassembly|netstandard2.0;net8.0||<ItemGroup><PackageReference Include=\"Streamline.Runtime\" Version=\"$version\" /></ItemGroup>"; do
  IFS='|' read -r name tfms props items <<<"$setup"
  project "$name" "$tfms" Library "<PropertyGroup>$props</PropertyGroup>$streamline_ref$items"
  printf '%s\n' "$unused_using" > "$users/$name/Lines.cs"
  if ! (cd "$users/$name" && dotnet build -c Release -warnaserror --nologo -v q > build.log 2>&1); then
    check "point 5: an unused 'using Streamline.Runtime;' breaks the build ($name: $tfms $props): $(grep -oE 'error [A-Z]+[0-9]+' "$users/$name/build.log" | sort | uniq -c | tr '\n' ' ')"
  fi
done

# A library whose only runtime use is on one target (#if): the other target's build keeps the using.
project usingif "netstandard2.0;net8.0" Library "$streamline_ref"
cat > "$users/usingif/Lines.cs" <<'CS'
using Streamline.Runtime;

namespace Lib
{
    public static class Lines
    {
#if NET8_0_OR_GREATER
        public static long Count(string path) { return LineCounter.Count(path); }
#else
        public static long Count(string path) { return path.Length; }
#endif
    }
}
CS
if ! (cd "$users/usingif" && dotnet build -c Release -warnaserror --nologo -v q > build.log 2>&1); then
  check "point 5: a runtime type used on one target only breaks the other target's build: $(grep -oE '(error|warning) [A-Z]+[0-9]+' "$users/usingif/build.log" | sort | uniq -c | tr '\n' ' ')"
fi
