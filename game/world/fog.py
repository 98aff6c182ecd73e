"""Fog of war's sight: one field-of-view function for seeing and shooting (issue 17).

In a fogged match the match's topology is a `FogGrid`: every question of sight it answers
(`line_of_sight`, `visible_from`, `hidden_from`, `full_cover_within`) comes from python-tcod's
`compute_fov` with symmetric shadowcasting, one field of view per origin tile, remembered per
grid. Two tiles see each other when each is in the other's field (`FovSight.sees`): exactly
symmetric, so a unit that can be shot can be seen, and the reverse, whatever the shadowcast
makes of corners and sight-blocking tiles a figure stands in. Cover (`cover_between`) stays the
square grid's. With fog off the match keeps `SquareGrid` and nothing here runs.

Why tcod: a side's sight is a field of view from each of its units every time a unit moves;
tcod's C shadowcast is about 25 microseconds on the 120 x 120 open field, against tens of
milliseconds for our Python `visible_from` (docs/rules-notes.md, Fog of war).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

import numpy as np
from tcod import constants as tcod_constants
from tcod.map import compute_fov

from game.maps.grid import GridMap
from game.world import geometry as geo
from game.world.topology import SquareGrid

Tile = tuple[int, int]
FOV_ALGORITHM = tcod_constants.FOV_SYMMETRIC_SHADOWCAST
MASKS_KEPT = 1024  # fields of view remembered per grid at most (120 x 120: 14 kB each)
MASK_CELLS = 16_000_000  # ... and at most this many tiles in all (512 x 512: 61 fields, 16 MB)


class FovSight:
    """A grid's fields of view: `mask(origin)` is a bool array indexed [x, y]."""

    def __init__(self, grid: GridMap) -> None:
        self.grid = grid
        cells = np.frombuffer(grid.blocks_sight_cells, dtype=np.uint8)
        self.transparent = np.ascontiguousarray((cells == 0).reshape(grid.height, grid.width).T)
        self._masks: OrderedDict[Tile, np.ndarray] = OrderedDict()
        self.kept = max(16, min(MASKS_KEPT, MASK_CELLS // max(1, grid.width * grid.height)))

    def mask(self, origin: Tile) -> np.ndarray:
        """Every tile a figure on `origin` sees by the shadowcast (not yet made symmetric)."""
        masks = self._masks
        m = masks.get(origin)
        if m is not None:
            masks.move_to_end(origin)
            return m
        if not self.grid.in_bounds(*origin):
            raise IndexError(f"{origin} is outside the {self.grid.width}x{self.grid.height} map")
        # tcod's answer is a view into its own buffer of three bytes a tile: a copy keeps the
        # field alone (a 512 x 512 map's thousand fields once held 800 MB).
        m = np.ascontiguousarray(compute_fov(self.transparent, origin, radius=0, light_walls=True,
                                             algorithm=FOV_ALGORITHM))
        m.flags.writeable = False
        masks[origin] = m
        if len(masks) > self.kept:
            masks.popitem(last=False)
        return m

    def sees(self, a: Tile, b: Tile) -> bool:
        """Do figures on `a` and `b` see each other? Each in the other's field of view."""
        if a == b:
            return True
        return bool(self.mask(a)[b]) and bool(self.mask(b)[a])


_SIGHTS: dict[int, FovSight] = {}


def fov_sight(grid: GridMap) -> FovSight:
    """The grid's FovSight, made once per grid object."""
    s = _SIGHTS.get(id(grid))
    if s is None or s.grid is not grid:
        if len(_SIGHTS) > 16:
            _SIGHTS.clear()
        s = _SIGHTS[id(grid)] = FovSight(grid)
    return s


class FogGrid(SquareGrid):
    """The square grid with tcod's symmetric field of view as its one sight function."""

    def __init__(self, grid: GridMap) -> None:
        super().__init__(grid)
        self.fov = fov_sight(grid)

    def line_of_sight(self, a: Tile, b: Tile) -> bool:
        return self.fov.sees(a, b)

    def lines_of_sight(self, pairs: Sequence[tuple[Tile, Tile]]) -> list[bool]:
        sees = self.fov.sees
        return [sees(a, b) for a, b in pairs]

    def _fully_covered(self, threat: Tile, tile: Tile) -> bool:
        if threat == tile:
            return False
        return not self.fov.sees(threat, tile) or geo.cover_between(self.grid, threat, tile) == "hard90"

    def hidden_from(self, threats: Sequence[Tile], tile: Tile) -> bool:
        return all(self._fully_covered(t, tile) for t in threats)

    def full_cover_within(self, start: Tile, budget_m: float, threats: Sequence[Tile],
                          blocked: AbstractSet[Tile] = frozenset(),
                          pass_through: AbstractSet[Tile] = frozenset()) -> Tile | None:
        costs = self.reachable(start, budget_m, blocked, pass_through)
        for tile in sorted(costs, key=lambda t: (round(costs[t], 6), t[1], t[0])):
            if all(self._fully_covered(threat, tile) for threat in threats):
                return tile
        return None

    def visible_from(self, origin: Tile, max_range_m: float) -> set[Tile]:
        """The tiles of `origin`'s field of view within `max_range_m` (what an overwatch can
        cover; whoever stands there is still checked with `line_of_sight`)."""
        r = max_range_m / self.grid.metres_per_tile
        xs, ys = np.nonzero(self.fov.mask(origin))
        ox, oy = origin
        near = (xs - ox) ** 2 + (ys - oy) ** 2 <= r * r + 1e-9
        out = set(zip(xs[near].tolist(), ys[near].tolist(), strict=True))
        out.add(origin)
        return out
