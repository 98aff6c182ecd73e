"""The Yags SF catalogue: TOML files under `engine/yags_sf/data/`, validated on load.

melee.toml `[melee.<id>]`: name, skill (brawling, knives, swords, two_handed_swords, clubs),
  init, attack, defence, damage (ints), strength (int >= 0), size (S, M, L), load (kg >= 0),
  source (required); two_handed, small, shield (bool); derived (str).
firearms.toml `[firearm.<id>]`: name, group, skill (pistols, rifles), init, attack, damage,
  strength, size, rof ("~" or int >= 1), shots (>= 1), recoil (<= 0), lc, short <= medium <=
  long (metres > 0), load, reload (rounds >= 1), magazine_load, source; triple, derived.
armour.toml `[armour.<id>]`: name, half <= full (ints >= 0), load_half, load_full, source:
  pieces `<id>.half` and `<id>.full`; `[headgear.<id>]`: name, load, source (no protection).
explosives.toml `[explosive.<id>]`: name, damage, radius (> 0), subduing (bool),
  range_per_strength (> 0), load, source.
templates.toml `[template.<name>]`: attributes, skills (tables of ints), weapon, armour,
  grenades, second_weapon, magazines, base (another template).
kit_map.toml `[weapon]`, `[armour]`, `[explosive]`: Yags id = this ruleset's id.

Every problem raises `CatalogueError`, one line: `<file>: <table>.<id>: <field>: <problem>`.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.datafile import SNAKE_ID
from engine.yags_sf.equipment import (
    FIREARM_SKILLS,
    MELEE_SKILLS,
    SIZES,
    ArmourPiece,
    Catalogue,
    Explosive,
    Template,
    Weapon,
)

DATA_DIR = Path(__file__).resolve().parent / "data"
ATTRIBUTES = ("strength", "health", "agility", "dexterity", "perception", "intelligence")
SKILLS = (*MELEE_SKILLS, *FIREARM_SKILLS, "stamina", "first_aid", "throwing")


class CatalogueError(ValueError):
    """A catalogue file is unreadable or an entry is invalid; the message is one line."""


# (type, required, low, high, choices); type: int, num, str, bool, strs, table, rof
_S = tuple[str, bool, float | None, float | None, tuple[str, ...] | None]


def _f(kind: str, required: bool = True, low: float | None = None, high: float | None = None,
       choices: tuple[str, ...] | None = None) -> _S:
    return (kind, required, low, high, choices)


_COMMON = {"name": _f("str"), "source": _f("str"), "derived": _f("str", False)}
MELEE_FIELDS = {
    **_COMMON, "skill": _f("str", choices=MELEE_SKILLS), "init": _f("int"), "attack": _f("int"),
    "defence": _f("int"), "damage": _f("int"), "strength": _f("int", low=0),
    "size": _f("str", choices=SIZES), "load": _f("num", low=0),
    "two_handed": _f("bool", False), "small": _f("bool", False), "shield": _f("bool", False),
}
FIREARM_FIELDS = {
    **_COMMON, "group": _f("str"), "skill": _f("str", choices=FIREARM_SKILLS), "init": _f("int"),
    "attack": _f("int"), "damage": _f("int", low=0), "strength": _f("int", low=0),
    "size": _f("str", choices=SIZES), "rof": _f("rof"), "shots": _f("int", low=1),
    "recoil": _f("int", high=0), "lc": _f("int", low=0), "short": _f("num", low=0.001),
    "medium": _f("num", low=0.001), "long": _f("num", low=0.001), "load": _f("num", low=0),
    "reload": _f("int", low=1), "magazine_load": _f("num", low=0), "triple": _f("bool", False),
}
ARMOUR_FIELDS = {**_COMMON, "half": _f("int", low=0), "full": _f("int", low=0),
                 "load_half": _f("num", low=0), "load_full": _f("num", low=0)}
HEADGEAR_FIELDS = {**_COMMON, "load": _f("num", low=0)}
EXPLOSIVE_FIELDS = {
    **_COMMON, "damage": _f("int", low=0), "radius": _f("num", low=0.001), "subduing": _f("bool"),
    "range_per_strength": _f("num", low=0.001), "load": _f("num", low=0),
}
TEMPLATE_FIELDS = {
    "base": _f("str", False), "attributes": _f("table", False), "skills": _f("table", False),
    "weapon": _f("str", False), "second_weapon": _f("str", False), "armour": _f("strs", False),
    "grenades": _f("strs", False), "magazines": _f("int", False, low=0), "note": _f("str", False),
}


def _problem(spec: _S, value: Any) -> str | None:
    kind, _, low, high, choices = spec
    shown = repr(value)
    if kind == "str":
        if not isinstance(value, str) or not value.strip():
            return f"must be a non-empty string, got {shown}"
        if choices and value not in choices:
            return f"must be one of {', '.join(choices)}, got {shown}"
        return None
    if kind == "bool":
        return None if isinstance(value, bool) else f"must be true or false, got {shown}"
    if kind == "table":
        return None if isinstance(value, dict) else f"must be a table, got {shown}"
    if kind == "strs":
        ok = isinstance(value, list) and all(isinstance(v, str) and v for v in value)
        return None if ok else f"must be an array of strings, got {shown}"
    if kind == "rof":
        if value == "~":
            return None
        kind = "int"
        low = 1
    if isinstance(value, bool) or not isinstance(value, int | float) or (kind == "int" and not isinstance(value, int)):
        return f"must be {'an integer' if kind == 'int' else 'a number'}, got {shown}"
    if low is not None and value < low:
        return f"must be at least {low:g}, got {value}"
    if high is not None and value > high:
        return f"must be at most {high:g}, got {value}"
    return None


def _validate(where: str, entry: Any, fields: dict[str, _S]) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise CatalogueError(f"{where}: must be a table")
    for key in entry:
        if key not in fields:
            raise CatalogueError(f"{where}: {key}: unknown field; expected one of {', '.join(fields)}")
    for key, spec in fields.items():
        if key not in entry:
            if spec[1]:
                raise CatalogueError(f"{where}: {key}: missing")
            continue
        problem = _problem(spec, entry[key])
        if problem:
            raise CatalogueError(f"{where}: {key}: {problem}")
    return entry


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise CatalogueError(f"{path.name}: file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(f"{path.name}: not valid TOML: {exc}") from None


def _entries(path: Path, data: dict[str, Any], table: str) -> dict[str, Any]:
    entries = data.get(table, {})
    if not isinstance(entries, dict):
        raise CatalogueError(f"{path.name}: {table}: must be a table of entries")
    for eid in entries:
        if not SNAKE_ID.fullmatch(eid):
            raise CatalogueError(f"{path.name}: {table}.{eid}: the id must be lower_snake_case")
    return entries


def _check_tables(path: Path, data: dict[str, Any], allowed: tuple[str, ...]) -> None:
    for key in data:
        if key not in allowed:
            raise CatalogueError(f"{path.name}: {key}: unknown table; expected {', '.join(allowed)}")


def load_weapons(melee: Path, firearms: Path) -> dict[str, Weapon]:
    out: dict[str, Weapon] = {}
    data = _read(melee)
    _check_tables(melee, data, ("melee",))
    for wid, e in _entries(melee, data, "melee").items():
        e = _validate(f"{melee.name}: melee.{wid}", e, MELEE_FIELDS)
        out[wid] = Weapon(id=wid, kind="melee", **e)
    data = _read(firearms)
    _check_tables(firearms, data, ("firearm",))
    for wid, e in _entries(firearms, data, "firearm").items():
        where = f"{firearms.name}: firearm.{wid}"
        e = dict(_validate(where, e, FIREARM_FIELDS))
        if not e["short"] <= e["medium"] <= e["long"]:
            raise CatalogueError(f"{where}: short, medium, long: must not decrease, got "
                                 f"{e['short']:g}, {e['medium']:g}, {e['long']:g}")
        if wid in out:
            raise CatalogueError(f"{where}: the id is already a melee weapon")
        e["rof"] = None if e["rof"] == "~" else e["rof"]
        out[wid] = Weapon(id=wid, kind="firearm", **e)
    return out


def load_armour(path: Path) -> dict[str, ArmourPiece]:
    data = _read(path)
    _check_tables(path, data, ("armour", "headgear"))
    out: dict[str, ArmourPiece] = {}
    for aid, e in _entries(path, data, "armour").items():
        where = f"{path.name}: armour.{aid}"
        _validate(where, e, ARMOUR_FIELDS)
        if e["half"] > e["full"]:
            raise CatalogueError(f"{where}: half: must not exceed full ({e['half']} > {e['full']})")
        for cover in ("half", "full"):
            out[f"{aid}.{cover}"] = ArmourPiece(f"{aid}.{cover}", f"{e['name']} ({cover})", cover,
                                                e[cover], float(e[f"load_{cover}"]), e["source"],
                                                e.get("derived", ""))
    for hid, e in _entries(path, data, "headgear").items():
        _validate(f"{path.name}: headgear.{hid}", e, HEADGEAR_FIELDS)
        out[hid] = ArmourPiece(hid, e["name"], "head", 0, float(e["load"]), e["source"], e.get("derived", ""))
    return out


def load_explosives(path: Path) -> dict[str, Explosive]:
    data = _read(path)
    _check_tables(path, data, ("explosive",))
    out: dict[str, Explosive] = {}
    for eid, e in _entries(path, data, "explosive").items():
        _validate(f"{path.name}: explosive.{eid}", e, EXPLOSIVE_FIELDS)
        out[eid] = Explosive(id=eid, **{**e, "radius": float(e["radius"]), "load": float(e["load"])})
    return out


KIT_TABLES = ("weapon", "armour", "explosive")


def load_kit_map(path: Path, weapons: dict[str, Weapon], armour: dict[str, ArmourPiece],
                 explosives: dict[str, Explosive]) -> dict[str, str]:
    """Yags id -> this ruleset's id; every target must exist in its own table."""
    data = _read(path)
    _check_tables(path, data, KIT_TABLES)
    known: dict[str, Mapping[str, object]] = {"weapon": weapons, "armour": armour, "explosive": explosives}
    out: dict[str, str] = {}
    for table in KIT_TABLES:
        for yid, own in _entries(path, data, table).items():
            where = f"{path.name}: {table}.{yid}"
            if not isinstance(own, str) or own not in known[table]:
                raise CatalogueError(f"{where}: {own!r} is not a {table} of yags-sf; "
                                     f"known: {', '.join(sorted(known[table]))}")
            if yid in out:
                raise CatalogueError(f"{where}: the Yags id is mapped twice")
            out[yid] = own
    return out


def load_templates(path: Path, weapons: dict[str, Weapon], armour: dict[str, ArmourPiece],
                   explosives: dict[str, Explosive]) -> dict[str, Template]:
    """Templates with `base` resolved (attributes and skills key by key, the rest replaced)."""
    data = _read(path)
    _check_tables(path, data, ("template",))
    raw = _entries(path, data, "template")
    for name, e in raw.items():
        _validate(f"{path.name}: template.{name}", e, TEMPLATE_FIELDS)

    def resolved(name: str, chain: tuple[str, ...]) -> dict[str, Any]:
        where = f"{path.name}: template.{name}"
        if name in chain:
            raise CatalogueError(f"{where}: base: {' -> '.join((*chain, name))} is a cycle")
        e = raw[name]
        if "base" not in e:
            return dict(e)
        if e["base"] not in raw:
            raise CatalogueError(f"{where}: base: no template {e['base']!r}")
        out = resolved(e["base"], (*chain, name))
        for key, value in e.items():
            if key in ("attributes", "skills"):
                out[key] = {**out.get(key, {}), **value}
            elif key != "base":
                out[key] = value
        return out

    out: dict[str, Template] = {}
    for name in raw:
        e = resolved(name, ())
        where = f"{path.name}: template.{name}"
        attrs, skills = e.get("attributes", {}), e.get("skills", {})
        for key, value in attrs.items():
            if key not in ATTRIBUTES:
                raise CatalogueError(f"{where}: attributes: unknown attribute {key!r}; expected {', '.join(ATTRIBUTES)}")
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise CatalogueError(f"{where}: attributes.{key}: must be an integer >= 1, got {value!r}")
        for missing in (a for a in ATTRIBUTES if a not in attrs):
            raise CatalogueError(f"{where}: attributes.{missing}: missing")
        for key, value in skills.items():
            if key not in SKILLS:
                raise CatalogueError(f"{where}: skills: unknown skill {key!r}; expected {', '.join(SKILLS)}")
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise CatalogueError(f"{where}: skills.{key}: must be an integer >= 0, got {value!r}")
        if "weapon" not in e:
            raise CatalogueError(f"{where}: weapon: missing")
        for key in ("weapon", "second_weapon"):
            if key in e and e[key] not in weapons:
                raise CatalogueError(f"{where}: {key}: {e[key]!r} is not a weapon of yags-sf")
        for key, table in (("armour", armour), ("grenades", explosives)):
            for item in e.get(key, ()):
                if item not in table:
                    raise CatalogueError(f"{where}: {key}: {item!r} is not in yags-sf's {key}")
        out[name] = Template(name, dict(attrs), dict(skills), e["weapon"], tuple(e.get("armour", ())),
                             tuple(e.get("grenades", ())), e.get("second_weapon"), int(e.get("magazines", 0)))
    return out


def load_catalogue(data_dir: Path = DATA_DIR) -> Catalogue:
    """Load and validate every file of the catalogue."""
    weapons = load_weapons(data_dir / "melee.toml", data_dir / "firearms.toml")
    armour = load_armour(data_dir / "armour.toml")
    explosives = load_explosives(data_dir / "explosives.toml")
    kit = load_kit_map(data_dir / "kit_map.toml", weapons, armour, explosives)
    templates = load_templates(data_dir / "templates.toml", weapons, armour, explosives)
    return Catalogue(weapons, armour, explosives, templates, kit)


@functools.lru_cache(maxsize=1)
def default_catalogue() -> Catalogue:
    """The shipped catalogue, loaded once."""
    return load_catalogue()


def map_kit(yags_id: str) -> str:
    """This ruleset's id for a Yags catalogue id; raises KitError naming the ruleset and id."""
    return default_catalogue().map_kit(yags_id)
