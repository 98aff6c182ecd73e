"""Grid geometry: distance, movement, line of sight, cover, arcs and surroundings.

Pure Python over a `GridMap`'s flat per-tile arrays (index ``y * width + x``); no pygame, no
esper. Tiles are ``(x, y)`` tuples. Distances are between tile centres, in metres
(``metres_per_tile``). The world asks these questions; the rules core gets plain numbers and
cover kinds back, never tiles. Per-grid tables (a padded walk/cost layout, prefix sums of
sight blockers) are built on first use and cached by grid identity, held weakly: a GridMap
is frozen, so they never go stale.

Readings of the Yags text that live here (see docs/rules-notes.md):

- Movement is octile: an orthogonal step costs the entered tile's move cost x metres per
  tile, a diagonal step that x sqrt(2); no corner cutting past an unwalkable tile.
- Sight is symmetric: the tiles a line crosses are a geometric fact, the same from both ends.
- Cover counts only near the target (its tile and the ring round it), best kind only.
- Reach is limited by blocking neighbours: 3-4 allow reach 2, 5 or more reach 1.
"""

from __future__ import annotations

import heapq
import math
import weakref
from array import array
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from itertools import pairwise

from game.maps.grid import GridMap
from game.maps.props import COVER_KINDS, cover_name

Tile = tuple[int, int]

SQRT2 = math.sqrt(2.0)
_EPS = 1e-9
_HARD50 = 1 + COVER_KINDS.index("hard50")
_HARD90 = 1 + COVER_KINDS.index("hard90")
_NONE: frozenset[Tile] = frozenset()

NEIGHBOUR_OFFSETS: tuple[Tile, ...] = (
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
)
"""The 8 neighbour offsets, row by row (north-west first)."""


# --- distances and neighbours --------------------------------------------------------------


def distance_m(grid: GridMap, a: Tile, b: Tile) -> float:
    """Euclidean distance between the centres of tiles `a` and `b`, in metres.

    This is the distance the range bands of yags-combat.md (Missile Weapons) are read from.
    """
    return math.hypot(b[0] - a[0], b[1] - a[1]) * grid.metres_per_tile


def chebyshev(a: Tile, b: Tile) -> int:
    """King-move distance in tiles: 1 for every one of the 8 neighbours (melee reach)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def neighbours8(grid: GridMap, pos: Tile) -> list[Tile]:
    """The in-bounds tiles among the 8 neighbours of `pos`, in `NEIGHBOUR_OFFSETS` order."""
    x, y = pos
    w, h = grid.width, grid.height
    return [(x + dx, y + dy) for dx, dy in NEIGHBOUR_OFFSETS if 0 <= x + dx < w and 0 <= y + dy < h]


def walls_adjacent(grid: GridMap, pos: Tile) -> int:
    """How many of the 8 neighbours of `pos` block movement (are not walkable).

    Tiles off the map do not count: a map's edge is where the drawing stops, not a wall.
    Used for "too long weapons in confined spaces" (see `room_reach`).
    """
    cells, w = grid.walkable_cells, grid.width
    return sum(1 for x, y in neighbours8(grid, pos) if not cells[y * w + x])


def room_reach(grid: GridMap, pos: Tile) -> int | None:
    """The longest weapon reach the surroundings of `pos` allow, or None in the open.

    yags-combat.md, Reach: "Long weapons are best in open spaces ... In a narrow corridor,
    they can actually be a hindrance", and "A weapon that is too long for the situation ...
    gives a -5 to attack rolls for each excess level of reach". The text gives no measure of
    "too long"; our reading counts the neighbours that block movement (`walls_adjacent`):
    fewer than 3 is the open (None, no limit); 3-4 is a corridor two tiles wide, a doorway in
    a thick wall or a corner (reach 2); 5 or more is a one-tile corridor or a dead end
    (reach 1).
    """
    walls = walls_adjacent(grid, pos)
    if walls < 3:
        return None
    return 2 if walls <= 4 else 1


# --- movement ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Prepared:
    """A grid padded with a one-tile unwalkable border, so searches need no bounds checks."""

    pw: int  # padded width
    walk: bytes  # 1 walkable
    enter: tuple[float, ...]  # metres to enter orthogonally
    enter_diag: tuple[float, ...]  # metres to enter diagonally
    min_step: float  # cheapest orthogonal entry, for an admissible A* heuristic
    sight_sum: tuple[int, ...]  # (w+1) x (h+1) prefix sums of blocks_sight, for clear boxes
    # Distances from the landmarks (path_to's long searches), built on the first one.
    landmarks: list[array] = field(default_factory=list)
    # Answers of cover_between and line_of_sight already worked out (the grid never changes).
    cover_memo: dict[tuple[Tile, Tile], str | None] = field(default_factory=dict)
    sight_memo: dict[tuple[Tile, Tile], bool] = field(default_factory=dict)

    def clear_box(self, w: int, x0: int, y0: int, x1: int, y1: int) -> bool:
        """No sight-blocking tile in columns x0..x1, rows y0..y1 (in any order)."""
        if x0 > x1:
            x0, x1 = x1, x0
        if y0 > y1:
            y0, y1 = y1, y0
        s, sw = self.sight_sum, w + 1
        top, bottom = y0 * sw, (y1 + 1) * sw
        return s[bottom + x1 + 1] - s[top + x1 + 1] - s[bottom + x0] + s[top + x0] == 0


_PREPARED: dict[int, tuple[weakref.ref[GridMap], _Prepared]] = {}


def _prepared(grid: GridMap) -> _Prepared:
    key = id(grid)
    hit = _PREPARED.get(key)
    if hit is not None and hit[0]() is grid:
        return hit[1]
    w, h, mpt = grid.width, grid.height, grid.metres_per_tile
    pw = w + 2
    walk = bytearray(pw * (h + 2))
    enter = [0.0] * len(walk)
    src_walk, src_cost = grid.walkable_cells, grid.move_cost_cells
    for y in range(h):
        row, dst = y * w, (y + 1) * pw + 1
        walk[dst : dst + w] = bytes(1 if v else 0 for v in src_walk[row : row + w])
        enter[dst : dst + w] = [c * mpt for c in src_cost[row : row + w]]
    costs = [c for c, ok in zip(enter, walk, strict=True) if ok]
    sight, sw = grid.blocks_sight_cells, w + 1
    sums = [0] * (sw * (h + 1))
    for y in range(h):
        run, row, above, here = 0, y * w, y * sw, (y + 1) * sw
        for x in range(w):
            run += 1 if sight[row + x] else 0
            sums[here + x + 1] = sums[above + x + 1] + run
    prep = _Prepared(
        pw=pw,
        walk=bytes(walk),
        enter=tuple(enter),
        enter_diag=tuple(c * SQRT2 for c in enter),
        min_step=min(costs) if costs else mpt,
        sight_sum=tuple(sums),
    )
    _PREPARED[key] = (weakref.ref(grid, lambda _r, key=key: _PREPARED.pop(key, None)), prep)
    return prep


def _check_tile(grid: GridMap, tile: Tile) -> None:
    if not grid.in_bounds(tile[0], tile[1]):
        raise IndexError(f"{tile} is outside the {grid.width}x{grid.height} map")


def _padded(grid: GridMap, pw: int, tiles: AbstractSet[Tile]) -> list[int]:
    """Padded indices of the on-map tiles among `tiles`."""
    w, h = grid.width, grid.height
    return [(y + 1) * pw + x + 1 for x, y in tiles if 0 <= x < w and 0 <= y < h]


def _passable(
    grid: GridMap,
    prep: _Prepared,
    start: int,
    blocked: AbstractSet[Tile],
    pass_through: AbstractSet[Tile],
) -> bytearray:
    """The walkable cells minus the occupied ones that may not be crossed (a 10 kB copy)."""
    passable = bytearray(prep.walk)
    if blocked:
        for j in _padded(grid, prep.pw, blocked - pass_through if pass_through else blocked):
            passable[j] = 0
        passable[start] = prep.walk[start]
    return passable


def _diagonals(pw: int, diagonal: bool) -> tuple[tuple[int, int, int], ...]:
    """(offset, first orthogonal, second orthogonal) for each diagonal step."""
    if not diagonal:
        return ()
    return ((pw + 1, 1, pw), (pw - 1, -1, pw), (1 - pw, 1, -pw), (-1 - pw, -1, -pw))


def reachable(
    grid: GridMap,
    start: Tile,
    budget_m: float,
    *,
    blocked: AbstractSet[Tile] = _NONE,
    pass_through: AbstractSet[Tile] = _NONE,
    diagonal: bool = True,
) -> dict[Tile, float]:
    """Every tile a figure at `start` can end its move on within `budget_m` metres, with the
    cheapest cost in metres (Dijkstra). `start` is always included, at 0.

    Costs are octile: entering a tile costs its move cost x metres_per_tile for an
    orthogonal step and that x sqrt(2) for a diagonal one, so an average Yags person's 6 m
    free combat move (yags-combat.md, Movement) reaches 6 tiles straight or 4 diagonally
    (5.66 m) at 1 m per tile. A diagonal step may not cut a corner: both orthogonal
    neighbours it passes must be walkable.

    `blocked` tiles (other figures) cannot be entered, unless they are also in
    `pass_through` (friends), which may be crossed but not stopped on.
    """
    _check_tile(grid, start)
    prep = _prepared(grid)
    pw, walk, enter, enter_d = prep.pw, prep.walk, prep.enter, prep.enter_diag
    s = (start[1] + 1) * pw + start[0] + 1
    passable = _passable(grid, prep, s, blocked, pass_through)
    limit = budget_m + _EPS
    inf = math.inf
    dist = [inf] * len(walk)
    dist[s] = 0.0
    settled = []
    heap = [(0.0, s)]
    pop, push, keep = heapq.heappop, heapq.heappush, settled.append
    orth = (1, -1, pw, -pw)
    diag = _diagonals(pw, diagonal)
    while heap:
        cost, i = pop(heap)
        if cost > dist[i]:
            continue
        keep(i)
        for o in orth:
            j = i + o
            if passable[j]:
                c = cost + enter[j]
                if c < dist[j] and c <= limit:
                    dist[j] = c
                    push(heap, (c, j))
        for o, a, b in diag:
            j = i + o
            if passable[j] and walk[i + a] and walk[i + b]:
                c = cost + enter_d[j]
                if c < dist[j] and c <= limit:
                    dist[j] = c
                    push(heap, (c, j))
    no_stop = set(_padded(grid, pw, blocked)) | set(_padded(grid, pw, pass_through))
    no_stop.discard(s)
    return {(i % pw - 1, i // pw - 1): dist[i] for i in settled if i not in no_stop}


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
        self._dist = [math.inf] * len(prep.walk)
        self._settled = bytearray(len(prep.walk))
        self._diag = _diagonals(prep.pw, diagonal)
        self._heap: list[tuple[float, int]] = []
        for x, y in goals:
            if grid.in_bounds(x, y) and grid.walkable(x, y):
                i = (y + 1) * prep.pw + x + 1
                self._dist[i] = 0.0
                self._heap.append((0.0, i))
        heapq.heapify(self._heap)

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

    def get(self, tile: Tile, default: float | None = None) -> float | None:
        i = self._index(tile)
        if i is None or not self._prep.walk[i]:
            return default
        if not self._settled[i]:
            self._settle_until(i)
        return self._dist[i] if self._settled[i] else default

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
    open_tiles = [(x, y) for y in range(h) for x in range(w) if grid.walkable(x, y)]
    anchors = ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1),
               (w // 2, 0), (w // 2, h - 1), (0, h // 2), (w - 1, h // 2))
    seen: set[Tile] = set()
    for ax, ay in anchors:
        if not open_tiles:
            break
        lm = min(open_tiles, key=lambda t: ((t[0] - ax) ** 2 + (t[1] - ay) ** 2, t[1], t[0]))
        if lm in seen:
            continue
        seen.add(lm)
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


def check_path(grid: GridMap, path: Sequence[Tile]) -> str | None:
    """The first reason `path` is not a legal walk (jump, unwalkable tile, cut corner)."""
    for a, b in pairwise(path):
        problem = step_problem(grid, tuple(a), tuple(b))  # type: ignore[arg-type]
        if problem:
            return problem
    return None


def path_cost_m(grid: GridMap, path: Sequence[Tile]) -> float:
    """Metres to walk `path` (its first tile is where the walker stands), with the costs of
    `reachable`; ``math.inf`` if any step is illegal (see `check_path` for the reason)."""
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


# --- sight -----------------------------------------------------------------------------------


def _walk(a: Tile, b: Tile) -> Iterable[tuple[int, int, int, int, bool]]:
    """Step along the segment between the centres of `a` and `b`: yields (x, y, px, py,
    corner) for each tile entered after `a`, where corner means the segment entered it
    through a lattice corner, grazing the side tiles (x, py) and (px, y); (px, py) is the
    tile it came from.

    Integer arithmetic: the segment crosses the vertical boundary ix+1/2 at
    t = (2ix+1)/(2nx) and the horizontal one at t = (2iy+1)/(2ny); compare the two
    cross-multiplied. Ties are exact corner crossings. The tile set is a property of the
    segment, so it is the same walked from either end.
    """
    x, y = a
    bx, by = b
    nx, ny = abs(bx - x), abs(by - y)
    sx = 1 if bx > x else -1
    sy = 1 if by > y else -1
    ta, tb = ny, nx  # (2ix+1)*ny and (2iy+1)*nx
    for _ in range(nx + ny):
        if x == bx and y == by:
            return
        px, py = x, y
        if ta < tb:
            x += sx
            ta += 2 * ny
            yield x, y, px, py, False
        elif ta > tb:
            y += sy
            tb += 2 * nx
            yield x, y, px, py, False
        else:
            x += sx
            y += sy
            ta += 2 * ny
            tb += 2 * nx
            yield x, y, px, py, True


def line_tiles(a: Tile, b: Tile) -> list[Tile]:
    """The tiles whose interior the segment between the centres of `a` and `b` crosses,
    from `a` to `b` (both included).

    A supercover without its corner touches: where the segment passes exactly through a
    lattice corner it goes diagonally, and the two tiles it grazes there are not listed
    (`line_of_sight` still checks them). ``line_tiles(b, a)`` is this list reversed, so
    sight is symmetric: if A sees B then B sees A.
    """
    return [a] + [(x, y) for x, y, _, _, _ in _walk(a, b)]


def line_of_sight(grid: GridMap, a: Tile, b: Tile) -> bool:
    """Can a figure on `a` see one on `b`? Blocked if any tile strictly between them (on
    `line_tiles`) blocks sight, or if the line squeezes through a corner between two
    sight-blocking tiles. The end tiles never block. Symmetric in `a` and `b`. (Remembered
    per grid.)
    """
    prep = _prepared(grid)
    key = (a, b)
    memo = prep.sight_memo
    if key in memo:
        return memo[key]
    _check_tile(grid, a)
    _check_tile(grid, b)
    if len(memo) >= MEMO_MAX:
        memo.clear()
    found = memo[key] = a == b or prep.clear_box(grid.width, a[0], a[1], b[0], b[1]) or _line_clear(grid, a, b)
    return found


def _line_clear(grid: GridMap, a: Tile, b: Tile) -> bool:
    """line_of_sight past its quick answers: walk the line."""
    w, cells = grid.width, grid.blocks_sight_cells
    ax, ay = a
    bx, by = b
    nx, ny = abs(bx - ax), abs(by - ay)
    sx = 1 if bx > ax else -1
    sy = w if by > ay else -w
    i, end = ay * w + ax, by * w + bx
    ta, tb, dx2, dy2 = ny, nx, 2 * ny, 2 * nx
    while True:
        if ta < tb:
            i += sx
            ta += dx2
        elif ta > tb:
            i += sy
            tb += dy2
        else:
            if cells[i + sx] and cells[i + sy]:
                return False
            i += sx + sy
            ta += dx2
            tb += dy2
        if i == end:
            return True
        if cells[i]:
            return False


def visible_from(grid: GridMap, origin: Tile, max_range_m: float) -> set[Tile]:
    """Every tile within `max_range_m` (centre to centre) that a figure on `origin` can see:
    exactly the tiles `t` in range with ``line_of_sight(grid, origin, t)``, origin included.

    One walk per primitive direction (dx, dy with gcd 1): the segment to k*(dx, dy) is a
    prefix of the one to (k+1)*(dx, dy), so each ray is walked once, until it is blocked.
    """
    _check_tile(grid, origin)
    w, h, cells = grid.width, grid.height, grid.blocks_sight_cells
    ox, oy = origin
    r = max_range_m / grid.metres_per_tile
    r2 = r * r + _EPS
    reach = int(r + _EPS)
    seen = {origin}
    add = seen.add
    o = oy * w + ox
    gcd = math.gcd
    clear_box = _prepared(grid).clear_box
    for px in range(max(-reach, -ox), min(reach, w - 1 - ox) + 1):
        for py in range(max(-reach, -oy), min(reach, h - 1 - oy) + 1):
            d2 = px * px + py * py
            if d2 > r2 or gcd(px, py) != 1:
                continue
            k = math.isqrt(int(r2 / d2))
            while (k + 1) * (k + 1) * d2 <= r2:
                k += 1
            if px > 0:
                k = min(k, (w - 1 - ox) // px)
            elif px < 0:
                k = min(k, ox // -px)
            if py > 0:
                k = min(k, (h - 1 - oy) // py)
            elif py < 0:
                k = min(k, oy // -py)
            if clear_box(w, ox, oy, ox + k * px, oy + k * py):
                for m in range(1, k + 1):
                    add((ox + m * px, oy + m * py))
                continue
            # walk the ray o -> o + k*(px, py), noting each multiple until it is blocked
            nx, ny = abs(px), abs(py)
            sx = 1 if px > 0 else -1
            sy = w if py > 0 else -w
            step = py * w + px
            nxt, m = o + step, 1
            i, ta, tb, dx2, dy2 = o, ny, nx, 2 * ny, 2 * nx
            while True:
                if ta < tb:
                    i += sx
                    ta += dx2
                elif ta > tb:
                    i += sy
                    tb += dy2
                else:
                    if cells[i + sx] and cells[i + sy]:
                        break
                    i += sx + sy
                    ta += dx2
                    tb += dy2
                if i == nxt:
                    add((ox + m * px, oy + m * py))
                    if m == k:
                        break
                    m += 1
                    nxt += step
                if cells[i]:
                    break
    return seen


# --- cover -----------------------------------------------------------------------------------


MEMO_MAX = 100_000  # answers kept per grid before the memo starts afresh


def forget_answers(grid: GridMap) -> None:
    """Forget the remembered line_of_sight and cover_between answers for `grid` (benchmarks
    measure them cold)."""
    prep = _prepared(grid)
    prep.cover_memo.clear()
    prep.sight_memo.clear()


def cover_between(grid: GridMap, shooter: Tile, target: Tile) -> str | None:
    """The best cover kind protecting `target` from `shooter`, or None (see `_cover_between`;
    remembered per grid)."""
    memo = _prepared(grid).cover_memo
    key = (shooter, target)
    if key in memo:
        return memo[key]
    if len(memo) >= MEMO_MAX:
        memo.clear()
    found = memo[key] = _cover_between(grid, shooter, target)
    return found


def _cover_between(grid: GridMap, shooter: Tile, target: Tile) -> str | None:
    """The best cover kind protecting `target` from `shooter`, or None.

    yags-combat.md, Shooting from Cover: soft50 +5, soft90 +10, hard50 +10, hard90 +20;
    "Types of cover do not stack - take whichever is the best" (hard50 ranks above soft90:
    same bonus, and hard cover stops attacks). The rules core turns kinds into bonuses.

    Our reading of "behind cover": only cover near the target counts, i.e. the target's own
    tile and the tiles of `line_tiles` within 1 tile (Chebyshev) of it, but not the
    shooter's own tile nor tiles adjacent to the shooter (the shooter's own cover does not
    hide the target); so a shooter adjacent to (or two tiles from) the target sees only
    cover on the target's own tile. A tile the line grazes at a corner counts too, and a
    grazed sight-blocking tile (the edge of a wall the target stands by) gives hard50.
    A sight-blocking tile crossed by the line is not cover but no line of sight: call
    `line_of_sight` first; this function does not.
    """
    if shooter == target:
        return None
    w, cover, sight = grid.width, grid.cover_cells, grid.blocks_sight_cells
    tx, ty = target
    best = cover[ty * w + tx]
    if chebyshev(shooter, target) > 1:
        sx, sy = shooter

        def near(x: int, y: int) -> bool:
            return max(abs(x - tx), abs(y - ty)) <= 1 and max(abs(x - sx), abs(y - sy)) > 1

        # Walk out from the target (the same tiles as from the shooter): distance from the
        # target never shrinks along the line, so stop at the first tile 2 away.
        for x, y, px, py, corner in _walk(target, shooter):
            if corner:
                for gx, gy in ((x, py), (px, y)):
                    if near(gx, gy):
                        k = gy * w + gx
                        best = max(best, _HARD50 if sight[k] else cover[k])
            if not near(x, y):
                break
            if not sight[y * w + x]:
                best = max(best, cover[y * w + x])
    return cover_name(best)


def _fully_covered(grid: GridMap, threat: Tile, tile: Tile) -> bool:
    if threat == tile:
        return False
    return not line_of_sight(grid, threat, tile) or cover_between(grid, threat, tile) == "hard90"


def hidden_from(grid: GridMap, threats: Sequence[Tile], tile: Tile) -> bool:
    """Is a figure on `tile` in full cover from every threat: no line of sight, or hard90
    cover near it between them (the test `full_cover_within` applies to each tile)?"""
    return all(_fully_covered(grid, threat, tile) for threat in threats)


def full_cover_within(
    grid: GridMap,
    pos: Tile,
    radius_m: float,
    threats: Sequence[Tile],
    *,
    blocked: AbstractSet[Tile] = _NONE,
    pass_through: AbstractSet[Tile] = _NONE,
) -> Tile | None:
    """The nearest tile (by movement cost, within `radius_m`) hidden from every threat: no
    threat has line of sight to it, or hard90 cover near it stands between it and that
    threat. `pos` itself if it already is; None if no such tile is in reach.

    yags-combat.md, Full Dodge: "there must be some full cover within your base move
    distance". Ties go to the lower row, then column, for repeatable play.
    """
    costs = reachable(grid, pos, radius_m, blocked=blocked, pass_through=pass_through)
    for tile in sorted(costs, key=lambda t: (round(costs[t], 6), t[1], t[0])):
        if all(_fully_covered(grid, threat, tile) for threat in threats):
            return tile
    return None


# --- arcs ------------------------------------------------------------------------------------


def _off_bearing(origin: Tile, aim_at: Tile, point: Tile) -> float:
    """Degrees between the bearing origin->aim_at and origin->point, 0..180."""
    bearing = math.atan2(aim_at[1] - origin[1], aim_at[0] - origin[0])
    other = math.atan2(point[1] - origin[1], point[0] - origin[0])
    return abs((math.degrees(other - bearing) + 180.0) % 360.0 - 180.0)


def in_arc(origin: Tile, aim_at: Tile, point: Tile, arc_degrees: float) -> bool:
    """Is `point` within `arc_degrees` / 2 of the bearing from `origin` to `aim_at`?

    yags-combat.md: a 30 degree arc for area fire, 60 for suppressive fire, 45 for a shooting
    overwatch. The edges are inside. `origin` itself is in no arc.
    """
    if aim_at == origin:
        raise ValueError("an arc needs an aim point other than its origin")
    if point == origin:
        return False
    return _off_bearing(origin, aim_at, point) <= arc_degrees / 2.0 + _EPS


def targets_in_arc(
    origin: Tile,
    aim_at: Tile,
    points: Iterable[Tile],
    arc_degrees: float,
    max_range_tiles: float,
) -> list[Tile]:
    """The `points` inside the arc and within `max_range_tiles` (centre to centre), nearest
    first (then closest to the line of aim, then given order): the order automatic fire
    over an arc works through its targets ("biased towards the nearest")."""
    ox, oy = origin
    limit = max_range_tiles * max_range_tiles + _EPS
    found = []
    for p in points:
        d2 = (p[0] - ox) ** 2 + (p[1] - oy) ** 2
        if d2 <= limit and in_arc(origin, aim_at, p, arc_degrees):
            found.append((d2, _off_bearing(origin, aim_at, p), p))
    found.sort(key=lambda f: (f[0], f[1]))
    return [p for _, _, p in found]
