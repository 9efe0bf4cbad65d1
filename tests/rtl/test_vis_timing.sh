#!/usr/bin/env bash
# The reference core's Cortex-M0 visibility port in every timing (rtl_tb/core/m0_vis.sv, m0_pkg::vis_timing_t, chosen
# at run time with +vis_timing=<hex>), read by the documented Cortex-M0 integration (the visibility-port adapter,
# the monitor, the checker: build/sim/chk-m0 and chk-m0-live, the reference core in the Cortex-M0 configuration):
#   - the variants below cover the space: every field at each of its values at least once, and in combinations;
#   - the default timing is Arm's Cortex-M0's as recorded (VIS_TIMING_M0), and equals the variant "m0";
#   - in every variant, programs with exceptions of every kind pass in file mode, and the interrupt programs and
#     async seeds with random IRQ and NMI pulses in live mode, all with wait states;
#   - a bug planted in the core (unstack_r12_silent: an exception return restores r12 from LR's word) is found
#     through the port in a variant other than the default.
# Needs BUILD, LIVE_PROGRAMS, M0_ASYNC_SEEDS, M0_PARAMS and ASYNC_PLUSARGS from make, the simulators and goldens.
set -u
. tests/lib/check.sh
file_sim="$BUILD/sim/chk-m0/Vtb_top"; live_sim="$BUILD/sim/chk-m0-live/Vtb_top"; m0="$BUILD/m0"

# the fields of vis_timing_t, most significant first, with their widths and legal values
fields="entry_sp:1:0,1 entry_ipsr:1:0,1 entry_lr:1:0,1 ret_ipsr:1:0,1 ret_lr:2:0,1,2,3 ret_sp:1:0,1 control:1:0,1 link_lr:2:0,1,2,3"
variants=(
  "m0        1 1 1 1 1 1 1 1"
  "with-pc   0 0 0 0 0 0 0 0"
  "mix-a     1 0 1 0 2 0 1 2"
  "mix-b     0 1 0 1 3 1 0 3"
  "mix-c     1 1 0 0 0 1 0 2"
  "mix-d     0 0 1 1 2 0 1 0"
)
enc() {  # the field values -> the hex +vis_timing takes
  local v=0 i=0 f w
  for f in $fields; do w=$(cut -d: -f2 <<<"$f"); i=$((i + 1)); v=$(( (v << w) | ${!i} )); done
  printf '%03x' "$v"
}
# ---- the variants cover the space ----
i=0; missing=""
for f in $fields; do
  i=$((i + 1))
  for val in $(cut -d: -f3 <<<"$f" | tr , ' '); do
    hit=0
    for v in "${variants[@]}"; do set -- $v; shift; [ "${!i}" = "$val" ] && hit=1; done
    [ "$hit" = 1 ] || missing+=" $(cut -d: -f1 <<<"$f")=$val"
  done
done
if [ -z "$missing" ]; then ok "the ${#variants[@]} timing variants give every field each of its values"
else bad "values no variant gives:$missing"; fi
m0_hex=$(set -- ${variants[0]}; shift; enc "$@")
pkg=$(grep -A1 "VIS_TIMING_M0 = " rtl_tb/core/m0_pkg.sv | tr -d '\n' | grep -oE "[a-z_]+: [0-9]+'[bd][0-9]+" | sed -E "s/.*'[bd]//")
if [ "$(enc $pkg)" = "$m0_hex" ]; then ok "the default timing (VIS_TIMING_M0) is the variant m0, Arm's Cortex-M0's ($m0_hex)"
else bad "VIS_TIMING_M0 ($(enc $pkg)) is not the variant m0 ($m0_hex)"; fi

# ---- every variant: file mode, live mode, random pulses, wait states ----
file_progs="svc svc_pend hardfault exc_return psp pop_exc_return blx_handler sw_pend nvic late_arrival unaligned hello"
run() {  # what sim golden elf want-exit plusargs...
  local what=$1 sim=$2 golden=$3 elf=$4 want=$5 got rc; shift 5
  got=$(timeout 600 "$sim" +elf="$elf" +tarmac_golden="$golden" +waitstates=25 "$@" 2>&1); rc=$?
  if [ "$rc" -eq "$want" ] && grep -q "^tarmac checker: PASS" <<<"$got"; then return 0; fi
  bad "$what: exit $rc" "$(grep -m1 '^tarmac checker:' <<<"$got" | cut -c1-160)" "$(grep -m1 -A3 'MISMATCH #1' <<<"$got")"
  return 1
}
for v in "${variants[@]}"; do
  set -- $v; name=$1; shift; hex=$(enc "$@")
  n=0; f=0
  for p in $file_progs; do
    n=$((n + 1)); run "$name ($hex) file $p" "$file_sim" "$m0/$p.tarmac.gz" "$BUILD/programs/$p.elf" \
      "$(cat "$m0/$p.exit")" +vis_timing="$hex" +seed=$n || f=$((f + 1))
  done
  for p in $LIVE_PROGRAMS; do
    n=$((n + 1)); elf="$BUILD/programs/$p.elf"
    run "$name ($hex) live $p" "$live_sim" "live:$elf" "$elf" 0 +vis_timing="$hex" +seed=$n || f=$((f + 1))
  done
  for s in $M0_ASYNC_SEEDS; do
    n=$((n + 1)); elf="$BUILD/random/async_m0_$s.elf"
    # shellcheck disable=SC2086
    run "$name ($hex) live async_m0_$s with random pulses" "$live_sim" "live:$elf" "$elf" 0 +vis_timing="$hex" \
      +seed=$n ${ASYNC_PLUSARGS//\{n\}/$s} || f=$((f + 1))
  done
  [ "$f" -eq 0 ] && ok "timing $name ($hex): $n runs pass (file, live, random pulses, wait states)"
done

# ---- a planted core bug is found through the port in another timing ----
hex=$(set -- ${variants[1]}; shift; enc "$@")
out="$BUILD/regress/test-vis-timing"
rm -rf "$out"; mkdir -p "$out"
grep -hP '^unstack_r12_silent\t' sim/mutants_sys.tsv > "$out/bugs.tsv"
lib="$PWD/$BUILD/lib"
bugs=$(bash sim/mutate.sh -j 2 --random "$BUILD/random" --mutants "$out/bugs.tsv" --out "$out/bugs" \
         --config "m0-live-$hex|$M0_PARAMS -GSysTickCycles=1|+vis_timing=$hex|live|$live_sim|$LIVE_PROGRAMS" \
         --config "m0-async-$hex|$M0_PARAMS -GSysTickCycles=1|$ASYNC_PLUSARGS +vis_timing=$hex|live|$live_sim|async_m0_${M0_ASYNC_SEEDS// / async_m0_}" \
         "$BUILD" "$BUILD/programs" golden "$lib/libarmv6m.a" "$lib/libtarmac.a" "-Wl,-rpath,$lib" \
         "$lib/libtarmacchk.so" -- 2>&1)
row=$(grep "^unstack_r12_silent " <<<"$bugs" | tail -1)
if grep -q "^unstack_r12_silent *LOCKSTEP m0-[a-z]*-$hex" <<<"$row"; then
  ok "planted bug unstack_r12_silent found through the port in timing with-pc ($hex): $(awk '{print $3, $4, $5}' <<<"$row")"
else bad "planted bug unstack_r12_silent not found in timing with-pc ($hex)" "${row:-$(tail -3 <<<"$bugs")}"; fi
summary
