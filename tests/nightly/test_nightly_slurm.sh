#!/usr/bin/env bash
# The nightly runner on a real Slurm: a one-node cluster on localhost (tests/nightly/slurm_cluster.py: its own
# munged, slurmctld and slurmd, stopped at the end), the small nightly (tests/nightly/small.toml) run by the local
# launcher and by the Slurm one must give the same verdicts, the same counts (the checker's ledgers, read back from
# the JUnit) and the same merged coverage; a failed test's step exits 1 and the allocation is accounted FAILED; a
# test cancelled mid-run (scancel of its step) is reported as cancelled,
# never as a pass, and --rerun-failed reruns it alone; an allocation pending past the queue-wait timeout is
# cancelled and its tests reported as died of it. Needs root, BUILD from make and the simulators built.
set -u
cd "$(dirname "$0")/../.."
. tests/lib/check.sh
if [ "$(id -u)" -ne 0 ]; then skipped "slurmd needs root (CI and make deps run as root)"; summary; exit; fi
# mode 0700, as mktemp makes it: the cluster must come up below a directory that is not world-executable (a clone
# in a 0700 home), where munged refuses a socket
tmp=$(mktemp -d "$PWD/$BUILD/tests-nightly-slurm.XXXXXX")
cluster="$tmp/cluster"
trap 'python3 tests/nightly/slurm_cluster.py stop "$cluster"; rm -rf "$tmp"' EXIT
nightly() { python3 sim/nightly.py --description tests/nightly/small.toml --no-build -j 2 "$@"; }

nightly --set small --out "$tmp/local" > "$tmp/local.log" 2>&1; rc=$?
check "the small nightly passes on the local launcher (exit $rc)" '[ "$rc" -eq 0 ] && tail -1 "$tmp/local.log" | grep -qx "8 passed, 0 failed"'
tail -4 "$tmp/local.log"

t0=$(date +%s.%N)
conf=$(python3 tests/nightly/slurm_cluster.py start "$cluster") || { bad "the cluster did not start"; summary; exit 1; }
export "${conf?}"
echo "cluster up in $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s: $conf"
check "sinfo shows the one node idle" '[ "$(sinfo -h -o "%D %T")" = "1 idle" ]'

nightly --set small --launcher slurm --out "$tmp/slurm" > "$tmp/slurm.log" 2>&1; rc=$?
check "the same nightly passes on the Slurm launcher (exit $rc)" '[ "$rc" -eq 0 ] && tail -1 "$tmp/slurm.log" | grep -qx "8 passed, 0 failed"'
check "it ran as one Slurm job" 'grep -q "^nightly: slurm job [0-9]*: 8 tests, 2 at once" "$tmp/slurm.log"'
cases() { /usr/bin/python3 tests/nightly/junit_cases.py "$@"; }   # verdicts and counts, per test case
cases "$tmp/local/junit.xml" > "$tmp/local.counts"; cases "$tmp/slurm/junit.xml" > "$tmp/slurm.counts"
check "verdicts and the ledgers' counts equal the local launcher's (JUnit, 8 test cases)" \
  '[ "$(wc -l < "$tmp/local.counts")" -eq 8 ] && cmp -s "$tmp/local.counts" "$tmp/slurm.counts" && grep -q " instructions=[1-9]" "$tmp/slurm.counts"'
diff "$tmp/local.counts" "$tmp/slurm.counts" | head -5
check "the merged coverage equals the local launcher's" \
  '[ -s "$tmp/slurm/coverage.tsv" ] && cmp -s "$tmp/local/coverage.tsv" "$tmp/slurm/coverage.tsv"'
steps=$(grep -o 'name="farm" value="SLURM_JOB_ID=[0-9]* SLURM_STEP_ID=[0-9]*"' "$tmp/slurm/junit.xml" | sort -u | wc -l)
check "each test ran as a step of its own in the one Slurm job (JUnit property farm: $steps steps)" \
  '[ "$steps" -eq 8 ] && [ "$(grep -o "SLURM_JOB_ID=[0-9]*" "$tmp/slurm/junit.xml" | sort -u | wc -l)" -eq 1 ] &&
   ! grep -q "name=\"farm\" value=\"SLURM" "$tmp/local/junit.xml"'

# three seeds on the planted bug fail, three programs pass: each failed test's step exits 1 (srun's exit status,
# the step's), each passed one's 0, and the allocation is accounted FAILED 1:0 (the job completion record)
nightly --set planted --launcher slurm --out "$tmp/planted" > "$tmp/planted.log" 2>&1; rc=$?
check "the planted bug's nightly fails on the Slurm launcher (exit $rc): 3 passed, 3 failed" \
  '[ "$rc" -eq 1 ] && tail -1 "$tmp/planted.log" | grep -qx "3 passed, 3 failed"'
steps=$(for d in "$tmp"/planted/*/*/; do echo "$(basename "$(dirname "$d")") $(cat "$d/launcher.rc")"; done | sort | uniq -c | tr -s " " | tr "\n" ";")
check "each failed test's step exited 1, each passed one's 0 ($steps)" '[ "$steps" = " 3 file 0; 3 planted 1;" ]'
job=$(sed -n 's/^nightly: slurm job \([0-9]*\):.*/\1/p' "$tmp/planted.log")
for _ in $(seq 1 50); do grep -q "^JobId=$job " "$cluster/jobcomp.txt" 2>/dev/null && break; sleep 0.1; done
check "Slurm's accounting has the allocation $job FAILED, exit code 1:0" \
  'grep "^JobId=$job " "$cluster/jobcomp.txt" | grep -q "JobState=FAILED .*ExitCode=1:0"'
grep "^JobId=$job " "$cluster/jobcomp.txt" | grep -o "JobState=[A-Z]* .*ExitCode=[0-9:]*" | cut -c1-60

# scancel of one step mid-run: the long test (sort, wait states 90%) while it runs
nightly --set cancel --launcher slurm --out "$tmp/cancel" > "$tmp/cancel.log" 2>&1 &
runner=$!
step=""
for _ in $(seq 1 300); do
  step=$(squeue -h -s -o "%i %j" | awk '$2 == "long.sort" { print $1 }')
  [ -n "$step" ] && [ -f "$tmp/cancel/long/sort/started.json" ] && break
  sleep 0.1
done

[ -n "$step" ] && scancel "$step"
wait "$runner"; rc=$?
check "scancel of the running step $step: the nightly fails (exit $rc)" '[ -n "$step" ] && [ "$rc" -eq 1 ]'
check "the cancelled test is reported as died: cancelled, the others pass" \
  'grep -q "^DIED  long/sort .*died: cancelled" "$tmp/cancel.log" && tail -1 "$tmp/cancel.log" | grep -qx "3 passed, 1 failed"'
check "the JUnit has it as an error 'died: cancelled', never a pass" \
  '/usr/bin/python3 -c "import sys, junitparser as j; c = [c for s in j.JUnitXml.fromfile(sys.argv[1]) for c in s if c.name == \"sort\"][0]; sys.exit(not (c.result and c.result[0].message == \"died: cancelled\" and isinstance(c.result[0], j.Error)))" "$tmp/cancel/junit.xml"'
check "its bucket is 'died: cancelled'" 'grep -q "^  \[1\] died: cancelled$" "$tmp/cancel/summary.txt"'
before=$(stat -c %Y "$tmp/cancel/file/hello/result.json")
nightly --launcher slurm --rerun-failed --out "$tmp/cancel" > "$tmp/rerun.log" 2>&1; rc=$?
check "--rerun-failed reruns the cancelled test alone and the nightly passes (exit $rc)" \
  '[ "$rc" -eq 0 ] && grep -q "^nightly cancel: 1 tests (rerun)" "$tmp/rerun.log" && tail -1 "$tmp/rerun.log" | grep -qx "4 passed, 0 failed"'
check "the rerun is marked as one in the summary and the JUnit (scope), with the first run's commit" \
  'sed -n 2p "$tmp/cancel/summary.txt" | grep -q "rerun (--rerun-failed) of 1 tests that had not passed, the others as the first run left them (whole set, commit [0-9a-f]* (\(clean\|dirty\)))" &&
   grep -q "<property name=\"scope\" value=\"rerun (--rerun-failed) of 1 tests" "$tmp/cancel/junit.xml"'
check "the tests that passed were not run again" '[ "$(stat -c %Y "$tmp/cancel/file/hello/result.json")" = "$before" ]'
# the queue-wait timeout: the partition down, the allocation pends; the runner cancels it and reports every test
scontrol update PartitionName=nightly State=DOWN
nightly --set cancel --launcher slurm --queue-timeout 2 --out "$tmp/queue" > "$tmp/queue.log" 2>&1; rc=$?
scontrol update PartitionName=nightly State=UP
check "a pending allocation past --queue-timeout: every test died of it, the job cancelled (exit $rc)" \
  '[ "$rc" -eq 1 ] && [ "$(grep -c "^DIED .*died: queue-wait timeout (2 s pending)" "$tmp/queue.log")" -eq 4 ] && [ -z "$(squeue -h)" ]'
pids=$(cat "$cluster/pids")
python3 tests/nightly/slurm_cluster.py stop "$cluster"
left=$(for p in $pids; do kill -0 "$p" 2>/dev/null && echo "$p"; done)
check "every daemon the test started (munged, slurmctld, slurmd: $(wc -w <<<"$pids")) is stopped" \
  '[ "$(wc -w <<<"$pids")" -eq 3 ] && [ -z "$left" ] && [ ! -e "$cluster/pids" ]'
summary
