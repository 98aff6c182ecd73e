"""The Mythras data: the SRD's tables in TOML, validated on load with errors naming the file,
the entry and the field; templates for every role and template the shipped maps and squads
use; the kit map from every Yags id they use."""

import re
from pathlib import Path

import pytest

from engine.mythras.catalogue import MythrasDataError, default_catalogue, load_catalogue
from engine.mythras.templates import (
    KitError,
    default_templates,
    load_templates,
    make_character,
    map_kit,
)

ROOT = Path(__file__).resolve().parents[2]


def _map_values(prop):
    found = set()
    for tmx in (ROOT / "maps").glob("*.tmx"):
        found |= set(re.findall(rf'name="{prop}" value="([^"]*)"', tmx.read_text()))
    return found


def test_srd_sample_tables():
    """0005 Arms and Armor: rows as printed (Damage, Size/Force, Range, Load, AP/HP)."""
    c = default_catalogue()
    axe = c.weapon("axe")
    assert (str(axe.damage), axe.size, axe.ap, axe.hp) == ("1d6+1", "M", 4, 8) and axe.has("sunder")
    spear = c.weapon("spear_2h")
    assert (str(spear.damage), spear.size, spear.hands) == ("1d10+1", "L", 2) and spear.has("set_vs_charge")
    kite = c.weapon("kite")
    assert (kite.size, kite.ap, kite.hp, kite.passive_locations) == ("H", 4, 15, 4)
    bow = c.weapon("bow")
    assert (bow.force, bow.range_m, bow.load, bow.impale_size, bow.damage_modifier) == ("L", (15, 100, 200), 1, "S", True)
    rifle = c.weapon("rifle")
    assert (str(rifle.damage), rifle.force, rifle.range_m, rifle.load, rifle.damage_modifier) == (
        "2d6", "H", (100, 300, 2000), 2, False)
    assert str(c.weapon("shotgun").damage) == "3d6" and c.weapon("shotgun").force == "M"
    assert c.armour_piece("type_iv_vest").ap == 10 and c.armour_piece("mail").ap == 6


def test_squad_guns_take_the_srd_rows():
    """The squads' guns keep their SRD row's numbers; what the text lacks is derived."""
    c = default_catalogue()
    for gid, base in (("m16_a1", "rifle"), ("ak_47", "rifle"), ("rpk", "rifle"), ("glock_17", "pistol"),
                      ("thompson_smg", "pistol"), ("spas_12", "shotgun")):
        g, b = c.weapon(gid), c.weapon(base)
        assert (g.damage, g.force, g.range_m, g.load) == (b.damage, b.force, b.range_m, b.load)
        assert g.derived and g.magazine
    assert c.weapon("m16_a1").burst == 3 and "full_auto" in c.weapon("ak_47").modes
    assert "burst" not in c.weapon("ak_47").modes


def test_every_role_and_template_has_a_template():
    """RULESETS.md: every role and template of maps/*.tmx and game/data/squads.toml."""
    squads = (ROOT / "game" / "data" / "squads.toml").read_text()
    needed = _map_values("role") | _map_values("template") | set(re.findall(r"\[template\.([a-z_]+)\]", squads))
    assert needed <= set(default_templates())


def test_every_shipped_kit_id_maps():
    """kit_map.toml covers every weapon, armour and grenade the maps and squads use."""
    squads = (ROOT / "game" / "data" / "squads.toml").read_text()
    ids = _map_values("weapon") | _map_values("second_weapon") | set(re.findall(r'weapon = "([a-z_0-9]+)"', squads))
    for value in _map_values("armour") | _map_values("grenades"):
        ids |= {v.strip() for v in value.split(",") if v.strip() and v.strip() != "none"}
    for part in re.findall(r"(?:armour|grenades) = \[([^\]]*)\]", squads):
        ids |= set(re.findall(r'"([a-z_0-9]+)"', part))
    for yid in ids:
        map_kit(yid)


def test_unmapped_id_names_the_ruleset_and_the_id():
    with pytest.raises(KitError, match="ruleset mythras has no weapon for 'm61_vulcan'"):
        map_kit("m61_vulcan", "weapon")


def test_map_unit_is_built_from_its_role_template_and_mapped_kit():
    """A unit with Yags numbers: built from its role's template; Yags attributes ignored."""
    c = make_character({"name": "Red 1", "role": "gunner", "template": "gunner", "weapon": "rpk",
                        "armour": ["kevlar_vest", "combat_helmet"], "grenades": [],
                        "attributes": {"strength": 9}, "skills": {"Guns": 9}})
    assert c.weapon.id == "rpk" and c.characteristics["STR"] == 14
    assert c.armour_points["chest"] == 7 and c.armour_points["head"] == 4
    sw = make_character({"role": "swordsman", "weapon": "short_sword", "second_weapon": "small_shield",
                         "armour": "kevlar_vest,combat_helmet", "grenades": "none"})
    assert sw.weapon.id == "shortsword" and sw.shield.id == "buckler" and sw.grenades == ()


def test_template_skills_from_characteristics():
    """0002 Step 4: Combat Style STR+DEX, Evade DEX x2, Endurance CON x2, Athletics STR+DEX,
    Brawn STR+SIZ, First Aid INT+DEX, Perception INT+POW, Willpower POW x2, Unarmed STR+DEX;
    plus the template's points."""
    t = default_templates()["rifleman"]
    c = make_character({"role": "rifleman"})
    ch = t.characteristics
    assert c.skill("combat_style") == ch["STR"] + ch["DEX"] + t.skills["combat_style"]
    assert c.skill("evade") == 2 * ch["DEX"] + t.skills["evade"]
    assert c.skill("endurance") == 2 * ch["CON"] + t.skills["endurance"]
    assert c.skill("brawn") == ch["STR"] + ch["SIZ"] + t.skills["brawn"]
    assert c.skill("first_aid") == ch["INT"] + ch["DEX"] + t.skills["first_aid"]
    assert c.skill("perception") == ch["INT"] + ch["POW"] + t.skills["perception"]
    assert c.skill("willpower") == 2 * ch["POW"] + t.skills["willpower"]
    assert c.action_points == 2 and c.damage_modifier == "+0"
    assert c.hit_points["chest"] == 8  # CON 13 + SIZ 13 = 26


BAD_WEAPONS = [
    ("[melee.x]\nname = 'X'\ndamage = '1d8'\nsize = 'Q'\ngroup = 'sword'\nsource = 's'\n", "melee.x: size: must be one of S"),
    ("[melee.x]\nname = 'X'\ndamage = 'lots'\nsize = 'M'\ngroup = 'sword'\nsource = 's'\n", "melee.x: damage: must be dice"),
    ("[melee.x]\nname = 'X'\nsize = 'M'\ngroup = 'sword'\nsource = 's'\n", "melee.x: damage: missing (required)"),
    ("[melee.x]\nname = 'X'\ndamage = '1d8'\nsize = 'M'\ngroup = 'sword'\nsource = 's'\nreach = 3\n", "melee.x: reach: unknown key"),
    ("[ranged.x]\nname = 'X'\ndamage = '1d8'\nrange = [10, 5, 20]\ngroup = 'bow'\nsource = 's'\n", "ranged.x: range: must not decrease"),
    ("[firearm.x]\nbase = 'nothing'\nname = 'X'\nsource = 's'\n", "firearm.x: base: no firearm or ranged entry 'nothing'"),
    ("[firearm.x]\nname = 'X'\ndamage = '2d6'\nrange = [1, 2, 3]\nload = 2\nmagazine = 5\nmodes = ['burst']\n"
     "group = 'rifle'\nsource = 's'\n", "firearm.x: burst: give it exactly when modes has 'burst'"),
    ("[melee.Bad]\nname = 'X'\n", "melee.Bad: id: must be lowercase"),
    ("[spells.x]\nname = 'X'\n", "spells: unknown table"),
    ("[melee.x\n", "line 1"),
]


@pytest.mark.parametrize(("text", "message"), BAD_WEAPONS)
def test_bad_weapon_files_name_file_entry_and_field(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(MythrasDataError) as info:
        load_catalogue([path], [])
    assert str(info.value).startswith(str(path)) and message in str(info.value)
    assert "\n" not in str(info.value)


def test_bad_armour_and_templates(tmp_path):
    armour = tmp_path / "armour.toml"
    armour.write_text("[armour.x]\nname = 'X'\nap = 3\nlocations = ['tail']\nsource = 's'\n")
    with pytest.raises(MythrasDataError, match=r"armour.x: locations: unknown value 'tail'"):
        load_catalogue(None, [armour])
    tpl = tmp_path / "templates.toml"
    base = ("[template.t]\nname = 'T'\nstyle = 'S'\nstyle_groups = ['rifle']\nweapon = 'rifle'\narmour = []\n"
            "grenades = []\n")
    tpl.write_text(base + "characteristics = { STR = 19, CON = 10, SIZ = 10, DEX = 10, INT = 10, POW = 10, CHA = 10 }\n"
                   "skills = {}\n")
    with pytest.raises(MythrasDataError, match=r"template.t: characteristics.STR: must be a whole number 3..18"):
        load_templates(tpl)
    tpl.write_text(base + "characteristics = { STR = 18, CON = 18, SIZ = 18, DEX = 18, INT = 10, POW = 10, CHA = 10 }\n"
                   "skills = {}\n")
    with pytest.raises(MythrasDataError, match=r"more than the Points Build's 80"):
        load_templates(tpl)
    tpl.write_text(base + "characteristics = { STR = 10, CON = 10, SIZ = 10, DEX = 10, INT = 10, POW = 10, CHA = 10 }\n"
                   "skills = { evade = 400 }\n")
    with pytest.raises(MythrasDataError, match=r"template.t: skills: 400 points, more than the 350"):
        load_templates(tpl)
    tpl.write_text(base.replace("weapon = 'rifle'", "weapon = 'ray_gun'")
                   + "characteristics = { STR = 10, CON = 10, SIZ = 10, DEX = 10, INT = 10, POW = 10, CHA = 10 }\n"
                   "skills = {}\n")
    with pytest.raises(MythrasDataError, match=r"template.t: weapon: unknown weapon 'ray_gun'"):
        load_templates(tpl)


def test_data_ships_with_the_package():
    """pyproject lists the data glob (RULESETS.md)."""
    assert '"engine.mythras" = ["data/*.toml"]' in (ROOT / "pyproject.toml").read_text()
