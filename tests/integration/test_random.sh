#!/usr/bin/env bash
# A few constrained-random programs (seeds 1-3) in lockstep on the reference core, wait states on, with register
# write ports and with register snapshots, and a few system-level ones (gen_sys, SYS_TEST_SEEDS) on the default
# core and on the core with tail-chaining and late arrival against their .tc goldens, each ending as its header
# says (exit 0, or 125 after a lockup): the nightly's groups random, random-snapshot, sys and sys-tail-chain
# (sim/nightly.toml). Needs BUILD and SYS_TEST_SEEDS from make.
set -u
. tests/lib/check.sh
sys=${SYS_TEST_SEEDS:-2 5 6}
want=$((6 + 2 * $(wc -w <<<"$sys")))
out="$BUILD/regress/test-random"; rm -rf "$out"
r=$(python3 sim/nightly.py --set nightly --only random --only random-snapshot --only sys --only sys-tail-chain \
    --var SEEDS=3 --var SYS_SEEDS="$sys" --no-build -j 2 --out "$out" 2>&1)
echo "$r" | sed -n '/^group /,/^$/p'
grep -A6 "^failure buckets: [1-9]" <<<"$r"
# each test of the nightly's groups counts here as one
line=$(tail -1 <<<"$r")
read -r p f <<<"$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' <<<"$line")"
pass=$((pass + ${p:-0})); fail=$((fail + ${f:-0}))
check "the groups ran $want tests ($line)" '[ "$((${p:-0} + ${f:-0}))" -eq "$want" ]'
summary
