#!/usr/bin/env bash
# Packs Streamline and Streamline.Runtime into a local folder feed and checks, with real builds of fresh projects, what
# users get:
#   packages  Streamline: a development dependency with the analyzers, code fixes and generator, no lib/, no dependency;
#             Streamline.Runtime: its three builds; both with readme, icon, release notes and a .snupkg.
#   app       installed with `dotnet add package Streamline`: SL1003 reported, `dotnet format` applies its fix, and the
#             fixed code builds with -warnaserror on the generated LineCounter (no Streamline.Runtime.dll anywhere) and
#             prints the right count.
#   (a)       a library with PrivateAssets="all", fixed by `dotnet format`, and an app over it by ProjectReference and
#             by the library's own .nupkg (which depends on nothing of Streamline's): both run and print the count.
#   (b)       strong-named libraries: one on the generated runtime, one on the Streamline.Runtime assembly package
#             (netstandard2.0, netstandard2.1 and net8.0, so every build in the package): no CS8002 with -warnaserror;
#             one over an unsigned library gets CS8002, so the check can fail.
#   (c)       two libraries joined by InternalsVisibleTo, both with generated types: no CS0436, no ambiguity.
#   (d)       a net8.0;netstandard2.0;net48 library (the modern target first): `dotnet format analyzers` leaves no conflict markers, every target
#             builds with -warnaserror, and the net48 build runs on Mono (when mono is installed). CA1870 is a warning
#             there: SL1004's suppressor leaves each search one fix (the runtime set), never CA1870's SearchValues.
#   (f)       the fixed app published with PublishAot=true: no trim or AOT warning, and the native program counts.
#   (off)     StreamlineRuntimeSource=false: nothing is generated (the runtime's name does not bind: CS0103), and
#             SL0002 says, at the use, what to add.
#   (g)       without the package's build/ props (IncludeAssets="analyzers"; Unity-style <Analyzer> items for the three
#             DLLs, no package reference), StreamlineRuntimeSource is unset and the generator and the fixes agree that
#             it is on: dotnet format applies SL1003's fix, and the fixed project builds on the generated LineCounter.
#   (h)       a project with its own LineCounter class: nothing is generated but the (empty) namespace file.
#   (r)       reproducible: two clones of HEAD at different paths, packed with CI=true, give byte-identical DLLs; the
#             PDBs name no build path and carry SourceLink to the repository at that commit; the .nupkg holds no
#             .pdb (the .snupkg does); help links name the commit built, whose tree has the page (SARIF of the app's
#             build; releases get no tag, so a blob/v<version> link would be dead).
#   (d) also has SL1001's two kinds of site in one file: its one `dotnet format analyzers` run applies both the
#             SkipReader and the Seek fix, and the -warnaserror build shows that no Streamline warning is left.
# Nothing is downloaded: the feed is the packed folder plus the NuGet global packages folder, which the repository's
# own restore has filled; every project restores once into one packages folder of its own.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version="0.0.0-verify.$(date +%s)"
# VERIFY_KEEP_GOING=1 reports every failing check instead of stopping at the first (to see which checks old code fails).
failures=0
fail() {
  echo "FAIL: $*"
  if [ -n "${VERIFY_KEEP_GOING:-}" ]; then failures=$((failures + 1)); else exit 1; fi
}
has() { unzip -l "$1" | awk '{print $4}' | grep -qx "$2"; }

echo "== pack Streamline and Streamline.Runtime $version"
built_commit=$(git -C "$root" rev-parse HEAD)   # the commit SourceLink records, which the help links name
dotnet pack "$root/src/Package" -c Release -o "$work/feed" -p:Version="$version" --nologo -v quiet
dotnet pack "$root/src/Runtime" -c Release -o "$work/feed" -p:Version="$version" --nologo -v quiet
streamline="$work/feed/Streamline.$version.nupkg"
runtime="$work/feed/Streamline.Runtime.$version.nupkg"
for entry in analyzers/dotnet/cs/Streamline.Analyzers.dll analyzers/dotnet/cs/Streamline.CodeFixes.dll \
             analyzers/dotnet/cs/Streamline.Generator.dll build/Streamline.props buildTransitive/Streamline.props \
             README.md icon.png; do
  has "$streamline" "$entry" || fail "Streamline lacks $entry"
done
! unzip -l "$streamline" | awk '{print $4}' | grep -q '^lib/' || fail "Streamline has a lib/ folder"
for entry in lib/netstandard2.0/Streamline.Runtime.dll lib/netstandard2.1/Streamline.Runtime.dll \
             lib/net8.0/Streamline.Runtime.dll README.md icon.png; do
  has "$runtime" "$entry" || fail "Streamline.Runtime lacks $entry"
done
! unzip -l "$runtime" | awk '{print $4}' | grep -q '^analyzers/' || fail "Streamline.Runtime has analyzers"
nuspec=$(unzip -p "$streamline" Streamline.nuspec)
for element in '<developmentDependency>true</developmentDependency>' '<projectUrl>' '<repository ' '<releaseNotes>' \
               '<icon>icon.png</icon>' '<readme>README.md</readme>'; do
  grep -qF "$element" <<<"$nuspec" || fail "Streamline.nuspec lacks $element"
done
! grep -q '<dependency ' <<<"$nuspec" || fail "Streamline has dependencies"
for symbols in "$work/feed/Streamline.$version.snupkg" "$work/feed/Streamline.Runtime.$version.snupkg"; do
  [ -f "$symbols" ] || fail "no symbol package $(basename "$symbols")"
done
for pdb in Streamline.Analyzers Streamline.CodeFixes Streamline.Generator; do
  has "$work/feed/Streamline.$version.snupkg" "analyzers/dotnet/cs/$pdb.pdb" || fail "no $pdb.pdb in the .snupkg"
done
for package in "$streamline" "$runtime"; do
  ! unzip -l "$package" | awk '{print $4}' | grep -q '\.pdb$' || fail "$(basename "$package") holds .pdb files (symbols belong in the .snupkg only)"
done
grep -qE '<repository type="git" url="https://github.com/streamline-analyzers/streamline"[^>]* commit="[0-9a-f]{40}"' <<<"$nuspec" || fail "Streamline.nuspec lacks the repository's commit (SourceLink)"
has "$work/feed/Streamline.Runtime.$version.snupkg" lib/net8.0/Streamline.Runtime.pdb || fail "no runtime pdb in the .snupkg"

# The users' folder: its own nuget.config, and none of the repository's build settings.
users="$work/users"
mkdir -p "$users"
cat > "$users/nuget.config" <<XML
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="local" value="$work/feed" />
    <add key="cache" value="$(dotnet nuget locals global-packages -l | sed 's/^global-packages: //')" />
  </packageSources>
  <config>
    <add key="globalPackagesFolder" value="$work/packages" />
  </config>
</configuration>
XML
echo '<Project />' > "$users/Directory.Build.props"
echo '<Project />' > "$users/Directory.Build.targets"
echo '<Project />' > "$users/Directory.Packages.props"

# project <dir> <name> <target framework(s)> <output type> [extra project XML]
project() {
  mkdir -p "$users/$1"
  local frameworks="<TargetFramework>$3</TargetFramework>"
  [[ "$3" == *";"* ]] && frameworks="<TargetFrameworks>$3</TargetFrameworks>"
  cat > "$users/$1/$2.csproj" <<XML
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    $frameworks
    <OutputType>$4</OutputType>
    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
  </PropertyGroup>
  ${5:-}
</Project>
XML
}
streamline_ref="<ItemGroup><PackageReference Include=\"Streamline\" Version=\"$version\" PrivateAssets=\"all\" /></ItemGroup>"
count_lines='using System.IO;

namespace Users
{
    public static class Lines
    {
        public static int Count(string path)
        {
            return File.ReadAllLines(path).Length;
        }
    }
}'
main_over_lines='public static class Program
{
    public static void Main(string[] args)
    {
        System.Console.WriteLine(Users.Lines.Count(args[0]));
    }
}'
printf 'one\r\ntwo\rthree\nfour' > "$work/input.txt"
expected=4
runs_and_counts() {
  local actual
  actual=$("$@" "$work/input.txt") || fail "$* exited with $?"
  [ "$actual" = "$expected" ] || fail "$* printed '$actual', expected $expected"
}
no_runtime_dll() {
  ! find "$users/$1" -name 'Streamline.Runtime.dll' | grep -q . || fail "$1 has a Streamline.Runtime.dll"
}

# --- the projects ---
project App App net10.0 Exe
cat > "$users/App/Program.cs" <<'CS'
using System;
using System.IO;

public static class Program
{
    public static void Main(string[] args)
    {
        Console.WriteLine(File.ReadAllLines(args[0]).Length);
    }
}
CS
project Lib Lib netstandard2.0 Library "$streamline_ref"
echo "$count_lines" > "$users/Lib/Lines.cs"
project AppOverLib AppOverLib net10.0 Exe '<ItemGroup><ProjectReference Include="../Lib/Lib.csproj" /></ItemGroup>'
echo "$main_over_lines" > "$users/AppOverLib/Program.cs"

# (b) PublicSign with a public key made here: strong-named for the compiler, no signing tool needed.
python3 - "$users/strong.snk" <<'PY'
import random, struct, sys
random.seed(13)
bits = 1024
modulus = random.getrandbits(bits) | (1 << (bits - 1)) | 1
blob = struct.pack('<BBHI', 6, 2, 0, 0x2400) + b'RSA1' + struct.pack('<II', bits, 65537) + modulus.to_bytes(bits // 8, 'little')
open(sys.argv[1], 'wb').write(struct.pack('<III', 0x2400, 0x8004, len(blob)) + blob)
PY
signed_props='<PropertyGroup><SignAssembly>true</SignAssembly><PublicSign>true</PublicSign><AssemblyOriginatorKeyFile>../strong.snk</AssemblyOriginatorKeyFile></PropertyGroup>'
calls_runtime='using Streamline.Runtime;

namespace Users
{
    public static class Counted
    {
        public static long Lines(string path)
        {
            return LineCounter.Count(path);
        }
    }
}'
project Signed Signed netstandard2.0 Library "$signed_props $streamline_ref"
echo "$calls_runtime" > "$users/Signed/Counted.cs"
project SignedOverAssembly SignedOverAssembly 'netstandard2.0;netstandard2.1;net8.0' Library "$signed_props <ItemGroup><PackageReference Include=\"Streamline.Runtime\" Version=\"$version\" /></ItemGroup>"
echo "$calls_runtime" > "$users/SignedOverAssembly/Counted.cs"
project Unsigned Unsigned netstandard2.0 Library
echo 'namespace Users { public static class Plain { public static int One() { return 1; } } }' > "$users/Unsigned/Plain.cs"
project SignedOverUnsigned SignedOverUnsigned netstandard2.0 Library "$signed_props <ItemGroup><ProjectReference Include=\"../Unsigned/Unsigned.csproj\" /></ItemGroup>"
echo 'namespace Users { public static class Uses { public static int One() { return Plain.One(); } } }' > "$users/SignedOverUnsigned/Uses.cs"

# (c) Friend1 lets Friend2 see its internals; both name LineCounter, so both get generated copies.
project Friend1 Friend1 netstandard2.0 Library "$streamline_ref"
cat > "$users/Friend1/Friend1.cs" <<'CS'
using System.Runtime.CompilerServices;
using Streamline.Runtime;

[assembly: InternalsVisibleTo("Friend2")]

namespace Users
{
    internal static class Shared
    {
        internal static long Lines(string path)
        {
            return LineCounter.Count(path);
        }
    }
}
CS
project Friend2 Friend2 net10.0 Exe "$streamline_ref <ItemGroup><ProjectReference Include=\"../Friend1/Friend1.csproj\" /></ItemGroup>"
cat > "$users/Friend2/Program.cs" <<'CS'
using Streamline.Runtime;

public static class Program
{
    public static void Main(string[] args)
    {
        long own = LineCounter.Count(args[0]);
        long friends = Users.Shared.Lines(args[0]);
        System.Console.WriteLine(own == friends ? own.ToString() : "differ");
    }
}
CS

# (d) A library on three targets, with code that SL1003 and SL1004 fix (SL1004 to the generated CharSearchSet, also on
# net8.0, because the project's other targets lack SearchValues), and a net48 program over it for Mono.
project Multi Multi 'net8.0;netstandard2.0;net48' Library "$streamline_ref"
echo "$count_lines" > "$users/Multi/Lines.cs"
cat > "$users/Multi/Separators.cs" <<'CS'
namespace Users
{
    public static class Separators
    {
        public static int FirstFive(string text)
        {
            return text.IndexOfAny(new[] { ',', ';', ':', '|', '\t' });
        }

        public static int FirstTen(string text)
        {
            return text.IndexOfAny(new[] { ',', ';', ':', '|', '\t', '/', '\\', '#', '!', '?' });
        }

        public static int FirstHexDigit(string text)
        {
            return text.IndexOfAny(new[] { 'a', 'b', 'c', 'd', 'e', 'f', 'A', 'B', 'C', 'D', 'E', 'F' });
        }
    }
}
CS
# CA1870 as a warning: on net8.0 it reports every call above, and its SearchValues fix would not compile for net48.
# SL1004's suppressor quiets it where SL1004 covers the call, so dotnet format writes SL1004's one fix.
printf '[*.cs]\ndotnet_diagnostic.CA1870.severity = warning\n' > "$users/Multi/.editorconfig"
project MonoRunner MonoRunner net48 Exe '<ItemGroup><ProjectReference Include="../Multi/Multi.csproj" /></ItemGroup>'
echo "$main_over_lines" > "$users/MonoRunner/Program.cs"

# SL1006: Length checked in the body of a counted loop. net48 and netstandard2.0 are C# 7.3, so every target must get
# the C# 7.3 form of the fix, whichever target the project lists first.
cat > "$users/Multi/Lengths.cs" <<'CS'
using System.IO;

namespace Users
{
    public static class Lengths
    {
        public static long Sum(Stream stream, int count)
        {
            // Two bytes a pass: a ReadByte here would be SL1007 on a caller's stream, which has no fix.
            byte[] pair = new byte[2];
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                if (stream.Position + 2 > stream.Length)
                    break;
                sum += stream.Read(pair, 0, 2);
            }

            return sum;
        }
    }
}
CS

# SL1001: a loop the SkipReader can take over, then a loop only Seek can fix (two equivalence keys before one run
# could fix both).
cat > "$users/Multi/Records.cs" <<'CS'
using System.IO;

namespace Users
{
    public static class Records
    {
        public static long SumFirstBytes(string path)
        {
            using (var stream = File.OpenRead(path))
            {
                var record = new byte[4];
                long sum = 0;
                while (stream.Read(record, 0, 1) > 0)
                {
                    sum += record[0];
                    stream.Position += 3;
                }

                return sum;
            }
        }

        public static long SumHeaders(string path, int count)
        {
            var stream = File.OpenRead(path);
            long sum = 0;
            for (int i = 0; i < count; i++)
            {
                sum += stream.ReadByte();
                stream.Position += 7;
            }

            stream.Dispose();
            return sum;
        }
    }
}
CS

# (off) The generator turned off: the runtime's name must not bind.
project Off Off netstandard2.0 Library "<PropertyGroup><StreamlineRuntimeSource>false</StreamlineRuntimeSource></PropertyGroup> $streamline_ref"
echo "$calls_runtime" > "$users/Off/Counted.cs"

# (g) No build/ props: the analyzers folder alone, by IncludeAssets and by Unity-style <Analyzer> items.
project AnalyzersOnly AnalyzersOnly net10.0 Exe "<ItemGroup><PackageReference Include=\"Streamline\" Version=\"$version\" PrivateAssets=\"all\" IncludeAssets=\"analyzers\" /></ItemGroup>"
cp "$users/App/Program.cs" "$users/AnalyzersOnly/Program.cs"
analyzers="$work/packages/streamline/$version/analyzers/dotnet/cs"
project UnityStyle UnityStyle netstandard2.1 Library "<ItemGroup><Analyzer Include=\"$analyzers/Streamline.Analyzers.dll\" /><Analyzer Include=\"$analyzers/Streamline.CodeFixes.dll\" /><Analyzer Include=\"$analyzers/Streamline.Generator.dll\" /></ItemGroup>"
echo "$count_lines" > "$users/UnityStyle/Lines.cs"

# (h) The project's own LineCounter, named like the runtime's.
project OwnCounter OwnCounter netstandard2.0 Library "$streamline_ref"
cat > "$users/OwnCounter/Own.cs" <<'CS'
namespace Users
{
    public static class LineCounter
    {
        public static int Count(string text) { return text.Split('\n').Length; }
    }

    public static class UsesOwn
    {
        public static int Lines(string text) { return LineCounter.Count(text); }
    }
}
CS

echo "== install the way the README says, and restore every project once"
(cd "$users/App" && dotnet add package Streamline --version "$version" > "$work/add.txt") || { cat "$work/add.txt"; fail "dotnet add package"; }
grep -q '<PrivateAssets>all</PrivateAssets>' "$users/App/App.csproj" || fail "dotnet add package did not make Streamline private (developmentDependency)"
for p in App AppOverLib Signed SignedOverAssembly SignedOverUnsigned Friend2 MonoRunner Off AnalyzersOnly OwnCounter; do
  dotnet restore "$users/$p" --nologo -v quiet
done

echo "== app: SL1003 reported, fixed by dotnet format, built with -warnaserror on the generated runtime, run"
dotnet restore "$users/UnityStyle" --nologo -v quiet
dotnet build "$users/App" --no-restore --nologo -p:ErrorLog="$work/app.sarif%2Cversion=2.1" > "$work/app1.txt" 2>&1 || { cat "$work/app1.txt"; fail "the app must build before the fix"; }
grep -q "\"helpUri\": \"https://github.com/streamline-analyzers/streamline/blob/$built_commit/docs/rules/SL1003.md\"" "$work/app.sarif" \
  || { grep helpUri "$work/app.sarif"; fail "SL1003's help link does not name the commit built, $built_commit"; }
git -C "$root" cat-file -e "$built_commit:docs/rules/SL1003.md" || fail "the commit built has no docs/rules/SL1003.md"
grep -q "warning SL1003" "$work/app1.txt" || fail "SL1003 was not reported by the package's analyzer"
# The command README.md gives users for applying every fix at once.
dotnet format analyzers "$users/App" --diagnostics SL1001 SL1002 SL1003 SL1004 SL1005 SL1006 SL1007 SL1101 SL1102 SL1106 SL1107 --severity info --no-restore
cat "$users/App/Program.cs"
grep -q "LineCounter.Count(args\[0\])" "$users/App/Program.cs" || { cat "$users/App/Program.cs"; fail "the code fix was not applied"; }
grep -q "using Streamline.Runtime;" "$users/App/Program.cs" || fail "the code fix did not add its using"
dotnet build "$users/App" --no-restore --nologo -warnaserror -v quiet -p:EmitCompilerGeneratedFiles=true > "$work/app2.txt" 2>&1 || { cat "$work/app2.txt"; fail "the fixed app must build"; }
find "$users/App/obj" -path '*Streamline.Generator*' -name 'Streamline.Runtime.LineCounter.g.cs' | grep -q . || fail "the generator did not emit LineCounter"
no_runtime_dll App
runs_and_counts dotnet "$users/App/bin/Debug/net10.0/App.dll"

echo "== (f) the fixed app published with native AOT: no trim or AOT warning, and the native program counts"
if command -v clang > /dev/null || command -v gcc > /dev/null; then
  dotnet publish "$users/App" -r linux-x64 -p:PublishAot=true --nologo -o "$work/aot" > "$work/f.txt" 2>&1 || { cat "$work/f.txt"; fail "the AOT publish failed"; }
  if grep -E "warning IL[0-9]{4}" "$work/f.txt"; then fail "trim or AOT warnings in the published app"; fi
  runs_and_counts "$work/aot/App"
else
  echo "no C compiler (clang or gcc): the AOT publish was not run"
fi

echo "== (a) PrivateAssets=\"all\" library, fixed; app over it by ProjectReference and by its own nupkg"
dotnet format analyzers "$users/Lib" --diagnostics SL1003 --severity warn --no-restore
grep -q "LineCounter.Count(path)" "$users/Lib/Lines.cs" || { cat "$users/Lib/Lines.cs"; fail "the library was not fixed"; }
dotnet build "$users/AppOverLib" --no-restore --nologo -warnaserror -v quiet > "$work/a1.txt" 2>&1 || { cat "$work/a1.txt"; fail "the app over the library must build"; }
no_runtime_dll AppOverLib
runs_and_counts dotnet "$users/AppOverLib/bin/Debug/net10.0/AppOverLib.dll"
dotnet pack "$users/Lib" --no-restore --nologo -v quiet -o "$work/feed" -p:Version=1.0.0 -p:PackageId=Users.Lib
! unzip -p "$work/feed/Users.Lib.1.0.0.nupkg" Users.Lib.nuspec | grep -qi 'Streamline' || fail "the library's package depends on Streamline"
project AppOverPackage AppOverPackage net10.0 Exe '<ItemGroup><PackageReference Include="Users.Lib" Version="1.0.0" /></ItemGroup>'
echo "$main_over_lines" > "$users/AppOverPackage/Program.cs"
dotnet build "$users/AppOverPackage" --nologo -warnaserror -v quiet > "$work/a2.txt" 2>&1 || { cat "$work/a2.txt"; fail "the app over the library's package must build"; }
no_runtime_dll AppOverPackage
runs_and_counts dotnet "$users/AppOverPackage/bin/Debug/net10.0/AppOverPackage.dll"

echo "== (b) strong-named libraries, on the generated runtime and on the Streamline.Runtime package: no CS8002"
dotnet build "$users/Signed" --no-restore --nologo -warnaserror > "$work/b1.txt" 2>&1 || { cat "$work/b1.txt"; fail "the strong-named library must build with -warnaserror"; }
! grep -q CS8002 "$work/b1.txt" || fail "CS8002 in the strong-named library"
dotnet build "$users/SignedOverAssembly" --no-restore --nologo -warnaserror > "$work/b2.txt" 2>&1 || { cat "$work/b2.txt"; fail "the strong-named library over the Streamline.Runtime package must build with -warnaserror"; }
! grep -q CS8002 "$work/b2.txt" || fail "CS8002 in the strong-named library over the Streamline.Runtime package"
for tfm in netstandard2.0 netstandard2.1 net8.0; do
  [ -f "$users/SignedOverAssembly/bin/Debug/$tfm/SignedOverAssembly.dll" ] || fail "no $tfm build over the Streamline.Runtime package"
done
dotnet build "$users/SignedOverUnsigned" --no-restore --nologo > "$work/b3.txt" 2>&1 || { cat "$work/b3.txt"; fail "the strong-named library over an unsigned one must build"; }
grep -q "warning CS8002" "$work/b3.txt" || fail "the CS8002 check cannot fail: no CS8002 over an unsigned library either"

echo "== (c) InternalsVisibleTo pair, both with generated types"
dotnet build "$users/Friend2" --no-restore --nologo -warnaserror > "$work/c.txt" 2>&1 || { cat "$work/c.txt"; fail "the InternalsVisibleTo pair must build with -warnaserror"; }
! grep -Eq "CS0436|CS0433|CS0229" "$work/c.txt" || fail "conflicts between the pair's generated types"
runs_and_counts dotnet "$users/Friend2/bin/Debug/net10.0/Friend2.dll"

echo "== (d) net8.0;netstandard2.0;net48 library: dotnet format, no conflict markers, every target builds"
# Before the fix: SL1004 reports the searches on every target (net8.0 too), and CA1870 nowhere (the suppressor).
dotnet build "$users/Multi" --no-restore --nologo > "$work/d0.txt" 2>&1 || { cat "$work/d0.txt"; fail "the multi-targeted library must build before the fix"; }
grep -q "warning SL1004.*TargetFramework=net8.0" "$work/d0.txt" || { cat "$work/d0.txt"; fail "SL1004 was not reported on the net8.0 build"; }
! grep -q "warning CA1870" "$work/d0.txt" || { grep "CA1870" "$work/d0.txt"; fail "CA1870 was reported beside SL1004 on a multi-targeted library"; }
dotnet format analyzers "$users/Multi" --severity info --no-restore > "$work/d-format.txt" 2>&1 || true
cat "$users/Multi/Lines.cs" "$users/Multi/Separators.cs"
grep -E "warning|error" "$work/d-format.txt" || true
if grep -rnE '^(<<<<<<<|=======|>>>>>>>)' "$users/Multi" --include='*.cs'; then fail "dotnet format wrote conflict markers"; fi
grep -q "LineCounter.Count(path)" "$users/Multi/Lines.cs" || { cat "$users/Multi/Lines.cs"; fail "the multi-targeted library was not fixed"; }
[ "$(grep -c "CharSearchSet.Create" "$users/Multi/Separators.cs")" = 3 ] || fail "SL1004 did not fix the three searches of the multi-targeted library"
! grep -q "SearchValues" "$users/Multi/Separators.cs" || fail "CA1870's SearchValues fix was applied to the multi-targeted library"
dotnet build "$users/Multi" --no-restore --nologo -warnaserror > "$work/d.txt" 2>&1 || { cat "$work/d.txt"; fail "a target of the multi-targeted library does not build"; }
for tfm in net48 netstandard2.0 net8.0; do
  [ -f "$users/Multi/bin/Debug/$tfm/Multi.dll" ] || fail "no $tfm build"
done
cat "$users/Multi/Records.cs"
grep -q "skipReader.Skip(3);" "$users/Multi/Records.cs" || fail "one dotnet format run did not apply SL1001's SkipReader fix"
grep -q "stream.Seek(7, SeekOrigin.Current);" "$users/Multi/Records.cs" || fail "one dotnet format run did not apply SL1001's Seek fix"
grep -q "(length < 0 ? length = stream.Length : length)" "$users/Multi/Lengths.cs" || { cat "$users/Multi/Lengths.cs"; fail "SL1006's C# 7.3 form was not applied on every target"; }
dotnet build "$users/MonoRunner" --no-restore --nologo -warnaserror -v quiet > "$work/d2.txt" 2>&1 || { cat "$work/d2.txt"; fail "the net48 program must build"; }
if command -v mono > /dev/null; then
  runs_and_counts mono "$users/MonoRunner/bin/Debug/net48/MonoRunner.exe"
  echo "net48 build ran on Mono"
else
  echo "mono not installed: the net48 build was not run"
fi

echo "== (off) StreamlineRuntimeSource=false generates nothing"
if dotnet build "$users/Off" --no-restore --nologo > "$work/off.txt" 2>&1; then fail "LineCounter bound with the generator off"; fi
grep -q "CS0246\|CS0103" "$work/off.txt" || { cat "$work/off.txt"; fail "expected the runtime's name not to bind"; }
grep -q "Counted.cs(9,[0-9]*): warning SL0002: 'LineCounter' is a Streamline.Runtime type.*PackageReference Include=\"Streamline.Runtime\"" "$work/off.txt" \
  || { cat "$work/off.txt"; fail "SL0002 did not say, at the use, what to add"; }

echo "== (g) without build/ props (IncludeAssets=\"analyzers\", Unity-style <Analyzer> items): dotnet format fixes, the fix builds"
for p in AnalyzersOnly UnityStyle; do
  dotnet format analyzers "$users/$p" --diagnostics SL1003 --severity warn --no-restore
  grep -q "LineCounter.Count(" "$users/$p"/*.cs || { cat "$users/$p"/*.cs; fail "$p: dotnet format applied no fix without the package's build/ props"; }
  dotnet build "$users/$p" --no-restore --nologo -warnaserror -v quiet > "$work/g-$p.txt" 2>&1 || { cat "$work/g-$p.txt"; fail "$p: the fixed project must build on the generated LineCounter"; }
  no_runtime_dll "$p"
done
runs_and_counts dotnet "$users/AnalyzersOnly/bin/Debug/net10.0/AnalyzersOnly.dll"

echo "== (h) the project's own LineCounter: nothing generated but the namespace file"
dotnet build "$users/OwnCounter" --no-restore --nologo -warnaserror -v quiet -p:EmitCompilerGeneratedFiles=true > "$work/h.txt" 2>&1 || { cat "$work/h.txt"; fail "the project with its own LineCounter must build"; }
if find "$users/OwnCounter/obj" -path '*Streamline.Generator*' -name '*.g.cs' ! -name 'Streamline.Runtime.Namespace.g.cs' | grep .; then fail "the project's own LineCounter pulled generated runtime source in"; fi

echo "== (r) reproducible: two clones of HEAD at different paths, packed with CI=true"
for clone in "$work/r/a" "$work/r/checkout-at-another-path"; do
  git clone --quiet "$root" "$clone"
  git -C "$clone" remote set-url origin https://github.com/streamline-analyzers/streamline.git
  CI=true dotnet pack "$clone/src/Package" -c Release -o "$clone/out" -p:Version="$version" --nologo -v quiet > "$work/r.txt" 2>&1 || { cat "$work/r.txt"; fail "the pack of $clone failed"; }
  mkdir -p "$clone/unzipped" && unzip -q "$clone/out/Streamline.$version.nupkg" -d "$clone/unzipped" && unzip -q -o "$clone/out/Streamline.$version.snupkg" -d "$clone/unzipped"
done
commit=$(git -C "$work/r/a" rev-parse HEAD)
for part in Streamline.Analyzers Streamline.CodeFixes Streamline.Generator; do
  cmp -s "$work/r/a/unzipped/analyzers/dotnet/cs/$part.dll" "$work/r/checkout-at-another-path/unzipped/analyzers/dotnet/cs/$part.dll" \
    || fail "$part.dll differs between two checkouts of one commit (no ContinuousIntegrationBuild?)"
  pdb="$work/r/a/unzipped/analyzers/dotnet/cs/$part.pdb"
  ! grep -qa "$work/r/a" "$pdb" "$work/r/a/unzipped/analyzers/dotnet/cs/$part.dll" || fail "$part names the build path"
  grep -qa "https://raw.githubusercontent.com/streamline-analyzers/streamline/$commit/" "$pdb" || fail "$part.pdb has no SourceLink to the commit"
done

[ "$failures" -eq 0 ] || { echo "$failures checks failed"; exit 1; }
echo "packages verified: the app, (a) library by ProjectReference and nupkg, (b) strong name, (c) InternalsVisibleTo, (d) three targets, (f) native AOT, the opt-out with SL0002, (g) no build/ props, (h) own LineCounter, (r) reproducible"
