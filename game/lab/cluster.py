"""Matches on a Dask distributed cluster (`--cluster tcp://HOST:PORT`).

The command connects to a scheduler that someone started (`dask scheduler`, with `dask worker
tcp://HOST:PORT --nworkers N --nthreads 1` on each machine, each with skirmish installed) and
hands it matches, `window` at a time, as `play_all` does for worker processes:

- each map is sent once, as a small task that returns the loaded map (so a worker needs the
  package but not the map files, and a lost copy can be made again);
- each task plays several matches on one map, as many as take about TASK_SECONDS (measured
  from the matches that came back: Batches), so the scheduler's and this side's work per task
  is shared by them; a worker that dies takes nothing with it: the scheduler plays its tasks
  again on another worker (Dask's own rescheduling), this side takes each match's result
  once, as it arrives, and says in one line that the worker was lost and how many matches
  are played again (game/lab/cluster_events.py; Dask's own log lines are kept quiet);
- every result carries the source digest of the worker that played it, and a worker running
  other code stops the run (its numbers would not be those of `--jobs 1`).

Workers never write anything: results come back to the command, which stores them.
"""

from __future__ import annotations

import re
import socket
import struct
import sys
import threading
import time
import uuid
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from game.files import one_line
from game.lab.cluster_events import WorkerLosses, loss_line
from game.lab.inflight import Window, default_window
from game.lab.version import source_digest
from game.maps import load_map
from game.maps.grid import GridMap
from game.sim import MatchSpec, play_match, settle

ADDRESS = re.compile(r"^tcp://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):(\d{1,5})$")
CONNECT_SECONDS = 10
"""How long `--cluster` waits for a Dask scheduler to answer (docs/sweeps.md); tests shorten it."""
GREETING_MOST = 64 * 1024  # a scheduler's first message is about 100 bytes
TASK_SECONDS = 1.0
"""About how much CPU time one task's matches take on a worker: the scheduler's, the worker's
and this side's work for a task (a few milliseconds, and a round trip before the worker
starts its next task) is then shared by its matches (bench/cluster.py)."""
MOST_BATCH = 64  # matches in one task at most (results wait here for the earliest: 3 tasks a thread)
COUNT_THREADS_SECONDS = 5.0  # how often the workers' threads are counted again (one call to the scheduler)
RECENT_MATCHES = 64  # the cost of a match: the mean over the tasks that held about the last 64 matches
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
    Dask is not installed, the address is malformed or no Dask scheduler answers there
    within `timeout` seconds (CONNECT_SECONDS; a refused connection at once)."""
    problem = check_address(address)
    if problem:
        raise ClusterError(problem)
    timeout = CONNECT_SECONDS if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(f"Dask's distributed scheduler is not installed here: {INSTALL_HINT}") from None
    probe(address, timeout)
    try:
        return Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError, MemoryError) as exc:
        raise ClusterError(f"no Dask scheduler answered at {address} within {timeout:g} s "
                           f"({type(exc).__name__}: {exc}); is 'dask scheduler' running there?") from None


def probe(address: str, timeout: float) -> None:
    """ClusterError unless a Dask scheduler answers at `address` within `timeout` seconds.

    Dask's client, given a port where something else listens, reads a web server's reply as
    the length of a message (and asks for exabytes), or waits for ever on a listener that
    never answers. A Dask listener greets first: an 8-byte length, then that many bytes of
    frames holding a small dict (its compression and Python). So: connect, read the greeting
    within the time, check it, and greet back with the same bytes (a complete handshake, so
    the scheduler logs nothing), then let the client connect."""
    m = ADDRESS.match(address)
    assert m is not None  # check_address passed
    host, port = m.group(1).strip("[]"), int(m.group(2))
    deadline = time.monotonic() + timeout

    def fail(why: str) -> ClusterError:
        return ClusterError(f"no Dask scheduler answered at {address} ({why}); is 'dask scheduler' running there?")

    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except TimeoutError:
        raise fail(f"nothing accepted a connection within {timeout:g} s") from None
    except ConnectionRefusedError:
        raise fail("connection refused: nothing listens on that port") from None
    except OSError as exc:
        raise fail(str(exc.strerror or exc)) from None
    with sock:
        def read(n: int) -> bytes:
            got = bytearray()
            while len(got) < n:
                left = deadline - time.monotonic()
                try:
                    if left <= 0:
                        raise TimeoutError
                    sock.settimeout(left)
                    chunk = sock.recv(n - len(got))
                except TimeoutError:
                    raise fail(f"it sent no Dask greeting within {timeout:g} s") from None
                except OSError as exc:
                    raise fail(f"the connection broke: {exc.strerror or exc}") from None
                if not chunk:
                    raise fail("it closed the connection without a Dask greeting")
                got += chunk
            return bytes(got)

        head = read(8)
        (size,) = struct.unpack("Q", head)
        if not 8 <= size <= GREETING_MOST:
            raise fail(f"it sent something else: {head!r}")
        body = read(size)
        if not _is_greeting(body):
            raise fail(f"it sent something else: {(head + body)[:24]!r}")
        try:
            sock.sendall(head + body)
        except OSError:
            pass


def _is_greeting(body: bytes) -> bool:
    """Whether `body` is a Dask comm handshake: frames holding a dict with a 'python' key."""
    from distributed.protocol.core import loads
    from distributed.protocol.utils import unpack_frames

    try:
        message = loads(unpack_frames(body), deserialize=False)
    except Exception:  # noqa: BLE001 - anything that is not Dask's frames
        return False
    return isinstance(message, dict) and "python" in message


# --- on the workers --------------------------------------------------------------------------

_ONE_AT_A_TIME = threading.Lock()  # matches share esper's module state: one per process at once
_SETTLED: set[int] = set()


def _the_map(grid: GridMap) -> GridMap:
    """The task that holds a map on the cluster (its argument is the map)."""
    return grid


def _play(grid: GridMap, specs: list[MatchSpec]) -> tuple[str, float, list[dict[str, Any]]]:
    """A batch of matches on one map, on a worker: (the worker's source digest, the CPU
    seconds the matches took, their battle records in order). CPU time, not wall time: what a
    match costs does not then change with what else the machine is doing."""
    with _ONE_AT_A_TIME:
        if id(grid) not in _SETTLED:
            _SETTLED.add(id(grid))
            settle()
        start = time.thread_time()
        battles = [play_match(grid, spec) for spec in specs]
        return source_digest(), time.thread_time() - start, battles


class Batches:
    """How many matches the next task plays: about `seconds` (TASK_SECONDS) of them at what a
    match has cost lately (the tasks that held the last RECENT_MATCHES matches: a sweep's
    variants may differ), up to `most` (MOST_BATCH). Until a first task has come back nothing
    is known: one match a task. Towards the end of a run of `total` matches a task holds no
    more than half of what is left per thread, so the last matches are shared out and no
    worker waits long for another's last task."""

    def __init__(self, threads: int, total: int | None, seconds: float = TASK_SECONDS,
                 most: int = MOST_BATCH) -> None:
        self.threads, self.total, self.seconds, self.most = max(1, threads), total, seconds, most
        self.recent: deque[tuple[int, float]] = deque()  # (matches, seconds) of the latest tasks
        self.matches = 0  # in `recent`

    def heard(self, matches: int, seconds: float) -> None:
        """A task of `matches` matches took `seconds` on its worker."""
        self.recent.append((matches, seconds))
        self.matches += matches
        while len(self.recent) > 1 and self.matches - self.recent[0][0] >= RECENT_MATCHES:
            self.matches -= self.recent.popleft()[0]

    @property
    def known(self) -> bool:
        return bool(self.recent)

    def size(self, handed_out: int) -> int:
        """The next task's matches, `handed_out` having been sent already."""
        if not self.recent:
            return 1
        spent = sum(seconds for _, seconds in self.recent)
        n = int(self.seconds * self.matches / max(spent, 1e-6))
        if self.total is not None:
            n = min(n, (self.total - handed_out) // (2 * self.threads))
        return max(1, min(self.most, n))


# --- on the command's side -------------------------------------------------------------------


def _threads(client: Any) -> int:
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:  # noqa: BLE001 - only sizes the window
        return 1


def play_on_cluster(cluster: Any, specs: Iterable[MatchSpec], grids: Mapping[str, GridMap],
                    window: int | None = None, total: int | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """(i, battle) for each spec as its match ends on the cluster: `cluster` is an address or
    a Client (an address is connected to and closed at the end); `total`: how many specs
    there are, if known (the last tasks of the run are then made smaller: Batches)."""
    from distributed import as_completed
    from distributed.scheduler import KilledWorker

    client = connect(cluster) if isinstance(cluster, str) else cluster
    own = isinstance(cluster, str)
    token = uuid.uuid4().hex[:10]
    here = source_digest()
    maps: dict[str, Any] = {}
    running: dict[Any, list[tuple[int, MatchSpec]]] = {}
    matches_of: dict[str, int] = {}  # a running task's key: its matches
    losses: WorkerLosses | None = None
    try:
        if not client.nthreads():
            print(one_line(f"waiting for a worker to join the scheduler at {client.scheduler.address} "
                           "('dask worker ADDRESS --nthreads 1' on a machine with skirmish installed)"),
                  file=sys.stderr, flush=True)
            client.wait_for_workers(1)
        losses = WorkerLosses(client)
        batches = Batches(_threads(client), total)
        counted = time.monotonic()  # when the workers' threads were counted (workers come and go)
        base = window or default_window(batches.threads)
        slots = Window(base)
        source = iter(specs)
        pending: list[MatchSpec] = []  # drawn from `source`, not yet sent
        exhausted = False
        stream = as_completed(loop=client.loop, raise_errors=False)

        def send(group: list[MatchSpec]) -> None:
            grid_task = maps.get(group[0].map_path)
            if grid_task is None:
                grid = grids.get(group[0].map_path) or load_map(group[0].map_path)
                grid_task = maps[group[0].map_path] = client.submit(
                    _the_map, grid, key=f"skirmish-map-{token}-{len(maps)}", pure=False)
            placed = [(slots.start(), spec) for spec in group]
            fut = client.submit(_play, grid_task, [spec for _, spec in placed],
                                key=f"skirmish-match-{token}-{placed[0][0]}", pure=False)
            running[fut] = placed
            matches_of[fut.key] = len(placed)
            stream.add(fut)

        def refill() -> None:
            nonlocal exhausted
            # until a task has come back, what a match costs is not known: a task a thread, one match each
            while slots.may_start() and (batches.known or len(running) < batches.threads):
                batch = batches.size(slots.next)
                slots.size = max(base, 3 * batch * batches.threads)  # a task running and two waiting, a thread
                while not exhausted and len(pending) < batch:
                    spec = next(source, None)
                    if spec is None:
                        exhausted = True
                    else:
                        pending.append(spec)
                if not pending:
                    return
                # a task's matches share a map, and start no further ahead than the window allows:
                # a whole task waits for room (pieces of tasks would cost as much as whole ones)
                room = slots.size - (slots.next - (min(slots.inflight) if slots.inflight else slots.next))
                if room < min(len(pending), batch):
                    return
                n = 1
                while n < min(len(pending), batch) and pending[n].map_path == pending[0].map_path:
                    n += 1
                send(pending[:n])
                del pending[:n]

        def say_losses() -> None:
            nonlocal counted
            for event in losses.heard() if losses is not None else ():
                counted = float("-inf")  # the threads are counted again after this result
                line = loss_line(event, lambda keys: sum(matches_of.get(k, 0) for k in keys))
                print(("\r" if sys.stderr.isatty() else "") + one_line(line), file=sys.stderr, flush=True)

        refill()
        while running:
            fut = next(stream)
            placed = running.pop(fut)
            say_losses()
            matches_of.pop(fut.key, None)
            try:
                digest, seconds, battles = fut.result()
            except KilledWorker:
                raise ClusterError(f"the matches with seeds {', '.join(str(s.seed) for _, s in placed)} on "
                                   f"{placed[0][1].map_path} were lost with several workers in a row; one may "
                                   "crash them (see the workers' logs)") from None
            fut.release()
            if digest != here:
                raise ClusterError(f"a worker runs other code (source {digest}, here {here}): install "
                                   "the same skirmish on every worker and restart them")
            batches.heard(len(battles), seconds)
            if time.monotonic() - counted >= COUNT_THREADS_SECONDS:
                batches.threads, counted = _threads(client), time.monotonic()
            for (i, _), battle in zip(placed, battles, strict=True):
                slots.done(i)
                yield i, battle
            refill()
        say_losses()
    finally:
        if losses is not None:
            losses.close()
        if running:
            try:
                client.cancel(list(running), force=True)
            except Exception:  # noqa: BLE001 - the cluster may be gone; nothing more to undo
                pass
        if own:
            client.close()
