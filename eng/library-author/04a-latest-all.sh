# shellcheck shell=bash
# Issue 30, point 4 (SL1004's part is case 04's): code that builds clean under <AnalysisLevel>latest-all</AnalysisLevel>
# with warnings as errors, and that Streamline reports for SL1001, SL1002, SL1003, SL1006 and SL1007 with fixes, must
# still build after README's `dotnet format analyzers` run (the rules at suggestion while adopting, as README's
# roll-out says): the fixes add no CA warning (disposal, naming, unused members). A console app on net10.0, whose
# output must not change, and a net8.0;netstandard2.0 library.
ids_04a="SL1001 SL1002 SL1003 SL1004 SL1005 SL1006 SL1007 SL1101 SL1102 SL1106 SL1107"
latest_all='<PropertyGroup><AnalysisLevel>latest-all</AnalysisLevel><TreatWarningsAsErrors>true</TreatWarningsAsErrors></PropertyGroup>'
project LatestAllApp net10.0 Exe "$latest_all <PropertyGroup><Nullable>enable</Nullable></PropertyGroup> $streamline_ref"
project LatestAllLib "net8.0;netstandard2.0" Library "$latest_all $streamline_ref"
for dir in LatestAllApp LatestAllLib; do
  {
    echo 'root = true'
    echo '[*.cs]'
    for id in $ids_04a; do echo "dotnet_diagnostic.$id.severity = suggestion"; done
  } > "$users/$dir/.editorconfig"
  echo '[assembly: System.CLSCompliant(false)]' > "$users/$dir/Assembly.cs"
  # C# 7.3 on netstandard2.0: using statements, no using declarations.
  cat > "$users/$dir/Records.cs" <<'CS'
using System;
using System.IO;

namespace LatestAll
{
    internal static class Records
    {
        // SL1003
        internal static int CountLines(string path) => File.ReadAllLines(path).Length;

        // SL1001
        internal static long SumSkipping(string path)
        {
            using (FileStream stream = File.OpenRead(path))
            {
                byte[] record = new byte[4];
                long sum = 0;
                while (stream.Read(record, 0, record.Length) > 0)
                {
                    sum += record[0];
                    stream.Position += 3;
                }

                return sum;
            }
        }

        // SL1006, then SL1002
        internal static long SumUInt16(string path)
        {
            using (var reader = new BinaryReader(File.OpenRead(path)))
            {
                long sum = 0;
                while (reader.BaseStream.Position + 1 < reader.BaseStream.Length)
                {
                    sum += reader.ReadUInt16();
                }

                return sum;
            }
        }

        // SL1007, the method's own stream in a using statement
        internal static long Checksum(string path)
        {
            using (var input = new Chunks(File.OpenRead(path)))
            {
                long checksum = 0;
                int b;
                while ((b = input.ReadByte()) != -1)
                {
                    checksum = (checksum * 31) + b;
                }

                return checksum;
            }
        }

        // SL1007, a one-byte Read in a stream declared with an explicit type
        internal static long CountZeros(string path)
        {
            using (Chunks input = new Chunks(File.OpenRead(path)))
            {
                byte[] one = new byte[1];
                long zeros = 0;
                while (input.Read(one, 0, 1) == 1)
                {
                    if (one[0] == 0)
                    {
                        zeros++;
                    }
                }

                return zeros;
            }
        }

        // SL1007, a caller's stream of a type that may seek: the loop over a SkipReader
        internal static long UntilMarker(Chunks input)
        {
            if (input == null || !input.CanRead)
            {
                return -1;
            }

            long n = 0;
            int b;
            while ((b = input.ReadByte()) != -1)
            {
                if (b == 0xFF)
                {
                    return n;
                }

                n++;
            }

            return n;
        }
    }

    // A stream that overrides only Read, so each ReadByte takes Stream's one-byte path (SL1007).
    internal sealed class Chunks : Stream
    {
        private readonly Stream _inner;

        internal Chunks(Stream inner) => _inner = inner;

        public override bool CanRead => true;

        public override bool CanSeek => _inner.CanSeek;

        public override bool CanWrite => false;

        public override long Length => _inner.Length;

        public override long Position { get => _inner.Position; set => _inner.Position = value; }

        public override int Read(byte[] buffer, int offset, int count) => _inner.Read(buffer, offset, count);

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => _inner.Seek(offset, origin);

        public override void SetLength(long value) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                _inner.Dispose();
            }

            base.Dispose(disposing);
        }
    }
}
CS
done
cat > "$users/LatestAllApp/Program.cs" <<'CS'
using System;
using System.IO;

namespace LatestAll
{
    internal static class Program
    {
        internal static void Main(string[] args)
        {
            string path = args[0];
            Console.WriteLine(Records.CountLines(path));
            Console.WriteLine(Records.SumSkipping(path));
            Console.WriteLine(Records.SumUInt16(path));
            Console.WriteLine(Records.Checksum(path));
            Console.WriteLine(Records.CountZeros(path));
            using (var input = new Chunks(File.OpenRead(path)))
            {
                while (input.Position < input.Length)
                {
                    Console.WriteLine(Records.UntilMarker(input));
                    Console.WriteLine(input.Position);
                }
            }
        }
    }
}
CS
printf 'one\ntwo\r\nthree\n\0\0x\xffyz\xff\xff!' > "$users/latest-all-input.bin"
for dir in LatestAllApp LatestAllLib; do
  dotnet restore "$users/$dir" --nologo -v quiet > /dev/null
  if ! dotnet build "$users/$dir" -c Release --no-restore --nologo -v quiet > "$users/$dir.before.log" 2>&1; then
    grep -E 'error|warning' "$users/$dir.before.log" | sort -u | head -20
    check "04a: $dir does not build under latest-all before the fixes (the case is wrong)"
    continue
  fi
  [ "$dir" = LatestAllApp ] && before_04a=$(dotnet "$users/LatestAllApp/bin/Release/net10.0/LatestAllApp.dll" "$users/latest-all-input.bin")
  # shellcheck disable=SC2086
  dotnet format analyzers "$users/$dir" --diagnostics $ids_04a --severity info --no-restore > /dev/null 2>&1
  for id in SL1001 SL1002 SL1003 SL1006 SL1007; do
    # shellcheck disable=SC2086
    case $id in
      SL1001) grep -q 'SkipReader\|Seek(3' "$users/$dir/Records.cs" || check "04a: $dir: SL1001 was not fixed" ;;
      SL1002) grep -q 'BufferedBinaryReader' "$users/$dir/Records.cs" || check "04a: $dir: SL1002 was not fixed" ;;
      SL1003) grep -q 'LineCounter' "$users/$dir/Records.cs" || check "04a: $dir: SL1003 was not fixed" ;;
      SL1006) grep -q 'length' "$users/$dir/Records.cs" || check "04a: $dir: SL1006 was not fixed" ;;
      SL1007) [ "$(grep -c 'BufferedStream' "$users/$dir/Records.cs")" -ge 2 ] && grep -q 'SkipReader(input' "$users/$dir/Records.cs" \
                || check "04a: $dir: SL1007 was not fixed in all three methods" ;;
    esac
  done
  if ! dotnet build "$users/$dir" -c Release --no-restore --nologo -v quiet > "$users/$dir.after.log" 2>&1; then
    grep -oE '(error|warning) [A-Z]+[0-9]+:[^[]*' "$users/$dir.after.log" | sort -u | head -20
    check "04a: $dir builds clean under AnalysisLevel=latest-all before README's dotnet format run and fails after it"
    continue
  fi
  if [ "$dir" = LatestAllApp ]; then
    after_04a=$(dotnet "$users/LatestAllApp/bin/Release/net10.0/LatestAllApp.dll" "$users/latest-all-input.bin")
    [ "$before_04a" = "$after_04a" ] || { echo "before: $before_04a"; echo "after: $after_04a"; check "04a: the fixed program prints something else"; }
  fi
done
