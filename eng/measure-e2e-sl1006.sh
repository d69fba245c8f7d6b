#!/usr/bin/env bash
# The issue-12 loop, end to end as a user gets it: pack Streamline, make a console project whose Sum reads a file with
#   while (reader.BaseStream.Position < reader.BaseStream.Length) { sum += reader.ReadUInt16(); }
# over File.OpenRead, keep a copy as the original, apply every Streamline fix with
#   dotnet format analyzers --severity info
# and run the original and the fixed program on the same file (.NET 10; the net48 build under Mono when `mono` is on
# the PATH). Prints both results, the time per Sum and the ratio; fails if SL1006's fix was not applied or the results
# differ (times are printed, never asserted: eng/test.sh runs it on 1 MB as an end-to-end behaviour check).
#   eng/measure-e2e-sl1006.sh [megabytes=4] [runs=3] [format-passes=1]
# A second `dotnet format` pass lets rules that fire only on the fixed loop (SL1002 once Length is hoisted) apply too.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
megabytes=${1:-4}
runs=${2:-3}
passes=${3:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version="0.0.0-e2e.$(date +%s)"
packages=$(dotnet nuget locals global-packages --list | sed 's/^global-packages: //')

echo "== pack Streamline $version"
dotnet pack "$root/src/Package" -c Release -o "$work/feed" -p:Version="$version" --nologo -v quiet

targets="net10.0"
if command -v mono > /dev/null; then targets="net10.0;net48"; fi

mkdir -p "$work/original"
cat > "$work/original/nuget.config" <<XML
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="local" value="$work/feed" />
    <!-- The machine's package folder, for the .NET Framework reference assemblies of the net48 build (offline). -->
    <add key="machine" value="$packages" />
  </packageSources>
</configuration>
XML
cat > "$work/original/E2E.csproj" <<XML
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFrameworks>$targets</TargetFrameworks>
    <LangVersion>latest</LangVersion>
    <Nullable>disable</Nullable>
    <ImplicitUsings>disable</ImplicitUsings>
    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Streamline" Version="$version" />
  </ItemGroup>
  <ItemGroup Condition="'\$(TargetFramework)' == 'net48'">
    <PackageReference Include="Microsoft.NETFramework.ReferenceAssemblies" Version="1.0.3" PrivateAssets="all" />
  </ItemGroup>
</Project>
XML
# Keep the repository's build settings out: the project stands for a user's.
echo '<Project />' > "$work/original/Directory.Build.props"
echo '<Project />' > "$work/original/Directory.Packages.props"
cat > "$work/original/Program.cs" <<'CS'
using System;
using System.Diagnostics;
using System.IO;

public static class Program
{
    public static long Sum(string path)
    {
        using (var reader = new BinaryReader(File.OpenRead(path)))
        {
            long sum = 0;
            while (reader.BaseStream.Position < reader.BaseStream.Length)
            {
                sum += reader.ReadUInt16();
            }

            return sum;
        }
    }

    public static void Main(string[] args)
    {
        int runs = int.Parse(args[1]);
        long sum = Sum(args[0]);
        var watch = Stopwatch.StartNew();
        for (int i = 0; i < runs; i++)
            sum = Sum(args[0]);
        Console.WriteLine("sum=" + sum + " ms=" + (watch.Elapsed.TotalMilliseconds / runs).ToString("F1", System.Globalization.CultureInfo.InvariantCulture));
    }
}
CS
cp -r "$work/original" "$work/fixed"

echo "== restore, and apply the fixes with dotnet format analyzers --severity info"
for side in original fixed; do
  dotnet restore "$work/$side" --packages "$work/packages" --nologo -v quiet
done
for ((pass = 1; pass <= passes; pass++)); do
  dotnet format analyzers "$work/fixed" --severity info --no-restore || true
done
echo "-- the fixed Sum:"
sed -n '/public static long Sum/,/^    }/p' "$work/fixed/Program.cs"
grep -q "long length = reader.BaseStream.Length;" "$work/fixed/Program.cs" || { echo "FAIL: SL1006's fix was not applied"; exit 1; }

for side in original fixed; do
  dotnet build "$work/$side" -c Release --no-restore --nologo -v quiet > "$work/build-$side.txt" 2>&1 || { cat "$work/build-$side.txt"; exit 1; }
done

head -c $((megabytes * 1024 * 1024)) /dev/urandom > "$work/data.bin"
measure() { # runtime-label command...
  local label=$1; shift
  local original fixed
  original=$("$@" "$work/original/bin/Release/$tfm/E2E.$ext" "$work/data.bin" "$runs")
  fixed=$("$@" "$work/fixed/bin/Release/$tfm/E2E.$ext" "$work/data.bin" "$runs")
  echo "$label original: $original"
  echo "$label fixed:    $fixed"
  [ "${original%% *}" = "${fixed%% *}" ] || { echo "FAIL: $label results differ"; exit 1; }
  awk -v a="${original##*ms=}" -v b="${fixed##*ms=}" -v l="$label" 'BEGIN { printf "%s ratio (original/fixed): %.1fx\n", l, a / b }'
}

echo "== run on a ${megabytes} MB file, $runs runs each after one warm-up"
tfm=net10.0 ext=dll measure ".NET 10 (SDK $(dotnet --version))" dotnet
if command -v mono > /dev/null; then
  tfm=net48 ext=exe measure "Mono $(mono --version | head -1 | awk '{print $5}')" mono
fi
