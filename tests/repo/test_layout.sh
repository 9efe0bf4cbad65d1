#!/usr/bin/env bash
# dpi/'s layout (dpi/README.md, "The parts and how data flows"): the trace library in dpi/lib/, the checker in
# dpi/checker/, public headers in dpi/include/tarmac/, and a header's implementation named after it. Every
# function a public header <name>.h declares is defined in dpi/lib/<name>.c or dpi/lib/<name>_*.c
# (checker.h: dpi/checker/tc_*.c), every source of dpi/lib/ is named after a header, dpi/checker/ holds only
# tc_* files. A copy with one function defined in a file of another name must fail the same check.
# model/'s layout (model/ARCHITECTURE.md, "The model's sources and calls"): the model's state (model/m6_state.h)
# is included by the model's library sources only, and every public name of the model (model/armv6m.h,
# model/config.h, the library's external functions) has the prefix m6_ / M6_. Copies with a planted violation
# must fail.
set -u
cd "$(dirname "$0")/../.."
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# layout.py <dpi dir>: one line per misplaced function or file (file:line), exit 1 on any
cat > "$tmp/layout.py" <<'PY'
import glob, os, re, sys

dpi = sys.argv[1]
bad = []
headers = sorted(glob.glob(f"{dpi}/include/tarmac/*.h"))
public = {os.path.basename(h)[:-2] for h in headers}
internal = {os.path.basename(h)[:-2] for h in glob.glob(f"{dpi}/lib/*.h")}

def family(name, names):
    """The header a file named name (no extension) belongs to: <h> or <h>_*, the longest such h."""
    best = None
    for h in names:
        if (name == h or name.startswith(h + "_")) and (best is None or len(h) > len(best)):
            best = h
    return best

def strip_comments(text):
    return re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)

def declared(path):
    """name -> line of each function a header declares (not static inline, not a macro)."""
    out = {}
    text = strip_comments(open(path, encoding="utf-8").read())
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith((" ", "\t", "#", "static", "typedef", "}", "{")):
            continue
        m = re.match(r"[A-Za-z_][\w\s\*]*?\b([a-z]\w*)\s*\(", line)
        if m:
            out[m.group(1)] = n
    return out

def defined(paths):
    """name -> file:line of each function defined (an opening line not ending with ';') in paths."""
    out = {}
    for p in paths:
        text = strip_comments(open(p, encoding="utf-8").read())
        for n, line in enumerate(text.splitlines(), 1):
            if line.startswith((" ", "\t", "#", "static", "typedef", "}", "{")) or line.rstrip().endswith(";"):
                continue
            m = re.match(r"[A-Za-z_][\w\s\*]*?\b([a-z]\w*)\s*\(", line)
            if m:
                out.setdefault(m.group(1), f"{p}:{n}")
    return out

lib = sorted(glob.glob(f"{dpi}/lib/*.c"))
checker = sorted(glob.glob(f"{dpi}/checker/*"))
where = defined(lib + [p for p in checker if p.endswith(".c")])
for h in headers:
    name = os.path.basename(h)[:-2]
    if name == "checker":
        home = [p for p in checker if os.path.basename(p).startswith("tc_") and p.endswith(".c")]
    else:
        home = [p for p in lib if family(os.path.basename(p)[:-2], public | internal) == name]
    for fn, n in declared(h).items():
        at = where.get(fn)
        if at is None:
            bad.append(f"{h}:{n}: {fn} is declared but defined in no file of {dpi}/lib or {dpi}/checker")
        elif at.split(":")[0] not in home:
            bad.append(f"{h}:{n}: {fn} is defined in {at}, not in a file named after {name}.h")
for p in glob.glob(f"{dpi}/lib/*"):
    stem = os.path.basename(p).rsplit(".", 1)[0]
    if family(stem, public | internal) is None:
        bad.append(f"{p}: named after no header of {dpi}/include/tarmac or {dpi}/lib")
for p in checker:
    if not os.path.basename(p).startswith("tc_"):
        bad.append(f"{p}: {dpi}/checker holds the checker's tc_* files only")
if os.path.exists(f"{dpi}/src"):
    bad.append(f"{dpi}/src: the library is in {dpi}/lib and {dpi}/checker")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY

check "every public function defined in a file named after its header; lib/ and checker/ named as documented" \
  'python3 "$tmp/layout.py" dpi'
check "the check sees the functions it checks (tm_reader_open in lib/reader.c)" \
  'grep -q "^tm_reader \*tm_reader_open(" dpi/lib/reader.c'

# One error convention (tarmac/error.h): a tm_error is filled by tm_error_set / tm_error_vset only, never field by
# field (dpi/README.md, "The parts and how data flows", Errors).
filled=$(grep -nE 'memset\(err, 0, sizeof \*err\)|\berr(->|\.)status = ' dpi/lib/*.c dpi/checker/*.c |
         grep -v '^dpi/lib/error.c:')
check "a tm_error filled through tm_error_set only${filled:+: $filled}" '[ -z "$filled" ]'

# The check can fail: tm_format (writer.h) moved to a file named after record.h.
mkdir -p "$tmp/dpi" && cp -r dpi/include dpi/lib dpi/checker "$tmp/dpi/"
mv "$tmp/dpi/lib/writer_format.c" "$tmp/dpi/lib/record_format.c"
check "a function defined in a file of another name is reported with the header's file:line" \
  '! python3 "$tmp/layout.py" "$tmp/dpi" > "$tmp/out.txt" && grep -q "writer.h:[0-9]*: tm_format is defined in .*record_format.c" "$tmp/out.txt"'

# model_layout.py <root>: the model's private header and prefix rules, one line per violation, exit 1 on any
cat > "$tmp/model_layout.py" <<'PY'
import glob, os, re, sys

root = sys.argv[1]
bad = []
inc = re.compile(r'^\s*#\s*include\s*[<"](?:[\w./]*/)?m6_state\.h[>"]')
library = {os.path.join(root, "model", f) for f in os.listdir(os.path.join(root, "model")) if f.endswith(".c")}
library.discard(os.path.join(root, "model", "main.c"))  # the CLI is a user of the model
for d, dirs, files in os.walk(root):
    dirs[:] = [x for x in dirs if x not in (".git", "build")]
    for f in files:
        p = os.path.join(d, f)
        if not f.endswith((".c", ".h", ".cpp", ".hpp", ".cc", ".sv")) or p in library:
            continue
        if p == os.path.join(root, "model", "m6_state.h"):
            continue
        for n, line in enumerate(open(p, encoding="utf-8", errors="replace"), 1):
            if inc.match(line):
                bad.append(f"{os.path.relpath(p, root)}:{n}: includes the model's private state (m6_state.h): "
                           "only the model's library sources may")

def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)

guards = {"ARMV6M_H", "ARMV6M_CONFIG_H"}
for h in ("armv6m.h", "config.h"):
    path = os.path.join(root, "model", h)
    text = strip_comments(open(path, encoding="utf-8").read())
    names = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in re.finditer(r"#\s*define\s+(\w+)", line):
            names.append((m.group(1), n))
        if line.lstrip().startswith(("typedef", "}")):  # the name a typedef ends with
            m = re.search(r"(\w+)\s*;\s*$", line)
            if m:
                names.append((m.group(1), n))
        if not line.startswith((" ", "\t", "#", "}", "{")) and "static inline" not in line:
            m = re.match(r"[A-Za-z_][\w\s\*]*?\b([a-z_]\w*)\s*\(", line)
            if m and not line.startswith("typedef"):
                names.append((m.group(1), n))
        if "static inline" in line:
            m = re.search(r"\b(\w+)\s*\(", line.split("static inline", 1)[1])
            if m:
                names.append((m.group(1), n))
    for m in re.finditer(r"enum\s*\w*\s*{([^}]*)}", text, flags=re.S):
        line = text[:m.start()].count("\n") + 1
        for k in re.findall(r"\b([A-Za-z_]\w*)\s*(?:=|,|$)", m.group(1)):
            names.append((k, line))
    for name, n in names:
        if name in guards or name in ("m6",):
            continue
        if not name.lower().startswith("m6_"):
            bad.append(f"model/{h}:{n}: {name}: a public name of the model without the prefix m6_ / M6_")
for p in sorted(library):
    text = strip_comments(open(p, encoding="utf-8").read())
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith((" ", "\t", "#", "static", "typedef", "}", "{", "struct", "enum")) or line.rstrip().endswith(";"):
            continue
        m = re.match(r"[A-Za-z_][\w\s\*]*?\b([a-z_]\w*)\s*\(", line)
        if m and not m.group(1).startswith("m6_"):
            bad.append(f"{os.path.relpath(p, root)}:{n}: {m.group(1)} is external without the prefix m6_")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY

out=$(python3 "$tmp/model_layout.py" . 2>&1); rc=$?
check "the model's state header included by the model's library sources only; its public names prefixed m6_/M6_" \
  '[ "$rc" -eq 0 ]'
[ "$rc" -eq 0 ] || echo "$out"
check "the check sees the header it guards (struct m6 in model/m6_state.h, included by model/cpu.c)" \
  'grep -q "^struct m6 {" model/m6_state.h && grep -q "include \"m6_state.h\"" model/cpu.c'
# The checks can fail: a test that includes the private header; a public call without the prefix.
mkdir -p "$tmp/root/model" "$tmp/root/tests" && cp model/*.c model/*.h "$tmp/root/model/"
printf '#include "m6_state.h"\n' > "$tmp/root/tests/peek.cpp"
check "a file outside the model's library sources that includes m6_state.h is reported with its file:line" \
  '! python3 "$tmp/model_layout.py" "$tmp/root" > "$tmp/out.txt" && grep -q "^tests/peek.cpp:1: includes the model" "$tmp/out.txt"'
rm "$tmp/root/tests/peek.cpp"
perl -pi -e 's/^int m6_step\(m6 \*c\);/int step_once(m6 *c);/' "$tmp/root/model/armv6m.h"
check "a public call of model/armv6m.h without the prefix is reported" \
  '! python3 "$tmp/model_layout.py" "$tmp/root" > "$tmp/out.txt" && grep -q "armv6m.h:[0-9]*: step_once: a public name" "$tmp/out.txt"'

# Live mode drives the model through its co-simulation interface only (model/cosim.h): tc_live.c includes no
# other header of model/ and calls no other m6_ function. live_model <file>: one line per include or call that
# breaks it.
live_model() {
  grep -nE '^\s*#\s*include\s*"' "$1" | while IFS= read -r l; do
    h=$(sed -E 's/.*#\s*include\s*"([^"]*)".*/\1/' <<<"$l")
    [ -f "model/$h" ] && [ "$h" != cosim.h ] && echo "$1:${l%%:*}: includes model/$h"
  done
  grep -noE '\bm6_[a-z0-9_]+\s*\(' "$1" | grep -vE ':m6_cosim_' | sed -E "s|^|$1:|; s/\s*\($/: calls a model function outside model\/cosim.h/"
}
out=$(live_model dpi/checker/tc_live.c)
check "tc_live.c reaches the model through model/cosim.h only${out:+: $out}" '[ -z "$out" ] && grep -q "include \"cosim.h\"" dpi/checker/tc_live.c'
# The check can fail: a copy that includes armv6m.h and steps the model itself.
{ printf '#include "armv6m.h"\n'; cat dpi/checker/tc_live.c; printf 'static void f(m6 *m) { m6_step(m); }\n'; } > "$tmp/tc_live.c"
out=$(live_model "$tmp/tc_live.c")
check "a tc_live.c that includes armv6m.h and calls m6_step is reported with its file:line" \
  'grep -q "tc_live.c:1: includes model/armv6m.h" <<<"$out" && grep -q "m6_step: calls a model function" <<<"$out"'

summary
