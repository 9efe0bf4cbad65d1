#!/usr/bin/env bash
# A few constrained-random programs (seeds 1-3) in lockstep on the reference core, wait states on, with register
# write ports and with register snapshots; they also run to exit 0 on the model. Needs BUILD from make.
set -u
w=$(bash sim/regress.sh -j 2 "$BUILD/sim/chk/Vtb_top" "$BUILD/random" "$BUILD/random" "$BUILD/regress/test-random" 25 \
  seed_1 seed_2 seed_3)
s=$(bash sim/regress.sh -j 2 --plusargs "+tarmac_regs=snapshot" "$BUILD/sim/chk/Vtb_top" "$BUILD/random" "$BUILD/random" \
  "$BUILD/regress/test-random-snapshot" 25 seed_1 seed_2 seed_3)
echo "$w"; echo "snapshot mode:"; echo "$s"
# a run that printed no summary counts as one failure
count() { local n; n=$(tail -1 <<<"$1" | sed -n "s/^\([0-9]*\) passed, \([0-9]*\) failed$/\\$2/p"); echo "${n:-$3}"; }
p=$(( $(count "$w" 1 0) + $(count "$s" 1 0) )); f=$(( $(count "$w" 2 1) + $(count "$s" 2 1) ))
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
