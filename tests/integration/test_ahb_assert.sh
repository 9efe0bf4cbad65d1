#!/usr/bin/env bash
# The AHB-Lite master assertions (rtl_tb/monitors/ahb_lite_master_checker.sv). Every rule on scripted bus cycles
# (tests/rtl/tb_ahb_lite_master_checker.sv): the legal sequences, the allowed changes among them, pass; each
# breach stops at its own assertion. Then a broken master: a copy of the reference core whose write-data
# register loads every cycle instead of with the address phase, so that HWDATA changes in a waited write data
# phase. With wait states the assertion stops the run with its message and exit status 4 (the lockstep checker
# attached but not the one that failed) and the command for the waveform; without wait states the bug cannot
# show and the run passes. Needs BUILD from make, the testbench and the broken master built (sim/sim.mk), sort.elf.
set -u
. tests/lib/check.sh
tb="$BUILD/sim/ahb-master-checker/Vtb_ahb_lite_master_checker"; sim="$BUILD/sim/bug-hwdata_every_cycle/Vtb_top"

# the rules one by one: case, assertion that must fire
if [ -x "$tb" ]; then
  out=$("$tb" +case=legal 2>&1); rc=$?
  check "legal sequences (waited IDLE turning NONSEQ, cancel to IDLE in an ERROR, a burst): no assertion (exit $rc)" \
    '[ "$rc" -eq 0 ] && grep -q "case legal ended without an assertion" <<<"$out" && ! grep -q "Assertion failed" <<<"$out"'
  while read -r c a; do
    out=$("$tb" +case="$c" 2>&1); rc=$?
    check "$c: stops at $a (exit $rc)" \
      '[ "$rc" -ne 0 ] && grep -q "Assertion failed in TOP.tb_ahb_lite_master_checker.u_chk.$a: ahb_lite_master_checker: " <<<"$out" && [ "$(grep -c "Assertion failed" <<<"$out")" -eq 1 ]'
  done <<'EOF'
haddr_waited HaddrHeldWhileWaited_A
htrans_waited HtransHeldWhileWaited_A
control_waited ControlHeldWhileWaited_A
error_changed ErrorCancelOrHold_A
hwdata_waited HwdataHeldWhileWaited_A
seq_single SeqBusyNotSingle_A
seq_no_burst SeqBusyInBurst_A
too_wide SizeWithinBus_A
misaligned AlignedToSize_A
error_one_cycle ErrorSecondCycle_A
error_no_first ErrorFirstCycle_A
wait_no_transfer OkayWithoutDataPhase_A
EOF
else
  bad "no assertion testbench $tb (make builds it)"
fi

# the broken master (tests/integration/planted_bugs.tsv, hwdata_every_cycle), with the checker attached
if [ -x "$sim" ]; then
  out=$("$sim" +elf="$BUILD/programs/sort.elf" +tarmac_golden=golden/sort.tarmac.gz +waitstates=25 +seed=1 2>&1); rc=$?
  check "wait states: the assertion stops the run with exit 4 (exit $rc)" '[ "$rc" -eq 4 ]'
  check "its message names the rule and the values" \
    'grep -q "Assertion failed in TOP.tb_top.u_core.u_ahb_chk.HwdataHeldWhileWaited_A: ahb_lite_master_checker: HWDATA changed from [0-9a-f]\{8\} to 00000000 in a waited write data phase (cycle [0-9]*)" <<<"$out"'
  # the checker's end-of-test check then finds the golden unfinished: that is all it reports, after the assertion
  check "the harness says what stopped the run; the checker found no mismatch before it" \
    'grep -q "before the program.s exit: \$fatal, \$stop or \$finish outside the checker" <<<"$out" && [ "$(grep -c MISMATCH <<<"$out")" -eq 1 ] && grep -A2 "MISMATCH #1" <<<"$out" | grep -q "the RTL finished, but the golden trace goes on" && [ "$(grep -n "Assertion failed" <<<"$out" | cut -d: -f1)" -lt "$(grep -n "MISMATCH #1" <<<"$out" | cut -d: -f1)" ]'
  cyc=$(sed -n 's/.*waited write data phase (cycle \([0-9]*\)).*/\1/p' <<<"$out")
  # (this build has no build with tracing beside it: the plusargs, no command)
  check "the plusargs for the waveform of the 1000 cycles before the failure (cycle $cyc), no command for a build that does not exist" \
    '[ -n "$cyc" ] && grep -q "^tb_main: waveform of cycles $((cyc > 1000 ? cyc - 1000 : 0))-$((cyc + 9)): +fst=sort.fst +fst_start=$((cyc > 1000 ? cyc - 1000 : 0)) +fst_cycles=[0-9]* with the same arguments in a build with tracing (none at ${sim%/Vtb_top}-trace/Vtb_top;" <<<"$out"'
  out=$("$sim" +elf="$BUILD/programs/sort.elf" +tarmac_golden=golden/sort.tarmac.gz +waitstates=0 2>&1); rc=$?
  check "no wait states: nothing to hold, the run passes (exit $rc)" \
    '[ "$rc" -eq 0 ] && grep -q "^tarmac checker: PASS" <<<"$out" && ! grep -q "Assertion failed" <<<"$out"'
else
  bad "no broken master $sim (make builds it)"
fi
summary
