#!/usr/bin/env bash
# A newcomer's first hour, for real: removes the project's own Debian packages (`make deps-list`), what was
# installed only for them and apt's cache of package files, checks that none is left, clones this repository
# into a fresh directory and runs the given commands there in order (default: the README's `make sim`, then
# `make test`), printing each one's wall time and exit status. The usual build toolchain (gcc, g++, make, python3) stays: the rest of a Debian machine
# depends on it, and `make deps` installs it too where it is missing.
# It changes the machine, so it is not part of `make test`: run it as root with --yes.
#   tests/repo/clean_machine.sh --yes                      # make sim, then make test
#   tests/repo/clean_machine.sh --yes "make -j4 test"      # any other first contact
set -u
[ "${1:-}" = --yes ] || { echo "usage: $0 --yes [command...]   (removes the project's Debian packages first)" >&2; exit 2; }
shift
[ "$(id -u)" -eq 0 ] || { echo "clean_machine: run as root (it removes and installs Debian packages)" >&2; exit 2; }
[ $# -gt 0 ] || set -- "make sim" "make test"
repo=$(cd "$(dirname "$0")/../.." && pwd)
pkgs=$(make -s -C "$repo" deps-list) || exit 2
export DEBIAN_FRONTEND=noninteractive
echo "clean_machine: removing $pkgs"
# apt-get clean: no package file left in apt's cache, so that the install downloads as on a new machine
# shellcheck disable=SC2086
apt-get remove --purge -y -qq $pkgs > /dev/null && apt-get autoremove --purge -y -qq > /dev/null && apt-get clean \
  || { echo "clean_machine: apt-get remove failed" >&2; exit 2; }
# shellcheck disable=SC2086
left=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' $pkgs 2>/dev/null | awk '$1 == "ii" { print $2 }')
[ -z "$left" ] || { echo "clean_machine: still installed: $left" >&2; exit 2; }
for tool in verilator arm-none-eabi-gcc qemu-system-arm; do
  if command -v "$tool" > /dev/null; then echo "clean_machine: $tool is still on PATH" >&2; exit 2; fi
done
work=$(mktemp -d /tmp/clean_machine.XXXXXX)
git clone -q "$repo" "$work/clone" || exit 2
cd "$work/clone" || exit 2
status=0
for cmd in "$@"; do
  echo "clean_machine: \$ $cmd   (in $work/clone; log $work/$(tr ' /' '__' <<<"$cmd").log)"
  log="$work/$(tr ' /' '__' <<<"$cmd").log"
  start=$(date +%s)
  bash -c "$cmd" < /dev/null > "$log" 2>&1; rc=$?
  secs=$(( $(date +%s) - start ))
  tail -3 "$log" | sed 's/^/  | /'
  printf 'clean_machine: %s: exit %d, %dm%02ds\n' "$cmd" "$rc" $((secs / 60)) $((secs % 60))
  [ "$rc" -eq 0 ] || { status=1; break; }
done
exit $status
