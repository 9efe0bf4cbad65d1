#!/usr/bin/env bash
# The system shell for integrators (rtl_tb/armv6m_shell.sv; rtl_tb/README.md, "The system shell"): a testbench for
# a Cortex-M0-style core made from it is the core's instance, its ports, the visibility-port adapter and the shell
# (tests/rtl/shell/cm0_tb.sv, the reference core as a Cortex-M0 netlist: rtl_tb/core/m0_cortexm0.sv):
#   - it is 60 lines or fewer, instantiates nothing but the core, the trace port, the adapter and the shell, and
#     names nothing inside them (no hierarchical reference);
#   - built (build/sim/shell-cm0), it runs the interrupt programs and corpus programs with exceptions of every kind
#     in live mode with wait states (exit 0), and async seeds with random IRQ0-15 and NMI pulses (exit 99: below),
#     each with the checker's PASS;
#   - tb_top uses the same shell: its memories, loader, semihosting, interrupt sources, monitor and end of test
#     are in no other file.
# Needs BUILD, LIVE_PROGRAMS, M0_ASYNC_SEEDS and ASYNC_PLUSARGS from make, the simulator and programs.
set -u
. tests/lib/check.sh
tb=tests/rtl/shell/cm0_tb.sv
sim="$BUILD/sim/shell-cm0/Vtb_top"

# ---- the testbench: its size and what it is made of ----
lines=$(wc -l < "$tb")
check "the Cortex-M0 testbench from the shell is 60 lines or fewer ($lines)" '[ "$lines" -le 60 ]'
insts=$(sed 's|//.*||' "$tb" | grep -oE '^\s+[a-z_0-9]+\s+(#\(|u_)' | awk '{print $1}' | sort | tr '\n' ' ')
check "it instantiates the core, the trace port, the adapter and the shell only ($insts)" \
  '[ "$insts" = "armv6m_shell armv6m_trace_if armv6m_vis_adapter m0_cortexm0 " ]'
refs=$(sed 's|//.*||' "$tb" | grep -oE '\b[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*' | sort -u | tr '\n' ' ')
check "it names nothing inside another module${refs:+ ($refs)}" '[ -z "$refs" ]'
# one copy of the system: the pieces the shell holds are instantiated by no other testbench file
dup=$(grep -lE '^\s+(ahb_sram|armv6m_semihost|irq_source|ahb_timer|armv6m_lockstep_monitor)\b' rtl_tb/*.sv | grep -v armv6m_shell.sv)
check "tb_top takes its system from the shell (no other instance of its pieces${dup:+: $dup})" '[ -z "$dup" ]'

# ---- runs: live mode, wait states, random pulses ----
run() {  # name elf exit-code plusargs...
  local name=$1 elf=$2 want=$3 got rc; shift 3
  got=$(timeout 600 "$sim" +elf="$elf" +tarmac_golden="live:$elf" "$@" 2>&1); rc=$?
  check "$name from the shell in live mode (exit $rc, $(grep -o '^tarmac checker: [A-Z]*: [0-9]* steps' <<<"$got"))" \
    '[ "$rc" -eq "$want" ] && grep -q "^tarmac checker: PASS" <<<"$got"' || grep -m1 -A4 "MISMATCH #1" <<<"$got"
}
for p in $LIVE_PROGRAMS hello svc hardfault exc_return psp pop_exc_return irq_lines nvic; do
  run "$p" "$BUILD/programs/$p.elf" 0 +waitstates=25 +seed=3
done
# the async programs end at their write to the MTB's registers, which this system (as Arm's Cortex-M0) has not:
# a bus error, HardFault, exit 99, in the model as on the core
for s in $M0_ASYNC_SEEDS; do
  # shellcheck disable=SC2086
  run "async_m0_$s with random IRQ0-15 and NMI pulses" "$BUILD/random/async_m0_$s.elf" 99 +waitstates=25 \
    ${ASYNC_PLUSARGS//\{n\}/$s} +irq_lines=ffff
done
summary
