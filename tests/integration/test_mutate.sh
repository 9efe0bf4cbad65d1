#!/usr/bin/env bash
# The mutation campaign's self-check ("exit") and lockstep-only ("only") columns are right: the classification on
# synthetic outputs (the simulator's "$finish" and lockup notices are dropped whatever the path of tb_top.sv,
# nothing else is; an expected exit status other than 0), then sim/mutate.sh on two real mutants over alu_add: one
# whose program still passes its own check (the trace port reports a wrong PC: only lockstep sees it) and one the
# program's own check catches (ADCS ignores the carry). Configurations: a bus protocol bug only an AHB-Lite
# assertion sees (ASSERT), a tail-chaining bug that file mode's test misses and the tail-chaining configuration
# finds. A test the unmutated reference fails stops the campaign. A mutant rebuilt compiles nothing (the compiler
# cache); an undetected one is explained as equivalent or reported as unexplained. Needs BUILD from make, the libraries, the reference simulators (chk, chk-tc) and the
# programs built.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
classify() { bash sim/mutate.sh --classify "$@"; }

printf 'sum 5050\n' > "$tmp/expect"
printf 'sum 5050\n- rtl_tb/tb_top.sv:161: Verilog $finish\n' > "$tmp/ref.out"
printf 'sum 5050\n- build/h16/mutate/adcs_no_carry_in/rtl_tb/tb_top.sv:161: Verilog $finish\n' > "$tmp/mut.out"
printf 'sum 5050\n- /abs/path/x/rtl_tb/tb_top.sv:7: Verilog $finish\n' > "$tmp/abs.out"
printf 'sum 5049\n- build/h16/mutate/x/rtl_tb/tb_top.sv:161: Verilog $finish\n' > "$tmp/bad.out"
printf 'sum 5050\n- rtl_tb/tb_top.sv:161: something else\n' > "$tmp/other.out"
check "passing output, reference core's \$finish notice: not caught" '[ "$(classify 0 "$tmp/ref.out" "$tmp/expect")" = no ]'
check "passing output, a mutant's \$finish notice (build/.../rtl_tb): not caught" '[ "$(classify 0 "$tmp/mut.out" "$tmp/expect")" = no ]'
check "passing output, an absolute tb_top.sv path: not caught" '[ "$(classify 0 "$tmp/abs.out" "$tmp/expect")" = no ]'
check "wrong output: caught" '[ "$(classify 0 "$tmp/bad.out" "$tmp/expect")" = yes ]'
check "a line that only looks like the notice is kept: caught" '[ "$(classify 0 "$tmp/other.out" "$tmp/expect")" = yes ]'
check "exit code 1 with the right output: caught" '[ "$(classify 1 "$tmp/ref.out" "$tmp/expect")" = yes ]'
check "timeout (124): caught" '[ "$(classify 124 "$tmp/ref.out" "$tmp/expect")" = yes ]'
printf 'tb_top: lockup at cycle 4242\n' > "$tmp/lockup.out"; : > "$tmp/empty"
check "a lockup the program expects (125, its notice dropped): not caught" '[ "$(classify 125 "$tmp/lockup.out" "$tmp/empty" 125)" = no ]'
check "exit 0 where the program expects a lockup: caught" '[ "$(classify 0 "$tmp/empty" "$tmp/empty" 125)" = yes ]'

# two real mutants, built and run by the campaign script itself
printf '%s\t%s\t%s\t%s\t%s\n' \
  "pc_trace_bit0" "rtl_tb/core/m0_core.sv" "tp_s.retire_pc = ex_q.pc;" "tp_s.retire_pc = ex_q.pc | 32'd1;" "trace port reports PC with bit 0 set" \
  "adcs_no_carry_in" "rtl_tb/core/m0_alu.sv" "I_ADC: res = add_with_carry(a, b, c_in);" "I_ADC: res = add_with_carry(a, b, 1'b0);" "ADCS ignores the carry in" \
  > "$tmp/mutants.tsv"
lib="$PWD/$BUILD/lib"
libs=("$lib/libarmv6m.a" "$lib/libtarmac.a" "-Wl,-rpath,$lib" "$lib/libtarmacchk.so")  # the campaign's link line
out="$BUILD/test-mutate"; rm -rf "$out"
table=$(bash sim/mutate.sh -j 2 --mutants "$tmp/mutants.tsv" --out "$out" "$BUILD" "$BUILD/programs" golden \
          "${libs[@]}" -- alu_add 2>&1); rc=$?
row() { grep "^$1 " <<<"$table" | tail -1; }
check "the campaign script ran (exit $rc)" '[ "$rc" -eq 0 ]'
check "the mutant's own \$finish notice names its copy of tb_top.sv" \
  'grep -q "^- .*mutate/pc_trace_bit0/rtl_tb/tb_top.sv:[0-9]*: Verilog \$finish$" "$out/pc_trace_bit0/file.alu_add.out"'
check "pc_trace_bit0: detected by lockstep in alu_add, exit no, only yes ($(row pc_trace_bit0 | cut -c1-70))" \
  '[ "$(row pc_trace_bit0 | awk "{print \$2, \$3, \$5, \$9, \$10}")" = "LOCKSTEP file alu_add no yes" ]'
check "adcs_no_carry_in: detected by lockstep in alu_add, exit yes, only no ($(row adcs_no_carry_in | cut -c1-70))" \
  '[ "$(row adcs_no_carry_in | awk "{print \$2, \$3, \$5, \$9, \$10}")" = "LOCKSTEP file alu_add yes no" ]'
check "the summary counts 2 detected, 1 by lockstep only" \
  'grep -q "2 of 2 mutants detected (100.0%), 2 by lockstep, 0 by an AHB-Lite assertion;.* 1 caught by lockstep only" <<<"$table"'
# the same mutants in snapshot mode (the checker compares the visibility port's registers instead of the writes)
for m in pc_trace_bit0 adcs_no_carry_in; do
  snap=$("$out/$m/obj/Vtb_top" +elf="$BUILD/programs/alu_add.elf" +tarmac_golden=golden/alu_add.tarmac.gz \
           +tarmac_regs=snapshot +waitstates=25 +seed=3 2>&1); src=$?
  check "$m: detected in snapshot mode too (exit $src)" \
    '[ "$src" -eq 3 ] && grep -q "MISMATCH #1 " <<<"$snap"'
done
# a mutant built again takes every object from the campaign's compiler cache (ccache, kept in $BUILD/ccache):
# the mechanism that lets make mutate build a hundred simulators in minutes
if command -v ccache > /dev/null; then
  # counted from this build's own statistics log: the cache's totals also count the builds of tests running beside
  grep -P '^pc_trace_bit0\t' "$tmp/mutants.tsv" > "$tmp/again.tsv"
  CCACHE_STATSLOG="$tmp/again.stats" bash sim/mutate.sh -j 1 --mutants "$tmp/again.tsv" --out "$out" "$BUILD" \
    "$BUILD/programs" golden "${libs[@]}" -- alu_add > "$tmp/again.log" 2>&1
  hits=$(grep -cx local_storage_hit "$tmp/again.stats" 2>/dev/null)
  misses=$(grep -cx cache_miss "$tmp/again.stats" 2>/dev/null)
  check "a mutant built a second time compiles nothing ($hits objects from the cache, $misses compiled)" \
    '[ "${hits:-0}" -ge 10 ] && [ "${misses:-1}" -eq 0 ] && grep -q "^pc_trace_bit0 *LOCKSTEP" "$out/summary.txt"'
else
  bad "no ccache: make deps installs it (the campaign needs it to build its mutants in time)"
fi
# an undetected mutant is explained by the list's "# equivalent <name>: <why>" line, or reported as unexplained
# (exc_return_decode on alu_add, which takes no exception: nothing can detect it there)
grep -P '^exc_return_decode\t' sim/mutants.tsv > "$tmp/miss.tsv"
{ echo "# equivalent exc_return_decode: planted reason"; cat "$tmp/miss.tsv"; } > "$tmp/miss_explained.tsv"
for list in miss miss_explained; do
  bash sim/mutate.sh -j 1 --mutants "$tmp/$list.tsv" --out "$out-miss" "$BUILD" "$BUILD/programs" golden \
    "${libs[@]}" -- alu_add > "$tmp/$list.log" 2>&1
done
check "an undetected mutant without a reason is reported as unexplained" \
  'grep -q "^undetected: exc_return_decode (MISSED): NOT EXPLAINED" "$tmp/miss.log" && grep -q "0 equivalent, 1 unexplained" "$tmp/miss.log"'
check "an undetected mutant with a reason is reported as equivalent, with it" \
  'grep -q "^undetected: exc_return_decode (MISSED): equivalent: planted reason" "$tmp/miss_explained.log" && grep -q "1 equivalent, 0 unexplained" "$tmp/miss_explained.log"'
# configurations: a protocol bug that only an AHB-Lite assertion sees; a tail-chaining bug that the file
# configuration's test misses and the tail-chaining configuration finds
grep -P '^(lsu_htrans_seq|tail_chain_equal_prio)\t' sim/mutants_sys.tsv > "$tmp/cfg.tsv"
cfg=$(bash sim/mutate.sh -j 2 --mutants "$tmp/cfg.tsv" --out "$out-cfg" \
        --config "file|||file|$BUILD/sim/chk/Vtb_top|alu_add" \
        --config "tc|-GTailChain=1 -GLateArrival=1||tc|$BUILD/sim/chk-tc/Vtb_top|tail_chain" \
        "$BUILD" "$BUILD/programs" golden "${libs[@]}" -- 2>&1)
check "lsu_htrans_seq: stopped by an AHB-Lite assertion in the file configuration" \
  'grep -q "^lsu_htrans_seq *ASSERT *file *SeqBusyNotSingle_A *alu_add " <<<"$cfg"'
check "tail_chain_equal_prio: missed by alu_add, detected by tail_chain in the tail-chaining configuration" \
  'grep -q "^tail_chain_equal_prio *LOCKSTEP *tc .* tail_chain " <<<"$cfg"'
check "the summary counts the detections by configuration" 'grep -q "by configuration: file 1, tc 1;" <<<"$cfg"'
# a test the unmutated reference fails would "detect" every mutant that reaches it: the campaign stops before
# building any, naming the configuration and the test (here alu_add's golden is hello's)
mkdir -p "$tmp/badgold"; cp golden/hello.tarmac.gz "$tmp/badgold/alu_add.tarmac.gz"
refbad=$(bash sim/mutate.sh -j 1 --mutants "$tmp/cfg.tsv" --out "$out-ref" \
           --config "file|||file|$BUILD/sim/chk/Vtb_top|alu_add" "$BUILD" "$BUILD/programs" "$tmp/badgold" \
           "${libs[@]}" -- 2>&1); rc=$?
check "a test the reference fails stops the campaign (exit $rc) before any mutant is built" \
  '[ "$rc" -eq 2 ] && [ ! -d "$out-ref/lsu_htrans_seq" ]'
check "it names the configuration and the test" \
  'grep -q "the unmutated reference fails configuration file, test alu_add " <<<"$refbad"'
# every mutant of the campaign still applies: its original text occurs exactly once in its file (a change to the
# RTL that moves or copies a line must re-anchor the mutant, or make mutate stops with an error)
stale=$(python3 - <<'PY'
for lst in ("sim/mutants.tsv", "sim/mutants_sys.tsv"):
    for line in open(lst):
        if line.startswith("#") or not line.strip():
            continue
        name, path, orig = line.rstrip("\n").split("\t")[:3]
        n = open(path).read().count(orig.replace("\\n", "\n"))
        if n != 1:
            print(f"{name} ({path}: {n} places)")
PY
)
check "every mutant of both lists applies to exactly one place${stale:+: not }$(tr '\n' ' ' <<<"$stale")" '[ -z "$stale" ]'
# a pattern that does not occur exactly once is an error, not a silent skip
printf 'nowhere\trtl_tb/core/m0_core.sv\tNO SUCH TEXT\tx\tnothing\n' > "$tmp/bad.tsv"
bash sim/mutate.sh -j 1 --mutants "$tmp/bad.tsv" --out "$out-bad" "$BUILD" "$BUILD/programs" golden \
  "${libs[@]}" -- alu_add > "$tmp/bad.log" 2>&1; brc=$?
check "a mutant whose pattern does not apply fails the campaign, saying how often it occurs (exit $brc)" \
  '[ "$brc" -ne 0 ] && grep -q "nowhere .*ERROR.*pattern found 0 times" "$tmp/bad.log"'
[ "$fail" -eq 0 ] || echo "$table" | tail -8
summary
