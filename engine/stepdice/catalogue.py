"""The step-die catalogue: `engine/stepdice/data/*.toml`, validated on load.

Files: weapons.toml (`[weapon.<id>]`), explosives.toml (`[explosive.<id>]`), armour.toml
(`[armour.<id>]`, `[shield.<id>]`), kit_map.toml (`[kit]`: Yags id = own id) and
templates.toml (`[template.<role>]`, engine.stepdice.character). Every entry needs `name`,
`source` (the sheet's section) and `derived` (why the numbers: the sheet has none).

Weapon keys: kind (melee | ranged | thrown), skill, damage (a die, 2..12), damage_type (stun |
wounds | basic); ranged and thrown: short <= medium <= long (metres, the far edge of each
band), modes (single, burst, autofire; throw for thrown), capacity, reload_actions,
autofire_rounds (with autofire); melee: reach_tiles (1 or 2), large (bool).
Explosive keys: damage_type, bands (array of {radius, dice}: radii increasing, dice from
d2..d12), short, medium, long. Armour: protection (>= 0), covers (body, limbs, head).
Shield: block_steps (1..2).

Every problem raises `CatalogueError`, one line: `<file>: <table>.<id>: <field>: <problem>`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import datafile
from engine.stepdice.equipment import (
    COVERS,
    DAMAGE_TYPES,
    MODES,
    SKILLS,
    WEAPON_KINDS,
    ArmourPiece,
    Band,
    Catalogue,
    Explosive,
    LookupProblem,
    Shield,
    Weapon,
)
from engine.stepdice.steps import DIE_STEPS

DATA_DIR = Path(__file__).resolve().parent / "data"


class CatalogueError(ValueError):
    """A data file is unreadable or an entry is invalid; the message is one line."""


display = datafile.shown_path


def read_toml(path: Path) -> dict[str, Any]:
    return datafile.read_toml(path, CatalogueError)


# --- field checks: each returns the value or raises a problem string ----------------------


class FieldProblem(Exception):
    """A field's value is wrong; the message says how (the caller adds where)."""


def text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise FieldProblem(f"must be a non-empty string, got {value!r}")
    return value


def choice(options: tuple[str, ...]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value not in options:
            raise FieldProblem(f"must be one of {', '.join(options)}, got {value!r}")
        return value
    return check


def die(value: Any) -> int:
    if isinstance(value, bool) or value not in DIE_STEPS:
        raise FieldProblem(f"must be a step die (one of {', '.join(map(str, DIE_STEPS))}), got {value!r}")
    return int(value)


def integer(low: int, high: int | None = None) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise FieldProblem(f"must be an integer, got {value!r}")
        if value < low or (high is not None and value > high):
            raise FieldProblem(f"must be {low} or more, got {value}" if high is None
                       else f"must be between {low} and {high}, got {value}")
        return value
    return check


def metres(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise FieldProblem(f"must be a number of metres above 0, got {value!r}")
    return float(value)


def flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise FieldProblem(f"must be true or false, got {value!r}")
    return value


def names(options: tuple[str, ...]) -> Callable[[Any], tuple[str, ...]]:
    def check(value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not value:
            raise FieldProblem("must be a non-empty array of strings")
        for x in value:
            if x not in options:
                raise FieldProblem(f"unknown value {x!r}; expected one of {', '.join(options)}")
        if len(set(value)) != len(value):
            raise FieldProblem("lists a value twice")
        return tuple(value)
    return check


def bands(value: Any) -> tuple[Band, ...]:
    if not isinstance(value, list) or not value:
        raise FieldProblem("must be a non-empty array of {radius, dice} tables")
    out: list[Band] = []
    for i, b in enumerate(value):
        if not isinstance(b, dict) or set(b) != {"radius", "dice"}:
            raise FieldProblem(f"band {i + 1} must be a table with radius and dice")
        try:
            radius = metres(b["radius"])
            if not isinstance(b["dice"], list) or not b["dice"]:
                raise FieldProblem("must be a non-empty array of dice")
            dice = tuple(die(d) for d in b["dice"])
        except FieldProblem as exc:
            raise FieldProblem(f"band {i + 1}: {exc}") from None
        if out and radius <= out[-1].radius:
            raise FieldProblem(f"band {i + 1}: radius {radius:g} must exceed the band before ({out[-1].radius:g})")
        out.append(Band(radius, dice))
    return tuple(out)


COMMON = {"name": text, "source": text, "derived": text, "description": text}
WEAPON_FIELDS = {
    **COMMON, "kind": choice(WEAPON_KINDS), "skill": choice(SKILLS), "damage": die,
    "damage_type": choice(DAMAGE_TYPES), "short": metres, "medium": metres, "long": metres,
    "modes": names(MODES), "capacity": integer(0), "reload_actions": integer(0),
    "autofire_rounds": integer(1), "reach_tiles": integer(1, 2), "large": flag,
}
EXPLOSIVE_FIELDS = {**COMMON, "damage_type": choice(DAMAGE_TYPES), "bands": bands,
                    "short": metres, "medium": metres, "long": metres}
ARMOUR_FIELDS = {**COMMON, "protection": integer(0), "covers": names(COVERS)}
SHIELD_FIELDS = {**COMMON, "block_steps": integer(1, 2)}
REQUIRED = ("name", "source", "derived")


def entry_fields(shown: str, table: str, eid: str, entry: Any, fields: dict[str, Callable[[Any], Any]],
                 required: tuple[str, ...]) -> dict[str, Any]:
    """Check one entry's keys and values; the checked values."""
    where = f"{shown}: {table}.{eid}"
    datafile.check_id(where, eid, CatalogueError)
    if not isinstance(entry, dict):
        raise CatalogueError(f"{where}: must be a table")
    out: dict[str, Any] = {}
    for key, value in entry.items():
        if key not in fields:
            raise CatalogueError(f"{where}: {key}: unknown key; expected one of {', '.join(sorted(fields))}")
        try:
            out[key] = fields[key](value)
        except FieldProblem as exc:
            raise CatalogueError(f"{where}: {key}: {exc}") from None
    for key in required:
        if key not in out:
            raise CatalogueError(f"{where}: {key}: missing (required)")
    return out


def _weapon(shown: str, wid: str, v: dict[str, Any]) -> Weapon:
    def fail(key: str, problem: str) -> CatalogueError:
        return CatalogueError(f"{shown}: weapon.{wid}: {key}: {problem}")

    kind = v["kind"]
    ranged_keys = ("short", "medium", "long", "capacity", "reload_actions", "autofire_rounds")
    if kind == "melee":
        for key in ranged_keys:
            if key in v:
                raise fail(key, "not used by melee weapons")
        if v.setdefault("modes", ("melee",)) != ("melee",):
            raise fail("modes", "a melee weapon's only mode is melee")
        return Weapon(id=wid, **v)
    for key in ("short", "medium", "long", "modes"):
        if key not in v:
            raise fail(key, f"missing (required for {kind} weapons)")
    if "reach_tiles" in v:
        raise fail("reach_tiles", "only melee weapons have a reach")
    if not v["short"] <= v["medium"] <= v["long"]:
        raise fail("medium", f"the bands must grow: short {v['short']:g} <= medium {v['medium']:g} <= long {v['long']:g}")
    modes = v["modes"]
    allowed = ("throw",) if kind == "thrown" else ("single", "burst", "autofire")
    for m in modes:
        if m not in allowed:
            raise fail("modes", f"{m!r} is not a {kind} mode; expected {', '.join(allowed)}")
    if kind == "ranged":
        if v.get("capacity", 0) < 1:
            raise fail("capacity", "a firearm needs a magazine of 1 or more")
        if v.get("reload_actions", 0) < 1:
            raise fail("reload_actions", "reloading a firearm takes 1 action or more")
        if "burst" in modes and v["capacity"] < 3:
            raise fail("modes", "a burst is 3 rounds: the magazine must hold 3 or more")
    if "autofire" in modes:
        rounds = v.get("autofire_rounds")
        if rounds is None:
            raise fail("autofire_rounds", "missing (required with the autofire mode)")
        if rounds > v["capacity"]:
            raise fail("autofire_rounds", f"more than the magazine holds ({v['capacity']})")
    elif "autofire_rounds" in v:
        raise fail("autofire_rounds", "only with the autofire mode")
    return Weapon(id=wid, **v)


def _explosive(shown: str, eid: str, v: dict[str, Any]) -> Explosive:
    for key in ("damage_type", "bands"):
        if key not in v:
            raise CatalogueError(f"{shown}: explosive.{eid}: {key}: missing (required)")
    e = Explosive(id=eid, **v)
    if not e.short <= e.medium <= e.long:
        raise CatalogueError(f"{shown}: explosive.{eid}: medium: the bands must grow: short <= medium <= long")
    return e


def _armour(shown: str, aid: str, v: dict[str, Any]) -> ArmourPiece:
    for key in ("protection", "covers"):
        if key not in v:
            raise CatalogueError(f"{shown}: armour.{aid}: {key}: missing (required)")
    return ArmourPiece(id=aid, **{**v, "covers": frozenset(v["covers"])})


def _shield(shown: str, sid: str, v: dict[str, Any]) -> Shield:
    if "block_steps" not in v:
        raise CatalogueError(f"{shown}: shield.{sid}: block_steps: missing (required)")
    return Shield(id=sid, **v)


TABLES = {
    "weapon": (WEAPON_FIELDS, _weapon, "weapons"),
    "explosive": (EXPLOSIVE_FIELDS, _explosive, "explosives"),
    "armour": (ARMOUR_FIELDS, _armour, "armour"),
    "shield": (SHIELD_FIELDS, _shield, "shields"),
}
EQUIPMENT_FILES = ("weapons.toml", "explosives.toml", "armour.toml")


def load_catalogue(paths: list[Path] | None = None) -> Catalogue:
    """Load and validate the equipment files (default: the shipped ones). An id may appear
    once across all tables."""
    if paths is None:
        paths = [DATA_DIR / f for f in EQUIPMENT_FILES]
    cat = Catalogue()
    seen: dict[str, str] = {}
    for path in paths:
        shown = display(Path(path))
        for table, body in read_toml(Path(path)).items():
            if table not in TABLES:
                raise CatalogueError(f"{shown}: {table}: unknown table; expected one of {', '.join(TABLES)}")
            if not isinstance(body, dict):
                raise CatalogueError(f"{shown}: {table}: must be a table of entries")
            fields, build, attr = TABLES[table]
            for eid, entry in body.items():
                values = entry_fields(shown, table, eid, entry, fields, REQUIRED)
                if eid in seen:
                    raise CatalogueError(f"{shown}: {table}.{eid}: id: duplicate id, already in {seen[eid]}")
                seen[eid] = f"{shown} ({table})"
                getattr(cat, attr)[eid] = build(shown, eid, values)
    if "fist" not in cat.weapons:
        raise CatalogueError(f"{display(Path(paths[0]))}: weapon.fist: missing: the unarmed attack is required")
    return cat


@functools.cache
def default_catalogue() -> Catalogue:
    """The shipped catalogue, loaded once. Shared: do not modify it."""
    return load_catalogue()


# --- the kit map: Yags catalogue ids to this ruleset's ---------------------------------


class KitError(LookupProblem):
    """A Yags id with no step-die equivalent (the map checker reports it)."""


def load_kit_map(path: Path | None = None, catalogue: Catalogue | None = None) -> dict[str, str]:
    """`[kit]` Yags id = own id; every own id must be in the catalogue."""
    path = path or DATA_DIR / "kit_map.toml"
    cat = catalogue or default_catalogue()
    shown = display(path)
    doc = read_toml(path)
    if set(doc) != {"kit"} or not isinstance(doc["kit"], dict):
        raise CatalogueError(f"{shown}: must hold one [kit] table (Yags id = step id)")
    out: dict[str, str] = {}
    for yid, own in doc["kit"].items():
        if not datafile.SNAKE_ID.fullmatch(yid):
            raise CatalogueError(f"{shown}: kit.{yid}: id: must be lowercase snake_case")
        if not isinstance(own, str) or cat.table_of(own) is None:
            raise CatalogueError(f"{shown}: kit.{yid}: {own!r} is not in the step catalogue")
        out[yid] = own
    return out


@functools.cache
def default_kit_map() -> dict[str, str]:
    return load_kit_map()


def map_kit(yags_id: str) -> str:
    """This ruleset's id for a Yags catalogue id; KitError naming the ruleset and the id when
    there is none."""
    try:
        return default_kit_map()[yags_id]
    except KeyError:
        raise KitError(f"ruleset step: no step-die equivalent for {yags_id!r} "
                       "(engine/stepdice/data/kit_map.toml)") from None
