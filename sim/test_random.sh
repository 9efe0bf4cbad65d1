#!/usr/bin/env bash
# A few constrained-random programs (seeds 1-3) in lockstep on the reference core, wait states on, with register
# write ports and with register snapshots; they also run to exit 0 on the model. A few system-level ones
# (gen_sys, SYS_TEST_SEEDS) on the default core and on the core with tail-chaining and late arrival against their
# .tc goldens, each ending as its header says (exit 0, or 125 after a lockup). Needs BUILD and SYS_TEST_SEEDS
# from make.
set -u
sys=(); for s in ${SYS_TEST_SEEDS:-1 2 3}; do sys+=("sys_$s"); done
w=$(bash sim/regress.sh -j 2 "$BUILD/sim/chk/Vtb_top" "$BUILD/random" "$BUILD/random" "$BUILD/regress/test-random" 25 \
  seed_1 seed_2 seed_3)
s=$(bash sim/regress.sh -j 2 --plusargs "+tarmac_regs=snapshot" "$BUILD/sim/chk/Vtb_top" "$BUILD/random" "$BUILD/random" \
  "$BUILD/regress/test-random-snapshot" 25 seed_1 seed_2 seed_3)
y=$(bash sim/regress.sh -j 2 "$BUILD/sim/chk/Vtb_top" "$BUILD/random" "$BUILD/random" "$BUILD/regress/test-sys" 25 "${sys[@]}")
t=$(bash sim/regress.sh -j 2 --variant tc "$BUILD/sim/chk-tc/Vtb_top" "$BUILD/random" "$BUILD/random" \
  "$BUILD/regress/test-sys-tc" 25 "${sys[@]}")
echo "$w"; echo "snapshot mode:"; echo "$s"; echo "system-level:"; echo "$y"; echo "system-level, tail-chaining:"; echo "$t"
# a run that printed no summary counts as one failure
count() { local n; n=$(tail -1 <<<"$1" | sed -n "s/^\([0-9]*\) passed, \([0-9]*\) failed$/\\$2/p"); echo "${n:-$3}"; }
p=0; f=0
for r in "$w" "$s" "$y" "$t"; do p=$((p + $(count "$r" 1 0))); f=$((f + $(count "$r" 2 1))); done
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
