#!/usr/bin/env bash
# Sizes a newcomer can read: no C function of the project's C sources over 100 lines, no SystemVerilog always,
# initial, final, function or task block over 120 (CONTRIBUTING.md: one small function per job). Each offender is
# printed as file:line, its name and its length. Copies with a planted long function and block must fail.
set -u
cd "$(dirname "$0")/../.."
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
C_MAX=100
SV_MAX=120

# sizes.py <max C> <max SV> <root>: one line per offender ("file:line: name is N lines, over M"), exit 1 on any.
# C: a function is its head (the line at column 0 naming it) to the '}' at column 0 that closes it, the project's
# style. SV: a block is its keyword's line to its matching end (endfunction, endtask, or the begin's end).
cat > "$tmp/sizes.py" <<'PY'
import os, re, sys

c_max, sv_max, root = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]

def blank(m):
    return re.sub(r"[^\n]", " ", m.group(0))

def strip(text):
    """Comments and string literals blanked, lines kept."""
    text = re.sub(r"/\*.*?\*/", blank, text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', blank, text)
    text = re.sub(r"'(?:\\.|[^'\\\n])'", blank, text)
    return re.sub(r"//[^\n]*", "", text)

def c_functions(lines):
    """(line, name, length) of every function: a head at column 0, the body's '{' opening a line or ending the
    head, its '}' at column 0."""
    i = 0
    while i < len(lines):
        line = lines[i]
        brace = line.startswith("{") or (re.match(r"[A-Za-z_]", line) and line.rstrip().endswith("{"))
        if not brace:
            i += 1
            continue
        j = i if not line.startswith("{") else i - 1
        while j > 0 and lines[j].startswith((" ", "\t")):
            j -= 1  # a head over several lines
        head = lines[j] if j >= 0 else ""
        k = i + 1
        while k < len(lines) and not lines[k].startswith("}"):
            k += 1
        m = re.search(r"\b(\w+)\s*\(", head)
        if m and not re.match(r"\s*(struct|union|enum|typedef)\b", head) and "=" not in head.split("(")[0]:
            yield j + 1, m.group(1), k - j + 1
        i = k + 1

SV_START = re.compile(r"^\s*(?:(?:static|automatic|virtual|protected|local)\s+)*"
                      r"(always_comb|always_ff|always_latch|always|initial|final|function|task)\b(.*)")

def sv_blocks(lines):
    """(line, kind and name, length) of every always, initial, final, function and task block."""
    i = 0
    while i < len(lines):
        m = SV_START.match(lines[i])
        if not m:
            i += 1
            continue
        kind, rest = m.group(1), m.group(2)
        k = i
        if kind in ("function", "task"):
            while k < len(lines) and not re.search(r"\bend%s\b" % kind, lines[k]):
                k += 1
            name = re.search(r"(\w+)\s*(?:\(|;)", rest)
            kind += " " + (name.group(1) if name else "")
        else:
            depth, opened = 0, False
            while k < len(lines):
                for t in re.findall(r"\b(begin|fork|case|casez|casex|randcase|end|join|join_any|join_none|endcase)\b",
                                    lines[k]):
                    opened = opened or t in ("begin", "fork", "case", "casez", "casex", "randcase")
                    depth += 1 if t in ("begin", "fork", "case", "casez", "casex", "randcase") else -1
                if (opened and depth <= 0) or (not opened and ";" in lines[k]):
                    break
                k += 1
        yield i + 1, kind, k - i + 1
        i = k + 1

bad = []
for d, dirs, files in os.walk(root):
    dirs[:] = sorted(x for x in dirs if x not in (".git", "build"))
    for f in sorted(files):
        p = os.path.join(d, f)
        rel = os.path.relpath(p, root)
        if f.endswith((".c", ".h")):
            found, limit = c_functions, c_max
        elif f.endswith(".sv"):
            found, limit = sv_blocks, sv_max
        else:
            continue
        lines = strip(open(p, encoding="utf-8", errors="replace").read()).split("\n")
        for n, name, length in found(lines):
            if length > limit:
                bad.append(f"{rel}:{n}: {name} is {length} lines, over {limit}")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY

out=$(python3 "$tmp/sizes.py" $C_MAX $SV_MAX . 2>&1); rc=$?
check "no C function over $C_MAX lines, no SystemVerilog block over $SV_MAX" '[ "$rc" -eq 0 ]'
[ "$rc" -eq 0 ] || echo "$out"

# The check sees what it measures: the longest function and block it finds, and known ones at their length.
python3 "$tmp/sizes.py" 0 0 . > "$tmp/all.txt"
check "the check measures the model's functions (m6_step in model/cpu.c) and the core's blocks (rtl_tb/core/)" \
  'grep -q "^model/cpu.c:[0-9]*: m6_step is [0-9]* lines" "$tmp/all.txt" &&
   grep -q "^rtl_tb/core/m0_core.sv:[0-9]*: always_comb is [0-9]* lines" "$tmp/all.txt" &&
   grep -q "^rtl_tb/.*: function [a-z_0-9]* is [0-9]* lines" "$tmp/all.txt"'
longest() { grep -E "$1" "$tmp/all.txt" | sed -E 's/, over 0$//; s/.* is ([0-9]+) lines.*/\1 &/' | sort -rn | head -1 | cut -d' ' -f2-; }
echo "longest C function:        $(longest '\.[ch]:')"
echo "longest SystemVerilog block: $(longest '\.sv:')"

# The check can fail: a copy with a C function of 101 lines and an always_comb of 121.
mkdir -p "$tmp/root/model" "$tmp/root/rtl_tb"
{ printf '/* a long one */\nstatic int long_one(int x)\n{\n'; for i in $(seq 1 98); do printf '    x += %d;\n' "$i"; done
  printf '}\n\nint short_one(void)\n{\n    return 0;\n}\n'; } > "$tmp/root/model/long.c"
{ printf 'module m (input logic a, output logic [7:0] y);\n  always_comb begin\n    y = 0;\n'
  for i in $(seq 1 118); do printf '    if (a) y = 8'"'"'d%d;\n' "$((i % 200))"; done
  printf '  end\n  function automatic int f(int x);\n    return x;\n  endfunction\nendmodule\n'; } > "$tmp/root/rtl_tb/m.sv"
python3 "$tmp/sizes.py" $C_MAX $SV_MAX "$tmp/root" > "$tmp/out.txt"; rc=$?
check "a C function of 101 lines is reported with its file:line and length" \
  '[ "$rc" -ne 0 ] && grep -qx "model/long.c:2: long_one is 101 lines, over $C_MAX" "$tmp/out.txt"'
check "an always_comb of 121 lines is reported with its file:line and length" \
  'grep -qx "rtl_tb/m.sv:2: always_comb is 121 lines, over $SV_MAX" "$tmp/out.txt"'
check "the short function and block around them are not reported" '[ "$(wc -l < "$tmp/out.txt")" -eq 2 ]'

summary
