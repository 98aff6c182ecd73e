"""Which matches of a run are in flight, and their results put back in order.

Work is handed out at most `window` places past the earliest unfinished match (Window), so
that the results, which end in any order, can be given back in order (Reorder) holding at
most `window` of them, whatever the count.
"""

from __future__ import annotations

from typing import Any


def default_window(workers: int) -> int:
    """How far ahead of the earliest unfinished match work is handed out: enough that a long
    match rarely leaves a worker idle, small enough to hold."""
    return max(32, 8 * workers)


class Window:
    """Which positions are in flight, and whether the next may start: fewer than `size`
    places past the earliest unfinished."""

    def __init__(self, size: int) -> None:
        self.size = max(1, size)
        self.inflight: set[int] = set()
        self.next = 0

    def may_start(self) -> bool:
        low = min(self.inflight) if self.inflight else self.next
        return self.next - low < self.size

    def start(self) -> int:
        i = self.next
        self.inflight.add(i)
        self.next += 1
        return i

    def done(self, i: int) -> None:
        self.inflight.discard(i)


class Reorder:
    """Results put back in order: `push(i, item)` gives the items that are now next in line;
    `rest()` what is left when a run stops early (in order, with gaps)."""

    def __init__(self) -> None:
        self.waiting: dict[int, Any] = {}
        self.next = 0

    def push(self, i: int, item: Any) -> list[Any]:
        self.waiting[i] = item
        ready = []
        while self.next in self.waiting:
            ready.append(self.waiting.pop(self.next))
            self.next += 1
        return ready

    def rest(self) -> list[Any]:
        items = [self.waiting[i] for i in sorted(self.waiting)]
        self.waiting.clear()
        return items
