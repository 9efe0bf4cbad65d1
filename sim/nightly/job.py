"""One test of the nightly, run where the launcher puts it (this machine, a Slurm step, an LSF or SGE task):
  python3 sim/nightly/job.py <test dir>
It reads <test dir>/job.json (argv, the checkout, the run timeout), runs the simulator in the checkout
($NIGHTLY_ROOT when set: a farm node may mount it elsewhere) with stdout and stderr in the test dir, and writes
<test dir>/result.json (exit status, start, end, host, the farm's job id, whether the run timeout struck)
atomically, then judges the test by the pass rule (verdict.py, on the test job.json holds) and exits 0 when it
passed, 1 when it did not: the farm's accounting (sacct, qacct, bjobs) shows a failed test as a failed job. A job
killed by its launcher (SIGTERM: scancel, a time limit) stops the simulator, leaves no result and exits
128 + the signal: the runner reports it as died, with the launcher's reason. Python's standard library and the
runner's own modules beside this file: a node needs the checkout only."""
import json
import os
import signal
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from nightly import describe, verdict  # noqa: E402

# The farm's names for the job, recorded in the result (the JUnit's property "farm"): Slurm, LSF, SGE.
FARM_IDS = ("SLURM_JOB_ID", "SLURM_STEP_ID", "LSB_JOBID", "LSB_JOBINDEX", "JOB_ID", "SGE_TASK_ID")


def write_json(path, obj):
    """path written atomically: a temporary file in the same directory, renamed on success."""
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def run(test_dir):
    with open(os.path.join(test_dir, "job.json"), encoding="utf-8") as f:
        job = json.load(f)
    root = os.environ.get("NIGHTLY_ROOT") or job["root"]
    for stale in ("result.json", "ledger.json", "report.txt", "coverage.cov"):
        try:
            os.unlink(os.path.join(test_dir, stale))
        except FileNotFoundError:
            pass
    start = time.time()
    write_json(os.path.join(test_dir, "started.json"), {"start": start, "host": socket.gethostname()})
    with open(os.path.join(test_dir, "stdout.txt"), "wb") as out, \
         open(os.path.join(test_dir, "stderr.txt"), "wb") as err:
        proc = subprocess.Popen(job["argv"], cwd=root, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                start_new_session=True)

        def stop(signum, _frame):  # the launcher kills the job: the simulator goes with it, no result
            os.killpg(proc.pid, signal.SIGKILL)
            sys.exit(128 + signum)
        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        timed_out = False
        try:
            rc = proc.wait(timeout=job["timeout"])
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(proc.pid, signal.SIGKILL)
            rc = proc.wait()
    end = time.time()
    farm = " ".join(f"{k}={os.environ[k]}" for k in FARM_IDS if k in os.environ)
    write_json(os.path.join(test_dir, "result.json"),
               {"exit": rc, "start": start, "end": end, "wall": round(end - start, 3),
                "host": socket.gethostname(), "timed_out": timed_out, "farm": farm})
    test = describe.Test(**job["test"])
    outcome = verdict.judge(test, test_dir, root, verdict.Symbols(job["symbols"], root))
    return 0 if outcome.status == "PASS" else 1


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.stderr.write("usage: job.py <test dir>\n")
        sys.exit(2)
    sys.exit(run(sys.argv[1]))
