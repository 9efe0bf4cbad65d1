"""The nightly's rules on crafted test directories (what a job leaves: result.json, ledger.json, stdout/stderr,
the launcher's word): the pass rule and its vacuous-verdict cases, deaths, the negative control, the buckets,
the JUnit (read back with junitparser) and the description's expansion. The runs themselves are in
test_nightly_slurm.sh. Prints 'N passed, N failed' last."""
import json
import os
import signal
import subprocess
import sys
import time
import tempfile
import unittest
import xml.etree.ElementTree as ET

import junitparser

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "sim"))
from nightly import describe, report, verdict  # noqa: E402

LEDGER = {"format": "tarmac-ledger-1", "verdict": "PASS", "reason": "", "golden": "golden/hello.tarmac.gz",
          "mode": "file", "regs": "writes",
          "compared": {"steps": 120, "instructions": 118, "exceptions": 2, "registers": 300, "beats": 90,
                       "error_beats": 0, "packets": 4},
          "golden_steps": 120,
          "not_compared": {"unknown_golden_values": 0, "volatile_reads": 0, "ignored_beats": 0,
                           "ignored_packets": 0, "fetch_beats": 0, "ignored_registers": [],
                           "registers_never_shown": ["r12"], "lenient_warnings": 0},
          "mismatches": 0, "first_mismatch": None}


def mismatch(field="r3", stream="register", pc="0x000001a4"):
    return dict(LEDGER, verdict="FAIL", reason=f"{field} differs", mismatches=1,
                first_mismatch={"stream": stream, "field": field, "step": 7, "pc": pc,
                                "golden_at": "g:12", "headline": f"{field}: golden 1, rtl 2"})


class Dirs(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        with open(os.path.join(self.root, "hello.expect"), "w") as f:
            f.write("Hello\n")

    def tearDown(self):
        self.tmp.cleanup()

    def make_test(self, name="hello", group="file", seed="", **kw):
        return describe.Test(group=group, name=name, sim="build/sim/chk/Vtb_top", elf=f"build/programs/{name}.elf",
                             golden=f"golden/{name}.tarmac.gz", expect="hello.expect", plusargs=[], seed=seed, **kw)

    def job(self, name, ledger=LEDGER, exit=0, stdout="Hello\ntarmac checker: PASS: ...\n"
            "- rtl_tb/tb_top.sv:99: Verilog $finish\n", stderr="", wall=1.0, result=True, launcher=None):
        d = os.path.join(self.root, "out", name)
        os.makedirs(d, exist_ok=True)
        if result:
            verdict_json(d, "result.json", {"exit": exit, "wall": wall, "start": 10.0, "end": 10.0 + wall,
                                            "host": "n1", "timed_out": result == "timeout"})
            verdict_json(d, "started.json", {"start": 10.0, "host": "n1"})
        if ledger is not None:
            verdict_json(d, "ledger.json", ledger)
        for f, text in (("stdout.txt", stdout), ("stderr.txt", stderr)):
            with open(os.path.join(d, f), "w") as fh:
                fh.write(text)
        for f, text in (launcher or {}).items():
            with open(os.path.join(d, f), "w") as fh:
                fh.write(text)
        return d

    def judge(self, test, d, submit=9.5):
        return verdict.judge(test, d, self.root, lambda elf, pc: "in main" if pc == "0x000001a4" else "in f2", submit)


def verdict_json(d, name, obj):
    with open(os.path.join(d, name), "w") as f:
        json.dump(obj, f)


class PassRule(Dirs):
    def test_pass(self):
        o = self.judge(self.make_test(), self.job("a"))
        self.assertEqual((o.status, o.reason), ("PASS", ""))
        self.assertAlmostEqual(o.queue, 0.5)

    def test_compared_nothing_fails(self):
        led = dict(LEDGER, compared=dict(LEDGER["compared"], steps=0), golden_steps=0)
        o = self.judge(self.make_test(), self.job("a", led))
        self.assertEqual((o.status, o.reason), ("FAIL", "the checker compared nothing"))

    def test_fewer_steps_than_golden_fails(self):
        led = dict(LEDGER, compared=dict(LEDGER["compared"], steps=100))
        o = self.judge(self.make_test(), self.job("a", led))
        self.assertEqual(o.status, "FAIL")
        self.assertIn("compared 100 of the golden's 120 steps", o.reason)

    def test_live_mode_golden_steps_unknown(self):
        led = dict(LEDGER, golden_steps=-1, mode="live")
        self.assertEqual(self.judge(self.make_test(), self.job("a", led)).status, "PASS")

    def test_console_differs(self):
        o = self.judge(self.make_test(), self.job("a", stdout="Hell\ntarmac checker: PASS\n"))
        self.assertEqual((o.status, o.signature), ("FAIL", "console differs"))

    def test_checker_notes_before_its_summary_are_not_console(self):
        # live mode's decision-window notes (any note of the checker) come before its summary line: they are in
        # the report, the program's console is what comes before them
        notes = ("decision window: the RTL entered IRQ4 (20) at time 9542: legal at time 9536 (6 before)\n"
                 "note: golden g records no program identity\n")
        summary = "tarmac checker: PASS: 2370 steps\n"
        d = self.job("a", stdout="Hello\n" + notes + summary + "- rtl_tb/tb_top.sv:366: Verilog $finish\n")
        with open(os.path.join(d, "report.txt"), "w") as f:
            f.write(notes + summary)
        self.assertEqual(self.judge(self.make_test(), d).status, "PASS")
        # the same notes with a wrong console before them: still a failure
        d = self.job("b", stdout="Hell\n" + notes + summary)
        with open(os.path.join(d, "report.txt"), "w") as f:
            f.write(notes + summary)
        self.assertEqual(self.judge(self.make_test(), d).signature, "console differs")
        # a program line that merely ends like the report's first line is the program's
        d = self.job("c", stdout="Hello\nx" + notes + summary)
        with open(os.path.join(d, "report.txt"), "w") as f:
            f.write(notes + summary)
        self.assertEqual(self.judge(self.make_test(), d).signature, "console differs")

    def test_exit_status(self):
        o = self.judge(self.make_test(), self.job("a", exit=125))
        self.assertEqual((o.status, o.signature), ("FAIL", "exit 125: lockup"))

    def test_expected_exit_status(self):
        """A generated program that ends in a lockup: its exit file says 125, and its lockup notice is no output."""
        with open(os.path.join(self.root, "sys_5.exit"), "w") as f:
            f.write("125\n")
        t = self.make_test(exit="sys_5.exit")
        out = "Hello\ntb_top: lockup at cycle 4242\ntarmac checker: PASS: ...\n"
        self.assertEqual(self.judge(t, self.job("a", exit=125, stdout=out)).status, "PASS")
        o = self.judge(t, self.job("b", exit=0))
        self.assertEqual((o.status, o.signature), ("FAIL", "exit 0: the program failed"))
        self.assertEqual(self.judge(self.make_test(exit="none.exit"), self.job("c")).status, "PASS")

    def test_fail_pattern(self):
        o = self.judge(self.make_test(), self.job("a", stderr="%Error: tb_top.sv:12: Assertion failed\n"))
        self.assertEqual(o.status, "FAIL")
        self.assertIn("%Error", o.reason)

    def test_no_ledger_is_error(self):
        o = self.judge(self.make_test(), self.job("a", ledger=None, exit=3))
        self.assertEqual((o.status, o.reason), ("ERROR", "no ledger from the checker (checker failed)"))

    def test_checker_failure_signature(self):
        o = self.judge(self.make_test(), self.job("a", mismatch("r3")))
        self.assertEqual((o.status, o.signature, o.reason), ("FAIL", "register r0-r12 in main", "r3 differs"))
        o = self.judge(self.make_test(), self.job("b", mismatch("pc", "instruction", "0x00000300")))
        self.assertEqual(o.signature, "instruction pc in f2")

    def test_run_timeout(self):
        o = self.judge(self.make_test(), self.job("a", result="timeout"))
        self.assertEqual((o.status, o.signature), ("FAIL", "run timeout"))


class Places(Dirs):
    """Buckets on real ELFs by the checker's own ELF reader (build/bin/tarmac-sym): a system-level random
    program's functions have symbol size 0 (arm-none-eabi-nm prints no size), so a PC inside one is 'near' the
    function it follows, never the one bucket 'in ?' for every such program."""
    BUILD = os.environ.get("BUILD", "build")

    def setUp(self):
        super().setUp()
        self.sym = verdict.Symbols(os.path.join(ROOT, self.BUILD, "bin", "tarmac-sym"), ROOT)
        self.elf = os.path.join(ROOT, self.BUILD, "random", "sys_2.elf")
        nm = subprocess.run(["arm-none-eabi-nm", "-S", "-n", self.elf], capture_output=True, text=True, check=True)
        self.syms = [line.split() for line in nm.stdout.splitlines()]

    def test_size_zero_function(self):
        main = [w for w in self.syms if w[-1] == "main"][0]
        self.assertEqual(len(main), 3, "main has no size in a system-level program")
        after = sorted(int(w[0], 16) for w in self.syms if int(w[0], 16) > int(main[0], 16))[0]
        pc = int(main[0], 16) + 0x10
        self.assertLess(pc, after)
        self.assertEqual(self.sym(self.elf, f"0x{pc:08x}"), "near main")
        t = describe.Test(group="sys", name="sys_2", sim="s", elf=self.elf, golden="g", expect="hello.expect",
                          plusargs=[], seed="2")
        o = verdict.judge(t, self.job("a", mismatch("r5", pc=f"0x{pc:08x}"), exit=3), self.root, self.sym)
        self.assertEqual(o.signature, "register r0-r12 near main")

    def test_outside_every_function(self):
        self.assertEqual(self.sym(self.elf, "0xfffffff9"), "at 0xfffffff9")   # an EXC_RETURN value
        self.assertEqual(self.sym(os.path.join(self.root, "no.elf"), "0x100"), "at 0x100")

    def test_sized_function(self):
        elf = os.path.join(ROOT, self.BUILD, "programs", "hello.elf")
        nm = subprocess.run(["arm-none-eabi-nm", "-S", elf], capture_output=True, text=True, check=True).stdout
        main = [w for w in (line.split() for line in nm.splitlines()) if w[-1] == "main"][0]
        self.assertEqual(len(main), 4, "main has a size in the corpus")
        self.assertEqual(self.sym(elf, f"0x{int(main[0], 16) + 2:08x}"), "in main")


class Deaths(Dirs):
    def died(self, launcher):
        return self.judge(self.make_test(), self.job("a", ledger=None, result=False, launcher=launcher))

    def test_cancelled(self):
        o = self.died({"launcher.txt": "slurmstepd-n1: error: *** STEP 4.2 ON n1 CANCELLED AT 2026-01-01T00:00:00 ***\n",
                       "launcher.rc": "137\n"})
        self.assertEqual((o.status, o.reason), ("DIED", "died: cancelled"))

    def test_time_limit(self):
        o = self.died({"launcher.txt": "*** JOB 4 ON n1 CANCELLED AT 2026-01-01T00:00:00 DUE TO TIME LIMIT ***\n"})
        self.assertEqual(o.reason, "died: time limit")

    def test_node_lost(self):
        o = self.died({"launcher.txt": "*** JOB 4 ON n1 CANCELLED AT 2026-01-01T00:00:00 DUE TO NODE FAILURE ***\n"})
        self.assertEqual(o.reason, "died: node lost")

    def test_never_started(self):
        o = self.died({"launcher.json": json.dumps({"state": "not run: the allocation ended (CANCELLED)"})})
        self.assertEqual(o.reason, "died: not run: the allocation ended (CANCELLED)")

    def test_killed_locally(self):
        o = self.died({"launcher.rc": "-9\n"})
        self.assertEqual((o.status, o.reason), ("DIED", "died: killed by signal 9"))


class NegativeControl(Dirs):
    def neg(self):
        return self.make_test(group="negative-control", negative=True, expect_bucket="register ")

    def test_caught_in_its_bucket_passes(self):
        o = self.judge(self.neg(), self.job("a", mismatch("r1")))
        self.assertEqual(o.status, "PASS")
        self.assertEqual(o.raw.signature, "register r0-r12 in main")

    def test_not_caught_fails_the_nightly(self):
        o = self.judge(self.neg(), self.job("a"))
        self.assertEqual((o.status, o.reason), ("FAIL", "the checker did not catch the planted bug"))

    def test_caught_elsewhere_fails(self):
        o = self.judge(self.neg(), self.job("a", mismatch("addr", "bus")))
        self.assertEqual(o.status, "FAIL")
        self.assertIn("outside its expected bucket", o.reason)


class Reports(Dirs):
    def results(self):
        r = []
        for s, wall in (("1", 3.0), ("2", 1.5), ("3", 2.0)):
            t = self.make_test(f"seed_{s}", "random", s)
            d = self.job(t.name, mismatch(f"r{s}"), exit=3, wall=wall, stdout="x <&> \"y\"\n")
            r.append((t, self.judge(t, d), d))
        t = self.make_test()
        d = self.job("hello")
        r.append((t, self.judge(t, d), d))
        return r

    META = {"version": "9.9.9", "commit": "0123456789ab", "tree": "dirty", "scope": "whole set", "launcher": "local",
            "elapsed": 1.0}

    def test_three_seeds_one_bucket(self):
        b = report.buckets(self.results())
        self.assertEqual(list(b), ["register r0-r12 in main"])
        members = b["register r0-r12 in main"]
        self.assertEqual([t.seed for t, _, _ in members], ["1", "2", "3"])  # by name, whatever the run times

    def test_example_is_stable(self):
        """The bucket's example is its lowest test by name (numbers by value), not the run that happened to be
        shortest: two runs of the same failures name the same example."""
        r = []
        for s, wall in (("10", 1.0), ("9", 3.0), ("2", 2.0)):
            t = self.make_test(f"seed_{s}", "random", s)
            r.append((t, self.judge(t, self.job(t.name, mismatch("r1"), exit=3, wall=wall)), None))
        first = report.buckets(r)["register r0-r12 in main"][0][0].name
        r.reverse()
        self.assertEqual((first, report.buckets(r)["register r0-r12 in main"][0][0].name), ("seed_2", "seed_2"))

    def many(self, n=25):
        r = []
        for s in range(1, n + 1):
            t = self.make_test(f"seed_{s}", "random", str(s))
            d = self.job(t.name, mismatch("r1"), exit=3)
            r.append((t, self.judge(t, d), d))
        return r

    def test_long_bucket_lists_folded(self):
        text = report.summary(self.plan(), self.many(), self.root, self.root, self.META)
        self.assertIn("      tests: random/seed_1 random/seed_2 ", text)
        self.assertIn("random/seed_10 ... and 15 more\n", text)
        self.assertIn("      seeds: 1 2 3 4 5 6 7 8 9 10 ... and 15 more\n", text)
        page = report.index_html(self.plan(), self.many(), self.root, self.root, self.META)
        self.assertEqual(page.count("<details><summary>15 more</summary>"), 2)

    def test_commit_and_tree_recorded(self):
        res = self.results()
        path = os.path.join(self.root, "junit.xml")
        report.write_atomic(path, report.junit(self.plan(), res, self.root, self.root, self.META))
        for s in junitparser.JUnitXml.fromfile(path):
            props = {p.name: p.value for p in s.properties()}
            self.assertEqual((props["commit"], props["tree"], props["scope"]), ("0123456789ab", "dirty", "whole set"))
        line = "version 9.9.9, commit 0123456789ab (dirty), whole set, launcher local"
        self.assertIn(line, report.summary(self.plan(), res, self.root, self.root, self.META).splitlines()[1])
        self.assertIn(f'<p id="provenance">{line}', report.index_html(self.plan(), res, self.root, self.root, self.META))

    def test_groups_not_run(self):
        """A subset (--only file) leaves the group random out: shown as not run (grey, a skipped case), never as
        a green group of 0 tests."""
        res = [r for r in self.results() if r[0].group == "file"]
        meta = dict(self.META, scope="subset (--only file)")
        path = os.path.join(self.root, "junit.xml")
        report.write_atomic(path, report.junit(self.plan(), res, self.root, self.root, meta))
        suites = {s.name: s for s in junitparser.JUnitXml.fromfile(path)}
        self.assertEqual((suites["random"].tests, suites["random"].skipped), (1, 1))
        case = list(suites["random"])[0]
        self.assertIsInstance(case.result[0], junitparser.Skipped)
        self.assertEqual(case.result[0].message, "not run: subset (--only file)")
        self.assertEqual((suites["file"].tests, suites["file"].skipped), (1, 0))
        text = report.summary(self.plan(), res, self.root, self.root, meta)
        self.assertRegex(text, r"\nrandom +not run +- +- +-  random & seeds\n")
        self.assertIn("subset (--only file)", text.splitlines()[1])
        page = report.index_html(self.plan(), res, self.root, self.root, meta)
        self.assertIn('<tr class="notrun"><td>random</td><td colspan=4>not run</td>', page)
        self.assertNotIn('<tr class="pass"><td>random</td>', page)

    def plan(self):
        p = describe.Plan("nightly", {"file": "corpus <programs>", "random": "random & seeds"})
        return p

    def test_junit_counts_and_properties(self):
        res = self.results()
        path = os.path.join(self.root, "junit.xml")
        report.write_atomic(path, report.junit(self.plan(), res, self.root, self.root, self.META))
        x = junitparser.JUnitXml.fromfile(path)
        suites = {s.name: s for s in x}
        self.assertEqual((suites["file"].tests, suites["file"].failures), (1, 0))
        self.assertEqual((suites["random"].tests, suites["random"].failures, suites["random"].errors), (3, 3, 0))
        cases = {c.name: c for c in suites["random"]}
        self.assertEqual(cases["seed_2"].result[0].message, "r2 differs")
        self.assertEqual(cases["seed_2"].result[0].type, "register r0-r12 in main")
        self.assertEqual({p.name: p.value for p in suites["random"].properties()}["version"], "9.9.9")
        props = {p.get("name"): p.get("value") for p in
                 ET.parse(path).getroot().find("testsuite[@name='file']/testcase/properties")}
        for k, v in (("instructions", "118"), ("registers", "300"), ("beats", "90"), ("packets", "4"),
                     ("not_compared.registers_never_shown", "r12"), ("golden", "golden/hello.tarmac.gz"),
                     ("build", "build/sim/chk/Vtb_top"), ("version", "9.9.9")):
            self.assertEqual(props[k], v, k)
        self.assertIn("cd ", props["rerun"])
        out = cases["seed_1"].system_out
        self.assertIn(f"[[ATTACHMENT|{res[0][2]}/stdout.txt]]", out)

    def test_html_escapes(self):
        res = self.results()
        page = report.index_html(self.plan(), res, self.root, self.root, self.META)
        self.assertIn("corpus &lt;programs&gt;", page)
        self.assertNotIn("<programs>", page)
        self.assertEqual(page.count('<tr class="bucket">'), 1)

    def test_summary_last_line(self):
        text = report.summary(self.plan(), self.results(), self.root, self.root, self.META)
        self.assertEqual(text.splitlines()[-1], "1 passed, 3 failed")
        self.assertIn("seeds: 1 2 3", text)


class Job(unittest.TestCase):
    """sim/nightly/job.py on real processes: the run timeout, a job its launcher kills, and its exit status: 1
    for a test that did not pass (what the farm's accounting records), 0 for one that did."""
    def run_job(self, argv, timeout, kill_after=None, ledger=None):
        d = tempfile.mkdtemp()
        self.addCleanup(subprocess.run, ["rm", "-rf", d])
        with open(os.path.join(d, "hello.expect"), "w") as f:
            f.write("Hello\n")
        if ledger:
            verdict_json(d, "ledger.json", ledger)
        test = describe.Test(group="file", name="hello", sim="sim", elf="hello.elf", golden="hello.tarmac.gz",
                             expect="hello.expect", plusargs=[])
        with open(os.path.join(d, "job.json"), "w") as f:
            json.dump({"argv": argv, "root": d, "timeout": timeout, "test": test.__dict__,
                       "symbols": os.path.join(ROOT, "build", "bin", "tarmac-sym")}, f)
        t0 = time.time()
        p = subprocess.Popen([sys.executable, os.path.join(ROOT, "sim", "nightly", "job.py"), d])
        if kill_after:
            while not os.path.exists(os.path.join(d, "started.json")):
                time.sleep(0.05)
            time.sleep(kill_after)
            p.send_signal(signal.SIGTERM)
        return p.wait(), time.time() - t0, verdict.read_json(os.path.join(d, "result.json")), d

    def test_exit_status_and_output(self):
        rc, _, result, d = self.run_job(["sh", "-c", "echo out; echo err >&2; exit 7"], 30)
        self.assertEqual((rc, result["exit"], result["timed_out"]), (1, 7, False))
        self.assertEqual(verdict.read_text(os.path.join(d, "stdout.txt")), "out\n")
        self.assertEqual(verdict.read_text(os.path.join(d, "stderr.txt")), "err\n")

    def test_passing_test_exits_0_failing_1(self):
        """The job's own exit status is the test's verdict: the ledger kept between the runs (the job removes a
        stale one, so each run writes it as a checker would)."""
        led = os.path.join(tempfile.mkdtemp(), "ledger.json")
        self.addCleanup(subprocess.run, ["rm", "-rf", os.path.dirname(led)])
        for ledger, want in ((LEDGER, 0), (mismatch("r3"), 1)):
            verdict_json(os.path.dirname(led), "ledger.json", ledger)
            rc, _, result, _ = self.run_job(["sh", "-c", f"cp {led} ledger.json; echo Hello"], 30)
            self.assertEqual((rc, result["exit"]), (want, 0), ledger["verdict"])

    def test_run_timeout_kills_the_simulator(self):
        rc, took, result, _ = self.run_job(["sleep", "30"], 0.5)
        self.assertEqual(rc, 1)
        self.assertTrue(result["timed_out"])
        self.assertLess(took, 10)

    def test_killed_job_leaves_no_result(self):
        rc, took, result, _ = self.run_job(["sleep", "30"], 30, kill_after=0.3)
        self.assertEqual((rc, result), (128 + signal.SIGTERM, None))
        self.assertLess(took, 10)


class Description(unittest.TestCase):
    def load(self, text, set_name="s", **over):
        with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
            f.write(text)
        try:
            return describe.load(f.name, set_name, {"BUILD": "build", "PROGRAMS": "a b"}, over)
        finally:
            os.unlink(f.name)

    BASE = """[vars]
SEEDS = "2"
TIMEOUT = "60"
WAITSTATES = "25"
[sets.s]
groups = ["f", "snap", "r"]
vars = { SEEDS = "3" }
[group.f]
sim = "{BUILD}/sim/chk/Vtb_top"
programs = "{PROGRAMS}"
elf = "{BUILD}/programs/{name}.elf"
golden = "golden/{name}.tarmac.gz"
expect = "tests/programs/{name}.expect"
[group.snap]
like = "f"
plusargs = "+tarmac_regs=snapshot +irq_seed={n}"
[group.r]
sim = "{BUILD}/sim/chk/Vtb_top"
seeds = "1..{SEEDS}"
name = "seed_{seed}"
elf = "{BUILD}/random/seed_{seed}.elf"
golden = "live:{elf}"
expect = "{BUILD}/random/seed_{seed}.expect"
"""

    def test_expansion(self):
        p = self.load(self.BASE)
        self.assertEqual([t.id for t in p.tests], ["f/a", "f/b", "snap/a", "snap/b", "r/seed_1", "r/seed_2",
                                                   "r/seed_3"])
        t = p.tests[-1]
        self.assertEqual((t.golden, t.seed, t.timeout), ("live:build/random/seed_3.elf", "3", 60.0))
        self.assertEqual(p.tests[2].plusargs, ["+tarmac_regs=snapshot", "+irq_seed=0"])
        self.assertEqual(t.needs("build"), ["build/sim/chk/Vtb_top", "build/random/seed_3.elf"])
        self.assertEqual(len(self.load(self.BASE, SEEDS="0").tests), 4)

    def test_errors(self):
        with self.assertRaisesRegex(describe.DescriptionError, r"group.f: unknown variable \{NOPE\}"):
            self.load(self.BASE.replace("{PROGRAMS}", "{NOPE}"))
        with self.assertRaisesRegex(describe.DescriptionError, r"group.snap: unknown key\(s\) plusarg"):
            self.load(self.BASE.replace("plusargs =", "plusarg ="))
        with self.assertRaisesRegex(describe.DescriptionError, r"no set 'x'"):
            self.load(self.BASE, "x")
        with self.assertRaisesRegex(describe.DescriptionError, r"expected '<first>..<last>' or numbers"):
            self.load(self.BASE, SEEDS="many")

    def test_help_says_lsf_is_untested(self):
        """Every launcher offered is tested on its real engine or says it is not: LSF cannot be run here."""
        text = subprocess.run([sys.executable, os.path.join(ROOT, "sim", "nightly.py"), "--help"], capture_output=True,
                              text=True, check=True).stdout
        text = " ".join(text.split())
        self.assertIn("sge (a Grid Engine job array); each tested on a real one-node engine of its own", text)
        self.assertIn("lsf (an LSF job array) is UNTESTED", text)

    def test_the_project_description(self):
        mv = {k: "x" for k in ("BUILD", "SIM_CHK", "PROGRAMS", "LIVE_PROGRAMS", "TC_PROGRAMS", "ASYNC_PLUSARGS",
                               "ASYNC_TEST_SEEDS", "ASYNC_BURST_PLUSARGS", "ASYNC_BURST_SEEDS", "M0_ASYNC_SEEDS")}
        mv["ASYNC_TEST_SEEDS"] = mv["ASYNC_BURST_SEEDS"] = mv["M0_ASYNC_SEEDS"] = "1 2"
        for s in ("nightly", "regress", "sim", "m0"):
            p = describe.load(os.path.join(ROOT, "sim", "nightly.toml"), s, mv, {})
            self.assertTrue(p.tests, s)
        p = describe.load(os.path.join(ROOT, "sim", "nightly.toml"), "nightly", mv, {})
        self.assertTrue(any(t.negative for t in p.tests))

    def test_vis_timing_per_test(self):
        """{vis_timing}: a timing of the visibility port per test, from its id: the same on every load (a failure
        reruns with it), within +vis_timing's range, not one value for all."""
        text = self.BASE.replace('plusargs = "+tarmac_regs=snapshot +irq_seed={n}"', 'plusargs = "+vis_timing={vis_timing}"')
        a, b = self.load(text), self.load(text)
        got = {t.id: t.plusargs for t in a.tests if t.group == "snap"}
        self.assertEqual(got, {t.id: t.plusargs for t in b.tests if t.group == "snap"})
        values = [int(v[0].split("=")[1], 16) for v in got.values()]
        self.assertTrue(all(0 <= v <= 0x3ff for v in values))
        self.assertEqual(values, [int(describe.vis_timing_of(i), 16) for i in got])
        self.assertGreater(len({describe.vis_timing_of(f"g/seed_{n}") for n in range(20)}), 10)


if __name__ == "__main__":
    r = unittest.main(exit=False, verbosity=2).result
    failed = len(r.failures) + len(r.errors)
    print(f"{r.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
