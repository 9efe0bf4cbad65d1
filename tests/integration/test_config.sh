#!/usr/bin/env bash
# The configuration check end to end (dpi/README.md, "The configuration check"): goldens made with
# armv6m-iss --config against the reference system built with the same choices (build/sim/chk-cfg: tb_top's
# LrReset, CpuId, NumIrq, MtbBase, ShcsrPresent and ApsrReset, sim/sim.mk) and with the defaults. The programs that touch those choices run
# in lockstep on the system built like their golden. A golden whose record differs from what tb_top declares
# fails at open, before the first instruction, naming the key, both values and the golden (declared wrongly, the
# same difference is a divergence later); a plain-text golden has no record: a note, and the run passes. A golden
# of another program than the ELF the run loads fails at open as that (the program identity it records).
# Needs BUILD from make, the two checker simulators, the model, the programs.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
iss="$BUILD/bin/armv6m-iss"; dflt="$BUILD/sim/chk/Vtb_top"; lr="$BUILD/sim/chk-cfg/Vtb_top"
elf="$BUILD/programs/hello.elf"
cfg=lr_reset=0x12345678,cpuid=0x410cc200,num_irq=8,mtb_base=0x40000000,shcsr=0,apsr_reset=0xc0000000  # as chk-cfg
gold() { "$iss" --quiet --tarmac "$tmp/$1" "${@:3}" "$BUILD/programs/$2.elf" > /dev/null; }
gold lr.tarmac.gz hello --config "$cfg"
gold mtb0.tarmac.gz hello --config mtb=0
gold irq8.tarmac.gz hello --config num_irq=8,cpuid=0x410cc200
zcat golden/hello.tarmac.gz > "$tmp/plain.tarmac"

check "hello shows LR's reset value (its startup pushes LR): the lr_reset golden's lines differ from the default's" \
  'diff <(zcat "$tmp/lr.tarmac.gz") "$tmp/plain.tarmac" | grep -q "^< .* MW4 [0-9a-f]* 12345678$"'

out=$("$lr" +elf="$elf" +tarmac_golden="$tmp/lr.tarmac.gz" 2>&1); rc=$?
check "the golden made with $cfg on the system built the same way: passes (exit $rc)" \
  '[ "$rc" -eq 0 ] && grep -q "^tarmac checker: PASS" <<<"$out" && ! grep -q "note:" <<<"$out"'
# programs that read CPUID, the NVIC, the MTB and SHCSR, and take a HardFault before any flag is set: the same
# verdict as the model on both sides (a program's own check may fail on a system it was not written for; the
# lockstep must not)
for p in scs_regs nvic mtb systick_scb svc_pend epsr_t; do
  gold "$p.tarmac.gz" "$p" --config "$cfg"; model_rc=$?
  out=$("$lr" +elf="$BUILD/programs/$p.elf" +tarmac_golden="$tmp/$p.tarmac.gz" 2>&1); rc=$?
  check "$p in lockstep on the system built with $cfg (model exit $model_rc, core exit $rc)" \
    '[ "$rc" -eq "$model_rc" ] && grep -q "^tarmac checker: PASS" <<<"$out"'
done

out=$("$dflt" +elf="$elf" +tarmac_golden="$tmp/lr.tarmac.gz" 2>&1); rc=$?
# shcsr=0 (Cortex-M0): SHCSR reads 0 and a write pends nothing, on the model and on the core alike; apsr_reset:
# epsr_t's early HardFault stacks the reset flags N Z (xPSR 0xC0000000 with T clear)
"$iss" --quiet --config "$cfg" "$BUILD/programs/svc_pend.elf" > "$tmp/svc_pend.console"
check "shcsr=0: svc_pend reads SHCSR as 0 (the model's console: $(grep -c FAIL "$tmp/svc_pend.console") failures)" \
  'grep -q "FAIL SHCSR: got 0x00000000 want 0x00008000" "$tmp/svc_pend.console"'
check "apsr_reset=0xc0000000: epsr_t's first frame stacks the flags N Z" \
  'zcat "$tmp/epsr_t.tarmac.gz" | grep -qE "MW4 [0-9a-f]+ c0000000"'

check "the same golden on the default system: fails at open, before step 1 (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "after 0 instructions" <<<"$out" && ! grep -q "MISMATCH" <<<"$out"'
check "the report names the golden, the key and both values" \
  'grep -qF "$tmp/lr.tarmac.gz: the core'"'"'s declared configuration differs from the golden'"'"'s: lr_reset declared 0xffffffff, golden 0x12345678; cpuid declared 0x410cc601, golden 0x410cc200; mtb_base declared 0xf0000000, golden 0x40000000; num_irq declared 32, golden 8" <<<"$out"'

out=$("$dflt" +elf="$elf" +tarmac_golden="$tmp/lr.tarmac.gz" +tarmac_model="$(tr '=,' ':;' <<<"$cfg")" 2>&1); rc=$?
check "declared wrongly (+tarmac_model overrides tb_top's key), the same difference is only a divergence later (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "MISMATCH #1" <<<"$out" && grep -q "12345678" <<<"$out" && ! grep -q "declared configuration differs" <<<"$out"'

out=$("$lr" +elf="$elf" +tarmac_golden=golden/hello.tarmac.gz 2>&1); rc=$?
check "the committed (default) golden on the system built with $cfg: fails at open (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "lr_reset declared 0x12345678, golden 0xffffffff" <<<"$out"'

out=$("$dflt" +elf="$elf" +tarmac_golden="$tmp/mtb0.tarmac.gz" 2>&1); rc=$?
check "an mtb=0 golden on the core with an MTB: fails at open (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "mtb declared 1, golden 0" <<<"$out"'

out=$("$dflt" +elf="$elf" +tarmac_golden="$tmp/irq8.tarmac.gz" 2>&1); rc=$?
check "a golden with other CPUID and num_irq: both keys named (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "cpuid declared 0x410cc601, golden 0x410cc200; num_irq declared 32, golden 8" <<<"$out"'

out=$("$dflt" +elf="$elf" +tarmac_golden="$tmp/plain.tarmac" 2>&1); rc=$?
check "a plain-text golden: one note that the configuration is not checked, and the run passes (exit $rc)" \
  '[ "$rc" -eq 0 ] && [ "$(grep -c "records no model configuration (plain text)" <<<"$out")" -eq 1 ] && grep -q "^tarmac checker: PASS" <<<"$out"'

for other in sort crc32; do
  out=$("$dflt" +elf="$BUILD/programs/$other.elf" +tarmac_golden=golden/hello.tarmac.gz 2>&1); rc=$?
  check "hello's golden on a run of $other: fails at open, before step 1, as a golden of another program (exit $rc)" \
    '[ "$rc" -eq 3 ] && grep -q "after 0 instructions" <<<"$out" && ! grep -q "MISMATCH" <<<"$out" \
     && grep -qF "golden/hello.tarmac.gz: this golden is for another program: it records program " <<<"$out"'
done

out=$("$dflt" +elf="$elf" +tarmac_golden="$tmp/lr.tarmac.gz" +tarmac_model=lr_rst:1 2>&1); rc=$?
check "an unknown key in a +tarmac_model plusarg is an error that names it (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "option model: unknown configuration key .lr_rst." <<<"$out"'
summary
