"""Movement on the grid: the walking-distance field to a set of goals (worked out as asked),
paths (A* with ALT landmarks on large maps); reachable tiles within a budget are in reach.py,
path checks and costs in walks.py. Movement is octile: an orthogonal step costs the entered tile's move
cost x metres per tile, a diagonal step that x sqrt(2); no corner cutting past an unwalkable
tile."""

from __future__ import annotations

import heapq
import math
from array import array
from collections.abc import Iterable, MutableSequence
from collections.abc import Set as AbstractSet
from typing import overload

import numpy as np

from game.maps.grid import GridMap
from game.world.geometry.basics import _EPS, _NONE, SQRT2, Tile, chebyshev
from game.world.geometry.field import field, prepare_tables, remembered
from game.world.geometry.prepared import (
    _check_tile,
    _diagonals,
    _passable,
    _Prepared,
    _prepared,
)
from game.world.geometry.reach import reachable, within  # noqa: F401  (the searches' home was here)

FIELD_MIN_TILES = 0  # padded tiles from which CostsTo works out the whole field at once


class CostsTo:
    """The cheapest cost in metres of walking from a tile to the nearest of `goals`, worked
    out only as far as asked: Dijkstra run backwards from the goals (a step from a tile onto
    `u` costs what entering `u` costs), settling tiles in order of cost; a query for a tile
    not yet settled goes on from where the last one stopped. For every tile `t`,
    ``get(t)`` is what ``reachable(grid, t, ...)`` gives for the nearest goal, or `default`
    if no goal can be walked to. Other figures are not counted: the AI's map of how far the
    enemy is on foot (one a side a round; most queries stop well short of the whole map)."""

    def __init__(self, grid: GridMap, goals: Iterable[Tile], *, diagonal: bool = True) -> None:
        prep = _prepared(grid)
        self._grid, self._prep, self._pw = grid, prep, prep.pw
        self._diag = _diagonals(prep.pw, diagonal)
        starts = sorted({(y + 1) * prep.pw + x + 1 for x, y in goals if grid.in_bounds(x, y) and grid.walkable(x, y)})
        self._heap: list[tuple[float, int]] = []
        if len(prep.walk) >= FIELD_MIN_TILES and starts:
            # The same floats worked out at once in C and NumPy (geometry/field.py), or
            # remembered from the last time these goals were asked.
            whole = remembered(prep, starts, diagonal)
            if whole is not None:
                self._dist: MutableSequence[float] = whole[0]
                self._settled = whole[1]
                return
        self._dist = [math.inf] * len(prep.walk)
        self._settled = bytearray(len(prep.walk))
        for i in starts:
            self._dist[i] = 0.0
        self._heap = [(0.0, i) for i in starts]  # in order: a heap already

    def _index(self, tile: Tile) -> int | None:
        x, y = tile
        if not (0 <= x < self._grid.width and 0 <= y < self._grid.height):
            return None
        return (y + 1) * self._pw + x + 1

    def _settle_until(self, target: int) -> None:
        """Go on with the search until `target` is settled or nothing is left to settle."""
        prep, dist, settled, heap, diag = self._prep, self._dist, self._settled, self._heap, self._diag
        walk, enter, enter_d, pw = prep.walk, prep.enter, prep.enter_diag, self._pw
        pop, push = heapq.heappop, heapq.heappush
        orth = (1, -1, pw, -pw)
        while heap and not settled[target]:
            cost, u = pop(heap)
            if settled[u] or cost > dist[u]:
                continue
            settled[u] = 1
            c = cost + enter[u]
            for o in orth:
                j = u + o
                if walk[j] and c < dist[j]:
                    dist[j] = c
                    push(heap, (c, j))
            c = cost + enter_d[u]
            for o, a, b in diag:
                j = u + o
                if walk[j] and walk[u + a] and walk[u + b] and c < dist[j]:
                    dist[j] = c
                    push(heap, (c, j))

    @overload
    def get(self, tile: Tile) -> float | None: ...
    @overload
    def get(self, tile: Tile, default: float) -> float: ...
    @overload
    def get(self, tile: Tile, default: float | None) -> float | None: ...

    def get(self, tile: Tile, default: float | None = None) -> float | None:
        i = self._index(tile)
        if i is None or not self._prep.walk[i]:
            return default
        if not self._settled[i]:
            self._settle_until(i)
        return self._dist[i] if self._settled[i] else default

    def get_many(self, tiles: Iterable[Tile], default: float) -> list[float]:
        """``get(t, default)`` for each of `tiles`, in order (the AI asks for every tile a unit
        can reach)."""
        w, h, pw, walk = self._grid.width, self._grid.height, self._pw, self._prep.walk
        settled, dist = self._settled, self._dist
        out = []
        for x, y in tiles:
            i = (y + 1) * pw + x + 1
            if not (0 <= x < w and 0 <= y < h) or not walk[i]:
                out.append(default)
                continue
            if not settled[i]:
                self._settle_until(i)
                settled, dist = self._settled, self._dist
            out.append(dist[i] if settled[i] else default)
        return out

    def __getitem__(self, tile: Tile) -> float:
        value = self.get(tile)
        if value is None:
            raise KeyError(tile)
        return value

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, tuple) and self.get(tile) is not None  # type: ignore[arg-type]

    def whole(self) -> dict[Tile, float]:
        """Every tile from which a goal can be walked to, with its cost."""
        self._settle_until(0)  # index 0 is the unwalkable border: this settles everything
        pw = self._pw
        return {(i % pw - 1, i // pw - 1): d for i, d in enumerate(self._dist) if self._settled[i]}

def costs_to(
    grid: GridMap, goals: Iterable[Tile], *, diagonal: bool = True
) -> dict[Tile, float]:
    """`CostsTo` worked out over the whole map, as a dict."""
    return CostsTo(grid, goals, diagonal=diagonal).whole()

# Long searches on big maps use landmarks (A*, Landmarks and the Triangle inequality): the
# cheapest cost from each of 8 tiles round the edge to every tile, one Dijkstra each, built
# on the first such search. Entering costs make the graph directed, so only the forward
# bound d(L, goal) - d(L, n) <= d(n, goal) is used, with the octile bound: still admissible
# and consistent when figures block tiles or diagonals are off (both only raise costs).
LANDMARK_MIN_TILES = 64 * 64

LANDMARK_MIN_SPAN = 32

def _landmarks(grid: GridMap, prep: _Prepared) -> list[array]:
    if prep.landmarks:
        return prep.landmarks
    w, h, pw = grid.width, grid.height, prep.pw
    # The open tiles in row order (y, then x), as NumPy arrays.
    oy, ox = np.nonzero(np.frombuffer(prep.walk, dtype=np.uint8).reshape(h + 2, pw)[1:-1, 1:-1])
    anchors = ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1),
               (w // 2, 0), (w // 2, h - 1), (0, h // 2), (w - 1, h // 2))
    seen: set[Tile] = set()
    for ax, ay in anchors:
        if not ox.size:
            break
        # The nearest open tile to the anchor, ties to the first in row order.
        d2 = (ox - ax) ** 2 + (oy - ay) ** 2
        k = int(np.argmin(d2))  # the first of the least: row order breaks ties by y, then x
        lm = (int(ox[k]), int(oy[k]))
        if lm in seen:
            continue
        seen.add(lm)
        # `reachable` with no limit, worked out at once (geometry/field.py: the same floats)
        whole = field(prep, [(lm[1] + 1) * pw + lm[0] + 1], True, forward=True)
        if whole is not None:
            prep.landmarks.append(whole[0])
            continue
        dist = array("d", [math.inf]) * len(prep.walk)
        for (x, y), c in reachable(grid, lm, math.inf).items():
            dist[(y + 1) * pw + x + 1] = c
        prep.landmarks.append(dist)
    return prep.landmarks

def prepare(grid: GridMap) -> None:
    """Build the per-grid search tables now (a match does at its start), so that no
    decision pays for them: the landmarks take about 0.15 s on a 120 x 120 map."""
    prep = _prepared(grid)
    if grid.width * grid.height >= LANDMARK_MIN_TILES:
        _landmarks(grid, prep)
        prepare_tables(prep)  # the AI's walking-distance field's (CostsTo)

def path_to(
    grid: GridMap,
    start: Tile,
    goal: Tile,
    *,
    blocked: AbstractSet[Tile] = _NONE,
    pass_through: AbstractSet[Tile] = _NONE,
    diagonal: bool = True,
    budget_m: float | None = None,
) -> list[Tile] | None:
    """The cheapest path from `start` to `goal`, both included, or None if there is none
    (within `budget_m` if given). A* with the octile heuristic (and landmarks for long
    searches on big maps), ties to the deeper tile; the costs, corner rule and
    `blocked`/`pass_through` sets are those of `reachable`, so the path's cost
    (`path_cost_m`) is the cost `reachable` gives for `goal`.
    """
    _check_tile(grid, start)
    _check_tile(grid, goal)
    if start == goal:
        return [start]
    if goal in blocked or goal in pass_through or not grid.walkable(*goal):
        return None
    prep = _prepared(grid)
    pw, walk, enter, enter_d, m = prep.pw, prep.walk, prep.enter, prep.enter_diag, prep.min_step
    s = (start[1] + 1) * pw + start[0] + 1
    g = (goal[1] + 1) * pw + goal[0] + 1
    gx, gy = g % pw, g // pw
    passable = _passable(grid, prep, s, blocked, pass_through)
    limit = math.inf if budget_m is None else budget_m + _EPS
    slant = m * SQRT2 - 2 * m if diagonal else 0.0
    marks: list[tuple[array, float]] = []
    if grid.width * grid.height >= LANDMARK_MIN_TILES and chebyshev(start, goal) >= LANDMARK_MIN_SPAN:
        marks = [(d, d[g]) for d in _landmarks(grid, prep) if d[g] < math.inf]
    best = [math.inf] * len(walk)
    best[s] = 0.0
    came = [0] * len(walk)
    heap: list[tuple[float, float, int]] = [(0.0, -0.0, s)]  # (f, -cost, index)
    pop, push = heapq.heappop, heapq.heappush
    steps = tuple((o, 0, 0, enter) for o in (1, -1, pw, -pw))
    steps += tuple((o, a, b, enter_d) for o, a, b in _diagonals(pw, diagonal))
    while heap:
        _, cost, i = pop(heap)
        cost = -cost
        if i == g:
            path = [i]
            while i != s:
                i = came[i]
                path.append(i)
            return [(k % pw - 1, k // pw - 1) for k in reversed(path)]
        if cost > best[i]:
            continue
        for o, a, b, en in steps:
            j = i + o
            if passable[j] and (not a or (walk[i + a] and walk[i + b])):
                c = cost + en[j]
                if c < best[j] and c <= limit:
                    best[j] = c
                    came[j] = i
                    dy, dx = divmod(j, pw)
                    dx = dx - gx if dx > gx else gx - dx
                    dy = dy - gy if dy > gy else gy - dy
                    est = m * (dx + dy) + slant * (dx if dx < dy else dy)
                    for dist, to_goal in marks:
                        bound = to_goal - dist[j]
                        if bound > est:
                            est = bound
                    push(heap, (c + est, -c, j))
    return None
