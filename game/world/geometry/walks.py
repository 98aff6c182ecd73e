"""Walks on the grid: whether a path is a legal walk (no jump, no unwalkable tile, no cut
corner), what it costs in metres with the costs of `reachable` (paths.py), and how far along
it a budget gets."""

from __future__ import annotations

import math
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from itertools import pairwise

from game.maps.grid import GridMap
from game.world.geometry.basics import _EPS, _NONE, SQRT2, Tile
from game.world.geometry.prepared import _prepared


def step_problem(grid: GridMap, a: Tile, b: Tile) -> str | None:
    """Why a single step from `a` to `b` is not a legal move, or None if it is."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if max(abs(dx), abs(dy)) != 1:
        return f"path jumps from {a} to {b}"
    if not grid.in_bounds(*b) or not grid.walkable(*b):
        return f"{b} cannot be walked"
    if dx and dy and not (grid.walkable(a[0] + dx, a[1]) and grid.walkable(a[0], a[1] + dy)):
        return f"the step from {a} to {b} cuts a corner"
    return None

def _legal_cost(grid: GridMap, path: Sequence[Tile]) -> float | None:
    """The metres of `path` from the prepared tables (the very floats `path_cost_m` adds up)
    when its tiles are whole numbers on the map and every step is legal; None otherwise, for
    the step-by-step look to say what is wrong (the Match checks every declared move)."""
    if not path:
        return 0.0
    prep = _prepared(grid)
    pw, walk, enter, enter_d = prep.pw, prep.walk, prep.enter, prep.enter_diag
    w, h = grid.width, grid.height
    ax, ay = path[0][0], path[0][1]
    if type(ax) is not int or type(ay) is not int or not (0 <= ax < w and 0 <= ay < h):
        return None
    total = 0.0
    for k in range(1, len(path)):
        bx, by = path[k][0], path[k][1]
        if type(bx) is not int or type(by) is not int or not (0 <= bx < w and 0 <= by < h):
            return None
        dx, dy = bx - ax, by - ay
        j = (by + 1) * pw + bx + 1
        if not walk[j] or not -1 <= dx <= 1 or not -1 <= dy <= 1 or not (dx or dy):
            return None
        if dx and dy:
            if not (walk[j - dy * pw] and walk[j - dx]):  # (bx, ay) and (ax, by): no corner cut
                return None
            total += enter_d[j]
        else:
            total += enter[j]
        ax, ay = bx, by
    return total

def check_path(grid: GridMap, path: Sequence[Tile]) -> str | None:
    """The first reason `path` is not a legal walk (jump, unwalkable tile, cut corner)."""
    if _legal_cost(grid, path) is not None:
        return None
    for a, b in pairwise(path):
        problem = step_problem(grid, tuple(a), tuple(b))  # type: ignore[arg-type]
        if problem:
            return problem
    return None

def path_cost_m(grid: GridMap, path: Sequence[Tile]) -> float:
    """Metres to walk `path` (its first tile is where the walker stands), with the costs of
    `reachable`; ``math.inf`` if any step is illegal (see `check_path` for the reason)."""
    legal = _legal_cost(grid, path)
    if legal is not None:
        return legal
    mpt, total = grid.metres_per_tile, 0.0
    for a, b in pairwise(path):
        if step_problem(grid, tuple(a), tuple(b)) is not None:  # type: ignore[arg-type]
            return math.inf
        step = grid.move_cost(b[0], b[1]) * mpt
        total += step * SQRT2 if a[0] != b[0] and a[1] != b[1] else step
    return total

def move_along(
    grid: GridMap, path: Sequence[Tile], budget_m: float, *, no_stop: AbstractSet[Tile] = _NONE
) -> tuple[Tile, float]:
    """How far along `path` a budget of `budget_m` metres gets: the last tile reached that
    may be stopped on (not in `no_stop`), and the metres spent to get there.

    Used when a move is cut short (a run declared but only a free move allowed). The walker
    stops before an illegal step.
    """
    if not path:
        raise ValueError("an empty path has no tiles to stop on")
    mpt, limit = grid.metres_per_tile, budget_m + _EPS
    stop, stop_cost, cost = tuple(path[0]), 0.0, 0.0
    for a, b in pairwise(path):
        if step_problem(grid, tuple(a), tuple(b)) is not None:  # type: ignore[arg-type]
            break
        step = grid.move_cost(b[0], b[1]) * mpt
        cost += step * SQRT2 if a[0] != b[0] and a[1] != b[1] else step
        if cost > limit:
            break
        if tuple(b) not in no_stop:
            stop, stop_cost = tuple(b), cost
    return stop, stop_cost  # type: ignore[return-value]
