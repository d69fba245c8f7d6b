# shellcheck shell=bash
# Issue 30, point 9 (line endings): in a file with CRLF line endings, every line a fix adds (statements, locals,
# fields, a class, usings) uses CRLF too. CRLF sources in a net10.0 app and a netstandard2.0 library, README's
# `dotnet format analyzers` run, then no line of a fixed file may end in a bare LF.
ids_09a="SL1001 SL1002 SL1003 SL1004 SL1005 SL1006 SL1007 SL1101 SL1102 SL1106 SL1107"
for dir in CrlfApp CrlfLib; do
  if [ "$dir" = CrlfApp ]; then project "$dir" net10.0 Exe "$streamline_ref"; else project "$dir" netstandard2.0 Library "$streamline_ref"; fi
  {
    echo 'root = true'
    echo '[*.cs]'
    for id in $ids_09a; do echo "dotnet_diagnostic.$id.severity = warning"; done
  } > "$users/$dir/.editorconfig"
  cat > "$users/$dir/Records.cs" <<'CS'
using System;
using System.IO;

namespace Crlf
{
    public static class Records
    {
        public static int CountLines(string path) => File.ReadAllLines(path).Length;

        public static int NextSpecial(string text, int start) => text.IndexOfAny(new[] { '<', '>', '&', '"', '\'', '/', '=' }, start);

        public static long SumSkipping(string path)
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

        public static long SumUInt16(string path)
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

        public static long SumInt32(Stream s)
        {
            long sum = 0;
            while (s.Position < s.Length)
            {
                sum += s.ReadByte();
            }

            return sum;
        }

        public static long Checksum(string path)
        {
            using (var input = new Chunks(File.OpenRead(path)))
            {
                long checksum = 0;
                int b;
                while ((b = input.ReadByte()) != -1)
                {
                    checksum = checksum * 31 + b;
                }

                return checksum;
            }
        }

        internal static long UntilMarker(Chunks input)
        {
            if (input == null) throw new ArgumentNullException(nameof(input));
            long n = 0;
            int b;
            while ((b = input.ReadByte()) != -1)
            {
                if (b == 0xFF) return n;
                n++;
            }

            return n;
        }
    }

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
        public override void Flush() { }
        public override long Seek(long offset, SeekOrigin origin) => _inner.Seek(offset, origin);
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
CS
  # A top-level program (SL1007 and SL1003 as global statements) in the app only.
  if [ "$dir" = CrlfApp ]; then
    cat > "$users/$dir/Program.cs" <<'CS'
using System;
using System.IO;

Console.WriteLine(File.ReadAllLines(args[0]).Length);
using var input = new Crlf.Chunks(File.OpenRead(args[0]));
int b;
long sum = 0;
while ((b = input.ReadByte()) != -1)
    sum += b;
Console.WriteLine(sum);
CS
  fi
  sed -i 's/$/\r/' "$users/$dir"/*.cs
  cp "$users/$dir/Records.cs" "$users/$dir.Records.original"
  dotnet restore "$users/$dir" --nologo -v quiet > /dev/null
  # shellcheck disable=SC2086
  dotnet format analyzers "$users/$dir" --diagnostics $ids_09a --severity info --no-restore > /dev/null 2>&1
  cmp -s "$users/$dir/Records.cs" "$users/$dir.Records.original" && check "09a: $dir: dotnet format changed nothing (the case is wrong)"
  for file in "$users/$dir"/*.cs; do
    bare=$(python3 -c 'import sys; d=open(sys.argv[1],"rb").read(); print(sum(1 for i,c in enumerate(d) if c==10 and (i==0 or d[i-1]!=13)))' "$file")
    if [ "$bare" != 0 ]; then
      grep -n $'[^\r]$' "$file" | head -5
      check "09a: $dir/$(basename "$file"): a CRLF file has $bare line(s) ending in a bare LF after the fixes"
    fi
  done
  dotnet build "$users/$dir" -c Release --no-restore --nologo -v quiet > "$users/$dir.build.log" 2>&1 \
    || { grep -E ' error ' "$users/$dir.build.log" | sort -u | head; check "09a: $dir does not build after the fixes"; }
done
