"""Spawn zones and units from a map's object layers, in tile coordinates."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NoReturn

import pytmx

from game.maps.grid import TEAMS, Spawn, TileRect, UnitSpawn
from game.maps.project import FROM_TEMPLATE
from game.maps.props import as_number_table

Fail = Callable[[str, str], NoReturn]


def object_kind(obj: pytmx.TiledObject) -> str:
    """An object's class: Tiled < 1.9 writes ``type``, 1.9+ ``class`` (pytmx 3.32 keeps that
    as an attribute named "class"); a tile object with neither takes its tile's."""
    kind = obj.type or vars(obj).get("class")
    if not kind and obj.gid:
        kind = obj.properties.get("type") or obj.properties.get("class")
    return str(kind or "").strip().lower()


def object_label(group: pytmx.TiledObjectGroup, obj: pytmx.TiledObject) -> str:
    name = obj.name
    return f"layer '{group.name}' object {obj.id}" + (f" '{name}'" if name else "")


def read_objects(
    groups: list[pytmx.TiledObjectGroup], *, width: int, height: int, tile_width: int,
    tile_height: int, walkable: Callable[[int, int], bool], fail: Fail,
    defaults: dict[str, dict[str, Any]] | None = None, stacked: list[str] | None = None,
) -> tuple[list[Spawn], list[UnitSpawn]]:
    """Spawn zones (class ``spawn``) and units (class ``unit``); other objects are ignored.

    A property an object leaves out takes its class's default from ``defaults`` (the
    project's, as Tiled showed it). A unit must stand on a walkable tile of the map; a unit
    on a tile another unit of any layer stands on is noted in ``stacked`` (the match moves one
    of the two to a free spawn tile; check-map refuses the map)."""
    defaults = defaults or {}
    spawns: list[Spawn] = []
    units: list[UnitSpawn] = []
    first_on: dict[tuple[int, int], str] = {}  # a tile -> the first unit placed on it
    for group in groups:
        for obj in group:
            if not obj.visible:
                continue
            kind = object_kind(obj)
            if kind not in ("spawn", "unit"):
                continue
            where = object_label(group, obj)
            props = {**defaults.get(kind, {}), **obj.properties}
            team = _team(props.get("team"), where, fail)
            left, top, right, bottom = _bounds(obj)
            if kind == "spawn":
                rect = _tile_rect(left, top, right, bottom, tile_width, tile_height)
                clipped = _clip(rect, width, height)
                if clipped is None:
                    fail(where, f"spawn zone at pixels ({left:g}, {top:g}) lies outside the map")
                spawns.append(Spawn(team, clipped, obj.name or ""))
            else:
                x = math.floor((left + right) / 2 / tile_width)
                y = math.floor((top + bottom) / 2 / tile_height)
                if not (0 <= x < width and 0 <= y < height):
                    fail(where, f"unit at tile ({x}, {y}) is outside the {width}x{height} map")
                if not walkable(x, y):
                    fail(where, f"unit at tile ({x}, {y}) stands on a tile that blocks movement")
                units.append(_unit(obj, props, team, x, y, where, fail))
                other = first_on.setdefault((x, y), where)
                if other is not where and stacked is not None:
                    stacked.append(f"{where}: unit at tile ({x}, {y}) stands on the tile of {other}")
    return spawns, units


def _team(value: Any, where: str, fail: Fail) -> str:
    if value is None:
        fail(f"{where} property 'team'", f"missing (one of {', '.join(TEAMS)})")
    team = str(value).strip().lower()
    if team not in TEAMS:
        fail(f"{where} property 'team'", f"{value!r} is not a team (one of {', '.join(TEAMS)})")
    return team


def _bounds(obj: pytmx.TiledObject) -> tuple[float, float, float, float]:
    """Left, top, right, bottom in pixels. pytmx 3.32 gives polygon points in map pixels and
    has already moved a tile object's y from its bottom edge to its top."""
    points = vars(obj).get("points")
    if points:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        return min(xs), min(ys), max(xs), max(ys)
    return obj.x, obj.y, obj.x + obj.width, obj.y + obj.height


def _tile_rect(left: float, top: float, right: float, bottom: float,
               tile_width: int, tile_height: int) -> TileRect:
    """The tiles whose centres lie inside the rectangle; at least the tile under its centre."""
    x0 = math.ceil(left / tile_width - 0.5)
    x1 = math.ceil(right / tile_width - 0.5)
    y0 = math.ceil(top / tile_height - 0.5)
    y1 = math.ceil(bottom / tile_height - 0.5)
    if x1 <= x0:
        x0 = math.floor((left + right) / 2 / tile_width)
        x1 = x0 + 1
    if y1 <= y0:
        y0 = math.floor((top + bottom) / 2 / tile_height)
        y1 = y0 + 1
    return TileRect(x0, y0, x1 - x0, y1 - y0)


def _clip(rect: TileRect, width: int, height: int) -> TileRect | None:
    x0, y0 = max(rect.x, 0), max(rect.y, 0)
    x1, y1 = min(rect.x + rect.width, width), min(rect.y + rect.height, height)
    if x1 <= x0 or y1 <= y0:
        return None
    return TileRect(x0, y0, x1 - x0, y1 - y0)


def _unit(obj: pytmx.TiledObject, props: dict[str, Any], team: str, x: int, y: int,
          where: str, fail: Fail) -> UnitSpawn:
    def text(key: str) -> str | None:
        value = props.get(key)
        if value is None or str(value).strip() in ("", FROM_TEMPLATE):
            return None
        return str(value).strip()

    def table(key: str) -> dict[str, int]:
        value = props.get(key)
        if value is None:
            return {}
        try:
            return as_number_table(value)
        except ValueError as err:
            fail(f"{where} property '{key}'", str(err))

    return UnitSpawn(
        team=team, x=x, y=y,
        name=text("name") or obj.name or None,
        template=text("template"),
        role=text("role"),
        weapon=text("weapon"),
        armour=text("armour") or text("armor"),
        attributes=table("attributes"),
        skills=table("skills"),
        second_weapon=text("second_weapon"),
        grenades=text("grenades"),
        magazines=_magazines(text("magazines"), where, fail),
    )


def _magazines(value: str | None, where: str, fail: Fail) -> int | None:
    """Spare magazines: 0 to 100, or -1 (the unit class's default) for the template's."""
    if value is None or value == "-1":
        return None
    try:
        count = int(value)
    except ValueError:
        fail(f"{where} property 'magazines'", f"must be a whole number, got {value!r}")
    if not 0 <= count <= 100:
        fail(f"{where} property 'magazines'", f"must be 0 to 100, got {count}")
    return count
