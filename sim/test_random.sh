#!/usr/bin/env bash
# A few constrained-random programs (seeds 1-3) in lockstep on the reference core, wait states on; they also
# run to exit 0 on the model. Needs BUILD from make.
set -u
bash sim/regress.sh -j 2 "$BUILD/sim/chk/Vtb_top" "$BUILD/random" "$BUILD/random" "$BUILD/regress/test-random" 25 \
  seed_1 seed_2 seed_3
