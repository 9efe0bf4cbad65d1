#!/usr/bin/env bash
# Lockup through the visibility port (rtl_tb/monitors/armv6m_vis_adapter.sv): a program whose fault in HardFault or
# NMI (or in the entry to HardFault) locks the core up ends in lockstep, in file and in live mode. The faulting
# instruction never moves the PC, so only the core's LOCKUP output tells the adapter it retired; the golden has it
# as its last step. System-level random programs with lockup endings of each kind: a PUSH below the SRAM in Thread
# mode (its HardFault's stacking faults too), a UDF in a handler, an SVC whose stacking faults, a BX whose target
# cannot be fetched. Cortex-M0's configuration (build/sim/chk-m0, chk-m0-live, goldens in $M0_DIR) and the
# default core seen through its port alone (build/sim/chk-vis, chk-vis-live, the default goldens).
# Needs BUILD, M0_DIR, VIS_LOCKUP_M0_SEEDS, VIS_LOCKUP_M0_LIVE_SEEDS and VIS_LOCKUP_SEEDS from make.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# run <what> <sim> <elf> <golden>: exit 125 (the shell's lockup), PASS, and every golden step compared
run() {
  local out="$tmp/$(basename "$3" .elf)-$(basename "$(dirname "$2")")"
  "$2" +elf="$3" +tarmac_golden="$4" +waitstates=25 +seed=1 > "$out" 2>&1; local rc=$?
  local v; v=$(grep -m1 '^tarmac checker:' "$out")
  if [ "$rc" = 125 ] && grep -q "lockup at cycle" "$out" && [[ $v == "tarmac checker: PASS"* ]]; then
    ok "$1: lockup, in lockstep to the golden's end ($(grep -o '[0-9]* steps' <<<"$v" | head -1))"
  else bad "$1: exit $rc" "$v" "$(grep -m3 -A3 'MISMATCH' "$out")"; fi
}
last_step() { zcat "$1" | grep -E ' I[TS] ' | tail -1 | sed -E 's/.*\) ([0-9a-f]+ [0-9a-f]+) [TA] [a-z]+ : (.*)/\1 \2/'; }

for n in $VIS_LOCKUP_M0_SEEDS; do
  elf="$BUILD/random/sys_m0_$n.elf"; g="$M0_DIR/sys_m0_$n.tarmac.gz"
  [ "$(cat "$M0_DIR/sys_m0_$n.exit")" = 125 ] || bad "sys_m0_$n: the model does not lock up on it"
  run "Cortex-M0 file mode, sys_m0_$n (last step: $(last_step "$g"))" "$BUILD/sim/chk-m0/Vtb_top" "$elf" "$g"
done
# live mode on Cortex-M0's build (SysTick counting cycles: a program that reads SysTick's state in ICSR follows
# other paths there, so one whose path does not depend on it)
for n in $VIS_LOCKUP_M0_LIVE_SEEDS; do
  elf="$BUILD/random/sys_m0_$n.elf"
  run "Cortex-M0 live mode, sys_m0_$n" "$BUILD/sim/chk-m0-live/Vtb_top" "$elf" "live:$elf"
done
for n in $VIS_LOCKUP_SEEDS; do
  elf="$BUILD/random/sys_$n.elf"; g="$BUILD/random/sys_$n.tarmac.gz"
  run "visibility port file mode, sys_$n (last step: $(last_step "$g"))" "$BUILD/sim/chk-vis/Vtb_top" "$elf" "$g"
  run "visibility port live mode, sys_$n" "$BUILD/sim/chk-vis-live/Vtb_top" "$elf" "live:$elf"
done
summary
