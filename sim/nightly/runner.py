"""The nightly's runner: expands a set of the description (describe.py), builds what it runs (make), runs every
test through a launcher (launch.py), judges each by the pass rule (verdict.py), merges the coverage of the passing
tests (tarmac-cov) and writes junit.xml, summary.txt and index.html (report.py) into the output root.
Exit status: 0 when every test passed (the negative control included), 1 when one did not, 2 on bad usage or a
description, build or submission that failed."""
import argparse
import dataclasses
import datetime
import json
import os
import shlex
import subprocess
import sys
import time

from . import describe, launch, report, verdict
from .job import write_json

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def parse_args(argv):
    env = os.environ.get
    p = argparse.ArgumentParser(prog="nightly", description="Run a set of the nightly signoff description.")
    p.add_argument("--set", default="nightly", help="the set of sim/nightly.toml to run (nightly, regress, sim)")
    p.add_argument("--description", default=os.path.join(ROOT, "sim", "nightly.toml"))
    p.add_argument("--out", default=env("NIGHTLY_OUT"), help="output root (NIGHTLY_OUT; default "
                   "<build>/nightly/<set>/<date-time>, with <build>/nightly/<set>/latest pointing at it)")
    p.add_argument("--launcher", default=env("NIGHTLY_LAUNCHER", "local"), choices=sorted(launch.LAUNCHERS),
                   help="where the tests run (NIGHTLY_LAUNCHER): local (this machine), slurm (one allocation), "
                   "sge (a Grid Engine job array); each tested on a real one-node engine of its own. lsf (an LSF "
                   "job array) is UNTESTED: written to the same interface, but no LSF can be run here")
    p.add_argument("-j", "--jobs", type=int, default=int(env("NIGHTLY_JOBS", "2")), help="tests at once")
    p.add_argument("--var", action="append", default=[], metavar="NAME=VALUE", help="a description variable")
    p.add_argument("--make-arg", action="append", default=[], metavar="ARG", help="for every make the runner "
                   "starts (e.g. SAN=1, HARNESS=systemc)")
    p.add_argument("--only", action="append", metavar="TEST|GROUP", help="run these tests or groups only")
    p.add_argument("--rerun-failed", action="store_true", help="rerun what failed or died in --out, re-report all")
    p.add_argument("--no-build", action="store_true", help="do not run make for the simulators and programs")
    p.add_argument("--list", action="store_true", help="print one shell command per test (for a farm of your own) "
                   "and run nothing")
    p.add_argument("--run-timeout", type=float, help="seconds one test may run (default: the description's)")
    p.add_argument("--queue-timeout", type=float, default=float(env("NIGHTLY_QUEUE_TIMEOUT", "3600")),
                   help="seconds the jobs may wait in the queue before the runner cancels them (slurm, lsf, sge)")
    p.add_argument("--python", default=env("NIGHTLY_PYTHON", sys.executable), help="python3 on the nodes")
    p.add_argument("--partition", default=env("NIGHTLY_PARTITION"), help="Slurm partition (LSF, SGE: queue)")
    p.add_argument("--account", default=env("NIGHTLY_ACCOUNT"), help="Slurm account (LSF, SGE: project)")
    p.add_argument("--time-limit", default=env("NIGHTLY_TIME_LIMIT"), help="the allocation's time limit")
    p.add_argument("--mem", default=env("NIGHTLY_MEM"), help="memory per test (Slurm: --mem-per-cpu)")
    p.add_argument("--submit-opt", "--sbatch-opt", dest="submit_opts", action="append",
                   default=shlex.split(env("NIGHTLY_SUBMIT_OPTS", "")), help="an extra sbatch/bsub/qsub option")
    o = p.parse_args(argv)
    if o.jobs < 1:
        p.error("--jobs must be at least 1")
    o.set_name = o.set
    return o


def make_env():
    """The environment of a make the runner starts, and the variables given to the make that started the runner
    (MAKEFLAGS after '--'): a make of its own (its jobserver is not ours), with the same variables."""
    env = dict(os.environ)
    flags = env.pop("MAKEFLAGS", "")
    for k in ("MAKELEVEL", "MFLAGS", "MAKEOVERRIDES"):
        env.pop(k, None)
    return env, shlex.split(flags.split(" -- ", 1)[1]) if " -- " in flags else []


def make(args, opts, capture=False):
    env, overrides = make_env()
    argv = ["make", "--no-print-directory", "-s" if capture else "-k"] + overrides + opts.make_arg + args
    p = subprocess.run(argv, cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                       capture_output=capture, text=True)
    if p.returncode != 0:
        detail = (p.stderr or "").strip().splitlines()[-5:] if capture else []
        raise SystemExit(f"nightly: make {' '.join(args[:3])}{' ...' if len(args) > 3 else ''} failed "
                         f"(exit {p.returncode}){': ' + ' / '.join(detail) if detail else ''}")
    return p.stdout


def make_vars(opts):
    """The Makefile's lists and paths (make nightly-vars: NAME=VALUE lines)."""
    out = {}
    for line in make(["nightly-vars"], opts, capture=True).splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            out[k] = v
    return out


def version():
    return verdict.read_text(os.path.join(ROOT, "VERSION")).strip() or "unknown"


def checkout():
    """(commit, tree) of the checkout the tests ran from: the commit's short hash and 'clean', or 'dirty' when a
    tracked file differs from it or a file git does not ignore is new; ('unknown', 'not a git checkout')."""
    def git(*args):
        return subprocess.run(["git", "-C", ROOT, *args], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    head = git("rev-parse", "--short=12", "HEAD")
    status = git("status", "--porcelain")
    if head.returncode != 0 or status.returncode != 0:
        return "unknown", "not a git checkout"
    return head.stdout.strip(), "dirty" if status.stdout.strip() else "clean"


def test_dir(out, t):
    return os.path.join(out, t.group, t.name)


def prepare_out(opts, build):
    """The output root: --out, or a new one under <build>/nightly/<set>/ with 'latest' pointing at it. A root
    that holds another nightly is refused (unless --rerun-failed): two nightlies never share one."""
    if opts.out:
        out = os.path.abspath(opts.out)
    else:
        base = os.path.join(ROOT, build, "nightly", opts.set_name)
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        out = os.path.join(base, f"{stamp}-{os.getpid()}")
    has_plan = os.path.exists(os.path.join(out, "plan.json"))
    if opts.rerun_failed and not has_plan:
        raise SystemExit(f"nightly: --rerun-failed: {out} holds no nightly (no plan.json)")
    if not opts.rerun_failed and has_plan:
        raise SystemExit(f"nightly: {out} already holds a nightly: give another --out, or --rerun-failed")
    os.makedirs(out, exist_ok=True)
    try:
        fd = os.open(os.path.join(out, ".lock"), os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        raise SystemExit(f"nightly: {out} is in use by another nightly ({out}/.lock)") from None
    os.write(fd, f"{os.getpid()}\n".encode())
    os.close(fd)
    if not opts.out:
        latest = os.path.join(os.path.dirname(out), "latest")
        tmp = f"{latest}.tmp{os.getpid()}"
        os.symlink(os.path.basename(out), tmp)
        os.replace(tmp, latest)
    opts.out = out
    return out


def load_plan(opts, out):
    with open(os.path.join(out, "plan.json"), encoding="utf-8") as f:
        saved = json.load(f)
    plan = describe.Plan(saved["set"], dict(saved["groups"]))
    plan.tests = [describe.Test(**t) for t in saved["tests"]]
    opts.set_name = saved["set"]
    return plan, saved["vars"]


def judge_all(plan, out, symbols):
    results = []
    for t in plan.tests:
        d = test_dir(out, t)
        sub = verdict.read_json(os.path.join(d, "submitted.json")) or {}
        results.append((t, verdict.judge(t, d, ROOT, symbols, sub.get("time")), d))
    return results


def merge_coverage(results, out, tool):
    """tarmac-cov merge of the passing tests' coverage files (a failing test's bins are no evidence)."""
    files = [os.path.join(d, "coverage.cov") for t, o, d in results
             if o.status == "PASS" and not t.negative and os.path.exists(os.path.join(d, "coverage.cov"))]
    for f in ("coverage.tsv", "coverage.txt", "coverage.html"):
        if os.path.exists(os.path.join(out, f)):
            os.unlink(os.path.join(out, f))
    if files:
        subprocess.run([tool, "merge", *files, "-o", os.path.join(out, "coverage.tsv"),
                        "--text", os.path.join(out, "coverage.txt"), "--html", os.path.join(out, "coverage.html")],
                       cwd=ROOT, stdout=subprocess.DEVNULL, check=False)


def main(argv=None):
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    t_start = time.time()
    try:
        mvars = make_vars(opts)
        overrides = dict(v.split("=", 1) for v in opts.var if "=" in v)
        if opts.run_timeout:
            overrides["TIMEOUT"] = str(opts.run_timeout)
        build = mvars.get("BUILD", "build")
        if opts.list:
            plan = describe.load(opts.description, opts.set_name, mvars, overrides, opts.only)
            base = os.path.abspath(opts.out or os.path.join(ROOT, build, "nightly", opts.set_name, "list"))
            for t in plan.tests:
                d = test_dir(base, t)
                print(f"mkdir -p {shlex.quote(d)} && {report.rerun_command(t, d, ROOT)}")
            return 0
        out = prepare_out(opts, build)
    except describe.DescriptionError as e:
        print(f"nightly: {e}", file=sys.stderr)
        return 2
    commit, tree = checkout()
    try:
        if opts.rerun_failed:
            plan, variables = load_plan(opts, out)
            first = verdict.read_json(os.path.join(out, "plan.json"))
            symbols = verdict.Symbols(os.path.join(ROOT, variables.get("BUILD", build), "bin", "tarmac-sym"), ROOT)
            chosen = [t for t, o, _ in judge_all(plan, out, symbols) if o.status != "PASS"]
            if opts.only:
                chosen = [t for t in chosen if t.id in opts.only or t.group in opts.only]
            scope = (f"rerun (--rerun-failed{' --only ' + ' '.join(opts.only) if opts.only else ''}) of "
                     f"{len(chosen)} tests that had not passed, the others as the first run left them "
                     f"({first.get('scope', 'whole set')}, commit {first.get('commit', 'unknown')} "
                     f"({first.get('tree', 'unknown')}))")
        else:
            try:
                plan = describe.load(opts.description, opts.set_name, mvars, overrides, opts.only)
            except describe.DescriptionError as e:
                print(f"nightly: {e}", file=sys.stderr)
                return 2
            variables = dict(mvars, **overrides)
            chosen = plan.tests
            scope = f"subset (--only {' '.join(opts.only)})" if opts.only else "whole set"
            write_json(os.path.join(out, "plan.json"),
                       {"set": plan.set_name, "groups": plan.groups, "vars": variables, "version": version(),
                        "commit": commit, "tree": tree, "scope": scope,
                        "tests": [dataclasses.asdict(t) for t in plan.tests]})
        if not opts.no_build and chosen:
            tools = [os.path.join(build, "bin", t) for t in ("tarmac-cov", "tarmac-sym")]
            needs = sorted({n for t in chosen for n in t.needs(build)} | set(tools))
            print(f"nightly: make {len(needs)} targets for {len(chosen)} tests", flush=True)
            make(needs, opts)
        symbols = verdict.Symbols(os.path.join(ROOT, build, "bin", "tarmac-sym"), ROOT)
        jobs = []
        for t in chosen:
            d = test_dir(out, t)
            os.makedirs(d, exist_ok=True)
            for f in os.listdir(d):
                os.unlink(os.path.join(d, f))
            write_json(os.path.join(d, "job.json"), {"id": t.id, "argv": t.argv(d), "root": ROOT,
                                                     "timeout": t.timeout, "test": dataclasses.asdict(t),
                                                     "symbols": os.path.join(build, "bin", "tarmac-sym")})
            jobs.append(launch.Job(t.id, d, t.id.replace("/", ".")))
        by_dir = {test_dir(out, t): t for t in chosen}
        print(f"nightly {plan.set_name}: {len(chosen)} tests{' (rerun)' if opts.rerun_failed else ''}, "
              f"launcher {opts.launcher}, {opts.jobs} at once, commit {commit} ({tree}), output {out}", flush=True)

        def done(job):
            t = by_dir[job.dir]
            sub = verdict.read_json(os.path.join(job.dir, "submitted.json")) or {}
            o = verdict.judge(t, job.dir, ROOT, symbols, sub.get("time"))
            print(f"{o.status:5} {t.id:<32} {o.wall:7.1f} s  {o.reason}", flush=True)
        if jobs:
            launch.LAUNCHERS[opts.launcher](opts).run(jobs, ROOT, opts.python, done)
        results = judge_all(plan, out, symbols)
        merge_coverage(results, out, os.path.join(ROOT, build, "bin", "tarmac-cov"))
        meta = {"version": version(), "commit": commit, "tree": tree, "scope": scope, "launcher": opts.launcher,
                "elapsed": time.time() - t_start}
        report.write_atomic(os.path.join(out, "junit.xml"), report.junit(plan, results, out, ROOT, meta))
        report.write_atomic(os.path.join(out, "index.html"), report.index_html(plan, results, out, ROOT, meta))
        text = report.summary(plan, results, out, ROOT, meta)
        report.write_atomic(os.path.join(out, "summary.txt"), text)
        print(text, end="")
        return 0 if all(o.status == "PASS" for _, o, _ in results) else 1
    except launch.LauncherError as e:
        print(f"nightly: {e}", file=sys.stderr)
        return 2
    finally:
        os.unlink(os.path.join(out, ".lock"))
