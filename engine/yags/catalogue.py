"""The weapon and armour catalogue: TOML files under `engine/yags/data/`, validated on load.

Each file holds `[weapon.<id>]` and `[armour.<id>]` tables; tools/build_catalogue.py writes
the shipped ones from the author's equipment lists. Files load in order; an entry whose id
is already known must say `patch = true`, and then replaces the earlier entry's fields one
by one (OpenXcom style; a `[weapon.<id>.thrown]` table is patched key by key too).

Weapon keys (types; default):
  name, kind ("melee" | "missile" | "explosive"), skill, source: strings, required.
  attack, defence, damage (int >= 0), damage_type ("wounds"), muscle (bool; true, false for
  explosives; false for firearms), reach (0..6), strength (>= 0), load (number >= 0),
  weapon_class, properties (lists of strings), description.
  Missile and explosive: increment (> 0), short <= medium <= long (> 0, metres, required),
  range_per_strength (bool), rof (>= 1), recoil (<= 0), capacity, reload (>= 0), burst
  (>= 1, automatic weapons), cone, blast_radius (>= 0), scope (>= 0), laser_scope (bool).
  Explosive: tnt_grams (> 0) and fragmentation (bool): damage and blast_radius come from
  `charge_strength` (radius x FRAGMENTATION_RADIUS_FACTOR with fragmentation); or, without
  tnt_grams, damage and blast_radius given directly.
  Melee: an optional `thrown` table (attack, damage, damage_type, muscle, properties,
  increment, short, medium, long, range_per_strength, ...): Weapon.thrown, id `<id>_thrown`.
Armour keys: name, protection (int >= 0), covers (head/torso/arms/legs), source, required;
  load, properties, restrictive, noisy, vitals (ints >= 0), layer ("under" | "mail" |
  "over": Stacking Armour; absent: the piece never layers), description.

Every problem raises `CatalogueError`, one line: `<file>: <table>.<id>: <field>: <problem>`.
The fields and their checks are in `catalogue_schema.py`; this module reads, patches and builds.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import datafile
from engine.yags.catalogue_schema import (
    MISSILE_ONLY,
    RANGE_KEYS,
    TABLES,
    THROWN_FIELDS,
    WEAPON_FIELDS,
    CatalogueError,
    check_value,
    show_value,
    type_name,
)
from engine.yags.equipment import (
    ArmourPiece,
    Catalogue,
    Weapon,
)
from engine.yags.tables import FRAGMENTATION_RADIUS_FACTOR, charge_strength

__all__ = ["DATA_DIR", "CatalogueError", "default_catalogue", "load_catalogue"]

DATA_DIR = Path(__file__).resolve().parent / "data"

# --- reading files -----------------------------------------------------------------------


@dataclass
class _Raw:
    """One entry's fields after patching, and which file set each field."""

    table: str
    id: str
    origin: str  # the file that first defined the entry
    values: dict[str, Any] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)  # "field" or "thrown.field" -> file

    def fail(self, key: str, problem: str) -> CatalogueError:
        file = self.files.get(key, self.origin)
        return CatalogueError(f"{file}: {self.table}.{self.id}: {key}: {problem}")


def _check_entry(shown: str, table: str, eid: str, entry: Any) -> None:
    """Types, unknown keys and per-field ranges of one entry as written in one file."""
    where = f"{shown}: {table}.{eid}"
    datafile.check_id(where, eid, CatalogueError)
    datafile.check_table(where, entry, TABLES[table], check_value, CatalogueError, nested={"thrown": THROWN_FIELDS})


def _merge(raw: _Raw, entry: dict[str, Any], shown: str) -> None:
    for key, value in entry.items():
        if key == "patch":
            continue
        if key == "thrown":
            thrown = raw.values.setdefault("thrown", {})
            for sub, subvalue in value.items():
                thrown[sub] = subvalue
                raw.files[f"thrown.{sub}"] = shown
            raw.files.setdefault("thrown", shown)
        else:
            raw.values[key] = value
            raw.files[key] = shown


def _gather(paths: Iterable[Path]) -> dict[str, dict[str, _Raw]]:
    entries: dict[str, dict[str, _Raw]] = {t: {} for t in TABLES}
    for path in paths:
        shown = datafile.shown_path(path)
        doc = datafile.read_toml(path, CatalogueError)
        for table, body in doc.items():
            if table not in TABLES:
                raise CatalogueError(f"{shown}: {table}: unknown table; expected weapon or armour")
            if not isinstance(body, dict):
                raise CatalogueError(f"{shown}: {table}: must be a table of entries, got {type_name(body)}")
            for eid, entry in body.items():
                _check_entry(shown, table, eid, entry)
                patch = entry.get("patch", False)
                known = entries[table].get(eid)
                if known is None:
                    if patch:
                        raise CatalogueError(
                            f"{shown}: {table}.{eid}: patch: no earlier entry with this id to patch")
                    known = entries[table][eid] = _Raw(table, eid, shown)
                elif not patch:
                    raise CatalogueError(
                        f"{shown}: {table}.{eid}: id: duplicate id, already defined in {known.origin} "
                        "(add patch = true to change it)")
                _merge(known, entry, shown)
    return entries


# --- building ----------------------------------------------------------------------------


def _require(raw: _Raw, values: dict[str, Any], keys: Iterable[str], prefix: str = "") -> None:
    for key in keys:
        if key not in values:
            raise raw.fail(prefix + key, "missing (required)")


def _check_ranges(raw: _Raw, values: dict[str, Any], prefix: str = "") -> None:
    short, medium, long = values["short"], values["medium"], values["long"]
    if short > medium:
        raise raw.fail(prefix + "short", f"must not exceed medium, got {show_value(short)} > {show_value(medium)}")
    if medium > long:
        raise raw.fail(prefix + "medium", f"must not exceed long, got {show_value(medium)} > {show_value(long)}")


def _floats(values: dict[str, Any]) -> dict[str, Any]:
    out = dict(values)
    for key, spec in WEAPON_FIELDS.items():
        if spec.kind == "float" and key in out:
            out[key] = float(out[key])
    return out


def _build_thrown(raw: _Raw, parent: dict[str, Any]) -> Weapon:
    values = raw.values["thrown"]
    _require(raw, values, ("damage", *RANGE_KEYS), "thrown.")
    _check_ranges(raw, values, "thrown.")
    merged = {
        "name": f"{parent['name']} (thrown)",
        "damage_type": parent.get("damage_type", "wounds"),
        "muscle": parent.get("muscle", True),
        "reach": parent.get("reach", 0),
        "strength": parent.get("strength", 0),
        "load": parent.get("load", 0.0),
        "weapon_class": parent.get("weapon_class", []),
        "description": parent.get("description", ""),
        **values,
    }
    merged["properties"] = set(values.get("properties", parent.get("properties", []))) | {"thrown"}
    if "firearm" in merged["properties"]:
        raise raw.fail("thrown.properties", "a thrown profile cannot be a firearm")
    merged = _floats(merged)
    return Weapon(
        id=f"{raw.id}_thrown", kind="missile", skill="Throw", source=parent["source"],
        weapon_class=tuple(merged.pop("weapon_class")), properties=frozenset(merged.pop("properties")),
        **merged,
    )


def _build_weapon(raw: _Raw) -> Weapon:
    values = dict(raw.values)
    _require(raw, values, ("name", "kind", "skill", "source"))
    kind = values["kind"]
    props = set(values.get("properties", []))
    if kind == "melee":
        _require(raw, values, ("damage",))
        for key in (*MISSILE_ONLY, "tnt_grams", "fragmentation"):
            if key in values:
                raise raw.fail(key, "not used by melee weapons (give a missile profile in a thrown table)")
    else:
        if "thrown" in values:
            raise raw.fail("thrown", f"only melee weapons have a thrown profile, this one is {kind}")
        _require(raw, values, RANGE_KEYS)
        _check_ranges(raw, values)
        if "burst" in values and not props & {"automatic", "tripleauto"}:
            raise raw.fail("burst", "only automatic weapons fire bursts; add 'automatic' to properties")
    if kind == "explosive":
        values.setdefault("muscle", False)
        if "tnt_grams" in values:
            for key in ("damage", "blast_radius"):
                if key in values:
                    raise raw.fail(key, "computed from tnt_grams; remove it or remove tnt_grams")
            fragmentation = values.pop("fragmentation", False)
            if "fragmentation" in props and not fragmentation:
                raise raw.fail("properties", "'fragmentation' is set by fragmentation = true")
            damage, radius = charge_strength(values["tnt_grams"])
            if fragmentation:
                radius *= FRAGMENTATION_RADIUS_FACTOR
                props.add("fragmentation")
            values["damage"], values["blast_radius"] = damage, radius
        else:
            if "fragmentation" in values:
                raise raw.fail("fragmentation", "only with tnt_grams (the radius is computed from it)")
            _require(raw, values, ("damage", "blast_radius"))
    else:
        for key in ("tnt_grams", "fragmentation"):
            if key in values:
                raise raw.fail(key, "only explosive weapons are built from a TNT charge")
    if "firearm" in props and values.get("muscle", True):
        raise raw.fail("muscle", "a firearm's damage is its straight number; set muscle = false")
    thrown = _build_thrown(raw, values) if "thrown" in values else None
    values.pop("thrown", None)
    values = _floats(values)
    return Weapon(
        id=raw.id, thrown=thrown,
        weapon_class=tuple(values.pop("weapon_class", ())), properties=frozenset(props),
        **{k: v for k, v in values.items() if k != "properties"},
    )


def _build_armour(raw: _Raw) -> ArmourPiece:
    values = dict(raw.values)
    _require(raw, values, ("name", "protection", "covers", "source"))
    if "load" in values:
        values["load"] = float(values["load"])
    return ArmourPiece(
        id=raw.id, covers=frozenset(values.pop("covers")),
        properties=frozenset(values.pop("properties", ())), **values,
    )


def load_catalogue(paths: list[Path] | None = None) -> Catalogue:
    """Load, patch and validate catalogue files (default: every *.toml in engine/yags/data,
    in sorted order). Raises CatalogueError naming the file, the entry and the field."""
    if paths is None:
        paths = sorted(DATA_DIR.glob("*.toml"))
    entries = _gather(Path(p) for p in paths)
    catalogue = Catalogue()
    for raw in entries["weapon"].values():
        catalogue.weapons[raw.id] = _build_weapon(raw)
    for wid, weapon in catalogue.weapons.items():
        if weapon.thrown is not None and weapon.thrown.id in catalogue.weapons:
            raw = entries["weapon"][wid]
            raise raw.fail("thrown", f"its id {weapon.thrown.id!r} is taken by another weapon")
    for raw in entries["armour"].values():
        catalogue.armour[raw.id] = _build_armour(raw)
    return catalogue


@functools.cache
def default_catalogue() -> Catalogue:
    """The shipped catalogue, loaded once. Shared: do not modify it."""
    return load_catalogue()
