"""The yardstick every speed figure is quoted against, timed in the same run.

A pure-Python Dijkstra with `heapq` from (0, 0) over a 120 x 120 grid whose cells are walls
where `random.Random(7).random() < 0.2` (drawn row by row, (0, 0) cleared), 8 neighbours,
straight steps 1 and diagonal 1.5, distances in a dict; the median of 7 runs. A figure of
"0.28 yardsticks" means 0.28 times this median on the same machine in the same run, so
figures hold from one machine (and one load) to the next.

    python bench/yardstick.py        # prints the median in ms
"""

from __future__ import annotations

import heapq
import random
import statistics
import time
from collections.abc import Callable

SIZE = 120
RUNS = 7


def yardstick_grid(size: int = SIZE, seed: int = 7) -> list[list[bool]]:
    """Walls (True) drawn row by row from random.Random(seed); (0, 0) cleared."""
    rng = random.Random(seed)
    walls = [[rng.random() < 0.2 for _ in range(size)] for _ in range(size)]
    walls[0][0] = False
    return walls


def dijkstra(walls: list[list[bool]]) -> dict[tuple[int, int], float]:
    """Distances from (0, 0): 8 neighbours, straight 1, diagonal 1.5."""
    h, w = len(walls), len(walls[0])
    dist: dict[tuple[int, int], float] = {(0, 0): 0.0}
    heap: list[tuple[float, int, int]] = [(0.0, 0, 0)]
    steps = [(dx, dy, 1.5 if dx and dy else 1.0) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    while heap:
        d, x, y = heapq.heappop(heap)
        if d > dist[(x, y)]:
            continue
        for dx, dy, c in steps:
            nx, ny = x + dx, y + dy
            if 0 <= nx < w and 0 <= ny < h and not walls[ny][nx]:
                nd = d + c
                if nd < dist.get((nx, ny), float("inf")):
                    dist[(nx, ny)] = nd
                    heapq.heappush(heap, (nd, nx, ny))
    return dist


def yardstick_ms(runs: int = RUNS, clock: Callable[[], float] = time.perf_counter) -> float:
    """The median time of `runs` Dijkstras, in milliseconds (`clock`: time.process_time for
    the CPU time, on a loaded machine)."""
    walls = yardstick_grid()
    times = []
    for _ in range(runs):
        t0 = clock()
        dijkstra(walls)
        times.append(clock() - t0)
    return statistics.median(times) * 1000


if __name__ == "__main__":
    print(f"yardstick: {yardstick_ms():.2f} ms (median of {RUNS})")
