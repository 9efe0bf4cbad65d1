#!/usr/bin/env bash
# One numbering everywhere: the reference core's package rtl_tb/core/m0_pkg.sv states the register ids, the
# exception numbers, the EXC_RETURN values and the memory map that the C side defines too. Each is parsed from
# every file that defines it and compared: dpi/include/tarmac/regs.h (TM_REG_*) and dpi/tarmac_chk_pkg.sv
# (REG_*) for the register ids, model/armv6m.h for the exception numbers (M6_EXC_*) and the memory map
# (M6_*_BASE/SIZE), the EXC_RETURN literals of the model's sources (on its lines
# about exc_return). A copy of the package with one number changed
# must fail the same comparison (the check can fail). The model marks the registers a step wrote with the trace
# library's ids (bit TM_REG_<x>): a literal bit number there would be a numbering of its own; a copy of the
# model with one must fail that check.
set -u
cd "$(dirname "$0")/../.."
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# compare.py <m0_pkg.sv>: one line per disagreement (file:line and both values), exit 1 on any
cat > "$tmp/compare.py" <<'PY'
import glob, re, sys

def num(text):
    """A C or SystemVerilog integer literal or a shift of one: 0x2000u, (256u << 10), 32'h2000_0000, 5'd17."""
    text = text.strip().strip("()").replace("_", "")
    m = re.fullmatch(r"(\d+)'([hdb])([0-9a-fA-F]+)", text)
    if m:
        return int(m.group(3), {"h": 16, "d": 10, "b": 2}[m.group(2)])
    m = re.fullmatch(r"(\w+?)u?\s*<<\s*(\d+)", text)
    if m:
        return int(m.group(1), 0) << int(m.group(2))
    return int(text.rstrip("uU"), 0)

def defs(path, pattern):
    """name -> (value, file:line) for every match of pattern (groups: name, value) in path."""
    out = {}
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        for m in re.finditer(pattern, line):
            out[m.group(1)] = (num(m.group(2)), f"{path}:{n}")
    return out

pkg_path = sys.argv[1]
pkg = defs(pkg_path, r"\b([A-Z][A-Z0-9_]*)\s*=\s*([0-9]+'[hdb][0-9a-fA-F_]+|[0-9]+)\s*[;,]")
bad = []

def same(what, name, other, where, pkg_name):
    if pkg_name not in pkg:
        bad.append(f"{pkg_path}: no {pkg_name} (for {what} {name} = {other}, {where})")
    elif pkg[pkg_name][0] != other:
        bad.append(f"{pkg[pkg_name][1]}: {pkg_name} = {pkg[pkg_name][0]:#x}, but {where}: {name} = {other:#x}")

# register ids: the C enum and the checker's SV package, every one of them that the core's package names too
regs_h = defs("dpi/include/tarmac/regs.h", r"\bTM_REG_([A-Z0-9]+)\s*=\s*(-?\d+)")
chk_sv = defs("dpi/tarmac_chk_pkg.sv", r"\bREG_([A-Z0-9]+)\s*=\s*(\d+)")
for name in ("SP", "LR", "PC", "XPSR", "MSP", "PSP", "PRIMASK", "CONTROL", "COUNT"):
    for src, table, prefix in (("regs.h", regs_h, "TM_REG_"), ("tarmac_chk_pkg.sv", chk_sv, "REG_")):
        if name not in table:
            bad.append(f"{src}: no {prefix}{name}")
        else:
            same("register id", prefix + name, table[name][0], table[name][1], "REG_" + name)
# exception numbers and the memory map of the model
model_h = defs("model/armv6m.h", r"\bM6_(EXC_[A-Z0-9]+)\s*=\s*(\d+)")
model_h.update(defs("model/armv6m.h", r"#define\s+M6_([A-Z]+_(?:BASE|SIZE))\s+(.+?)\s*$"))
for name in ("EXC_RESET", "EXC_NMI", "EXC_HARDFAULT", "EXC_SVCALL", "EXC_PENDSV", "EXC_SYSTICK", "EXC_IRQ0",
             "EXC_COUNT", "CODE_BASE", "CODE_SIZE", "SRAM_BASE", "SRAM_SIZE", "MTBRAM_BASE", "MTBRAM_SIZE", "SCS_BASE"):
    if name not in model_h:
        bad.append(f"model/armv6m.h: no M6_{name}")
    else:
        same("model", "M6_" + name, model_h[name][0], model_h[name][1], name)
# EXC_RETURN: the model writes the values as literals (on the lines about exc_return); the package's three are
# exactly the model's
model_ret = {}
for path in sorted(glob.glob("model/*.c")):
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        if "exc_return" not in line.lower():
            continue
        for m in re.finditer(r"0x[fF]{7}[0-9a-fA-F]u?\b", line):
            model_ret.setdefault(num(m.group(0)), f"{path}:{n}")
pkg_ret = {v: (k, w) for k, (v, w) in pkg.items() if k.startswith("EXC_RETURN_")}
for v, where in sorted(model_ret.items()):
    if v not in pkg_ret:
        bad.append(f"{where}: EXC_RETURN {v:#x} is not one of {pkg_path}'s EXC_RETURN_*")
for v, (k, where) in sorted(pkg_ret.items()):
    if v not in model_ret:
        bad.append(f"{where}: {k} = {v:#x} does not occur in model/*.c")
if len(pkg_ret) != 3:
    bad.append(f"{pkg_path}: {len(pkg_ret)} EXC_RETURN values, ARMv6-M has 3")
for line in bad:
    print(line)
sys.exit(1 if bad else 0)
PY

out=$(python3 "$tmp/compare.py" rtl_tb/core/m0_pkg.sv 2>&1); rc=$?
check "rtl_tb/core/m0_pkg.sv agrees with regs.h, tarmac_chk_pkg.sv and the model (register ids, exceptions, EXC_RETURN, memory map)" '[ "$rc" -eq 0 ]'
[ "$rc" -eq 0 ] || echo "$out"

# the comparison fails, naming the line, on a package with one number changed in each group
mutant() {  # <what> <perl substitution>: the comparison of a changed copy must fail and name m0_pkg
  perl -pe "$2" rtl_tb/core/m0_pkg.sv > "$tmp/m0_pkg.sv"
  cmp -s "$tmp/m0_pkg.sv" rtl_tb/core/m0_pkg.sv && { check "$1: the substitution applies" false; return; }
  out=$(python3 "$tmp/compare.py" "$tmp/m0_pkg.sv" 2>&1); rc=$?
  check "$1: the disagreement is found (exit $rc): $(head -1 <<<"$out")" '[ "$rc" -eq 1 ] && grep -q "m0_pkg.sv:[0-9]*: " <<<"$out"'
}
mutant "REG_MSP numbered as TM_REG_XPSR (16)" "s/REG_MSP     = 5'd17/REG_MSP     = 5'd16/"
mutant "EXC_SVCALL off by one" "s/EXC_SVCALL    = 6'd11/EXC_SVCALL    = 6'd12/"
mutant "an EXC_RETURN value the model does not use" "s/EXC_RETURN_PSP     = 32'hFFFF_FFFD/EXC_RETURN_PSP     = 32'hFFFF_FFFB/"
mutant "the SRAM at another base" "s/SRAM_BASE   = 32'h2000_0000/SRAM_BASE   = 32'h2100_0000/"
# the model's register-write marks use TM_REG_* (regs.h), no literal bit numbers
literal_bits() {  # <model dir>: file:line of each literal bit number in a register-write mark
  grep -nE '(reg_written[^;]*|\bw & \()1u << [0-9]+' "$1"/*.c "$1"/*.h
}
out=$(literal_bits model)
check "the model's written-register bits are the TM_REG_* ids${out:+: $out}" '[ -z "$out" ]'
mkdir -p "$tmp/model" && cp model/*.c model/*.h "$tmp/model/"
perl -pi -e 's/\(1u << TM_REG_MSP\)/(1u << 16)/' "$tmp/model/trace.c"
check "a literal bit number in the model's register-write marks is found (MSP as bit 16)" \
  'literal_bits "$tmp/model" | grep -q "trace.c:[0-9]*:.*1u << 16"'

summary
