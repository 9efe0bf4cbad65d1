#!/usr/bin/env bash
# Runs every GoogleTest binary (arguments before "--") and every test script (after "--"),
# then prints one line "N passed, N failed[, N skipped]" and exits non-zero on any failure.
# A test script prints its own "N passed, N failed[, N skipped]" line as its last line.
set -u
bins=(); scripts=(); seen_sep=0
for a in "$@"; do
  if [ "$a" = "--" ]; then seen_sep=1; continue; fi
  if [ $seen_sep -eq 0 ]; then bins+=("$a"); else scripts+=("$a"); fi
done
passed=0; failed=0; skipped=0; broken=0
count() { # $1 = file with "N passed, N failed[, N skipped]" as its last such line
  local l; l=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n1)
  if [ -z "$l" ]; then return 1; fi
  passed=$((passed + $(sed -E 's/^([0-9]+) passed.*/\1/' <<<"$l")))
  failed=$((failed + $(sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/' <<<"$l")))
  if grep -q skipped <<<"$l"; then skipped=$((skipped + $(sed -E 's/.*, ([0-9]+) skipped.*/\1/' <<<"$l"))); fi
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for b in "${bins[@]}"; do
  name=$(basename "$b")
  json="$tmp/$name.json"
  echo "== $name"
  "$b" --gtest_brief=1 --gtest_output="json:$json" 2>&1 | tail -n 200
  rc=${PIPESTATUS[0]}
  if [ -f "$json" ]; then
    p=$(python3 -c 'import json,sys
d=json.load(open(sys.argv[1])); t=s=f=0
for suite in d.get("testsuites",[]):
  for c in suite.get("testsuite",[]):
    if c.get("failures"): f+=1
    elif c.get("result")=="SKIPPED": s+=1
    else: t+=1
print(t,f,s)' "$json")
    read -r tp tf ts <<<"$p"
    passed=$((passed+tp)); failed=$((failed+tf)); skipped=$((skipped+ts))
    if [ "$rc" -ne 0 ] && [ "$tf" -eq 0 ]; then echo "!! $name exited $rc with no failed test"; broken=$((broken+1)); fi
  else
    echo "!! $name exited $rc without a report"; broken=$((broken+1))
  fi
done
for s in "${scripts[@]}"; do
  name=$(basename "$s")
  echo "== $name"
  bash "$s" >"$tmp/$name.out" 2>&1; rc=$?
  tail -n 40 "$tmp/$name.out"
  if ! count "$tmp/$name.out"; then echo "!! $name printed no summary (exit $rc)"; broken=$((broken+1));
  elif [ $rc -ne 0 ] && ! grep -qE '^[0-9]+ passed, [1-9]' "$tmp/$name.out"; then echo "!! $name exited $rc"; broken=$((broken+1)); fi
done
failed=$((failed+broken))
line="$passed passed, $failed failed"
[ $skipped -gt 0 ] && line="$line, $skipped skipped"
echo "$line"
[ $failed -eq 0 ]
