#!/usr/bin/env bash
# Nothing lost, every argument checked, end to end on the built tools and simulators: an output that is an input
# (by its path, a symlink or a hard link) is refused and the input stays as it was (armv6m-iss --tarmac,
# tarmac-cov's -o/--text/--html, the checker's +tarmac_report/+tarmac_coverage/+tarmac_golden_out, +fst=); an
# output that cannot be created or written (a missing directory, a full disk as a file size limit) is an error with
# a message and a non-zero exit that leaves the old file; two runs writing one golden_out leave one whole file;
# numbers on the command lines are validated (armv6m-iss, tarmac-diff, mtb-decode, tarmac-cov's counts); paths
# longer than any buffer work. The harness's plusarg table names every plusarg the testbench reads. Needs BUILD.
set -u
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
iss="$BUILD/bin/armv6m-iss"; cov="$BUILD/bin/tarmac-cov"; diff="$BUILD/bin/tarmac-diff"; mtb="$BUILD/bin/mtb-decode"
sim="$BUILD/sim/chk/Vtb_top"; sc="$BUILD/sim-systemc/chk/Vtb_top"; live="$BUILD/sim/chk-live/Vtb_top"
elf="$BUILD/programs/hello.elf"
# run <command...>: its output in $out, its status in $rc
run() { out=$("$@" 2>&1); rc=$?; }
# the same with files limited to $1 blocks of 512 bytes (a full disk; SIGXFSZ ignored: writes fail with EFBIG)
limited() { local n=$1; shift; out=$(trap '' XFSZ; ulimit -f "$n"; "$@" 2>&1); rc=$?; }
has() { grep -qF -- "$1" <<<"$out"; }     # the output has this text
matches() { grep -q -- "$1" <<<"$out"; }  # the output has a line matching this pattern
same() { cmp -s "$1" "$2"; }
none_left() { [ -z "$(find "$1" -name '.*.tmp')" ]; }
# the message of an output refused as an input: "<output>: [option <key>: ]is the same file as the input '<input>'"
is_input() { has "$1: " && has "is the same file as the input '$2'"; }

# ---- armv6m-iss --tarmac ----
cp "$elf" "$tmp/p.elf"; cp "$elf" "$tmp/orig.elf"
ln -s p.elf "$tmp/link.elf"; ln "$tmp/p.elf" "$tmp/hard.elf"
for o in "$tmp/p.elf" "$tmp/link.elf" "$tmp/hard.elf" "$tmp/./p.elf"; do
  run "$iss" --quiet --tarmac "$o" "$tmp/p.elf"
  check "armv6m-iss --tarmac $(basename "$o") p.elf: refused, naming both, the ELF untouched (exit $rc)" \
    '[ "$rc" -eq 2 ] && is_input "$o" "$tmp/p.elf" && same "$tmp/p.elf" "$tmp/orig.elf"'
done
run "$iss" --quiet --tarmac "$tmp/p.elf" "$tmp/link.elf"
check "armv6m-iss --tarmac p.elf link.elf (the input a symlink): refused (exit $rc)" \
  '[ "$rc" -eq 2 ] && same "$tmp/p.elf" "$tmp/orig.elf"'
run "$iss" --quiet --tarmac "$tmp/no/dir/g.tarmac.gz" "$elf"
check "armv6m-iss --tarmac in a missing directory: exit 2 naming it (exit $rc)" \
  '[ "$rc" -eq 2 ] && has "$tmp/no/dir/g.tarmac.gz: cannot create: directory '"'"'$tmp/no/dir'"'"': No such file"'
echo "the old golden" > "$tmp/g.tarmac"
limited 8 "$iss" --quiet --tarmac "$tmp/g.tarmac" "$elf"
check "armv6m-iss --tarmac on a full disk: exit 2 with the reason, the old file kept, nothing left (exit $rc)" \
  '[ "$rc" -eq 2 ] && matches "writing the trace failed: .*g.tarmac: write error: File too large" &&
   [ "$(cat "$tmp/g.tarmac")" = "the old golden" ] && none_left "$tmp"'
run "$iss" --quiet --tarmac "$tmp/g.tarmac.gz" "$elf"
check "armv6m-iss --tarmac with room: written whole (exit $rc)" \
  '[ "$rc" -eq 0 ] && zcat "$tmp/g.tarmac.gz" | cmp -s - <(zcat golden/hello.tarmac.gz)'
for n in -5 abc 0 1e3 " 5" 5k 0x 18446744073709551616 ""; do
  run "$iss" --quiet --max-insns "$n" "$elf"
  check "armv6m-iss --max-insns '$n': exit 2, naming it (exit $rc)" '[ "$rc" -eq 2 ] && has "--max-insns '"'"'$n'"'"'"'
done
run "$iss" --quiet --max-insns 0x10 "$elf"
check "armv6m-iss --max-insns 0x10: 16 instructions (exit $rc)" \
  '[ "$rc" -eq 124 ] && has "stopped after 16 instructions"'

# ---- tarmac-cov merge ----
printf '# tarmac-cov 1\n# tests 1\n# failed 0\nencoding.a\t3\n' > "$tmp/c.cov"; cp "$tmp/c.cov" "$tmp/c.orig"
ln -s c.cov "$tmp/c.link"; ln "$tmp/c.cov" "$tmp/c.hard"
for flag in --text --html -o; do
  for o in "$tmp/c.cov" "$tmp/c.link" "$tmp/c.hard"; do
    run "$cov" merge "$tmp/c.cov" "$flag" "$o"
    check "tarmac-cov merge c.cov $flag $(basename "$o"): refused, c.cov untouched (exit $rc)" \
      '[ "$rc" -eq 2 ] && is_input "$o" "$tmp/c.cov" && same "$tmp/c.cov" "$tmp/c.orig"'
  done
done
run "$cov" merge "$tmp/c.cov" -o "$tmp/m.tsv" --text "$tmp/./m.tsv"
check "tarmac-cov: -o and --text one file: refused (exit $rc)" \
  '[ "$rc" -eq 2 ] && has "-o and --text name the same file" && [ ! -e "$tmp/m.tsv" ]'
run "$cov" merge "$tmp/c.cov" --html "$tmp/no/dir/c.html"
check "tarmac-cov --html in a missing directory: exit 2 naming it (exit $rc)" \
  '[ "$rc" -eq 2 ] && has "$tmp/no/dir/c.html: cannot create"'
echo "old summary" > "$tmp/sum.txt"
limited 0 "$cov" merge "$tmp/c.cov" --text "$tmp/sum.txt"
check "tarmac-cov --text on a full disk: exit 2 with the reason, the old file kept (exit $rc)" \
  '[ "$rc" -eq 2 ] && has "sum.txt: write error: File too large" && [ "$(cat "$tmp/sum.txt")" = "old summary" ] &&
   none_left "$tmp"'
run "$cov" merge "$tmp/c.cov" "$tmp/c.cov" -o "$tmp/m.tsv"
check "tarmac-cov with room: the merge written (exit $rc)" '[ "$rc" -eq 0 ] && grep -qx "encoding.a	6" "$tmp/m.tsv"'
for bad in "encoding.a	-3" "encoding.a	99999999999999999999" "encoding.a	3x" "encoding.a	 3" "# tests -1" \
           "# tests 18446744073709551616"; do
  printf '# tarmac-cov 1\n# tests 1\n%s\n' "$bad" > "$tmp/bad.cov"
  run "$cov" merge "$tmp/bad.cov"
  check "tarmac-cov: '$bad' refused with file:line (exit $rc)" '[ "$rc" -eq 2 ] && matches "bad.cov:[23]: expected"'
done
printf '# tarmac-cov 1\n# tests 1\nencoding.a\t18446744073709551615\n' > "$tmp/max.cov"
run "$cov" merge "$tmp/max.cov" "$tmp/max.cov"
check "tarmac-cov: hits that no longer fit when added are refused, not wrapped (exit $rc)" \
  '[ "$rc" -eq 2 ] && has "no longer fit"'
long=$(printf 'x%.0s' $(seq 1 700))
printf '# tarmac-cov 1\n# tests 1\n# golden /%s/g.tarmac.gz\nencoding.a\t1\n' "$long" > "$tmp/long.cov"
run "$cov" merge "$tmp/long.cov"
check "tarmac-cov: a 700-character golden path in a file is one line (exit $rc)" '[ "$rc" -eq 0 ]'

# ---- tarmac-diff and mtb-decode numbers ----
for a in "--context -5" "--context abc" "--context 5k" "--context ' 5'" "--max-diffs 0" "--max-diffs -1" \
         "--max-diffs 1e3" "--context"; do
  eval "run $diff $a golden/hello.tarmac.gz golden/hello.tarmac.gz"
  check "tarmac-diff $a: exit 2 (exit $rc)" '[ "$rc" -eq 2 ] && has "expected a number from"'
done
printf '\x01\x01\x00\x00\x05\x01\x00\x00' > "$tmp/one.bin"
for p in -1 abc 0x100000000 " 4" 4k; do
  run "$mtb" --position "$p" "$tmp/one.bin"
  check "mtb-decode --position '$p': exit 2 (exit $rc)" '[ "$rc" -eq 2 ] && has "expected the POSITION register"'
done
printf '\x01\x01\x00\x00\x05\x01\x00\x00\x07' > "$tmp/odd.bin"
run "$mtb" "$tmp/odd.bin"
check "mtb-decode: a dump of 9 bytes is refused, not cut to 8 (exit $rc)" \
  '[ "$rc" -eq 2 ] && has "9 bytes: a dump holds whole 32-bit words"'
head -c $((8 * 1048576 + 8)) /dev/zero > "$tmp/big.bin"
run "$mtb" "$tmp/big.bin"
check "mtb-decode: a dump over 8 MiB is decoded whole, not cut at 8 MiB (exit $rc)" \
  '[ "$rc" -eq 0 ] && tail -1 <<<"$out" | grep -qx "mtb-decode: 1048577 packets"'

# ---- the simulators' outputs ----
cp golden/hello.tarmac.gz "$tmp/hello.tarmac.gz"; cp golden/hello.tarmac.gz "$tmp/golden.orig"
ln -s hello.tarmac.gz "$tmp/golden.link"; ln "$tmp/hello.tarmac.gz" "$tmp/golden.hard"
for h in "$sim" "$sc"; do
  name=$(basename "$(dirname "$(dirname "$h")")")
  for o in report coverage; do
    for t in hello.tarmac.gz golden.link golden.hard; do
      run "$h" +elf="$elf" +tarmac_golden="$tmp/hello.tarmac.gz" +tarmac_$o="$tmp/$t"
      check "$name: +tarmac_$o=$t (the golden): refused at open, the golden untouched (exit $rc)" \
        '[ "$rc" -eq 3 ] && is_input "$tmp/$t" "$tmp/hello.tarmac.gz" &&
         same "$tmp/hello.tarmac.gz" "$tmp/golden.orig" && ! has "tarmac checker: PASS"'
    done
  done
  run "$h" +elf="$elf" +tarmac_golden="$tmp/hello.tarmac.gz" +tarmac_report="$tmp/no/dir/r.txt"
  check "$name: +tarmac_report= in a missing directory: refused at open, naming it (exit $rc)" \
    '[ "$rc" -eq 3 ] && has "option report: cannot create: directory '"'"'$tmp/no/dir'"'"'"'
  echo "old report" > "$tmp/r.txt"
  limited 0 "$h" +elf="$elf" +tarmac_golden="$tmp/hello.tarmac.gz" +tarmac_report="$tmp/r.txt"
  check "$name: +tarmac_report= on a full disk: the run fails, saying why, the old file kept (exit $rc)" \
    '[ "$rc" -eq 3 ] && matches "report file: .*r.txt: write error: File too large" &&
     matches "^tarmac checker: FAIL" && [ "$(cat "$tmp/r.txt")" = "old report" ] && none_left "$tmp"'
done
for f in golden.link hard.elf; do
  run "$BUILD/sim/chk-trace/Vtb_top" +elf="$tmp/p.elf" +tarmac_golden="$tmp/hello.tarmac.gz" +fst="$tmp/$f"
  check "chk-trace: +fst=$f (an input): refused, the inputs untouched (exit $rc)" \
    '[ "$rc" -eq 2 ] && has "is the same file as the input" && same "$tmp/hello.tarmac.gz" "$tmp/golden.orig" &&
     same "$tmp/p.elf" "$tmp/orig.elf"'
done
# live mode: golden_out over the program refused; two runs writing one golden_out leave one whole golden
run "$live" +elf="$tmp/p.elf" +tarmac_golden="live:$tmp/p.elf" +tarmac_golden_out="$tmp/hard.elf"
check "chk-live: +tarmac_golden_out= the program (a hard link): refused (exit $rc)" \
  '[ "$rc" -eq 3 ] && is_input "$tmp/hard.elf" "$tmp/p.elf" && same "$tmp/p.elf" "$tmp/orig.elf"'
# the short run (hello, 0.2 s) starts while the long one (matmul, about 2.5 s) is writing, and ends first
prog="$BUILD/programs/matmul.elf"
golden_out() { "$live" +elf="$1" +tarmac_golden="live:$1" +tarmac_golden_out="$2" > /dev/null 2>&1; }
golden_out "$elf" "$tmp/alone_short.tarmac.gz"; golden_out "$prog" "$tmp/alone_long.tarmac.gz"
one_of() {
  zcat "$1" > "$tmp/got" 2>/dev/null || return 1
  zcat "$tmp/alone_short.tarmac.gz" | cmp -s - "$tmp/got" || zcat "$tmp/alone_long.tarmac.gz" | cmp -s - "$tmp/got"
}
for at in 0.3 1 1.8; do
  golden_out "$prog" "$tmp/shared.tarmac.gz" & pa=$!
  sleep "$at"
  golden_out "$elf" "$tmp/shared.tarmac.gz"; rb=$?
  wait $pa; ra=$?
  check "two live runs on one golden_out, the short one from ${at} s into the long one: the file is one run's whole" \
    '[ "$ra" -eq 0 ] && [ "$rb" -eq 0 ] && one_of "$tmp/shared.tarmac.gz"'
done
check "no temporary file left by them" 'none_left "$tmp"'

# ---- paths of any length (over the 511 characters the checker's buffers held) ----
deep="$tmp"; for i in $(seq 1 12); do deep="$deep/$(printf "d$i%.0s" $(seq 1 20))"; done
mkdir -p "$deep"; cp golden/hello.tarmac.gz "$deep/hello.tarmac.gz"; cp "$elf" "$deep/hello.elf"
for h in "$sim" "$sc"; do
  name=$(basename "$(dirname "$(dirname "$h")")")
  run "$h" +elf="$deep/hello.elf" +tarmac_golden="$deep/hello.tarmac.gz" +tarmac_report="$deep/r.txt" \
    +tarmac_coverage="$deep/c.cov"
  check "$name: a ${#deep}-character directory for the ELF, golden, report and coverage: passes (exit $rc)" \
    '[ "$rc" -eq 0 ] && grep -q "^tarmac checker: PASS" "$deep/r.txt" &&
     grep -qF "# golden $deep/hello.tarmac.gz" "$deep/c.cov"'
done

# ---- the harness's table names every plusarg the testbench reads ----
table=$(sed -n '/kPlusargs\[\] = {/,/^};/p' sim/harness.cpp)
read_names=$( { grep -rhoE '\$(value|test)\$plusargs\("[a-z_]+' rtl_tb dpi/*.sv | sed -E 's/.*\("//';
                grep -rhoE 'harness_(plusarg|number)\(argc, argv, "\+[a-z_]+' sim | sed -E 's/.*"\+//'; } | sort -u)
not_in_table() { # names... -> those neither in the table nor a checker option as +tarmac_<key>
  local n
  for n in "$@"; do
    case "$n" in tarmac_*) grep -q "{ \"${n#tarmac_}\"," dpi/checker/tc_options.c && continue ;; esac
    grep -q "{ \"$n\"," <<<"$table" || echo "$n"
  done
}
missing=$(not_in_table $read_names)
check "every plusarg read in rtl_tb/, dpi/*.sv and sim/ ($(wc -w <<<"$read_names") names) is in the harness's table" \
  '[ -z "$missing" ] && [ "$(wc -w <<<"$read_names")" -ge 15 ] || { echo "missing: $missing"; false; }'
check "and a name read but not in the table is found" \
  '[ "$(not_in_table seed planted_plusarg tarmac_bus)" = planted_plusarg ]'
summary
