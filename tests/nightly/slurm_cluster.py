#!/usr/bin/env python3
"""A one-node Slurm cluster on localhost for the nightly's tests and benchmark: its own munged (a fresh key),
slurmctld and slurmd in the foreground, with config, state, spool and logs under <dir> (munged's socket in a
directory of its own under the temporary directory: munged wants every directory above it world-executable, which
<dir> inside a 0700 home or mktemp directory is not), on two free TCP ports; any system Slurm or munge is left
alone. Needs root (slurmd) and Debian's slurm-wlm and munge. Without slurmdbd (a database server) there is no sacct:
the accounting record of each ended job (its state, exit code) is <dir>/jobcomp.txt (jobcomp/filetxt).
  slurm_cluster.py start <dir>   prints SLURM_CONF=<dir>/slurm.conf once the node is idle; the daemons' PIDs in
                                 <dir>/pids
  slurm_cluster.py stop <dir>    cancels what is left of its jobs, stops the daemons it started (by PID), waits
Exit 0, or 1 with the daemon's log tail when it does not come up."""
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

CONF = """ClusterName=nightly
SlurmctldHost=localhost
SlurmctldPort={ctld_port}
SlurmdPort={d_port}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={sock}
StateSaveLocation={dir}/state
SlurmdSpoolDir={dir}/spool
SlurmctldPidFile={dir}/slurmctld.pid
SlurmdPidFile={dir}/slurmd.pid
SlurmctldLogFile={dir}/slurmctld.log
SlurmdLogFile={dir}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/filetxt
JobCompLoc={dir}/jobcomp.txt
ReturnToService=2
KillWait=2
MinJobAge=300
NodeName=localhost CPUs={cpus} State=UNKNOWN
PartitionName=nightly Nodes=localhost Default=YES MaxTime=INFINITE State=UP
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what, cond, timeout, logs):
    end = time.time() + timeout
    while time.time() < end:
        if cond():
            return
        time.sleep(0.1)
    for log in logs:
        try:
            with open(log, encoding="utf-8", errors="replace") as f:
                sys.stderr.write(f"--- {log}\n" + "".join(f.readlines()[-15:]))
        except OSError:
            pass
    raise SystemExit(f"{os.path.basename(sys.argv[0])}: {what} within {timeout} s")


def stop_pids(pids):
    """SIGTERM to each daemon in turn, waiting up to 15 s for it to end (SIGKILL then): one at a time, so that a
    daemon still has the ones it talks to while it shuts down."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            continue
        end = time.time() + 15
        while time.time() < end:
            try:
                if os.waitpid(pid, os.WNOHANG)[0]:
                    break
            except ChildProcessError:  # not our child (started by another process): poll for it
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)


def start(d):
    d = os.path.abspath(d)
    for sub in ("state", "spool"):
        os.makedirs(os.path.join(d, sub), exist_ok=True)
    os.chmod(d, 0o755)
    # munged refuses a socket below a directory that is not world-executable (a 0700 home, a mktemp directory): its
    # socket goes to a directory of its own under the system's temporary directory, named in <dir>/munge.dir
    sock_dir = tempfile.mkdtemp(prefix="slurm-cluster-munge-")
    os.chmod(sock_dir, 0o755)
    with open(os.path.join(d, "munge.dir"), "w", encoding="utf-8") as f:
        f.write(sock_dir + "\n")
    sock = os.path.join(sock_dir, "munge.socket")
    conf = os.path.join(d, "slurm.conf")
    with open(conf, "w", encoding="utf-8") as f:
        f.write(CONF.format(dir=d, sock=sock, ctld_port=free_port(), d_port=free_port(), cpus=os.cpu_count()))
    key = os.path.join(d, "munge.key")
    if os.path.exists(key):
        os.unlink(key)
    subprocess.run(["mungekey", "--create", f"--keyfile={key}"], check=True)
    os.chmod(key, 0o600)
    env = dict(os.environ, SLURM_CONF=conf)
    null = subprocess.DEVNULL
    pids = []
    with open(f"{d}/munged.err", "w", encoding="utf-8") as err:  # what it says before its log file is open
        munged = subprocess.Popen(["munged", "--foreground", f"--socket={sock}", f"--key-file={key}",
                                   f"--pid-file={d}/munged.pid", f"--log-file={d}/munged.log",
                                   f"--seed-file={d}/munged.seed"], stdin=null, stdout=null, stderr=err,
                                  start_new_session=True)
    pids.append(munged.pid)
    with open(os.path.join(d, "pids"), "w", encoding="utf-8") as f:
        f.write(f"{munged.pid}\n")
    wait_for("munged did not start", lambda: os.path.exists(sock), 10, [f"{d}/munged.log", f"{d}/munged.err"])
    for argv in (["slurmctld", "-D", "-i", "-f", conf], ["slurmd", "-D", "-N", "localhost", "-f", conf]):
        p = subprocess.Popen(argv, env=env, stdin=null, stdout=null, stderr=null, start_new_session=True)
        pids.append(p.pid)
        with open(os.path.join(d, "pids"), "a", encoding="utf-8") as f:
            f.write(f"{p.pid}\n")

    def idle():
        r = subprocess.run(["sinfo", "-h", "-o", "%T"], env=env, capture_output=True, text=True)
        return r.returncode == 0 and r.stdout.strip() == "idle"
    wait_for("the node did not come up idle", idle, 60, [f"{d}/slurmctld.log", f"{d}/slurmd.log"])
    print(f"SLURM_CONF={conf}")


def stop(d):
    d = os.path.abspath(d)
    env = dict(os.environ, SLURM_CONF=os.path.join(d, "slurm.conf"))
    try:
        with open(os.path.join(d, "pids"), encoding="utf-8") as f:
            pids = [int(x) for x in f.read().split()]
    except FileNotFoundError:
        return
    if len(pids) == 3:  # jobs first, while slurmctld and slurmd can end them
        subprocess.run(["scancel", "--full", "--user=root"], env=env, capture_output=True, timeout=30)
        end = time.time() + 20
        while time.time() < end and subprocess.run(["squeue", "-h"], env=env, capture_output=True,
                                                    text=True).stdout.strip():
            time.sleep(0.2)
    stop_pids(reversed(pids))  # slurmd, slurmctld, munged
    os.unlink(os.path.join(d, "pids"))
    try:
        with open(os.path.join(d, "munge.dir"), encoding="utf-8") as f:
            shutil.rmtree(f.read().strip(), ignore_errors=True)
    except FileNotFoundError:
        pass


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("start", "stop"):
        sys.stderr.write("usage: slurm_cluster.py start|stop <dir>\n")
        sys.exit(2)
    (start if sys.argv[1] == "start" else stop)(sys.argv[2])
