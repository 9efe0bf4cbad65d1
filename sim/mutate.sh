#!/usr/bin/env bash
# Mutation campaign: each RTL mutant of the mutant lists is built (with the AHB-Lite assertions) and runs the tests
# of each configuration in turn (a configuration: how the core is built, how the checker is run, which tests)
# until something detects it: the lockstep checker (LOCKSTEP) or an AHB-Lite assertion (ASSERT); mutants run in
# parallel (-j). For each: detected or not, in which configuration, by which stream, in which test, at which step
# and cycle, how many cycles after the bug first showed (the first cycle where the mutant's trace port / bus trace
# differs from the unmutated core's of that configuration), and whether the detecting test's own exit status and
# console output alone would have caught it (the same run without the checker): "no" there means only lockstep
# caught the mutant. Prints a table, the detection rate, the lockstep-only count and why each undetected mutant was
# missed (equivalent, with the mutant list's reason, or unexplained). Builds go through ccache when it is installed.
# First the unmutated reference runs every test of every configuration: a test it fails stops the campaign, unless
# the waiting list names it (a known false alarm or core bug with its reason): then it is left out of the campaign,
# said and counted, and it must still fail (a listed test the reference passes stops the campaign too, so that the
# list stays true).
# usage: mutate.sh [-j N] [--mutants FILE]... [--random DIR] [--out DIR] [--plusargs "+a +b"] [--config SPEC]...
#                  [--first N] [--reference-only] [--waiting FILE] <build dir> <programs dir> <golden dir> <libs...>
#                  -- <test>...
#   --waiting FILE: "<configuration> <test> <why>" lines (# comments), default sim/mutate_waiting.txt.
#   --first N: each configuration's first N tests only (a quick campaign over every configuration);
#   --reference-only: the unmutated reference's runs only, then exit (0: it passes every one).
#   Without --config, one configuration "file": the tests after '--', golden files, the default build
#   (<build dir>/sim/chk/Vtb_top is the unmutated reference), --plusargs for every run.
#   --config "name|-G params|plusargs|golden|reference|tests": a configuration, tried in the order given (the
#   tests after '--' are then not used): its core's Verilator -G parameters (space-separated, "" the default), extra
#   plusargs ({n}: the number in the test's name), its goldens (file: <t>.tarmac.gz, tc: <t>.tc.tarmac.gz, live:
#   the checker runs the model on the ELF, dir:<d>: <d>/<t>.tarmac.gz with the expected output <d>/<t>.expect and
#   exit status <d>/<t>.exit, made with the configuration's own model settings), the unmutated simulator built the
#   same way, and its tests.
#   A test is a program (<programs dir>/<t>.elf, tests/programs/<t>.expect, its golden in <golden dir>) or, when
#   not there, a generated one in the --random dir (<t>.elf, <t>.expect and its goldens side by side). Its exit
#   status must be 0, or what <t>[.tc].exit beside its expected output says (125: it ends in a lockup).
#   --classify <exit status> <stdout> <expect> [<expected exit>]: print whether the self-check catches that run.
#   Results go to <build dir>/mutate (or --out): <mutant>/row, summary.txt.
# Checker failure: "MISMATCH #1" in the report or exit status 3 (a mid-run mismatch may also end in $fatal);
# assertion: exit status 4 with "Assertion failed in" in the log.
set -u
# The program's console output: stdout without the simulator's own notices ("$finish" whatever the path of the
# tb_top.sv it names, a lockup's cycle).
console_of() { sed -E '/^- .*tb_top\.sv:[0-9]+: Verilog \$finish$/d; /^tb_top: lockup at cycle [0-9]+$/d' "$1"; }

# Would the test's own self-check catch the bug? exit status, stdout file, expected output, expected exit -> yes/no
selfcheck_caught() {
  if [ "$1" -ne "${4:-0}" ]; then echo yes; return; fi
  if cmp -s <(console_of "$2") "$3"; then echo no; else echo yes; fi
}

# Did the lockstep checker fail? report file, exit status -> 0 yes
checker_failed() { { [ -f "$1" ] && grep -q "MISMATCH #1" "$1"; } || [ "$2" -eq 3 ]; }
# Did an assertion stop the run? log file, exit status -> 0 yes
assertion_failed() { [ "$2" -eq 4 ] && grep -q "Assertion failed in" "$1"; }

if [ "${1:-}" = --classify ]; then
  [ $# -eq 4 ] || [ $# -eq 5 ] || { echo "usage: mutate.sh --classify <exit status> <stdout file> <expect file> [<expected exit>]" >&2; exit 2; }
  selfcheck_caught "$2" "$3" "$4" "${5:-0}"; exit 0
fi

jobs=2; mutant_lists=(); random=""; out=""; plusargs=""; configs=(); first=""; ref_only=0
waiting_list=sim/mutate_waiting.txt
while [ $# -gt 0 ]; do
  case "$1" in
    -j) jobs=$2; shift 2 ;;
    --mutants) mutant_lists+=("$2"); shift 2 ;;
    --random) random=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --plusargs) plusargs=$2; shift 2 ;;  # e.g. "+tarmac_regs=snapshot": the lockstep runs only
    --config) configs+=("$2"); shift 2 ;;
    --first) first=$2; shift 2 ;;
    --reference-only) ref_only=1; shift ;;
    --waiting) waiting_list=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -ge 4 ] || { echo "usage: mutate.sh [-j N] [--mutants FILE]... [--random DIR] [--out DIR] [--plusargs '+a +b'] [--config SPEC]... <build> <programs> <golden> <libs...> -- <test>..." >&2; exit 2; }
build=$1; progs=$2; golden=$3; shift 3
libs=(); while [ $# -gt 0 ] && [ "$1" != "--" ]; do libs+=("$1"); shift; done
[ $# -gt 0 ] || { echo "mutate: missing '--' before the tests" >&2; exit 2; }
shift
[ ${#mutant_lists[@]} -gt 0 ] || mutant_lists=(sim/mutants.tsv)
[ ${#configs[@]} -gt 0 ] || configs=("file||$plusargs|file|$build/sim/chk/Vtb_top|$*")
if [ -n "$first" ]; then
  for i in "${!configs[@]}"; do
    IFS='|' read -r c1 c2 c3 c4 c5 ctests <<<"${configs[$i]}"; read -ra ts <<<"$ctests"
    configs[i]="$c1|$c2|$c3|$c4|$c5|${ts[*]:0:$first}"
  done
fi
for m in "${mutant_lists[@]}"; do [ -f "$m" ] || { echo "mutate: no mutant list $m" >&2; exit 2; }; done
[ -f "$waiting_list" ] || { echo "mutate: no waiting list $waiting_list" >&2; exit 2; }
# the waiting tests leave their configurations' lists: "<configuration> <test>" each, run apart below
waiting=()
for i in "${!configs[@]}"; do
  IFS='|' read -r c1 c2 c3 c4 c5 ctests <<<"${configs[$i]}"; kept=()
  for t in $ctests; do
    if grep -qE "^$c1[[:space:]]+$t[[:space:]]" "$waiting_list"; then waiting+=("$c1 $t"); else kept+=("$t"); fi
  done
  configs[i]="$c1|$c2|$c3|$c4|$c5|${kept[*]}"
done
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

# The files of test t with goldens of kind k: "elf golden expect exit", or nothing when it is not found.
test_files() {
  local t=$1 k=$2 dir expect v=""
  [ "$k" = tc ] && v=.tc
  if [ -f "$progs/$t.elf" ]; then dir=$progs; expect=tests/programs/$t.expect; gdir=$golden
  elif [ -n "$random" ] && [ -f "$random/$t.elf" ]; then dir=$random; expect=$random/$t.expect; gdir=$random
  else return; fi
  if [ "${k#dir:}" != "$k" ]; then gdir=${k#dir:}; expect=$gdir/$t.expect; fi
  local g="$gdir/$t$v.tarmac.gz" x=0
  [ "$k" = live ] && g="live:$dir/$t.elf"
  if [ -f "${expect%.expect}$v.exit" ]; then x=$(cat "${expect%.expect}$v.exit")
  elif [ -f "${expect%.expect}.exit" ]; then x=$(cat "${expect%.expect}.exit"); fi
  echo "$dir/$t.elf $g $expect $x"
}
for c in "${configs[@]}"; do
  IFS='|' read -r cname _ _ kind ref ctests <<<"$c"
  [ -x "$ref" ] || { echo "mutate: configuration $cname: no reference simulator $ref" >&2; exit 2; }
  for t in $ctests; do
    read -r e g x _ <<<"$(test_files "$t" "$kind")"
    [ -n "${e:-}" ] && { [ "$kind" = live ] || [ -f "$g" ]; } && [ -f "$x" ] \
      || { echo "mutate: configuration $cname, test $t: missing ELF, golden or expected output" >&2; exit 2; }
  done
done

# One mutant: "<list> <line>" -> $out/<name>/row (the table row), $out/<name>/status (LOCKSTEP, ASSERT, HARNESS: a
# timeout/lockup the checker did not report, MISSED, ERROR) and $out/<name>/lonly (yes when only lockstep caught it).
run_mutant() {
  local list=$1 ln=$2 name what d
  IFS=$'\t' read -r name _ _ _ what < <(sed -n "${ln}p" "$list")
  d="$out/$name"; rm -rf "$d"; mkdir -p "$d"
  if ! bash sim/plant_mutant.sh --mutants "$list" "$name" "$d" 2> "$d/apply.log"; then
    echo "mutate: $name: cannot apply: $(cat "$d/apply.log")" >&2
    printf '%-26s %-8s %s\n' "$name" ERROR "pattern does not apply once: $(cat "$d/apply.log")" > "$d/row"; echo ERROR > "$d/status"
    return
  fi
  local status=MISSED cfg="-" stream="-" prog="-" step="-" cyc="-" selfcheck="-" lat="-" harness_note="" t e g x want rc
  local -A built=()
  local c cname params pl kind ref ctests sim
  for c in "${configs[@]}"; do
    IFS='|' read -r cname params pl kind ref ctests <<<"$c"
    # one build per set of parameters (a configuration that only runs the checker otherwise shares it); the
    # assertions are on: a protocol violation is a detection too
    sim="$d/obj${params:+-$(tr -c 'A-Za-z0-9' '_' <<<"$params")}/Vtb_top"
    if [ -z "${built[$sim]:-}" ]; then
      # shellcheck disable=SC2086
      if ! bash sim/verilate.sh --chk --assert $params -j 1 "$(dirname "$sim")" sim/tb_main.cpp "${libs[*]}" "$d" \
           2> "$d/verilate.err"; then
        echo "mutate: $name: build failed (see $(dirname "$sim")/build.log)" >&2
        printf '%-26s %-8s %s\n' "$name" ERROR "build failed: $(dirname "$sim")/build.log" > "$d/row"; echo ERROR > "$d/status"
        return
      fi
      rm -rf "$(dirname "$sim")"/*.o "$(dirname "$sim")"/*.cpp "$(dirname "$sim")"/*.h "$(dirname "$sim")"/*.a  # the binary only (disk)
      built[$sim]=1
    fi
    for t in $ctests; do
      read -r e g x want <<<"$(test_files "$t" "$kind")"
      local n args rep="$d/$cname.$t.report"
      n=$(tr -cd 0-9 <<<"$t")
      read -ra args <<<"${pl//\{n\}/${n:-0}}"
      # a mutant may $fatal (SIGABRT): the braces keep bash's "Aborted" notice out of the table
      { timeout 120 "$sim" +elf="$e" +tarmac_golden="$g" +waitstates=25 +seed=3 +tarmac_report="$rep" +timeout=5000000 \
          "${args[@]}" > "$d/$cname.$t.log" 2>&1; } 2> /dev/null; rc=$?
      if checker_failed "$rep" "$rc" || assertion_failed "$d/$cname.$t.log" "$rc"; then
        # an assertion that stopped the run (exit 4) is the detection: the checker's own verdict at that end
        # ("the RTL finished, but the golden trace goes on") is its consequence
        if ! assertion_failed "$d/$cname.$t.log" "$rc"; then
          status=LOCKSTEP
          stream=$(sed -n 's/.*MISMATCH #1 (\([a-z]*\) stream).*/\1/p' "$rep" 2>/dev/null)
          [ -n "$stream" ] || stream=end
          step=$(sed -n '0,/^  step /s/^  step \([0-9]*\),.*/\1/p' "$rep" 2>/dev/null | head -1)
          cyc=$(sed -n '0,/simulation time/s/.*simulation time \([0-9]*\).*/\1/p' "$rep" 2>/dev/null | head -1)
        else
          status=ASSERT
          stream=$(sed -n 's/.*Assertion failed in [^:]*\.\([A-Za-z_]*_A\):.*/\1/p' "$d/$cname.$t.log" | head -1)
          [ -n "$stream" ] || stream=assertion
          cyc=$(sed -n 's/.*(cycle \([0-9]*\)).*/\1/p' "$d/$cname.$t.log" | head -1)
        fi
        # the same test without the checker: would its own exit status or output have caught the bug?
        { timeout 120 "$sim" +elf="$e" +tarmac_off +waitstates=25 +seed=3 +timeout=5000000 "${args[@]}" \
            > "$d/$cname.$t.out" 2> "$d/$cname.$t.err"; } 2> /dev/null
        selfcheck=$(selfcheck_caught $? "$d/$cname.$t.out" "$x" "$want")
        cfg=$cname; prog=$t
        # first divergence: compare the human traces (+trace) of the mutant and of the unmutated core
        run_trace() { timeout 120 "$1" +elf="$e" +tarmac_off +trace +waitstates=25 +seed=3 +timeout=5000000 "${args[@]}" \
                        2>/dev/null | grep -E '^[0-9]+ '; }
        local first
        first=$(cmp <(run_trace "$sim") <(run_trace "$ref") 2>/dev/null | sed -n 's/.* line \([0-9]*\).*/\1/p')
        [ -n "$first" ] && first=$(run_trace "$sim" | sed -n "${first}p" | cut -d' ' -f1)
        [ -n "$first" ] && [ -n "$cyc" ] && lat=$((cyc - first))
        break 2
      elif [ "$rc" -ne "$want" ] && { [ "$rc" -eq 124 ] || [ "$rc" -eq 125 ]; }; then
        # a hang or lockup the checker did not report: the regression fails, but not by lockstep; keep looking
        [ -n "$harness_note" ] || harness_note="$t exit $rc"
      fi
    done
  done
  if [ "$status" = MISSED ] && [ -n "$harness_note" ]; then status=HARNESS; prog=${harness_note%% *}; fi
  local lonly=no
  [ "$status" = LOCKSTEP ] && [ "$selfcheck" = no ] && lonly=yes
  printf '%-26s %-8s %-8s %-20s %-15s %7s %8s %7s %-5s %-5s %s\n' "$name" "$status" "$cfg" "$stream" "$prog" \
    "${step:--}" "${cyc:--}" "$lat" "$selfcheck" "$lonly" "$what" > "$d/row"
  echo "$status" > "$d/status"; echo "$lonly" > "$d/lonly"
  cat "$d/row"
}

# every mutant of every list: "<list> <line>"; names are unique across the lists
work=(); names=()
for m in "${mutant_lists[@]}"; do
  while read -r ln n; do work+=("$m $ln"); names+=("$n"); done \
    < <(awk -F'\t' '$1 != "" && substr($1, 1, 1) != "#" { print NR, $1 }' "$m")
done
dups=$(printf '%s\n' "${names[@]}" | sort | uniq -d)
[ -z "$dups" ] || { echo "mutate: duplicate mutant names: $dups" >&2; exit 2; }
# The unmutated reference runs every test of every configuration as a mutant would: it must pass each (the
# checker's PASS, the exit status the test expects), or the campaign stops, since a test the reference fails would
# "detect" every mutant that reaches it. "<configuration> <test>" -> a line saying why it failed, or nothing.
reference_fails() {
  local cname=$1 t=$2 pl kind ref e g x want rc n args d
  IFS='|' read -r _ _ pl kind ref _ < <(grep "^$cname|" <<<"$CONFIGS_STR")
  read -r e g x want <<<"$(test_files "$t" "$kind")"
  n=$(tr -cd 0-9 <<<"$t"); read -ra args <<<"${pl//\{n\}/${n:-0}}"
  d="$out/reference/$cname"; mkdir -p "$d"
  { timeout 120 "$ref" +elf="$e" +tarmac_golden="$g" +waitstates=25 +seed=3 +tarmac_report="$d/$t.report" \
      +timeout=5000000 "${args[@]}" > "$d/$t.log" 2>&1; } 2> /dev/null; rc=$?
  if [ "$rc" -ne "$want" ] || ! grep -q "^tarmac checker: PASS" "$d/$t.report" 2>/dev/null; then
    echo "mutate: the unmutated reference fails configuration $cname, test $t (exit $rc, expected $want; $d/$t.report)"
  fi
}
export -f run_mutant reference_fails test_files console_of selfcheck_caught checker_failed assertion_failed
export out build progs golden random
export LIBS_STR="${libs[*]}" CONFIGS_STR
CONFIGS_STR=$(printf '%s\n' "${configs[@]}")
t0=$(date +%s)
bad=$(for c in "${configs[@]}"; do IFS='|' read -r cname _ _ _ _ ctests <<<"$c"; for t in $ctests; do echo "$cname $t"; done
      done | xargs -P "$jobs" -L 1 bash -c 'reference_fails "$@"' _)
[ -z "$bad" ] || { echo "$bad" >&2; exit 2; }
for w in "${waiting[@]}"; do
  read -r wc wt <<<"$w"
  if [ -z "$(reference_fails "$wc" "$wt")" ]; then
    echo "mutate: $wc $wt is on the waiting list ($waiting_list) but the unmutated reference passes it: take it off" >&2
    exit 2
  fi
  echo "mutate: waiting, left out: $wc $wt: $(grep -m1 -E "^$wc[[:space:]]+$wt[[:space:]]" "$waiting_list" |
    sed -E 's/^[^[:space:]]+[[:space:]]+[^[:space:]]+[[:space:]]+//')"
done
t_ref=$(date +%s)
if [ "$ref_only" = 1 ]; then
  n=0; for c in "${configs[@]}"; do read -ra ts <<<"${c##*|}"; n=$((n + ${#ts[@]})); done
  echo "mutate: the unmutated reference passes $n tests in ${#configs[@]} configurations, ${#waiting[@]} waiting"
  exit 0
fi
# shellcheck disable=SC2016
printf '%s\n' "${work[@]}" | xargs -P "$jobs" -I{} bash -c \
  'libs=($LIBS_STR); mapfile -t configs <<<"$CONFIGS_STR"; run_mutant $1' _ {}
t1=$(date +%s)

# Why a mutant may be missed: the mutant list's "# equivalent <name>: <why>" lines (a mutant that changes no
# architectural state the golden records). A miss without one is reported as unexplained.
equivalent_why() { for m in "${mutant_lists[@]}"; do sed -n "s/^# equivalent $1: //p" "$m"; done | head -1; }
total=0; lockstep=0; asserted=0; harness=0; lonly=0; errors=0; equivalent=0; misses=()
declare -A by_cfg=()
for n in "${names[@]}"; do
  total=$((total + 1))
  status=$(cat "$out/$n/status" 2>/dev/null)
  case "$status" in
    LOCKSTEP) lockstep=$((lockstep + 1)) ;;
    ASSERT) asserted=$((asserted + 1)) ;;
    HARNESS) harness=$((harness + 1)) ;;
    MISSED) ;;
    *) errors=$((errors + 1)) ;;
  esac
  if [ "$status" = LOCKSTEP ] || [ "$status" = ASSERT ]; then
    c=$(awk '{ print $3 }' "$out/$n/row"); by_cfg[$c]=$(( ${by_cfg[$c]:-0} + 1 ))
  fi
  if [ "$status" = MISSED ] || [ "$status" = HARNESS ]; then
    why=$(equivalent_why "$n")
    if [ -n "$why" ]; then equivalent=$((equivalent + 1)); misses+=("$n ($status): equivalent: $why")
    else misses+=("$n ($status): NOT EXPLAINED: no program exercises it, or the checker does not compare what it changes (say why with '# equivalent $n: <why>' in its mutant list when it changes nothing the golden records)"); fi
  fi
  [ "$(cat "$out/$n/lonly" 2>/dev/null)" = yes ] && lonly=$((lonly + 1))
done
detected=$((lockstep + asserted))
per_cfg=""
for c in "${configs[@]}"; do cn=${c%%|*}; per_cfg+="${per_cfg:+, }$cn ${by_cfg[$cn]:-0}"; done
{
  echo
  printf '%-26s %-8s %-8s %-20s %-15s %7s %8s %7s %-5s %-5s %s\n' mutant result config stream test step cycle latency \
    exit only bug
  for n in "${names[@]}"; do
    if [ -f "$out/$n/row" ]; then cat "$out/$n/row"; else printf '%-26s %-8s %s\n' "$n" ERROR "no result"; fi
  done
  echo "mutation campaign: $detected of $total mutants detected ($(awk -v d=$detected -v t=$total 'BEGIN { printf "%.1f", t ? 100 * d / t : 0 }')%)," \
       "$lockstep by lockstep, $asserted by an AHB-Lite assertion; of the non-equivalent $((total - equivalent)):" \
       "$(awk -v d=$detected -v t=$((total - equivalent)) 'BEGIN { printf "%.1f", t ? 100 * d / t : 0 }')%;" \
       "$lonly caught by lockstep only (the detecting test's own exit code and output passed);" \
       "$harness failed by timeout/lockup only; $((total - detected - harness - errors)) missed;" \
       "undetected: $equivalent equivalent, $((total - detected - errors - equivalent)) unexplained; $errors errors;" \
       "by configuration: $per_cfg; ${#configs[@]} configurations, -j $jobs, $((t1 - t0)) s" \
       "($((t_ref - t0)) s of them the reference's runs)"
  for m in "${misses[@]}"; do echo "undetected: $m"; done
  echo "(result: LOCKSTEP the checker found a mismatch, ASSERT an AHB-Lite assertion stopped the run, HARNESS a hang"
  echo " or lockup the checker did not report, MISSED nothing failed; config: the configuration of the detecting run;"
  echo " stream: the checker's stream or the assertion; cycle: when the run stopped; latency: cycles from the first"
  echo " divergence of the trace port or the bus to the detection; exit: would the detecting test's own exit code or"
  echo " console output alone have caught it; only: caught by lockstep only)"
} | tee "$out/summary.txt"
[ "$errors" -eq 0 ]
