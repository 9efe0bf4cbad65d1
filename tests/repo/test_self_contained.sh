#!/usr/bin/env bash
# A clone is all a user has: no tracked file may point outside the repository (a path above its root, an
# absolute path into a developer's machine) or name a document the repository does not hold.
set -u
cd "$(dirname "$0")/../.."
python3 - <<'PY'
import os, re, subprocess, sys

root = os.getcwd()
try:
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split()
except (OSError, subprocess.CalledProcessError):
    files = [os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) if "/build" not in d + "/"
             and "/.git" not in d + "/" for f in fs]
names = {os.path.basename(f) for f in files}
data = ("tests/fuzz/corpus/",)          # fuzz inputs are data, not references
# absolute paths into a developer's machine (the class [w] keeps this line from matching itself)
outside = re.compile(r"(?:^|[\s\"'(`=])/(?:[w]ork|[h]ome|[r]oot)/")
doc = re.compile(r"[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b")
updir = re.compile(r"(?:\.\./)+[A-Za-z0-9_.-]+")
bad = []
for f in files:
    if f.startswith(data):
        continue
    try:
        text = open(f, encoding="utf-8").read()
    except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
        continue                        # binary (goldens) or gone
    for n, line in enumerate(text.splitlines(), 1):
        for m in outside.finditer(line):
            bad.append(f"{f}:{n}: absolute path outside the repository: {line.strip()[:100]}")
        for m in updir.finditer(line):
            if os.path.normpath(os.path.join(os.path.dirname(f), m.group(0))).startswith(".."):
                bad.append(f"{f}:{n}: path above the repository's root: {m.group(0)}")
        for m in doc.finditer(line):
            ref = m.group(0)
            if "/" in ref:
                here = os.path.normpath(os.path.join(os.path.dirname(f), ref))
                top = os.path.normpath(ref.lstrip("./") if not ref.startswith("..") else ref)
                ok = any(not p.startswith("..") and os.path.isfile(p) for p in (here, top))
            else:
                ok = ref in names
            if not ok:
                bad.append(f"{f}:{n}: names {ref}, which the repository does not hold")
for b in bad:
    print(b)
print(f"{len(files)} tracked files read; {len(bad)} references outside the repository")
print(f"{0 if bad else 1} passed, {1 if bad else 0} failed")
sys.exit(1 if bad else 0)
PY
