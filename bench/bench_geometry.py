"""Quick timings for game.world.geometry on a 100x100 map (not a test).

    python bench/bench_geometry.py

Medians of several runs, per call. The grids come from tests/world/gridfactory.py.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "world")]

from gridfactory import make_grid, random_grid  # noqa: E402

from game.world import geometry as geo  # noqa: E402


def median_us(fn: Callable[[], object], runs: int = 7, inner: int = 1) -> float:
    """Median over `runs` of the mean time per call over `inner` calls, in microseconds."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - t0) / inner)
    return statistics.median(times) * 1e6


def walkable_tiles(grid) -> list[tuple[int, int]]:
    return [(x, y) for y in range(grid.height) for x in range(grid.width) if grid.walkable(x, y)]


def bench_grid(label: str, grid, rng: random.Random) -> None:
    print(f"== {label}")
    tiles = walkable_tiles(grid)
    centre = min(tiles, key=lambda t: (t[0] - 50) ** 2 + (t[1] - 50) ** 2)
    geo.reachable(grid, centre, 1)  # warm the per-grid cache
    for budget in (6, 12, 26):
        n = len(geo.reachable(grid, centre, budget))
        # cold: a search from the same tile is remembered on the grid (reach.py)
        us = median_us(lambda b=budget: (geo.forget_answers(grid), geo.reachable(grid, centre, b)), runs=9, inner=5)
        print(f"reachable {budget:>2} m from {centre}: {us / 1000:7.2f} ms  ({n} tiles)")
    pairs = [(rng.choice(tiles), rng.choice(tiles)) for _ in range(2000)]
    us = median_us(lambda: [geo.line_of_sight(grid, a, b) for a, b in pairs], runs=7)
    print(f"line_of_sight, random pairs:      {us / len(pairs):7.2f} us/call")
    seeing = [(a, b) for a, b in pairs if geo.line_of_sight(grid, a, b)]
    us = median_us(lambda: [geo.line_of_sight(grid, a, b) for a, b in seeing], runs=7, inner=3)
    mean_m = sum(geo.distance_m(grid, a, b) for a, b in seeing) / len(seeing)
    print(
        f"line_of_sight, pairs that see:    {us / len(seeing):7.2f} us/call  (mean {mean_m:.0f} m)"
    )
    far = [((0, y), (99, 99 - y)) for y in range(100)]
    us = median_us(lambda: [geo.line_of_sight(grid, a, b) for a, b in far], runs=7, inner=5)
    print(f"line_of_sight, edge to edge:      {us / len(far):7.2f} us/call")
    us = median_us(lambda: [geo.line_tiles(a, b) for a, b in far], runs=7, inner=5)
    print(f"line_tiles, edge to edge:         {us / len(far):7.2f} us/call")
    us = median_us(lambda: [geo.cover_between(grid, a, b) for a, b in pairs[:500]], runs=7)
    print(f"cover_between, random pairs:      {us / 500:7.2f} us/call")
    area = geo.reachable(grid, centre, 1e9)  # the centre's connected region
    goal = max(area, key=lambda t: t[0] + t[1])
    start = min(area, key=lambda t: t[0] + t[1])
    path = geo.path_to(grid, start, goal)
    assert path is not None
    cost = geo.path_cost_m(grid, path)
    us = median_us(lambda: geo.path_to(grid, start, goal), runs=7)
    print(f"path_to {start}->{goal} ({cost:.0f} m): {us / 1000:7.2f} ms")
    for rng_m in (30, 200):
        n = len(geo.visible_from(grid, centre, rng_m))
        us = median_us(lambda r=rng_m: geo.visible_from(grid, centre, r), runs=5)
        print(f"visible_from {rng_m:>3} m:               {us / 1000:7.2f} ms  ({n} tiles)")
    threats = rng.sample(tiles, 8)
    us = median_us(lambda: geo.full_cover_within(grid, centre, 6, threats), runs=5)
    print(f"full_cover_within 6 m, 8 threats: {us / 1000:7.2f} ms")


def main() -> None:
    rng = random.Random(1)
    bench_grid("open 100x100", make_grid(["." * 100] * 100), rng)
    bench_grid("5% walls 100x100", random_grid(100, 100, seed=7, walls=0.05), rng)
    bench_grid("20% walls 100x100", random_grid(100, 100, seed=7, walls=0.2), rng)


if __name__ == "__main__":
    main()
