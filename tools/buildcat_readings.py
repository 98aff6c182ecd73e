"""The reference lists' file names and our readings of their data (docs/rules-notes.md):
reaches, name and class fixes, cones, thrown bands, the explosives and armour of our own, the
tags and their properties, and the keys written in order (a part of tools/build_catalogue.py, which runs it)."""

from __future__ import annotations

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
