#!/usr/bin/env bash
# The issue-22 loop, end to end as a user gets it: pack Streamline, make a console project whose Decode runs a
# decompressor-style loop (varint-coded deltas read a byte at a time with ReadByte) over a Stream subclass that
# overrides only Read(byte[], int, int), over File.OpenRead; keep a copy as the original, apply SL1007's fix with
#   dotnet format analyzers --diagnostics SL1007 --severity info
# and run the original and the fixed program on the same file (.NET 10; the net48 build under Mono when `mono` is on
# the PATH). Prints both results, the time per Decode and the ratio; fails if SL1007's fix was not applied or the
# results differ (times are printed, never asserted: eng/test.sh runs it on 1 MB as an end-to-end behaviour check).
#   eng/measure-e2e-sl1007.sh [megabytes=4] [runs=3]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
megabytes=${1:-4}
runs=${2:-3}
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

/// <summary>A stream a decompressor wraps its input in: it overrides only what it must, so ReadByte is Stream's.</summary>
public sealed class ChunkStream : Stream
{
    private readonly Stream _inner;
    public ChunkStream(Stream inner) { _inner = inner; }
    public override bool CanRead => true;
    public override bool CanSeek => false;
    public override bool CanWrite => false;
    public override long Length { get { throw new NotSupportedException(); } }
    public override long Position { get { throw new NotSupportedException(); } set { throw new NotSupportedException(); } }
    public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);
    public override void Flush() { }
    public override long Seek(long offset, SeekOrigin origin) { throw new NotSupportedException(); }
    public override void SetLength(long value) { throw new NotSupportedException(); }
    public override void Write(byte[] buffer, int offset, int count) { throw new NotSupportedException(); }
    protected override void Dispose(bool disposing) { if (disposing) _inner.Dispose(); base.Dispose(disposing); }
}

public static class Program
{
    // Varint-coded deltas (LEB128, as protobuf and BinaryReader.Write7BitEncodedInt write them), the shape of the
    // header and length fields of LZ and archive formats. Returns a checksum of the decoded values and their count.
    public static long Decode(string path)
    {
        using (var input = new ChunkStream(File.OpenRead(path)))
        {
            long checksum = 0;
            long count = 0;
            long value = 0;
            int b;
            while ((b = input.ReadByte()) != -1)
            {
                long delta = b & 0x7F;
                int shift = 7;
                while ((b & 0x80) != 0 && shift < 63)
                {
                    b = input.ReadByte();
                    if (b < 0)
                        break;
                    delta |= (long)(b & 0x7F) << shift;
                    shift += 7;
                }

                value += delta;
                checksum = checksum * 31 + value;
                count++;
            }

            return checksum ^ count;
        }
    }

    public static void Main(string[] args)
    {
        int runs = int.Parse(args[1]);
        long result = Decode(args[0]);
        var watch = Stopwatch.StartNew();
        for (int i = 0; i < runs; i++)
            result = Decode(args[0]);
        Console.WriteLine("result=" + result + " ms=" + (watch.Elapsed.TotalMilliseconds / runs).ToString("F1", System.Globalization.CultureInfo.InvariantCulture));
    }
}
CS
cp -r "$work/original" "$work/fixed"

echo "== restore, and apply SL1007's fix with dotnet format analyzers --diagnostics SL1007 --severity info"
for side in original fixed; do
  dotnet restore "$work/$side" --packages "$work/packages" --nologo -v quiet
done
dotnet format analyzers "$work/fixed" --diagnostics SL1007 --severity info --no-restore || true
echo "-- the fixed Decode:"
sed -n '/public static long Decode/,/^    }/p' "$work/fixed/Program.cs"
grep -q "var bufferedInput = new BufferedStream(input);" "$work/fixed/Program.cs" || { echo "FAIL: SL1007's fix was not applied"; exit 1; }
if grep -q "input.ReadByte()" "$work/fixed/Program.cs"; then echo "FAIL: a read of the stream was left unbuffered"; exit 1; fi

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
