#!/usr/bin/env bash
# A simulator is rebuilt when the options it is built with change (sim/sim.mk, verilate: <dir>/verilate.args is
# rewritten at parse time only when they differ), and only then: before, a change of M0_PARAMS left build/sim/chk-m0
# as it was and the tests ran the old configuration. Runs make -n against a scratch BUILD: nothing is built.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
b="$tmp/build"; sim="$b/sim/chk-m0/Vtb_top"; args="$b/sim/chk-m0/verilate.args"
why() { make --no-print-directory --debug=b -n BUILD="$b" M0_PARAMS="$1" "$sim" 2>&1 | grep -c "'$args' is newer than target"; }
why -GVisPort=1 > /dev/null
check "the options are recorded at parse time ($(cat "$args" 2>/dev/null | cut -c1-40))" 'grep -q -- "-GVisPort=1" "$args"'
touch -d '2000-01-01' "$args"; touch "$sim"
check "the same options: the simulator is not rebuilt for them" '[ "$(why -GVisPort=1)" -eq 0 ] && [ "$(stat -c %Y "$args")" -lt "$(stat -c %Y "$sim")" ]'
check "other options: the simulator is rebuilt" '[ "$(why "-GVisPort=1 -GTailChain=1")" -eq 1 ] && grep -q -- "-GTailChain=1" "$args"'
summary
