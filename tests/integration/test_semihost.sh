#!/usr/bin/env bash
# The semihosting component (rtl_tb/armv6m_semihost.sv) in tb_top, against the model (model/semihost.c): SYS_WRITEC
# and SYS_WRITE0 print, operations not served return -1 in r0, and SYS_EXIT / SYS_EXIT_EXTENDED end the run with
# the exit code each gives (ADP_Stopped_ApplicationExit: 0, or the code's low byte; any other reason: 1). Each
# firmware (tests/semihost/semihost_calls.c, one per exit) runs on the model, on the core without the checker and
# in lockstep against the model's golden; and on the core without halting debug, served on the fetch
# (rtl_tb/armv6m_semihost_fetch.sv, build/sim/chk-vis). Needs BUILD from make, the simulators and
# $BUILD/semihost/*.elf.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# name, exit code, the exit line the program prints
while read -r name code op reason arg; do
  elf="$BUILD/semihost/$name.elf"
  printf '> semihost calls\nSYS_OPEN returns 0xffffffff\nop 0x99 returns 0xffffffff\nexit op 0x%08x reason 0x%08x code %d\n' \
    "$op" "$reason" "$arg" > "$tmp/want"
  "$BUILD/bin/armv6m-iss" --quiet --tarmac "$tmp/$name.tarmac.gz" "$elf" > "$tmp/model" 2>&1; rc=$?
  check "$name on the model: exit $code (exit $rc), the console text" '[ "$rc" -eq "$code" ] && cmp -s "$tmp/model" "$tmp/want"'
  "$BUILD/sim/plain/Vtb_top" +elf="$elf" > "$tmp/core" 2> "$tmp/err"; rc=$?
  sed -i '/^- rtl_tb\/tb_top.sv:[0-9]*: Verilog \$finish$/d' "$tmp/core"
  check "$name on the core: exit $code (exit $rc), the same console text" \
    '[ "$rc" -eq "$code" ] && cmp -s "$tmp/core" "$tmp/want" && grep -q "exit code $code$" "$tmp/err"'
  out=$("$BUILD/sim/chk/Vtb_top" +elf="$elf" +tarmac_golden="$tmp/$name.tarmac.gz" +waitstates=25 2>&1); rc=$?
  check "$name in lockstep: exit $code (exit $rc), the checker passes (r0 = -1 after the calls not served)" \
    '[ "$rc" -eq "$code" ] && grep -q "^tarmac checker: PASS" <<<"$out"'
  # a core without halting debug (build/sim/chk-vis): the calls served on the fetch; r0 of an operation not served
  # stays as it was (the call's operation number), which the checker names against the golden's -1
  sed 's/^SYS_OPEN returns .*/SYS_OPEN returns 0x00000001/; s/^op 0x99 returns .*/op 0x99 returns 0x00000099/' "$tmp/want" > "$tmp/want_fetch"
  "$BUILD/sim/chk-vis/Vtb_top" +elf="$elf" +tarmac_off +waitstates=25 > "$tmp/fetch" 2> "$tmp/err"; rc=$?
  sed -i '/^- rtl_tb\/tb_top.sv:[0-9]*: Verilog \$finish$/d' "$tmp/fetch"
  check "$name served on the fetch (no halting debug): exit $code (exit $rc), the console text, r0 unchanged by the calls not served" \
    '[ "$rc" -eq "$code" ] && cmp -s "$tmp/fetch" "$tmp/want_fetch"'
  out=$("$BUILD/sim/chk-vis/Vtb_top" +elf="$elf" +tarmac_golden="$tmp/$name.tarmac.gz" +waitstates=25 2>&1); rc=$?
  check "$name served on the fetch in lockstep (exit $rc): the checker names r0 of the first call not served" \
    '[ "$rc" -eq 3 ] && grep -q "register r0: wrong value: expected ffffffff, actual 00000001" <<<"$out"'
done <<'LIST'
exit_ok 0 0x18 0x20026 0
exit_error 1 0x18 0x20023 0
ext_7 7 0x20 0x20026 7
ext_reason 1 0x20 0x20023 7
ext_300 44 0x20 0x20026 300
LIST
summary
