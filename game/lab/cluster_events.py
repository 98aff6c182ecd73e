"""What a command says about the Dask cluster it uses, in its own words.

    with quiet_dask():                      # Dask's own log lines stay off the terminal
        losses = WorkerLosses(client)       # the workers the scheduler removes, as it does
        ...
        for event in losses.heard():        # on the command's thread, between results
            print(loss_line(event, matches_on))

Dask's client logs to standard error as it works: a worker killed mid-run made it print
"Couldn't gather 1 keys, rescheduling ('skirmish-match-...',)" between the progress bar's
updates, which told the user nothing they could act on. The command says it instead: a
worker was lost, and how many of the run's matches are played again on the others.
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

SILENT = logging.CRITICAL + 1
"""A level above every record: a logger at it lets nothing through."""


def dask_loggers() -> list[str]:
    """The names of Dask distributed's loggers that exist now ("distributed" and its children;
    a child made later has no level of its own and takes its parent's)."""
    names = [name for name in logging.Logger.manager.loggerDict if name.startswith("distributed.")]
    return ["distributed", *sorted(names)]


@contextmanager
def quiet_dask() -> Iterator[None]:
    """Dask distributed's loggers say nothing while the block runs (the command says what
    matters itself: WorkerLosses); their levels are put back after. Dask sets its loggers'
    levels when it is imported, so it is imported first (without Dask there is nothing to
    quiet)."""
    try:
        import distributed  # noqa: F401 - its import sets its loggers' levels: ours come after
    except ImportError:
        yield
        return
    saved = {}
    for name in dask_loggers():
        logger = logging.getLogger(name)
        saved[name] = logger.level
        logger.setLevel(SILENT)
    try:
        yield
    finally:
        for name, level in saved.items():
            logging.getLogger(name).setLevel(level)


class WorkerLosses:
    """The workers the scheduler removes while a run goes on: its "remove-worker" events
    (topic "all"), heard on the client's thread and kept until the command's thread asks
    (`heard()`). Each event names the worker ("worker"), the tasks it was running
    ("processing-tasks") and the finished ones whose results went with it
    ("lost-computed-tasks"); the scheduler runs both again elsewhere."""

    TOPIC = "all"

    def __init__(self, client: Any) -> None:
        self.client = client
        self.queue: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        client.subscribe_topic(self.TOPIC, self._hear)

    def _hear(self, event: Any) -> None:
        try:
            _, message = event
        except (TypeError, ValueError):
            return
        if isinstance(message, dict) and message.get("action") == "remove-worker":
            self.queue.put(message)

    def heard(self) -> list[dict[str, Any]]:
        """The removals heard since the last call, oldest first."""
        found = []
        while True:
            try:
                found.append(self.queue.get_nowait())
            except queue.Empty:
                return found

    def close(self) -> None:
        try:
            self.client.unsubscribe_topic(self.TOPIC)
        except Exception:  # noqa: BLE001 - the client may be closing; nothing to undo then
            pass


def lost_keys(event: dict[str, Any]) -> set[str]:
    """The keys of the tasks a removed worker took with it (running, or finished and not
    yet collected)."""
    keys: set[str] = set()
    for field in ("processing-tasks", "lost-computed-tasks"):
        keys.update(str(k) for k in event.get(field) or ())
    return keys


def loss_line(event: dict[str, Any], matches_on: Callable[[set[str]], int]) -> str:
    """One line for a removed worker: `matches_on(keys)` counts this run's unfinished matches
    among the tasks it took with it."""
    worker = event.get("worker") or "a worker"
    n = matches_on(lost_keys(event))
    how = "left the cluster" if event.get("expected") else "was lost"
    if not n:
        return f"cluster: worker {worker} {how}; none of this run's matches were on it; going on"
    return (f"cluster: worker {worker} {how}; {n:,} match{'es' if n != 1 else ''} on it "
            f"rescheduled on the other workers; going on")
