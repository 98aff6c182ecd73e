"""A tactic checked against its map and the side's units before a match starts: a route,
group, unit or place that does not exist is one line naming the file and the field."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.maps.grid import GridMap
from game.tactics.format import Tactic, TacticError, Tile


def resolve_place(grid: GridMap, place: Tile | str) -> Tile:
    """A place's tile: itself, a route's last point, or the walkable tile of an objective's
    zone nearest the zone's middle."""
    if isinstance(place, str):
        route = next((r for r in grid.routes if r.name == place), None)
        if route is not None:
            return route.end
        zone = next(o for o in grid.objectives if o.name == place).tiles
        mx, my = sum(x for x, _ in zone) / len(zone), sum(y for _, y in zone) / len(zone)
        return min(zone, key=lambda t: ((t[0] - mx) ** 2 + (t[1] - my) ** 2, t))
    return place


def members(tactic: Tactic, specs: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Each unit's group by the unit's name (units in no group are left out). A unit named by
    one group and matched by another's role stays with the group that names it; `all` takes
    the rest."""
    out: dict[str, str] = {}
    for g in tactic.groups:
        for n in g.units:
            out[n] = g.name
    for g in tactic.groups:
        if g.role is not None:
            for s in specs:
                n = str(s.get("name"))
                if n not in out and str(s.get("role") or "") == g.role:
                    out[n] = g.name
    for g in tactic.groups:
        if g.everyone:
            for s in specs:
                out.setdefault(str(s.get("name")), g.name)
    return out


def check_tactic(tactic: Tactic, grid: GridMap, specs: Sequence[Mapping[str, Any]], team: str) -> dict[str, str]:
    """TacticError (one line) for a tactic that cannot be played on `grid` by the side whose
    units are `specs`; else each unit's group by name."""
    def fail(where: str, message: str) -> None:
        raise TacticError(f"{tactic.path}: {where}: {message} (on {grid.path}, {team})")

    routes = {r.name for r in grid.routes}
    zones = {o.name for o in grid.objectives if o.tiles}
    objectives = {o.name for o in grid.objectives}
    names = {str(s.get("name")) for s in specs}
    roles = {str(s.get("role") or "") for s in specs}
    for g in tactic.groups:
        where = f"group '{g.name}'"
        for n in g.units:
            if n not in names:
                fail(f"{where} units", f"no {team} unit named {n!r} (units: {', '.join(sorted(names))})")
        if g.role is not None and g.role not in roles:
            fail(f"{where} role", f"no {team} unit has the role {g.role!r} (roles: {', '.join(sorted(roles - {''}))})")
        for k, o in enumerate(g.orders):
            at = f"{where} order {k + 1}"
            if o.route is not None and o.route not in routes:
                fail(f"{at} route", f"the map has no route named {o.route!r}"
                     + (f" (routes: {', '.join(sorted(routes))})" if routes else " (it has no routes)"))
            for key, place in (("at" if o.do != "withdraw" else "to", o.at), ("toward", o.toward)):
                if isinstance(place, str) and place not in routes and place not in zones:
                    fail(f"{at} {key}", f"the map has no route or objective zone named {place!r}")
                if isinstance(place, tuple):
                    x, y = place
                    if not grid.in_bounds(x, y):
                        fail(f"{at} {key}", f"tile ({x}, {y}) is outside the {grid.width}x{grid.height} map")
                    if key != "toward" and not grid.walkable(x, y):
                        fail(f"{at} {key}", f"tile ({x}, {y}) blocks movement")
            if o.until is not None:
                for key, name in (("zone", o.until.zone), ("objective", o.until.objective)):
                    if name is not None and name not in (zones if key == "zone" else objectives):
                        fail(f"{at} until.{key}", f"the map has no objective named {name!r}"
                             + (f" (objectives: {', '.join(sorted(objectives))})" if objectives else ""))
            if o.zone is not None:
                x, y, w, h = o.zone
                if not (grid.in_bounds(x, y) and grid.in_bounds(x + w - 1, y + h - 1)):
                    fail(f"{at} zone", f"reaches outside the {grid.width}x{grid.height} map")
    return members(tactic, specs)


__all__ = ["TacticError", "check_tactic", "members", "resolve_place"]
