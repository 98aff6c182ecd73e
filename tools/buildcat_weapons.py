"""The weapon entries: core-weapons.xml and the .yags lists read into `Built` entries, with
thrown profiles, the melee weapons, the firearms and our explosives (a part of tools/build_catalogue.py, which runs it)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from buildcat_readings import (
    CLASS_FIXES,
    CORE_WEAPONS,
    DROPPED_TAGS,
    EXPLOSIVES,
    FIREARM_FILES,
    GRENADE_RANGE,
    MELEE_YAGS,
    NAME_FIXES,
    REACH_FROM_RULES,
    SHOTGUN_CONE,
    TAG_PROPERTIES,
    THROWN_BANDS_IMPROVISED,
    THROWN_BANDS_THROWABLE,
    BuildError,
)
from buildcat_xml import (
    damage_of,
    description,
    ident,
    integer,
    kid,
    kids,
    local,
    number,
    ranges,
    skill_for,
    text,
)

# --- weapons ---------------------------------------------------------------------------------


class Built:
    """One catalogue entry, with comments for the maintainer reading the TOML."""

    def __init__(self, wid: str, values: dict, comments: list[str] | None = None):
        self.id = wid
        self.values = values
        self.comments = comments or []


def core_weapons(path: Path) -> dict[str, ET.Element]:
    root = ET.parse(path).getroot()
    out: dict[str, ET.Element] = {}
    for w in root.iter("weapon"):
        out[w.get("name")] = w
    return out


def yags_items(path: Path) -> list[tuple[str, ET.Element, ET.Element]]:
    root = ET.parse(path).getroot()
    out = []
    for item in kids(root, "item"):
        weapon = kid(item, "weapon")
        if weapon is not None:
            out.append((item.get("name"), item, weapon))
    return out


def thrown_profile(combat: ET.Element, parent: dict, where: str) -> dict:
    attack = integer(kid(combat, "attack"), f"{where}: attack")
    damage, dtype, muscle = damage_of(combat, where)
    if muscle != parent["muscle"]:
        raise BuildError(f"{where}: thrown mode and melee mode differ in damage kind (+N or N)")
    rng = kid(combat, "range")
    if rng is not None:
        bands = ranges(rng, where)
    else:
        inc, short, medium, long = (
            THROWN_BANDS_THROWABLE if "throwable" in parent["properties"] else THROWN_BANDS_IMPROVISED
        )
        bands = {"increment": inc, "short": short, "medium": medium, "long": long,
                 "range_per_strength": True}
    props = sorted((set(parent["properties"]) - {"throwable", "two_handed"}) | {"thrown"})
    return {"attack": attack, "damage": damage, "damage_type": dtype, "properties": props, **bands}


def melee_thrown_profile(parent: dict) -> dict:
    """The thrown mode of a <throwable/> weapon that has none in either list: its melee
    attack and damage, the throwable bands (THROWN_BANDS_THROWABLE)."""
    inc, short, medium, long = THROWN_BANDS_THROWABLE
    props = sorted((set(parent["properties"]) - {"throwable", "two_handed"}) | {"thrown"})
    return {"attack": parent["attack"], "damage": parent["damage"], "damage_type": parent["damage_type"],
            "properties": props, "increment": inc, "short": short, "medium": medium, "long": long,
            "range_per_strength": True}


def core_entry(name: str, w: ET.Element, source: str) -> Built:
    where = f"{source}: {name}"
    classes = [CLASS_FIXES.get(c.text.strip(), c.text.strip()) for c in kids(w, "class")]
    modes = {c.get("mode"): c for c in kids(w, "combat")}
    props = set()
    for p in kids(w, "property"):
        tag = text(p)
        if tag not in TAG_PROPERTIES:
            raise BuildError(f"{where}: unknown property {tag!r}")
        props.add(TAG_PROPERTIES[tag])
    comments: list[str] = []
    values: dict = {"name": name}
    reach = integer(kid(w, "reach"), f"{where}: reach")
    if name in REACH_FROM_RULES and REACH_FROM_RULES[name] != reach:
        comments.append(f"reach {reach} in {source}; {REACH_FROM_RULES[name]} per yags-combat.md, Reach")
        reach = REACH_FROM_RULES[name]
    common = {
        "reach": reach,
        "strength": integer(kid(w, "strength"), f"{where}: strength"),
        "load": number(kid(w, "load"), f"{where}: load", 0),
        "weapon_class": classes,
    }
    if "Melee" in modes:
        combat = modes["Melee"]
        damage, dtype, muscle = damage_of(combat, where)
        values.update(kind="melee", skill=skill_for(classes),
                      attack=integer(kid(combat, "attack"), where),
                      defence=integer(kid(combat, "defence"), where),
                      damage=damage, damage_type=dtype, muscle=muscle, **common,
                      properties=sorted(props))
        bash = kid(combat, "bash")
        if bash is not None:
            comments.append(f"bash {text(bash)} in {source} (no shield bash in the d20 rules)")
        if "Thrown" in modes:
            values["thrown"] = thrown_profile(modes["Thrown"], values, where)
        elif "throwable" in props:
            values["thrown"] = melee_thrown_profile(values)
            comments.append(f"throwable, but no thrown mode in {source}: thrown with its melee bonuses")
    elif "Thrown" in modes or "Projectile" in modes:
        mode = "Thrown" if "Thrown" in modes else "Projectile"
        combat = modes[mode]
        damage, dtype, muscle = damage_of(combat, where)
        props.add("thrown" if mode == "Thrown" else "projectile")
        rng = kid(combat, "range")
        if rng is None:
            raise BuildError(f"{where}: missile weapon without <range>")
        values.update(kind="missile", skill=skill_for(classes),
                      attack=integer(kid(combat, "attack"), where),
                      damage=damage, damage_type=dtype, muscle=muscle, **common,
                      properties=sorted(props), **ranges(rng, where))
    else:
        raise BuildError(f"{where}: no combat mode")
    values["description"] = description(w)
    values["source"] = source
    return Built(ident(name), values, comments)


def yags_entry(name: str, item: ET.Element, w: ET.Element, source: str) -> Built:
    where = f"{source}: {name}"
    comments: list[str] = []
    if name in NAME_FIXES:
        comments.append(f"named {name!r} in {source}")
        name = NAME_FIXES[name]
    classes = [CLASS_FIXES.get(text(c), text(c)) for c in kids(w, "class")]
    combat = kid(w, "combat")
    if combat is None:
        raise BuildError(f"{where}: no <combat>")
    props: set[str] = set()
    extra: dict = {}
    tags = kid(w, "properties")
    for tag_elem in (list(tags) if tags is not None else []):
        tag = local(tag_elem.tag)
        if tag in TAG_PROPERTIES:
            props.add(TAG_PROPERTIES[tag])
            if tag == "automatic" and tag_elem.get("score"):
                extra["burst"] = int(tag_elem.get("score"))
        elif tag == "reload":
            extra["reload"] = int(tag_elem.get("score"))
        elif tag == "cone":
            extra["cone"] = float(tag_elem.get("score"))
        elif tag == "explosive":
            extra["blast_radius"] = float(tag_elem.get("score"))
        elif tag == "shotgun":
            extra.setdefault("shotgun", True)
        elif tag == "missile":
            pass  # every entry in these lists with a <range> is a missile weapon
        elif tag in DROPPED_TAGS:
            attrs = " ".join(f'{k}="{v}"' for k, v in sorted(tag_elem.attrib.items()))
            comments.append(f"not modelled: <{tag}{' ' + attrs if attrs else ''}/>")
        else:
            raise BuildError(f"{where}: unknown property tag <{tag}>")
    reach = integer(kid(w, "reach"), f"{where}: reach")
    if name in REACH_FROM_RULES and REACH_FROM_RULES[name] != reach:
        comments.append(f"reach {reach} in {source}; {REACH_FROM_RULES[name]} per yags-combat.md, Reach")
        reach = REACH_FROM_RULES[name]
    damage, dtype, muscle = damage_of(combat, where)
    values: dict = {"name": name}
    common = {
        "attack": integer(kid(combat, "attack"), f"{where}: attack"),
    }
    rng = kid(combat, "range")
    if rng is None:
        values.update(kind="melee", skill=skill_for(classes), **common,
                      defence=integer(kid(combat, "defence"), f"{where}: defence"))
    else:
        values.update(kind="missile", skill=skill_for(classes), **common)
        if "thrown" in classes:
            props.add("thrown")
    values.update(damage=damage, damage_type=dtype, muscle=muscle, reach=reach,
                  strength=integer(kid(w, "strength"), f"{where}: strength"),
                  load=number(kid(w, "load"), f"{where}: load", 0),
                  weapon_class=classes, properties=sorted(props))
    if rng is not None:
        values.update(ranges(rng, where))
        if "firearm" in props or kid(w, "rof") is not None:
            capacity = number(kid(w, "capacity"), f"{where}: capacity", 0)
            if capacity is None:
                comments.append(f"capacity {text(kid(w, 'capacity'))!r} in {source}: 0 here")
                capacity = 0
            values.update(
                rof=integer(kid(w, "rof"), f"{where}: rof", 1),
                recoil=integer(kid(w, "recoil"), f"{where}: recoil"),
                capacity=int(capacity),
                reload=extra.get("reload", 0),
            )
        if "burst" in extra:
            values["burst"] = extra["burst"]
        if "cone" in extra:
            values["cone"] = extra["cone"]
        elif extra.get("shotgun"):
            values["cone"] = values[SHOTGUN_CONE]
            comments.append(f"<shotgun/> without a cone score: Co-{values['cone']:g} (its short range)")
        if "blast_radius" in extra:
            values["blast_radius"] = extra["blast_radius"]
    values["description"] = description(item) or text(kid(item, "short"))
    values["source"] = source
    return Built(ident(name), values, comments)


def melee_entries(ref: Path) -> list[Built]:
    core = core_weapons(ref / CORE_WEAPONS)
    newer = {name: yags_entry(name, item, w, MELEE_YAGS) for name, item, w in yags_items(ref / MELEE_YAGS)}
    out = []
    for name, w in core.items():
        old = core_entry(name, w, CORE_WEAPONS)
        new = newer.pop(name, None)
        if new is None:
            out.append(old)
            continue
        # The newer list wins; it dropped the thrown modes, so keep core-weapons.xml's.
        thrown = {c.get("mode"): c for c in kids(w, "combat")}.get("Thrown")
        if new.values["kind"] == "melee" and thrown is not None:
            new.values["thrown"] = thrown_profile(thrown, new.values, f"{CORE_WEAPONS}: {name}")
            new.comments.append(f"numbers from {MELEE_YAGS}; thrown mode from {CORE_WEAPONS}")
        elif new.values["kind"] == "melee" and "throwable" in new.values["properties"]:
            new.values["thrown"] = melee_thrown_profile(new.values)
            new.comments.append(f"numbers from {MELEE_YAGS}, not {CORE_WEAPONS}; throwable there, but no "
                                "thrown mode in either list: thrown with its melee bonuses")
        else:
            new.comments.append(f"numbers from {MELEE_YAGS}, not {CORE_WEAPONS}")
        if not new.values["description"] and old.values["description"]:
            new.values["description"] = old.values["description"]
        if new.values["kind"] != old.values["kind"]:
            new.comments.append(f"a melee weapon with a thrown mode in {CORE_WEAPONS}; "
                                f"{new.values['kind']} only in {MELEE_YAGS}")
        out.append(new)
    out.extend(newer.values())
    return out


def firearm_entries(ref: Path) -> list[Built]:
    out = []
    for source in FIREARM_FILES:
        for name, item, w in yags_items(ref / source):
            out.append(yags_entry(name, item, w, source))
    return out


def explosive_entries() -> list[Built]:
    out = []
    for spec in EXPLOSIVES:
        values = {
            "name": spec["name"], "kind": "explosive", "skill": "Throw", "muscle": False,
            "reach": 0, "strength": 1, "load": spec["load"], "weapon_class": spec["weapon_class"],
            "properties": ["thrown"], **GRENADE_RANGE,
            "tnt_grams": spec["tnt_grams"], "fragmentation": spec["fragmentation"],
            "description": spec["description"], "source": "project",
        }
        out.append(Built(ident(spec["name"]), values))
    return out
