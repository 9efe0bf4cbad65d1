#!/usr/bin/env bash
# The Cortex-M0 integration (dpi/CHECKING_YOUR_CORE.md, "Cortex-M0 and Cortex-M0+"): tb_top VisPort, where the
# checker sees the reference core only as it would see Arm's Cortex-M0: its visibility port (vis_*_o, with
# Cortex-M0's timings) and its bus, through the visibility-port adapter (rtl_tb/monitors/armv6m_vis_adapter.sv),
# with semihosting served on the fetch (rtl_tb/armv6m_semihost_fetch.sv):
#   - the glue in tb_top (the lines between "vis-glue begin" and "vis-glue end") is 60 lines or fewer, with no
#     hierarchical name and nothing of the core read but the visibility port and the bus;
#   - every program of the corpus passes in file mode (build/sim/chk-vis), and a wrong register, opcode or data
#     value in the golden still fails;
#   - the interrupt programs and the async seeds (random IRQ and NMI pulses) pass in live mode with register
#     snapshots (build/sim/chk-vis-live) and the decision window tb_top declares for the adapter's latency.
# Needs BUILD, PROGRAMS, LIVE_PROGRAMS, ASYNC_TEST_SEEDS and ASYNC_PLUSARGS from make, the simulators and programs.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
sim="$BUILD/sim/chk-vis/Vtb_top"; live="$BUILD/sim/chk-vis-live/Vtb_top"

# ---- the glue: its lines, what it names ----
glue() { awk '/vis-glue begin/ { on = 1; next } /vis-glue end/ { on = 0 } on' "$1" | sed 's|//.*||' | grep -v '^\s*$'; }
glue rtl_tb/tb_top.sv > "$tmp/glue"
lines=$(wc -l < "$tmp/glue")
check "the Cortex-M0 integration's glue in tb_top is 60 lines or fewer ($lines)" '[ "$lines" -gt 0 ] && [ "$lines" -le 60 ]'
# hierarchical names: a dotted name other than a member of the trace port the glue makes (u_tp)
hier() { sed 's/\bu_tp\.[a-z_]*//g' | grep -oE '\b[A-Za-z_][A-Za-z0-9_$]*\.[A-Za-z_][A-Za-z0-9_]*' | sort -u; }
# what of the core the glue reads besides its visibility port and bus: the names it uses (port names and the trace
# port's members left out) that are the core's other outputs
core_only="retire_valid retire_pc retire_opcode retire_is32 retire_cond rf_we_a rf_id_a rf_data_a rf_we_b rf_id_b
           rf_data_b exc_valid exc_num exc_ret exc_choice vis_regs semihost_req semihost_op semihost_arg
           semihost_wr_r0 semihost_r0 halted"
reads() {
  local used w
  used=$(sed -E 's/\bu_tp\.[a-z_]+//g; s/\.[A-Za-z_0-9]+\(/(/g' | grep -oE '[A-Za-z_][A-Za-z0-9_]*' | sort -u)
  for w in $core_only; do grep -qx "$w" <<<"$used" && echo "$w"; done
}
refs=$(hier < "$tmp/glue"); bad=$(reads < "$tmp/glue" | tr '\n' ' ')
check "no hierarchical name in the glue${refs:+: $refs}" '[ -z "$refs" ]'
check "the glue reads the core's visibility port and bus only${bad:+ (it reads $bad)}" '[ -z "$bad" ]'
# the checks themselves: a planted reference into the core and a planted read of its write port are found
sed '0,/^  \/\/ vis-glue end$/s||  wire planted = u_core.r_q[0] ^ rf_data_a;\n  // vis-glue end|' rtl_tb/tb_top.sv \
  > "$tmp/tb_top.sv"
glue "$tmp/tb_top.sv" > "$tmp/planted"
refs=$(hier < "$tmp/planted"); bad=$(reads < "$tmp/planted")
check "a planted reference into the core ($refs) and a planted read of its write port ($bad) are found" \
  '[ "$refs" = u_core.r_q ] && [ "$bad" = rf_data_a ]'

# ---- file mode: the corpus, and bugs ----
rm -rf "$BUILD/regress/test-vis"
out=$(python3 sim/nightly.py --set nightly --only vis --no-build -j 2 --out "$BUILD/regress/test-vis" 2>&1)
n=$(wc -w <<<"$PROGRAMS")
echo "$out" | tail -2
check "all $n programs pass in file mode through the visibility port (the nightly's group vis)" \
  'tail -1 <<<"$out" | grep -qx "$n passed, 0 failed"'
hello=$("$sim" +elf="$BUILD/programs/hello.elf" +tarmac_golden=golden/hello.tarmac.gz 2>&1); rc=$?
check "hello (exit $rc): registers compared at every step through the snapshots, the vector reads taken as fetches" \
  '[ "$rc" -eq 0 ] && grep -Eq "tarmac checker: PASS: [0-9]+ steps, [1-9][0-9]{4,} registers, [1-9][0-9]* bus beats .*reads taken as fetches \(data_beats=golden\)" <<<"$hello"'
# the golden changed: the 300th register value, the opcode of the 200th instruction, the 50th word read
zcat golden/hello.tarmac.gz | awk '/ R r[0-9]+ / && ++n == 300 { sub(/[0-9a-f]+$/, "deadbeef") } 1' | gzip > "$tmp/reg.tarmac.gz"
zcat golden/hello.tarmac.gz | awk '/ IT / && ++n == 200 { $6 = "bf00" } 1' | gzip > "$tmp/op.tarmac.gz"
zcat golden/hello.tarmac.gz | awk '/ MR4 / && ++n == 50 { $NF = "12345678" } 1' | gzip > "$tmp/data.tarmac.gz"
for bug in "reg|register stream|register r[0-9]*: wrong value: expected deadbeef" \
           "op|instruction stream|opcode at [0-9a-f]*.*: expected bf00" \
           "data|bus stream|bus data at [0-9a-f]* .*expected 12345678"; do
  IFS='|' read -r name stream what <<<"$bug"
  got=$("$sim" +elf="$BUILD/programs/hello.elf" +tarmac_golden="$tmp/$name.tarmac.gz" +waitstates=25 2>&1); rc=$?
  check "a golden with a wrong $name value fails through the visibility port (exit $rc): $stream" \
    '[ "$rc" -eq 3 ] && grep -q "MISMATCH #1 ($stream)" <<<"$got" && grep -Eq "$what" <<<"$got"'
done

# ---- live mode: the interrupt programs and the async seeds, in snapshot mode ----
for p in $LIVE_PROGRAMS; do
  elf="$BUILD/programs/$p.elf"
  got=$(timeout 600 "$live" +elf="$elf" +tarmac_golden="live:$elf" +waitstates=25 2>&1); rc=$?
  check "$p in live mode through the visibility port (exit $rc)" \
    '[ "$rc" -eq 0 ] && grep -q "^tarmac checker: PASS" <<<"$got"' || grep -m1 -A4 "MISMATCH #1" <<<"$got"
done
for s in $ASYNC_TEST_SEEDS; do
  elf="$BUILD/random/async_$s.elf"
  # shellcheck disable=SC2086
  got=$(timeout 600 "$live" +elf="$elf" +tarmac_golden="live:$elf" +waitstates=25 \
        ${ASYNC_PLUSARGS//\{n\}/$s} 2>&1); rc=$?
  check "async_$s with random IRQ and NMI pulses in live mode through the visibility port (exit $rc)" \
    '[ "$rc" -eq 0 ] && grep -q "^tarmac checker: PASS" <<<"$got"' || grep -m1 -A4 "MISMATCH #1" <<<"$got"
done
summary
