#!/usr/bin/env bash
# A few constrained-random programs (seeds 1-3) in lockstep on the reference core, wait states on, with register
# write ports and with register snapshots: the nightly's groups random and random-snapshot (sim/nightly.toml).
# Needs BUILD from make.
set -u
out="$BUILD/regress/test-random"; rm -rf "$out"
r=$(python3 sim/nightly.py --set nightly --only random --only random-snapshot --var SEEDS=3 --no-build -j 2 \
    --out "$out" 2>&1)
echo "$r" | sed -n '/^group /,/^$/p'
grep -A6 "^failure buckets: [1-9]" <<<"$r"
tail -1 <<<"$r" | grep -qx "[0-9]* passed, [0-9]* failed" && tail -1 <<<"$r" || echo "0 passed, 1 failed"
grep -qx "6 passed, 0 failed" <(tail -1 <<<"$r")
