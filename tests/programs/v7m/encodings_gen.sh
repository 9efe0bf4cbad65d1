#!/usr/bin/env bash
# The examples of tests/programs/v7m/encodings.list as a program: each one after v7e_setup (the known state), then
# two NOPs (the examples' branches land on them). $1: 7M (the ARMv7-M examples, for the Cortex-M3) or 7EM (the DSP
# extension's, for the Cortex-M4). Reads the architectures from the decode table. Usage:
#   encodings_gen.sh 7M|7EM <encodings.list >program.S
set -eu
arch=$1
table=$(dirname "$0")/../../../dpi/include/tarmac/thumb_encodings.h
awk -v want="$arch" '
  FNR == NR { if (match($0, /X\([a-z0-9_]+,/)) { id = substr($0, RSTART + 2, RLENGTH - 3);
                if (match($0, /(6M|7M|7EM)\) *\\?$/)) arch[id] = substr($0, RSTART, RLENGTH);
                sub(/\).*/, "", arch[id]) } next }
  FNR == 1 { print "\t.syntax unified\n\t.thumb\n\t.text\n\t.global main\n\t.type main, %function\n\t.thumb_func";
             print "main:\n\tpush {r4-r11, lr}\n\tldr r0, =v7e_saved_sp\n\tstr sp, [r0]" }
  /^#/ || NF == 0 { next }
  {
    split($0, f, "|")
    if (!(f[1] in arch)) { printf "encodings.list:%d: no encoding %s\n", FNR, f[1] > "/dev/stderr"; exit 1 }
    if (arch[f[1]] != want) next
    n++
    # WFI waits for an exception that would be taken: PendSV pending, masked by PRIMASK, wakes it
    if (f[1] == "wfi_t2") print "\tcpsid i\n\tldr r0, =0xe000ed04\n\tldr r1, =0x10000000\n\tstr r1, [r0]"
    print "\tbl v7e_setup"
    printf "\t.inst.%s 0x%s\t@ %s: %s\n", length(f[2]) == 8 ? "w" : "n", f[2], f[1], f[3]
    print "\tnop\n\tnop"
    if (f[1] == "wfi_t2") print "\tldr r0, =0xe000ed04\n\tldr r1, =0x08000000\n\tstr r1, [r0]\n\tcpsie i"
  }
  END { if (!n) { print "no example for " want > "/dev/stderr"; exit 1 }
        print "\tbl v7e_setup\n\tldr r0, =v7e_saved_sp\n\tldr r0, [r0]\n\tmov sp, r0\n\tmovs r0, #0\n\tpop {r4-r11, pc}\n\t.ltorg" }
' "$table" -
