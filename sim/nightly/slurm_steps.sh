#!/usr/bin/env bash
# The nightly's Slurm allocation (sbatch runs it; sim/nightly/launch.py submits it): one `srun --exact` step per
# test, at most <parallel> at once, each running sim/nightly/job.py in the checkout ($NIGHTLY_ROOT). A step's
# stderr (slurmstepd's word on a cancelled or timed-out step) goes to <test dir>/launcher.txt and srun's exit
# status to <test dir>/launcher.rc: what the runner reads of a job that left no result. srun reads no stdin (the
# list is this loop's). A failed test's step exits 1 (job.py), and the allocation exits 1 when any step did not
# exit 0: Slurm's accounting shows them FAILED.
# usage: slurm_steps.sh <python> <tests file: "<test dir><TAB><name>" lines> <parallel> [srun options...]
set -u
py=$1; list=$2; parallel=$3; shift 3
cd "$NIGHTLY_ROOT" || exit 1
step() { # test dir, name, srun options
  local dir=$1 name=$2; shift 2
  srun --exact --ntasks=1 --cpus-per-task=1 --job-name="$name" "$@" "$py" sim/nightly/job.py "$dir" < /dev/null 2> "$dir/launcher.txt"
  echo $? > "$dir/launcher.rc"
}
running=0
while IFS=$'\t' read -r dir name; do
  if [ "$running" -ge "$parallel" ]; then wait -n; running=$((running - 1)); fi
  step "$dir" "$name" "$@" &
  running=$((running + 1))
done < "$list"
wait
status=0
while IFS=$'\t' read -r dir _; do
  [ "$(cat "$dir/launcher.rc" 2>/dev/null)" = 0 ] || status=1
done < "$list"
exit "$status"
