#!/usr/bin/env bash
# Installs what the net48 benchmarks need to run under Mono (Debian's mono-runtime), plus hyperfine for timing `wc -l`.
# Idempotent: prints nothing and touches nothing when every package is already installed.
set -euo pipefail

# mono-runtime runs the exe; the libraries below are the framework assemblies BenchmarkDotNet and its dependencies load
# (System.Management for CPU info, System.Numerics, System.Runtime.Serialization, the net4x facades).
packages=(mono-runtime libmono-system-core4.0-cil libmono-system-management4.0-cil libmono-system-numerics4.0-cil \
  libmono-system-runtime-serialization4.0-cil libmono-system-xml-linq4.0-cil libmono-microsoft-csharp4.0-cil \
  libmono-system-net-http4.0-cil libmono-system-io-compression4.0-cil ca-certificates-mono hyperfine)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  sudo=sudo
else
  sudo=
fi

echo "install-mono: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
mono --version | head -n 1
