"""Troop templates (data/templates.toml) and the kit map from Yags ids (data/kit_map.toml),
validated on load; `make_character` builds a map unit or squad spec under Mythras.

Template keys: name, characteristics {STR..CHA}, style, style_groups, skills {skill:
points}, weapon, second_weapon, armour [ids], grenades [ids], traits, base (a template it
changes), source. After `base`: name, characteristics, style, style_groups, skills,
weapon, armour and grenades are required. Errors name the file, the entry and the field.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.mythras.catalogue import (
    DATA_DIR,
    MythrasDataError,
    Spec,
    check_entry,
    check_id,
    display,
    read_toml,
    type_name,
)
from engine.mythras.character import (
    CHARACTERISTIC_RANGE,
    CHARACTERISTICS,
    POINTS_BUILD,
    SKILL_BASES,
    SKILL_POINTS,
    STYLE_TRAITS,
    Character,
    build_character,
)
from engine.mythras.equipment import STYLE_GROUPS, Catalogue

TEMPLATE_SPECS = {
    "name": Spec("str", nonempty=True), "characteristics": Spec("table"), "style": Spec("str", nonempty=True),
    "style_groups": Spec("strlist", choices=STYLE_GROUPS), "skills": Spec("table"),
    "weapon": Spec("str", nonempty=True), "second_weapon": Spec("str", nonempty=True),
    "armour": Spec("strlist"), "grenades": Spec("strlist"), "traits": Spec("strlist", choices=STYLE_TRAITS),
    "base": Spec("str", nonempty=True), "source": Spec("str"),
}
_REQUIRED = ("name", "characteristics", "style", "style_groups", "skills", "weapon", "armour", "grenades")


@dataclass(frozen=True)
class Template:
    id: str
    name: str
    characteristics: Mapping[str, int]
    style: str
    style_groups: frozenset[str]
    skills: Mapping[str, int]  # points added to the base values
    weapon: str
    armour: tuple[str, ...]
    grenades: tuple[str, ...]
    second_weapon: str | None = None
    traits: frozenset[str] = frozenset()


def _check_template(where: str, v: dict[str, Any], cat: Catalogue) -> None:
    ch = v["characteristics"]
    for c in ch:
        if c not in CHARACTERISTICS:
            raise MythrasDataError(f"{where}: characteristics.{c}: unknown; expected {', '.join(CHARACTERISTICS)}")
    for c in CHARACTERISTICS:
        if c not in ch:
            raise MythrasDataError(f"{where}: characteristics.{c}: missing (required)")
        lo, hi = CHARACTERISTIC_RANGE[c]
        value = ch[c]
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise MythrasDataError(f"{where}: characteristics.{c}: must be a whole number {lo}..{hi}, got {value!r}")
    total = sum(ch.values())
    if total > POINTS_BUILD:
        raise MythrasDataError(f"{where}: characteristics: {total} points, more than the Points Build's {POINTS_BUILD}")
    spent = 0
    for key, value in v["skills"].items():
        if key not in SKILL_BASES:
            raise MythrasDataError(f"{where}: skills.{key}: unknown skill; expected one of {', '.join(SKILL_BASES)}")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise MythrasDataError(f"{where}: skills.{key}: must be a whole number of points >= 0, got {value!r}")
        spent += value
    if spent > SKILL_POINTS:
        raise MythrasDataError(f"{where}: skills: {spent} points, more than the {SKILL_POINTS} a character has")
    for key, kinds in (("weapon", None), ("second_weapon", None)):
        wid = v.get(key)
        if wid is not None and wid not in cat.weapons:
            raise MythrasDataError(f"{where}: {key}: unknown weapon {wid!r}")
        if wid is not None and kinds is None and cat.weapons[wid].kind == "explosive":
            raise MythrasDataError(f"{where}: {key}: {wid!r} is an explosive; list it in grenades")
    for aid in v["armour"]:
        if aid not in cat.armour:
            raise MythrasDataError(f"{where}: armour: unknown armour {aid!r}")
    for gid in v["grenades"]:
        if gid not in cat.weapons or cat.weapons[gid].kind != "explosive":
            raise MythrasDataError(f"{where}: grenades: {gid!r} is not an explosive")


def load_templates(path: Path | None = None, catalogue: Catalogue | None = None) -> dict[str, Template]:
    """Templates by id, each with its `base` chain resolved and checked."""
    from engine.mythras.catalogue import default_catalogue

    cat = catalogue or default_catalogue()
    path = path or DATA_DIR / "templates.toml"
    shown = display(path)
    doc = read_toml(path)
    body = doc.get("template")
    for table in doc:
        if table != "template":
            raise MythrasDataError(f"{shown}: {table}: unknown table; expected template")
    if not isinstance(body, dict):
        raise MythrasDataError(f"{shown}: template: must be a table of entries, got {type_name(body)}")
    for tid, entry in body.items():
        check_id(f"{shown}: template.{tid}", tid)
        check_entry(f"{shown}: template.{tid}", entry, TEMPLATE_SPECS)
    out: dict[str, Template] = {}
    for tid, entry in body.items():
        where = f"{shown}: template.{tid}"
        merged, seen, base = dict(entry), {tid}, entry.get("base")
        while base is not None:
            if base in seen or base not in body:
                problem = "loops back on itself" if base in seen else "no such template"
                raise MythrasDataError(f"{where}: base: {base!r}: {problem}")
            seen.add(base)
            merged = {**body[base], **merged}
            base = body[base].get("base")
        merged.pop("base", None)
        for key in _REQUIRED:
            if key not in merged:
                raise MythrasDataError(f"{where}: {key}: missing (required, here or in its base)")
        _check_template(where, merged, cat)
        out[tid] = Template(tid, merged["name"], dict(merged["characteristics"]), merged["style"],
                            frozenset(merged["style_groups"]), dict(merged["skills"]), merged["weapon"],
                            tuple(merged["armour"]), tuple(merged["grenades"]), merged.get("second_weapon"),
                            frozenset(merged.get("traits", ())))
    return out


@functools.cache
def default_templates() -> dict[str, Template]:
    return load_templates()


# --- the kit map -------------------------------------------------------------------------


class KitError(KeyError):
    """A Yags catalogue id with no Mythras equivalent (the map checker reports it)."""

    def __str__(self) -> str:
        return str(self.args[0])


def load_kit_map(path: Path | None = None, catalogue: Catalogue | None = None) -> dict[str, dict[str, str]]:
    """{'weapon': {yags id: own id}, 'armour': {...}}, every own id checked."""
    from engine.mythras.catalogue import default_catalogue

    cat = catalogue or default_catalogue()
    path = path or DATA_DIR / "kit_map.toml"
    shown = display(path)
    doc = read_toml(path)
    out: dict[str, dict[str, str]] = {"weapon": {}, "armour": {}}
    for table, body in doc.items():
        if table not in out or not isinstance(body, dict):
            raise MythrasDataError(f"{shown}: {table}: unknown table; expected weapon or armour")
        known = cat.weapons if table == "weapon" else cat.armour
        for yid, own in body.items():
            if not isinstance(own, str):
                raise MythrasDataError(f"{shown}: {table}.{yid}: must be a string id, got {type_name(own)}")
            if own not in known:
                raise MythrasDataError(f"{shown}: {table}.{yid}: unknown mythras {table} {own!r}")
            out[table][yid] = own
    return out


@functools.cache
def default_kit_map() -> dict[str, dict[str, str]]:
    return load_kit_map()


def map_kit(yags_id: str, kind: str | None = None) -> str:
    """This ruleset's id for a Yags catalogue id (`kind`: 'weapon', 'armour' or None for
    either). Own ids pass through. Raises KitError naming the ruleset and the id."""
    kit = default_kit_map()
    kinds = (kind,) if kind else ("weapon", "armour")
    for k in kinds:
        if yags_id in kit[k]:
            return kit[k][yags_id]
    from engine.mythras.catalogue import default_catalogue

    cat = default_catalogue()
    for k in kinds:
        if (k == "weapon" and yags_id in cat.weapons) or (k == "armour" and yags_id in cat.armour):
            return yags_id
    raise KitError(f"ruleset mythras has no {kind or 'kit'} for {yags_id!r} (engine/mythras/data/kit_map.toml)")


def _ids(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [p.strip() for p in value.split(",") if p.strip() and p.strip().lower() != "none"]
    return [str(v) for v in value]


def make_character(spec: Mapping[str, Any], catalogue: Catalogue | None = None,
                   templates: Mapping[str, Template] | None = None) -> Character:
    """A unit spec (name, role, template, weapon, second_weapon, armour, grenades: Yags or
    own ids) under Mythras: the role's template (else the template's, else rifleman), its
    kit replaced by the spec's mapped kit; Yags attributes and skills are ignored."""
    from engine.mythras.catalogue import default_catalogue

    cat = catalogue or default_catalogue()
    tps = templates or default_templates()
    tid = next((t for t in (spec.get("role"), spec.get("template"), "rifleman") if t and t in tps), None)
    if tid is None:
        raise KitError(f"ruleset mythras has no template for role {spec.get('role')!r}")
    t = tps[tid]
    weapon_id = map_kit(spec["weapon"], "weapon") if spec.get("weapon") else t.weapon
    second = spec.get("second_weapon", t.second_weapon)
    armour = [map_kit(a, "armour") for a in _ids(spec["armour"])] if "armour" in spec else list(t.armour)
    grenades = [map_kit(g, "weapon") for g in _ids(spec["grenades"])] if "grenades" in spec else list(t.grenades)
    return build_character(
        str(spec.get("name") or t.name), t.characteristics, t.skills, style=t.style,
        style_groups=t.style_groups, traits=t.traits, weapon=cat.weapon(weapon_id),
        second_weapon=cat.weapon(map_kit(second, "weapon")) if second else None,
        armour=tuple(cat.armour_piece(a) for a in armour),
        grenades=tuple(cat.weapon(g) for g in grenades), role=tid)
