"""Per-grid tables built once and held weakly: the grid padded with an unwalkable border
(searches need no bounds checks), entry costs, prefix sums of sight blockers (clear boxes),
landmark distances for long path searches, and the remembered sight and cover answers."""

from __future__ import annotations

import weakref
from array import array
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from game.maps.grid import GridMap
from game.world.geometry.basics import SQRT2, Tile


@dataclass(slots=True)
class _Walks:
    """`reachable`'s searches remembered (reach.py), by (start, budget, diagonal): every tile
    settled, in order, with its cost, no enemy in the way; and how many tiles they hold."""

    found: dict[tuple[Tile, float, bool], dict[Tile, float]] = field(default_factory=dict)
    tiles: int = 0


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
    # The walking-distance field's tables (geometry/field.py), by (diagonal, forward), built on first use.
    fields: dict[tuple[bool, bool], Any] = field(default_factory=dict)
    # `reachable`'s steps out of each tile by diagonal rule (True, False), each worked out on
    # its first visits (a count of them, then the list), and each padded index's tile, made as asked.
    out_steps: dict[bool, list[Any]] = field(default_factory=dict)
    tile_at: list[Tile | None] = field(default_factory=list)
    walks: _Walks = field(default_factory=_Walks)
    # The sight blockers as a padded NumPy array for the lines of sight worked out together
    # (sight_batch.py), made on first use.
    arrays: dict[str, Any] = field(default_factory=dict)
    # Tiles whose eight neighbours hold no cover and block no sight (cover_between), as asked.
    bare_rings: dict[Tile, bool] = field(default_factory=dict)

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
    def forget(_ref: weakref.ref[GridMap], key: int = key) -> None:
        _PREPARED.pop(key, None)

    _PREPARED[key] = (weakref.ref(grid, forget), prep)
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

MEMO_MAX = 100_000  # answers kept per grid before the memo starts afresh

def forget_answers(grid: GridMap) -> None:
    """Forget the remembered line_of_sight and cover_between answers, walking-distance fields
    (geometry/field.py `remembered`) and reachable searches (reach.py) for `grid`
    (benchmarks measure them cold)."""
    prep = _prepared(grid)
    prep.cover_memo.clear()
    prep.sight_memo.clear()
    prep.walks.found.clear()
    prep.walks.tiles = 0
    for tables in prep.fields.values():
        tables.memo.clear()
