#!/usr/bin/env bash
# Runs one test of `make test` and records its outcome: a GoogleTest binary (counted from its JSON report) or a
# script (whose last "N passed, N failed[, N skipped]" line counts). Usage: run_one.sh <test> <result file>.
# Writes <result>.log (the output) and <result> ("passed failed skipped broken seconds name"), prints a header
# line with the time and the test's tail, and exits 0: a failing test is counted by tests/test_summary.sh, so
# that make goes on with the others.
set -u
test=$1; result=$2; name=${test#./}
mkdir -p "$(dirname "$result")"
log=$result.log; json=$result.json
rm -f "$json"
start=$(date +%s.%N)
if [[ $test == *.sh ]]; then
  bash "$test" > "$log" 2>&1; rc=$?
else
  "$test" --gtest_brief=1 --gtest_output="json:$json" > "$log" 2>&1; rc=$?
fi
secs=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
passed=0; failed=0; skipped=0; broken=0
if [[ $test == *.sh ]]; then
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n1)
  if [ -z "$line" ]; then echo "!! $name printed no summary (exit $rc)" >> "$log"; broken=1
  else
    read -r passed failed skipped <<<"$(sed -E 's/^([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?.*/\1 \2 \4/' <<<"$line")"
    skipped=${skipped:-0}
    if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then echo "!! $name exited $rc" >> "$log"; broken=1; fi
  fi
elif [ -f "$json" ]; then
  read -r passed failed skipped <<<"$(python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); t=s=f=0
for suite in d.get("testsuites",[]):
  for c in suite.get("testsuite",[]):
    if c.get("failures"): f+=1
    elif c.get("result")=="SKIPPED": s+=1
    else: t+=1
print(t,f,s)' "$json")"
  if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then echo "!! $name exited $rc with no failed test" >> "$log"; broken=1; fi
else
  echo "!! $name exited $rc without a report" >> "$log"; broken=1
fi
echo "$passed $failed $skipped $broken $secs $name" > "$result.tmp" && mv "$result.tmp" "$result"
{ echo "== $name (${secs} s): $passed passed, $failed failed$([ "$skipped" -gt 0 ] && echo ", $skipped skipped")$([ "$broken" -gt 0 ] && echo ", BROKEN")"
  if [ "$failed" -gt 0 ] || [ "$broken" -gt 0 ]; then tail -n 60 "$log"; fi; } 
exit 0
