#!/usr/bin/env bash
# Plants every bug of sim/live_bugs.tsv in a fresh copy of the RTL, each behind its selector: <dest>/rtl_tb/ is this
# repository's rtl_tb/ where row k's bugged text (BUG standing for "live_bug == k") replaces its original text, and
# each file it changes reads +live_bug=<k> (0, none, by default). Ready for sim/verilate.sh <dest> (sim/sim.mk
# builds build/sim/live-bugs/obj and obj-vis so, for tests/integration/test_live_bugs.sh). Run from the repository's
# root. usage: plant_live_bugs.sh <dest dir>. Exit 1, naming the row, when an original text does not occur once.
set -u
[ $# -eq 1 ] || { echo "usage: plant_live_bugs.sh <dest dir>" >&2; exit 2; }
out=$1; rm -rf "$out/rtl_tb"; mkdir -p "$out"; cp -r rtl_tb "$out/"
k=0
while IFS=$'\t' read -r name file old new _; do
  case "$name" in ''|\#*) continue ;; esac
  k=$((k + 1))
  f="$out/$file"
  # the selector, once per file: after the module's port list
  grep -q "int live_bug;" "$f" || perl -0pi -e 's/^\);\n/);\n  int live_bug;  \/\/ tests\/integration\/test_live_bugs.sh: the injected bug of this run, 0 none\n  initial if (\$value\$plusargs("live_bug=%d", live_bug) == 0) live_bug = 0;\n/m' "$f"
  bash sim/replace_once.sh "$f" "$old" "${new//BUG/(live_bug == $k)}" \
    || { echo "plant_live_bugs.sh: $name (row $k): its original text does not occur once in $file" >&2; exit 1; }
done < sim/live_bugs.tsv
