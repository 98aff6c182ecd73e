"""Throughput on a Dask cluster against `--jobs` on the same machine (issues 21 and 31).

    python bench/cluster.py [--runs 800] [--repeats 3] [--workers 2] [--map maps/street.tmx] [--size 2]

Starts a Dask LocalCluster of `--workers` worker processes (one thread each, without Dask's
profiler, as docs/sweeps.md starts workers), warms them up, then plays the same `--runs`
matches alternately with `--jobs WORKERS` and on the cluster, `--repeats` times each. Prints
for each the median wall time and CPU time a match (every process: this one, the pool's
workers, or the scheduler, which runs in this process, and the cluster's workers), the ratio
cluster / jobs of the medians in wall time and in CPU time (CPU time holds when other work
shares the machine, wall time does not; the median of each repeat's own ratio is steadier),
the matches a cluster task played, and checks both gave the same results.
Needs `pip install 'skirmish[cluster]'`. Nothing here is a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the workers as docs/sweeps.md starts them: without Dask's statistical profiler (it samples
# every thread's stack each 10 ms: 7% of the matches' CPU time beside them, 2% without)
os.environ["DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED"] = "False"

import psutil  # noqa: E402  (installed with distributed)

from game.lab import cluster as cluster_mod  # noqa: E402
from game.lab.simulate import simulate  # noqa: E402


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
    p.add_argument("--runs", type=int, default=800)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--map", default=str(ROOT / "maps" / "street.tmx"))
    p.add_argument("--size", type=int, default=2, help="units a side (0: the map's)")
    a = p.parse_args()
    size = a.size or None
    from distributed import Client, LocalCluster

    sizes: list[int] = []
    submit = Client.submit

    def counting_submit(self, func, *args, **kwargs):  # the matches of each task, as it is sent
        if func is cluster_mod._play:
            sizes.append(len(args[1]))
        return submit(self, func, *args, **kwargs)

    Client.submit = counting_submit  # type: ignore[method-assign]
    with LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.CRITICAL) as lc:
        address = lc.scheduler_address
        simulate(a.map, 2 * a.workers, 1, size=size, cluster=address)  # the workers import the game
        me = psutil.Process()
        times: dict[str, list[float]] = {"jobs": [], "cluster": []}
        cpu: dict[str, list[float]] = {"jobs": [], "cluster": []}  # CPU seconds of every process, a match
        tasks: list[list[int]] = []
        records = {}
        for r in range(a.repeats):
            for how in ("jobs", "cluster"):
                if how == "jobs":
                    mine0, kids0 = _cpu(me, children=False), _reaped()
                    t0 = time.perf_counter()
                    records[how] = simulate(a.map, a.runs, 1, size=size, jobs=a.workers)
                    t1 = time.perf_counter()
                    used = _cpu(me, children=False) - mine0 + _reaped() - kids0  # the pool's processes are reaped
                else:
                    del sizes[:]
                    all0 = _cpu(me)
                    t0 = time.perf_counter()
                    records[how] = simulate(a.map, a.runs, 1, size=size, cluster=address)
                    t1 = time.perf_counter()
                    used = _cpu(me) - all0
                    tasks.append(list(sizes))
                times[how].append(t1 - t0)
                cpu[how].append(used / a.runs)
                print(f"repeat {r + 1} {how:8} {t1 - t0:6.2f} s, {a.runs / (t1 - t0):6.2f} matches/s, "
                      f"{1000 * cpu[how][-1]:6.1f} ms CPU a match"
                      + (f", {len(sizes)} tasks" if how == "cluster" else ""), flush=True)
    jobs, cluster = statistics.median(times["jobs"]), statistics.median(times["cluster"])
    cj, cc = statistics.median(cpu["jobs"]), statistics.median(cpu["cluster"])
    load = os.getloadavg()
    print(f"{Path(a.map).name}, size {a.size or 'of the map'}: {a.runs} matches x {a.repeats}, {a.workers} workers "
          f"of 1 thread; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} CPUs")
    for how, t, c, key in (("--jobs " + str(a.workers), jobs, cj, "jobs"), ("--cluster", cluster, cc, "cluster")):
        print(f"{how}: {t:.2f} s, {a.runs / t:.2f} matches/s, {1000 * c:.1f} ms CPU a match (medians of {a.repeats}; "
              f"runs {', '.join(f'{x:.2f} s' for x in times[key])})")
    last = tasks[-1] if tasks else []
    paired = statistics.median(c / j for c, j in zip(times["cluster"], times["jobs"], strict=True))
    print(f"cluster / jobs {a.workers}: {cluster / jobs:.3f} in wall time, {cc / cj:.3f} in CPU time (all processes); "
          f"median of each repeat's wall-time ratio (steadier when other work comes and goes): {paired:.3f}")
    if last:
        print(f"tasks of the last cluster run: {len(last)}, matches a task: first {last[:6]}, "
              f"median {statistics.median(last):g}, most {max(last)}")
    print("same results: " + ("yes" if _same(records["jobs"], records["cluster"]) else "NO"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
