#!/usr/bin/env bash
# Every golden field compared or an error, through the reference core (dpi/README.md, "Register values, not register
# writes", "The three streams"): alu_add's golden, edited one field at a time and gzipped again, against the core
# in lockstep. An exception entry the core never took, a PC record with another address, flags in an APSR record
# that differ from the core's and an access the golden marks aborted where the core's bus answered OKAY each halt
# the run (exit 3) naming the field; an address wider than 32 bits is an error in the golden at its line and
# column; the same golden with the fields right passes. Needs BUILD from make, the checker's simulator and alu_add.
set -u
. tests/lib/check.sh
sim="$BUILD/sim/chk/Vtb_top"; elf="$BUILD/programs/alu_add.elf"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
zcat golden/alu_add.tarmac.gz > "$tmp/golden"
# the golden with line $1 replaced by $2 (sed's s command on that line), gzipped; runs the core against it
run() {
  sed "$1" "$tmp/golden" | gzip -n > "$tmp/$2.tarmac.gz"
  out=$("$sim" +elf="$elf" +tarmac_golden="$tmp/$2.tarmac.gz" 2>&1); rc=$?
}
# the lines edited, as the golden has them (so that a regenerated golden shows here, not as a wrong verdict)
check "alu_add's golden has the lines edited below" \
  '[ "$(sed -n 5p "$tmp/golden")" = "1 clk MR4 000004cc 20000000" ] && [ "$(sed -n 15p "$tmp/golden")" = "4 clk R cpsr 61000000" ] && grep -q "^5 clk IT (5) 0000048c " "$tmp/golden"'
run '15s/.*/4 clk R apsr 60000000\n4 clk R pc 0000048c/' right
check "an APSR record and a PC record that agree with the core pass (exit $rc)" \
  '[ "$rc" -eq 0 ] && grep -q "tarmac checker: PASS" <<<"$out" && grep -q "[0-9]* xPSR comparisons of the fields the golden gave" <<<"$out"'
run '15s/$/\n4 clk E 0000048c 0000000f CoreEvent_SYSTICK/' phantom
check "an exception entry the core never took halts the run (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "exception not taken: the golden entered SysTick (15) at step 5 .*the RTL reported no exception" <<<"$out"'
run '15s/$/\n4 clk R pc 0000048e/' pc
check "a PC record with another address than the core's next step halts the run (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "pc record of step 4: the golden writes the PC 0000048e.*, the RTL.s next step is at 0000048c" <<<"$out"'
run '15s/.*/4 clk R apsr 20000000/' apsr
check "APSR flags that differ from the core's xPSR halt the run (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "register xpsr: wrong value (APSR bits f0000000 compared): expected 20000000, actual 61000000" <<<"$out"'
run '5s/$/ (ABORTED)/' aborted
check "an access the golden marks aborted, answered OKAY by the core's bus, halts the run (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "bus response at 000004cc (R4): expected ERROR (the golden.s access aborted), actual OKAY" <<<"$out"'
run '5s/000004cc/00000001000004cc/' wide
check "an address above 32 bits is an error in the golden at its line and column, never cut (exit $rc)" \
  '[ "$rc" -ne 0 ] && grep -q "wide.tarmac.gz:5:11: data address 1000004cc is wider than the 32 bits of ARMv6-M" <<<"$out" && ! grep -q "tarmac checker: PASS" <<<"$out"'
summary
