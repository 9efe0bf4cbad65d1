#!/usr/bin/env bash
# Mutation campaign: each RTL mutant of sim/mutants.tsv is built with the lockstep checker and runs the tests
# (the program corpus, then the random seeds; wait states on) until the checker detects it; mutants run in
# parallel (-j). For each: detected or not, by which stream, in which test, at which step and cycle, how many
# cycles after the bug first showed (the first cycle where the mutant's trace port / bus trace differs from the
# unmutated core's), and whether the detecting test's own exit code and console output alone would have caught
# it (the same run without the checker): "no" there means only lockstep caught the mutant. Prints a table, the
# detection rate, the lockstep-only count and why each undetected mutant was missed (equivalent, with the mutant
# list's reason, or unexplained). Builds go through ccache when it is installed.
# usage: mutate.sh [-j N] [--mutants FILE] [--random DIR] [--out DIR] [--plusargs "+a +b"]
#                  <build dir> <programs dir> <golden dir> <libs...> -- <test>...
#   A test is a program (<programs dir>/<t>.elf, <golden dir>/<t>.tarmac.gz, tests/programs/<t>.expect) or, when
#   not there, a generated one in the --random dir (<t>.elf, <t>.tarmac.gz, <t>.expect side by side).
#   --classify <exit status> <stdout> <expect>: print whether the self-check catches that run (yes/no).
#   The unmutated reference is <build dir>/sim/chk/Vtb_top; results go to <build dir>/mutate (or --out).
# Checker failure: "MISMATCH #1" in the report or exit status 3 (a mid-run mismatch may also end in $fatal).
set -u
# The program's console output: stdout without the simulator's own "$finish" notice, whatever the path of the
# tb_top.sv it names (rtl_tb/ for the reference core, <build>/mutate/<name>/rtl_tb/ for a mutant).
console_of() { sed -E '/^- .*tb_top\.sv:[0-9]+: Verilog \$finish$/d' "$1"; }

# Would the test's own self-check catch the bug? exit status, stdout file, expected output -> yes / no
selfcheck_caught() {
  if [ "$1" -ne 0 ]; then echo yes; return; fi
  if cmp -s <(console_of "$2") "$3"; then echo no; else echo yes; fi
}

# Did the lockstep checker fail? report file, exit status -> 0 yes
checker_failed() { { [ -f "$1" ] && grep -q "MISMATCH #1" "$1"; } || [ "$2" -eq 3 ]; }

# `mutate.sh --classify <exit status> <stdout file> <expect file>`: the self-check classification alone, yes or
# no (sim/test_mutate.sh)
if [ "${1:-}" = --classify ]; then
  [ $# -eq 4 ] || { echo "usage: mutate.sh --classify <exit status> <stdout file> <expect file>" >&2; exit 2; }
  selfcheck_caught "$2" "$3" "$4"; exit 0
fi

jobs=2; mutants=sim/mutants.tsv; random=""; out=""; plusargs=()
while [ $# -gt 0 ]; do
  case "$1" in
    -j) jobs=$2; shift 2 ;;
    --mutants) mutants=$2; shift 2 ;;
    --random) random=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --plusargs) read -ra plusargs <<<"$2"; shift 2 ;;  # e.g. "+tarmac_regs=snapshot": the lockstep runs only
    *) break ;;
  esac
done
[ $# -ge 4 ] || { echo "usage: mutate.sh [-j N] [--mutants FILE] [--random DIR] [--out DIR] [--plusargs '+a +b'] <build> <programs> <golden> <libs...> -- <test>..." >&2; exit 2; }
build=$1; progs=$2; golden=$3; shift 3
libs=(); while [ $# -gt 0 ] && [ "$1" != "--" ]; do libs+=("$1"); shift; done
[ $# -gt 0 ] || { echo "mutate: missing '--' before the tests" >&2; exit 2; }
shift
tests=("$@")
[ ${#tests[@]} -gt 0 ] || { echo "mutate: no tests given" >&2; exit 2; }
[ -f "$mutants" ] || { echo "mutate: no mutant list $mutants" >&2; exit 2; }
[ -x "$build/sim/chk/Vtb_top" ] || { echo "mutate: no reference simulator $build/sim/chk/Vtb_top" >&2; exit 2; }
out=${out:-$build/mutate}; mkdir -p "$out"
# A mutant changes one RTL file: most of the C++ Verilator writes for it, its runtime and the harness are the same
# as for every other mutant. ccache (Verilator's OBJCACHE) compiles each once, kept in <build dir>/ccache for the
# next campaign; paths are hashed relative to $out, so that <mutant>/obj/x.cpp of two mutants is one entry.
if command -v ccache > /dev/null; then
  export OBJCACHE=ccache CCACHE_DIR CCACHE_BASEDIR CCACHE_NOHASHDIR=1
  CCACHE_DIR=$(realpath "$build")/ccache; CCACHE_BASEDIR=$(realpath "$out")
else
  echo "mutate: no ccache (make deps installs it): every mutant compiles all of its simulator" >&2
fi

# The files of test t: "elf golden expect", or nothing when it is not found.
test_files() {
  local t=$1
  if [ -f "$progs/$t.elf" ]; then echo "$progs/$t.elf $golden/$t.tarmac.gz tests/programs/$t.expect"
  elif [ -n "$random" ] && [ -f "$random/$t.elf" ]; then echo "$random/$t.elf $random/$t.tarmac.gz $random/$t.expect"
  fi
}
for t in "${tests[@]}"; do
  read -r e g x <<<"$(test_files "$t")"
  [ -n "${e:-}" ] && [ -f "$g" ] && [ -f "$x" ] || { echo "mutate: test $t: missing ELF, golden or expected output" >&2; exit 2; }
done

# One mutant: line number in the mutant list -> $out/<name>/row (the table row) and $out/<name>/status
# (LOCKSTEP, HARNESS: a timeout/lockup the checker did not report, MISSED, ERROR) and $out/<name>/lonly (yes
# when only lockstep caught it).
run_mutant() {
  local ln=$1 name what d
  IFS=$'\t' read -r name _ _ _ what < <(sed -n "${ln}p" "$mutants")
  d="$out/$name"; rm -rf "$d"; mkdir -p "$d"
  if ! bash sim/plant_mutant.sh --mutants "$mutants" "$name" "$d" 2> "$d/apply.log"; then
    echo "mutate: $name: cannot apply: $(cat "$d/apply.log")" >&2
    printf '%-26s %-8s %s\n' "$name" ERROR "pattern does not apply once: $(cat "$d/apply.log")" > "$d/row"; echo ERROR > "$d/status"
    return
  fi
  # Verilator's options are sim/verilate.sh's (with SAN_FLAGS from make test SAN=1); the assertions stay off
  # (no --assert): a mutant is detected by the lockstep checker or not at all, so the table stays comparable
  if ! bash sim/verilate.sh --chk -j 1 "$d/obj" sim/tb_main.cpp "${libs[*]}" "$d" 2> "$d/verilate.err"; then
    echo "mutate: $name: build failed (see $d/obj/build.log)" >&2
    printf '%-26s %-8s %s\n' "$name" ERROR "build failed: $d/obj/build.log" > "$d/row"; echo ERROR > "$d/status"
    return
  fi
  rm -rf "$d/obj"/*.o "$d/obj"/*.cpp "$d/obj"/*.h "$d/obj"/*.a  # keep the binary only (disk)
  local status=MISSED stream="-" prog="-" step="-" cyc="-" selfcheck="-" lat="-" harness_note="" t e g x rep rc
  for t in "${tests[@]}"; do
    read -r e g x <<<"$(test_files "$t")"
    rep="$d/$t.report"
    # a mutant may $fatal (SIGABRT): the braces keep bash's "Aborted" notice out of the table
    { timeout 120 "$d/obj/Vtb_top" +elf="$e" +tarmac_golden="$g" +waitstates=25 +seed=3 \
        +tarmac_report="$rep" +timeout=5000000 "${plusargs[@]}" > "$d/$t.log" 2>&1; } 2> /dev/null; rc=$?
    if checker_failed "$rep" "$rc"; then
      # the same test without the checker: would its own exit code or output have caught the bug?
      { timeout 120 "$d/obj/Vtb_top" +elf="$e" +tarmac_off +waitstates=25 +seed=3 +timeout=5000000 \
          > "$d/$t.out" 2> "$d/$t.err"; } 2> /dev/null
      selfcheck=$(selfcheck_caught $? "$d/$t.out" "$x")
      status=LOCKSTEP; prog=$t
      # first divergence: compare the human traces (+trace) of the mutant and of the unmutated core
      run_trace() { timeout 120 "$1" +elf="$e" +tarmac_off +trace +waitstates=25 +seed=3 +timeout=5000000 2>/dev/null | grep -E '^[0-9]+ '; }
      local first
      first=$(cmp <(run_trace "$d/obj/Vtb_top") <(run_trace "$build/sim/chk/Vtb_top") 2>/dev/null | sed -n 's/.* line \([0-9]*\).*/\1/p')
      [ -n "$first" ] && first=$(run_trace "$d/obj/Vtb_top" | sed -n "${first}p" | cut -d' ' -f1)
      stream=$(sed -n 's/.*MISMATCH #1 (\([a-z]*\) stream).*/\1/p' "$rep" 2>/dev/null)
      [ -n "$stream" ] || stream=end
      step=$(sed -n '0,/^  step /s/^  step \([0-9]*\),.*/\1/p' "$rep" 2>/dev/null | head -1)
      cyc=$(sed -n '0,/simulation time/s/.*simulation time \([0-9]*\).*/\1/p' "$rep" 2>/dev/null | head -1)
      [ -n "$first" ] && [ -n "$cyc" ] && lat=$((cyc - first))
      break
    elif [ "$rc" -eq 124 ] || [ "$rc" -eq 125 ]; then
      # a hang or lockup the checker did not report: the regression fails, but not by lockstep; keep looking
      [ -n "$harness_note" ] || harness_note="$t exit $rc"
    fi
  done
  if [ "$status" = MISSED ] && [ -n "$harness_note" ]; then status=HARNESS; prog=${harness_note%% *}; fi
  local lonly=no
  [ "$status" = LOCKSTEP ] && [ "$selfcheck" = no ] && lonly=yes
  printf '%-26s %-8s %-11s %-15s %7s %8s %7s %-5s %-5s %s\n' "$name" "$status" "$stream" "$prog" "${step:--}" \
    "${cyc:--}" "$lat" "$selfcheck" "$lonly" "$what" > "$d/row"
  echo "$status" > "$d/status"; echo "$lonly" > "$d/lonly"
  cat "$d/row"
}

lines=$(awk -F'\t' '$1 != "" && substr($1, 1, 1) != "#" { print NR }' "$mutants")
names=$(awk -F'\t' '$1 != "" && substr($1, 1, 1) != "#" { print $1 }' "$mutants")
dups=$(sort <<<"$names" | uniq -d)
[ -z "$dups" ] || { echo "mutate: duplicate mutant names: $dups" >&2; exit 2; }
export -f run_mutant test_files console_of selfcheck_caught checker_failed
export out mutants build progs golden random
export LIBS_STR="${libs[*]}"
t0=$(date +%s)
# shellcheck disable=SC2016
TESTS_STR="${tests[*]}" xargs -P "$jobs" -I{} bash -c 'libs=($LIBS_STR); tests=($TESTS_STR); run_mutant "$@"' _ {} <<<"$lines"
t1=$(date +%s)

# Why a mutant may be missed: the mutant list's "# equivalent <name>: <why>" lines (a mutant that changes no
# architectural state the golden records). A miss without one is reported as unexplained.
equivalent_why() { sed -n "s/^# equivalent $1: //p" "$mutants" | head -1; }
total=0; lockstep=0; harness=0; lonly=0; errors=0; equivalent=0; misses=()
for n in $names; do
  total=$((total + 1))
  status=$(cat "$out/$n/status" 2>/dev/null)
  case "$status" in
    LOCKSTEP) lockstep=$((lockstep + 1)) ;;
    HARNESS) harness=$((harness + 1)) ;;
    MISSED) ;;
    *) errors=$((errors + 1)) ;;
  esac
  if [ "$status" = MISSED ] || [ "$status" = HARNESS ]; then
    why=$(equivalent_why "$n")
    if [ -n "$why" ]; then equivalent=$((equivalent + 1)); misses+=("$n ($status): equivalent: $why")
    else misses+=("$n ($status): NOT EXPLAINED: no program exercises it, or the checker does not compare what it changes (say why with '# equivalent $n: <why>' in $mutants when it changes nothing the golden records)"); fi
  fi
  [ "$(cat "$out/$n/lonly" 2>/dev/null)" = yes ] && lonly=$((lonly + 1))
done
{
  echo
  printf '%-26s %-8s %-11s %-15s %7s %8s %7s %-5s %-5s %s\n' mutant result stream test step cycle latency exit only bug
  for n in $names; do
    if [ -f "$out/$n/row" ]; then cat "$out/$n/row"; else printf '%-26s %-8s %s\n' "$n" ERROR "no result"; fi
  done
  echo "mutation campaign: $lockstep of $total mutants detected by lockstep ($(awk -v d=$lockstep -v t=$total 'BEGIN { printf "%.1f", t ? 100 * d / t : 0 }')%);" \
       "$lonly of them caught by lockstep only (the detecting test's own exit code and output passed);" \
       "$harness failed by timeout/lockup only; $((total - lockstep - harness - errors)) missed;" \
       "undetected: $equivalent equivalent, $((total - lockstep - errors - equivalent)) unexplained; $errors errors;" \
       "${#tests[@]} tests, -j $jobs, $((t1 - t0)) s"
  for m in "${misses[@]}"; do echo "undetected: $m"; done
  echo "(result: LOCKSTEP the checker found a mismatch, HARNESS a hang or lockup the checker did not report, MISSED"
  echo " nothing failed; cycle: when the checker stopped; latency: cycles from the first divergence of the trace"
  echo " port or the bus to the detection; exit: would the detecting test's own exit code or console output alone"
  echo " have caught it; only: caught by lockstep only)"
} | tee "$out/summary.txt"
[ "$errors" -eq 0 ]
