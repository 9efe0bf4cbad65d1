#!/usr/bin/env bash
# Reference core benchmark, measured in this run: simulated cycles/s without the checker and with the lockstep
# checker attached, on the same long program, and the ratio (target <= 1.10). Prints numbers; never fails on them.
# usage: bench_rtl.sh <plain Vtb_top> <checker Vtb_top> <elf> <golden>
set -eu
rate() { sed -n 's/.*, \([0-9.]*\) M cycles\/s.*/\1/p' "$1"; }
"$1" +elf="$3" > /dev/null 2> /tmp/bench_rtl_plain.$$
"$2" +elf="$3" +tarmac_golden="$4" > /dev/null 2> /tmp/bench_rtl_chk.$$
p=$(rate /tmp/bench_rtl_plain.$$); c=$(rate /tmp/bench_rtl_chk.$$)
echo "reference core benchmark ($(basename "$3"))"
echo "  without checker: $p M cycles/s (target >= 2)"
echo "  with checker:    $c M cycles/s"
awk -v p="$p" -v c="$c" 'BEGIN { printf "  slowdown with the checker: %.2fx (target <= 1.10)\n", p / c }'
rm -f /tmp/bench_rtl_plain.$$ /tmp/bench_rtl_chk.$$
