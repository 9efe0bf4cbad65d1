#!/usr/bin/env bash
# One task of the nightly's job array on Grid Engine (qsub) or LSF (bsub) (sim/nightly/launch.py; LSF is NOT
# tested: no such cluster here): line <index> of the tests file is "<test dir><TAB><name>"; runs
# sim/nightly/job.py on it in the checkout ($NIGHTLY_ROOT), leaves its exit status in <test dir>/launcher.rc, its
# stderr in launcher.txt, and exits with it (1: the test failed), which the engine's accounting records.
# usage: array_task.sh <python> <tests file>     (index: $LSB_JOBINDEX or $SGE_TASK_ID)
set -u
index=${LSB_JOBINDEX:-${SGE_TASK_ID:-}}
[ -n "$index" ] || { echo "array_task.sh: no LSB_JOBINDEX or SGE_TASK_ID" >&2; exit 2; }
IFS=$'\t' read -r dir _ < <(sed -n "${index}p" "$2")
cd "$NIGHTLY_ROOT" || exit 1
"$1" sim/nightly/job.py "$dir" < /dev/null 2> "$dir/launcher.txt"
rc=$?
echo "$rc" > "$dir/launcher.rc"
exit "$rc"
