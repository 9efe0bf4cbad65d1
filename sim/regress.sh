#!/usr/bin/env bash
# Runs firmware programs on the reference core under Verilator with the lockstep checker attached (retire,
# AHB beats, MTB packets), one line per test, then a summary; exit 0 only if all pass.
# A test passes when the checker passes, the exit code is 0 and the console output is tests/programs/<p>.expect.
# usage: regress.sh <Vtb_top> <programs dir> <golden dir> <log dir> <wait %> <program>...
set -u
sim=$1; progs=$2; golden=$3; logs=$4; ws=$5; shift 5
mkdir -p "$logs"
pass=0; fail=0
printf '%-14s %10s %10s %7s %6s %7s %-6s %s\n' test instructions cycles beats pkts time result log
for p in "$@"; do
  log="$logs/$p.log"
  cmd="$sim +elf=$progs/$p.elf +tarmac_golden=$golden/$p.tarmac.gz +tarmac_report=$logs/$p.report +waitstates=$ws +seed=1"
  t0=$(date +%s.%N)
  timeout 600 $cmd > "$log.out" 2> "$log"; rc=$?
  t1=$(date +%s.%N)
  cat "$log.out" >> "$log"
  insns=$(sed -n 's/.* \([0-9]*\) instructions.*/\1/p' "$log" | tail -1)
  cycles=$(sed -n 's/^tb_main: \([0-9]*\) cycles.*/\1/p' "$log" | tail -1)
  beats=$(sed -n 's/.* \([0-9]*\) bus beats.*/\1/p' "$log" | tail -1)
  pkts=$(sed -n 's/.* \([0-9]*\) MTB packets compared.*/\1/p' "$log" | tail -1)
  # the console output is what the program printed before the checker's summary
  sed '/^tarmac checker:/,$d' "$log.out" > "$log.console"
  if [ "$rc" -eq 0 ] && grep -q "tarmac checker: PASS" "$log" && cmp -s "$log.console" "tests/programs/$p.expect"; then
    result=PASS; pass=$((pass + 1))
  else
    result=FAIL; fail=$((fail + 1))
  fi
  printf '%-14s %10s %10s %7s %6s %6.1fs %-6s %s\n' "$p" "${insns:--}" "${cycles:--}" "${beats:--}" "${pkts:--}" \
    "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" "$result" "$log"
  if [ "$result" = FAIL ]; then
    echo "  rerun: $cmd"
    grep -A4 "MISMATCH\|FAILURE\|timeout\|lockup" "$log" | head -8 | sed 's/^/  /'
  fi
  rm -f "$log.out"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
