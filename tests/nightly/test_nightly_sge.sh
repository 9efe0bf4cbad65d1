#!/usr/bin/env bash
# The nightly runner on a real Grid Engine: a one-node cell of its own (tests/nightly/sge_cluster.py: its own
# sge_qmaster and sge_execd, stopped at the end). The small nightly (tests/nightly/small.toml) run by the sge
# launcher must give the local launcher's verdicts, counts (the checker's ledgers, read back from the JUnit) and
# merged coverage, each test a task of one job array; a failing test's task exits 1, which Grid Engine's
# accounting (qacct) records, a passing one's 0. Needs root, BUILD from make and the simulators built.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/lib/check.sh
if [ "$(id -u)" -ne 0 ]; then skipped "the Grid Engine daemons need root (CI and make deps run as root)"; summary; exit; fi
tmp=$(mktemp -d "$PWD/$BUILD/tests-nightly-sge.XXXXXX")
cluster="$tmp/cluster"
trap 'python3 tests/nightly/sge_cluster.py stop "$cluster"; rm -rf "$tmp"' EXIT
nightly() { python3 sim/nightly.py --description tests/nightly/small.toml --no-build -j 2 "$@"; }
cases() { /usr/bin/python3 tests/nightly/junit_cases.py "$@"; }   # verdicts and counts, per test case

nightly --set small --out "$tmp/local" > "$tmp/local.log" 2>&1; rc=$?
check "the small nightly passes on the local launcher (exit $rc)" '[ "$rc" -eq 0 ] && tail -1 "$tmp/local.log" | grep -qx "8 passed, 0 failed"'

t0=$(date +%s.%N)
conf=$(python3 tests/nightly/sge_cluster.py start "$cluster") || { bad "the cell did not start"; summary; exit 1; }
read -ra names <<<"$conf"   # four NAME=VALUE words
export "${names[@]}"
echo "cell up in $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s: $conf"
check "qstat shows the one queue instance open, two slots" \
  '[ "$(qstat -f | awk "/^nightly@/ { print \$3, NF }")" = "0/0/2 5" ]'

nightly --set small --launcher sge --out "$tmp/sge" > "$tmp/sge.log" 2>&1; rc=$?
check "the same nightly passes on the sge launcher (exit $rc)" '[ "$rc" -eq 0 ] && tail -1 "$tmp/sge.log" | grep -qx "8 passed, 0 failed"'
check "it ran as one job array" 'grep -q "^nightly: sge job [0-9]*: 8 tests" "$tmp/sge.log"'
cases "$tmp/local/junit.xml" > "$tmp/local.counts"; cases "$tmp/sge/junit.xml" > "$tmp/sge.counts"
check "verdicts and the ledgers' counts equal the local launcher's (JUnit, 8 test cases)" \
  '[ "$(wc -l < "$tmp/local.counts")" -eq 8 ] && cmp -s "$tmp/local.counts" "$tmp/sge.counts" && grep -q " instructions=[1-9]" "$tmp/sge.counts"'
diff "$tmp/local.counts" "$tmp/sge.counts" | head -5
check "the merged coverage equals the local launcher's" \
  '[ -s "$tmp/sge/coverage.tsv" ] && cmp -s "$tmp/local/coverage.tsv" "$tmp/sge/coverage.tsv"'
tasks=$(grep -o 'name="farm" value="JOB_ID=[0-9]* SGE_TASK_ID=[0-9]*"' "$tmp/sge/junit.xml" | sort -u | wc -l)
check "each test ran as a task of its own of the one job (JUnit property farm: $tasks tasks)" \
  '[ "$tasks" -eq 8 ] && [ "$(grep -o "JOB_ID=[0-9]*" "$tmp/sge/junit.xml" | sort -u | wc -l)" -eq 1 ]'

# three seeds on the planted bug fail, three programs pass: the accounting has three tasks exit 1, three exit 0
nightly --set planted --launcher sge --out "$tmp/planted" > "$tmp/planted.log" 2>&1; rc=$?
check "the planted bug's nightly fails on the sge launcher (exit $rc): 3 passed, 3 failed" \
  '[ "$rc" -eq 1 ] && tail -1 "$tmp/planted.log" | grep -qx "3 passed, 3 failed"'
job=$(sed -n 's/^nightly: sge job \([0-9]*\):.*/\1/p' "$tmp/planted.log")
acct=""
for _ in $(seq 1 100); do   # the accounting file is written within a second or two of a task's end
  acct=$(qacct -j "$job" 2>/dev/null | awk '$1 == "taskid" { t = $2 } $1 == "exit_status" { print t, $2 }' | sort -n | tr "\n" " ")
  [ "$(wc -w <<<"$acct")" -eq 12 ] && break
  sleep 0.2
done
want=$(awk -F'\t' '{ n++; print n, ($1 ~ /\/planted\/seed_[0-9]*$/) ? 1 : 0 }' "$tmp/planted/sge"/tests-*.txt | tr "\n" " ")
check "qacct: each failed test's task exit_status 1, each passed one's 0 (task exit: $acct)" \
  '[ -n "$job" ] && [ "$acct" = "$want" ] && [ "$(grep -o " 1" <<<"$acct" | wc -l)" -eq 3 ]'

pids=$(cat "$cluster/pids")
python3 tests/nightly/sge_cluster.py stop "$cluster"
left=$(for p in $pids; do kill -0 "$p" 2>/dev/null && echo "$p"; done)
check "every daemon the test started (sge_qmaster, sge_execd: $(wc -w <<<"$pids")) is stopped" \
  '[ "$(wc -w <<<"$pids")" -eq 2 ] && [ -z "$left" ] && [ ! -e "$cluster/pids" ]'
summary
