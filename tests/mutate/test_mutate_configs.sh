#!/usr/bin/env bash
# make mutate runs every configuration of the core (sim/configs.mk): its list of configurations is the list of
# checker builds make knows (each build's -G parameters as its verilate.args records them; the builds with FST
# tracing are a harness variant of one), a configuration added by its variables alone is built and in the campaign,
# every configuration in file mode runs system-level random programs, the unmutated reference passes every test
# of every configuration, and a mutant of the visibility-port wiring, which only the builds through that port have,
# is detected there. Needs BUILD from make and the configurations' reference simulators and tests built.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp" "$BUILD/sim/chk-extra-cfg"' EXIT
mk() { make -s --no-print-directory BUILD="$BUILD" "$@"; }

mk mutate-configs > "$tmp/configs"; rc=$?
n=$(wc -l < "$tmp/configs")
check "make mutate-configs lists the campaign's configurations (exit $rc, $n)" '[ "$rc" -eq 0 ] && [ "$n" -ge 10 ]'

# the checker builds make knows: the targets <build>/sim/chk*/Vtb_top of its database (the Makefile's second pass,
# which holds the rules), their -G parameters from
# the verilate.args make writes beside each (the ' of a Verilog literal quoted for the shell there)
gparams() { tr ' ' '\n' | grep '^-G' | tr -d '\\' | sort | tr '\n' ' '; }
mk SECOND_PASS=1 -pq nothing 2>/dev/null | sed -n "s|^\($BUILD/sim/chk[^/]*\)/Vtb_top:.*|\1|p" | sort -u > "$tmp/builds"
: > "$tmp/build_params"
while read -r d; do
  grep -q -- '--trace' "$d/verilate.args" && continue  # waveforms: the same core, another harness
  echo "$d/Vtb_top $(gparams < "$d/verilate.args")" >> "$tmp/build_params"
done < "$tmp/builds"
awk -F'|' '{ print $5 "|" $2 }' "$tmp/configs" | sort -u | while IFS='|' read -r ref params; do
  echo "$ref $(gparams <<<"$params")"
done > "$tmp/campaign_params"
sort -u -o "$tmp/build_params" "$tmp/build_params"
nb=$(wc -l < "$tmp/build_params")
check "the campaign's simulators and parameters are the $nb checker builds make knows$(diff "$tmp/build_params" "$tmp/campaign_params" | sed -n 's/^[<>]/;/p' | tr '\n' ' ')" \
  'diff -q "$tmp/build_params" "$tmp/campaign_params" > /dev/null && [ "$nb" -ge 10 ]'
for want in chk-m0 chk-m0-live chk-min chk-tc chk-vis chk-vis-live; do
  check "the campaign builds $want" 'grep -q "|$BUILD/sim/$want/Vtb_top|" "$tmp/configs"'
done
# every configuration that runs golden files runs system-level random programs, its own where its model has its own
# settings (sys_<configuration>_<n>)
nosys=$(awk -F'|' '$4 != "live" && $6 !~ /(^| )sys_/ { print $1 }' "$tmp/configs" | tr '\n' ' ')
check "every configuration in file mode runs system-level programs${nosys:+: not }$nosys" '[ -z "$nosys" ]'
check "Cortex-M0 and the smallest system run their own (sys_m0_1, sys_min_1)" \
  'grep -q "^m0|.*|dir:[^|]*|.* sys_m0_1 " "$tmp/configs" && grep -q "^min|.*|dir:[^|]*|.* sys_min_1 " "$tmp/configs"'
check "Cortex-M0's random IRQ/NMI pulses run in live mode" \
  'grep -q "^m0-async|.*irq_seed.*|live|$BUILD/sim/chk-m0-live/Vtb_top|async_m0_1 " "$tmp/configs"'

# a configuration added by its variables alone: built by make, in the campaign, nothing else edited
extra=$(mk mutate-configs CHK_CONFIGS="default extra-cfg" CHK_PARAMS_extra-cfg="-GTailChain=1" \
          CHK_RUNS_extra-cfg=xrun MUTATE_GOLDENS_xrun=file MUTATE_TESTS_xrun=hello 2>&1 | tail -1)
check "a configuration added to CHK_CONFIGS is the campaign's last ($extra)" \
  '[ "$extra" = "xrun|-GTailChain=1||file|$BUILD/sim/chk-extra-cfg/Vtb_top|hello" ]'
plan=$(mk -n CHK_CONFIGS="default extra-cfg" CHK_PARAMS_extra-cfg="-GTailChain=1" "$BUILD/sim/chk-extra-cfg/Vtb_top" 2>&1)
check "and make has its build" 'grep -q "verilate.sh --assert --chk -GTailChain=1 $BUILD/sim/chk-extra-cfg/" <<<"$plan"'

# the campaign itself over every configuration: the unmutated reference on every test, a mutant on the first
lib="$PWD/$BUILD/lib"
libs=("$lib/libarmv6m.a" "$lib/libtarmac.a" "-Wl,-rpath,$lib" "$lib/libtarmacchk.so")
mapfile -t cfgs < "$tmp/configs"
cfgargs=(); for c in "${cfgs[@]}"; do cfgargs+=(--config "$c"); done
out="$BUILD/test-mutate-configs"; rm -rf "$out"
ref=$(bash sim/mutate.sh -j 2 --reference-only --out "$out" --random "$BUILD/random" "${cfgargs[@]}" \
        "$BUILD" "$BUILD/programs" golden "${libs[@]}" -- 2>&1); rc=$?
ntests=$(awk -F'|' '{ n += split($6, t, " ") } END { print n }' "$tmp/configs")
# the waiting list's tests (sim/mutate_waiting.txt) of these configurations are left out, each said, and still fail
nwait=$(awk -F'|' 'NR == FNR { for (i = split($6, t, " "); i > 0; i--) have[$1 " " t[i]] = 1; next }
                   /^[^#]/ { split($0, w, /[ \t]+/); if ((w[1] " " w[2]) in have) n++ } END { print n + 0 }' \
          "$tmp/configs" sim/mutate_waiting.txt)
check "the unmutated reference passes all $((ntests - nwait)) tests of the $n configurations, $nwait waiting" \
  '[ "$rc" -eq 0 ] && grep -q "passes $((ntests - nwait)) tests in $n configurations, $nwait waiting" <<<"$ref" &&
   [ "$(grep -c "^mutate: waiting, left out: " <<<"$ref")" -eq "$nwait" ]'
# r1 as the visibility port shows it wired to r0: no build without that port has the wire; the first configuration
# through it (Cortex-M0's) sees it at once
printf '%s\t%s\t%s\t%s\t%s\n' vis_r1_wired_r0 rtl_tb/tb_top.sv '.vis_r1(vis_r[1])' '.vis_r1(vis_r[0])' \
  'the visibility port shows r0 as r1' > "$tmp/vis.tsv"
vis=$(bash sim/mutate.sh -j 2 --first 1 --mutants "$tmp/vis.tsv" --out "$out" --random "$BUILD/random" "${cfgargs[@]}" \
        "$BUILD" "$BUILD/programs" golden "${libs[@]}" -- 2>&1); rc=$?
first_vis=$(awk -F'|' '$2 ~ /-GVisPort=1/ { print $1; exit }' "$tmp/configs")
check "a visibility-port mutant is missed by the builds without the port and detected in $first_vis (exit $rc)" \
  'grep -q "^vis_r1_wired_r0 *LOCKSTEP *$first_vis " <<<"$vis"'
[ "$fail" -eq 0 ] || { echo "$ref" | tail -5; echo "$vis" | tail -5; }
summary
