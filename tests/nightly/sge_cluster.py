#!/usr/bin/env python3
"""A one-node Grid Engine cluster on this host for the nightly's tests: a cell of its own (SGE_ROOT <dir>/root,
whose binaries and utilities are links to Debian's /var/lib/gridengine, cell 'nightly', classic spooling under
<dir>), its own sge_qmaster and sge_execd in the foreground on two free TCP ports, a queue 'nightly' of two slots
without load thresholds (a busy machine must not close it) and a scheduler that runs every second; root may submit
(min_uid 0). Any system cell is left alone. Needs root and Debian's gridengine-master, -exec and -client.
  sge_cluster.py start <dir>   prints 'SGE_ROOT=... SGE_CELL=... SGE_QMASTER_PORT=... SGE_EXECD_PORT=...' once
                               the queue is open; the daemons' PIDs in <dir>/pids
  sge_cluster.py stop <dir>    deletes what is left of its jobs, stops the daemons it started (by PID), waits
Exit 0, or 1 with the daemon's messages when it does not come up."""
import os
import socket
import subprocess
import sys
import time

from slurm_cluster import free_port, stop_pids, wait_for

DEBIAN_ROOT = "/var/lib/gridengine"
LIB = "/usr/lib/gridengine"
CELL = "nightly"
BOOTSTRAP = """admin_user root
default_domain none
ignore_fqdn true
spooling_method classic
spooling_lib libspoolc
spooling_params {common};{spool}
binary_path /usr/sbin
qmaster_spool_dir {spool}
security_mode none
listener_threads 2
worker_threads 2
scheduler_threads 1
"""
EXEC_HOST = """hostname {host}
load_scaling NONE
complex_values NONE
user_lists NONE
xuser_lists NONE
projects NONE
xprojects NONE
usage_scaling NONE
report_variables NONE
"""


def env_of(d):
    with open(os.path.join(d, "env"), encoding="utf-8") as f:
        return dict(w.split("=", 1) for w in f.read().split())


def edit(text, **values):
    """A Grid Engine configuration's text (one 'key value' a line) with these keys given new values."""
    out = []
    for line in text.splitlines():
        key = line.split(None, 1)[0] if line.strip() else ""
        out.append(f"{key} {values.pop(key)}" if key in values else line)
    return "\n".join(out + [f"{k} {v}" for k, v in values.items()]) + "\n"


def start(d):
    d = os.path.abspath(d)
    root, spool, execd = os.path.join(d, "root"), os.path.join(d, "spool", "qmaster"), os.path.join(d, "spool", "execd")
    common = os.path.join(root, CELL, "common")
    for sub in (common, spool, execd):
        os.makedirs(sub, exist_ok=True)
    for name in ("bin", "lib", "util", "utilbin"):
        if not os.path.lexists(os.path.join(root, name)):
            os.symlink(os.path.join(DEBIAN_ROOT, name), os.path.join(root, name))
    host = socket.gethostname().split(".")[0]
    with open(os.path.join(common, "bootstrap"), "w", encoding="utf-8") as f:
        f.write(BOOTSTRAP.format(common=common, spool=spool))
    with open(os.path.join(common, "act_qmaster"), "w", encoding="utf-8") as f:
        f.write(host + "\n")
    # every name this host's addresses resolve to is this host: a client's address read back as 'localhost' (or
    # the fully qualified name) must be the name it gives itself
    aliases = {"localhost", socket.getfqdn(), socket.gethostname()} - {host}
    with open(os.path.join(common, "host_aliases"), "w", encoding="utf-8") as f:
        f.write(" ".join([host] + sorted(aliases)) + "\n")
    env = dict(os.environ, SGE_ROOT=root, SGE_CELL=CELL, SGE_QMASTER_PORT=str(free_port()),
               SGE_EXECD_PORT=str(free_port()))
    with open(os.path.join(d, "env"), "w", encoding="utf-8") as f:
        f.write(" ".join(f"{k}={env[k]}" for k in ("SGE_ROOT", "SGE_CELL", "SGE_QMASTER_PORT", "SGE_EXECD_PORT")))

    def run(*argv, text=None):
        p = subprocess.run(argv, env=env, input=text, capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(f"sge_cluster: {' '.join(argv[:3])}: exit {p.returncode}: {p.stderr.strip()}")
        return p.stdout
    with open("/usr/share/gridengine/default-configuration", encoding="utf-8") as f:
        global_conf = edit(f.read(), execd_spool_dir=execd, min_uid="0", min_gid="0",
                           reporting_params="accounting=true reporting=false flush_time=00:00:01 joblog=false "
                                            "sharelog=00:00:00")
    with open(os.path.join(d, "global.conf"), "w", encoding="utf-8") as f:
        f.write(global_conf)
    run(f"{LIB}/spoolinit", "classic", "libspoolc", f"{common};{spool}", "init")
    run(f"{LIB}/spooldefaults", "configuration", os.path.join(d, "global.conf"))
    run(f"{LIB}/spooldefaults", "complexes", "/usr/share/gridengine/util/resources/centry")
    run(f"{LIB}/spooldefaults", "usersets", "/usr/share/gridengine/util/resources/usersets")
    run(f"{LIB}/spooldefaults", "managers", "root")
    run(f"{LIB}/spooldefaults", "adminhosts", host)
    # SGE_ND: the daemons stay in the foreground, their PIDs are the ones started here
    null, nd = subprocess.DEVNULL, dict(env, SGE_ND="1")
    pids = []

    def daemon(name):
        with open(os.path.join(d, f"{name}.out"), "w", encoding="utf-8") as out:
            p = subprocess.Popen([f"/usr/sbin/{name}"], cwd=d, env=nd, stdin=null, stdout=out, stderr=out,
                                 start_new_session=True)
        pids.append(p.pid)
        with open(os.path.join(d, "pids"), "a", encoding="utf-8") as f:
            f.write(f"{p.pid}\n")
    logs = [os.path.join(d, "sge_qmaster.out"), os.path.join(spool, "messages")]
    daemon("sge_qmaster")
    wait_for("sge_qmaster did not answer", lambda: subprocess.run(["qconf", "-sh"], env=env, capture_output=True)
             .returncode == 0, 60, logs)
    run("qconf", "-as", host)
    with open(os.path.join(d, "host.conf"), "w", encoding="utf-8") as f:
        f.write(EXEC_HOST.format(host=host))
    run("qconf", "-Ae", os.path.join(d, "host.conf"))
    sched = edit(run("qconf", "-ssconf"), schedule_interval="0:0:1", flush_submit_sec="1", flush_finish_sec="1")
    with open(os.path.join(d, "sched.conf"), "w", encoding="utf-8") as f:
        f.write(sched)
    run("qconf", "-Msconf", os.path.join(d, "sched.conf"))
    queue = edit(run("qconf", "-sq"), qname=CELL, hostlist=host, slots="2", shell="/bin/sh", pe_list="NONE",
                 load_thresholds="NONE")
    with open(os.path.join(d, "queue.conf"), "w", encoding="utf-8") as f:
        f.write(queue)
    run("qconf", "-Aq", os.path.join(d, "queue.conf"))
    daemon("sge_execd")

    def queue_open():
        p = subprocess.run(["qstat", "-f", "-q", CELL], env=env, capture_output=True, text=True)
        rows = [line.split() for line in p.stdout.splitlines() if line.startswith(f"{CELL}@")]
        return p.returncode == 0 and len(rows) == 1 and len(rows[0]) == 5  # no state column: open
    wait_for("the queue did not open", queue_open, 60, logs + [os.path.join(d, "sge_execd.out")])
    print(" ".join(f"{k}={env[k]}" for k in ("SGE_ROOT", "SGE_CELL", "SGE_QMASTER_PORT", "SGE_EXECD_PORT")))


def stop(d):
    d = os.path.abspath(d)
    try:
        with open(os.path.join(d, "pids"), encoding="utf-8") as f:
            pids = [int(x) for x in f.read().split()]
    except FileNotFoundError:
        return
    env = dict(os.environ, **env_of(d))
    if len(pids) == 2:  # jobs first, while the daemons can end them
        subprocess.run(["qdel", "-u", "root"], env=env, capture_output=True, timeout=30)
        end = time.time() + 20
        while time.time() < end and subprocess.run(["qstat", "-u", "*"], env=env, capture_output=True,
                                                    text=True).stdout.strip():
            time.sleep(0.2)
    stop_pids(reversed(pids))  # sge_execd, sge_qmaster
    os.unlink(os.path.join(d, "pids"))


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("start", "stop"):
        sys.stderr.write("usage: sge_cluster.py start|stop <dir>\n")
        sys.exit(2)
    (start if sys.argv[1] == "start" else stop)(sys.argv[2])
