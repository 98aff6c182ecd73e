"""Objectives on a map: zones of class ``objective`` on an object layer (issue 30).

Each zone is a rectangle or a polygon with the properties ``kind`` (hold, reach, exit,
protect), ``team`` (whose objective it is), and as the kind needs ``rounds`` (hold: how many
consecutive rounds), ``count`` (reach, exit: how many units) and ``unit`` (protect: the unit
that must not fall; exit: the unit that must leave). The object's name is shown to players.
The world judges them at the end of each round (game/world/objectives.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

import pytmx

from game.maps.grid import TEAMS, UnitSpawn

OBJECTIVE_CLASS = "objective"
ROUTE_CLASS = "route"
DEPLOYMENT_CLASS = "deployment"
KINDS: tuple[str, ...] = ("hold", "reach", "exit", "protect")
AT_TIME: tuple[str, ...] = ("draw", "blue", "red")
"""The map property ``at_time``: who wins when the rounds run out (draw by default)."""
OBJECTIVES_NEEDED: tuple[str, ...] = ("any", "all")
"""The map property ``objectives``: does a side win by any one of its objectives (default)
or only by all of them?"""
MAX_OBJECTIVE_ROUNDS = 1000
MAX_OBJECTIVE_COUNT = 100

Fail = Callable[[str, str], NoReturn]
Tile = tuple[int, int]


@dataclass(frozen=True)
class Objective:
    """One objective: whose, what kind, its zone's walkable tiles, and what the kind needs."""

    name: str
    kind: str
    team: str
    tiles: tuple[Tile, ...]
    """The zone's walkable tiles, row by row (a protect's zone is only drawn)."""
    rounds: int = 1
    count: int = 1
    unit: str | None = None

    def describe(self) -> str:
        """One line for check-map and the panel: what the side must do."""
        zone = f"{len(self.tiles)} tile{'s' if len(self.tiles) != 1 else ''}"
        if self.kind == "hold":
            what = f"hold the zone ({zone}) for {self.rounds} round{'s' if self.rounds != 1 else ''}"
        elif self.kind == "reach":
            what = f"{self.count} unit{'s' if self.count != 1 else ''} in the zone ({zone}) at a round's end"
        elif self.kind == "exit":
            who = f"{self.unit} " if self.unit else ""
            what = (f"{who}leave by the zone ({zone})" if self.unit and self.count <= 1 else
                    f"{self.count} unit{'s' if self.count != 1 else ''} leave by the zone ({zone})"
                    + (f", {self.unit} among them" if self.unit else ""))
        else:
            what = f"{self.unit} must not fall"
        return f"{self.team} {self.kind} '{self.name}': {what}"


def read_objectives(
    groups: Sequence[tuple[pytmx.TiledObjectGroup, pytmx.TiledObject, str]], *, width: int, height: int,
    tile_width: int, tile_height: int, walkable: Callable[[int, int], bool], fail: Fail,
    units: Sequence[UnitSpawn], defaults: dict[str, Any] | None = None,
) -> list[Objective]:
    """The objectives among ``groups`` (each object with its layer and its label), checked:
    a known kind and team, a zone on the map with a walkable tile, a ``count`` no more than
    the side's units the map places (when it places any), a ``unit`` the map places for that
    side, a ``unit`` for every protect."""
    out: list[Objective] = []
    names_of = {team: [u.name for u in units if u.team == team] for team in TEAMS}
    for _group, obj, where in groups:
        props = {**(defaults or {}), **obj.properties}
        kind = _choice(props.get("kind"), KINDS, f"{where} property 'kind'", "kind", fail)
        team = _choice(props.get("team"), TEAMS, f"{where} property 'team'", "team", fail)
        rounds = _whole(props.get("rounds"), 1, MAX_OBJECTIVE_ROUNDS, f"{where} property 'rounds'", fail)
        count = _whole(props.get("count"), 1, MAX_OBJECTIVE_COUNT, f"{where} property 'count'", fail)
        unit = str(props.get("unit") or "").strip() or None
        tiles = tuple(t for t in zone_tiles(obj, width=width, height=height, tile_width=tile_width,
                                            tile_height=tile_height, where=where, fail=fail) if walkable(*t))
        if not tiles and kind != "protect":
            fail(where, "the zone has no walkable tile (a unit could never stand in it)")
        placed = names_of[team]
        if kind == "protect" and unit is None:
            fail(f"{where} property 'unit'", "a protect objective names the unit that must not fall")
        if unit is not None and unit not in placed:
            fail(f"{where} property 'unit'", f"{unit!r} is not a {team} unit on the map"
                 + (f" (the map places {', '.join(repr(n) for n in placed if n)})" if any(placed) else
                    f" (the map places no named {team} units)"))
        if kind in ("reach", "exit") and placed and count > len(placed):
            fail(f"{where} property 'count'", f"{count} is more than the {len(placed)} {team} units the map places")
        out.append(Objective(obj.name or f"{kind} {obj.id}", kind, team, tiles, rounds, count, unit))
    return out


def zone_tiles(obj: pytmx.TiledObject, *, width: int, height: int, tile_width: int, tile_height: int,
               where: str, fail: Fail) -> list[Tile]:
    """The map tiles whose centres lie inside a rectangle or polygon object (at least the
    tile under a small rectangle's centre); refused if it is a point or a polyline, or lies
    off the map."""
    points = vars(obj).get("points")
    if points and not getattr(obj, "closed", True):
        fail(where, "a zone is a rectangle or a polygon, not a polyline")
    if not points and not (obj.width and obj.height):
        fail(where, "a zone is a rectangle or a polygon, not a point")
    if points:
        poly = [(float(p[0]) / tile_width, float(p[1]) / tile_height) for p in points]
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        x0, x1 = max(0, math.floor(min(xs))), min(width, math.ceil(max(xs)))
        y0, y1 = max(0, math.floor(min(ys))), min(height, math.ceil(max(ys)))
        tiles = [(x, y) for y in range(y0, y1) for x in range(x0, x1) if _inside(poly, x + 0.5, y + 0.5)]
    else:
        left, top = obj.x / tile_width, obj.y / tile_height
        right, bottom = (obj.x + obj.width) / tile_width, (obj.y + obj.height) / tile_height
        cx0, cx1 = math.ceil(left - 0.5), math.ceil(right - 0.5)
        cy0, cy1 = math.ceil(top - 0.5), math.ceil(bottom - 0.5)
        if cx1 <= cx0:
            cx0 = math.floor((left + right) / 2)
            cx1 = cx0 + 1
        if cy1 <= cy0:
            cy0 = math.floor((top + bottom) / 2)
            cy1 = cy0 + 1
        tiles = [(x, y) for y in range(max(cy0, 0), min(cy1, height)) for x in range(max(cx0, 0), min(cx1, width))]
    if not tiles:
        fail(where, f"the zone at pixels ({obj.x:g}, {obj.y:g}) lies off the {width}x{height} map")
    return tiles


def _inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    """Is (x, y) inside the polygon (even-odd rule)?"""
    inside = False
    j = len(poly) - 1
    for i, (xi, yi) in enumerate(poly):
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _choice(value: Any, choices: tuple[str, ...], where: str, what: str, fail: Fail) -> str:
    if value is None or not str(value).strip():
        fail(where, f"missing (one of {', '.join(choices)})")
    word = str(value).strip().lower()
    if word not in choices:
        fail(where, f"{value!r} is not a {what} (one of {', '.join(choices)})")
    return word


def _whole(value: Any, low: int, high: int, where: str, fail: Fail) -> int:
    if value is None or (isinstance(value, str) and not value.strip()):
        return low
    if isinstance(value, bool):
        fail(where, f"{value!r} is not a whole number")
    try:
        number = int(str(value).strip()) if not isinstance(value, int) else value
    except ValueError:
        fail(where, f"{value!r} is not a whole number")
    if not low <= number <= high:
        fail(where, f"{number} is not from {low} to {high}")
    return number


KNOWN_CLASSES: tuple[str, ...] = ("spawn", "unit", OBJECTIVE_CLASS, ROUTE_CLASS, DEPLOYMENT_CLASS)
"""Object classes the game reads (or will: routes are for tactics)."""


def gather(groups: Sequence[pytmx.TiledObjectGroup], label: Callable[[Any, Any], str],
           kind_of: Callable[[Any], str]) -> tuple[list[tuple[Any, Any, str]], list[str]]:
    """The visible objects of class ``objective`` (with their layer and label), and a note
    for each object whose class the game does not know (it is ignored)."""
    found: list[tuple[Any, Any, str]] = []
    unknown: dict[str, list[str]] = {}
    for group in groups:
        for obj in group:
            if not obj.visible:
                continue
            kind = kind_of(obj)
            if kind == OBJECTIVE_CLASS:
                found.append((group, obj, label(group, obj)))
            elif kind and kind not in KNOWN_CLASSES:
                unknown.setdefault(kind, []).append(label(group, obj))
    notes = [f"class {kind!r} is not one the game knows ({', '.join(KNOWN_CLASSES)}): "
             f"{len(where)} object{'s' if len(where) != 1 else ''} ignored ({where[0]}"
             + (", ..." if len(where) > 1 else "") + ")" for kind, where in sorted(unknown.items())]
    return found, notes
