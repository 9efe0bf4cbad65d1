#!/usr/bin/env bash
# Injected RTL bugs that only live mode can see (sim/live_bugs.tsv): one build of the reference system with every
# bug of the list behind +live_bug=<row> (as build/sim/chk-live: SysTick counting cycles, tail-chaining); each
# bug runs its test in live mode and must fail it (exit 3) with a report naming the cause, while the same build
# without a bug passes it; the golden a bugged live run wrote (golden_out) gives the same verdict and counts in
# file mode. The same bugs are found through the Cortex-M0 integration too (tb_top VisPort: the checker sees the
# core only through its visibility port and the bus, with the decision window tb_top declares).
# The builds are make's (build/sim/live-bugs/obj and obj-vis, planted by tests/integration/plant_live_bugs.sh).
# Needs BUILD and ASYNC_PLUSARGS from make, the two builds, the programs and async seeds of the list.
set -u
. tests/lib/check.sh
out="$BUILD/sim/live-bugs"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
bugs=()   # "name|test|plusargs|pattern|what", index = +live_bug
k=0
while IFS=$'\t' read -r name file _ _ test plus pattern what; do
  case "$name" in ''|\#*) continue ;; esac
  k=$((k + 1))
  [ "$plus" != - ] || plus=""
  # planted in the build's copy of the RTL, behind its selector
  if grep -qF "(live_bug == $k)" "$out/src/$file" 2> /dev/null; then bugs[k]="$name|$test|$plus|$pattern|$what"
  else bad "$name: not planted in $out/src/$file"; fi
done < sim/live_bugs.tsv
for v in obj obj-vis; do
  [ -x "$out/$v/Vtb_top" ] || { bad "no build with the injected bugs $out/$v/Vtb_top (make builds it)"; summary; exit 1; }
done
run() { # test, plusargs... -> runs the test in live mode; output in $tmp/run, status in $rc
  local t=$1 elf n; shift
  if [ -f "$BUILD/programs/$t.elf" ]; then set -- "$@"; elf="$BUILD/programs/$t.elf"
  else n=${t#async_}; elf="$BUILD/random/$t.elf"; set -- "$@" ${ASYNC_PLUSARGS//\{n\}/$n}; fi
  # shellcheck disable=SC2068
  timeout 600 "$sim" +elf="$elf" +tarmac_golden="live:$elf" +waitstates=25 +seed=1 $@ > "$tmp/run" 2>&1; rc=$?
}
for v in obj obj-vis; do
  sim="$out/$v/Vtb_top"; via=""; [ "$v" = obj ] || via=" through the visibility port"
  unset clean; declare -A clean  # the clean runs of this build
  for k in "${!bugs[@]}"; do
    IFS='|' read -r name test plus pattern what <<<"${bugs[k]}"
    if [ -z "${clean[$test]:-}" ]; then
      # shellcheck disable=SC2086
      run "$test" +live_bug=0 $plus; clean[$test]=1
      if [ "$rc" -eq 0 ] && grep -q "^tarmac checker: PASS" "$tmp/run"; then ok "$test passes in live mode on the build without a bug$via"
      else bad "$test without a bug$via: exit $rc" "$(grep -m2 -A3 'MISMATCH #1\|ILLEGAL\|MISSED\|tarmac checker' "$tmp/run" | head -5)"; fi
    fi
    # shellcheck disable=SC2086
    run "$test" +live_bug="$k" $plus
    if [ "$rc" -eq 3 ] && grep -Eq "$pattern" "$tmp/run"; then
      ok "$name ($what): $test fails in live mode$via, the report names it: $(grep -Em1 "$pattern" "$tmp/run" | cut -c1-110)"
    else bad "$name ($what)$via: $test exit $rc, no '$pattern' in the report" "$(grep -m1 -A3 'MISMATCH #1\|ILLEGAL\|MISSED\|tarmac checker' "$tmp/run" | head -5)"; fi
  done
done
sim="$out/obj/Vtb_top"
# replay of a bugged run: the golden the live run wrote, in file mode on the same run, gives the same verdict
k=$(awk -F'\t' '!/^#/ && NF { k++; if ($1 == "volatile_load_flipped") print k }' sim/live_bugs.tsv)
checker_line() { grep "^tarmac checker:" "$1" | sed 's/; golden .*//'; }
elf="$BUILD/programs/timer_poll.elf"
"$sim" +elf="$elf" +tarmac_golden="live:$elf" +tarmac_golden_out="$tmp/g.tarmac.gz" +waitstates=25 +live_bug="$k" > "$tmp/live" 2>&1; lrc=$?
"$sim" +elf="$elf" +tarmac_golden="$tmp/g.tarmac.gz" +waitstates=25 +live_bug="$k" > "$tmp/file" 2>&1; frc=$?
if [ "$lrc" -eq 3 ] && [ "$frc" -eq 3 ] && [ -n "$(checker_line "$tmp/live")" ] && [ "$(checker_line "$tmp/live")" = "$(checker_line "$tmp/file")" ]; then
  ok "volatile_load_flipped: the live run's golden_out replays in file mode with the same verdict: $(checker_line "$tmp/file" | cut -c1-70)..."
else bad "volatile_load_flipped replay: live exit $lrc, file exit $frc" "live: $(checker_line "$tmp/live")" "file: $(checker_line "$tmp/file")"; fi
summary
