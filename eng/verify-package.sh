#!/usr/bin/env bash
# Packs Streamline, restores a throwaway consumer project from that package in a local folder feed, and checks what a
# user gets: SL1003 reported in the build, `dotnet format` applying the code fix from the package, the fixed code
# compiling with warnings as errors against the package's runtime, and the fixed program printing the right count.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version="0.0.0-verify.$(date +%s)"

echo "== pack Streamline $version"
dotnet pack "$root/src/Runtime" -c Release -o "$work/feed" -p:Version="$version" --nologo -v quiet
unzip -l "$work/feed/Streamline.$version.nupkg" | tee "$work/contents.txt"
for entry in analyzers/dotnet/cs/Streamline.Analyzers.dll analyzers/dotnet/cs/Streamline.CodeFixes.dll \
             lib/netstandard2.0/Streamline.Runtime.dll lib/netstandard2.1/Streamline.Runtime.dll lib/net8.0/Streamline.Runtime.dll; do
  grep -q " $entry\$" "$work/contents.txt" || { echo "FAIL: package lacks $entry"; exit 1; }
done

mkdir -p "$work/consumer"
cat > "$work/consumer/nuget.config" <<XML
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <clear />
    <add key="local" value="$work/feed" />
  </packageSources>
</configuration>
XML
cat > "$work/consumer/Consumer.csproj" <<XML
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>disable</ImplicitUsings>
    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Streamline" Version="$version" />
  </ItemGroup>
</Project>
XML
# Keep the repository's build settings out of the consumer: it stands for a user's project.
echo '<Project />' > "$work/consumer/Directory.Build.props"
echo '<Project />' > "$work/consumer/Directory.Packages.props"
cat > "$work/consumer/Program.cs" <<'CS'
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

echo "== restore and build the consumer"
dotnet restore "$work/consumer" --packages "$work/packages" --nologo -v quiet
dotnet build "$work/consumer" --no-restore --nologo 2>&1 | tee "$work/build1.txt"
grep -q "warning SL1003" "$work/build1.txt" || { echo "FAIL: SL1003 was not reported by the package's analyzer"; exit 1; }

echo "== apply the package's code fix with dotnet format"
dotnet format analyzers "$work/consumer" --diagnostics SL1003 --severity warn --no-restore
cat "$work/consumer/Program.cs"
grep -q "LineCounter.Count(args\[0\])" "$work/consumer/Program.cs" || { echo "FAIL: the code fix was not applied"; exit 1; }
grep -q "using Streamline.Runtime;" "$work/consumer/Program.cs" || { echo "FAIL: the code fix did not add its using"; exit 1; }

echo "== build the fixed code with warnings as errors, and run it"
dotnet build "$work/consumer" --no-restore --nologo -warnaserror -v quiet
printf 'one\r\ntwo\rthree\nfour' > "$work/input.txt"
expected=4
actual=$(dotnet "$work/consumer/bin/Debug/net10.0/Consumer.dll" "$work/input.txt")
[ "$actual" = "$expected" ] || { echo "FAIL: fixed program printed '$actual', expected $expected"; exit 1; }
echo "package verified: SL1003 reported, fixed by dotnet format, fixed code compiles and counts $actual lines"
