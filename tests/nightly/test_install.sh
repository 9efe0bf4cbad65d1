#!/usr/bin/env bash
# make install: the versioned tool area (<prefix>/tarmac/<VERSION>/) with DESTDIR staging, every tool's --version,
# tarmac.pc, a C program built with pkg-config against the installed library, and the DPI testbench of
# tests/unit/dpi (tb_checker.sv, copied out) built by Verilator against the installed SV package and DPI library
# only, run from outside the checkout: its checker passes and prints the version. Needs BUILD from make.
set -u
cd "$(dirname "$0")/../.."
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ver=$(cat VERSION); root=$PWD
san=0; [ "$BUILD" = build/san ] && san=1
mk() { env -u MAKEFLAGS -u MAKELEVEL make --no-print-directory -s SAN=$san install "$@"; }
mk PREFIX=/opt/eda DESTDIR="$tmp/stage" > "$tmp/stage.log" 2>&1; rc=$?
area="$tmp/stage/opt/eda/tarmac/$ver"
check "DESTDIR staging: the area under DESTDIR, tarmac.pc naming the final prefix (exit $rc)" \
  '[ "$rc" -eq 0 ] && [ -x "$area/bin/tarmac-diff" ] && grep -qx "prefix=/opt/eda/tarmac/$ver" "$area/lib/pkgconfig/tarmac.pc" && [ ! -e /opt/eda/tarmac ]'
mk PREFIX="$tmp/tools" > "$tmp/install.log" 2>&1; rc=$?
area="$tmp/tools/tarmac/$ver"
check "make install PREFIX=...: $area (exit $rc)" '[ "$rc" -eq 0 ] && grep -qx "install: $area (version $ver)" "$tmp/install.log"'
check "the area holds the libraries, headers, SV packages, testbench pieces and docs" \
  'for f in lib/libtarmac.a lib/libtarmac.so lib/libtarmacchk.so lib/libarmv6m.a include/tarmac/checker.h include/tarmac/version.h \
     include/armv6m.h share/tarmac/sv/tarmac_chk_pkg.sv share/tarmac/sv/armv6m_tb_pkg.sv share/tarmac/rtl_tb/armv6m_semihost.sv \
     share/tarmac/rtl_tb/monitors/armv6m_lockstep_monitor.sv; do [ -f "$area/$f" ] || exit 1; done &&
   [ "$(ls "$area/share/doc/tarmac" | grep -c '"'"'\.md$'"'"')" -eq 7 ]'
bad=""
for t in "$area"/bin/*; do [ "$("$t" --version)" = "$(basename "$t") $ver" ] || bad="$bad $(basename "$t")"; done
check "every tool prints '<tool> $ver' for --version ($(ls "$area/bin" | wc -l) tools)${bad:+, not:$bad}" \
  '[ -z "$bad" ] && [ "$(ls "$area/bin" | wc -l)" -eq 5 ]'
export PKG_CONFIG_PATH="$area/lib/pkgconfig"
check "pkg-config: version $ver" '[ "$(pkg-config --modversion tarmac)" = "$ver" ]'
mkdir -p "$tmp/user"; cd "$tmp/user" || exit 1
cat > prog.c <<'C'
#include <stdio.h>
#include "tarmac/elf.h"
#include "tarmac/version.h"
int main(int argc, char **argv)
{
    tm_error err;
    tm_elf *e = tm_elf_open(argv[argc - 1], &err);
    if (!e) return 1;
    char sym[64];
    tm_elf_symbolize(e, tm_elf_entry(e) & ~1u, sym, sizeof sym);
    printf("%s %s\n", tm_version(), sym);
    tm_elf_close(e);
    return 0;
}
C
# under SAN=1 the installed library is a sanitizer build: its users are built with the same flags
# shellcheck disable=SC2046,SC2086
cc ${SAN_FLAGS:-} -o prog prog.c $(pkg-config --cflags --libs --static tarmac) -Wl,-rpath,"$(pkg-config --variable=libdir tarmac)" 2> cc.log
got=$(./prog "$root/$BUILD/programs/hello.elf" 2>&1)
check "a C program built with pkg-config links the installed library ($got)" '[ "$got" = "$ver reset_handler+0x0" ]'
cp "$root/tests/unit/dpi/tb_checker.sv" .
sed -n '/kGolden =/,/;$/s/^ *"\(.*\)\\n";\{0,1\}$/\1/p' "$root/tests/unit/dpi/test_dpi.cpp" > golden.tarmac
svdir=$(pkg-config --variable=svdir tarmac); dpi=$(pkg-config --variable=dpi_lib tarmac)
verilator --binary -j 2 -Mdir obj --top-module tb_checker "$svdir/tarmac_chk_pkg.sv" tb_checker.sv \
  ${SAN_FLAGS:+-CFLAGS "$SAN_FLAGS"} -LDFLAGS "${SAN_FLAGS:-} -Wl,-rpath,$(dirname "$dpi") $dpi" > build.log 2>&1; rc=$?
check "Verilator builds the testbench against the installed package and DPI library (exit $rc)" \
  '[ "$rc" -eq 0 ] && ! grep -rqF "$root" obj/*.mk obj/*.cpp'
out=$(./obj/Vtb_checker +golden=golden.tarmac 2>&1); rc=$?
check "the testbench's checker passes and prints version $ver (exit $rc)" \
  '[ "$rc" -eq 0 ] && grep -q "^tarmac checker: PASS: .*; tarmac $ver$" <<<"$out"'
check "the simulator loads the installed DPI library, not the checkout's" \
  'ldd obj/Vtb_checker | grep -q "$area/lib/libtarmacchk.so" && ! ldd obj/Vtb_checker | grep -qF "$root"'
cd "$root" || exit 1
summary
