#!/usr/bin/env bash
# The second integration (dpi/CHECKING_YOUR_CORE.md, "A second integration"): the reference core connected the way
# a core not built for the checker would be (build/sim/chk-foreign: tb_top ForeignIntegration, LrReset 0): no
# register write ports, so every register comes from the visibility port (snapshot mode); every transfer marked as
# data on HPROT[0], fetches and vector reads included (data_beats=golden); LR reset to 0, declared like any other
# configuration. With those documented options only, every program passes in lockstep on goldens made with
# --config lr_reset=0, and bugs still show: a register value, a data read, the configuration.
# Needs BUILD and PROGRAMS from make, the foreign simulator, the model and the programs.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
sim="$BUILD/sim/chk-foreign/Vtb_top"; iss="$BUILD/bin/armv6m-iss"
mkdir -p "$tmp/golden"
n=0
for p in $PROGRAMS; do
  "$iss" --quiet --config lr_reset=0 --tarmac "$tmp/golden/$p.tarmac.gz" "$BUILD/programs/$p.elf" > /dev/null
  n=$((n + 1))
done

rm -rf "$BUILD/regress/test-foreign"
out=$(python3 sim/nightly.py --set nightly --only file --var SIM_CHK="$sim" --var GOLDEN_DIR="$tmp/golden" --no-build \
      -j 2 --out "$BUILD/regress/test-foreign" 2>&1)
echo "$out" | tail -2
check "all $n programs pass in lockstep through the foreign integration (the nightly's file group)" \
  'tail -1 <<<"$out" | grep -qx "$n passed, 0 failed"'

# one run in detail: snapshots compared, the reads taken as fetches counted, the lr_reset declaration checked
hello=$("$sim" +elf="$BUILD/programs/hello.elf" +tarmac_golden="$tmp/golden/hello.tarmac.gz" 2>&1); rc=$?
check "hello passes (exit $rc) with its registers and bus compared" \
  '[ "$rc" -eq 0 ] && grep -Eq "tarmac checker: PASS: [0-9]+ steps, [1-9][0-9]* registers, [1-9][0-9]* bus beats" <<<"$hello"'
check "the summary counts the reads taken as fetches" \
  'grep -Eq "; [1-9][0-9]* reads taken as fetches \(data_beats=golden\)" <<<"$hello"'
def=$("$sim" +elf="$BUILD/programs/hello.elf" +tarmac_golden=golden/hello.tarmac.gz 2>&1); rc=$?
check "the default golden (LR reset 0xffffffff) fails at open naming lr_reset (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "lr_reset declared 0x00000000, golden 0xffffffff" <<<"$def"'

# bugs still show: the golden changed where a real core would differ (a register value, a data read)
zcat "$tmp/golden/sort.tarmac.gz" > "$tmp/sort.tarmac"
reg_line=$(grep -n " clk R r3 " "$tmp/sort.tarmac" | sed -n 40p | cut -d: -f1)
sed "${reg_line}s/ R r3 \([0-9a-f]*\)$/ R r3 0badc0de/" "$tmp/sort.tarmac" > "$tmp/reg.tarmac"
r=$("$sim" +elf="$BUILD/programs/sort.elf" +tarmac_golden="$tmp/reg.tarmac" 2>&1); rc=$?
check "a register value differing at golden line $reg_line is found through the snapshot (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "tarmac.*:$reg_line," <<<"$r" && grep -q "r3" <<<"$r"'
rd_line=$(grep -n " clk MR4 2000" "$tmp/sort.tarmac" | sed -n 20p | cut -d: -f1)
sed "${rd_line}s/ \([0-9a-f]*\)$/ 0badc0de/" "$tmp/sort.tarmac" > "$tmp/rd.tarmac"
r=$("$sim" +elf="$BUILD/programs/sort.elf" +tarmac_golden="$tmp/rd.tarmac" 2>&1); rc=$?
check "a data read differing at golden line $rd_line is a bus mismatch though every beat is marked as data (exit $rc)" \
  '[ "$rc" -eq 3 ] && grep -q "(bus stream)" <<<"$r" && grep -q "expected 0badc0de" <<<"$r"'
summary
