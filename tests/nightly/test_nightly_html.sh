#!/usr/bin/env bash
# The nightly's failure buckets and index.html: three random seeds on the core with the negative control's planted
# bug (adcs_no_carry_in) fail the same way and must show as ONE bucket with three seeds, shortest run first, in
# the summary and in the page, which a real headless Chromium (Debian's) loads: the DOM it builds has the bucket
# row, the groups, the merged coverage of the passing tests with its holes, the commit and whether the checkout
# was dirty; a subset (--only) is marked so, its groups not run shown grey as not run. Needs BUILD from make.
set -u
cd "$(dirname "$0")/../.."
. tests/lib/check.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 sim/nightly.py --description tests/nightly/small.toml --set planted --no-build -j 2 --out "$tmp/out" \
  > "$tmp/log" 2>&1; rc=$?
sed -n '/^failure buckets/,/^coverage/p' "$tmp/log"
check "the nightly fails (exit $rc): 3 passed, 3 failed" '[ "$rc" -eq 1 ] && tail -1 "$tmp/log" | grep -qx "3 passed, 3 failed"'
check "one bucket, the three seeds in it" \
  'grep -qx "failure buckets: 1" "$tmp/out/summary.txt" && grep -qx "  \[3\] register r0-r12 in main" "$tmp/out/summary.txt" &&
   [ "$(sed -n "s/^      seeds: //p" "$tmp/out/summary.txt" | tr " " "\n" | sort | tr "\n" " ")" = "1 2 3 " ]'
example=$(sed -n 's/^      example: \([^ ]*\) .*/\1/p' "$tmp/out/summary.txt")
check "the bucket's example is its lowest test by name, whatever the run times ($example)" \
  '[ "$example" = planted/seed_1 ] && grep -q "^      example: planted/seed_1 ([0-9.]* s): cd .* +elf=[^ ]*/seed_1.elf" "$tmp/out/summary.txt"'
head=$(git rev-parse --short=12 HEAD); tree=$([ -z "$(git status --porcelain)" ] && echo clean || echo dirty)
check "the summary and the JUnit name the commit and whether the checkout was dirty ($head, $tree)" \
  'sed -n 2p "$tmp/out/summary.txt" | grep -q "commit $head ($tree), whole set," &&
   grep -q "<property name=\"commit\" value=\"$head\" />" "$tmp/out/junit.xml" &&
   grep -q "<property name=\"tree\" value=\"$tree\" />" "$tmp/out/junit.xml"'
# a subset: --only planted leaves the group file out, shown as not run, never green with 0 tests
python3 sim/nightly.py --description tests/nightly/small.toml --set planted --no-build -j 2 --only planted \
  --out "$tmp/only" > "$tmp/only.log" 2>&1
check "a subset (--only planted): the summary marks it and shows the group file not run" \
  'sed -n 2p "$tmp/only/summary.txt" | grep -q "subset (--only planted)" && grep -q "^file  *not run  *-  *-  *-  file$" "$tmp/only/summary.txt"'
check "the subset's JUnit has the group file as one skipped case 'not run'" \
  '/usr/bin/python3 -c "import sys, junitparser as j; s = [s for s in j.JUnitXml.fromfile(sys.argv[1]) if s.name == \"file\"][0]; c = list(s)[0]; sys.exit(not (s.tests == 1 and s.skipped == 1 and isinstance(c.result[0], j.Skipped) and c.result[0].message.startswith(\"not run: subset\")))" "$tmp/only/junit.xml"'
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
for k in ("verdict", "coverage", "holes", "groups", "provenance"):
    print(k, " ".join(" ".join(p.ids.get(k, [])).split()))
PY
cat "$tmp/dom.txt" | cut -c1-200
check "the page's DOM has one bucket row: count 3, seeds 1 2 3" \
  '[ "$(grep -c "^bucket " "$tmp/dom.txt")" -eq 1 ] && grep "^bucket " "$tmp/dom.txt" | awk -F"|" "{ exit !(\$1 == \"bucket 3\" && \$5 ~ /1/ && \$5 ~ /2/ && \$5 ~ /3/) }"'
check "the page's verdict and groups" \
  'grep -q "^verdict 3 passed, 3 failed" "$tmp/dom.txt" && grep -q "^groups .*planted 3 0 3 0 .*file 3 3 0 0" "$tmp/dom.txt"'
check "the merged coverage of the passing tests and its holes" \
  'grep -q "^coverage coverage: [0-9]* of [0-9]* bins hit" "$tmp/dom.txt" && grep -q "^holes .*exception.NMI.entered" "$tmp/dom.txt"'
check "the page names the commit and the tree" 'grep -q "^provenance version [^ ]*, commit $head ($tree), whole set, launcher local" "$tmp/dom.txt"'
# the subset's page as Chromium builds it: the group file one row 'not run' of the grey class
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$ud" --dump-dom "file://$tmp/only/index.html" \
  > "$tmp/only-dom.html" 2> /dev/null
check "the subset's page: the group file one grey row 'not run', the group planted its counts" \
  'grep -q "<tr class=\"notrun\"><td>file</td><td colspan=\"4\">not run</td>" "$tmp/only-dom.html" &&
   grep -q "<tr class=\"fail\"><td>planted</td><td class=\"n\">3</td>" "$tmp/only-dom.html" &&
   grep -q "\.notrun{background:#ddd" "$tmp/only-dom.html"'
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$ud" --window-size=1200,900 \
  --screenshot="$tmp/page.png" "file://$tmp/out/index.html" > /dev/null 2>&1
check "Chromium renders it (a PNG screenshot)" '[ "$(head -c 8 "$tmp/page.png" | od -An -c | tr -d " ")" = "211PNG\r\n032\n" ]'
summary
