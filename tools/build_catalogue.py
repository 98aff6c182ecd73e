#!/usr/bin/env python3
"""Build the weapon and armour catalogue (engine/yags/data/*.toml) from the Yags equipment
lists in tools/reference/yags-equipment/ (a verbatim copy of the lists the rules' author
published, each file with its own licence header; see tools/reference/README.md).

A maintainer runs this when the reference lists or the mapping below change; the game only
reads the TOML it writes (engine/yags/catalogue.py). Standard library only; the reference
files are trusted XML. The output is deterministic: the same input gives the same bytes.

    python tools/build_catalogue.py [--reference DIR] [--out DIR]

Every reading of the reference data that is ours, not the author's, is a named constant
below (REACH_FROM_RULES, SHOTGUN_CONE, THROWN_BANDS, ...) and is listed in
docs/rules-notes.md.
"""

from __future__ import annotations

import argparse
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_REFERENCE = ROOT / "tools" / "reference" / "yags-equipment"
DEFAULT_OUT = ROOT / "engine" / "yags" / "data"

CORE_WEAPONS = "core-weapons.xml"
CORE_ARMOUR = "core-armour.xml"
MELEE_YAGS = "modern-tech6-melee-weapons.yags"
FIREARM_FILES = (
    "modern-tech6-smallarms.yags",
    "modern-tech7-smallarms.yags",
    "modern-tech8-smallarms.yags",
    "scifi-tech09-smallarms.yags",
    "modern-tech6-heavy-weapons.yags",
    "modern-tech7-heavy-weapons.yags",
    "scifi-tech09-heavy-weapons.yags",
)

# --- our readings of the reference data (docs/rules-notes.md) ------------------------------

# yags-combat.md, Reach: the text's table of examples wins over core-weapons.xml (2003),
# whose reaches for these weapons are one higher. The newer .yags list already agrees.
REACH_FROM_RULES = {
    "Dagger": 0,
    "Club": 1,
    "Short sword": 1,
    "Mace": 1,
    "Round shield": 1,
    "Small shield": 1,
    "Broad sword": 2,
    "Axe": 2,  # "battle axe" in its description and in the Reach table
    "Javelin": 2,
    "Spear": 3,
    "Quarterstaff": 3,
    "Long spear": 4,
}

# Obvious misspellings in the reference names (the id follows the corrected name).
NAME_FIXES = {
    "Walter PP": "Walther PP",
    "A19 Assualt Rifle": "A19 Assault Rifle",
    "Close Assualt Shotgun": "Close Assault Shotgun",
}

# yags-combat.md calls the flail's class "Chain"; core-weapons.xml says "flail".
CLASS_FIXES = {"flail": "chain"}

# A <shotgun/> tag without a <cone score=X/>: Co-X is the weapon's short range (10 m for
# all three such 12-gauge shotguns; the one shotgun with a score, Co-18, has short 15).
SHOTGUN_CONE = "short"

# Thrown modes in core-weapons.xml without a <range>: (increment, short, medium, long),
# bands per point of strength. Throwable weapons use the throwing knife's figures; others
# are improvised (yags-combat.md, Distance Increment: improvised thrown weapons 5 m).
THROWN_BANDS_THROWABLE = (10, 2, 5, 10)
THROWN_BANDS_IMPROVISED = (5, 1, 2, 3)
# A weapon tagged <throwable/> with no thrown mode in either list (the hand axe): it is thrown
# with its melee attack and damage bonuses (the lists give no others) and the bands above.

# Explosives (yags-combat.md, Explosive damage): the loader computes damage and radius
# from tnt_grams with engine.yags.tables.charge_strength. Throwing ranges copy the
# throwing axe's (increment 10, 3/6/9 m per point of strength). Our own entries.
GRENADE_RANGE = {"increment": 10, "short": 3, "medium": 6, "long": 9, "range_per_strength": True}
EXPLOSIVES = (
    {
        "name": "Frag grenade",
        "tnt_grams": 40,
        "fragmentation": True,
        "load": 0.5,
        "weapon_class": ["grenade"],
        "description": "A hand grenade with a fragmenting case, 40 g TNT-equivalent: +40 "
                       "damage, Ex-2 blast times ten for fragmentation (Ex-20).",
    },
    {
        "name": "Concussion grenade",
        "tnt_grams": 160,
        "fragmentation": False,
        "load": 0.5,
        "weapon_class": ["grenade"],
        "description": "An offensive blast grenade without fragments, 160 g TNT-equivalent: "
                       "+60 damage, Ex-3.",
    },
    {
        "name": "Demolition charge",
        "tnt_grams": 320,
        "fragmentation": False,
        "load": 0.5,
        "weapon_class": ["charge"],
        "description": "A 320 g block of TNT with a short fuse, placed or thrown: +70 damage, "
                       "Ex-3.5. Below a pound of TNT, so still character scale.",
    },
)

# Modern armour: the reference lists have none, so these are ours, in core-armour.xml's
# scale (chain hauberk +8, load 4).
PROJECT_ARMOUR = (
    {
        "name": "Kevlar vest",
        "protection": 6,
        "load": 1.5,
        "covers": ["torso"],
        "properties": ["bullet_proof", "soft"],
        "description": "Soft aramid body armour worn under or over clothing. Stops pistol "
                       "rounds; poor against knives (soft: halved against impaling).",
    },
    {
        "name": "Flak jacket",
        "protection": 5,
        "load": 4,
        "covers": ["torso"],
        "properties": ["soft"],
        "description": "A sleeveless ballistic nylon vest against fragments. Not bullet "
                       "proof: halved against firearms. Covers the torso only, jacket or not.",
    },
    {
        "name": "Combat helmet",
        "protection": 2,
        "load": 1.5,
        "covers": ["head"],
        "properties": ["bullet_proof"],
        "description": "A composite helmet against fragments and pistol rounds.",
    },
    {
        "name": "Ceramic plate carrier",
        "protection": 10,
        "load": 8,
        "covers": ["torso"],
        "properties": ["bullet_proof", "heavy"],
        "restrictive": 1,
        "vitals": 5,
        "description": "A vest holding hard ceramic plates front and back. Stops rifle "
                       "rounds; protects the vitals.",
    },
)

# --- the reference data's tags ---------------------------------------------------------------

TAG_PROPERTIES = {
    "semiauto": "semiauto",
    "semiautomatic": "semiauto",
    "automatic": "automatic",
    "tripleauto": "tripleauto",
    "firearm": "firearm",
    "heavy": "heavy",
    "light": "light",
    "impaling": "impaling",
    "throwable": "throwable",
    "weak": "weak",
    "strong": "strong",
    "laser": "laser",
    "vehicle": "vehicle",
    "twohanded": "two_handed",
    "two handed": "two_handed",
}
# Tags read elsewhere (missile, reload, cone, explosive, shotgun) or not modelled (guided,
# elemental: written as a comment above the entry).
HANDLED_TAGS = {"missile", "reload", "cone", "explosive", "shotgun"}
DROPPED_TAGS = {"guided", "elemental"}

DAMAGE_TYPE = {None: "wounds", "split": "mixed", "mixed": "mixed", "stun": "stuns"}

ARMOUR_COVERS = (  # name word -> body parts (yags-combat.md, Choosing armour)
    ("hauberk", ("torso", "arms", "legs")),
    ("jacket", ("torso", "arms")),
    ("vest", ("torso",)),
    ("cuirass", ("torso",)),
    ("habergeon", ("torso",)),
    ("shoulder plates", ("torso",)),  # the Vest "covers the torso and shoulders"
    ("trousers", ("legs",)),
    ("leggings", ("legs",)),
    ("greaves", ("legs",)),
    ("vambraces", ("arms",)),
    ("helmet", ("head",)),
    ("helm", ("head",)),
    ("coif", ("head",)),
)
COVER_ORDER = ("head", "torso", "arms", "legs")

WEAPON_KEYS = (
    "name", "kind", "skill", "attack", "defence", "damage", "damage_type", "muscle", "reach",
    "strength", "load", "weapon_class", "properties", "increment", "short", "medium", "long",
    "range_per_strength", "rof", "recoil", "capacity", "reload", "burst", "cone",
    "blast_radius", "tnt_grams", "fragmentation", "description", "source",
)
THROWN_KEYS = (
    "attack", "damage", "damage_type", "properties", "increment", "short", "medium", "long",
    "range_per_strength",
)
ARMOUR_KEYS = (
    "name", "protection", "load", "covers", "properties", "restrictive", "noisy", "vitals",
    "layer", "description", "source",
)


class BuildError(Exception):
    pass


# --- XML helpers -----------------------------------------------------------------------------


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def kids(elem: ET.Element, name: str) -> list[ET.Element]:
    return [c for c in elem if local(c.tag) == name]


def kid(elem: ET.Element, name: str) -> ET.Element | None:
    found = kids(elem, name)
    return found[0] if found else None


def text(elem: ET.Element | None) -> str:
    return " ".join("".join(elem.itertext()).split()) if elem is not None else ""


def number(elem: ET.Element | None, where: str, default: float | None = None) -> float | None:
    """A number from `+12`, `12`, `0.5`; None for `var.` and the like."""
    if elem is None:
        return default
    raw = text(elem)
    try:
        return float(raw.lstrip("+"))
    except ValueError:
        if raw.rstrip(".").isalpha():
            return None
        raise BuildError(f"{where}: not a number: {raw!r}") from None


def integer(elem: ET.Element | None, where: str, default: int = 0) -> int:
    value = number(elem, where, default)
    if value is None:
        return default
    if value != int(value):
        raise BuildError(f"{where}: not an integer: {value}")
    return int(value)


def description(elem: ET.Element) -> str:
    desc = kid(elem, "description")
    paras = [text(p) for p in kids(desc, "para")] if desc is not None else []
    return "\n\n".join(p for p in paras if p)


def ident(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("&", "")).strip("_")


def damage_of(elem: ET.Element, where: str) -> tuple[int, str, bool]:
    """(damage, damage type, muscle). `+N` is a bonus on strength x 4 (muscle); a bare
    number is the weapon's straight damage (firearms, the short bow, crossbows)."""
    dmg = kid(elem, "damage")
    if dmg is None:
        raise BuildError(f"{where}: no <damage>")
    kind = dmg.get("type")
    if kind not in DAMAGE_TYPE:
        raise BuildError(f"{where}: unknown damage type {kind!r}")
    return integer(dmg, where), DAMAGE_TYPE[kind], text(dmg).startswith("+")


def skill_for(classes: list[str]) -> str:
    if "bow" in classes:
        return "Bows"
    if "crossbow" in classes:
        return "Crossbows"
    if "thrown" in classes:
        return "Throw"
    if "pistol" in classes:
        return "Pistols"
    if "heavy" in classes:
        return "Guns"
    if "rifle" in classes:
        return "Rifles"
    if classes == ["brawl"]:
        return "Brawl"
    return "Melee"


def ranges(rng: ET.Element, where: str) -> dict:
    out = {key: number(kid(rng, key), f"{where}: {key}") for key in ("increment", "short", "medium", "long")}
    if any(v is None for v in out.values()):
        raise BuildError(f"{where}: incomplete <range>")
    if rng.get("strength") == "true":
        out["range_per_strength"] = True
    return out


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


# --- armour ----------------------------------------------------------------------------------


def layer_for(name: str, props: set[str]) -> str | None:
    """Stacking Armour (yags-combat.md): soft leather goes under chain or plate, chain (mail)
    in the middle, plate over chain, a helm over a coif; the reference notes agree ("can be
    worn under chain or ring mail", "over mail and/or soft leather"). Kurbal (hardened
    leather, "can be worn over soft leather") is read as an over layer. Other pieces do not
    layer."""
    low = name.lower()
    if "soft leather" in low:
        return "under"
    if "mail" in props:
        return "mail"
    if "plate" in low or "kurbal" in low or low.endswith("helm"):
        return "over"
    return None


def covers_for(name: str) -> list[str]:
    low = name.lower()
    for word, parts in ARMOUR_COVERS:
        if word in low:
            return list(parts)
    raise BuildError(f"{CORE_ARMOUR}: {name}: cannot tell what it covers from its name")


def armour_entries(ref: Path) -> tuple[list[Built], list[str]]:
    root = ET.parse(ref / CORE_ARMOUR).getroot()
    out: list[Built] = []
    suits: list[str] = []
    for a in root.iter("armour"):
        name = a.get("name")
        parts = kids(a, "item")
        if parts:
            suits.append(f"{name}: " + ", ".join(p.get("name") for p in parts))
            continue
        where = f"{CORE_ARMOUR}: {name}"
        low = name.lower()
        props = set()
        for p in kids(a, "property"):
            tag = text(p).replace("-", "_").replace(" ", "_")
            if tag not in ("heavy", "light", "bullet_proof", "bulletproof"):
                raise BuildError(f"{where}: unknown property {tag!r}")
            props.add("bullet_proof" if tag == "bulletproof" else tag)
        if "chain" in low or "ring" in low:
            props.add("mail")
        if "quilted" in low or "soft leather" in low or "fur" in low:
            props.add("soft")
        values = {
            "name": name,
            "protection": integer(kid(a, "protection"), f"{where}: protection"),
            "load": number(kid(a, "load"), f"{where}: load", 0),
            "covers": covers_for(name),
            "properties": sorted(props),
            "layer": layer_for(name, props),
            "description": text(kid(a, "notes")),
            "source": CORE_ARMOUR,
        }
        out.append(Built(ident(name), values))
    for spec in PROJECT_ARMOUR:
        values = {k: spec.get(k) for k in ARMOUR_KEYS if k in spec}
        values["covers"] = [c for c in COVER_ORDER if c in spec["covers"]]
        values["properties"] = sorted(spec["properties"])
        values["source"] = "project"
        out.append(Built(ident(spec["name"]), values))
    return out, suits


# --- TOML writing ----------------------------------------------------------------------------

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f"}


def toml_string(s: str) -> str:
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return str(int(v)) if v.is_integer() else repr(v)
    if isinstance(v, str):
        return toml_string(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {v!r} as TOML")


def write_table(lines: list[str], header: str, values: dict, order: tuple[str, ...]) -> None:
    lines.append(f"[{header}]")
    for key in order:
        if key in values and values[key] is not None and values[key] != "":
            lines.append(f"{key} = {toml_value(values[key])}")


def render(table: str, entries: list[Built], sources: list[str], notes: list[str] | None = None) -> str:
    lines = [
        f"# Generated by tools/build_catalogue.py from {', '.join(sources)}.",
        "# Do not edit by hand: change the script (or the reference lists) and run it again.",
        "# Schema and loader: engine/yags/catalogue.py. Our readings: docs/rules-notes.md.",
    ]
    lines.extend(f"# {n}" for n in notes or ())
    for e in entries:
        lines.append("")
        lines.extend(f"# {c}" for c in e.comments)
        keys = WEAPON_KEYS if table == "weapon" else ARMOUR_KEYS
        write_table(lines, f"{table}.{e.id}", e.values, keys)
        if "thrown" in e.values:
            write_table(lines, f"{table}.{e.id}.thrown", e.values["thrown"], THROWN_KEYS)
    return "\n".join(lines) + "\n"


def build(ref: Path) -> dict[str, str]:
    """File name -> TOML text."""
    melee = melee_entries(ref)
    firearms = firearm_entries(ref)
    explosives = explosive_entries()
    armour, suits = armour_entries(ref)
    seen: dict[str, str] = {}
    for group, entries in (("weapon", melee + firearms + explosives), ("armour", armour)):
        for e in entries:
            if not re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", e.id):
                raise BuildError(f"{e.values['name']}: bad id {e.id!r}")
            if e.id in seen:
                raise BuildError(f"duplicate id {e.id!r} ({seen[e.id]} and {group})")
            seen[e.id] = group
    fist = next((e for e in melee if e.id == "fist"), None)
    if fist is None or fist.values["skill"] != "Brawl" or fist.values["damage_type"] != "stuns":
        raise BuildError("the reference lists lost the fist (Brawl, stuns)")
    return {
        "melee.toml": render("weapon", melee, [CORE_WEAPONS, MELEE_YAGS]),
        "firearms.toml": render("weapon", firearms, list(FIREARM_FILES)),
        "explosives.toml": render(
            "weapon", explosives, ["the formula in yags-combat.md, Explosive damage"],
            ["All entries are ours (source = \"project\"): damage and blast_radius are computed",
             "from tnt_grams by engine.yags.tables.charge_strength when the catalogue loads."]),
        "armour.toml": render(
            "armour", armour, [CORE_ARMOUR],
            ["Entries with source = \"project\" are our own modern armour (none in the lists).",
             "Suits in core-armour.xml, not loaded (some name pieces the list lacks):"]
            + [f"  {s}" for s in suits]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE,
                        help=f"directory of the reference lists (default {DEFAULT_REFERENCE})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"directory to write the TOML files to (default {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    if not args.reference.is_dir():
        print(f"build_catalogue: no reference directory {args.reference}", file=sys.stderr)
        return 2
    try:
        files = build(args.reference)
    except (BuildError, ET.ParseError, OSError) as exc:
        print(f"build_catalogue: {exc}", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for name, body in files.items():
        (args.out / name).write_text(body, encoding="utf-8", newline="\n")
        print(f"wrote {args.out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
