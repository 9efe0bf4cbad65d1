#!/usr/bin/env bash
# Mutation campaign: each RTL mutant of sim/mutants.tsv is built with the lockstep checker and runs the
# programs (wait states on) until the checker detects it. For each: detected or not, by which stream, in which
# program, at which step and cycle, how many cycles after the bug first showed (the first cycle where the mutant's
# trace port / bus trace differs from the unmutated core's), and whether the program's own exit code or output
# alone would have caught it (the same run without the checker). Prints a table and the detection rate.
# usage: mutate.sh <build dir> <programs dir> <golden dir> <libs...> -- <program>...
#   (the unmutated reference is <build dir>/sim/chk/Vtb_top)
set -u
build=$1; progs=$2; golden=$3; shift 3
libs=(); while [ "$1" != "--" ]; do libs+=("$1"); shift; done; shift
programs=("$@")
out="$build/mutate"; mkdir -p "$out"
rtl_list() { sed "s|^|$1/|" rtl_tb/sources.f | tr '\n' ' '; }
total=0; detected=0; rows=()
while IFS=$'\t' read -r name file old new what; do
  [ -z "$name" ] || [ "${name:0:1}" = "#" ] && continue
  total=$((total + 1))
  d="$out/$name"; rm -rf "$d"; mkdir -p "$d"; cp -r rtl_tb "$d/"
  OLD="$old" NEW="$new" perl -0pi -e 's/\\n/\n/g for ($ENV{OLD}, $ENV{NEW}); $n = s/\Q$ENV{OLD}\E/$ENV{NEW}/g; die "pattern found $n times\n" unless $n == 1' "$d/$file" 2> "$d/apply.log" \
    || { echo "mutate: $name: cannot apply: $(cat "$d/apply.log")" >&2; continue; }
  # shellcheck disable=SC2046
  if ! verilator --cc --exe --build -j 2 -O2 --x-assign fast --x-initial fast --top-module tb_top -Wno-fatal \
       -CFLAGS "-O1 -I$PWD/model -I$PWD/dpi/include -I$PWD/sim" +define+TARMAC_CHK -Mdir "$d/obj" dpi/tarmac_chk_pkg.sv \
       $(rtl_list "$d") "$PWD/sim/tb_main.cpp" "$PWD/sim/harness.cpp" -LDFLAGS "${libs[*]} -lz -pthread" > "$d/build.log" 2>&1; then
    echo "mutate: $name: build failed (see $d/build.log)" >&2; continue
  fi
  hit=""; stream="-"; prog="-"; step="-"; cyc="-"; selfcheck=no; lat="-"
  for p in "${programs[@]}"; do
    rep="$d/$p.report"
    # a mutant may $fatal (SIGABRT): the braces keep bash's "Aborted" notice out of the table
    { timeout 120 "$d/obj/Vtb_top" +elf="$progs/$p.elf" +tarmac_golden="$golden/$p.tarmac.gz" +waitstates=25 +seed=3 \
        +tarmac_report="$rep" +timeout=5000000 > /dev/null 2>&1; } 2> /dev/null
    if [ -f "$rep" ] && grep -q "MISMATCH #1" "$rep"; then
      # the same program without the checker: would its own exit code or output have caught the bug?
      { timeout 120 "$d/obj/Vtb_top" +elf="$progs/$p.elf" +tarmac_off +waitstates=25 +seed=3 +timeout=5000000 \
          > "$d/$p.out" 2> "$d/$p.err"; } 2> /dev/null; rc=$?
      sed -i '/^- rtl_tb/d' "$d/$p.out"
      caught_by_program=no
      if [ "$rc" -ne 0 ]; then caught_by_program=yes; fi
      cmp -s "$d/$p.out" "tests/programs/$p.expect" || caught_by_program=yes
      hit=yes; prog=$p; selfcheck=$caught_by_program
      # first divergence: compare the human traces (+trace) of the mutant and of the unmutated core
      run_trace() { timeout 120 "$1" +elf="$progs/$p.elf" +tarmac_off +trace +waitstates=25 +seed=3 +timeout=5000000 2>/dev/null | grep -E '^[0-9]+ '; }
      first=$(cmp <(run_trace "$d/obj/Vtb_top") <(run_trace "$build/sim/chk/Vtb_top") 2>/dev/null | sed -n 's/.* line \([0-9]*\).*/\1/p')
      [ -n "$first" ] && first=$(run_trace "$d/obj/Vtb_top" | sed -n "${first}p" | cut -d' ' -f1)
      stream=$(sed -n 's/.*MISMATCH #1 (\([a-z]*\) stream).*/\1/p' "$rep")
      step=$(sed -n '0,/^  step /s/^  step \([0-9]*\),.*/\1/p' "$rep" | head -1)
      cyc=$(sed -n '0,/simulation time/s/.*simulation time \([0-9]*\).*/\1/p' "$rep" | head -1)
      [ -n "$first" ] && [ -n "$cyc" ] && lat=$((cyc - first))
      break
    fi
  done
  [ -n "$hit" ] && detected=$((detected + 1))
  rows+=("$(printf '%-24s %-8s %-12s %-14s %7s %8s %7s %-5s %s' "$name" "${hit:-MISSED}" "$stream" "$prog" "$step" "$cyc" "$lat" "$selfcheck" "$what")")
  echo "${rows[-1]}"
done < sim/mutants.tsv
echo
printf '%-24s %-8s %-12s %-14s %7s %8s %7s %-5s %s\n' mutant result stream program step cycle latency exit bug
printf '%s\n' "${rows[@]}"
echo "mutation campaign: $detected of $total mutants detected by lockstep ($(awk -v d=$detected -v t=$total 'BEGIN { printf "%.0f", t ? 100 * d / t : 0 }')%)"
echo "(cycle: when the checker stopped; latency: cycles from the first divergence of the trace port or the bus to the"
echo " detection; exit: would the program's own exit code or console output alone have caught it)"
