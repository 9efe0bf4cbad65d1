#!/usr/bin/env bash
# The nightly's launchers, measured in this run: the scheduling time per test (a slot's time not spent running a
# test: allocation x parallel slots minus the tests' own run time, per test) and its ratio to the test time, for
# the local launcher and for Slurm (a one-node cluster of its own, tests/nightly/slurm_cluster.py), on the small
# nightly's corpus and random groups; then Slurm's two ways to run many short jobs, one allocation with an
# `srun --exact` step per job (what the launcher does) against a job array, on 20 jobs of 0.5 s, 2 at once.
# Prints figures; never fails on them. Needs root. usage: bench_nightly.sh <work dir>
set -eu
cd "$(dirname "$0")/../.."
dir=$(realpath -m "$1"); rm -rf "$dir"; mkdir -p "$dir"; chmod 755 "$dir"
trap 'python3 tests/nightly/slurm_cluster.py stop "$dir/cluster"' EXIT
export "$(python3 tests/nightly/slurm_cluster.py start "$dir/cluster")"
overhead() { # output root, launcher -> one line
  /usr/bin/python3 - "$1" "$2" <<'PY'
import glob, json, os, sys
out, launcher = sys.argv[1], sys.argv[2]
runs = [json.load(open(f)) for f in glob.glob(f"{out}/*/*/result.json")]
submit = min(json.load(open(f))["time"] for f in glob.glob(f"{out}/*/*/submitted.json"))
span = max(r["end"] for r in runs) - submit
busy = sum(r["wall"] for r in runs)
per = (span * 2 - busy) / len(runs)
print(f"nightly launcher {launcher:5}: {len(runs)} tests, 2 at once, {span:.2f} s from submission to the last end, "
      f"test time {busy / len(runs):.2f} s/test, scheduling {per:.2f} s/test = {per / (busy / len(runs)):.2f} x test time")
PY
}
for l in local slurm; do
  python3 sim/nightly.py --description tests/nightly/small.toml --set small --only file --only random --no-build \
    -j 2 --launcher $l --out "$dir/$l" > "$dir/$l.log" 2>&1 || { echo "bench-nightly: the $l run failed:"; tail -5 "$dir/$l.log"; }
  overhead "$dir/$l" $l
done
printf '#!/bin/bash\nfor i in $(seq 1 20); do\n  [ $(jobs -r | wc -l) -ge 2 ] && wait -n\n  srun --exact -n1 -c1 sleep 0.5 < /dev/null &\ndone\nwait\n' > "$dir/steps.sh"
printf '#!/bin/bash\nsleep 0.5\n' > "$dir/task.sh"
gone() { while [ -n "$(squeue -h -j "$1")" ]; do sleep 0.05; done; }
a=$(date +%s.%N); j=$(sbatch --parsable -n2 -c1 -o /dev/null "$dir/steps.sh"); gone "$j"; b=$(date +%s.%N)
c=$(date +%s.%N); j=$(sbatch --parsable -n1 -c1 --array=1-20%2 -o /dev/null "$dir/task.sh"); gone "$j"; d=$(date +%s.%N)
awk -v a="$a" -v b="$b" -v c="$c" -v d="$d" 'BEGIN { printf "slurm, 20 jobs of 0.5 s, 2 at once (ideal 5.0 s): one allocation with srun --exact steps %.1f s, a job array %.1f s\n", b - a, d - c }'
