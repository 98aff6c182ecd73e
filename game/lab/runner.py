"""Playing many matches: in this process, on worker processes (`--jobs`), or on a Dask
cluster (`--cluster`), streamed.

    for i, battle in play_all(specs, jobs=2):       # (position in specs, record), as they end
        ...

Specs are drawn from the iterable only as workers need them: at most `window` matches are in
flight, and never one more than `window` places past the earliest unfinished one, so the
results can be put back in order (`Reorder`, game/lab/inflight.py) holding at most `window` of them, whatever the
count. A run of 100,000 matches starts at once and holds no list of them. Stopping the loop
(Ctrl-C, or leaving it) cancels what has not started and ends the worker processes.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Generator, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any

from game.lab.cluster import play_on_cluster
from game.lab.inflight import Window, default_window
from game.maps import load_map
from game.maps.grid import GridMap
from game.sim import MatchSpec, play_match, run_one, settle

PARENT_POLL_SECONDS = 0.5
"""How often a worker process looks whether the command that started it is still there."""


def _quiet_worker(command: int | None = None) -> None:
    """A worker process ignores Ctrl-C: the command hears it, keeps what finished and ends
    the workers itself (otherwise each would print a traceback). It ends itself when the
    command (process id `command`) is gone: a command killed with SIGKILL cannot end them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if command is not None:
        threading.Thread(target=_watch_command, args=(command, os.getppid()), name="skirmish-watch-command",
                         daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process: there
        return True
    return True


def _watch_command(command: int, parent: int) -> None:
    """Poll until the command is gone, then end this process at once (its match has no one
    to go to). The command is gone when this process's parent changes (it was adopted: with
    the fork start method the parent is the command; with forkserver it is the server, which
    ends with the command) or when the command's process id is no longer in use."""
    while os.getppid() == parent and _alive(command):
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(1)


def play_all(specs: Iterable[MatchSpec], *, jobs: int = 1, cluster: Any = None,
             grids: Mapping[str, GridMap] | None = None, window: int | None = None,
             total: int | None = None) -> Generator[tuple[int, dict[str, Any]], None, None]:
    """(i, battle) for each spec (i: its position), in the order the matches end. `cluster`:
    a Dask scheduler's address or a `distributed.Client` (then `jobs` is not used); `grids`:
    maps already loaded, by spec.map_path (others are loaded where they are played); `total`:
    how many specs there are, if known (a cluster then sends a few matches to a task)."""
    if cluster is not None:
        yield from play_on_cluster(cluster, specs, grids or {}, window, total)
    elif jobs <= 1:
        yield from _serial(specs, grids or {})
    else:
        yield from _pool(specs, jobs, window or default_window(jobs))


def _serial(specs: Iterable[MatchSpec], grids: Mapping[str, GridMap]) -> Iterator[tuple[int, dict[str, Any]]]:
    loaded = dict(grids)
    settle()
    for i, spec in enumerate(specs):
        grid = loaded.get(spec.map_path)
        if grid is None:
            grid = loaded[spec.map_path] = load_map(spec.map_path)
            settle()
        yield i, play_match(grid, spec)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the worker processes now (their matches are not
    finished and are dropped)."""
    pool.shutdown(wait=False, cancel_futures=True)
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            proc.terminate()
        except (OSError, AttributeError):
            pass


def _pool(specs: Iterable[MatchSpec], jobs: int, window: int) -> Iterator[tuple[int, dict[str, Any]]]:
    source = iter(specs)
    slots = Window(window)
    running: dict[Future, int] = {}
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_quiet_worker, initargs=(os.getpid(),))
    finished = False
    try:
        exhausted = False
        while True:
            while not exhausted and slots.may_start():
                spec = next(source, None)
                if spec is None:
                    exhausted = True
                    break
                running[pool.submit(run_one, spec)] = slots.start()
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=running.__getitem__):
                i = running.pop(fut)
                slots.done(i)
                yield i, fut.result()
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _stop_pool(pool)


class HoldCtrlC:
    """Ctrl-C held off while a result is being written: within `with guard.hold():` a Ctrl-C
    waits until the block ends, so a record or a store never keeps half a result. Installed
    for the duration of `with HoldCtrlC() as guard:` (only in the main thread, where Python
    hears signals; elsewhere it holds nothing)."""

    def __init__(self) -> None:
        self.depth = 0
        self.pending = False
        self.previous: Any = None
        self.installed = False

    def _heard(self, signum: int, frame: Any) -> None:
        if self.depth:
            self.pending = True
        else:
            raise KeyboardInterrupt

    def __enter__(self) -> HoldCtrlC:
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._heard)
            self.installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self.installed:
            signal.signal(signal.SIGINT, self.previous)
            self.installed = False

    @contextmanager
    def hold(self) -> Iterator[None]:
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
            if not self.depth and self.pending:
                self.pending = False
                raise KeyboardInterrupt
