"""Launchers: where the jobs of a nightly run. Each takes the same jobs (a test directory whose job.json the
runner wrote) and runs `python3 sim/nightly/job.py <test dir>` for each, in the checkout, then returns when every
job has ended or died; on_done(job) is called as each ends. Each records in <test dir>/submitted.json when it
took the job (the queue wait is the time from there to the job's start). A job that dies leaves no result.json:
the launcher leaves what it knows (launcher.txt, launcher.rc, launcher.json) for verdict.death.

  local  this machine, N jobs at once, no daemon (the default)
  slurm  one allocation (sbatch) of N tasks, one `srun --exact` step per test (sim/nightly/slurm_steps.sh)
  sge    Grid Engine: a job array (qsub -t) of one task per test, N at once (sim/nightly/array_task.sh)
  lsf    LSF: the same job array by bsub, written to the same interface but NOT tested: no LSF can be run here
local, slurm and sge are tested on real engines of their own (tests/nightly/test_nightly_*.sh)."""
import concurrent.futures
import os
import subprocess
import time

from .job import write_json

HERE = os.path.dirname(os.path.abspath(__file__))


class Job:
    def __init__(self, test_id, test_dir, name):
        self.id, self.dir, self.name = test_id, test_dir, name


class LauncherError(Exception):
    """The launcher could not take the jobs (a submission refused): its message says why."""


def _submitted(jobs, when):
    for j in jobs:
        write_json(os.path.join(j.dir, "submitted.json"), {"time": when})


class Local:
    name = "local"

    def __init__(self, opts):
        self.parallel = opts.jobs

    def run(self, jobs, root, python, on_done):
        _submitted(jobs, time.time())
        env = dict(os.environ, NIGHTLY_ROOT=root)

        def one(job):
            with open(os.path.join(job.dir, "launcher.txt"), "wb") as err:
                rc = subprocess.run([python, os.path.join(HERE, "job.py"), job.dir], cwd=root, env=env,
                                    stdin=subprocess.DEVNULL, stdout=err, stderr=err).returncode
            if rc != 0:
                with open(os.path.join(job.dir, "launcher.rc"), "w", encoding="utf-8") as f:
                    f.write(f"{rc}\n")
            return job

        with concurrent.futures.ThreadPoolExecutor(self.parallel) as pool:
            for done in concurrent.futures.as_completed([pool.submit(one, j) for j in jobs]):
                on_done(done.result())


def _run(argv, what, env=None):
    p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise LauncherError(f"{what}: {' '.join(argv[:2])} exit {p.returncode}: {p.stderr.strip()}")
    return p.stdout


class Slurm:
    """Options (command line or environment): partition, account, time limit of the allocation, memory per test,
    extra sbatch options, the queue-wait timeout. Polls squeue (quicker than sbatch --wait)."""
    name = "slurm"
    POLL = 0.25

    def __init__(self, opts):
        self.opts = opts

    def sbatch_argv(self, out, n_tasks):
        o = self.opts
        argv = ["sbatch", "--parsable", f"--job-name=nightly-{o.set_name}", f"--ntasks={n_tasks}",
                "--cpus-per-task=1", f"--output={out}/slurm-%j.out", "--export=ALL"]
        argv += [f"--partition={o.partition}"] if o.partition else []
        argv += [f"--account={o.account}"] if o.account else []
        argv += [f"--time={o.time_limit}"] if o.time_limit else []
        argv += [f"--mem-per-cpu={o.mem}"] if o.mem else []
        return argv + o.submit_opts

    def run(self, jobs, root, python, on_done):
        o = self.opts
        out = os.path.join(o.out, "slurm")
        os.makedirs(out, exist_ok=True)
        listing = os.path.join(out, f"tests-{os.getpid()}-{int(time.time() * 1000)}.txt")
        with open(listing, "w", encoding="utf-8") as f:
            f.writelines(f"{j.dir}\t{j.name}\n" for j in jobs)
        parallel = min(o.jobs, len(jobs))
        step_opts = [f"--mem-per-cpu={o.mem}"] if o.mem else []
        argv = self.sbatch_argv(out, parallel) + [os.path.join(HERE, "slurm_steps.sh"), python, listing,
                                                   str(parallel)] + step_opts
        submit = time.time()
        _submitted(jobs, submit)
        env = dict(os.environ, NIGHTLY_ROOT=root)
        p = subprocess.run(argv, cwd=root, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
        if p.returncode != 0:
            raise LauncherError(f"sbatch refused the nightly (exit {p.returncode}): {p.stderr.strip()}")
        job_id = p.stdout.strip().split(";")[0]
        print(f"nightly: slurm job {job_id}: {len(jobs)} tests, {parallel} at once", flush=True)
        pending, state = {j.dir: j for j in jobs}, "PENDING"
        try:
            while True:
                for d in [d for d in pending if os.path.exists(os.path.join(d, "launcher.rc"))]:
                    on_done(pending.pop(d))
                state = subprocess.run(["squeue", "-h", "-j", job_id, "-o", "%T"], capture_output=True,
                                       text=True).stdout.strip()
                if not state:
                    break
                if state == "PENDING" and time.time() - submit > o.queue_timeout:
                    subprocess.run(["scancel", job_id], capture_output=True)
                    for j in pending.values():
                        write_json(os.path.join(j.dir, "launcher.json"),
                                   {"state": f"queue-wait timeout ({o.queue_timeout:.0f} s pending)"})
                time.sleep(self.POLL)
        except KeyboardInterrupt:
            subprocess.run(["scancel", job_id], capture_output=True)
            raise
        final = self.job_state(job_id)
        for d, j in pending.items():
            if not os.path.exists(os.path.join(d, "launcher.rc")) and \
               not os.path.exists(os.path.join(d, "launcher.json")):
                write_json(os.path.join(d, "launcher.json"),
                           {"state": f"not run: the allocation ended ({final})"})
            on_done(j)

    @staticmethod
    def job_state(job_id):
        """The allocation's end state (COMPLETED, CANCELLED, TIMEOUT, NODE_FAIL ...) while slurmctld keeps it."""
        text = subprocess.run(["scontrol", "-o", "show", "job", job_id], capture_output=True, text=True).stdout
        for word in text.split():
            if word.startswith("JobState="):
                return word.split("=", 1)[1]
        return "state unknown"


class Array:
    """A job array of one task per test, at most N running (Grid Engine; LSF, untested), the environment exported
    to the tasks (the checkout in NIGHTLY_ROOT). The queue-wait timeout
    cancels the array when no task has started in time. Options: partition (the queue), account (the project),
    time limit, memory, extra submit options."""
    POLL = 2.0

    def __init__(self, opts):
        self.opts = opts

    def run(self, jobs, root, python, on_done):
        o = self.opts
        out = os.path.join(o.out, self.name)
        os.makedirs(out, exist_ok=True)
        listing = os.path.join(out, f"tests-{os.getpid()}-{int(time.time() * 1000)}.txt")
        with open(listing, "w", encoding="utf-8") as f:
            f.writelines(f"{j.dir}\t{j.name}\n" for j in jobs)
        argv = self.submit_argv(out, len(jobs), min(o.jobs, len(jobs))) + o.submit_opts + \
            [os.path.join(HERE, "array_task.sh"), python, listing]
        submit = time.time()
        _submitted(jobs, submit)
        job_id = self.job_id(_run(argv, f"{self.name} submission", dict(os.environ, NIGHTLY_ROOT=root)))
        print(f"nightly: {self.name} job {job_id}: {len(jobs)} tests", flush=True)
        pending = {j.dir: j for j in jobs}
        while pending and self.alive(job_id):
            for d in [d for d in pending if os.path.exists(os.path.join(d, "launcher.rc"))]:
                on_done(pending.pop(d))
            if time.time() - submit > o.queue_timeout and \
               not any(os.path.exists(os.path.join(d, "started.json")) for d in [j.dir for j in jobs]):
                subprocess.run(self.cancel_argv(job_id), capture_output=True)
                for j in pending.values():
                    write_json(os.path.join(j.dir, "launcher.json"),
                               {"state": f"queue-wait timeout ({o.queue_timeout:.0f} s pending)"})
            time.sleep(self.POLL)
        for j in pending.values():
            if not os.path.exists(os.path.join(j.dir, "launcher.rc")) and \
               not os.path.exists(os.path.join(j.dir, "launcher.json")):
                write_json(os.path.join(j.dir, "launcher.json"), {"state": f"not run: {self.name} job {job_id} ended"})
            on_done(j)


class Lsf(Array):
    name = "lsf"

    def submit_argv(self, out, n, parallel):
        o = self.opts
        argv = ["bsub", "-J", f"nightly-{o.set_name}[1-{n}]%{parallel}", "-o", f"{out}/lsf-%J-%I.out",
                "-env", "all"]
        argv += ["-q", o.partition] if o.partition else []
        argv += ["-P", o.account] if o.account else []
        argv += ["-W", o.time_limit] if o.time_limit else []
        argv += ["-M", o.mem] if o.mem else []
        return argv

    @staticmethod
    def job_id(text):  # "Job <123> is submitted to queue <normal>."
        return text.split("<", 1)[1].split(">", 1)[0]

    @staticmethod
    def alive(job_id):
        p = subprocess.run(["bjobs", "-noheader", "-o", "stat", job_id], capture_output=True, text=True)
        return any(s in ("PEND", "RUN", "PSUSP", "USUSP", "SSUSP") for s in p.stdout.split())

    @staticmethod
    def cancel_argv(job_id):
        return ["bkill", job_id]


class Sge(Array):
    name = "sge"

    def submit_argv(self, out, n, parallel):
        o = self.opts
        # -S: the task script is bash's whatever shell the queue would start it with
        argv = ["qsub", "-terse", "-V", "-b", "n", "-S", "/bin/bash", "-N", f"nightly-{o.set_name}", "-t", f"1-{n}",
                "-tc", str(parallel), "-j", "y", "-o", out]
        argv += ["-q", o.partition] if o.partition else []
        argv += ["-P", o.account] if o.account else []
        argv += ["-l", f"h_rt={o.time_limit}"] if o.time_limit else []
        argv += ["-l", f"h_vmem={o.mem}"] if o.mem else []
        return argv

    @staticmethod
    def job_id(text):  # "123.1-20:1"
        return text.strip().split(".", 1)[0]

    @staticmethod
    def alive(job_id):
        return subprocess.run(["qstat", "-j", job_id], capture_output=True).returncode == 0

    @staticmethod
    def cancel_argv(job_id):
        return ["qdel", job_id]


LAUNCHERS = {"local": Local, "slurm": Slurm, "lsf": Lsf, "sge": Sge}
