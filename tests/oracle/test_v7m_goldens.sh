#!/usr/bin/env bash
# Every ARMv7-M golden is well-formed: for each ARMv7-M item of ORACLE_PROGRAMS (<elf under BUILD>@<QEMU
# machine>@<model configuration>), the model writes the gzip golden with that configuration and
# `tarmac-diff --check` reads it without a bad line and counts the instructions the model retired.
# Needs BUILD and ORACLE_PROGRAMS from make.
set -u
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for item in $ORACLE_PROGRAMS; do
  IFS=@ read -r p machine config <<<"$item"
  [ -n "$config" ] || continue
  elf="$BUILD/$p.elf"; g="$tmp/golden.tarmac.gz"
  if ! "$BUILD/bin/armv6m-iss" --config "$config" --tarmac "$g" "$elf" > /dev/null 2> "$tmp/iss.err"; then
    fail=$((fail + 1)); echo "FAIL $p: the model failed"; head -3 "$tmp/iss.err"; continue
  fi
  n=$(sed -n 's/.*: \([0-9]*\) instructions.*/\1/p' "$tmp/iss.err")
  out=$("$BUILD/bin/tarmac-diff" --check "$g" 2>&1)
  if [[ "$out" == *" 0 bad lines, $n instructions: ok" ]]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL $p ($config): the model retired $n instructions; tarmac-diff --check: $out"
  fi
done
echo "$pass passed, $fail failed"
[ "$pass" -gt 0 ] && [ "$fail" -eq 0 ]
