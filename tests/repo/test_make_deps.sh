#!/usr/bin/env bash
# `make deps` and the two passes of the top-level Makefile, with stand-ins for dpkg-query, apt-get, id and the C
# compiler on PATH (nothing is installed or removed): as root, a missing package is installed before the first
# compile starts, under -j1 and -j4; without root, make stops at once with one line naming the missing package
# and the command to run, exit 2. make -j4 bench runs its benchmarks one at a time, after their prerequisites.
set -u
cd "$(dirname "$0")/../.."
unset MAKELEVEL MAKEFLAGS MFLAGS  # under `make test`: the makes below are a user's top-level makes
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fake() { mkdir -p "$tmp/$1"; printf '#!/usr/bin/env bash\n%s\n' "$3" > "$tmp/$1/$2"; chmod +x "$tmp/$1/$2"; }
for dir in root user; do
  # dpkg-query -W -f=<fmt> <pkgs>: "ii <pkg>" for each package the stand-in apt-get has installed
  fake $dir dpkg-query 'for p in "${@:3}"; do grep -qx "$p" "'"$tmp"'/installed" 2>/dev/null && echo "ii $p"; done; exit 0'
  fake $dir apt-get 'echo "apt-get $*" >> "'"$tmp"'/log"; if [ "$1" = install ]; then sleep 2; echo "${@: -1}" >> "'"$tmp"'/installed"; fi'
  fake $dir cc 'for a; do [ "$prev" = -o ] && out=$a; prev=$a; done
if grep -qx fake-pkg "'"$tmp"'/installed" 2>/dev/null; then echo "compile after install" >> "'"$tmp"'/log"; else echo "compile BEFORE install" >> "'"$tmp"'/log"; fi
: > "$out"'
done
fake root id 'echo 0'
fake user id 'echo 1000'

for j in 1 4; do
  rm -f "$tmp/installed" "$tmp/log"
  PATH="$tmp/root:$PATH" make -j$j BUILD="$tmp/build$j" CC=cc DEPS_PKGS=fake-pkg "$tmp/build$j/lib/libtarmac.a" \
    > "$tmp/out" 2>&1; rc=$?
  compiles=$(grep -c "^compile" "$tmp/log" 2>/dev/null)
  check "as root, -j$j: installs the missing package once, then builds (exit $rc)" \
    '[ "$rc" -eq 0 ] && [ "$(grep -c "^apt-get install" "$tmp/log")" -eq 1 ] && grep -q "install.*fake-pkg" "$tmp/log"'
  check "as root, -j$j: every compile ($compiles) starts after the install finished" \
    '[ "$compiles" -gt 3 ] && ! grep -q "compile BEFORE" "$tmp/log"'
done

rm -f "$tmp/installed" "$tmp/log"
for goal in sim test deps; do
  PATH="$tmp/user:$PATH" make BUILD="$tmp/build-user" DEPS_PKGS="fake-pkg" $goal > "$tmp/out" 2>&1; rc=$?
  check "without root, make $goal: exit 2, one line naming the package and the command (exit $rc)" \
    '[ "$rc" -eq 2 ] && [ "$(wc -l < "$tmp/out")" -eq 1 ] && grep -q "missing Debian packages: fake-pkg; run .make deps. as root" "$tmp/out"'
done
# Packages by need: `make sim` asks only for what building and running the regression needs; the goals that test
# ask for the test-only packages too (stand-in lists, nothing installed: without root make names what is missing).
for goal in sim golden test regress; do
  PATH="$tmp/user:$PATH" make BUILD="$tmp/build-user" BASE_PKGS= SIM_PKGS=fake-sim TEST_PKGS=fake-test $goal \
    > "$tmp/out-$goal" 2>&1
done
check "make sim and make golden ask only for the build packages" \
  'grep -q "packages: fake-sim;" "$tmp/out-sim" && grep -q "packages: fake-sim;" "$tmp/out-golden"'
check "make test and make regress also ask for the test-only packages" \
  'grep -q "packages: fake-sim fake-test;" "$tmp/out-test" && grep -q "packages: fake-sim fake-test;" "$tmp/out-regress"'
check "without root, nothing was installed or compiled" '[ ! -e "$tmp/log" ] && [ ! -e "$tmp/build-user" ]'

# make -j4 bench: the benchmarks run one at a time after what they run is built (two stand-in benchmarks and a
# stand-in prerequisite, read through MAKEFILES; a benchmark sharing the machine with another measures both)
cat > "$tmp/bench.mk" <<'MK'
$(T)/prereq: ; @sleep 1; echo "prereq built" >> $(T)/bench.log; touch $@
bench-a bench-b: ; @echo "$@ start" >> $(T)/bench.log; sleep 1; echo "$@ end" >> $(T)/bench.log
MK
MAKEFILES="$tmp/bench.mk" make -j4 T="$tmp" BUILD="$tmp/build-bench" DEPS_PKGS= BENCHES="bench-a bench-b" \
  BENCH_PREREQS="$tmp/prereq" bench > "$tmp/out" 2>&1; rc=$?
order=$(tr '\n' ',' < "$tmp/bench.log" 2>/dev/null)
check "make -j4 bench: the prerequisite, then one benchmark after the other ($order exit $rc)" \
  '[ "$rc" -eq 0 ] && [ "$order" = "prereq built,bench-a start,bench-a end,bench-b start,bench-b end," ]'
summary
