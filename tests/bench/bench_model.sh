#!/usr/bin/env bash
# Model benchmark, all measured in this run: untraced MIPS on a long workload, MIPS while writing a gzip golden,
# and the throughput of `gzip -1` on the same uncompressed trace bytes. Prints numbers and ratios; never fails
# on them. usage: bench_model.sh <armv6m-iss> <long elf> <short elf> <work dir>
set -eu
iss=$1; long=$2; short=$3; dir=$4
mkdir -p "$dir"
now() { date +%s.%N; }
insns() { sed -n 's/.*: \([0-9]*\) instructions.*/\1/p' "$1"; }
# untraced: the best of three runs (the least disturbed by the rest of the machine)
t0=0; t1=999999
for i in 1 2 3; do
    a=$(now); "$iss" "$long" > /dev/null 2> "$dir/long.err"; b=$(now)
    if awk -v a="$a" -v b="$b" -v t0="$t0" -v t1="$t1" 'BEGIN { exit !(b - a < t1 - t0) }'; then t0=$a; t1=$b; fi
done
n_long=$(insns "$dir/long.err")
t2=$(now); "$iss" --tarmac "$dir/short.tarmac.gz" "$short" > /dev/null 2> "$dir/short.err"; t3=$(now)
n_short=$(insns "$dir/short.err")
"$iss" --tarmac "$dir/short.tarmac" "$short" > /dev/null 2>&1
bytes=$(stat -c %s "$dir/short.tarmac")
t4=$(now); gzip -1 -c "$dir/short.tarmac" > /dev/null; t5=$(now)
rm -f "$dir/short.tarmac"
awk -v nl="$n_long" -v t0="$t0" -v t1="$t1" -v ns="$n_short" -v t2="$t2" -v t3="$t3" \
    -v b="$bytes" -v t4="$t4" -v t5="$t5" 'BEGIN {
  tl = t1 - t0; ts = t3 - t2; tg = t5 - t4;
  printf "model benchmark\n";
  printf "  untraced (best of 3): %d instructions in %.2f s = %.1f MIPS (target >= 150)\n", nl, tl, nl / tl / 1e6;
  printf "  writing gzip golden: %d instructions in %.2f s = %.1f MIPS, %.1f MB/s of trace text\n", ns, ts, ns / ts / 1e6, b / ts / 1e6;
  printf "  gzip -1 same bytes:  %.1f MB in %.2f s = %.1f MB/s\n", b / 1e6, tg, b / tg / 1e6;
  printf "  ratio golden writing / gzip -1 throughput: %.2fx (target >= 0.8)\n", (b / ts) / (b / tg);
}'
