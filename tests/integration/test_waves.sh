#!/usr/bin/env bash
# FST waveforms (sim/waves.h): the build with tracing (build/sim/chk-trace, make TRACE=1) writes the window of
# cycles it is asked for, with the design's signals in it; the build without tracing refuses +fst= with the
# name of the one that has it (the SystemC harness refuses it); a run the checker halts prints the command for the waveform of the cycles
# before the failure, and that command, run as printed, writes a waveform that ends at the failing cycle; a build
# with no tracing build beside it (a testbench of one's own) gets the plusargs, not a command.
# Needs BUILD from make, the simulators, fst_info and the programs.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
trace="$BUILD/sim/chk-trace/Vtb_top"; info="$BUILD/sim/fst_info"
elf="$BUILD/programs/hello.elf"

# a window of 200 cycles from cycle 100: times 1000 (cycle 100, falling edge) to 2995 (cycle 299, rising edge)
out=$("$trace" +elf="$elf" +tarmac_golden=golden/hello.tarmac.gz +waitstates=25 +fst="$tmp/w.fst" +fst_start=100 \
      +fst_cycles=200 2>&1); rc=$?
check "the trace build runs hello with a window and passes (exit $rc)" '[ "$rc" -eq 0 ] && grep -q "^tarmac checker: PASS" <<<"$out"'
size=$(stat -c %s "$tmp/w.fst" 2>/dev/null || echo 0)
check "it wrote the FST file ($size bytes)" '[ "$size" -gt 2000 ]'
"$info" "$tmp/w.fst" > "$tmp/w.info" 2>&1; irc=$?
check "the file holds exactly the window: times 1000-2995 ($(head -1 "$tmp/w.info"))" \
  '[ "$irc" -eq 0 ] && [ "$(head -1 "$tmp/w.info")" = "time 1000 2995" ]'
check "with the design's signals: the clock, the core's bus, the assertion module's state ($(grep -c . "$tmp/w.info") lines)" \
  'grep -qx "TOP.clk" "$tmp/w.info" && grep -qx "TOP.tb_top.u_core.haddr \[31:0\]" "$tmp/w.info" && grep -qx "TOP.tb_top.u_core.hwdata \[31:0\]" "$tmp/w.info" && grep -qx "TOP.tb_top.u_core.u_ahb_chk.dp_valid" "$tmp/w.info"'

out=$("$BUILD/sim/chk/Vtb_top" +elf="$elf" +fst="$tmp/x.fst" 2>&1); rc=$?
check "the build without tracing refuses +fst= (exit $rc), naming the build with it" \
  '[ "$rc" -eq 2 ] && grep -q "built without tracing; the build with it is $BUILD/sim/chk-trace/Vtb_top" <<<"$out" && [ ! -e "$tmp/x.fst" ]'
out=$("$BUILD/sim-systemc/chk/Vtb_top" +elf="$elf" +fst="$tmp/z.fst" 2>&1); rc=$?
check "the SystemC harness refuses +fst= too (exit $rc)" \
  '[ "$rc" -eq 2 ] && grep -q "waveforms are written by the C++ harness" <<<"$out" && [ ! -e "$tmp/z.fst" ]'
out=$("$trace" +elf="$elf" +fst="$tmp/y.fst" +fst_start=-5 2>&1); rc=$?
check "a bad window is a usage error naming it (exit $rc)" \
  '[ "$rc" -eq 2 ] && grep -q "plusarg .+fst_start=-5.: expected a decimal number from 0 to" <<<"$out" && [ ! -e "$tmp/y.fst" ]'

# a checker halt in the normal build, a few thousand cycles in (hello against its golden with the 300th
# register value changed): the command for its waveform
zcat golden/hello.tarmac.gz | awk '/ R r[0-9]+ / && ++n == 300 { sub(/[0-9a-f]+$/, "deadbeef") } 1' | gzip > "$tmp/bad.tarmac.gz"
out=$("$BUILD/sim/chk/Vtb_top" +elf="$elf" +tarmac_golden="$tmp/bad.tarmac.gz" +tarmac_report="$tmp/h.report" 2>&1); rc=$?
cmd=$(sed -n 's/^tb_main: waveform of cycles [0-9]*-[0-9]*: //p' <<<"$out")
at=$(sed -n 's/.*, simulation time \([0-9]*\)$/\1/p' "$tmp/h.report" | head -1)
check "a halted run (exit $rc) prints the command for the waveform around the failure (cycle $at)" \
  '[ "$rc" -eq 3 ] && [ -n "$at" ] && [ "$at" -gt 1000 ] && grep -q "^$trace .*+tarmac_golden=$tmp/bad.tarmac.gz.* +fst=$tmp/h.fst +fst_start=$((at > 1000 ? at - 1000 : 0)) +fst_cycles=" <<<"$cmd"'
# shellcheck disable=SC2086
rerun=$($cmd 2>&1); rc=$?
"$info" "$tmp/h.fst" > "$tmp/h.info" 2>&1
check "that command, as printed, fails the same way (exit $rc) and writes the waveform up to the failing cycle ($(head -1 "$tmp/h.info"))" \
  '[ "$rc" -eq 3 ] && [ "$(head -1 "$tmp/h.info")" = "time $(( (at > 1000 ? at - 1000 : 0) * 10 )) $((at * 10 + 5))" ] && grep -q "MISMATCH #1" <<<"$rerun"'
# a testbench of one's own (here a copy of the build elsewhere) has no build with tracing beside it: the harness
# gives the window and the plusargs, and no command for a build that does not exist
mkdir -p "$tmp/own"; cp "$BUILD/sim/chk/Vtb_top" "$tmp/own/Vtb_top"
out=$("$tmp/own/Vtb_top" +elf="$elf" +tarmac_golden="$tmp/bad.tarmac.gz" 2>&1); rc=$?
check "a halted run of a build with no tracing build beside it (exit $rc): the window's plusargs, no command" \
  '[ "$rc" -eq 3 ] && grep -q "^tb_main: waveform of cycles [0-9]*-[0-9]*: +fst=hello.fst +fst_start=[0-9]* +fst_cycles=[0-9]* with the same arguments in a build with tracing (none at $tmp/own-trace/Vtb_top;" <<<"$out" && ! grep -q "own-trace/Vtb_top +elf" <<<"$out"'
# the nightly's summary carries the same command under the failing test's bucket
mkdir -p "$tmp/golden"; cp "$tmp/bad.tarmac.gz" "$tmp/golden/hello.tarmac.gz"
reg=$(python3 sim/nightly.py --set nightly --only file/hello --var GOLDEN_DIR="$tmp/golden" --var WAITSTATES=0 \
      --no-build --out "$tmp/regress" 2>&1)
check "the nightly's summary of a failing test has the waveform command" \
  'grep -q "^      waves (cycles [0-9]*-[0-9]*): $trace .* +fst=$tmp/regress/file/hello/report.fst +fst_start=[0-9]* +fst_cycles=[0-9]*$" <<<"$reg"'
summary
