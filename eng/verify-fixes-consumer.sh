#!/usr/bin/env bash
# Packs Streamline and checks, on a fresh net10.0 project that installs it from a local feed, that README's roll-out
# works as documented:
#   roll-out  TreatWarningsAsErrors with the rules at `suggestion` in .editorconfig while adopting (README, "Apply every
#             fix at once"): the build passes before and after the fixes.
#   one run   README's single `dotnet format analyzers --diagnostics SL1001 ... --severity info` leaves no Streamline
#             diagnostic with a fix: a second run with --verify-no-changes finds nothing, and the loop whose Length
#             SL1006 reads once is also buffered by SL1002 in that one run.
#   messages  SL1001 on .NET 10 names the SkipReader, never a Seek it does not offer.
#   caller    SL1002 declares a reader over a caller's stream that nothing disposes with using and leaveOpen: true,
#             and the caller, which reads the stream on, prints the same position and next byte; and it reads a
#             counted loop over a reader the caller hands in ahead (BufferedBinaryReader.ReadAhead), after which the
#             caller reads on through its reader and prints the same; the same for a loop read up to a position
#             (BufferedBinaryReader.ReadAheadUntil).
#   style     SL1004's field follows the .editorconfig naming rule (PascalCase here); SL1003's fix removes the
#             `using System.IO;` it made unnecessary.
#   SL0001    `streamline.SL1004.min_values = abc` is reported with the key, the value and what is accepted.
#   WarningsNotAsErrors  the same project with <WarningsNotAsErrors> for the SL ids instead: dotnet format fixes
#             nothing (what README warns about), so the check notices if that ever changes.
# Nothing is downloaded: the feed is the packed folder plus the machine's NuGet packages folder.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version="0.0.0-fixes.$(date +%s)"
fail() { echo "FAIL: $*"; exit 1; }
# A check that fails is reported and the run goes on, so one run shows every point that fails; the script fails at the end.
failures=0
check() { echo "FAIL: $*"; failures=$((failures + 1)); }
# The ids of README's "apply every fix at once" command, read from README so that a rule added there is run here too.
ids=$(grep -m1 -oE 'dotnet format analyzers --diagnostics( SL[0-9]{4})+' "$root/README.md" | grep -oE 'SL[0-9]{4}' | tr '\n' ' ')
[ -n "$ids" ] || fail "README has no 'dotnet format analyzers --diagnostics SL...' command"

echo "== pack Streamline $version"
dotnet pack "$root/src/Package" -c Release -o "$work/feed" -p:Version="$version" --nologo -v quiet

users="$work/users"
mkdir -p "$users/App"
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
cat > "$users/App/App.csproj" <<XML
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
    <OutputType>Exe</OutputType>
    <Nullable>enable</Nullable>
    <TreatWarningsAsErrors>true</TreatWarningsAsErrors>
    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Streamline" Version="$version" PrivateAssets="all" />
  </ItemGroup>
</Project>
XML
{
  echo 'root = true'
  echo
  echo '[*.cs]'
  for id in $ids; do echo "dotnet_diagnostic.$id.severity = suggestion"; done
  cat <<'INI'
dotnet_naming_rule.static_readonly.symbols = private_static_readonly
dotnet_naming_rule.static_readonly.style = pascal
dotnet_naming_rule.static_readonly.severity = suggestion
dotnet_naming_symbols.private_static_readonly.applicable_kinds = field
dotnet_naming_symbols.private_static_readonly.applicable_accessibilities = private
dotnet_naming_symbols.private_static_readonly.required_modifiers = static, readonly
dotnet_naming_style.pascal.capitalization = pascal_case
INI
} > "$users/App/.editorconfig"

cat > "$users/App/Lines.cs" <<'CS'
using System.IO;

public static class Lines
{
    public static int Count(string path) => File.ReadAllLines(path).Length;
}
CS
cat > "$users/App/Search.cs" <<'CS'
public static class Search
{
    public static int NextSpecial(string text, int start) => text.IndexOfAny(new[] { '<', '>', '&', '"', '\'', '/', '=' }, start);
}
CS
cat > "$users/App/Records.cs" <<'CS'
using System;
using System.Collections.Generic;
using System.IO;

public static class Records
{
    public static long SumSkipping(string path)
    {
        using var stream = File.OpenRead(path);
        byte[] record = new byte[4];
        long sum = 0;
        while (stream.Read(record, 0, record.Length) > 0)
        {
            sum += record[0];
            stream.Position += 3;
        }

        return sum;
    }

    public static long SumUInt16(string path)
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

    // A reader over the caller's stream that nothing disposes (SL1002's fix declares it with using, leaveOpen: true).
    public static long SumHeader(Stream input, int count)
    {
        var reader = new BinaryReader(input);
        long sum = 0;
        for (int i = 0; i < count; i++)
            sum = sum * 31 + reader.ReadByte();
        return sum;
    }

    // The caller reads on after SumHeader: the fixed reader must leave the stream where BinaryReader did.
    public static string SumHeaderThenRest(string path)
    {
        using var stream = File.OpenRead(path);
        long header = SumHeader(stream, (int)(stream.Length / 2));
        return header + "@" + stream.Position + ":" + stream.ReadByte();
    }

    // A counted loop over a reader the caller hands in (public: no construction to fix): read ahead where it is.
    public static ushort[] ReadTable(BinaryReader reader, int count)
    {
        var values = new ushort[count];
        for (int i = 0; i < count; i++)
            values[i] = reader.ReadUInt16();
        return values;
    }

    // The caller reads on through its reader after ReadTable: the loop must leave the stream where BinaryReader did.
    public static string ReadTableThenRest(string path)
    {
        using var reader = new BinaryReader(File.OpenRead(path));
        ushort[] table = ReadTable(reader, (int)(reader.BaseStream.Length / 4));
        return string.Join(",", table) + "@" + reader.BaseStream.Position + ":" + reader.ReadByte();
    }

    // A loop read up to a position over a reader the caller hands in: read ahead until the end where it is.
    public static List<int> ReadBlock(BinaryReader reader, long end)
    {
        var values = new List<int>();
        while (reader.BaseStream.Position < end)
        {
            values.Add(reader.ReadInt32());
            if (values.Count % 3 == 0)
                values.Add(reader.ReadInt16());
        }

        return values;
    }

    // The caller reads on through its reader after ReadBlock, from a block that ends inside the file.
    public static string ReadBlockThenRest(string path)
    {
        using var reader = new BinaryReader(File.OpenRead(path));
        List<int> block = ReadBlock(reader, reader.BaseStream.Length / 3);
        return string.Join(",", block) + "@" + reader.BaseStream.Position + ":" + reader.ReadByte();
    }

    public static long Checksum(string path)
    {
        using var input = new Chunks(File.OpenRead(path));
        long checksum = 0;
        int b;
        while ((b = input.ReadByte()) != -1)
            checksum = checksum * 31 + b;
        return checksum;
    }

    // A stream that overrides only Read, so each ReadByte takes Stream's one-byte path (SL1007).
    private sealed class Chunks : Stream
    {
        private readonly Stream _inner;
        public Chunks(Stream inner) => _inner = inner;
        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
        public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        protected override void Dispose(bool disposing)
        {
            if (disposing)
                _inner.Dispose();
            base.Dispose(disposing);
        }
    }
}
CS
cat > "$users/App/Program.cs" <<'CS'
using System;

public static class Program
{
    public static void Main(string[] args)
    {
        Console.WriteLine(Lines.Count(args[0]) + " " + Search.NextSpecial("a<b", 0) + " " + Records.SumSkipping(args[0]) + " " + Records.SumUInt16(args[0]) + " " + Records.Checksum(args[0]) + " " + Records.SumHeaderThenRest(args[0]) + " " + Records.ReadTableThenRest(args[0]) + " " + Records.ReadBlockThenRest(args[0]));
    }
}
CS
cp -r "$users/App" "$users/NotAsErrors"
mv "$users/NotAsErrors/App.csproj" "$users/NotAsErrors/NotAsErrors.csproj"
sed -i "s|<TreatWarningsAsErrors>true</TreatWarningsAsErrors>|&<WarningsNotAsErrors>${ids// /;}</WarningsNotAsErrors>|" "$users/NotAsErrors/NotAsErrors.csproj"
sed -i '/\.severity = suggestion/d' "$users/NotAsErrors/.editorconfig"

printf 'one\ntwo\r\nthree\n!' > "$work/input.txt"
run_app() { dotnet "$users/App/bin/Release/net10.0/App.dll" "$work/input.txt"; }
format() { # project [extra options]
  local project=$1; shift
  # shellcheck disable=SC2086
  dotnet format analyzers "$users/$project" --diagnostics $ids --severity info --no-restore "$@"
}

echo "== restore and build the original (TreatWarningsAsErrors, rules at suggestion)"
for project in App NotAsErrors; do dotnet restore "$users/$project" --nologo -v quiet; done
dotnet build "$users/App" -c Release --no-restore --nologo -v quiet || fail "the original does not build under TreatWarningsAsErrors"
before=$(run_app)

echo "== what README's command would fix (--verify-no-changes lists it)"
if format App --verify-no-changes > "$work/listed.txt" 2>&1; then cat "$work/listed.txt"; fail "nothing to fix in the original"; fi
cat "$work/listed.txt"
grep 'SL1001' "$work/listed.txt" | grep -q 'read and skip through a SkipReader' || check "SL1001's message does not name the SkipReader"
! grep 'SL1001' "$work/listed.txt" | grep -q 'Seek' || check "SL1001's message mentions a Seek that .NET 10 never offers"

echo "== README's command, once"
format App
echo "-- the fixed files:"
cat "$users/App/Lines.cs" "$users/App/Search.cs" "$users/App/Records.cs"
format App --verify-no-changes > "$work/left.txt" 2>&1 || { cat "$work/left.txt"; check "one run of README's command left Streamline diagnostics with a fix"; }
grep -q 'LineCounter.Count' "$users/App/Lines.cs" || check "SL1003 was not fixed"
! grep -q 'using System.IO;' "$users/App/Lines.cs" || check "SL1003's fix left 'using System.IO;' unused"
grep -q 'private static readonly CharSearchSet Separators' "$users/App/Search.cs" || check "SL1004's field does not follow the PascalCase naming rule"
grep -q 'SkipReader' "$users/App/Records.cs" || check "SL1001 was not fixed"
grep -q 'BufferedBinaryReader' "$users/App/Records.cs" || check "SL1002 was not applied in the run that read Length once (SL1006)"
grep -q 'using var input = new BufferedStream(new Chunks(File.OpenRead(path)));' "$users/App/Records.cs" || check "SL1007 was not fixed"
grep -q 'using var reader = new BufferedBinaryReader(input, Encoding.UTF8, leaveOpen: true);' "$users/App/Records.cs" || check "SL1002 did not dispose the reader over the caller's stream that nothing disposed"
grep -q 'using (var ahead = BufferedBinaryReader.ReadAhead(reader, count, bytesPerPass: 2))' "$users/App/Records.cs" || check "SL1002 did not read the counted loop over the caller's reader ahead"
grep -q 'values\[i\] = ahead.ReadUInt16();' "$users/App/Records.cs" || check "SL1002's counted-loop fix did not read through the scope"
grep -q 'using (var ahead = BufferedBinaryReader.ReadAheadUntil(reader, end))' "$users/App/Records.cs" || check "SL1002 did not read the loop up to a position over the caller's reader ahead"
grep -q 'while (ahead.Position < end)' "$users/App/Records.cs" || check "SL1002's position-loop fix did not ask the scope its position"
dotnet build "$users/App" -c Release --no-restore --nologo -v quiet || fail "the fixed project does not build under TreatWarningsAsErrors"
after=$(run_app)
echo "original: $before"
echo "fixed:    $after"
[ "$before" = "$after" ] || fail "the fixed program prints something else"

echo "== SL0001: an option value that does not parse"
echo 'streamline.SL1004.min_values = abc' >> "$users/App/.editorconfig"
if dotnet build "$users/App" -c Release --no-restore --nologo -v quiet > "$work/sl0001.txt" 2>&1; then cat "$work/sl0001.txt"; check "SL0001 did not fail the TreatWarningsAsErrors build"; fi
grep -q "SL0001: 'streamline.sl1004.min_values = abc' is ignored: expected a whole number" "$work/sl0001.txt" || { cat "$work/sl0001.txt"; check "no SL0001 naming the key and value"; }

echo "== <WarningsNotAsErrors> for the SL ids instead: dotnet format fixes nothing (README says why)"
cp -r "$users/NotAsErrors" "$work/NotAsErrors.original"
format NotAsErrors
diff -r -q -x bin -x obj "$work/NotAsErrors.original" "$users/NotAsErrors" > /dev/null || check "dotnet format now fixes under <WarningsNotAsErrors>: update README's roll-out"

[ "$failures" -eq 0 ] || fail "$failures check(s) failed"
echo "verify-fixes-consumer: all checks passed"
