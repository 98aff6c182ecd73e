"""Arcs: is a point within an arc of given degrees centred on a line of aim, and the
points inside such an arc nearest first (automatic fire over an area, overwatch, cones)."""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.world.geometry.basics import _EPS, Tile


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
