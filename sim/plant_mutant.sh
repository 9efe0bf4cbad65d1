#!/usr/bin/env bash
# Plants one mutant of the mutant list (sim/mutants.tsv) in a fresh copy of the RTL: <dest>/rtl_tb/ is this
# repository's rtl_tb/ with the mutant's text replaced (sim/replace_once.sh), ready for sim/verilate.sh <dest>.
# The mutation campaign (sim/mutate.sh), the nightly's negative control and the injected-bug cores of the
# integration tests (sim/sim.mk) build their mutants so. The mutant is looked up in each --mutants list in turn.
# usage: plant_mutant.sh [--mutants FILE]... <name> <dest dir>
# Exit 1 when the list has no such mutant or its text does not occur exactly once (replace_once.sh's message).
set -u
mutants=()
while [ "${1:-}" = --mutants ]; do mutants+=("$2"); shift 2; done
[ ${#mutants[@]} -gt 0 ] || mutants=(sim/mutants.tsv)
[ $# -eq 2 ] || { echo "usage: plant_mutant.sh [--mutants FILE]... <name> <dest dir>" >&2; exit 2; }
IFS=$'\t' read -r name file old new _ < <(awk -F'\t' -v n="$1" '$1 == n { print; exit }' "${mutants[@]}")
[ -n "${name:-}" ] || { echo "plant_mutant.sh: no mutant '$1' in ${mutants[*]}" >&2; exit 1; }
rm -rf "$2/rtl_tb"; mkdir -p "$2"; cp -r rtl_tb "$2/"
bash sim/replace_once.sh "$2/$file" "$old" "$new"
