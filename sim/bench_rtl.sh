#!/usr/bin/env bash
# Reference core benchmark, measured in this run: simulated cycles/s without the checker and with the lockstep
# checker attached, on the same long program, and the ratio (target <= 1.10). The two builds run alternately,
# RUNS times each, and the best rate of each counts (the least disturbed by the rest of the machine). Prints
# numbers; never fails on them. usage: bench_rtl.sh <plain Vtb_top> <checker Vtb_top> <elf> <golden>
set -eu
runs=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rate() { sed -n 's/.*, \([0-9.]*\) M cycles\/s.*/\1/p' "$1"; }
best() { sort -g | tail -1; }
for i in $(seq "$runs"); do
    "$1" +elf="$3" > /dev/null 2> "$tmp/plain"
    rate "$tmp/plain" >> "$tmp/plain.rates"
    "$2" +elf="$3" +tarmac_golden="$4" > /dev/null 2> "$tmp/chk"
    rate "$tmp/chk" >> "$tmp/chk.rates"
done
p=$(best < "$tmp/plain.rates"); c=$(best < "$tmp/chk.rates")
echo "reference core benchmark ($(basename "$3"), best of $runs alternating runs each)"
echo "  without checker: $p M cycles/s (target >= 2)   runs: $(tr '\n' ' ' < "$tmp/plain.rates")"
echo "  with checker:    $c M cycles/s                 runs: $(tr '\n' ' ' < "$tmp/chk.rates")"
awk -v p="$p" -v c="$c" 'BEGIN { printf "  slowdown with the checker: %.2fx (target <= 1.10)\n", p / c }'
