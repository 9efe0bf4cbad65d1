#!/usr/bin/env bash
# Tail-chaining and late arrival (model/ARCHITECTURE.md): the TC_PROGRAMS on the model with TC_ISS_OPTS, their
# committed goldens equal to the model's and showing what they are for, in lockstep on the core built with the
# options (build/sim/chk-tc, write ports and snapshots), and the clear failure when only one side tail-chains.
# Needs BUILD, TC_PROGRAMS and TC_ISS_OPTS from make.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
iss="$BUILD/bin/armv6m-iss"
tc_sim="$BUILD/sim/chk-tc/Vtb_top"
sim="$BUILD/sim/chk/Vtb_top"
for p in $TC_PROGRAMS; do
  # shellcheck disable=SC2086
  "$iss" --quiet $TC_ISS_OPTS --tarmac "$tmp/$p.tarmac.gz" "$BUILD/programs/$p.elf" > "$tmp/out" 2>&1; rc=$?
  if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "tests/programs/$p.expect"; then ok "$p on the model ($TC_ISS_OPTS)"
  else bad "$p on the model ($TC_ISS_OPTS): exit $rc" "$(head -3 "$tmp/out")"; fi
  if cmp -s "$tmp/$p.tarmac.gz" "golden/$p.tc.tarmac.gz"; then ok "golden/$p.tc.tarmac.gz is the model's (make golden)"
  else bad "golden/$p.tc.tarmac.gz differs from the model's trace: run make golden"; fi
  for mode in "" "+tarmac_regs=snapshot"; do
    out=$("$tc_sim" +elf="$BUILD/programs/$p.elf" +tarmac_golden="golden/$p.tc.tarmac.gz" +waitstates=25 +seed=3 $mode 2>&1); rc=$?
    if [ "$rc" -eq 0 ] && grep -q "^tarmac checker: PASS" <<<"$out"; then ok "$p in lockstep on the core with TailChain, LateArrival ${mode:-(write ports)}"
    else bad "$p in lockstep on the core with TailChain, LateArrival $mode: exit $rc" "$(grep -A3 'MISMATCH #1' <<<"$out" | head -4)"; fi
  done
done
# the goldens hold what the programs are for: tail-chained entries (the return address is an EXC_RETURN value)
# including one into SysTick that arrived as the NMI's return executed, and the HardFault that late-arrived on
# IRQ16's frame; the MTB packets of the tail-chains were compared
g=$(zcat golden/tail_chain.tc.tarmac.gz)
n=$(grep -c " E ffffff[f][19d] " <<<"$g")
if [ "$n" -ge 8 ] && grep -q " E fffffff9 0000000f CoreEvent_SYSTICK" <<<"$g" && grep -q " E fffffff1 00000010 CoreEvent_IRQ" <<<"$g" \
   && grep -q " E fffffffd 0000000e CoreEvent_PENDSV" <<<"$g"; then ok "tail_chain's golden: $n tail-chained entries (to thread, to handler, on PSP, SysTick by late arrival)"
else bad "tail_chain's golden lacks the tail-chained entries ($n)"; fi
# late_arrival: the HardFault entry comes right after its eight frame writes, IRQ16's entry later by tail-chaining
g=$(zcat golden/late_arrival.tc.tarmac.gz)
if grep -B1 " E 000[0-9a-f]* 00000003 CoreEvent_HARDFAULT" <<<"$g" | grep -q " MW4 " \
   && grep -q " E fffffff9 00000020 CoreEvent_IRQ" <<<"$g"; then ok "late_arrival's golden: HardFault on the stacked frame, then IRQ16 tail-chained"
else bad "late_arrival's golden lacks the late HardFault entry"; fi
out=$("$tc_sim" +elf="$BUILD/programs/tail_chain.elf" +tarmac_golden=golden/tail_chain.tc.tarmac.gz +waitstates=25 2>&1)
if grep -Eq "^tarmac checker: PASS: .* [1-9][0-9]* MTB packets compared" <<<"$out"; then ok "tail_chain's MTB packets compared"
else bad "tail_chain's MTB packets were not compared" "$(grep '^tarmac checker' <<<"$out")"; fi
# only one side tail-chains: each build declares its choices (tb_top's TailChain/LateArrival), so the golden made
# with the others fails at open, before the first instruction
out=$("$sim" +elf="$BUILD/programs/tail_chain.elf" +tarmac_golden=golden/tail_chain.tc.tarmac.gz +waitstates=25 2>&1); rc=$?
if [ "$rc" -eq 3 ] && grep -q "tail_chain declared 0, golden 1" <<<"$out"; then
  ok "golden tail-chains, the core does not: exit 3 at open, the declared and recorded tail_chain named"
else bad "golden tail-chains, the core does not: no configuration mismatch at open (exit $rc)" "$(grep -m3 'tail_chain\|MISMATCH' <<<"$out")"; fi
# declared wrongly (as a core that tail-chains without saying so), the run shows it: the headline says what each
# side did
on="+tarmac_model=tail_chain:1;late_arrival:1"; off="+tarmac_model=tail_chain:0;late_arrival:0"
out=$("$sim" +elf="$BUILD/programs/tail_chain.elf" +tarmac_golden=golden/tail_chain.tc.tarmac.gz +waitstates=25 "$on" 2>&1); rc=$?
if [ "$rc" -eq 3 ] && grep -q "the golden entered IRQ0 (16) by tail-chaining at step [0-9]* .*the RTL read [0-9a-f]* = [0-9a-f]* instead (it unstacks the frame)" <<<"$out"; then
  ok "golden tail-chains, the core does not: exit 3, headline names the tail-chain and the RTL's unstacking"
else bad "golden tail-chains, the core does not: exit $rc" "$(grep -A3 'MISMATCH #1' <<<"$out" | head -4)"; fi
out=$("$tc_sim" +elf="$BUILD/programs/tail_chain.elf" +tarmac_golden=golden/tail_chain.tarmac.gz +waitstates=25 "$off" 2>&1); rc=$?
if [ "$rc" -eq 3 ] && grep -Eq "no unstacking where the golden unstacks: the exception return at [0-9a-f]*( <[^>]*>)? \(EXC_RETURN fffffff9\)" <<<"$out"; then
  ok "the core tail-chains, the golden does not: exit 3, headline names the missing unstacking"
else bad "the core tail-chains, the golden does not: exit $rc" "$(grep -A3 'MISMATCH #1' <<<"$out" | head -4)"; fi
# past the first mismatch (bus stream off, so that the registers speak first): each later headline of the same run
out=$("$sim" +elf="$BUILD/programs/tail_chain.elf" +tarmac_golden=golden/tail_chain.tc.tarmac.gz +waitstates=25 +tarmac_bus=0 +tarmac_max_errors=4 "$on" 2>&1)
if grep -q "MISMATCH #1 .*" <<<"$out" && grep -A2 "MISMATCH #1 " <<<"$out" | grep -q "the RTL restored r0-r3, r12 and lr in the exception return's step instead (it unstacked the frame)" \
   && grep -Eq "the RTL unstacked and entered IRQ0 \(16\) anew, stacking a frame \(return address [0-9a-f]*( <[^>]*>)?\)" <<<"$out"; then
  ok "golden tail-chains, the core does not (bus=0): the restored registers and the new stacking are named"
else bad "golden tail-chains, the core does not (bus=0)" "$(grep -A2 'MISMATCH #' <<<"$out" | head -8)"; fi
out=$("$tc_sim" +elf="$BUILD/programs/tail_chain.elf" +tarmac_golden=golden/tail_chain.tarmac.gz +waitstates=25 +tarmac_max_errors=2 "$off" 2>&1)
if grep -q "the RTL entered IRQ0 (16) by tail-chaining (EXC_RETURN fffffff9), leaving the frame stacked; the golden unstacked" <<<"$out"; then
  ok "the core tail-chains, the golden does not: its tail-chained entry is named"
else bad "the core tail-chains, the golden does not: no headline for the entry" "$(grep -A2 'MISMATCH #2' <<<"$out" | head -3)"; fi
# without late arrival the bus error on the vector read locks up, on both sides
"$iss" --quiet "$BUILD/programs/late_arrival.elf" > "$tmp/out" 2>&1; rc=$?
if [ "$rc" -eq 125 ] && grep -q "lockup at" "$tmp/out"; then ok "late_arrival without the option: the model locks up (125)"
else bad "late_arrival without the option: model exit $rc"; fi
out=$("$sim" +elf="$BUILD/programs/late_arrival.elf" +tarmac_golden=golden/late_arrival.tc.tarmac.gz +waitstates=25 "$on" 2>&1); rc=$?
if [ "$rc" -eq 3 ] && grep -Eq "the RTL finished, but the golden trace goes on \(next golden step: entry of HardFault \(3\) at [0-9a-f]*( <[^>]*>)?\)" <<<"$out"; then
  ok "late_arrival's golden on the core without LateArrival: it locks up, the checker fails (exit 3) naming the HardFault"
else bad "late_arrival's golden on the core without LateArrival: exit $rc" "$(grep -A2 'MISMATCH #1\|tarmac checker' <<<"$out" | head -4)"; fi
summary
