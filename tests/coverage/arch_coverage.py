#!/usr/bin/env python3
"""Architecture coverage: which branches of the model's architecture code no test of the regression reaches.

The model is the executable specification: a branch of its executor, exception, SCS, MTB or memory-map code that
no test takes is behaviour of the architecture that no test exercises, whatever the core does there. Every test of
the regression (its commands, as `nightly.py --list` prints them) drives the model again on a coverage build: a
file-mode test's golden is made again by armv6m-iss with the configuration the golden records in its header, a
live-mode test runs again with the checker's library of the coverage build preloaded. So every configuration the
regression runs is measured, whatever groups it has. gcov gives each branch's count. Every branch not taken must
be listed in the holes file with why (unreachable by design, or a hole of the stimulus); one that is not is a new
hole and fails the report (exit 1). The checker's functional
coverage (tarmac-cov's summary) is appended, so that one report says what the regression does not reach.
usage: arch_coverage.py --build B --iss ISS --chklib LIB --functional TXT --holes LIST --out REPORT
                        [--tests FILE] [--programs "ELF[@CONFIG]..." (run alone, the default configuration or
                        CONFIG, as armv6m-iss --config takes it: the ARMv7-M corpus with arch=v7-m)]
       arch_coverage.py --report-only ...: use the counts already collected (no program is run)
"""
import argparse
import concurrent.futures
import gzip
import json
import os
import shlex
import subprocess
import sys
import tempfile

FILES = ["cpu.c", "exceptions.c", "scs.c", "mtb.c", "mem.c"]  # model/: the architecture's code
# The model's calls for its users (the CLI, the checker's live mode, the tests): set-up, accessors, attachments. Not
# architecture: their branches are outside the measure (listed in the report, not counted).
API = {"m6_create", "m6_destroy", "m6_reg", "m6_set_reg", "m6_get_config", "m6_set_config", "m6_stopped",
       "m6_exit_code", "m6_stop_reason", "m6_icount", "m6_steps", "m6_last_encoding", "m6_set_console", "m6_trace_to",
       "m6_trace_to_sink", "m6_trace_status", "m6_on_mtb_packet", "m6_run", "m6_priority", "m6_active",
       "m6_fault_due", "m6_tail_chain_to", "m6_is_pending", "m6_reg_unknown", "m6_take_value"}


def run(cmd, env=None):
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)


def golden_config(path):
    """The configuration a gzip golden records in its header's comment (model/trace.c m6_golden_record), without
    the program's identity: the --config the model made it with. None for a plain-text golden (the defaults)."""
    with open(path, "rb") as fh:
        head = fh.read(10)
        if len(head) < 10 or head[:2] != b"\x1f\x8b":
            return None
        flags = head[3]
        if flags & 4:  # FEXTRA
            fh.read(int.from_bytes(fh.read(2), "little"))
        if flags & 8:  # FNAME
            while fh.read(1) not in (b"\0", b""):
                pass
        if not flags & 16:  # no FCOMMENT
            return None
        comment = bytearray()
        while (ch := fh.read(1)) not in (b"\0", b""):
            comment += ch
    keys = [kv for kv in comment.decode("ascii", "replace").split(",") if kv and not kv.startswith("program=")]
    return ",".join(keys) or None


def replay(line, iss, env, tmp, k):
    """One test of the regression (a line of `nightly.py --list`: mkdir ... && cd ... && <simulator> +args) as the
    run that drives the model the same way: a file-mode test's golden made again by the model (iss: its command
    without configuration, trace and program) with the configuration the golden records; a live-mode test run again
    as it is, its checker's model the coverage build. None for a test that drives no model (no +tarmac_golden)."""
    argv = shlex.split(line.rsplit("&&", 1)[-1])
    plus = {a.split("=", 1)[0]: a.split("=", 1)[1] for a in argv[1:] if a.startswith("+") and "=" in a}
    golden, elf = plus.get("+tarmac_golden", ""), plus.get("+elf", "")
    if not golden or not elf:
        return None
    if golden.startswith("live:"):
        out = os.path.join(tmp, f"live{k}")
        outputs = ("+tarmac_report", "+tarmac_ledger", "+tarmac_coverage")  # the regression's own files: not again
        keep = [a for a in argv[1:] if a.split("=", 1)[0] not in outputs]
        return ([argv[0]] + keep + [f"+tarmac_report={out}.txt", f"+tarmac_golden_out={out}.tarmac.gz"], env)
    if not os.path.exists(golden):
        sys.exit(f"arch_coverage: {golden}: no such golden (run make regress first: it builds what its tests read)")
    cfg = golden_config(golden)
    return (iss + (["--config", cfg] if cfg else []) + ["--tarmac", os.path.join(tmp, f"file{k}.tarmac.gz"), elf], None)


def jobs(args, tmp):
    """Every run of the model the regression makes, as (command, environment)."""
    out = []
    iss = [args.iss, "--quiet", "--max-insns", "5000000"]
    for k, item in enumerate(args.programs.split()):  # ELFs named alone: the default configuration; elf@config
        elf, _, cfg = item.partition("@")
        out.append((iss + (["--config", cfg] if cfg else []) + ["--tarmac", os.path.join(tmp, f"program{k}.tarmac.gz"), elf],
                    None))
    if args.programs.split():  # and one untraced, as the benchmark runs the model
        out.append((iss + [args.programs.split()[0].partition("@")[0]], None))
    env = dict(os.environ, LD_PRELOAD=os.path.abspath(args.chklib))  # its DPI calls bind to the coverage build
    skipped = 0
    for k, line in enumerate(open(args.tests) if args.tests else []):
        if not line.strip():
            continue
        job = replay(line, iss, env, tmp, k)
        if job:
            out.append(job)
        else:
            skipped += 1
    return out, skipped


def gcov_branches(objdir, srcdir):
    """{file: [(line, function, [count per branch])]} from gcov's JSON output."""
    result = {}
    with tempfile.TemporaryDirectory() as d:
        for f in FILES:
            subprocess.run(["gcov", "--branch-probabilities", "--json-format", "-o", os.path.abspath(objdir), os.path.abspath(os.path.join(srcdir, f))],
                           cwd=d, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            path = os.path.join(d, f[:-2] + ".gcov.json.gz")
            if not os.path.exists(path):
                sys.exit(f"arch_coverage: gcov gave nothing for model/{f} (no counts under {objdir}: run no program?)")
            data = json.load(gzip.open(path))
            lines = []
            for jf in data["files"]:
                if os.path.basename(jf["file"]) != f:
                    continue
                for ln in jf["lines"]:
                    if ln.get("branches"):
                        lines.append((ln["line_number"], ln.get("function_name", "?"),
                                      [b["count"] for b in ln["branches"] if not b.get("throw")]))
            result[f] = sorted(lines)
    return result


def branch_keys(srcdir, branches):
    """Each branch as a key that survives edits elsewhere: file, function, the line's text, which occurrence of
    that text in the function, the branch's index on the line; with its count."""
    out = []
    for f, lines in branches.items():
        src = open(os.path.join(srcdir, f)).read().split("\n")
        seen = {}
        for line, func, counts in lines:
            text = " ".join(src[line - 1].split())
            occ = seen.get((func, text), 0)
            seen[(func, text)] = occ + 1
            if func in API:
                continue
            for i, c in enumerate(counts):
                out.append((f"{f} {func}: `{text}`" + (f" #{occ}" if occ else "") + f" b{i}", c, line))
    return out


def read_holes(path):
    holes = {}
    for n, line in enumerate(open(path), 1):
        if not line.strip() or line.startswith("#"):
            continue
        key, sep, why = line.rstrip("\n").partition("\t")
        if not sep or not why.startswith(("unreachable: ", "hole: ")):
            sys.exit(f"{path}:{n}: expected '<branch>\\t<unreachable: why | hole: why>'")
        holes[key] = why
    return holes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--iss")
    ap.add_argument("--chklib")
    ap.add_argument("--tests", default="", help="the regression's tests, one command per line (nightly.py --list)")
    ap.add_argument("--functional", default="")
    ap.add_argument("--holes", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--programs", default="")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--report-only", action="store_true")
    ap.add_argument("--bins", default="", help="arch-bins: the field, memory-map and interrupt-line bins of the goldens")
    ap.add_argument("--bins-reasons", default="", help="why each bin not reached is not")
    args = ap.parse_args()
    objdir = os.path.join(args.build, "cov", "obj", "model")
    if not args.report_only:
        for d in (objdir, os.path.join(args.build, "cov", "obj", "dpi", "checker")):  # this run's counts only
            for f in os.listdir(d) if os.path.isdir(d) else []:
                if f.endswith(".gcda"):
                    os.remove(os.path.join(d, f))
        with tempfile.TemporaryDirectory() as tmp:
            planned, skipped = jobs(args, tmp)
            with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
                list(pool.map(lambda j: run(*j), planned))
            if args.bins:  # the goldens these runs made, file and live: the bins of the same runs
                traces = sorted(os.path.join(tmp, f) for f in os.listdir(tmp) if f.endswith(".tarmac.gz"))
                bins_txt = args.out + ".bins"
                cmd = [args.bins, "--report", bins_txt] + (["--reasons", args.bins_reasons] if args.bins_reasons else [])
                bins_rc = subprocess.run(cmd + traces, check=False).returncode
        runs = len(planned)
    else:
        runs, skipped = 0, 0
    bins_txt = args.out + ".bins"
    if args.report_only and args.bins:
        bins_rc = 0 if os.path.exists(bins_txt) else 2
    keys = branch_keys("model", gcov_branches(objdir, "model"))
    holes = read_holes(args.holes)
    total, reached = len(keys), sum(1 for _, c, _ in keys if c)
    unreached = [(k, line) for k, c, line in keys if not c]
    new = [(k, line) for k, line in unreached if k not in holes]
    now_reached = sorted(set(holes) - {k for k, _ in unreached})
    per_file = {}
    for k, c, _ in keys:
        f = k.split(" ", 1)[0]
        t, r = per_file.get(f, (0, 0))
        per_file[f] = (t + 1, r + (1 if c else 0))
    by_reason = {"unreachable": 0, "hole": 0}
    for k, _ in unreached:
        if k in holes:
            by_reason[holes[k].split(":")[0]] += 1
    reachable = total - by_reason["unreachable"]
    rep = [f"architecture coverage: {reached} of {total} branches of the model's architecture code reached "
           f"({100.0 * reached / max(total, 1):.1f}%); of the {reachable} not unreachable by design: "
           f"{100.0 * reached / max(reachable, 1):.1f}%; {runs} runs of the model as the regression's "
           f"tests drive it" + (f" ({skipped} tests drive no model)" if skipped else ""),
           "  " + ", ".join(f"model/{f} {r}/{t}" for f, (t, r) in sorted(per_file.items())),
           f"  not counted, the model's calls for its users: {', '.join(sorted(API))}"]
    rep.append(f"not reached: {len(unreached)} branches: {by_reason['unreachable']} unreachable by design, "
               f"{by_reason['hole']} holes, {len(new)} not explained")
    for k, line in unreached:
        rep.append(f"  {k} (line {line}): {holes.get(k, 'NOT EXPLAINED: a new hole (add it to ' + args.holes + ' with why)')}")
    for k in now_reached:
        rep.append(f"  reached now, listed in {args.holes}: {k} (remove it)")
    if args.bins:
        rep.append("")
        rep.append("field, memory-map and interrupt-line bins (tests/coverage/arch_bins.c), from the same runs' goldens:")
        if os.path.exists(bins_txt):
            rep.extend("  " + ln for ln in open(bins_txt).read().rstrip("\n").split("\n"))
        if bins_rc == 2:
            rep.append("  arch-bins failed: no bins")
    if args.functional and os.path.exists(args.functional):
        rep.append("")
        rep.append(f"functional coverage of what the checker compared ({args.functional}):")
        rep.extend("  " + ln for ln in open(args.functional).read().rstrip("\n").split("\n"))
    text = "\n".join(rep) + "\n"
    tmp_out = args.out + ".tmp"
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(tmp_out, "w") as fh:
        fh.write(text)
    os.replace(tmp_out, args.out)
    print(rep[0])
    print(rep[3])
    for k, line in new:
        print(f"arch_coverage: not explained: {k} (model line {line})")
    print(f"arch_coverage: the report is {args.out}")
    if args.bins and bins_rc:
        print(f"arch_coverage: bins not reached without a reason, or arch-bins failed (exit {bins_rc}): {bins_txt}")
    return 1 if new or (args.bins and bins_rc) else 0


if __name__ == "__main__":
    sys.exit(main())
