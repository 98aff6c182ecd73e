"""Build `GridMap`s from ASCII pictures for tests, without Tiled files.

Legend (row strings, top row is y = 0, column is x):

    .  open ground
    #  wall: not walkable, blocks sight
    H  hard90 low wall: not walkable, does not block sight
    h  hard50 crate or sandbags: walkable
    s  soft50 hedge: walkable
    S  soft90 thick hedge: walkable
    ~  water: not walkable, does not block sight
    +  rough ground: walkable, move cost 2
    B  dense bush: walkable, blocks sight, soft90
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence

from game.maps.grid import GridMap
from game.maps.props import cover_code

# char: (walkable, move cost, blocks sight, cover kind)
LEGEND: dict[str, tuple[bool, float, bool, str]] = {
    ".": (True, 1.0, False, "none"),
    "#": (False, 1.0, True, "none"),
    "H": (False, 1.0, False, "hard90"),
    "h": (True, 1.0, False, "hard50"),
    "s": (True, 1.0, False, "soft50"),
    "S": (True, 1.0, False, "soft90"),
    "~": (False, 1.0, False, "none"),
    "+": (True, 2.0, False, "none"),
    "B": (True, 1.0, True, "soft90"),
}


def make_grid(rows: Sequence[str], metres_per_tile: float = 1.0, name: str = "test") -> GridMap:
    """A GridMap from a picture: ``make_grid(["..#", ".h."])``. Rows must be equally long."""
    if not rows or len({len(r) for r in rows}) != 1:
        raise ValueError("rows must be non-empty and equally long")
    walk, cost, sight, cover = bytearray(), [], bytearray(), bytearray()
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch not in LEGEND:
                raise ValueError(f"unknown tile {ch!r} at ({x}, {y})")
            w, c, b, k = LEGEND[ch]
            walk.append(int(w))
            cost.append(c)
            sight.append(int(b))
            cover.append(cover_code(k))
    return GridMap(
        name=name,
        path=f"<{name}>",
        width=len(rows[0]),
        height=len(rows),
        tile_width=32,
        tile_height=32,
        metres_per_tile=metres_per_tile,
        max_rounds=20,
        briefing="",
        properties={},
        walkable_cells=bytes(walk),
        move_cost_cells=tuple(cost),
        blocks_sight_cells=bytes(sight),
        cover_cells=bytes(cover),
    )


def random_rows(width: int, height: int, seed: int, walls: float = 0.2) -> list[str]:
    """A random picture: `walls` of the tiles are '#', a few are cover or rough, the rest open."""
    rng = random.Random(seed)
    rows = []
    for _ in range(height):
        row = []
        for _ in range(width):
            r = rng.random()
            if r < walls:
                row.append("#")
            elif r < walls + 0.05:
                row.append(rng.choice("hsSH+~"))
            else:
                row.append(".")
        rows.append("".join(row))
    return rows


def random_grid(width: int, height: int, seed: int, walls: float = 0.2) -> GridMap:
    """`make_grid(random_rows(...))`."""
    return make_grid(random_rows(width, height, seed, walls), name=f"random{seed}")


@contextlib.contextmanager
def python_search():
    """CostsTo searching in Python, tile by tile (the field's reference), within the block."""
    from game.world.geometry import paths

    before, paths.FIELD_MIN_TILES = paths.FIELD_MIN_TILES, 10**12
    try:
        yield
    finally:
        paths.FIELD_MIN_TILES = before
