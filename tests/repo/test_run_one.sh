#!/usr/bin/env bash
# The runner of `make test` itself: tests/run_one.sh reads a script's "N passed, N failed[, N skipped]" line into
# its result file, and tests/test_summary.sh adds the result files up, exiting non-zero on a failure, a broken test
# (no summary, or a non-zero exit with nothing failed) or a missing result.
set -u
cd "$(dirname "$0")/../.."
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
script() { printf '#!/usr/bin/env bash\n%s\n' "$2" > "$tmp/$1.sh"; }
script skips 'echo "4 passed, 0 failed, 3 skipped"'
script plain 'echo "noise 9 passed, 9 failed"; echo "5 passed, 0 failed"'
script fails 'echo "2 passed, 1 failed"; exit 1'
script silent 'exit 0'
script liar 'echo "1 passed, 0 failed"; exit 3'
for t in skips plain fails silent liar; do bash tests/run_one.sh "$tmp/$t.sh" "$tmp/r/$t" > "$tmp/$t.out"; done
row() { cut -d' ' -f1-4 "$tmp/r/$1"; }
check "a skipped count is read as a number ($(row skips))" '[ "$(row skips)" = "4 0 3 0" ]'
check "the last summary line counts ($(row plain))" '[ "$(row plain)" = "5 0 0 0" ]'
check "a failure is counted ($(row fails))" '[ "$(row fails)" = "2 1 0 0" ]'
check "no summary line is broken ($(row silent))" '[ "$(row silent)" = "0 0 0 1" ]'
check "a non-zero exit with nothing failed is broken ($(row liar))" '[ "$(row liar)" = "1 0 0 1" ]'
bash tests/test_summary.sh "$tmp/r/skips" "$tmp/r/plain" > "$tmp/sum" 2>&1; rc=$?
check "green results: exit 0, one clean final line (exit $rc: $(tail -n1 "$tmp/sum"))" \
  '[ "$rc" -eq 0 ] && [ "$(tail -n1 "$tmp/sum")" = "9 passed, 0 failed, 3 skipped" ] && ! grep -q "error" "$tmp/sum"'
bash tests/test_summary.sh "$tmp/r/skips" "$tmp/r/fails" "$tmp/r/silent" "$tmp/r/none" > "$tmp/sum" 2>&1; rc=$?
check "a failure, a broken test and a missing result: exit 1, 3 failed (exit $rc: $(tail -n1 "$tmp/sum"))" \
  '[ "$rc" -ne 0 ] && [ "$(tail -n1 "$tmp/sum")" = "6 passed, 3 failed, 3 skipped" ]'
summary
