"""The Yags catalogue's schema: the weapon and armour fields, their types and bounds
(`WEAPON_FIELDS`, `ARMOUR_FIELDS`, `THROWN_FIELDS`), and the check of one value against its
field, giving the problem in words. `catalogue.py` reads and builds the files with it."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from engine.datafile import type_name
from engine.yags.equipment import (
    ARMOUR_COVERS,
    ARMOUR_LAYERS,
    ARMOUR_PROPERTIES,
    DAMAGE_TYPES,
    WEAPON_PROPERTIES,
)

WEAPON_KINDS = ("melee", "missile", "explosive")
WEAPON_SKILLS = frozenset({"Melee", "Brawl", "Throw", "Pistols", "Rifles", "Guns", "Bows", "Crossbows"})
WEAPON_CLASSES = frozenset({
    "brawl", "single", "shield", "great", "longshaft", "chain", "thrown", "bow", "crossbow",
    "pistol", "rifle", "heavy", "grenade", "charge",
})
MAX_REACH = 6

class CatalogueError(ValueError):
    """A catalogue file is unreadable or an entry is invalid; the message is one line."""


# --- field specifications ----------------------------------------------------------------


@dataclass(frozen=True)
class _Spec:
    kind: str  # "str", "int", "float", "bool", "strlist", "table"
    low: float | None = None  # inclusive
    high: float | None = None  # inclusive
    positive: bool = False  # strictly above zero
    choices: frozenset[str] | tuple[str, ...] | None = None
    nonempty: bool = False


_STR = _Spec("str")
_NAME = _Spec("str", nonempty=True)
_BOOL = _Spec("bool")
_NONNEG_INT = _Spec("int", low=0)
_NONNEG_FLOAT = _Spec("float", low=0)
_METRES = _Spec("float", positive=True)

WEAPON_FIELDS: dict[str, _Spec] = {
    "name": _NAME,
    "kind": _Spec("str", choices=WEAPON_KINDS),
    "skill": _Spec("str", choices=WEAPON_SKILLS),
    "attack": _NONNEG_INT,
    "defence": _NONNEG_INT,
    "damage": _NONNEG_INT,
    "damage_type": _Spec("str", choices=DAMAGE_TYPES),
    "muscle": _BOOL,
    "reach": _Spec("int", low=0, high=MAX_REACH),
    "strength": _NONNEG_INT,
    "load": _NONNEG_FLOAT,
    "weapon_class": _Spec("strlist", choices=WEAPON_CLASSES),
    "properties": _Spec("strlist", choices=WEAPON_PROPERTIES),
    "increment": _METRES,
    "short": _METRES,
    "medium": _METRES,
    "long": _METRES,
    "range_per_strength": _BOOL,
    "rof": _Spec("int", low=1),
    "recoil": _Spec("int", high=0),
    "capacity": _NONNEG_INT,
    "reload": _NONNEG_INT,
    "burst": _Spec("int", low=1),
    "cone": _NONNEG_FLOAT,
    "blast_radius": _NONNEG_FLOAT,
    "tnt_grams": _Spec("float", positive=True),
    "fragmentation": _BOOL,
    "scope": _NONNEG_INT,
    "laser_scope": _BOOL,
    "description": _STR,
    "source": _NAME,
    "patch": _BOOL,
    "thrown": _Spec("table"),
}
# Keys a [weapon.<id>.thrown] table may hold; the rest come from the melee entry.
THROWN_FIELDS = {k: WEAPON_FIELDS[k] for k in (
    "name", "attack", "damage", "damage_type", "muscle", "reach", "strength", "load",
    "weapon_class", "properties", "increment", "short", "medium", "long",
    "range_per_strength", "description",
)}
ARMOUR_FIELDS: dict[str, _Spec] = {
    "name": _NAME,
    "protection": _NONNEG_INT,
    "load": _NONNEG_FLOAT,
    "covers": _Spec("strlist", choices=ARMOUR_COVERS, nonempty=True),
    "properties": _Spec("strlist", choices=ARMOUR_PROPERTIES),
    "restrictive": _NONNEG_INT,
    "noisy": _NONNEG_INT,
    "vitals": _NONNEG_INT,
    "layer": _Spec("str", choices=ARMOUR_LAYERS),
    "description": _STR,
    "source": _NAME,
    "patch": _BOOL,
}
TABLES = {"weapon": WEAPON_FIELDS, "armour": ARMOUR_FIELDS}

RANGE_KEYS = ("increment", "short", "medium", "long")
# Keys that only make sense for a missile or explosive profile.
MISSILE_ONLY = (
    *RANGE_KEYS, "range_per_strength", "rof", "recoil", "capacity", "reload", "burst", "cone",
    "blast_radius", "scope", "laser_scope",
)


def show_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value) if isinstance(value, str) else str(value)


def check_value(spec: _Spec, value: Any) -> str | None:
    """The problem with `value` for `spec`, or None."""
    got = f"got {type_name(value)} {show_value(value)}" if not isinstance(value, (dict, list)) \
        else f"got {type_name(value)}"
    if spec.kind == "str":
        if not isinstance(value, str):
            return f"must be a string, {got}"
        if spec.nonempty and not value.strip():
            return "must not be empty"
        if spec.choices is not None and value not in spec.choices:
            return f"must be one of {', '.join(sorted(spec.choices))}, got {value!r}"
        return None
    if spec.kind == "bool":
        return None if isinstance(value, bool) else f"must be true or false, {got}"
    if spec.kind == "table":
        return None if isinstance(value, dict) else f"must be a table, {got}"
    if spec.kind == "strlist":
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            return f"must be an array of strings, {got}"
        if spec.nonempty and not value:
            return "must not be empty"
        seen: set[str] = set()
        for x in value:
            if spec.choices is not None and x not in spec.choices:
                return f"unknown value {x!r}; expected one of {', '.join(sorted(spec.choices))}"
            if x in seen:
                return f"{x!r} is listed twice"
            seen.add(x)
        return None
    # Numbers. bool is an int in Python, never a number here.
    if spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return f"must be an integer, {got}"
    elif isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"must be a number, {got}"
    elif not math.isfinite(value):
        return f"must be a finite number, {got}"
    shown = show_value(value)
    if spec.positive and value <= 0:
        return f"must be above 0, got {shown}"
    if spec.low is not None and spec.high is not None and not spec.low <= value <= spec.high:
        return f"must be between {show_value(spec.low)} and {show_value(spec.high)}, got {shown}"
    if spec.low is not None and value < spec.low:
        return f"must be {show_value(spec.low)} or more, got {shown}"
    if spec.high is not None and value > spec.high:
        return f"must be {show_value(spec.high)} or negative, got {shown}"
    return None
