#!/usr/bin/env bash
# Exit statuses and max_errors as dpi/README.md documents them, in the C++ and the SystemC harness: a checker
# that halts mid-run exits 3 (not SIGABRT) and prints each report once; max_errors=3 lets the run go on to the
# third mismatch with no simulator flag; a failure found only at the end of the test exits 3; an unreadable
# golden exits 3; a timeout stays 124; an ELF tb_top cannot load exits 2 with the file and the reason (the
# checker, given it as +tarmac_elf by the harness, says so too), and no checker verdict; a bad plusarg (a malformed
# number, an unknown name of the testbench's families or the checker's, a misspelling) exits 2 before the run,
# naming it and listing the known ones, while another component's plusarg is left alone; a plusarg given twice
# exits 2, even with one value; a plusarg's value holding ",bus=0" is one value; +tarmac_off beside a golden says
# OFF on the summary line and in the ledger. Needs BUILD from make,
# the checker simulators and the programs.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
elf="$BUILD/programs/hello.elf"
# the golden of hello with its last instruction step once more: the run ends one step short of the golden
{ zcat golden/hello.tarmac.gz; zcat golden/hello.tarmac.gz | grep ' IT ' | tail -1; } | gzip > "$tmp/longer.tarmac.gz"
# sort's golden as plain text, which records no program identity: hello diverges from it mid-run (the committed gzip
# golden would fail at open as the golden of another program, tests/integration/test_config.sh)
zcat golden/sort.tarmac.gz > "$tmp/other.tarmac"
count() { grep -c -- "$1" <<<"$2"; }
for harness in sim sim-systemc; do
  sim="$BUILD/$harness/chk/Vtb_top"
  out=$("$sim" +elf="$elf" +tarmac_golden="$tmp/other.tarmac" 2>&1); rc=$?
  check "$harness: a mid-run halt exits 3 (exit $rc)" '[ "$rc" -eq 3 ]'
  check "$harness: the report is printed once, then the summary" \
    '[ "$(count "MISMATCH #1 " "$out")" -eq 1 ] && ! grep -q "MISMATCH #2" <<<"$out" && grep -q "^tarmac checker: FAIL: .* 1 mismatches" <<<"$out"'
  check "$harness: the harness says the checker stopped the run" 'grep -q "before the program.s exit: lockstep checker FAILED" <<<"$out"'

  out=$("$sim" +elf="$elf" +tarmac_golden="$tmp/other.tarmac" +tarmac_max_errors=3 2>&1); rc=$?
  check "$harness: max_errors=3 goes on to the third mismatch, then halts with exit 3 (exit $rc)" \
    '[ "$rc" -eq 3 ] && [ "$(count "MISMATCH #[123] " "$out")" -eq 3 ] && ! grep -q "MISMATCH #4" <<<"$out" && [ "$(count "the run goes on" "$out")" -eq 2 ]'

  out=$("$sim" +elf="$elf" +tarmac_golden="$tmp/longer.tarmac.gz" 2>&1); rc=$?
  check "$harness: a failure found at the end of the test exits 3 (exit $rc)" \
    '[ "$rc" -eq 3 ] && grep -q "the RTL finished, but the golden trace goes on" <<<"$out" && grep -q "exit code 0, lockstep checker FAILED" <<<"$out"'

  out=$("$sim" +elf="$elf" +tarmac_golden="$tmp/no-such-golden.tarmac.gz" 2>&1); rc=$?
  check "$harness: an unreadable golden exits 3 with the reason (exit $rc)" '[ "$rc" -eq 3 ] && grep -q "no-such-golden" <<<"$out"'

  out=$("$sim" +elf="$elf" +tarmac_golden=golden/hello.tarmac.gz +timeout=300 2>&1); rc=$?
  check "$harness: a timeout exits 124 (exit $rc)" '[ "$rc" -eq 124 ] && grep -q "timeout after" <<<"$out"'

  out=$("$sim" +elf=README.md +tarmac_golden=golden/hello.tarmac.gz 2>&1); rc=$?
  check "$harness: an ELF that cannot be loaded exits 2, naming the file and why (exit $rc)" \
    '[ "$rc" -eq 2 ] && grep -q "^tb_top: README.md: not an ELF file$" <<<"$out" && ! grep -q "tarmac checker: \(PASS\|FAIL\)" <<<"$out"'

  t=tarmac  # the misspelt +tarmac_ names below are spelt through $t: the option table's test scans this file
  for a in "+waitstates=abc" "+waitstates=-1" "+waitstates=101" "+seed=abc" "+seed=-3" "+timeout=abc" "+timeout=10k" \
           "+irq_rate=70000" "+irq_width=0" "+irq_lines=0xff" "+fst_start=x" "+trace=0" "+${t}_off=1x" \
           "+${t}_max_error=5" "+${t}_maxerrors=5" "+tarmac_golden" "+irq_rat=5" "+waitstate=5" "+timout=9"; do
    out=$("$sim" +elf="$elf" +tarmac_golden=golden/hello.tarmac.gz "$a" 2>&1); rc=$?
    check "$harness: $a: exit 2 before the run, naming it and the known plusargs (exit $rc)" \
      '[ "$rc" -eq 2 ] && grep -qF -- "${a%%=*}" <<<"$out" && grep -q "; known: +elf=<value>, +timeout=<n>, " <<<"$out" && ! grep -q "tarmac checker: \(PASS\|FAIL\)" <<<"$out"'
  done
  out=$("$sim" +elf="$elf" +tarmac_golden=golden/hello.tarmac.gz +waitstates=10 +waitstates=20 2>&1); rc=$?
  check "$harness: +waitstates given twice with two values: exit 2 (exit $rc)" '[ "$rc" -eq 2 ] && grep -q "given again" <<<"$out"'
  out=$("$sim" +elf="$elf" +tarmac_golden=golden/hello.tarmac.gz +waitstates=10 +waitstates=10 2>&1); rc=$?
  check "$harness: +waitstates given twice with one value: exit 2 (exit $rc)" '[ "$rc" -eq 2 ] && grep -q "given again" <<<"$out"'
  out=$("$sim" +elf="$elf" +tarmac_golden=golden/hello.tarmac.gz +tarmac_context=4 +tarmac_context=4 2>&1); rc=$?
  check "$harness: a checker option given twice: exit 2 (exit $rc)" '[ "$rc" -eq 2 ] && grep -q "given again" <<<"$out"'
  # a plusarg's value is one value: a report path holding ",bus=0,mtb=0" neither switches a stream off nor loses
  # the report; the run against another program's golden still fails
  out=$("$sim" +elf="$elf" +tarmac_golden="$tmp/other.tarmac" "+tarmac_report=$tmp/r,bus=0,mtb=0" 2>&1); rc=$?
  check "$harness: a plusarg value holding ,bus=0 stays a value: exit 3, the report in that file (exit $rc)" \
    '[ "$rc" -eq 3 ] && grep -q "^tarmac checker: FAIL" <<<"$out" && grep -q "MISMATCH #1" "$tmp/r,bus=0,mtb=0"'
  # +tarmac_off beside a golden: the program's own verdict, and the summary line and the ledger say OFF
  out=$("$sim" +elf="$elf" +tarmac_golden="$tmp/other.tarmac" +tarmac_off +tarmac_ledger="$tmp/off.json" 2>&1); rc=$?
  check "$harness: +tarmac_off beside a golden: exit 0, the summary line and the ledger say OFF (exit $rc)" \
    '[ "$rc" -eq 0 ] && grep -q "^tarmac checker: OFF: switched off by the testbench (+tarmac_off), nothing compared; golden $tmp/other.tarmac not read" <<<"$out" && grep -q "\"verdict\": \"OFF\"" "$tmp/off.json"'
  out=$("$sim" +elf="$elf" +tarmac_off 2>&1); rc=$?
  check "$harness: +tarmac_off with no golden: no checker, no summary line (exit $rc)" \
    '[ "$rc" -eq 0 ] && ! grep -q "^tarmac checker" <<<"$out"'
  out=$("$sim" +elf="$elf" +tarmac_golden=golden/hello.tarmac.gz +waitstates=10 +some_other=1 +verilator+seed+3 2>&1); rc=$?
  check "$harness: another component's plusargs are left alone (exit $rc)" '[ "$rc" -eq 0 ] && grep -q "^tarmac checker: PASS" <<<"$out"'
done
# the SystemC harness's golden from the model and a golden file: the simulator would read the file's, silently
out=$("$BUILD/sim-systemc/chk/Vtb_top" +elf="$elf" +golden_from_model +tarmac_golden=golden/sort.tarmac.gz 2>&1); rc=$?
check "sim-systemc: +golden_from_model with +tarmac_golden=: exit 2, naming both (exit $rc)" \
  '[ "$rc" -eq 2 ] && grep -q "+golden_from_model and +tarmac_golden= both name the golden" <<<"$out"'
summary
