#!/usr/bin/env bash
# QEMU as an independent oracle: each program QEMU can run is single-stepped with the register state logged
# before every instruction, and compared with the model's golden trace; the two runs must also print the same
# console output and exit with the same code, 0. ORACLE_PROGRAMS items (from make): <name> (programs/<name>.elf
# on QEMU's microbit, the model's defaults) or <elf under BUILD, no .elf>@<QEMU machine>@<model configuration>
# (the ARMv7-M corpus on mps2-an385/an386). Needs BUILD and ORACLE_PROGRAMS from make.
set -u
. tests/lib/check.sh
total=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for item in $ORACLE_PROGRAMS; do
  IFS=@ read -r p machine config <<<"$item"
  case "$p" in */*) elf="$BUILD/$p.elf" ;; *) elf="$BUILD/programs/$p.elf" ;; esac
  name=${p//\//_}
  # QEMU writes the semihosting console to stderr
  timeout 120 qemu-system-arm -M "${machine:-microbit}" -display none -monitor none -serial null -semihosting \
    -singlestep -d exec,cpu,nochain -D "$tmp/$name.log" -kernel "$elf" > /dev/null 2> "$tmp/$name.qout"
  qrc=$?
  "$BUILD/bin/armv6m-iss" --quiet ${config:+--config "$config"} --tarmac "$tmp/$name.tarmac" "$elf" \
    > "$tmp/$name.mout" 2> /dev/null
  mrc=$?
  if [ "$mrc" -ne 0 ] || [ "$qrc" -ne "$mrc" ] || ! cmp -s "$tmp/$name.qout" "$tmp/$name.mout"; then
    bad "$p: exit $mrc on the model, $qrc on QEMU ${machine:-microbit}"
    diff "$tmp/$name.mout" "$tmp/$name.qout" | head -5
  elif out=$("$BUILD/bin/qemu-compare" "$tmp/$name.log" "$tmp/$name.tarmac" 2>&1); then
    n=$(sed -n 's/.*: \([0-9]*\) instructions compared.*/\1/p' <<<"$out"); total=$((total + n))
    ok "$p${machine:+ on $machine}: $n instructions, no divergence"
  else
    bad "$p"; echo "$out" | head -5
  fi
  rm -f "$tmp/$name".*
done
echo "oracle: $total instructions compared against QEMU"
summary
