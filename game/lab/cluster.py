"""Matches on a Dask distributed cluster (`--cluster tcp://HOST:PORT`).

The command connects to a scheduler that someone started (`dask scheduler`, with `dask worker
tcp://HOST:PORT --nworkers N --nthreads 1` on each machine, each with skirmish installed) and
hands it matches, `window` at a time, as `play_all` does for worker processes:

- each map is sent once, as a small task that returns the loaded map (so a worker needs the
  package but not the map files, and a lost copy can be made again);
- each match is a task of its own; a worker that dies takes nothing with it: the scheduler
  plays its matches again on another worker (Dask's own rescheduling), and this side takes
  each match's result once, as it arrives;
- every result carries the source digest of the worker that played it, and a worker running
  other code stops the run (its numbers would not be those of `--jobs 1`).

Workers never write anything: results come back to the command, which stores them.
"""

from __future__ import annotations

import re
import sys
import threading
import uuid
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from game.files import one_line
from game.lab.runner import Window, default_window
from game.lab.version import source_digest
from game.maps.grid import GridMap
from game.sim import MatchSpec, _settle, play_match

ADDRESS = re.compile(r"^tcp://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})$")
CONNECT_SECONDS = 10
INSTALL_HINT = "pip install 'skirmish[cluster]' (Dask distributed)"


class ClusterError(ValueError):
    """A cluster that cannot be used (one line)."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


def check_address(address: str) -> str | None:
    """Why `address` is not a scheduler address tcp://HOST:PORT, or None."""
    m = ADDRESS.match(address)
    if not m:
        return f"{address!r} is not a scheduler address; expected tcp://HOST:PORT, as 'dask scheduler' prints it"
    if not 1 <= int(m.group(2)) <= 65535:
        return f"{address!r}: port {m.group(2)} is not from 1 to 65535"
    return None


def connect(address: str, timeout: float | None = None) -> Any:
    """A `distributed.Client` on the scheduler at `address`; ClusterError (one line) when
    Dask is not installed, the address is malformed or the scheduler does not answer."""
    problem = check_address(address)
    if problem:
        raise ClusterError(problem)
    timeout = CONNECT_SECONDS if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(f"Dask's distributed scheduler is not installed here: {INSTALL_HINT}") from None
    try:
        return Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the scheduler at {address} within {timeout:g} s "
                           f"({type(exc).__name__}: {exc}); is 'dask scheduler' running there?") from None


# --- on the workers --------------------------------------------------------------------------

_ONE_AT_A_TIME = threading.Lock()  # matches share esper's module state: one per process at once
_SETTLED: set[int] = set()


def _the_map(grid: GridMap) -> GridMap:
    """The task that holds a map on the cluster (its argument is the map)."""
    return grid


def _play(grid: GridMap, spec: MatchSpec) -> tuple[str, dict[str, Any]]:
    """One match on a worker: (the worker's source digest, the battle record)."""
    with _ONE_AT_A_TIME:
        if id(grid) not in _SETTLED:
            _SETTLED.add(id(grid))
            _settle()
        return source_digest(), play_match(grid, spec)


# --- on the command's side -------------------------------------------------------------------


def _threads(client: Any) -> int:
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:  # noqa: BLE001 - only sizes the window
        return 1


def play_on_cluster(cluster: Any, specs: Iterable[MatchSpec], grids: Mapping[str, GridMap],
                    window: int | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """(i, battle) for each spec as its match ends on the cluster: `cluster` is an address or
    a Client (an address is connected to and closed at the end)."""
    from distributed import as_completed
    from distributed.scheduler import KilledWorker

    from game.maps import load_map

    client = connect(cluster) if isinstance(cluster, str) else cluster
    own = isinstance(cluster, str)
    token = uuid.uuid4().hex[:10]
    here = source_digest()
    maps: dict[str, Any] = {}
    running: dict[Any, tuple[int, MatchSpec]] = {}
    try:
        if not client.nthreads():
            print(one_line(f"waiting for a worker to join the scheduler at {client.scheduler.address} "
                           "('dask worker ADDRESS --nthreads 1' on a machine with skirmish installed)"),
                  file=sys.stderr, flush=True)
            client.wait_for_workers(1)
        slots = Window(window or default_window(_threads(client)))
        source = iter(specs)
        exhausted = False
        stream = as_completed(loop=client.loop, raise_errors=False)

        def refill() -> None:
            nonlocal exhausted
            while not exhausted and slots.may_start():
                spec = next(source, None)
                if spec is None:
                    exhausted = True
                    return
                grid_task = maps.get(spec.map_path)
                if grid_task is None:
                    grid = grids.get(spec.map_path) or load_map(spec.map_path)
                    grid_task = maps[spec.map_path] = client.submit(
                        _the_map, grid, key=f"skirmish-map-{token}-{len(maps)}", pure=False)
                i = slots.start()
                fut = client.submit(_play, grid_task, spec, key=f"skirmish-match-{token}-{i}", pure=False)
                running[fut] = (i, spec)
                stream.add(fut)

        refill()
        while running:
            fut = next(stream)
            i, spec = running.pop(fut)
            try:
                digest, battle = fut.result()
            except KilledWorker:
                raise ClusterError(f"the match with seed {spec.seed} on {spec.map_path} was lost with "
                                   "several workers in a row; it may crash them (see the workers' logs)") from None
            fut.release()
            if digest != here:
                raise ClusterError(f"a worker runs other code (source {digest}, here {here}): install "
                                   "the same skirmish on every worker and restart them")
            slots.done(i)
            yield i, battle
            refill()
    finally:
        if running:
            try:
                client.cancel(list(running), force=True)
            except Exception:  # noqa: BLE001 - the cluster may be gone; nothing more to undo
                pass
        if own:
            client.close()
