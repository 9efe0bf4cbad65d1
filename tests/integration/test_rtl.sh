#!/usr/bin/env bash
# The reference core in make test: Verilator lint of rtl_tb/ (with and without the checker, and as the Cortex-M0
# integration), no hierarchical reference into the core, every program without the checker (wait states off)
# against its expected output and exit code, and every program in lockstep with the checker (wait states on), with
# register write ports and with register snapshots. Needs BUILD and PROGRAMS from make.
set -u
. tests/lib/check.sh
# (and the Cortex-M0 integration, tb_top VisPort, whose adapter and semihosting on the fetch only it builds)
# and the replay of recorded ports (rtl_tb/replay/replay_top.sv, from rtl_tb/replay/sources.f)
replay="--top replay_top $(sed 's/^/--src /' rtl_tb/replay/sources.f | tr '\n' ' ')"
for variant in "" "--chk" "-GVisPort=1'b1" "--chk -GVisPort=1'b1" "$replay" "--chk $replay"; do
  # shellcheck disable=SC2086
  if out=$(bash sim/verilate.sh --lint $variant 2>&1); then
    ok "verilator lint -Wall ${variant:+($variant)}"
  else
    bad "verilator lint -Wall ${variant:+($variant)}"; echo "$out" | head -10
  fi
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# The testbench sees the core only through its ports (another core has other internals): no hierarchical
# reference into u_core; a copy of tb_top with one must be reported.
core_refs() { grep -nE '\bu_core\.[a-z_]' "$@"; }
refs=$(core_refs rtl_tb/*.sv rtl_tb/monitors/*.sv)
if [ -z "$refs" ]; then ok "the testbench reads the core through its ports only"
else bad "hierarchical references into the core:"; echo "$refs"; fi
sed 's/^endmodule/  wire planted = u_core.exc_q.tail_pend;\nendmodule/' rtl_tb/tb_top.sv > "$tmp/tb_top.sv"
if core_refs "$tmp/tb_top.sv" > /dev/null; then ok "a planted reference into the core is reported"
else bad "a planted reference into the core is not reported"; fi
for p in $PROGRAMS; do
  timeout 600 "$BUILD/sim/plain/Vtb_top" +elf="$BUILD/programs/$p.elf" +waitstates=0 > "$tmp/out" 2> "$tmp/err"; rc=$?
  sed -i '/^- rtl_tb\/tb_top.sv:[0-9]*: Verilog \$finish$/d' "$tmp/out"
  if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "tests/programs/$p.expect"; then ok "$p on the core (no wait states)"
  else bad "$p on the core (no wait states): exit $rc"; diff "$tmp/out" "tests/programs/$p.expect" | head -5; tail -3 "$tmp/err"; fi
done
# the nightly's corpus groups (sim/nightly.toml): file mode, the SystemC harness, register snapshots
rm -rf "$BUILD/regress/test"
out=$(python3 sim/nightly.py --set nightly --only file --only systemc --only snapshot --no-build -j 2 \
      --out "$BUILD/regress/test" 2>&1)
echo "$out" | sed -n '/^group /,/^$/p'
n=$(wc -w <<<"$PROGRAMS")
cases() { /usr/bin/python3 tests/nightly/junit_cases.py "$BUILD/regress/test/junit.xml" "$@"; }
if [ "$(cases file | wc -l)" -eq "$n" ] && [ "$(cases systemc | wc -l)" -eq "$n" ] && [ "$(cases snapshot | wc -l)" -eq "$n" ]; then
  ok "junit.xml lists every test of the three groups ($n each)"
else
  bad "junit.xml"
fi
group_ok() { grep -Eq "^$1 +$n +$n +0 +0 " <<<"$out"; }
# file mode: one verdict per program
while read -r _ name verdict _; do
  if [ "$verdict" = pass ]; then ok "$name in lockstep (wait states on)"
  else bad "$name in lockstep: $verdict"; fi
done < <(cases file)
grep -A4 "^failure buckets: [1-9]" <<<"$out"
# the SystemC harness gives the same verdicts and the same counts
if group_ok systemc && [ "$(cases file)" = "$(cases systemc)" ]; then
  ok "SystemC harness: same verdicts and counts as the C++ harness"
else
  bad "SystemC harness differs"; diff <(cases file) <(cases systemc) | head -5
fi
# snapshot mode: the same programs with the registers compared through the core's visibility port (no write
# port used), every register the golden knows at every step
if group_ok snapshot; then
  ok "every program in lockstep in snapshot mode (+tarmac_regs=snapshot)"
else
  bad "snapshot mode"
fi
# a golden as an M-profile FVP writes it (status and exception-phase lines, cpsr before the reset, SP writes
# as r13_main + MSP pairs) is the golden of the reference core just as well, and equals the model's own
for p in hello svc psp nvic hardfault exc_return; do
  f="$BUILD/regress/fvp/$p.tarmac.gz"; mkdir -p "$BUILD/regress/fvp"
  "$BUILD/bin/armv6m-iss" --quiet --dialect fvp --tarmac "$f" "$BUILD/programs/$p.elf" > /dev/null
  got=$("$BUILD/sim/chk/Vtb_top" +elf="$BUILD/programs/$p.elf" +tarmac_golden="$f" +waitstates=25 +seed=1 2>&1); rc=$?
  if [ "$rc" -eq 0 ] && grep -q "^tarmac checker: PASS" <<<"$got" && grep -q "SIGNAL:" <(zcat "$f") \
     && "$BUILD/bin/tarmac-diff" "$f" "golden/$p.tarmac.gz" > /dev/null; then
    ok "$p with an FVP-style golden on the core, equal to the model's golden"
  else
    bad "$p with an FVP-style golden (exit $rc)"; grep -A4 "MISMATCH #1" <<<"$got" | head -6
  fi
done
# the golden streamed by the model inside the SystemC simulation (no file) gives the same verdicts and counts
for prog in $PROGRAMS; do
  want=$(grep "^tarmac checker:" "$BUILD/regress/test/systemc/$prog/stdout.txt" | sed 's/; golden .*//')
  got=$("$BUILD/sim-systemc/chk/Vtb_top" +elf="$BUILD/programs/$prog.elf" +golden_from_model +waitstates=25 +seed=1 2>&1 \
        | grep "^tarmac checker:" | sed 's/; golden .*//')
  if [ -n "$want" ] && [ "$want" = "$got" ]; then ok "$prog with the model as a SystemC golden source"
  else bad "$prog with the model as a SystemC golden source"; echo "  file:  $want"; echo "  model: $got"; fi
done
summary
