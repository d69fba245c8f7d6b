#!/usr/bin/env bash
# Installs what the net48 benchmarks need to run under Mono, and hyperfine for timing GNU `wc -l` beside them.
# Idempotent: prints nothing and changes nothing when every package is already installed.
#
#   mono-runtime  the Mono 6.8 JIT and class libraries (Debian 12)
#   mono-devel    the reference facades, among them Facades/netstandard.dll: every netstandard2.0 assembly
#                 (Streamline.Runtime, BenchmarkDotNet) references it, and without it the exe dies at start-up with
#                 "Could not load file or assembly 'netstandard, Version=2.0.0.0'"
#   libmono-i18n4.0-all  Mono's code-page encodings (GB18030, Shift-JIS, 1252), which the legacy checks compare
#                 BufferedBinaryReader on
#   hyperfine     times `wc -l` for docs/benchmarks.md
set -euo pipefail

packages=(mono-runtime mono-devel libmono-i18n4.0-all hyperfine)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

sudo=
if [ "$(id -u)" -ne 0 ]; then
  sudo=sudo
fi

echo "install-mono: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
mono --version | head -n 1
