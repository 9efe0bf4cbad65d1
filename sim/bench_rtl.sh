#!/usr/bin/env bash
# Reference core benchmark, measured in this run on the same long program: simulated cycles/s of the plain build
# (no checker compiled in), of the checker build with the checker off (+tarmac_off), with it attached to the golden
# file (file mode) and with the model running inside it (live mode, golden=live:<elf>), and the slowdown ratios
# (target <= 1.10; live mode against file mode: target <= 1.05). Two Verilator builds of different sources differ in code layout by several
# percent whatever the checker does, so the ratio within the checker build (checker off vs on, the same binary)
# is printed too. The runs alternate, RUNS times each; the best rate of each counts (the least disturbed by the
# rest of the machine). Prints numbers; never fails on them.
# usage: bench_rtl.sh <plain Vtb_top> <checker Vtb_top> <elf> <golden>
set -eu
runs=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rate() { sed -n 's/.*, \([0-9.]*\) M cycles\/s.*/\1/p' "$1"; }
best() { sort -g | tail -1; }
for i in $(seq "$runs"); do
    "$1" +elf="$3" > /dev/null 2> "$tmp/out"
    rate "$tmp/out" >> "$tmp/plain"
    "$2" +elf="$3" +tarmac_off > /dev/null 2> "$tmp/out"
    rate "$tmp/out" >> "$tmp/off"
    "$2" +elf="$3" +tarmac_golden="$4" > /dev/null 2> "$tmp/out"
    rate "$tmp/out" >> "$tmp/chk"
    "$2" +elf="$3" +tarmac_golden="live:$3" > /dev/null 2> "$tmp/out"
    rate "$tmp/out" >> "$tmp/live"
done
p=$(best < "$tmp/plain"); o=$(best < "$tmp/off"); c=$(best < "$tmp/chk"); l=$(best < "$tmp/live")
runs_of() { tr '\n' ' ' < "$tmp/$1"; }
echo "reference core benchmark ($(basename "$3"), best of $runs alternating runs each)"
echo "  plain build (no checker):       $p M cycles/s (target >= 2)   runs: $(runs_of plain)"
echo "  checker build, +tarmac_off:     $o M cycles/s                 runs: $(runs_of off)"
echo "  checker build, checker on:      $c M cycles/s                 runs: $(runs_of chk)"
echo "  checker on in live mode:        $l M cycles/s                 runs: $(runs_of live)"
awk -v p="$p" -v o="$o" -v c="$c" -v l="$l" 'BEGIN {
  printf "  slowdown with the checker vs the plain build:  %.2fx (target <= 1.10)\n", p / c;
  printf "  slowdown with the checker in the same binary:  %.2fx\n", o / c;
  printf "  live mode vs file mode (same binary):          %.2fx (target <= 1.05)\n", c / l;
  printf "  slowdown with the checker in live mode vs the plain build: %.2fx\n", p / l;
}'
