"""Squad templates (game/data/squads.toml) and turning a map's units into unit specs.

Specs are the plain mappings the ruleset's `make_combatant` reads; validation errors name
the file, the entry and the field in one line.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from engine.ruleset import Ruleset
from game.limits import MAX_SCORE
from game.maps.grid import GridMap, UnitSpawn

SQUADS_FILE = Path(__file__).resolve().parent / "data" / "squads.toml"
SPEC_KEYS = {"attributes", "skills", "weapon", "armour", "grenades", "magazines", "size", "soak", "second_weapon", "role"}


class SquadError(ValueError):
    """A bad squad file or template reference (one line: file, entry, field)."""


@cache
def templates(path: Path = SQUADS_FILE) -> tuple[dict[str, dict[str, Any]], dict[str, list[str]]]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SquadError(f"{path}: cannot read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise SquadError(f"{path}: {exc}") from None
    temps = data.get("template", {})
    for tid, spec in temps.items():
        for key in spec:
            if key not in SPEC_KEYS:
                raise SquadError(f"{path}: template.{tid}: {key}: unknown field")
    squads = {}
    for sid, squad in data.get("squad", {}).items():
        units = squad.get("units")
        if not isinstance(units, list) or not all(isinstance(u, str) for u in units):
            raise SquadError(f"{path}: squad.{sid}: units: must be a list of template ids")
        for u in units:
            if u not in temps:
                raise SquadError(f"{path}: squad.{sid}: units: unknown template {u!r}")
        squads[sid] = units
    return temps, squads


def template_spec(tid: str, name: str) -> dict[str, Any]:
    temps, _ = templates()
    if tid not in temps:
        raise SquadError(f"{SQUADS_FILE.name}: unknown template {tid!r}; known: {', '.join(sorted(temps))}")
    spec = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
            for k, v in temps[tid].items()}
    spec["name"] = name
    spec.setdefault("role", tid)
    return spec


def squad_specs(squad: str, team: str, count: int | None = None) -> list[dict[str, Any]]:
    _, squads = templates()
    if squad not in squads:
        raise SquadError(f"{SQUADS_FILE.name}: unknown squad {squad!r}; known: {', '.join(sorted(squads))}")
    units = squads[squad]
    if count is not None:
        units = [units[i % len(units)] for i in range(count)]
    return [template_spec(t, f"{team.title()} {i + 1}") for i, t in enumerate(units)]


def squad_problem(squad: str) -> str | None:
    """Why a side's squad as a user gives it (a squad id of squads.toml, or templates as
    `swordsman,rifleman`) cannot be built, or None: the caller puts the file and the field
    (the scenario's, the plan's, the flag) in front, so the refusal names what is at fault
    and not squads.toml."""
    temps, squads = templates()
    if squad in squads:
        return None
    names = [t.strip() for t in squad.split(",")]
    if not any(names):
        return f"{squad!r} names no template (a squad: {', '.join(sorted(squads))}; or templates: {', '.join(sorted(temps))})"
    for name in names:
        if name and name not in temps:
            return f"unknown template {name!r}; known: {', '.join(sorted(temps))} (or a squad: {', '.join(sorted(squads))})"
    return None


def _parse_list(value: Any) -> list[str]:
    if isinstance(value, list | tuple):
        return [str(v).strip() for v in value if str(v).strip()]
    return [p.strip() for p in str(value or "").split(",") if p.strip()]


def unit_spec(u: UnitSpawn, index: int) -> dict[str, Any]:
    """A map's unit object as a spec: its template (default `rifleman`) overridden by the
    object's own weapon, armour, attributes and skills."""
    spec = template_spec(u.template or "rifleman", u.name or f"{u.team.title()} {index + 1}")
    spec["template"] = u.template or "rifleman"
    if u.role:
        spec["role"] = u.role
    if u.weapon:
        spec["weapon"] = u.weapon
    if u.armour:
        spec["armour"] = _parse_list(u.armour)
    if u.attributes:
        spec["attributes"] = {**spec.get("attributes", {}), **u.attributes}
    if u.skills:
        spec["skills"] = {**spec.get("skills", {}), **u.skills}
    if u.second_weapon:
        spec["second_weapon"] = u.second_weapon
    if u.grenades is not None:
        # "none": no grenades, whatever the template carries
        spec["grenades"] = [] if u.grenades.strip().lower() == "none" else _parse_list(u.grenades)
    if u.magazines is not None:
        spec["magazines"] = u.magazines
    spec["x"], spec["y"] = u.x, u.y
    return spec


def map_squads(grid: GridMap, squad: str = "default", size: int | None = None) -> dict[str, list[dict[str, Any]]]:
    """The squads a match on `grid` starts with: the map's own units, or `size` (default 8)
    of the named squad per side at the spawn zones."""
    out: dict[str, list[dict[str, Any]]] = {"blue": [], "red": []}
    if grid.units and size is None:
        counts: dict[str, int] = {}
        for u in grid.units:
            i = counts.get(u.team, 0)
            counts[u.team] = i + 1
            try:
                spec = unit_spec(u, i)
            except SquadError as exc:
                raise SquadError(f"{grid.path}: {u.team} unit {u.name or ''!r} at ({u.x}, {u.y}): template: "
                                 f"{str(exc).split(': ', 1)[1]}") from None
            out.setdefault(u.team, []).append(spec)
        return out
    for team in ("blue", "red"):
        out[team] = squad_specs(squad, team, size or 8)
    return out


_WHOLE_FIELDS = {"x": (0, None), "y": (0, None), "magazines": (0, 100), "size": (1, 100), "soak": (0, 1000)}


def _whole(value: Any, low: int, high: int | None) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool) and low <= value
            and (high is None or value <= high))


def spec_problem(spec: Any) -> str | None:
    """What is wrong with the types and ranges of a unit spec, as ``field: problem``, or None.
    A save carries its squads as written, so this is checked before the rules core reads one
    (an attribute table given as ``[[]]``, a place of ``Infinity``)."""
    if not isinstance(spec, dict):
        return f"must be a table, not {type(spec).__name__}"
    for key in ("name", "role", "template"):
        if not isinstance(spec.get(key, ""), str):
            return f"{key}: must be a string"
    for key in ("weapon", "second_weapon"):
        if spec.get(key) is not None and not isinstance(spec[key], str):
            return f"{key}: must be a string (a weapon id)"
    for key in ("armour", "grenades"):
        value = spec.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return f"{key}: must be a list of ids"
    for key in ("attributes", "skills"):
        value = spec.get(key, {})
        if not isinstance(value, dict):
            return f"{key}: must be a table of names and whole numbers, not {type(value).__name__}"
        for k, v in value.items():
            if not _whole(v, 0, MAX_SCORE):
                return f"{key}.{k}: must be a whole number from 0 to {MAX_SCORE}, not {v!r}"
    for key, (low, high) in _WHOLE_FIELDS.items():
        if key in spec and not _whole(spec[key], low, high):
            bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
            return f"{key}: must be a whole number {bound}, not {spec[key]!r}"
    gear = spec.get("gear_load", 0.0)
    if isinstance(gear, bool) or not isinstance(gear, int | float) or not 0 <= gear <= 1000:
        return f"gear_load: must be a number from 0 to 1000, not {gear!r}"
    return None


def walkable_tiles(grid: GridMap) -> int:
    """How many tiles of the map a unit can stand on: the most units a match can place."""
    return len(grid.walkable_cells) - grid.walkable_cells.count(0)


def check_size(grid: GridMap, size: int) -> None:
    """SquadError unless the map has a walkable tile for each of ``size`` units a side."""
    room = walkable_tiles(grid)
    if 2 * size > room:
        raise SquadError(f"{grid.path}: size {size}: the map has {room} walkable tiles, too few for "
                         f"{size} units a side (at most {room // 2})")


def deployed(grid: GridMap, squads: dict[str, list[dict[str, Any]]],
             deployments: dict[str, str | None]) -> dict[str, list[dict[str, Any]]]:
    """The squads with each side placed by its chosen deployment (game.maps.deployments),
    where one is chosen; SquadError (one line) for a deployment the map lacks."""
    from game.maps.deployments import DeploymentError, deploy

    out = dict(squads)
    for team, name in deployments.items():
        if name:
            try:
                out[team] = deploy(grid.deployments, grid.path, team, name, squads.get(team, []))
            except DeploymentError as exc:
                raise SquadError(str(exc)) from None
    return out


def check_objective_units(grid: GridMap, squads: dict[str, list[dict[str, Any]]]) -> None:
    """SquadError (one line) when an objective names a unit the side's squad lacks, or asks
    more units to reach or leave by a zone than the side has (checked at match start: a
    template squad or `size` may field other units than the map's)."""
    for o in grid.objectives:
        specs = squads.get(o.team, [])
        if o.unit and not any(spec.get("name") == o.unit for spec in specs):
            raise SquadError(f"{grid.path}: objective {o.name!r} ({o.kind}) names {o.team} unit {o.unit!r}, "
                             f"which the {o.team} squad lacks")
        if o.kind in ("reach", "exit") and o.count > len(specs):
            raise SquadError(f"{grid.path}: objective {o.name!r} ({o.kind}) asks {o.count} units and the "
                             f"{o.team} squad has {len(specs)}")


def check_squads(grid: GridMap, squads: dict[str, list[dict[str, Any]]], rules: Ruleset | None = None) -> None:
    """Every unit spec is well formed, its weapon, armour and grenades exist in the catalogue,
    its attributes are known, and the map has a walkable tile for every unit; under the
    match's ruleset (`rules`, Yags too), each unit builds under it (its kit maps to the
    ruleset's own, its role has a template); raises SquadError naming the map, the unit and the field
    (and the ruleset)."""
    from engine.yags.catalogue import default_catalogue
    from engine.yags.character import canonical_attribute

    cat = default_catalogue()
    for team, specs in squads.items():
        for i, spec in enumerate(specs):
            problem = spec_problem(spec)
            if problem is not None:
                raise SquadError(f"{grid.path}: {team} unit {i + 1}: {problem}")
            where = f"{grid.path}: {team} unit {spec.get('name')!r}"
            if "x" in spec:
                where += f" at ({spec['x']}, {spec.get('y')})"
            for key in ("weapon", "second_weapon"):
                if spec.get(key) and spec[key] not in cat.weapons:
                    raise SquadError(f"{where}: {key} {spec[key]!r} is not in the catalogue (skirmish rules weapons)")
            for aid in spec.get("armour", ()):
                if aid not in cat.armour:
                    raise SquadError(f"{where}: armour {aid!r} is not in the catalogue (skirmish rules armour)")
            for gid in spec.get("grenades", ()):
                if gid not in cat.weapons or cat.weapons[gid].kind != "explosive":
                    raise SquadError(f"{where}: grenades: {gid!r} is not an explosive in the catalogue")
            for attr in spec.get("attributes", {}):
                try:
                    canonical_attribute(attr)
                except ValueError as exc:
                    raise SquadError(f"{where}: attributes: {exc}") from None
            if rules is not None:
                problem = rules.spec_problem(spec)
                if problem is not None:
                    prefix = "" if rules.name in problem else f"ruleset {rules.name}: "
                    raise SquadError(f"{where}: {prefix}{problem}")
    check_objective_units(grid, squads)
    units = sum(len(specs) for specs in squads.values())
    room = walkable_tiles(grid)
    if units > room:
        raise SquadError(f"{grid.path}: {units} units but only {room} walkable tiles to place them on")
