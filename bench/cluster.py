"""Throughput on a Dask cluster against `--jobs` on the same machine (issue 21).

    python bench/cluster.py [--runs 200] [--repeats 3] [--workers 2] [--map maps/crossroads.tmx]

Starts a scheduler and `--workers` worker processes (one thread each, no profiler) with
Dask's own commands as docs/sweeps.md does, warms them up, then plays the same `--runs` matches alternately with `--jobs
WORKERS` and on the cluster, `--repeats` times each. Prints for each the median matches a
second and CPU time a match (every process: this one, the pool's workers, or the scheduler
and the cluster's workers), the cluster's overhead per match in wall time and in CPU time
(CPU time holds when other work shares the machine, wall time does not), and checks both
gave the same results.
Needs `pip install 'skirmish[cluster]'`. Nothing here is a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import psutil  # noqa: E402  (installed with distributed)

from game.lab.simulate import simulate  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu(proc: psutil.Process, children: bool = True) -> float:
    """User and system CPU seconds of a process (and its children, living)."""
    procs = [proc] + (proc.children(recursive=True) if children else [])
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def _reaped() -> float:
    """CPU seconds of this process's children that have ended (the pool's workers)."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _same(a: dict, b: dict) -> bool:
    keep = ("seed", "winner", "rounds", "survivors", "casualties", "weapons", "fell", "fought_from")
    return [{k: x[k] for k in keep} for x in a["battles"]] == [{k: x[k] for k in keep} for x in b["battles"]]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=200)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--map", default=str(ROOT / "maps" / "crossroads.tmx"))
    a = p.parse_args()
    dask = str(Path(sys.executable).with_name("dask"))
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    # the workers as docs/sweeps.md starts them: without Dask's statistical profiler (it
    # samples every thread's stack each 10 ms: 7% of the matches' CPU time beside them, 2% without)
    env = dict(os.environ, DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED="False")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
    scheduler = subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
                                 **quiet)
    workers = subprocess.Popen([dask, "worker", address, "--nworkers", str(a.workers), "--nthreads", "1",
                                "--no-dashboard"], **quiet)
    try:
        from distributed import Client

        with Client(address, timeout=30) as client:
            client.wait_for_workers(a.workers, timeout=60)
        simulate(a.map, 2 * a.workers, 1, cluster=address)  # the workers import the game
        me, sched, work = psutil.Process(), psutil.Process(scheduler.pid), psutil.Process(workers.pid)
        times: dict[str, list[float]] = {"jobs": [], "cluster": []}
        cpu: dict[str, list[float]] = {"jobs": [], "cluster": []}  # CPU seconds of every process, a match
        bookkeeping: list[float] = []
        records = {}
        for r in range(a.repeats):
            for how in ("jobs", "cluster"):
                mine0 = _cpu(me, children=False)
                if how == "jobs":
                    kids0 = _reaped()
                    t0 = time.perf_counter()
                    records[how] = simulate(a.map, a.runs, 1, jobs=a.workers)
                    t1 = time.perf_counter()
                    used = _cpu(me, children=False) - mine0 + _reaped() - kids0  # the pool's processes are reaped
                else:
                    s0, w0 = _cpu(sched), _cpu(work)
                    t0 = time.perf_counter()
                    records[how] = simulate(a.map, a.runs, 1, cluster=address)
                    t1 = time.perf_counter()
                    mine, s1, w1 = _cpu(me, children=False) - mine0, _cpu(sched) - s0, _cpu(work) - w0
                    used = mine + s1 + w1
                    bookkeeping.append((mine + s1) / max(1e-9, w1))
                times[how].append(t1 - t0)
                cpu[how].append(used / a.runs)
                print(f"repeat {r + 1} {how:8} {a.runs / times[how][-1]:6.2f} matches/s, "
                      f"{1000 * cpu[how][-1]:6.1f} ms CPU a match", flush=True)
        jobs, cluster = statistics.median(times["jobs"]), statistics.median(times["cluster"])
        cj, cc = statistics.median(cpu["jobs"]), statistics.median(cpu["cluster"])
        load = os.getloadavg()
        print(f"{Path(a.map).name}: {a.runs} matches x {a.repeats}, {a.workers} workers; "
              f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} CPUs")
        for how, t, c in (("--jobs " + str(a.workers), jobs, cj), ("--cluster", cluster, cc)):
            print(f"{how}: {a.runs / t:.2f} matches/s, {1000 * c:.1f} ms CPU a match (medians of {a.repeats}; "
                  f"runs {', '.join(f'{a.runs / x:.2f}' for x in times['jobs' if how != '--cluster' else 'cluster'])})")
        print(f"the cluster's overhead per match: {100 * (cluster / jobs - 1):+.1f}% of wall time, "
              f"{100 * (cc / cj - 1):+.1f}% of CPU time (all processes); the scheduler and the command used "
              f"{100 * statistics.median(bookkeeping):.1f}% of the workers' CPU time")
        print("same results: " + ("yes" if _same(records["jobs"], records["cluster"]) else "NO"))
    finally:
        for proc in (workers, scheduler):
            proc.terminate()
        for proc in (workers, scheduler):
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
