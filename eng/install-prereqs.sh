#!/usr/bin/env bash
# Installs what the tests need on a fresh Debian machine, and nothing when it is already there.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

if ! command -v wc >/dev/null 2>&1 || ! wc --version 2>/dev/null | grep -q 'GNU coreutils'; then
  apt-get update -qq && apt-get install -y -qq coreutils
fi
if [ -f "$root/eng/install-mono.sh" ]; then
  bash "$root/eng/install-mono.sh"
fi
