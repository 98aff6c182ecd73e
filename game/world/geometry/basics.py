"""Grid geometry basics: tiles, distances between their centres, neighbours, and how
much room the surroundings leave a long weapon (yags-combat.md, Reach)."""

from __future__ import annotations

import math

from game.maps.grid import GridMap
from game.maps.props import COVER_KINDS

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
