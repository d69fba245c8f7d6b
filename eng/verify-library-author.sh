#!/usr/bin/env bash
# The library author's checks (issue 30): packs Streamline once into a local feed, makes a users' folder that keeps the
# repository's build settings out, and runs every case file under eng/library-author/ (sourced, in name order). Each
# case builds real consumer projects from the packed package, as a user would, and reports each failing point with
# `check "<what went wrong>"`; the run goes on, so one run shows every point that fails, and exits 1 at the end if any
# did. Nothing is downloaded: the feed is the packed folder plus the NuGet global packages folder, which the
# repository's own restore has filled.
#   bash eng/verify-library-author.sh            every case
#   bash eng/verify-library-author.sh 03 07      only the cases whose file names start with 03 or 07
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version="0.0.0-author.$(date +%s)"
failures=0
check() { echo "FAIL: $*"; failures=$((failures + 1)); }

echo "== pack Streamline and Streamline.Runtime $version"
dotnet pack "$root/src/Package" -c Release -o "$work/feed" -p:Version="$version" --nologo -v quiet
dotnet pack "$root/src/Runtime" -c Release -o "$work/feed" -p:Version="$version" --nologo -v quiet

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

# project <dir> <target framework(s)> <output type> [extra project XML]: $users/<dir>/<dir>.csproj, no central package
# management, nothing of the repository's; the extra XML goes inside <Project>.
project() {
  mkdir -p "$users/$1"
  local frameworks="<TargetFramework>$2</TargetFramework>"
  [[ "$2" == *";"* ]] && frameworks="<TargetFrameworks>$2</TargetFrameworks>"
  cat > "$users/$1/$1.csproj" <<XML
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    $frameworks
    <OutputType>$3</OutputType>
    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
  </PropertyGroup>
  ${4:-}
</Project>
XML
}
streamline_ref="<ItemGroup><PackageReference Include=\"Streamline\" Version=\"$version\" PrivateAssets=\"all\" /></ItemGroup>"
# The reference assemblies for net48/net462 targets, from the machine's package folder (offline).
framework_refs="<ItemGroup><PackageReference Include=\"Microsoft.NETFramework.ReferenceAssemblies\" Version=\"1.0.3\" PrivateAssets=\"all\" /></ItemGroup>"
# conflict_markers <dir>: true when dotnet format left linked-file merge markers in a .cs file of the project.
conflict_markers() { grep -rlE '^(<<<<<<<|=======|>>>>>>>)' "$users/$1" --include='*.cs' > /dev/null; }

cases=()
for file in "$root"/eng/library-author/*.sh; do
  name=$(basename "$file")
  if [ $# -gt 0 ]; then
    keep=""
    for prefix in "$@"; do [[ "$name" == "$prefix"* ]] && keep=1; done
    [ -n "$keep" ] || continue
  fi
  cases+=("$file")
done
for file in "${cases[@]}"; do
  echo "== $(basename "$file" .sh)"
  # shellcheck source=/dev/null
  source "$file"
done

[ "$failures" -eq 0 ] || { echo "library-author checks: $failures failed"; exit 1; }
echo "library-author checks: every point passed (${#cases[@]} case files)"
