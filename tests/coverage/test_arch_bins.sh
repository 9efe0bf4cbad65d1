#!/usr/bin/env bash
# arch-bins (tests/coverage/arch_bins.c): its bins come from the encoding table and the model's memory map, and it
# counts them on traces: every encoding of the table with a field has bins, a four-bit register field has SP, LR
# and PC, a value the table gives another encoding or fixes is no bin, the memory map's regions have their edges;
# a hand-written trace reaches the bins of what it executes (a field's value, an UNDEFINED opcode beside a group,
# the SCS's last word through a register base, an interrupt taken again at its own return); a bin not reached
# without a reason fails (exit 1), tests/coverage/bins_unreached.txt explains every one the campaign's goldens leave.
# Needs BUILD from make, arch-bins and the mutation campaign's goldens built.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
bins="$BUILD/bin/arch-bins"

# a trace the model could have written: MOV r8, lr; an LDR through r6 at the SCS's last word; REV's op 10
# (UNDEFINED); IRQ0 entered, and entered again from its own return (EXC_RETURN in the event)
cat > "$tmp/t.tarmac" <<'T'
0 clk E 00000100 00000001 CoreEvent_RESET
1 clk IT (1) 00000100 46f0 T thread : mov r8, lr
2 clk R r6 e000eff0
3 clk IT (3) 00000102 68f0 T thread : ldr r0, [r6, #12]
4 clk IT (4) 00000104 ba80 T thread : undefined 0xba80
5 clk E 00000106 00000010 CoreEvent_IRQ
6 clk IT (6) 00000200 4770 T handler : bx lr
7 clk E fffffff9 00000010 CoreEvent_IRQ
T
"$bins" --out "$tmp/t.tsv" --report "$tmp/t.txt" "$tmp/t.tarmac"; rc=$?
check "a trace with bins not reached and no reasons: exit 1 (exit $rc)" '[ "$rc" -eq 1 ] && grep -q "NOT EXPLAINED" "$tmp/t.txt"'
hits() { awk -F'\t' -v b="$1" '$1 == b { print $2 }' "$tmp/t.tsv"; }
check "MOV r8, lr reaches MOV (register) T1's Rm=LR" '[ "$(hits "enc.MOV (register) T1.Rm=LR")" = 1 ]'
check "the LDR through r6 + 12 reaches the SCS's last word" '[ "$(hits mem.default.scs.last)" = 1 ]'
check "0xba80 is UNDEFINED, one bit from REV (0xba00) and REVSH (0xbac0)" \
  '[ "$(hits enc.UNDEFINED.16)" = 1 ] && [ "$(hits "enc.REV T1.undefined_beside")" = 1 ] && [ "$(hits "enc.REVSH T1.undefined_beside")" = 1 ]'
check "IRQ0 taken twice, the second at its own return (held through it, and during an unstacking)" \
  '[ "$(hits irq.IRQ0.taken)" = 2 ] && [ "$(hits irq.IRQ0.held_through_return)" = 1 ] && [ "$(hits irq.IRQ0.raised_during_unstacking)" = 1 ]'

# the bins come from the table: every encoding with a field has at least one, the four-bit register fields have SP,
# LR and PC, fixed or other encodings' values have none; the ARMv7-M ones too (fields from the bits outside the mask)
names=$(sed -n 's/^ *X([a-z0-9_]*, *"\([^"]*\)".*/\1/p' dpi/include/tarmac/thumb_encodings.h)
n=$(wc -l <<<"$names"); missing=""
while read -r e; do grep -qF "enc.$e." "$tmp/t.tsv" || missing+="$e; "; done <<<"$names"
# the encodings whose every bit is fixed (NOP, hints, barriers without options, ...) have no field: none missing beyond them
nofield=$(while read -r e; do grep -qF "enc.$e." "$tmp/t.tsv" || echo "$e"; done <<<"$names" | wc -l)
check "of the table's $n encodings, those without a bin are those with every bit fixed ($nofield: ${missing:0:120})" \
  '[ "$nofield" -lt 20 ] && ! grep -q "T1;.*ADD (register)" <<<"$missing"'
check "BX T1's Rm has r0, SP, LR and PC" \
  '[ "$(grep -c "^enc.BX T1.Rm=" "$tmp/t.tsv")" -eq 4 ]'
check "ADD (register) T2 has no Rm=SP (ADD (SP plus register) T2's), ADD (SP plus register) T1 no Rm=r0 (fixed bits)" \
  '! grep -q "^enc.ADD (register) T2.Rm=SP" "$tmp/t.tsv" && ! grep -q "^enc.ADD (SP plus register) T1.Rm=r0" "$tmp/t.tsv"'
check "an ARMv7-M encoding has bins of its fields (LDR (immediate) T3: Rn, Rt, imm12)" \
  '[ "$(grep -c "^enc.LDR (immediate) T3\." "$tmp/t.tsv")" -ge 8 ]'
check "the memory map's regions, default and mps2, five edges each (50 bins)" '[ "$(grep -c "^mem\." "$tmp/t.tsv")" -eq 50 ]'
check "ARMv7-M bins and mps2's are reported as not run, not as holes" \
  'grep -q "^unreached enc.LDR (immediate) T3.*: not run" "$tmp/t.txt" && grep -q "^unreached mem.mps2.sram.first: not run" "$tmp/t.txt"'

# the file-mode goldens of the mutation campaign (the corpus, the random, system-level and field seeds, the
# Cortex-M0 and smallest configurations') with the repository's reasons: every bin reached or explained
r="$BUILD/random"
"$bins" --reasons tests/coverage/bins_unreached.txt --report "$tmp/c.txt" golden/*.tarmac.gz "$r"/seed_*.tarmac.gz \
  "$r"/sys_[0-9]*.tarmac.gz "$r"/field_*.tarmac.gz "$BUILD"/m0/*.tarmac.gz "$BUILD"/min/*.tarmac.gz; rc=$?
check "the campaign's goldens: every bin not reached has its reason (exit $rc; $(head -1 "$tmp/c.txt"))" \
  '[ "$rc" -eq 0 ] && grep -q "^0 unreached bins without a reason" "$tmp/c.txt"'
printf 'enc.*\tbad line without a tab\nno-tab-here\n' > "$tmp/bad.txt"
"$bins" --reasons "$tmp/bad.txt" "$tmp/t.tarmac" > "$tmp/bad.out" 2>&1; rc=$?
check "a reasons line without a tab: exit 2 with file:line:column" '[ "$rc" -eq 2 ] && grep -q "bad.txt:2:1:" "$tmp/bad.out"'
summary
