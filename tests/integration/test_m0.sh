#!/usr/bin/env bash
# The reference core configured as Arm's Cortex-M0 makes its choices (build/sim/chk-m0, sim/sim.mk M0_PARAMS:
# CPUID 0x410CC200, r0-r12 reset to 0xFFFFFFFF and UNKNOWN to the golden, the flags to N Z, no VTOR,
# SYST_CALIB 0xC0000000, software pends taken after the next DSB or ISB, abandoned unstacking, tail-chaining and
# late arrival) in lockstep with the model on the same
# choices (M0_CONFIG): the nightly's m0 groups (sim/nightly.toml: every corpus program in file mode, each giving the
# console output the model gives on that configuration, build/m0/<p>.expect; the live programs and async seeds in
# live mode), late_arrival (its exit code is the model's too), what shows each choice at work, and planted bugs
# found there. The checker sees the core only through its visibility port and bus. Needs BUILD, PROGRAMS,
# LIVE_PROGRAMS, M0_ASYNC_SEEDS, M0_PARAMS and ASYNC_PLUSARGS from make.
set -u
. tests/lib/check.sh
sim="$BUILD/sim/chk-m0/Vtb_top"
m0="$BUILD/m0"
out="$BUILD/regress/test-m0"
rm -rf "$out"
r=$(python3 sim/nightly.py --set m0 --no-build -j 2 --out "$out" 2>&1)
echo "$r" | sed -n '/^group /,/^$/p'
grep -A6 "^failure buckets: [1-9]" <<<"$r"
cases() { /usr/bin/python3 tests/nightly/junit_cases.py "$out/junit.xml" "$@"; }
for g in m0-file m0-live m0-async; do
  case $g in m0-file) n=$(wc -w <<<"$PROGRAMS") ;; m0-live) n=$(wc -w <<<"$LIVE_PROGRAMS") ;; *) n=$(wc -w <<<"$M0_ASYNC_SEEDS") ;; esac
  [ "$(cases "$g" | wc -l)" -eq "$n" ] || bad "$g: junit.xml lists $(cases "$g" | wc -l) tests, not $n"
  while read -r _ name verdict _; do
    if [ "$verdict" = pass ]; then ok "$g/$name"; else bad "$g/$name: $verdict"; fi
  done < <(cases "$g")
done
# late_arrival (an option-only program, for any core with tail-chaining and late arrival) reads VTOR: on this
# core it prints the model's failures and exits with the model's code
l="$out/late_arrival"
"$sim" +elf="$BUILD/programs/late_arrival.elf" +tarmac_golden="$m0/late_arrival.tarmac.gz" +waitstates=25 +seed=1 \
  +tarmac_report="$l.report" > "$l.out" 2>&1; rc=$?
sed '/^tarmac checker:/,$d; /^- rtl_tb/d' "$l.out" > "$l.console"
if [ "$rc" = "$(cat "$m0/late_arrival.exit")" ] && grep -q "tarmac checker: PASS" "$l.out" \
   && cmp -s "$l.console" "$m0/late_arrival.expect"; then ok "late_arrival in lockstep, exit $rc as the model's"
else bad "late_arrival: exit $rc" "$(grep '^tarmac checker:' "$l.out")" "$(diff "$l.console" "$m0/late_arrival.expect" | head -3)"; fi
# the golden held r0-r12 UNKNOWN: values computed from them were left out, and said so
h="$out/m0-file/hello/stdout.txt"
if grep -q "golden values unknown" "$h"; then
  ok "r_reset=unknown: hello's golden values computed from r0-r12 are not compared: $(grep -o '[0-9]* golden values unknown' "$h")"
else bad "r_reset=unknown: hello's summary names no unknown golden values" "$(grep '^tarmac checker:' "$h")"; fi
# what the choices change, as the model and the core agreed on them
if grep -q "taken after the barrier" "$m0/sw_pend.expect" && grep -q "taken after the store" tests/programs/sw_pend.expect; then
  ok "sw_pend=barrier: software pends taken after the next DSB or ISB ($(cat "$m0/sw_pend.expect"))"
else bad "sw_pend: $(cat "$m0/sw_pend.expect")"; fi
# apsr_reset=0xc0000000 (ApsrReset 4'hC: the core resets the flags to N Z): epsr_t's HardFault, taken before any
# flag is set, stacks xPSR 0xC1000000 with T set, in the golden as on the core's bus
x=$(zcat "$m0/epsr_t.tarmac.gz" | grep -cE 'MW4 [0-9a-f]+ c[01]000000')
if [ "$x" -gt 0 ] && grep -q "tarmac checker: PASS" "$out/m0-file/epsr_t/stdout.txt"; then
  ok "apsr_reset=0xc0000000: epsr_t's frames stack the reset flags N Z ($x frames), in lockstep"
else bad "apsr_reset: epsr_t ($x frames with flags N Z)" "$(grep '^tarmac checker:' "$out/m0-file/epsr_t/stdout.txt")"; fi
# abandoned unstacking: the timer's interrupt arrives during some of abandon's exception returns; the core reads part
# of the frame, tail-chains, and the checker takes those reads as the abandoned unstacking's (not compared)
a="$out/m0-live/abandon/stdout.txt"
n=$(grep -o '[0-9]* frame reads of abandoned unstackings' "$a" | cut -d' ' -f1)
if grep -q "tarmac checker: PASS" "$a" && [ "${n:-0}" -gt 0 ]; then
  ok "abandon_unstack: abandon passes in live mode with $n frame reads of abandoned unstackings"
else bad "abandon_unstack: abandon shows no abandoned unstacking" "$(grep '^tarmac checker:' "$a")"; fi
# bugs planted in the core so configured are found through its visibility port: an ALU bug, an unstacking that
# restores r12 from the wrong word, a tail-chain into an exception of the priority returned to; built with the
# same parameters by the mutation campaign, run on the live programs and the async seeds
grep -hP '^(adcs_no_carry_in|unstack_r12_silent|tail_chain_equal_prio)\t' sim/mutants.tsv sim/mutants_sys.tsv \
  > "$out/bugs.tsv"
lib="$PWD/$BUILD/lib"
live_sim="$BUILD/sim/chk-m0-live/Vtb_top"
bugs=$(bash sim/mutate.sh -j 2 --random "$BUILD/random" --mutants "$out/bugs.tsv" --out "$out/bugs" \
         --config "m0-live|$M0_PARAMS -GSysTickCycles=1||live|$live_sim|$LIVE_PROGRAMS" \
         --config "m0-async|$M0_PARAMS -GSysTickCycles=1|$ASYNC_PLUSARGS|live|$live_sim|async_m0_${M0_ASYNC_SEEDS// / async_m0_}" \
         "$BUILD" "$BUILD/programs" golden "$lib/libarmv6m.a" "$lib/libtarmac.a" "-Wl,-rpath,$lib" \
         "$lib/libtarmacchk.so" -- 2>&1)
for m in adcs_no_carry_in unstack_r12_silent tail_chain_equal_prio; do
  row=$(grep "^$m " <<<"$bugs" | tail -1)
  if grep -q "^$m *LOCKSTEP m0-" <<<"$row"; then ok "planted bug $m found in lockstep: $(awk '{print $3, $4, $5}' <<<"$row")"
  else bad "planted bug $m not found on the Cortex-M0 configuration" "${row:-$(tail -3 <<<"$bugs")}"; fi
done
summary
