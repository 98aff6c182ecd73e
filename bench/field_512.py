"""The AI's walking-distance field on the 512 x 512 map of bench/goals.py (`big_map`, 10%
walls), in CPU time (`time.process_time`, so other work on the machine counts less), medians:
tcod's search alone, `field()` whole (geometry/field.py) and `CostsTo` as a decision builds
it (cold: not remembered from the run before), from 8 goals near (400, 299); each also as a
ratio to the yardstick's CPU time.

    python bench/field_512.py [runs]      # default 15
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "tests")]

import tcod.path  # noqa: E402
from goals import big_map  # noqa: E402
from yardstick import dijkstra, yardstick_grid  # noqa: E402

from game.world import geometry as geo  # noqa: E402
from game.world.geometry import field as fld  # noqa: E402


def cpu_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return statistics.median(times) * 1000


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    grid = big_map()
    prep = geo._prepared(grid)
    tables = fld._tables(prep, True, False)  # built at a match's set-up, not in a decision
    tiles = []
    for dx, dy in ((0, 0), (2, 0), (0, 2), (2, 2), (4, 0), (0, 4), (4, 4), (6, 2)):
        x, y = 400 + dx, 299 + dy
        while not grid.walkable(x, y):
            x += 1
        tiles.append((x, y))
    goals = sorted({(y + 1) * prep.pw + x + 1 for x, y in tiles})

    def search() -> None:
        pf = tcod.path.Pathfinder(tables.graph)
        for g in goals:
            pf.add_root(divmod(g, prep.pw))
        pf.resolve()

    walls = yardstick_grid()
    ys = cpu_ms(lambda: dijkstra(walls), 7)
    for label, fn in (("tcod's search alone", search), ("field() whole", lambda: fld.field(prep, goals, True)),
                      ("CostsTo (a decision's)", lambda: (geo.forget_answers(grid), geo.CostsTo(grid, tiles)))):
        ms = cpu_ms(fn, runs)
        print(f"{label}: {ms:.1f} ms CPU, {ms / ys:.2f} yardsticks")
    print(f"yardstick: {ys:.1f} ms CPU (graph shared: {tables.shared})")


if __name__ == "__main__":
    main()
