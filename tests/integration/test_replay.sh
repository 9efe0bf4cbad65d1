#!/usr/bin/env bash
# Arm's own Cortex-M0, replayed from recordings of its ports (tests/rtl/cortex-m0-recordings/README.md): each
# recording drives the visibility-port adapter, the monitor and the checker as the live core would
# (rtl_tb/replay/replay_top.sv, build/sim/replay-m0):
#   - in file mode, every recording whose program takes no interrupt input, against the golden the model makes of
#     the recorded ELF with REPLAY_CONFIG ($BUILD/replay); SysTick inside the core counts the core's clock, where a
#     file-mode golden counts instructions, so a program whose golden enables SysTick's counter (a SYST_CSR write
#     with ENABLE) depends on the core's timing as an interrupt input does: it runs in live mode only
#     (systick:cycles), as the test says for each;
#   - in live mode, every recording, with the recorded IRQ and NMI lines;
#   - each passes with the recorded exit code (a recording cut at its cycle limit: no mismatch up to the cut);
#   - faults planted in a recording fail where they are: a flipped bus data bit, a wrong register value on the
#     port, a missing stacking beat, an entry to the wrong exception.
# A run that needs a model setting this repository does not have yet, or that shows the core deviating from the
# architecture, is listed in WAITING with the reason and the evidence: it is counted as skipped, and it fails the test
# once it passes (the list must be kept true).
# Needs BUILD, LIVE_PROGRAMS and REPLAY_CONFIG from make.
set -u
. tests/lib/check.sh
sim="$BUILD/sim/replay-m0/Vtb_top"
rec=tests/rtl/cortex-m0-recordings
model=${REPLAY_CONFIG//,/;}; model=${model//=/:}

# <recording> <mode>|<the model setting it waits for>: <what the core did>
WAITING="
exec_priority file|an architecture deviation of the core, no setting: a handler that lowers its own exception's priority leaves the execution priority with the preempted active exception (ARMv6-M B1.5.4), but the core compares with the current exception's priority alone and takes IRQ2 and IRQ3 inside IRQ1
exec_priority live|the architecture deviation of the core (as in file mode)
"
waits() { grep -m1 "^$1 $2|" <<<"$WAITING" | cut -d'|' -f2; }
# <recording>|<the rule of the architecture its first mismatch names, in both modes>: a deviation of the core is
# reported with the rule the golden followed (file mode: from the model run to the golden's step)
DEVIATES="
exec_priority|ARMv6-M B1.5.4
"
rule() { grep -m1 "^$1|" <<<"$DEVIATES" | cut -d'|' -f2; }

# run <recording> <mode> [plusargs...]: the replay's output in $out, its status in $rc
run() {
  local r=$1 mode=$2 p golden extra=()
  shift 2
  p=$(zcat "$rec/$r.txt.gz" | sed -n 's/^# program: \([^ ]*\)\.elf .*/\1/p')
  if [ "$mode" = live ]; then golden="live:$rec/elf/$p.elf"; extra=(+tarmac_model="$model;systick:cycles")
  else golden="$BUILD/replay/$p.tarmac.gz"; fi
  out=$(timeout 600 "$sim" +elf="$rec/elf/$p.elf" +recording="$rec/$r.txt.gz" +tarmac_golden="$golden" \
        "${extra[@]}" "$@" 2>&1); rc=$?
}

# ---- every recording, file and live mode ----
files=0; lives=0
for f in "$rec"/*.txt.gz; do
  r=$(basename "$f" .txt.gz)
  p=$(zcat "$f" | sed -n 's/^# program: \([^ ]*\)\.elf .*/\1/p')
  code=$(zcat "$f" | sed -n 's/^# end: .*exit code \([0-9]*\).*/\1/p')
  modes=live
  case " $LIVE_PROGRAMS " in *" $p "*) ;; *) [[ $p == async_* ]] || modes="file live" ;; esac
  if [ "$modes" != live ] && zcat "$BUILD/replay/$p.tarmac.gz" | grep -Eqm1 'MW4 e000e010 [0-9a-f]*[13579bdf]( |$)'; then
    modes=live; echo "note $r: live mode only, its golden enables SysTick's counter (the core's clock)"
  fi
  for mode in $modes; do
    run "$r" "$mode"
    why=$(waits "$r" "$mode")
    if [ -z "$code" ]; then    # cut at the recording's cycle limit
      passed=$([ "$rc" -eq 124 ] && grep -q "checker without a mismatch" <<<"$out" && echo 1)
      what="$(grep -o 'cut at cycle [0-9]*: [0-9]* instructions compared' <<<"$out")"
    else
      passed=$([ "$rc" = "$code" ] && grep -q "^tarmac checker: PASS" <<<"$out" && echo 1)
      what="exit $rc"
    fi
    if [ -n "$why" ]; then
      if [ -n "$passed" ]; then bad "$r ($mode) passes but is listed as waiting for: $why"
      else skipped "$r ($mode): waits for $why"; echo "  $(grep -m1 -A2 'MISMATCH #1' <<<"$out" | tail -1)"; fi
      law=$(rule "$r")
      if [ -n "$law" ] && [ -z "$passed" ]; then
        if grep -m1 -A4 'MISMATCH #1' <<<"$out" | grep -q "$law"; then ok "$r ($mode): the report names $law"
        else bad "$r ($mode): the report does not name $law" "$(grep -m1 -A4 'MISMATCH #1' <<<"$out")"; fi
      fi
    elif [ -n "$passed" ]; then
      ok "$r ($mode): $what"
      if [ "$mode" = file ]; then files=$((files + 1)); else lives=$((lives + 1)); fi
    else bad "$r ($mode): exit $rc, recorded ${code:-cut}" "$(grep -m1 -A3 'MISMATCH #1' <<<"$out")" "$(grep '^tarmac checker:' <<<"$out")"; fi
  done
done
echo "replay: $files recordings pass in file mode, $lives in live mode"

# ---- planted faults (svc: SVC at 0x10a, stacking writes 70-77, vector read 78, unstacking reads 118-125) ----
fault() {  # fault <name> <mode> <spec> <stream> <what the first mismatch says>
  run svc "$2" +replay_fault="$3"
  if [ "$rc" -eq 3 ] && grep -q "MISMATCH #1 ($4)" <<<"$out" && grep -Eq "$5" <<<"$out"; then
    ok "$1 ($2, $3) fails: $(grep -m1 -Eo "$5" <<<"$out")"
  else bad "$1 ($2, $3) not found where it is: exit $rc" "$(grep -m1 -A3 'MISMATCH #1' <<<"$out")"; fi
}
fault "a flipped bus data bit (the unstacked r0)" file "HRDATA@120^10" "bus stream" \
  "bus data at 20003fd0 \(R4, HWDATA/HRDATA 0000003a\): expected 0000002a"
fault "a flipped bus data bit (the unstacked r0)" live "HRDATA@120^10" "bus stream" \
  "bus data at 20003fd0 \(R4, HWDATA/HRDATA 0000003a\): expected 0000002a"
fault "a wrong register value on the port (r1 in the handler)" file "vis_r1_o@100^1+" "register stream" \
  "register r1: wrong value: expected 00000001, actual 00000000"
fault "a missing stacking beat (the third)" file "HTRANS@72^2" "bus stream" \
  "missing bus beat: expected W4 20003fd8 = 20000010"
fault "an entry to the wrong exception (IPSR 10 for SVCall)" file "vis_ipsr_o@78^1+" "instruction stream" \
  "wrong exception: the golden entered SVCall \(11\), the RTL exception 10"
fault "an entry to the wrong exception (IPSR 10 for SVCall)" live "vis_ipsr_o@78^1+" "instruction stream" \
  "wrong exception: the golden entered SVCall \(11\), the RTL exception 10"
# a write of a PUSH the core abandoned for an interrupt (async_m0_38_seed3_ws25: PUSH {r4, lr} at 0xc8c, its write
# of r4 at 20003fcc, data at 3894, before IRQ2's stacking) is accepted only with r4's value: flipped, it is found
run async_m0_38_seed3_ws25 live +replay_fault="HWDATA@3894^4"
if [ "$rc" -eq 3 ] && grep -q "bus data at 20003fcc (W4, HWDATA/HRDATA 00000005)" <<<"$out"; then
  ok "a flipped write of an abandoned PUSH (live, HWDATA@3894^4) fails"
else bad "a flipped write of an abandoned PUSH: exit $rc" "$(grep -m1 -A3 'MISMATCH #1' <<<"$out")"; fi
# a fault specification the reader cannot take is an error that says so
run svc file +replay_fault="vis_r99_o@1^1"
if [ "$rc" -ne 0 ] && grep -q "expected <signal>@<cycle>^<hex mask>" <<<"$out"; then ok "a bad +replay_fault is refused"
else bad "a bad +replay_fault: exit $rc" "$(tail -2 <<<"$out")"; fi

# a recording that cannot be read stops the replay with where and why
tmpd=$(mktemp -d); trap 'rm -rf "$tmpd"' EXIT
{ zcat "$rec/svc.txt.gz" | sed -n '1,/^0 /p'; echo "1 HADDR=12x4"; } | gzip > "$tmpd/bad.txt.gz"
out=$("$sim" +elf="$rec/elf/svc.elf" +recording="$tmpd/bad.txt.gz" +tarmac_off 2>&1); rc=$?
n=$(zcat "$tmpd/bad.txt.gz" | wc -l)
if [ "$rc" -ne 0 ] && grep -q "bad.txt.gz:$n:9: bad hexadecimal value in 'HADDR=12x4'" <<<"$out"; then
  ok "a bad value in a recording stops the replay at its file:line:column"
else bad "a bad value in a recording: exit $rc" "$(grep -m1 replay_top <<<"$out")"; fi

summary
