#!/usr/bin/env bash
# Every firmware program on the model (and, for the ones QEMU's microbit can run, on QEMU): exit code 0 and
# the console output of tests/programs/<name>.expect. Needs BUILD, PROGRAMS, QEMU_PROGRAMS from make.
set -u
. tests/lib/check.sh
check_program() { # name, what, exit code, output file
  if [ "$3" -eq 0 ] && cmp -s "$4" "tests/programs/$1.expect"; then ok "$1 on $2"
  else bad "$1 on $2: exit $3"; diff "$4" "tests/programs/$1.expect" | head -5; fi
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for p in $PROGRAMS; do
  timeout 60 "$BUILD/bin/armv6m-iss" --quiet "$BUILD/programs/$p.elf" > "$tmp/out" 2>&1
  check_program "$p" model $? "$tmp/out"
done
for p in $QEMU_PROGRAMS; do
  # QEMU writes semihosting console output to stderr
  timeout 60 qemu-system-arm -M microbit -display none -monitor none -serial null -semihosting \
    -kernel "$BUILD/programs/$p.elf" > /dev/null 2> "$tmp/out"
  check_program "$p" qemu $? "$tmp/out"
done
summary
