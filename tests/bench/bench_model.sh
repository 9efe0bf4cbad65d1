#!/usr/bin/env bash
# Model benchmark, all measured in this run, for ARMv6-M and then ARMv7-M (the same workload built for the
# Cortex-M3, run with its configuration): untraced MIPS on a long workload, MIPS while writing a gzip golden, and
# the throughput of `gzip -1` on the same uncompressed trace bytes; then ARMv7-M's untraced speed against
# ARMv6-M's. Prints numbers and ratios; never fails on them.
# usage: bench_model.sh <armv6m-iss> <long elf> <short elf> <work dir> [<v7-M long elf> <v7-M short elf> <config>]
set -eu
iss=$1; dir=$4
mkdir -p "$dir"
now() { date +%s.%N; }
insns() { sed -n 's/.*: \([0-9]*\) instructions.*/\1/p' "$1"; }
# measure <label> <long elf> <short elf> [--config <text>]: prints the section, leaves the untraced MIPS in $mips
measure() {
    local label=$1 long=$2 short=$3; shift 3
    # untraced: the best of three runs (the least disturbed by the rest of the machine)
    local t0=0 t1=999999 a b
    for i in 1 2 3; do
        a=$(now); "$iss" "$@" "$long" > /dev/null 2> "$dir/long.err"; b=$(now)
        if awk -v a="$a" -v b="$b" -v t0="$t0" -v t1="$t1" 'BEGIN { exit !(b - a < t1 - t0) }'; then t0=$a; t1=$b; fi
    done
    local n_long t2 t3 n_short bytes t4 t5
    n_long=$(insns "$dir/long.err")
    t2=$(now); "$iss" "$@" --tarmac "$dir/short.tarmac.gz" "$short" > /dev/null 2> "$dir/short.err"; t3=$(now)
    n_short=$(insns "$dir/short.err")
    "$iss" "$@" --tarmac "$dir/short.tarmac" "$short" > /dev/null 2>&1
    bytes=$(stat -c %s "$dir/short.tarmac")
    t4=$(now); gzip -1 -c "$dir/short.tarmac" > /dev/null; t5=$(now)
    rm -f "$dir/short.tarmac"
    mips=$(awk -v n="$n_long" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", n / (b - a) / 1e6 }')
    awk -v label="$label" -v nl="$n_long" -v t0="$t0" -v t1="$t1" -v ns="$n_short" -v t2="$t2" -v t3="$t3" \
        -v b="$bytes" -v t4="$t4" -v t5="$t5" 'BEGIN {
      tl = t1 - t0; ts = t3 - t2; tg = t5 - t4;
      printf "model benchmark, %s\n", label;
      printf "  untraced (best of 3): %d instructions in %.2f s = %.1f MIPS (target >= 150)\n", nl, tl, nl / tl / 1e6;
      printf "  writing gzip golden: %d instructions in %.2f s = %.1f MIPS, %.1f MB/s of trace text\n", ns, ts, ns / ts / 1e6, b / ts / 1e6;
      printf "  gzip -1 same bytes:  %.1f MB in %.2f s = %.1f MB/s\n", b / 1e6, tg, b / tg / 1e6;
      printf "  ratio golden writing / gzip -1 throughput: %.2fx (target >= 0.8)\n", (b / ts) / (b / tg);
    }'
}
measure "ARMv6-M" "$2" "$3"
if [ $# -ge 7 ]; then
    v6=$mips
    measure "ARMv7-M ($7)" "$5" "$6" --config "$7"
    awk -v a="$mips" -v b="$v6" 'BEGIN { printf "  ratio ARMv7-M / ARMv6-M untraced MIPS: %.2fx\n", a / b }'
fi
