#!/usr/bin/env bash
# Halting on a mismatch, shown: a core variant with an injected bug (ADCS ignores the carry in) runs alu_add with
# the lockstep checker; the simulation must stop with $fatal at the first divergent instruction and exit 3, and
# the report must name the stream, the step and the golden file:line of the register write that differs. With
# max_errors=3 the same bug diverges again and again: the run goes on, three reports, then the halt.
# Needs BUILD from make, the two injected-bug cores (build/sim/bug-*, sim/sim.mk) and alu_add built.
set -u
. tests/lib/check.sh
sim="$BUILD/sim/bug-adcs_no_carry_in/Vtb_top"  # sim/mutants.tsv's adcs_no_carry_in
[ -x "$sim" ] || { bad "no injected-bug core $sim (make builds it)"; summary; exit 1; }
out=$("$sim" +elf="$BUILD/programs/alu_add.elf" +tarmac_golden=golden/alu_add.tarmac.gz 2>&1); rc=$?
check "the simulation fails with the checker's exit status (exit $rc)" '[ "$rc" -eq 3 ]'
check "it stops at \$fatal, before the end of the program" \
  'grep -q "before the program.s exit: lockstep checker FAILED" <<<"$out" && grep -q "Assertion failed" <<<"$out"'
check "one mismatch, in the register stream" 'grep -q "TARMAC LOCKSTEP MISMATCH #1 (register stream)" <<<"$out" && ! grep -q "MISMATCH #2" <<<"$out"'
line=$(sed -n 's/.*golden golden\/alu_add.tarmac.gz:\([0-9]*\),.*/\1/p' <<<"$out" | head -1)
check "the report names the golden line ($line) of the differing register write" \
  '[ -n "$line" ] && zcat golden/alu_add.tarmac.gz | sed -n "${line}p" | grep -q " R r[0-9]"'
insn=$(zcat golden/alu_add.tarmac.gz | sed -n "1,${line:-1}p" | grep " IT \| IS " | tail -1)
check "that step is an ADCS in the golden ($insn)" 'grep -qi "adcs" <<<"$insn"'
echo "$out" | grep -A3 "MISMATCH #1" | sed 's/^/  /'
out3=$("$sim" +elf="$BUILD/programs/alu_add.elf" +tarmac_golden=golden/alu_add.tarmac.gz +tarmac_max_errors=3 2>&1); rc=$?
check "max_errors=3: three reports, each once, the run going on between them" \
  '[ "$(grep -c "MISMATCH #[123] " <<<"$out3")" -eq 3 ] && ! grep -q "MISMATCH #4" <<<"$out3" && [ "$(grep -c "the run goes on" <<<"$out3")" -eq 2 ]'
check "max_errors=3: then the halt, exit 3 (exit $rc), later than the first halt" \
  '[ "$rc" -eq 3 ] && [ "$(sed -n "s/.*stopped at cycle \([0-9]*\).*/\1/p" <<<"$out3")" -gt "$(sed -n "s/.*stopped at cycle \([0-9]*\).*/\1/p" <<<"$out")" ]'
# snapshot mode: the same bug through the core's visibility port, at the same step and golden line
outs=$("$sim" +elf="$BUILD/programs/alu_add.elf" +tarmac_golden=golden/alu_add.tarmac.gz +tarmac_regs=snapshot 2>&1); rc=$?
lines=$(sed -n 's/.*golden golden\/alu_add.tarmac.gz:\([0-9]*\),.*/\1/p' <<<"$outs" | head -1)
check "snapshot mode: the same bug halts at the same golden line ($lines), exit 3 (exit $rc)" \
  '[ "$rc" -eq 3 ] && [ -n "$lines" ] && [ "$lines" = "$line" ] && grep -q "MISMATCH #1 (register stream)" <<<"$outs"'
# The trace port reports what the register file holds, never a corrected value: a register file that stores r5
# with bit 0 flipped (the port's value computed on its own would still be right) is seen at the first write of r5.
simr="$BUILD/sim/bug-rf_r5_bit0/Vtb_top"  # tests/integration/planted_bugs.tsv
if [ -x "$simr" ]; then
  outr=$("$simr" +elf="$BUILD/programs/alu_add.elf" +tarmac_golden=golden/alu_add.tarmac.gz 2>&1); rc=$?
  liner=$(sed -n 's/.*golden golden\/alu_add.tarmac.gz:\([0-9]*\),.*/\1/p' <<<"$outr" | head -1)
  first=$(zcat golden/alu_add.tarmac.gz | grep -n " R r5 " | head -1 | cut -d: -f1)
  check "a corrupt register file is seen at the first write of r5 (golden line ${liner:-none}, first r5 write $first; exit $rc)" \
    '[ "$rc" -eq 3 ] && [ -n "$liner" ] && [ "$liner" = "$first" ] && grep -q "MISMATCH #1 (register stream)" <<<"$outr"'
else
  bad "no corrupt-register-file core $simr (make builds it)"
fi
summary
