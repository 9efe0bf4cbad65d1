#!/usr/bin/env bash
# Every firmware program on the model (and, for the ones QEMU's microbit can run, on QEMU): exit code 0 and
# the console output of tests/programs/<name>.expect. Needs BUILD, PROGRAMS, QEMU_PROGRAMS from make.
set -u
pass=0; fail=0
check() { # name, what, exit code, output file
  if [ "$3" -eq 0 ] && cmp -s "$4" "tests/programs/$1.expect"; then pass=$((pass + 1)); echo "ok   $1 on $2"
  else fail=$((fail + 1)); echo "FAIL $1 on $2: exit $3"; diff "$4" "tests/programs/$1.expect" | head -5; fi
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for p in $PROGRAMS; do
  timeout 60 "$BUILD/bin/armv6m-iss" --quiet "$BUILD/programs/$p.elf" > "$tmp/out" 2>&1
  check "$p" model $? "$tmp/out"
done
for p in $QEMU_PROGRAMS; do
  # QEMU writes semihosting console output to stderr
  timeout 60 qemu-system-arm -M microbit -display none -monitor none -serial null -semihosting \
    -kernel "$BUILD/programs/$p.elf" > /dev/null 2> "$tmp/out"
  check "$p" qemu $? "$tmp/out"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
