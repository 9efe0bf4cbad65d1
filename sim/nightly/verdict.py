"""The pass rule, in one place. A test passes when its job ran to the end within its run timeout, the simulator
exited 0 (or with the status its exit file says: 125 for a program that ends in a lockup), the checker's ledger
(LEDGER_FORMAT) says PASS and shows the checker compared something, and at least
every step its golden holds, the console output equals the test's .expect, and no fail pattern is in its output.
Anything else is a failure with a signature, the key of its failure bucket. A negative-control test passes when
its run fails in the bucket the description expects."""
import json
import os
import re
import subprocess
from dataclasses import dataclass, field

LEDGER_FORMAT = "tarmac-ledger-1"
# Output that fails a test whatever its exit status and ledger say: a checker report's mismatch, Verilator's
# errors (an assertion, a $fatal), the sanitizers' reports.
FAIL_PATTERNS = [re.compile(p, re.M) for p in (r"MISMATCH #\d+", r"^%Error", r"^%Fatal", r"AddressSanitizer",
                                                r"runtime error:")]
# The simulator's own exit statuses (sim/tb_main.cpp)
EXIT_MEANING = {2: "usage or unloadable input", 3: "checker failed", 4: "stopped by an assertion or $fatal",
                124: "simulation timeout (cycles)", 125: "lockup"}
# What a launcher's own message says of a job it killed (Slurm's slurmstepd lines)
DEATHS = [(re.compile(r"CANCELLED AT .* DUE TO TIME LIMIT"), "time limit"),
          (re.compile(r"DUE TO NODE FAIL|NODE_FAIL|node failure", re.I), "node lost"),
          (re.compile(r"CANCELLED AT|CANCELLED"), "cancelled"),
          (re.compile(r"DUE TO PREEMPTION"), "preempted")]


@dataclass
class Outcome:
    status: str                    # PASS, FAIL (the test failed), ERROR (could not be checked), DIED (no result)
    reason: str = ""               # one line: why it is not PASS
    signature: str = ""            # the failure bucket's key
    ledger: dict = field(default_factory=dict)
    result: dict = field(default_factory=dict)
    queue: float = 0.0             # seconds from submission to start
    raw: object = None             # a negative control's own run, judged as any test

    @property
    def wall(self):
        return float(self.result.get("wall", 0.0))


def read_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        return None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        return {"__error__": f"{path}: not JSON: {e}"}


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def console_of(stdout, report=""):
    """The program's console output: stdout up to the checker's own text, without the simulator's notice of
    $finish (whatever the path of the tb_top.sv it names) and of a lockup's cycle. The checker's text on a passing
    run is its report (report.txt: the notes it made, e.g. live mode's decision window, then its summary line),
    printed whole at the end of the test; without a report, it starts at the summary line."""
    start = -1
    if report:
        start = stdout.find(report)
        while start > 0 and stdout[start - 1] != "\n":
            start = stdout.find(report, start + 1)
    lines = []
    for line in (stdout[:start] if start >= 0 else stdout).splitlines(keepends=True):
        if line.startswith("tarmac checker:"):
            break
        if re.fullmatch(r"- \S*tb_top\.sv:\d+: Verilog \$finish\n?", line) or \
                re.fullmatch(r"tb_top: lockup at cycle \d+\n?", line):
            continue
        lines.append(line)
    return "".join(lines)


def expected_exit(test, root):
    """The exit status the test's run must end with: its exit file's number (a generated program that ends in a
    lockup: 125), 0 when it has none."""
    text = read_text(os.path.join(root, test.exit)).strip() if test.exit else ""
    return int(text) if text.isdigit() else 0


def field_class(stream, fld):
    """A mismatch's field as buckets group it: r0-r12 are one class (the same bug lands in whichever register the
    program used), every other field is itself."""
    if stream == "register" and re.fullmatch(r"r([0-9]|1[0-2])", fld or ""):
        return "r0-r12"
    return fld or "-"


class Symbols:
    """Where a PC is, as a bucket names it, by the checker's own ELF reader (build/bin/tarmac-sym --nearest), once
    per address: "in <function>" when a symbol holds it, "near <function>" when only a function of size 0 (a
    generated program's) starts below it, "at <pc>" when no function does or the ELF cannot be read. The offset is
    left out: one bug in one function is one bucket wherever in the function it shows."""
    def __init__(self, tool, root):
        self.tool, self.root, self.cache = tool, root, {}

    def __call__(self, elf, pc):
        key = (elf, pc)
        if key not in self.cache:
            p = subprocess.run([self.tool, "--nearest", elf, pc], cwd=self.root, capture_output=True, text=True)
            words = p.stdout.split()
            if p.returncode == 0 and len(words) == 2 and words[1] != "?":
                self.cache[key] = "in " + words[1].split("+0x")[0]
            elif p.returncode == 0 and len(words) == 3 and words[1] == "near":
                self.cache[key] = "near " + words[2].split("+0x")[0]
            else:
                self.cache[key] = f"at {pc}"
        return self.cache[key]


def death(test_dir, submitted):
    """Why a job left no result: the launcher's message (launcher.txt), what the runner recorded of it
    (launcher.json: the allocation's state) and its exit status (launcher.rc)."""
    msg = read_text(os.path.join(test_dir, "launcher.txt"))
    for pattern, what in DEATHS:
        if pattern.search(msg):
            return what
    rec = read_json(os.path.join(test_dir, "launcher.json")) or {}
    if rec.get("state"):
        return rec["state"]
    rc = read_text(os.path.join(test_dir, "launcher.rc")).strip()
    if rc.startswith("-"):
        return f"killed by signal {rc[1:]}"
    if rc:
        return f"the job died (launcher exit {rc})"
    if not os.path.exists(os.path.join(test_dir, "started.json")):
        return "never started" if submitted else "not submitted"
    return "the job died without a result"


def judge(test, test_dir, root, symbolize, submit_time=None):
    """The Outcome of test (describe.Test) from what its job left in test_dir; root: the checkout its paths are
    relative to; symbolize(elf, pc): where pc is ("in main", Symbols); submit_time: when the launcher took the job."""
    result = read_json(os.path.join(test_dir, "result.json"))
    started = read_json(os.path.join(test_dir, "started.json")) or {}
    queue = max(0.0, started["start"] - submit_time) if submit_time and "start" in started else 0.0
    o = _judge_run(test, test_dir, root, result, symbolize, submit_time)
    o.queue = queue
    if not test.negative:
        return o
    if o.status == "FAIL" and o.signature.startswith(test.expect_bucket):
        return Outcome("PASS", "", "", o.ledger, o.result, queue, raw=o)
    if o.status == "PASS":
        why = "the checker did not catch the planted bug"
    else:
        why = f"the planted bug's run ended outside its expected bucket '{test.expect_bucket}': {o.signature}"
    return Outcome("FAIL", why, "negative control: " + why.split(":")[0], o.ledger, o.result, queue, raw=o)


def _judge_run(test, test_dir, root, result, symbolize, submit_time):
    if result is None:
        what = death(test_dir, submit_time is not None)
        return Outcome("DIED", f"died: {what}", f"died: {what}")
    if "__error__" in result:
        return Outcome("ERROR", result["__error__"], "runner: unreadable result")
    if result.get("timed_out"):
        return Outcome("FAIL", "run timeout: killed after the test's time", "run timeout", result=result)
    ledger = read_json(os.path.join(test_dir, "ledger.json"))
    stdout = read_text(os.path.join(test_dir, "stdout.txt"))
    stderr = read_text(os.path.join(test_dir, "stderr.txt"))
    rc = result.get("exit")
    if ledger is None:
        why = EXIT_MEANING.get(rc, f"exit {rc}") if rc else "exit 0"
        return Outcome("ERROR", f"no ledger from the checker ({why})", f"no ledger: {why}", result=result)
    if "__error__" in ledger or ledger.get("format") != LEDGER_FORMAT:
        return Outcome("ERROR", ledger.get("__error__", f"ledger format {ledger.get('format')!r}"),
                       "ledger: unreadable", result=result)
    o = Outcome("PASS", ledger=ledger, result=result)
    verdict = ledger.get("verdict")
    first = ledger.get("first_mismatch")
    if verdict != "PASS":
        o.status = "ERROR" if verdict == "ERROR" else "FAIL"
        o.reason = ledger.get("reason") or f"checker {verdict}"
        if first:
            where = symbolize(test.elf, first["pc"]) if first.get("pc") else "at -"
            o.signature = f"{first.get('stream')} {field_class(first.get('stream'), first.get('field'))} {where}"
        else:
            o.signature = "checker: " + re.sub(r"\d+", "N", o.reason)
        return o
    compared = ledger.get("compared", {})
    steps, golden_steps = compared.get("steps", 0), ledger.get("golden_steps", -1)
    if steps <= 0:
        o.status, o.reason, o.signature = "FAIL", "the checker compared nothing", "vacuous: compared nothing"
    elif golden_steps >= 0 and steps < golden_steps:
        o.status, o.signature = "FAIL", "vacuous: fewer steps than the golden"
        o.reason = f"the checker compared {steps} of the golden's {golden_steps} steps"
    elif rc != expected_exit(test, root):
        o.status, o.reason = "FAIL", f"exit {rc}: {EXIT_MEANING.get(rc, 'the program failed')}"
        o.signature = f"exit {rc}: {EXIT_MEANING.get(rc, 'the program failed')}"
    elif console_of(stdout, read_text(os.path.join(test_dir, "report.txt"))) != \
            read_text(os.path.join(root, test.expect)):
        o.status, o.reason, o.signature = "FAIL", f"console output differs from {test.expect}", "console differs"
    else:
        for p in FAIL_PATTERNS:
            m = p.search(stdout) or p.search(stderr)
            if m:
                o.status, o.reason, o.signature = "FAIL", f"fail pattern in the output: {m.group(0)}", \
                    f"fail pattern: {p.pattern}"
                break
    return o
