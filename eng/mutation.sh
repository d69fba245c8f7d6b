#!/usr/bin/env bash
# Mutation testing with Stryker.NET (the repository's local tool, dotnet-tools.json): changes the code that proves a
# fix safe, one small change (a mutant) at a time, and runs the tests that cover it. A mutant that no test notices
# ("survived") is a missing test, or a condition the code does not need. docs/mutation.md has the last results.
#
#   eng/mutation.sh analyzers    the read-ahead proof of SL1002's fixes (Evidence/ReadAheadProof*, ReaderHelpers,
#                                ReaderConstructionSites, TextReads) against the SL1002, tier and project-reference tests
#   eng/mutation.sh sl1007       SL1007's proof for its SkipReader loop fix (Rules/SL1007LoopProof) against the SL1007
#                                and tier tests
#   eng/mutation.sh countedloop  SL1002's proof for reading a loop ahead where it is (Evidence/CountedReadLoop) against
#                                the SL1002 loop and rule tests
#   eng/mutation.sh runtime      SkipReader and BufferedBinaryReader against their differential tests
#
# The configuration is eng/mutation/<name>.json (what is mutated, which tests run). Reports go to
# tests/<project>/StrykerOutput/<time>/reports (mutation-report.md, mutation-report.json; not committed).
# Not part of eng/test.sh: a run takes longer than the whole CI budget allows.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
name=${1:-analyzers}
case "$name" in
  analyzers | sl1007 | countedloop) tests="$root/tests/Analyzers.Tests" ;;
  runtime) tests="$root/tests/Runtime.Tests" ;;
  *) echo "unknown target '$name' (known: analyzers, sl1007, countedloop, runtime)" >&2; exit 2 ;;
esac
cd "$root"
dotnet tool restore >/dev/null
cd "$tests"
dotnet stryker --config-file "$root/eng/mutation/$name.json"
