#!/usr/bin/env bash
# The end of `make test`: adds up the result files tests/run_one.sh wrote (arguments), lists the failed tests with
# their logs and the slowest ten, then prints the one line "N passed, N failed[, N skipped]" and exits non-zero on
# any failure. A test with no result file (it never ran) counts as failed.
set -u
passed=0; failed=0; skipped=0; rows=""
for r in "$@"; do
  if [ ! -f "$r" ]; then echo "!! no result: $r"; failed=$((failed + 1)); continue; fi
  read -r p f s b secs name < "$r"
  passed=$((passed + p)); failed=$((failed + f + b)); skipped=$((skipped + s))
  [ $((f + b)) -gt 0 ] && echo "failed: $name (log: $r.log)"
  rows+="$secs $name"$'\n'
done
echo "slowest tests (seconds):"
printf '%s' "$rows" | sort -rn | head -n 10 | sed 's/^/  /'
line="$passed passed, $failed failed"
[ "$skipped" -gt 0 ] && line="$line, $skipped skipped"
echo "$line"
[ "$failed" -eq 0 ]
