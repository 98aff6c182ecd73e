"""Routes on a map (issue 30): polylines of class ``route`` in any object layer, by name, in
tile coordinates. A tactic (game/tactics/) sends a group of units along one."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NoReturn

import pytmx

from game.maps.grid import Route
from game.maps.objects import object_kind, object_label

ROUTE_CLASS = "route"


def read_routes(groups: list[pytmx.TiledObjectGroup], *, width: int, height: int, tile_width: int,
                tile_height: int, walkable: Callable[[int, int], bool],
                fail: Callable[[str, str], NoReturn]) -> tuple[Route, ...]:
    """Every object of class ``route``: a polyline (or a single point) with a name, whose
    points lie on the map; the last one on a walkable tile (where the group ends up)."""
    routes: dict[str, Route] = {}
    for group in groups:
        for obj in group:
            if object_kind(obj) != ROUTE_CLASS:
                continue
            where = object_label(group, obj)
            name = (obj.name or "").strip()
            if not name:
                fail(where, "a route needs a name (tactics name routes)")
            if name in routes:
                fail(where, f"a second route named {name!r}")
            raw = vars(obj).get("points") or ((obj.x, obj.y),)
            tiles: list[tuple[int, int]] = []
            for px, py in ((p[0], p[1]) for p in raw):
                t = (math.floor(px / tile_width), math.floor(py / tile_height))
                if not (0 <= t[0] < width and 0 <= t[1] < height):
                    fail(where, f"route point at pixels ({px:g}, {py:g}) lies outside the map")
                if not tiles or tiles[-1] != t:
                    tiles.append(t)
            if not walkable(*tiles[-1]):
                fail(where, f"route {name!r} ends on tile {tiles[-1]}, which blocks movement")
            routes[name] = Route(name, tuple(tiles))
    return tuple(routes.values())
