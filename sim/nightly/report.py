"""What a nightly leaves in its output root: junit.xml (one testsuite per group, one testcase per program or
seed, with the counts the checker's ledger gives), summary.txt, index.html, and the failure buckets both show.
XML through xml.etree.ElementTree and HTML through html.escape: every text is escaped."""
import html
import os
import re
import shlex
import xml.etree.ElementTree as ET
from collections import OrderedDict

from . import verdict

COUNTS = ("steps", "instructions", "exceptions", "registers", "beats", "error_beats", "packets")


def rerun_command(test, test_dir, root):
    """The command that reruns one test by hand, in the checkout."""
    return f"cd {shlex.quote(root)} && {shlex.join(test.argv(test_dir))}"


def waves_hint(test_dir):
    """The harness's command that writes the waveform of the cycles before a failure (sim/waves.h), or ''."""
    m = re.search(r"^tb_main: waveform of (cycles \d+-\d+): (.*)$",
                  verdict.read_text(os.path.join(test_dir, "stderr.txt")), re.M)
    return f"waves ({m.group(1)}): {m.group(2)}" if m else ""


FOLD = 10   # a bucket's tests and seeds shown before the rest are folded


def natural(text):
    """A sort key that orders the numbers in names by value (seed_2 before seed_10)."""
    return [(0, int(w), "") if w.isdigit() else (1, 0, w) for w in re.split(r"(\d+)", text)]


def buckets(results):
    """Failures grouped by signature: OrderedDict signature -> list of (test, outcome, dir), each list by test id
    (numbers by value), the buckets largest first. A bucket's example is its first test: the same test whatever
    the run times, on every run that fails the same way."""
    b = {}
    for test, o, d in results:
        if o.status != "PASS":
            b.setdefault(o.signature, []).append((test, o, d))
    for members in b.values():
        members.sort(key=lambda m: natural(m[0].id))
    return OrderedDict(sorted(b.items(), key=lambda kv: (-len(kv[1]), kv[0])))


def folded(words, limit=FOLD):
    """The first `limit` words, then how many more ('... and N more'): a bucket of 180 tests stays one line."""
    more = f" ... and {len(words) - limit} more" if len(words) > limit else ""
    return " ".join(words[:limit]) + more


def provenance(meta):
    """One line: the version, the commit and whether the checkout differed from it (dirty), what ran (the whole
    set, a subset, a rerun), the launcher."""
    return (f"version {meta['version']}, commit {meta['commit']} ({meta['tree']}), {meta['scope']}, "
            f"launcher {meta['launcher']}")


def coverage_summary(out):
    """(total line, unexplained holes) of the merged coverage summary, or (None, [])."""
    path = os.path.join(out, "coverage.txt")
    text = verdict.read_text(path)
    total, holes, in_holes = None, [], False
    for line in text.splitlines():
        if line.startswith("coverage:") and "bins hit" in line:
            total = line
        elif line.startswith("holes"):
            in_holes = True
        elif in_holes and line.startswith("  "):
            holes.append(line.strip())
        else:
            in_holes = False
    return total, holes


def _groups(plan, results):
    """group -> (title, passed, failed, died) in the plan's order; a group none of whose tests ran (a subset)
    has None for its counts."""
    g = OrderedDict((name, [title, 0, 0, 0]) for name, title in plan.groups.items())
    ran = {test.group for test, _, _ in results}
    for test, o, _ in results:
        g[test.group][1 if o.status == "PASS" else 3 if o.status == "DIED" else 2] += 1
    for name in g:
        if name not in ran:
            g[name][1:] = [None, None, None]
    return g


def negative_line(results):
    """One line on the negative control(s): caught, or the nightly fails."""
    neg = [(t, o) for t, o, _ in results if t.negative]
    if not neg:
        return "negative control: none in this set"
    bad = [(t, o) for t, o in neg if o.status != "PASS"]
    if bad:
        return "negative control: FAILED: " + "; ".join(f"{t.id}: {o.reason}" for t, o in bad)
    return "negative control: caught (" + "; ".join(f"{t.id} failed in bucket '{o.raw.signature}'"
                                                    for t, o in neg) + ")"


def write_atomic(path, text):
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def summary(plan, results, out, root, meta):
    """summary.txt's text; its last line is 'N passed, N failed'."""
    lines = [f"nightly {plan.set_name}: {out}", provenance(meta) + f", {len(results)} tests, "
             f"{meta['elapsed']:.1f} s", "",
             f"{'group':<18} {'tests':>6} {'passed':>7} {'failed':>7} {'died':>5}  title"]
    for name, (title, p, f, d) in _groups(plan, results).items():
        if p is None:
            lines.append(f"{name:<18} {'not run':>6} {'-':>7} {'-':>7} {'-':>5}  {title}")
        else:
            lines.append(f"{name:<18} {p + f + d:>6} {p:>7} {f:>7} {d:>5}  {title}")
    b = buckets(results)
    lines += ["", f"failure buckets: {len(b)}"]
    for sig, members in b.items():
        t0, o0, d0 = members[0]
        seeds = [t.seed for t, _, _ in members if t.seed]
        lines.append(f"  [{len(members)}] {sig}")
        lines.append(f"      {o0.reason}")
        lines.append(f"      tests: {folded([t.id for t, _, _ in members])}")
        if seeds:
            lines.append(f"      seeds: {folded(seeds)}")
        lines.append(f"      example: {t0.id} ({o0.wall:.1f} s): {rerun_command(t0, d0, root)}")
        lines.append(f"      log: {d0}/stdout.txt  report: {d0}/report.txt")
        if waves_hint(d0):
            lines.append(f"      {waves_hint(d0)}")
    total, holes = coverage_summary(out)
    lines += ["", total or "coverage: none merged (no passing test wrote coverage)"]
    if holes:
        more = f" ... and {len(holes) - 30} more (coverage.txt)" if len(holes) > 30 else ""
        lines.append(f"holes ({len(holes)}): " + " ".join(holes[:30]) + more)
    lines += ["", "slowest tests:"]
    for t, o, _ in sorted(results, key=lambda r: -r[1].wall)[:5]:
        lines.append(f"  {o.wall:8.1f} s  {t.id}")
    passed = sum(1 for _, o, _ in results if o.status == "PASS")
    lines += ["", negative_line(results), f"{passed} passed, {len(results) - passed} failed"]
    return "\n".join(lines) + "\n"


def junit(plan, results, out, root, meta):
    """junit.xml's ElementTree: a testsuite per group, a testcase per test with its counts as properties, the
    checker's report in system-out and the files attached as Jenkins and GitLab read them."""
    top = ET.Element("testsuites", name=f"nightly {plan.set_name}")
    suites = OrderedDict()
    for name, title in plan.groups.items():
        s = ET.SubElement(top, "testsuite", name=name)
        props = ET.SubElement(s, "properties")
        for k, v in (("title", title), ("version", meta["version"]), ("commit", meta["commit"]),
                     ("tree", meta["tree"]), ("scope", meta["scope"]), ("launcher", meta["launcher"]),
                     ("set", plan.set_name)):
            ET.SubElement(props, "property", name=k, value=v)
        suites[name] = [s, 0, 0, 0, 0.0, 0]
    for name, (title, p, _, _) in _groups(plan, results).items():
        if p is None:   # a group this run left out: one skipped case says so, never an empty green suite
            case = ET.SubElement(suites[name][0], "testcase", classname=f"nightly.{name}", name="not-run", time="0")
            ET.SubElement(case, "skipped", message=f"not run: {meta['scope']}")
            suites[name][1] += 1
            suites[name][5] += 1
    for test, o, d in results:
        s = suites[test.group]
        s[1] += 1
        s[4] += o.wall
        case = ET.SubElement(s[0], "testcase", classname=f"nightly.{test.group}", name=test.name,
                             time=f"{o.wall:.3f}")
        props = ET.SubElement(case, "properties")
        compared = o.ledger.get("compared", {})
        values = [(k, compared[k]) for k in COUNTS if k in compared]
        values.append(("golden_steps", o.ledger.get("golden_steps", "")))
        for k, v in o.ledger.get("not_compared", {}).items():
            if isinstance(v, dict):  # registers_by_name: name -> lines
                v = " ".join(f"{name}:{n}" for name, n in v.items())
            values.append((f"not_compared.{k}", " ".join(v) if isinstance(v, list) else v))
        values += [("seed", test.seed), ("golden", test.golden), ("build", test.sim), ("version", meta["version"]),
                   ("commit", meta["commit"]), ("tree", meta["tree"]),
                   ("wall", f"{o.wall:.3f}"), ("queue", f"{o.queue:.3f}"), ("host", o.result.get("host", "")), ("farm", o.result.get("farm", "")),
                   ("exit", o.result.get("exit", "")), ("rerun", rerun_command(test, d, root))]
        for k, v in values:
            ET.SubElement(props, "property", name=k, value=str(v))
        if o.status == "DIED" or o.status == "ERROR":
            s[3] += 1
            ET.SubElement(case, "error", message=o.reason, type=o.signature).text = o.reason
        elif o.status != "PASS":
            s[2] += 1
            ET.SubElement(case, "failure", message=o.reason, type=o.signature).text = \
                "\n".join(x for x in (o.reason, waves_hint(d)) if x)
        text = verdict.read_text(os.path.join(d, "report.txt"))
        attach = [os.path.join(d, f) for f in ("stdout.txt", "stderr.txt", "report.txt", "ledger.json")
                  if os.path.exists(os.path.join(d, f))]
        attach += sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".fst")) if os.path.isdir(d) else []
        ET.SubElement(case, "system-out").text = text + "".join(f"[[ATTACHMENT|{p}]]\n" for p in attach)
    tests = failures = errors = skipped = 0
    for s, n, f, e, t, k in suites.values():
        s.set("tests", str(n))
        s.set("failures", str(f))
        s.set("errors", str(e))
        s.set("skipped", str(k))
        s.set("time", f"{t:.3f}")
        tests, failures, errors, skipped = tests + n, failures + f, errors + e, skipped + k
    top.set("tests", str(tests))
    top.set("failures", str(failures))
    top.set("errors", str(errors))
    top.set("skipped", str(skipped))
    ET.indent(top)
    return ET.tostring(top, encoding="unicode", xml_declaration=True) + "\n"


def index_html(plan, results, out, root, meta):
    """index.html: pass/fail per group, the buckets, the merged coverage with its holes, the slowest tests."""
    e = html.escape
    p = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
         f"<title>nightly {e(plan.set_name)}</title>",
         "<style>body{font-family:sans-serif;margin:1em 2em}table{border-collapse:collapse}"
         "td,th{border:1px solid #bbb;padding:2px 8px;text-align:left}td.n{text-align:right}"
         ".fail{background:#fdd}.pass{background:#dfd}.notrun{background:#ddd;color:#555}code{font-size:90%}"
         "ul#holes{columns:3}</style></head><body>",
         f"<h1>nightly {e(plan.set_name)}</h1>",
         f'<p id="provenance">{e(provenance(meta))}, {len(results)} tests, '
         f"{meta['elapsed']:.1f} s. <a href=\"junit.xml\">junit.xml</a> <a href=\"summary.txt\">summary.txt</a></p>"]
    passed = sum(1 for _, o, _ in results if o.status == "PASS")
    p.append(f'<p id="verdict" class="{"pass" if passed == len(results) else "fail"}">'
             f"{passed} passed, {len(results) - passed} failed. {e(negative_line(results))}</p>")
    p.append('<h2>Groups</h2><table id="groups"><tr><th>group</th><th>tests</th><th>passed</th><th>failed</th>'
             "<th>died</th><th>what</th></tr>")
    for name, (title, ok, f, d) in _groups(plan, results).items():
        if ok is None:
            p.append(f'<tr class="notrun"><td>{e(name)}</td><td colspan=4>not run</td><td>{e(title)}</td></tr>')
            continue
        cls = "pass" if f + d == 0 else "fail"
        p.append(f'<tr class="{cls}"><td>{e(name)}</td><td class=n>{ok + f + d}</td><td class=n>{ok}</td>'
                 f"<td class=n>{f}</td><td class=n>{d}</td><td>{e(title)}</td></tr>")
    p.append("</table>")
    b = buckets(results)
    p.append(f'<h2>Failure buckets ({len(b)})</h2><table id="buckets"><tr><th>count</th><th>signature</th>'
             "<th>first failure</th><th>tests</th><th>seeds</th><th>example run</th></tr>")

    def fold(words):  # more than FOLD: the first ones, the rest behind a <details> the reader opens
        if len(words) <= FOLD:
            return e(" ".join(words))
        return (f"{e(' '.join(words[:FOLD]))} <details><summary>{len(words) - FOLD} more</summary>"
                f"{e(' '.join(words[FOLD:]))}</details>")
    for sig, members in b.items():
        t0, o0, d0 = members[0]
        seeds = [t.seed for t, _, _ in members if t.seed]
        rel = os.path.relpath(d0, out)
        p.append(f'<tr class="bucket"><td class=n>{len(members)}</td><td class="sig">{e(sig)}</td>'
                 f"<td>{e(o0.reason)}</td><td class=\"tests\">{fold([t.id for t, _, _ in members])}</td>"
                 f'<td class="seeds">{fold(seeds)}</td><td><a href="{e(rel)}/stdout.txt">{e(t0.id)}</a> '
                 f"({o0.wall:.1f} s)<br><code>{e(rerun_command(t0, d0, root))}</code></td></tr>")
    p.append("</table>")
    total, holes = coverage_summary(out)
    p.append(f'<h2>Coverage</h2><p id="coverage">{e(total or "none merged")} '
             '<a href="coverage.html">all bins</a></p>')
    p.append(f"<h3>Holes ({len(holes)})</h3>")
    p.append('<ul id="holes">' + "".join(f"<li>{e(h)}</li>" for h in holes) + "</ul>")
    p.append('<h2>Slowest tests</h2><table id="slowest"><tr><th>seconds</th><th>test</th><th>queue s</th></tr>')
    for t, o, _ in sorted(results, key=lambda r: -r[1].wall)[:10]:
        p.append(f"<tr><td class=n>{o.wall:.1f}</td><td>{e(t.id)}</td><td class=n>{o.queue:.1f}</td></tr>")
    p.append("</table></body></html>")
    return "\n".join(p) + "\n"
