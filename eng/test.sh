#!/usr/bin/env bash
# Runs every test: the unit, property and analyzer tests of the solution, the benchmark smoke run, the legacy checks
# of the netstandard2.0 runtime under Mono, TextCounter's and LineCounter's exactness at every vector instruction-set
# level, TextCounter's in a portable native AOT build, the package check, the sample's CI-build check, the wc sample's
# error and option tests on its native AOT build, and the SL1002, SL1006 and SL1007 end-to-end checks (dotnet format
# over a packed package, same results before and after), the library author's consumer checks (eng/library-author: multi-target
# #if files, per-target language versions, the format gate, fixed code under latest-all, test projects, configuration
# diagnostics, docs), and the real-libraries harness on a library of its own. Installs
# what the tests need first (GNU coreutils for the wc parity tests, Mono for the legacy checks).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

bash eng/install-prereqs.sh

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
status=0
failed_steps=()
failed_step() { status=$1; failed_steps+=("step failed (exit $1): $2"); }
dotnet test Analyzers.sln -c Release --nologo 2>&1 | tee "$results/test.log" || failed_step $? "dotnet test Analyzers.sln -c Release --nologo"

bash eng/test-mono.sh 2>&1 | tee "$results/mono.log" || failed_step $? "bash eng/test-mono.sh"
bash eng/test-isa.sh 2>&1 | tee "$results/isa.log" || failed_step $? "bash eng/test-isa.sh"
python3 eng/check-docs.py || failed_step $? "python3 eng/check-docs.py"
bash eng/verify-package.sh || failed_step $? "bash eng/verify-package.sh"
bash eng/verify-library-author.sh || failed_step $? "bash eng/verify-library-author.sh"
bash eng/verify-fixes-consumer.sh || failed_step $? "bash eng/verify-fixes-consumer.sh"
bash eng/verify-sample.sh || failed_step $? "bash eng/verify-sample.sh"
bash eng/verify-wc-aot.sh 2>&1 | tee "$results/wc-aot.log" || failed_step $? "bash eng/verify-wc-aot.sh"
bash eng/measure-e2e-sl1002.sh 1 || failed_step $? "bash eng/measure-e2e-sl1002.sh 1"
bash eng/measure-e2e-sl1006.sh 1 1 || failed_step $? "bash eng/measure-e2e-sl1006.sh 1 1"
bash eng/measure-e2e-sl1007.sh 1 1 || failed_step $? "bash eng/measure-e2e-sl1007.sh 1 1"
bash eng/real-libraries.sh --smoke || failed_step $? "bash eng/real-libraries.sh --smoke"

# One closing line for the whole run, summed over the test projects.
passed=$(grep -hEo 'Passed: +[0-9]+' "$results/test.log" "$results/wc-aot.log" | awk '{s+=$2} END {print s+0}')
failed=$(grep -hEo 'Failed: +[0-9]+' "$results/test.log" "$results/wc-aot.log" | awk '{s+=$2} END {print s+0}')
# The Mono checks close with their own 'N passed, M failed' line.
if mono_line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$results/mono.log" | tail -1); then
  passed=$((passed + $(echo "$mono_line" | awk '{print $1}')))
  failed=$((failed + $(echo "$mono_line" | awk '{print $3}')))
fi
# So do the instruction-set runs (one per test run and per corpus file of the AOT check).
if isa_line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$results/isa.log" | tail -1); then
  passed=$((passed + $(echo "$isa_line" | awk '{print $1}')))
  failed=$((failed + $(echo "$isa_line" | awk '{print $3}')))
fi
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
# CI shows only the end of the log: name what failed there (the test names, the Mono and instruction-set checks' own
# FAIL lines, or the steps that returned non-zero).
if [ "$status" -ne 0 ]; then
  echo "== what failed:"
  grep -hE -A8 '^\s*Failed [A-Za-z_]' "$results/test.log" | head -80 || true
  grep -hE 'FAIL' "$results/mono.log" "$results/isa.log" "$results/wc-aot.log" | head -20 || true
  printf '%s\n' "${failed_steps[@]}"
fi
echo "$passed passed, $failed failed"
exit "$status"
