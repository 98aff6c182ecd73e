"""The Mythras catalogue: TOML under `engine/mythras/data/`, validated on load.

Weapon files hold tables `melee`, `shield`, `ranged`, `firearm` and `explosive`
(weapons.toml, firearms.toml, explosives.toml); armour.toml holds `armour`. A firearm may
name an SRD row in `base` and take every field it does not give from it. Keys, by table:

  all weapons: name, damage (dice: '1d8+1'), group, source (required); traits, derived.
  melee: size (required), ap, hp, hands (1 or 2).
  shield: size, ap, hp, passive_locations (1..7) (required).
  ranged: range = [close, effective, long] metres (required), force, damage_modifier
    (default true), load, impale_size, ap, hp.
  firearm: range, force, load, magazine, modes (single, burst, full_auto) (required, after
    `base`), burst (with the burst mode), full_auto (with full_auto), damage_modifier
    (default false).
  explosive: range, blast_radius (required), force.
  armour: name, ap, locations (of the seven hit locations), source (required); era
    (ancient, modern, futuristic), derived.

Every problem raises `MythrasDataError`, one line: `<file>: <table>.<id>: <field>: <problem>`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import datafile
from engine.datafile import type_name
from engine.mythras.dicexpr import parse
from engine.mythras.equipment import (
    FIRE_MODES,
    STYLE_GROUPS,
    TRAITS,
    ArmourPiece,
    Catalogue,
    Weapon,
)
from engine.mythras.tables import LOCATIONS, SIZES

DATA_DIR = Path(__file__).resolve().parent / "data"
WEAPON_FILES = ("weapons.toml", "firearms.toml", "explosives.toml")
ARMOUR_FILES = ("armour.toml",)
ERAS = ("ancient", "modern", "futuristic")


class MythrasDataError(ValueError):
    """A Mythras data file is unreadable or an entry is invalid; the message is one line."""


@dataclass(frozen=True)
class Spec:
    kind: str  # str, int, float, bool, strlist, dice, size, range, table
    low: float | None = None
    high: float | None = None
    choices: Iterable[str] | None = None
    nonempty: bool = False


def _num(value: Any) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def check_value(spec: Spec, value: Any) -> str | None:
    """The problem with `value` for `spec`, or None."""
    shown = f"got {type_name(value)}" if isinstance(value, (list, dict)) else f"got {type_name(value)} {value!r}"
    if spec.kind in ("str", "dice", "size"):
        if not isinstance(value, str):
            return f"must be a string, {shown}"
        if spec.nonempty and not value.strip():
            return "must not be empty"
        if spec.kind == "size" and value not in SIZES:
            return f"must be one of {', '.join(SIZES)}, got {value!r}"
        if spec.kind == "dice":
            try:
                parse(value)
            except ValueError:
                return f"must be dice such as '1d8+1', got {value!r}"
        if spec.choices is not None and value not in spec.choices:
            return f"must be one of {', '.join(sorted(spec.choices))}, got {value!r}"
        return None
    if spec.kind == "bool":
        return None if isinstance(value, bool) else f"must be true or false, {shown}"
    if spec.kind == "table":
        return None if isinstance(value, dict) else f"must be a table, {shown}"
    if spec.kind == "strlist":
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            return f"must be an array of strings, {shown}"
        if spec.nonempty and not value:
            return "must not be empty"
        for x in value:
            if spec.choices is not None and x not in spec.choices:
                return f"unknown value {x!r}; expected one of {', '.join(sorted(spec.choices))}"
        return None
    if spec.kind == "range":
        if (not isinstance(value, list) or len(value) != 3
                or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in value)):
            return f"must be [close, effective, long] metres, {shown}"
        if not all(math.isfinite(x) and x > 0 for x in value):
            return "must be three distances above 0"
        if not value[0] <= value[1] <= value[2]:
            return f"must not decrease (close <= effective <= long), got {[_num(x) for x in value]}"
        return None
    if spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return f"must be an integer, {shown}"
    elif isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return f"must be a finite number, {shown}"
    if spec.low is not None and value < spec.low:
        return f"must be {_num(spec.low)} or more, got {_num(value)}"
    if spec.high is not None and value > spec.high:
        return f"must be {_num(spec.high)} or less, got {_num(value)}"
    return None


display = datafile.shown_path


def read_toml(path: Path) -> dict[str, Any]:
    return datafile.read_toml(path, MythrasDataError)


def check_entry(where: str, entry: Any, specs: dict[str, Spec]) -> dict[str, Any]:
    """Types and unknown keys of one entry; raises with `where: field: problem`."""
    datafile.check_table(where, entry, specs, check_value, MythrasDataError)
    return entry


def check_id(where: str, eid: str) -> None:
    datafile.check_id(where, eid, MythrasDataError)


# --- weapons -------------------------------------------------------------------------------

_COMMON = {
    "name": Spec("str", nonempty=True), "damage": Spec("dice"), "group": Spec("str", choices=STYLE_GROUPS),
    "source": Spec("str", nonempty=True), "traits": Spec("strlist", choices=TRAITS), "derived": Spec("str"),
}
_SIZE, _AP, _HP = Spec("size"), Spec("int", low=0), Spec("int", low=1)
_RANGED = {"range": Spec("range"), "force": Spec("size"), "damage_modifier": Spec("bool"),
           "load": Spec("int", low=0), "impale_size": Spec("size"), "ap": _AP, "hp": _HP}
WEAPON_TABLES: dict[str, tuple[dict[str, Spec], tuple[str, ...]]] = {
    "melee": ({**_COMMON, "size": _SIZE, "ap": _AP, "hp": _HP, "hands": Spec("int", low=1, high=2)},
              ("name", "damage", "size", "group", "source")),
    "shield": ({**_COMMON, "size": _SIZE, "ap": _AP, "hp": _HP, "passive_locations": Spec("int", low=1, high=7)},
               ("name", "damage", "size", "ap", "hp", "passive_locations", "group", "source")),
    "ranged": ({**_COMMON, **_RANGED}, ("name", "damage", "range", "group", "source")),
    "firearm": ({**_COMMON, **_RANGED, "base": Spec("str", nonempty=True), "magazine": Spec("int", low=1),
                 "modes": Spec("strlist", choices=FIRE_MODES, nonempty=True), "burst": Spec("int", low=2),
                 "full_auto": Spec("int", low=2)},
                ("name", "damage", "range", "load", "magazine", "modes", "group", "source")),
    "explosive": ({**_COMMON, "range": Spec("range"), "force": Spec("size"), "blast_radius": Spec("float", low=0.5)},
                  ("name", "damage", "range", "blast_radius", "group", "source")),
}
ARMOUR_SPECS = {
    "name": Spec("str", nonempty=True), "ap": Spec("int", low=0, high=30),
    "locations": Spec("strlist", choices=LOCATIONS, nonempty=True), "era": Spec("str", choices=ERAS),
    "source": Spec("str", nonempty=True), "derived": Spec("str"),
}


def _resolve_base(shown: str, eid: str, entry: dict[str, Any], raw: dict[str, tuple[str, str, dict[str, Any]]]) -> dict[str, Any]:
    base_id = entry.get("base")
    if base_id is None:
        return dict(entry)
    seen = {eid}
    merged = dict(entry)
    while base_id is not None:
        if base_id in seen:
            raise MythrasDataError(f"{shown}: firearm.{eid}: base: {base_id!r} loops back on itself")
        found = raw.get(base_id)
        if found is None or found[1] not in ("firearm", "ranged"):
            raise MythrasDataError(f"{shown}: firearm.{eid}: base: no firearm or ranged entry {base_id!r}")
        seen.add(base_id)
        parent = found[2]
        merged = {**{k: v for k, v in parent.items() if k not in ("derived", "source")}, **merged}
        base_id = parent.get("base")
    merged.pop("base", None)
    return merged


def _build_weapon(shown: str, table: str, eid: str, v: dict[str, Any]) -> Weapon:
    where = f"{shown}: {table}.{eid}"
    _, required = WEAPON_TABLES[table]
    for key in required:
        if key not in v:
            raise MythrasDataError(f"{where}: {key}: missing (required)")
    modes = tuple(v.get("modes", ()))
    if table == "firearm":
        for mode, key in (("burst", "burst"), ("full_auto", "full_auto")):
            if (mode in modes) != (key in v):
                raise MythrasDataError(f"{where}: {key}: give it exactly when modes has {mode!r}")
            if key in v and v[key] > v["magazine"]:
                raise MythrasDataError(f"{where}: {key}: {v[key]} rounds exceed the magazine of {v['magazine']}")
    if table == "shield" and v["group"] != "shield":
        raise MythrasDataError(f"{where}: group: a shield's group must be 'shield', got {v['group']!r}")
    rng = v.get("range")
    return Weapon(
        id=eid, name=v["name"], kind=table, group=v["group"], damage=parse(v["damage"]), source=v["source"],
        size=v.get("size"), force=v.get("force"),
        damage_modifier=bool(v.get("damage_modifier", table in ("melee", "shield", "ranged"))),
        range_m=(float(rng[0]), float(rng[1]), float(rng[2])) if rng else None, load=int(v.get("load", 0)),
        impale_size=v.get("impale_size"), ap=v.get("ap"), hp=v.get("hp"), hands=int(v.get("hands", 1)),
        traits=frozenset(v.get("traits", ())), passive_locations=int(v.get("passive_locations", 0)),
        magazine=int(v.get("magazine", 0)), modes=modes, burst=int(v.get("burst", 0)),
        full_auto=int(v.get("full_auto", 0)), blast_radius_m=float(v.get("blast_radius", 0.0)),
        derived=v.get("derived", ""),
    )


def load_catalogue(weapon_paths: Iterable[Path] | None = None,
                   armour_paths: Iterable[Path] | None = None) -> Catalogue:
    """Load and validate the weapon and armour files (default: the shipped ones)."""
    wpaths = [DATA_DIR / f for f in WEAPON_FILES] if weapon_paths is None else [Path(p) for p in weapon_paths]
    apaths = [DATA_DIR / f for f in ARMOUR_FILES] if armour_paths is None else [Path(p) for p in armour_paths]
    raw: dict[str, tuple[str, str, dict[str, Any]]] = {}  # id -> (file, table, entry)
    for path in wpaths:
        shown = display(path)
        for table, body in read_toml(path).items():
            if table not in WEAPON_TABLES:
                raise MythrasDataError(f"{shown}: {table}: unknown table; expected one of {', '.join(WEAPON_TABLES)}")
            if not isinstance(body, dict):
                raise MythrasDataError(f"{shown}: {table}: must be a table of entries, got {type_name(body)}")
            for eid, entry in body.items():
                where = f"{shown}: {table}.{eid}"
                check_id(where, eid)
                check_entry(where, entry, WEAPON_TABLES[table][0])
                if eid in raw:
                    raise MythrasDataError(f"{where}: id: duplicate id, already defined in {raw[eid][0]}")
                raw[eid] = (shown, table, entry)
    cat = Catalogue()
    for eid, (shown, table, entry) in raw.items():
        merged = _resolve_base(shown, eid, entry, raw) if table == "firearm" else entry
        cat.weapons[eid] = _build_weapon(shown, table, eid, merged)
    for path in apaths:
        shown = display(path)
        for table, body in read_toml(path).items():
            if table != "armour" or not isinstance(body, dict):
                raise MythrasDataError(f"{shown}: {table}: unknown table; expected armour")
            for eid, entry in body.items():
                where = f"{shown}: armour.{eid}"
                check_id(where, eid)
                v = check_entry(where, entry, ARMOUR_SPECS)
                for key in ("name", "ap", "locations", "source"):
                    if key not in v:
                        raise MythrasDataError(f"{where}: {key}: missing (required)")
                if len(set(v["locations"])) != len(v["locations"]):
                    raise MythrasDataError(f"{where}: locations: a location is listed twice")
                if eid in cat.armour:
                    raise MythrasDataError(f"{where}: id: duplicate id")
                cat.armour[eid] = ArmourPiece(eid, v["name"], v["ap"], tuple(v["locations"]), v["source"],
                                              v.get("era", "modern"), v.get("derived", ""))
    return cat


@functools.cache
def default_catalogue() -> Catalogue:
    """The shipped catalogue, loaded once. Shared: do not modify it."""
    return load_catalogue()
