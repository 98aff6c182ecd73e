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
    return targets_in_arcs(origin, (aim_at,), points, arc_degrees, max_range_tiles)[0]

def targets_in_arcs(
    origin: Tile,
    aims: Iterable[Tile],
    points: Iterable[Tile],
    arc_degrees: float,
    max_range_tiles: float,
) -> list[list[Tile]]:
    """`targets_in_arc` for each of `aims` from the same origin over the same points, each
    point's bearing worked out once for all of them (`_off_bearing` and `in_arc`'s floats)."""
    ox, oy = origin
    limit = max_range_tiles * max_range_tiles + _EPS
    half = arc_degrees / 2.0 + _EPS
    atan2, degrees = math.atan2, math.degrees
    near = []  # (squared distance, bearing, point) of the points in range, the origin left out
    in_range = False
    for p in points:
        dx, dy = p[0] - ox, p[1] - oy
        d2 = dx ** 2 + dy ** 2
        if d2 > limit:
            continue
        in_range = True
        if dx == 0 and dy == 0:
            continue
        near.append((d2, atan2(dy, dx), p))
    out = []
    for aim_at in aims:
        if aim_at == origin and in_range:
            raise ValueError("an arc needs an aim point other than its origin")
        bearing = atan2(aim_at[1] - oy, aim_at[0] - ox)
        found = []
        for d2, angle, p in near:
            off = abs((degrees(angle - bearing) + 180.0) % 360.0 - 180.0)
            if off <= half:
                found.append((d2, off, p))
        found.sort(key=lambda f: (f[0], f[1]))
        out.append([p for _, _, p in found])
    return out
