"""The Yags SF catalogue: the text's melee, firearm and armour tables in TOML, validated on
load; templates for every role; the kit map from Yags ids."""

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from engine.yags_sf import map_kit
from engine.yags_sf.catalogue import DATA_DIR, CatalogueError, default_catalogue, load_catalogue
from engine.yags_sf.equipment import KitError

ROOT = Path(__file__).resolve().parents[2]
CAT = default_catalogue()


@pytest.mark.parametrize("wid, row", [
    # Melee Weapon Statistics: Init, Attk, Defn, Dmg, Str
    ("club", (5, 6, 5, 8, 10)), ("dagger", (6, 5, 4, 5, 6)), ("fist", (2, 0, 0, 0, 0)),
    ("great_sword", (18, 18, 8, 20, 24)), ("knife", (4, 3, 2, 2, 4)),
    ("quarterstaff", (14, 10, 12, 8, 12)), ("sword", (9, 12, 8, 12, 14)),
])
def test_melee_table(wid, row):
    w = CAT.weapon(wid)
    assert (w.init, w.attack, w.defence, w.damage, w.strength) == row
    assert w.source.startswith("Melee Weapon Statistics")


@pytest.mark.parametrize("wid, row", [
    # Firearms: Init, Attk, Dmg, Str, Size, RoF, Shots, Recoil, LC, S, M, L
    ("light_pistol", (12, 6, 12, 6, "S", None, 15, -2, 3, 50, 200, 600)),
    ("heavy_pistol", (9, 5, 16, 8, "S", None, 9, -4, 3, 70, 300, 800)),
    ("shotgun", (8, 20, 20, 10, "M", None, 10, -3, 3, 10, 25, 40)),
    ("assault_rifle", (9, 12, 20, 10, "M", 50, 30, -2, 1, 100, 400, 1000)),
    ("sniper_rifle", (7, 16, 25, 12, "L", None, 24, -4, 2, 200, 800, 2500)),
    ("laser_rifle", (5, 20, 30, 7, "L", 1, 8, 0, 1, 500, 2000, 8000)),
    ("plasma_civilian_pistol", (10, 8, 14, 6, "S", None, 25, -1, 3, 30, 120, 300)),
    ("plasma_military_pistol", (10, 6, 17, 6, "S", None, 20, -1, 2, 50, 200, 500)),
    ("plasma_assault_rifle", (7, 12, 25, 10, "M", 50, 60, -2, 1, 100, 300, 700)),
])
def test_firearms_table(wid, row):
    w = CAT.weapon(wid)
    got = (w.init, w.attack, w.damage, w.strength, w.size, w.rof, w.shots, w.recoil, w.lc, w.short, w.medium, w.long)
    assert got == row
    assert w.source.startswith("Firearms")


@pytest.mark.parametrize("aid, half, full", [
    ("quilted_fur", 3, 5), ("heavy_leather", 4, 9), ("light_body_armour", 4, 9),
    ("heavy_body_armour", 8, 15), ("battle_dress", 12, 25),
])
def test_armour_table(aid, half, full):
    assert CAT.armour_piece(f"{aid}.half").protection == half
    assert CAT.armour_piece(f"{aid}.full").protection == full


def test_derived_entries_say_so():
    for w in CAT.weapons.values():
        if not w.source.startswith(("Melee Weapon Statistics", "Firearms")):
            assert w.source.startswith("derived from") and w.derived, w.id
    for g in CAT.explosives.values():
        assert g.derived


def test_weapon_abilities():
    ar, pistol, laser, mp = (CAT.weapon(w) for w in ("assault_rifle", "light_pistol", "laser_rifle", "machine_pistol"))
    assert ar.full_auto and ar.multiple_shots and ar.triple_shot and ar.max_rounds == 50
    assert not pistol.full_auto and pistol.multiple_shots and not pistol.triple_shot and pistol.max_rounds == 15
    assert not laser.full_auto and not laser.multiple_shots  # RoF 1: one shot a round
    assert mp.triple_shot and not mp.full_auto


def _shipped_kit() -> tuple[set[str], set[str], set[str]]:
    weapons, armour, grenades = set(), set(), set()
    for tmx in (ROOT / "maps").glob("*.tmx"):
        text = tmx.read_text()
        weapons |= set(re.findall(r'name="(?:weapon|second_weapon)" value="([^"]+)"', text))
        for value in re.findall(r'name="armour" value="([^"]+)"', text):
            armour |= {a.strip() for a in value.split(",")}
        for value in re.findall(r'name="grenades" value="([^"]+)"', text):
            grenades |= {g.strip() for g in value.split(",") if g.strip() != "none"}
    squads = tomllib.loads((ROOT / "game/data/squads.toml").read_text())
    for t in squads["template"].values():
        weapons.add(t["weapon"])
        armour |= set(t.get("armour", ()))
        grenades |= set(t.get("grenades", ()))
    return weapons, armour, grenades


def test_kit_map_covers_every_shipped_id():
    weapons, armour, grenades = _shipped_kit()
    # RULESETS.md's list, in case the maps change
    weapons |= {"ak_47", "axe", "beretta_93r", "fn_fal_7_62", "glock_17", "hk416", "m16_a1", "rpk",
                "short_sword", "spas_12", "thompson_smg", "winchester_model_1897", "broad_sword", "small_shield"}
    armour |= {"kevlar_vest", "combat_helmet", "chain_hauberk", "metal_helm"}
    grenades |= {"concussion_grenade", "frag_grenade"}
    for wid in weapons:
        assert map_kit(wid) in CAT.weapons, wid
    for aid in armour:
        assert map_kit(aid) in CAT.armour, aid
    for gid in grenades:
        assert map_kit(gid) in CAT.explosives, gid


def test_kit_map_choices():
    assert [map_kit(w) for w in ("m16_a1", "ak_47", "hk416")] == ["assault_rifle"] * 3
    assert map_kit("glock_17") == "light_pistol"
    assert map_kit("rpk") == "light_machine_gun"
    assert map_kit("kevlar_vest") == "light_body_armour.half"
    assert map_kit("chain_hauberk") == "heavy_leather.full"
    assert map_kit("combat_helmet") == "helmet"


def test_map_kit_names_the_ruleset_and_the_id():
    with pytest.raises(KitError, match=r"yags-sf.*'m61_vulcan'"):
        map_kit("m61_vulcan")
    with pytest.raises(KeyError):
        map_kit("no_such_thing")


def test_every_role_and_template_has_a_template():
    roles = set()
    for tmx in (ROOT / "maps").glob("*.tmx"):
        roles |= set(re.findall(r'name="(?:role|template)" value="([a-z_]+)"', tmx.read_text()))
    squads = tomllib.loads((ROOT / "game/data/squads.toml").read_text())
    roles |= set(squads["template"])
    roles |= {"assault", "axeman", "bomber", "breacher", "cqb_leader", "grenadier", "gunner",
              "heavy_gunner", "leader", "machine_pistol", "marksman", "pistol", "pump_gun",
              "rifleman", "scout", "shotgun", "smg", "stunner", "swordsman", "wood_leader",
              "wood_shotgun", "woodsman"}
    assert roles <= set(CAT.templates), roles - set(CAT.templates)


def test_templates_inherit_key_by_key():
    leader, rifleman = CAT.template("leader"), CAT.template("rifleman")
    assert leader.skills["rifles"] == 4 and leader.skills["stamina"] == rifleman.skills["stamina"]
    assert leader.attributes["perception"] == 12 and leader.attributes["strength"] == 10
    assert CAT.template("axeman").weapon == "axe" and CAT.template("axeman").second_weapon == "small_shield"


def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    shutil.copytree(DATA_DIR, d)
    return d


@pytest.mark.parametrize("file, old, new, message", [
    ("melee.toml", "init = 9\nattack = 12\ndefence = 8", "init = 9\nattack = \"x\"\ndefence = 8",
     r"melee.toml: melee.sword: attack: must be an integer"),
    ("melee.toml", 'size = "M"\nload = 4', 'size = "XL"\nload = 4', r"melee.toml: melee.sword: size: must be one of S, M, L"),
    ("firearms.toml", "rof = 50\nshots = 30", "rof = 0\nshots = 30", r"firearms.toml: firearm.assault_rifle: rof: must be at least 1"),
    ("firearms.toml", "short = 100\nmedium = 400", "short = 500\nmedium = 400",
     r"firearms.toml: firearm.assault_rifle: short, medium, long: must not decrease"),
    ("firearms.toml", "recoil = -2\nlc = 1\nshort = 100\nmedium = 400", "recoil = 2\nlc = 1\nshort = 100\nmedium = 400",
     r"firearm.assault_rifle: recoil: must be at most 0"),
    ("armour.toml", "half = 8\nfull = 15", "half = 18\nfull = 15", r"armour.toml: armour.heavy_body_armour: half: must not exceed full"),
    ("armour.toml", 'name = "Battle dress"', 'name = "Battle dress"\ncolour = "grey"',
     r"armour.toml: armour.battle_dress: colour: unknown field"),
    ("kit_map.toml", 'glock_17 = "light_pistol"', 'glock_17 = "ray_gun"', r"kit_map.toml: weapon.glock_17: 'ray_gun' is not a weapon"),
    ("templates.toml", 'weapon = "light_machine_gun"', 'weapon = "minigun"', r"templates.toml: template.gunner: weapon: 'minigun'"),
    ("templates.toml", "skills = { rifles = 4 }\nweapon", "skills = { lasers = 4 }\nweapon",
     r"templates.toml: template.marksman: skills: unknown skill 'lasers'"),
    ("explosives.toml", "radius = 5", "radius = 0", r"explosives.toml: explosive.frag_grenade: radius: must be at least"),
])
def test_validation_names_file_entry_and_field(tmp_path, file, old, new, message):
    d = _copy(tmp_path)
    text = (d / file).read_text()
    assert old in text
    (d / file).write_text(text.replace(old, new, 1))
    with pytest.raises(CatalogueError, match=message):
        load_catalogue(d)


def test_missing_field_and_bad_toml(tmp_path):
    d = _copy(tmp_path)
    (d / "melee.toml").write_text((d / "melee.toml").read_text().replace("damage = 12\nstrength = 14", "strength = 14", 1))
    with pytest.raises(CatalogueError, match=r"melee.toml: melee.sword: damage: missing"):
        load_catalogue(d)
    (d / "melee.toml").write_text("[melee.sword\n")
    with pytest.raises(CatalogueError, match=r"melee.toml: not valid TOML"):
        load_catalogue(d)


def test_template_base_cycle(tmp_path):
    d = _copy(tmp_path)
    text = (d / "templates.toml").read_text()
    (d / "templates.toml").write_text(text.replace("[template.rifleman]\n", '[template.rifleman]\nbase = "woodsman"\n', 1))
    with pytest.raises(CatalogueError, match=r"template.rifleman: base: .* is a cycle"):
        load_catalogue(d)


def test_the_data_is_package_data():
    py = (ROOT / "pyproject.toml").read_text()
    assert '"engine.yags_sf" = ["data/*.toml"]' in py
