#!/usr/bin/env bash
# QEMU's microbit (Cortex-M0) as an independent oracle: each program QEMU can run is single-stepped with the
# register state logged before every instruction, and compared with the model's golden trace.
# Needs BUILD and ORACLE_PROGRAMS from make.
set -u
pass=0; fail=0; total=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for p in $ORACLE_PROGRAMS; do
  elf="$BUILD/programs/$p.elf"
  timeout 120 qemu-system-arm -M microbit -display none -monitor none -serial null -semihosting -singlestep \
    -d exec,cpu,nochain -D "$tmp/$p.log" -kernel "$elf" > /dev/null 2>&1
  "$BUILD/bin/armv6m-iss" --quiet --tarmac "$tmp/$p.tarmac" "$elf" > /dev/null 2>&1
  if out=$("$BUILD/bin/qemu-compare" "$tmp/$p.log" "$tmp/$p.tarmac" 2>&1); then
    pass=$((pass + 1)); n=$(sed -n 's/.*: \([0-9]*\) instructions compared.*/\1/p' <<<"$out"); total=$((total + n))
    echo "ok   $p: $n instructions, no divergence"
  else
    fail=$((fail + 1)); echo "FAIL $p"; echo "$out" | head -5
  fi
  rm -f "$tmp/$p.log" "$tmp/$p.tarmac"
done
echo "oracle: $total instructions compared against QEMU"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
