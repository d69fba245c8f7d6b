# Shared by eng/measure-e2e-sl1006.sh and eng/measure-e2e-sl1007.sh (sourced, not run): the packed package, the
# user's console project around the Program.cs each script writes, and the run that compares the original and the
# fixed program. The caller sets root, megabytes and runs first.

# Packs Streamline into a feed of its own and makes $work/original: a console project (net10.0, and net48 when `mono`
# is on the PATH) that references the packed package, with the repository's build settings kept out.
e2e_setup() {
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  version="0.0.0-e2e.$(date +%s)"
  local packages targets
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
}

# Builds $work/original and $work/fixed, runs both on the same file (random bytes, or what the caller's e2e_make_data
# writes, when it defines one) on .NET 10 (and the net48 build under
# Mono), fails if their results (the output before " ms=") differ, and prints the time ratio.
e2e_build_and_measure() {
  local side
  for side in original fixed; do
    dotnet build "$work/$side" -c Release --no-restore --nologo -v quiet > "$work/build-$side.txt" 2>&1 || { cat "$work/build-$side.txt"; exit 1; }
  done

  if declare -F e2e_make_data > /dev/null; then e2e_make_data "$work/data.bin"; else head -c $((megabytes * 1024 * 1024)) /dev/urandom > "$work/data.bin"; fi
  echo "== run on a ${megabytes} MB file, ${E2E_RUN_NOTE:-$runs runs each after one warm-up}"
  e2e_measure_all
}

# Runs both programs on .NET 10 and, when `mono` is on the PATH, on Mono; E2E_ARGS are passed after the file and runs.
e2e_measure_all() {
  tfm=net10.0 ext=dll e2e_measure ".NET 10 (SDK $(dotnet --version))" dotnet
  if command -v mono > /dev/null; then
    tfm=net48 ext=exe e2e_measure "Mono $(mono --version | head -1 | awk '{print $5}')" mono
  fi
}

e2e_measure() { # runtime-label command...
  local label=$1; shift
  local original fixed
  # shellcheck disable=SC2086 # E2E_ARGS is a list of words
  original=$("$@" "$work/original/bin/Release/$tfm/E2E.$ext" "$work/data.bin" "$runs" ${E2E_ARGS:-})
  # shellcheck disable=SC2086
  fixed=$("$@" "$work/fixed/bin/Release/$tfm/E2E.$ext" "$work/data.bin" "$runs" ${E2E_ARGS:-})
  echo "$label original: $original"
  echo "$label fixed:    $fixed"
  [ "${original%% *}" = "${fixed%% *}" ] || { echo "FAIL: $label results differ"; exit 1; }
  awk -v a="${original##*ms=}" -v b="${fixed##*ms=}" -v l="$label" 'BEGIN { printf "%s ratio (original/fixed): %.1fx\n", l, a / b }'
}
