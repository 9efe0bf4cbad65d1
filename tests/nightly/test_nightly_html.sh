#!/usr/bin/env bash
# The nightly's failure buckets and index.html: three random seeds on the core with the negative control's planted
# bug (adcs_no_carry_in) fail the same way and must show as ONE bucket with three seeds, shortest run first, in
# the summary and in the page, which a real headless Chromium (Debian's) loads: the DOM it builds has the bucket
# row, the groups, the merged coverage of the passing tests with its holes. Needs BUILD from make.
set -u
cd "$(dirname "$0")/../.."
pass=0; fail=0
check() { if eval "$2"; then pass=$((pass + 1)); echo "ok   $1"; else fail=$((fail + 1)); echo "FAIL $1"; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 sim/nightly.py --description tests/nightly/small.toml --set planted --no-build -j 2 --out "$tmp/out" \
  > "$tmp/log" 2>&1; rc=$?
sed -n '/^failure buckets/,/^coverage/p' "$tmp/log"
check "the nightly fails (exit $rc): 3 passed, 3 failed" '[ "$rc" -eq 1 ] && tail -1 "$tmp/log" | grep -qx "3 passed, 3 failed"'
check "one bucket, the three seeds in it" \
  'grep -qx "failure buckets: 1" "$tmp/out/summary.txt" && grep -qx "  \[3\] register r0-r12 in main" "$tmp/out/summary.txt" &&
   [ "$(sed -n "s/^      seeds: //p" "$tmp/out/summary.txt" | tr " " "\n" | sort | tr "\n" " ")" = "1 2 3 " ]'
shortest=$(sed -n 's/^      shortest: \([^ ]*\) .*/\1/p' "$tmp/out/summary.txt")
check "the bucket's rerun command is its shortest failing run's ($shortest)" \
  '/usr/bin/python3 - "$tmp/out" "$shortest" <<'"'"'PY'"'"'
import json, sys
out, short = sys.argv[1], sys.argv[2]
walls = {s: json.load(open(f"{out}/planted/seed_{s}/result.json"))["wall"] for s in "123"}
sys.exit(short != f"planted/seed_{min(walls, key=walls.get)}")
PY'
ud="$tmp/chromium"
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$ud" --dump-dom "file://$tmp/out/index.html" \
  > "$tmp/dom.html" 2> "$tmp/chromium.err"; rc=$?
check "Chromium loads index.html (exit $rc)" '[ "$rc" -eq 0 ] && grep -q "<tbody>" "$tmp/dom.html"'
/usr/bin/python3 - "$tmp/dom.html" > "$tmp/dom.txt" <<'PY'
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__(); self.stack = []; self.rows = []; self.ids = {}; self.cur = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.stack.append((tag, a))
        if a.get("id"): self.ids[a["id"]] = []
        if tag == "tr" and a.get("class") == "bucket": self.cur = []; self.rows.append(self.cur)
        if tag == "td" and self.cur is not None: self.cur.append("")
    def handle_endtag(self, tag):
        while self.stack and self.stack.pop()[0] != tag: pass
        if tag == "tr": self.cur = None
    def handle_data(self, data):
        if self.cur: self.cur[-1] += data
        for t, a in self.stack:
            if a.get("id"): self.ids[a["id"]].append(data)
p = P(); p.feed(open(sys.argv[1]).read())
for r in p.rows: print("bucket", "|".join(c.strip() for c in r))
for k in ("verdict", "coverage", "holes", "groups"): print(k, " ".join(" ".join(p.ids.get(k, [])).split()))
PY
cat "$tmp/dom.txt" | cut -c1-200
check "the page's DOM has one bucket row: count 3, seeds 1 2 3" \
  '[ "$(grep -c "^bucket " "$tmp/dom.txt")" -eq 1 ] && grep "^bucket " "$tmp/dom.txt" | awk -F"|" "{ exit !(\$1 == \"bucket 3\" && \$5 ~ /1/ && \$5 ~ /2/ && \$5 ~ /3/) }"'
check "the page's verdict and groups" \
  'grep -q "^verdict 3 passed, 3 failed" "$tmp/dom.txt" && grep -q "^groups .*planted 3 0 3 0 .*file 3 3 0 0" "$tmp/dom.txt"'
check "the merged coverage of the passing tests and its holes" \
  'grep -q "^coverage coverage: [0-9]* of [0-9]* bins hit" "$tmp/dom.txt" && grep -q "^holes .*exception.NMI.entered" "$tmp/dom.txt"'
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$ud" --window-size=1200,900 \
  --screenshot="$tmp/page.png" "file://$tmp/out/index.html" > /dev/null 2>&1
check "Chromium renders it (a PNG screenshot)" '[ "$(head -c 8 "$tmp/page.png" | od -An -c | tr -d " ")" = "211PNG\r\n032\n" ]'
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
