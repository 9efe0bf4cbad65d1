#!/usr/bin/env bash
# Live mode on the reference core (dpi/README.md, "Live mode"; build/sim/chk-live: SysTick counting clock cycles,
# tail-chaining): the interrupt-driven LIVE_PROGRAMS on the core without the checker (their expected output and
# exit code) and in live mode, constrained-random programs with asynchronous IRQ and NMI pulses in live mode, and
# the replay: the golden a live run wrote (golden_out) gives the same verdict and counts in file mode on the same
# run. Needs BUILD, LIVE_PROGRAMS, ASYNC_TEST_SEEDS and ASYNC_PLUSARGS from make.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
live="$BUILD/sim/chk-live/Vtb_top"
for p in $LIVE_PROGRAMS; do
  timeout 600 "$BUILD/sim/plain/Vtb_top" +elf="$BUILD/programs/$p.elf" +waitstates=0 > "$tmp/out" 2> "$tmp/err"; rc=$?
  sed -i '/^- rtl_tb\/tb_top.sv:[0-9]*: Verilog \$finish$/d' "$tmp/out"
  if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "tests/programs/$p.expect"; then ok "$p on the core without the checker"
  else bad "$p on the core without the checker: exit $rc" "$(diff "$tmp/out" "tests/programs/$p.expect" | head -3)"; fi
done
# the nightly's live groups (sim/nightly.toml): the runner's pass rule (the ledger's PASS, exit 0, the expected
# output), one verdict per program and seed
rm -rf "$BUILD/regress/test-live"
r=$(python3 sim/nightly.py --set nightly --only live --only async --var ASYNC_SEEDS="$ASYNC_TEST_SEEDS" --no-build -j 2 \
    --out "$BUILD/regress/test-live" 2>&1)
echo "$r" | sed -n '/^group /,/^$/p'
grep -A6 "^failure buckets: [1-9]" <<<"$r"
n=$(( $(wc -w <<<"$LIVE_PROGRAMS") + $(wc -w <<<"$ASYNC_TEST_SEEDS") ))
p=$(tail -1 <<<"$r" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
pass=$((pass + ${p:-0})); fail=$((fail + n - ${p:-0}))
# the random pulses (rtl_tb/irq_source.sv) on the core without the checker: IRQs of the lines only the testbench
# raises (IRQ4-31) and NMIs are entered, the same seed gives the same run, another seed another one
s=${ASYNC_TEST_SEEDS%% *}
pulses() { # irq seed -> the run's +trace in $tmp/trace.<seed>
  "$BUILD/sim/plain/Vtb_top" +elf="$BUILD/random/async_$s.elf" +waitstates=25 ${ASYNC_PLUSARGS//\{n\}/$1} +trace \
    > "$tmp/trace.$1" 2>&1
}
pulses "$s"; pulses "$s"; mv "$tmp/trace.$s" "$tmp/trace.a"; pulses "$s"; pulses $((s + 100))
irqs=$(awk '$2 == "E" && $3 >= 20 { n++ } END { print n + 0 }' "$tmp/trace.$s")
nmis=$(awk '$2 == "E" && $3 == 2 { n++ } END { print n + 0 }' "$tmp/trace.$s")
if [ "$irqs" -ge 10 ] && [ "$nmis" -ge 2 ] && grep -q "exit code 0" "$tmp/trace.$s"; then
  ok "async_$s with random pulses: $irqs entries of IRQ4-31 (only the testbench raises them) and $nmis of NMI, exit 0"
else bad "async_$s with random pulses: $irqs IRQ4-31 and $nmis NMI entries" "$(tail -1 "$tmp/trace.$s")"; fi
if cmp -s <(grep -v "M cycles/s" "$tmp/trace.a") <(grep -v "M cycles/s" "$tmp/trace.$s") \
   && ! cmp -s <(grep " IRQ " "$tmp/trace.$s") <(grep " IRQ " "$tmp/trace.$((s + 100))"); then
  ok "the pulses are reproducible by +irq_seed, and another seed gives others"
else bad "the pulses are not reproducible by seed, or do not depend on it"; fi
# SysTick counting clock cycles (chk-live, run without the checker) against counting instructions (plain): systick
# pends SysTick every RVR + 1 = 100 ticks. Counting cycles, the pends are exactly 100 cycles apart and each entry
# comes at the next instruction boundary after its pend: the entries stay on a 100-cycle grid (offsets from the
# first within the boundary latency, no drift), though two gaps may differ by a few cycles
gaps() { "$1" +elf="$BUILD/programs/systick.elf" +tarmac_off +trace 2>&1 \
           | awk '$2 == "E" && $3 == 15 { if (t) printf "%d ", $1 - t; t = $1 }'; }
on_grid() { awk -v g="$1" 'BEGIN { n = split(g, a, " "); if (n < 4) exit 1
                                 for (i = 1; i <= n; i++) { off += a[i] - 100; if (off < -12 || off > 12) exit 1 } }'; }
cyc=$(gaps "$live"); ins=$(gaps "$BUILD/sim/plain/Vtb_top")
if on_grid "$cyc" \
   && awk -v g="$ins" 'BEGIN { n = split(g, a, " "); if (n == 0) exit 1; for (i = 1; i <= n; i++) if (a[i] < 300) exit 1 }'; then
  ok "SysTickCycles: SysTick entries on a 100-cycle grid (gaps $cyc), every 100 instructions without it (gaps $ins)"
else bad "SysTick's period: with SysTickCycles gaps '$cyc' (not on a 100-cycle grid), without '$ins' (cycles)"; fi
# the check's own test: a period of 101 cycles drifts off the grid, one late entry does not
if ! on_grid "101 101 101 101 101 101 101 101 101 101 101 101 101" && on_grid "98 100 100 107 98 100 98 100"; then
  ok "the grid check tells a 101-cycle period from a 100-cycle one with a late entry"
else bad "the grid check does not tell a 101-cycle period from a 100-cycle one"; fi
# and the model counts the cycles the monitor reports as the SCS does: every SysTick entry legal, none missed, the
# handler's count read back alike (the monitor's SysTick cycles around an exception's choice, held past the
# entry). The program is written for SysTick counting instructions: counting cycles, more ticks come before it
# stops SysTick than its check wants (its exit code is 1), the same on both sides.
r=$("$live" +elf="$BUILD/programs/systick.elf" +tarmac_golden="live:$BUILD/programs/systick.elf" +waitstates=25 2>&1)
n=$(sed -n 's/^systick: \([0-9]*\) ticks$/\1/p' <<<"$r")
if grep -q "^tarmac checker: PASS" <<<"$r" && [ "${n:-0}" -ge 5 ]; then
  ok "systick in live mode, SysTick counting cycles: $n SysTick entries, $(grep '^tarmac checker' <<<"$r" | cut -c1-60)..."
else bad "systick in live mode: ${n:-no} ticks" "$(grep -m1 -A3 'MISMATCH #1\|tarmac checker' <<<"$r" | head -4)"; fi

# Replay: the same run, live with golden_out, then in file mode on the golden it wrote
checker_line() { grep "^tarmac checker:" "$1" | sed 's/; golden .*//'; }
replay() { # name, elf, plusargs...
  local name=$1 elf=$2; shift 2
  "$live" +elf="$elf" +tarmac_golden="live:$elf" +tarmac_golden_out="$tmp/$name.tarmac.gz" +waitstates=25 "$@" \
    > "$tmp/$name.live" 2>&1; lrc=$?
  "$live" +elf="$elf" +tarmac_golden="$tmp/$name.tarmac.gz" +waitstates=25 "$@" > "$tmp/$name.file" 2>&1; frc=$?
  if [ "$lrc" -eq "$frc" ] && [ -n "$(checker_line "$tmp/$name.live")" ] \
     && [ "$(checker_line "$tmp/$name.live")" = "$(checker_line "$tmp/$name.file")" ]; then
    ok "$name: the live run's golden_out replays in file mode: exit $lrc both, $(checker_line "$tmp/$name.file" | cut -c1-60)..."
  else bad "$name: replay differs (live exit $lrc, file exit $frc)" "live: $(checker_line "$tmp/$name.live")" \
           "file: $(checker_line "$tmp/$name.file")"; fi
}
replay timer_irq "$BUILD/programs/timer_irq.elf"
# shellcheck disable=SC2086
replay "async_$s" "$BUILD/random/async_$s.elf" ${ASYNC_PLUSARGS//\{n\}/$s}
summary
