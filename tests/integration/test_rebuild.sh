#!/usr/bin/env bash
# A simulator is rebuilt when the options it is built with change (sim/sim.mk, verilate: <dir>/verilate.args is
# rewritten at parse time only when they differ), and only then: before, a change of M0_PARAMS left build/sim/chk-m0
# as it was and the tests ran the old configuration. Runs make -n against a scratch BUILD: nothing is built.
# A checkout copied or moved elsewhere keeps its simulators: what a build records (verilate.args, the rpath) holds
# no absolute path, so make finds build/sim/chk up to date in the moved copy, and the moved simulator loads its own
# copy's libtarmacchk.so and runs; a source touched there is still seen (the control). Needs BUILD (relative to
# the checkout) from make, with $BUILD/sim/chk/Vtb_top built.
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

# ---- a moved checkout: the sources (tracked and new), the libraries and one simulator, times kept ----
copy="$tmp/first/checkout"; mkdir -p "$copy"
git ls-files -co --exclude-standard -z | tar --null -T - -cf - | tar -xf - -C "$copy"
for d in lib obj dpi_hdr sim/chk; do
  [ -e "$BUILD/$d" ] || continue
  mkdir -p "$copy/$BUILD/$(dirname "$d")"
  cp -al "$BUILD/$d" "$copy/$BUILD/$d" 2> /dev/null || cp -a "$BUILD/$d" "$copy/$BUILD/$d"  # hard links if it can
done
mkdir -p "$tmp/second"; mv "$copy" "$tmp/second/moved"; copy="$tmp/second/moved"
moved_make() { (cd "$copy" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory -n BUILD="$BUILD" \
  SAN="$([ -n "${SAN_FLAGS:-}" ] && echo 1 || echo 0)" "$BUILD/sim/chk/Vtb_top" 2>&1); }
plan=$(moved_make)
check "the moved checkout: make does not rebuild build/sim/chk nor its libraries" \
  '! grep -q "verilate.sh" <<<"$plan" && ! grep -q -- "-o $BUILD/lib/" <<<"$plan"' || head -5 <<<"$plan"
args="$BUILD/sim/chk/verilate.args"
check "its recorded options are the original's and hold no absolute path ($(cat "$copy/$args"))" \
  'cmp -s "$args" "$copy/$args" && ! grep -qE "(^| )/" "$copy/$args"'
lib=$(ldd "$copy/$BUILD/sim/chk/Vtb_top" | awk '$1 == "libtarmacchk.so" { print $3 }')
check "the moved simulator loads the moved copy's libtarmacchk.so ($lib)" \
  '[ "$(realpath "$lib")" = "$(realpath "$copy/$BUILD/lib/libtarmacchk.so")" ]'
out=$(cd "$copy" && "$BUILD/sim/chk/Vtb_top" +elf="$OLDPWD/$BUILD/programs/hello.elf" +tarmac_golden=golden/hello.tarmac.gz 2>&1); rc=$?
check "the moved simulator runs hello in lockstep (exit $rc)" '[ "$rc" -eq 0 ] && grep -q "^tarmac checker: PASS" <<<"$out"'
touch "$copy/rtl_tb/tb_top.sv"
check "the control: a source touched in the moved checkout rebuilds the simulator" 'grep -q "verilate.sh" <<<"$(moved_make)"'
summary
