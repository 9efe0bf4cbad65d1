#!/usr/bin/env bash
# Lockstep regression: firmware programs on the reference core under Verilator with the checker attached
# (retire, AHB beats, MTB packets). One line per test, a summary, build/regress/<name>/summary.txt and
# junit.xml (Jenkins/GitLab); exit 0 only if all pass. A test passes when the checker passes, the exit code is
# 0 and the console output is tests/programs/<p>.expect. Each test has its log, its checker report, the
# command that reruns it and, when it failed, the one that reruns it writing the waveform before the failure.
# usage: regress.sh [-j N] [--list] [--live] [--plusargs "<+a +b>"] [--coverage <tarmac-cov>] <Vtb_top>
#                   <programs dir> <golden dir> <out dir> <wait %> <program>...
#   --list      print one shell command per test (for a farm: Slurm array, LSF, GNU parallel) and run nothing
#   --live      live mode: the checker runs the model on the program's ELF (+tarmac_golden=live:<elf>), no golden
#               file (<golden dir> is not read)
#   --plusargs  more arguments for every test, e.g. "+tarmac_regs=snapshot"; {n} in them stands for the number in
#               the test's name (async_7: 7), e.g. "+irq_seed={n}" gives each random program its own interrupts
#   --coverage  each test writes the checker's coverage (<out>/<p>.cov, its summary <out>/<p>.coverage.txt); the
#               passing tests' files are merged by the given tarmac-cov into <out>/coverage.tsv, .txt and .html
#   --expect    <dir>/<p>.expect and <dir>/<p>.exit are the console output and exit code a test must give instead
#               (the model's on a configuration whose choices change what a program prints: sim/test_m0.sh)
set -u
jobs=1; list=0; extra=""; live=0; cov=""; expdir=""
while [ $# -gt 0 ]; do
  case "$1" in
    -j) jobs=$2; shift 2 ;;
    --plusargs) extra=$2; shift 2 ;;
    --live) live=1; shift ;;
    --list) list=1; shift ;;
    --coverage) cov=$2; shift 2 ;;
    --expect) expdir=$2; shift 2 ;;
    --one) shift; break ;;
    *) break ;;
  esac
done

command_for() { # program -> the command that runs it
  local g="$golden/$1.tarmac.gz" n
  [ "$live" -eq 0 ] || g="live:$progs/$1.elf"
  n=$(tr -cd 0-9 <<<"$1")
  echo "$sim +elf=$progs/$1.elf +tarmac_golden=$g +tarmac_report=$out/$1.report +waitstates=$ws +seed=1${cov:+ +tarmac_coverage=$out/$1.cov}${extra:+ ${extra//\{n\}/${n:-0}}}"
}

run_one() { # program: runs it, writes $out/<p>.result "name|insns|cycles|beats|packets|secs|PASS/FAIL"
  local p=$1 log="$out/$1.log" cmd t0 t1 rc result
  cmd=$(command_for "$p")
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  timeout 600 $cmd > "$log.out" 2> "$log"; rc=$?
  t1=$(date +%s.%N)
  cat "$log.out" >> "$log"
  sed '/^tarmac checker:/,$d; /^- rtl_tb/d' "$log.out" > "$log.console"
  local expect="tests/programs/$p.expect" want=0
  [ -f "$expect" ] || expect="$progs/$p.expect"   # generated programs keep theirs beside the ELF
  if [ -n "$expdir" ]; then expect="$expdir/$p.expect"; want=$(cat "$expdir/$p.exit" 2>/dev/null || echo missing); fi
  if [ "$rc" = "$want" ] && grep -q "tarmac checker: PASS" "$log" && cmp -s "$log.console" "$expect"; then
    result=PASS
  else
    result=FAIL
  fi
  printf '%s|%s|%s|%s|%s|%s|%s|%s\n' "$p" \
    "$(sed -n 's/.* \([0-9]*\) instructions.*/\1/p' "$log" | tail -1)" \
    "$(sed -n 's/^tb_main: \([0-9]*\) cycles.*/\1/p' "$log" | tail -1)" \
    "$(sed -n 's/.* \([0-9]*\) bus beats.*/\1/p' "$log" | tail -1)" \
    "$(sed -n 's/.* \([0-9]*\) MTB packets compared.*/\1/p' "$log" | tail -1)" \
    "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')" "$result" "$cmd" > "$out/$p.result"
  rm -f "$log.out"
  if [ -n "$cov" ] && [ -f "$out/$p.cov" ]; then "$cov" merge "$out/$p.cov" --text "$out/$p.coverage.txt" > /dev/null; fi
}

sim=$1; progs=$2; golden=$3; out=$4; ws=$5; shift 5
mkdir -p "$out"
if [ "$list" -eq 1 ]; then
  for p in "$@"; do echo "cd $PWD && $(command_for "$p")"; done
  exit 0
fi
export -f run_one command_for
export sim progs golden out ws extra live cov expdir
rm -f "$out"/*.result "$out"/*.cov
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c 'run_one "$@"' _ {}

pass=0; fail=0
for p in "$@"; do
  if grep -q '|PASS|' "$out/$p.result" 2>/dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
{
  printf '%-14s %12s %10s %7s %6s %7s %s\n' test instructions cycles beats pkts time result
  for p in "$@"; do
    IFS='|' read -r name insns cycles beats pkts secs result cmd < "$out/$p.result" \
      || { name=$p; result=FAIL; cmd=$(command_for "$p"); }
    printf '%-14s %12s %10s %7s %6s %6ss %s\n' "$name" "${insns:--}" "${cycles:--}" "${beats:--}" "${pkts:--}" \
      "${secs:--}" "$result"
    if [ "$result" != PASS ]; then
      echo "  log: $out/$p.log   report: $out/$p.report"
      echo "  rerun: $cmd"
      # the harness's command for the waveform of the cycles before the failure (sim/waves.h)
      sed -n 's/^tb_main: waveform of \(cycles [0-9]*-[0-9]*\): /  waves (\1): /p' "$out/$p.log" 2>/dev/null
      grep -A4 "MISMATCH\|FAILURE\|timeout\|lockup" "$out/$p.log" 2>/dev/null | head -8 | sed 's/^/  /'
    fi
  done
  echo "regression: $pass passed, $fail failed, wait states $ws%"
} | tee "$out/summary.txt"

{
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo "<testsuite name=\"lockstep\" tests=\"$#\" failures=\"$fail\">"
  for p in "$@"; do
    IFS='|' read -r name insns cycles beats pkts secs result cmd < "$out/$p.result" || { secs=0; result=FAIL; }
    echo "  <testcase classname=\"lockstep\" name=\"$p\" time=\"${secs:-0}\">"
    if [ "$result" != PASS ]; then
      echo "    <failure message=\"lockstep or program failure\"><![CDATA["
      grep -A12 "MISMATCH\|FAILURE" "$out/$p.log" 2>/dev/null | head -40
      echo "rerun: $(command_for "$p")"
      sed -n 's/^tb_main: waveform of \(cycles [0-9]*-[0-9]*\): /waves (\1): /p' "$out/$p.log" 2>/dev/null
      echo "]]></failure>"
    fi
    echo "  </testcase>"
  done
  echo "</testsuite>"
} > "$out/junit.xml"
if [ -n "$cov" ]; then # what the passing tests compared (a failing test's bins are not evidence)
  files=()
  for p in "$@"; do grep -q '|PASS|' "$out/$p.result" 2>/dev/null && files+=("$out/$p.cov"); done
  if [ ${#files[@]} -gt 0 ]; then
    "$cov" merge "${files[@]}" -o "$out/coverage.tsv" --text "$out/coverage.txt" --html "$out/coverage.html" \
      | tail -1
  fi
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
