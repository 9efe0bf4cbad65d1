#!/usr/bin/env bash
# The architecture coverage report (tests/coverage/arch_coverage.py) on one program run on the coverage build of
# the model: every branch it does not reach must be listed with a reason; one left out of the list fails the
# report and is named, one listed but reached is reported for removal, a list line without a reason is an error.
# Needs BUILD from make and the coverage build (make cov-tools), hello built.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run() { # holes file -> the report's output, exit status in $tmp/rc
  python3 tests/coverage/arch_coverage.py --build "$BUILD" --iss "$BUILD/cov/bin/armv6m-iss" \
    --chklib "$BUILD/cov/lib/libtarmacchk.so" --holes "$1" --out "$tmp/report.txt" $2 \
    --programs "$BUILD/programs/hello.elf" > "$tmp/out" 2>&1
  echo $? > "$tmp/rc"
}
: > "$tmp/none"
run "$tmp/none" ""
check "hello alone leaves branches unexplained: the report fails (exit $(cat "$tmp/rc"))" \
  '[ "$(cat "$tmp/rc")" -eq 1 ] && grep -q "^arch_coverage: not explained: model/\|^arch_coverage: not explained: " "$tmp/out"'
check "the report counts the branches reached by file" 'grep -q "^  model/cpu.c [0-9]*/[0-9]*, model/exceptions.c" "$tmp/report.txt"'
# every unreached branch listed: the report passes; one taken out of the list: it fails, naming that one
sed -n 's/^  \(.*\) (line [0-9]*): NOT EXPLAINED.*/\1/p' "$tmp/report.txt" | sed 's/$/\thole: not reached by hello/' > "$tmp/all"
n=$(wc -l < "$tmp/all")
run "$tmp/all" --report-only
check "all $n unreached branches listed with a reason: the report passes" '[ "$(cat "$tmp/rc")" -eq 0 ] && [ "$n" -gt 20 ]'
tail -n +2 "$tmp/all" > "$tmp/less"
first=$(head -1 "$tmp/all" | cut -f1)
run "$tmp/less" --report-only
check "a branch not listed is a new hole, named (exit $(cat "$tmp/rc"))" \
  '[ "$(cat "$tmp/rc")" -eq 1 ] && grep -qF "not explained: $first" "$tmp/out"'
{ cat "$tmp/all"; printf 'cpu.c step: `uint32_t pc = c->r[15];` b0\thole: planted\n'; } > "$tmp/more"
run "$tmp/more" --report-only
check "a listed branch that is not unreached is reported for removal" \
  'grep -qF "reached now, listed in $tmp/more: cpu.c step: \`uint32_t pc = c->r[15];\` b0 (remove it)" "$tmp/report.txt"'
printf 'cpu.c step: x b0\tbecause\n' > "$tmp/bad"
run "$tmp/bad" --report-only
check "a list line without 'unreachable:' or 'hole:' is an error naming its line" \
  '[ "$(cat "$tmp/rc")" -ne 0 ] && grep -q "bad:1: expected" "$tmp/out"'
# a test of the regression (a line of make regress-list) drives the model in the configuration its golden records:
# late_arrival's tail-chaining golden reaches the tail-chain's code, the same program run alone does not
chain='exceptions.c m6_tail_chain: `if (!n) { /* the model'"'"'s own choice */` b0'
line="mkdir -p $tmp/t && cd $PWD && $BUILD/sim/chk-tc/Vtb_top +elf=$BUILD/programs/late_arrival.elf +tarmac_golden=golden/late_arrival.tc.tarmac.gz +tarmac_report=$tmp/t/report.txt +waitstates=25"
echo "$line" > "$tmp/tests.txt"
python3 tests/coverage/arch_coverage.py --build "$BUILD" --iss "$BUILD/cov/bin/armv6m-iss" --chklib "$BUILD/cov/lib/libtarmacchk.so" \
  --functional "" --holes "$tmp/none" --out "$tmp/tc.txt" --tests "$tmp/tests.txt" > "$tmp/out" 2>&1
check "a regression test's golden recorded tail_chain=1,late_arrival=1: one run, in that configuration" \
  'grep -q "; 1 runs of the model" "$tmp/tc.txt" && ! grep -qF "$chain" "$tmp/tc.txt"'
run "$tmp/none" "--programs $BUILD/programs/late_arrival.elf"
check "the same program alone (the default configuration) does not chain" 'grep -qF "$chain" "$tmp/report.txt"'
# the field, memory-map and interrupt-line bins of the same run's golden, appended (arch-bins, --bins)
python3 tests/coverage/arch_coverage.py --build "$BUILD" --iss "$BUILD/cov/bin/armv6m-iss" --chklib "$BUILD/cov/lib/libtarmacchk.so" \
  --functional "" --holes "$tmp/none" --out "$tmp/bins.txt" --tests "$tmp/tests.txt" --bins "$BUILD/bin/arch-bins" \
  > "$tmp/out" 2>&1; brc=$?
check "with --bins: the report has the bins of the run's golden, and bins without a reason fail it (exit $brc)" \
  'grep -q "^  field bins: [1-9][0-9]* of [0-9]* reached" "$tmp/bins.txt" && grep -q "^  unreached mem.default.code.past: NOT EXPLAINED" "$tmp/bins.txt" && [ "$brc" -eq 1 ]'
summary
