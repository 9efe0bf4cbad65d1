#!/usr/bin/env bash
# Verilator on rtl_tb/tb_top: the one place that names Verilator's options for the project's simulators. Every
# simulator build (sim/sim.mk, the mutants of sim/mutate.sh, the injected-bug cores of the shell tests) and the
# lint of tests/integration/test_rtl.sh go through it, so that they build and lint one design the same way.
# usage: verilate.sh --lint [--chk] [--top <module> --src <file>...] [-G<param>=<value>...] [<rtl root>]
#        verilate.sh [--sc] [--chk] [--assert] [--trace] [--top <module> --src <file>...] [-G<param>=<value>...] [-j N] <out dir> <main.cpp> <link line> [<rtl root>]
#        verilate.sh --binary [--assert] <out dir> <top module> <sources...>   (a testbench with its own clock)
#   --chk        with the lockstep checker (TARMAC_CHK and dpi/tarmac_chk_pkg.sv)
#   --assert     the SystemVerilog assertions run (the builds of make test, make sim and the mutants')
#   --trace      FST waveforms on request (+fst=<file>, sim/waves.h; the C++ main only)
#   --sc         SystemC model for sim/sc_main.cpp instead of C++
#   --top M      another top than tb_top, with tb_top's ports and C++ class name (Vtb_top), so that the same main
#                drives it (rtl_tb/replay/replay_top.sv), built from the --src files (in order) instead of
#                rtl_tb/sources.f
#   <link line>  one argument: archives, shared libraries and linker options of the harness; a relative path is
#                taken from the repository's root, and each shared library's directory is found at run time
#                relative to the simulator (rpath $ORIGIN/...), so that a moved build still loads its own
#   <rtl root>   the directory that holds the rtl_tb/ tree to build (default: this repository's); the file list
#                is always this repository's rtl_tb/sources.f, whose other entries (dpi/) stay this repository's
# Run from the repository's root. Verilator's output goes to <out dir>/build.log; on failure its tail is printed
# and the exit status is 1. With ccache installed every build compiles through it (Verilator's OBJCACHE), in
# $BUILD/ccache unless OBJCACHE or CCACHE_DIR say otherwise: the simulators of make test are many builds of one
# design, whose Verilator runtime, harness and unchanged modules then compile once. SAN_FLAGS in the environment (make test SAN=1): the project's libraries are
# sanitized, so the simulator is compiled and linked with the same sanitizers.
set -u

# Both linting and building: the design as the simulators see it.
design=(
  --top-module tb_top            # the testbench is the top; the core alone has no memory to run from
)
# Building a simulator (of tb_top, or of a testbench with --binary).
build=(
  -O3                            # every Verilator optimisation: the regression runs millions of cycles
  --x-assign fast                # an X assigned in the RTL (case defaults) becomes what is cheapest, and
  --x-initial fast               # initial values too: the core resets every flop whose value it reads, and a
                                 # read of one it does not would show as a lockstep mismatch, not as an X
  -Wno-fatal                     # warnings do not stop a build: the lint (verilate.sh --lint) fails on any
  -CFLAGS -O2                    # the generated C++ at -O2: -O3 compiles longer for no faster simulation
  -CFLAGS "-I$PWD/model -I$PWD/dpi/include -I$PWD/sim"  # the harness's headers (the model's ELF loader)
)
# Linting: every warning Verilator has is an error.
lint=(
  --lint-only -Wall
  --assert                       # the assertions as the test builds compile them
)

if [ -z "${OBJCACHE+set}" ] && command -v ccache > /dev/null; then
  # paths under the repository hashed relative to it, and not the build directory: builds anywhere share objects
  export OBJCACHE=ccache CCACHE_DIR=${CCACHE_DIR:-$PWD/${BUILD:-build}/ccache} CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
fi

mode=build; chk=0; target=--cc; extra=(); params=(); srcs=(); jobs=2
while [ $# -gt 0 ]; do
  case "$1" in
    --lint) mode=lint; shift ;;
    --binary) mode=binary; shift ;;
    --chk) chk=1; shift ;;
    --sc) target=--sc; shift ;;
    --assert) extra+=(--assert); shift ;;  # immediate and concurrent assertions; off, Verilator drops them
    --trace) extra+=(--trace-fst); shift ;;  # FST: compressed, and GTKWave reads it
    -j) jobs=$2; shift 2 ;;
    -G*) extra+=("$1"); params+=("$1"); shift ;;  # a top-level parameter of tb_top (-G<name>=<value>): a core option
    --top) design=(--top-module "$2" --prefix Vtb_top); shift 2 ;;
    --src) srcs+=("$2"); shift 2 ;;
    -*) echo "verilate.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
checker=()
if [ "$chk" -eq 1 ]; then
  if [ "$mode" = lint ]; then checker=(-DTARMAC_CHK dpi/tarmac_chk_pkg.sv); else checker=(+define+TARMAC_CHK dpi/tarmac_chk_pkg.sv); fi
fi

if [ "$mode" = lint ]; then
  root=${1:-.}
  mapfile -t rtl < <(sed "s|^rtl_tb/|$root/rtl_tb/|" rtl_tb/sources.f)
  [ ${#srcs[@]} -eq 0 ] || rtl=("${srcs[@]}")
  exec verilator "${lint[@]}" "${design[@]}" "${params[@]}" "${checker[@]}" "${rtl[@]}"
fi

if [ "$mode" = binary ]; then
  [ $# -ge 3 ] || { echo "usage: verilate.sh --binary [--assert] <out dir> <top module> <sources...>" >&2; exit 2; }
  out=$1; top=$2; shift 2
  mkdir -p "$out"
  # --binary: Verilator's own main, timing on (the testbench's delays make its clock)
  verilator "${build[@]}" --binary --top-module "$top" -j "$jobs" "${extra[@]}" -Mdir "$out" "$@" > "$out/build.log" 2>&1 \
    || { echo "verilate.sh: the build of $out failed ($out/build.log):" >&2; tail -30 "$out/build.log" >&2; exit 1; }
  exit 0
fi

[ $# -eq 3 ] || [ $# -eq 4 ] || {
  echo "usage: verilate.sh [--sc] [--chk] [--assert] [--trace] [-j N] <out dir> <main.cpp> <link line> [<rtl root>]" >&2
  exit 2
}
out=$1; main=$2; link=$3; root=${4:-.}
mapfile -t rtl < <(sed "s|^rtl_tb/|$root/rtl_tb/|" rtl_tb/sources.f)
[ ${#srcs[@]} -eq 0 ] || rtl=("${srcs[@]}")
san=()
[ -z "${SAN_FLAGS:-}" ] || san=(-CFLAGS "$SAN_FLAGS" -LDFLAGS "$SAN_FLAGS")
# Verilator's own FST writer (include/gtkwave/fstapi.c) stores words at unaligned addresses and shifts negative
# values, which UBSan stops: a tracing build is compiled without UBSan (AddressSanitizer stays; the same design
# and harness are UBSan-checked in the builds without tracing, and the project's libraries keep it).
[ -z "${SAN_FLAGS:-}" ] || [[ " ${extra[*]} " != *" --trace-fst "* ]] || san+=(-CFLAGS -fno-sanitize=undefined)
mkdir -p "$out"
# the link line as Verilator's make (in <out dir>) needs it: files absolute; a shared library linked by its name
# (-L<dir> -l:<file>, so that the simulator needs "libtarmacchk.so", not a path) and found by an rpath relative to
# the simulator first ('$$': Verilator's makefile keeps it, the linker gets $ORIGIN), then where it was built (the
# simulator copied alone elsewhere, as a testbench of one's own); neither is in what make records
ldflags=()
read -ra words <<<"$link"
for w in "${words[@]}"; do
  [[ $w == /* || $w == -* || ! -e $w ]] || w=$PWD/$w
  if [[ $w == *.so && $w != -* ]]; then
    ldflags+=("-Wl,-rpath,'\$\$ORIGIN/$(realpath -m --relative-to="$out" "$(dirname "$w")"):$(dirname "$w")'" \
              "-L$(dirname "$w")" "-l:$(basename "$w")")
  else ldflags+=("$w"); fi
done
# --exe --build: compile and link the harness's main too, so that the command gives the binary
if ! verilator "${build[@]}" --exe --build "${design[@]}" -j "$jobs" "$target" "${extra[@]}" "${san[@]}" -Mdir "$out" "${checker[@]}" "${rtl[@]}" \
     "$PWD/$main" "$PWD/sim/harness.cpp" -LDFLAGS "${ldflags[*]} -lz -pthread" > "$out/build.log" 2>&1; then
  echo "verilate.sh: the build of $out failed ($out/build.log):" >&2
  tail -30 "$out/build.log" >&2
  exit 1
fi
