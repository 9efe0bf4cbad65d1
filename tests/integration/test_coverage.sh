#!/usr/bin/env bash
# Coverage end to end (dpi/README.md, "Coverage"): two programs in lockstep on the reference core, each writing
# the checker's coverage file (+tarmac_coverage=, which the nightly runner gives every test); the runner merges them
# with tarmac-cov into the summary, the HTML page and a merged file that merges again. Needs BUILD from make.
set -u
. tests/lib/check.sh
cov="$BUILD/bin/tarmac-cov"; out="$BUILD/regress/test-coverage"
rm -rf "$out"
r=$(python3 sim/nightly.py --set nightly --only file/svc --only file/mtb_flow --no-build -j 2 --out "$out" 2>&1)
echo "$r" | tail -3
svc="$out/file/svc/coverage.cov"; mtb="$out/file/mtb_flow/coverage.cov"
check "both programs pass in lockstep" 'tail -1 <<<"$r" | grep -q "^2 passed, 0 failed$"'
check "each wrote its coverage file, marked passed" \
  'grep -qx "# failed 0" "$svc" && grep -qx "# failed 0" "$mtb"'
"$cov" merge "$svc" --text "$out/svc.coverage.txt" > /dev/null
check "one file's own summary, with its holes listed" \
  'grep -q "^coverage: [0-9]* of [0-9]* bins hit" "$out/svc.coverage.txt" && grep -qx "  exception.NMI.entered" "$out/svc.coverage.txt"'
hits() { awk -F'\t' -v b="$2" '$1 == b { print $2 }' "$1"; }
check "svc's file: SVCall entered 3 times (its golden's CoreEvent_SVCALL lines)" \
  '[ "$(hits "$svc" exception.SVCall.entered)" = "$(zcat golden/svc.tarmac.gz | grep -c CoreEvent_SVCALL)" ]'
check "mtb_flow's file: the watermark with AUTOSTOP and with AUTOHALT compared" \
  '[ "$(hits "$mtb" mtb.watermark_autostop)" -gt 0 ] && [ "$(hits "$mtb" mtb.watermark_autohalt)" -gt 0 ]'
# the merge is the sum, bin by bin
sum_ok=$(awk -F'\t' '/^#/ { next } FILENAME == ARGV[1] || FILENAME == ARGV[2] { s[$1] += $2; next }
  { if (s[$1] != $2) bad++; n++ } END { print (n > 400 && !bad) ? "yes" : "no" }' \
  "$svc" "$mtb" "$out/coverage.tsv")
check "coverage.tsv is the sum of the two files, bin by bin" '[ "$sum_ok" = yes ]'
check "coverage.tsv counts 2 tests" 'grep -qx "# tests 2" "$out/coverage.tsv"'
bins=$(grep -vc '^#' "$out/coverage.tsv")
hit=$(awk -F'\t' '!/^#/ && $2 > 0' "$out/coverage.tsv" | wc -l)
check "the summary's total line: $hit of $bins bins hit" \
  'grep -q "^coverage: $hit of $bins bins hit, [0-9]* explained, [0-9]* holes$" "$out/coverage.txt"'
check "the summary lists a bin neither program reaches as a hole (exception.NMI.entered)" \
  'sed -n "/^holes/,/^explained/p" "$out/coverage.txt" | grep -qx "  exception.NMI.entered"'
check "an out-of-reach hole is listed apart, with its reason" \
  'grep -q "^  exception.entered_tail_chained: tail_chain=0" "$out/coverage.txt"'
check "the HTML page: one row per bin, holes marked, the reason shown" \
  '[ "$(grep -c "^<tr class=" "$out/coverage.html")" -eq "$bins" ] && grep -q "<tr class=\"hole\"><td>NMI.entered</td><td class=n>0</td>" "$out/coverage.html" &&
   grep -q "<tr class=\"explained\"><td>entered_tail_chained</td>" "$out/coverage.html"'
# farm jobs: merged files merge again
"$cov" merge "$out/coverage.tsv" "$out/coverage.tsv" -o "$out/twice.tsv" > /dev/null
check "a merged file merges again (tests 4, every count doubled)" \
  'grep -qx "# tests 4" "$out/twice.tsv" && [ "$(hits "$out/twice.tsv" exception.SVCall.entered)" -eq $((2 * $(hits "$out/coverage.tsv" exception.SVCall.entered))) ]'
"$cov" merge "$out/coverage.tsv" --fail-on-holes > /dev/null; rc=$?
check "--fail-on-holes: exit 1 with holes left (exit $rc)" '[ "$rc" -eq 1 ]'
printf '# tarmac-cov 1\n# tests 1\nencoding.nop_t1\tmany\n' > "$out/bad.cov"
msg=$("$cov" merge "$out/bad.cov" 2>&1); rc=$?
check "a malformed file: exit 2 naming file:line (exit $rc)" \
  '[ "$rc" -eq 2 ] && grep -q "bad.cov:3: expected <bin><TAB><hits>" <<<"$msg"'
summary
