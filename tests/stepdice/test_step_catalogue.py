"""The step ruleset's data: weapons, explosives, armour, templates and the kit map, validated
on load with errors naming the file, the entry and the field (RULESETS.md)."""

import re
import tomllib
from pathlib import Path

import pytest

from engine.stepdice.catalogue import (
    DATA_DIR,
    CatalogueError,
    KitError,
    default_catalogue,
    default_kit_map,
    load_catalogue,
    load_kit_map,
    map_kit,
)
from engine.stepdice.character import default_templates, load_templates

ROOT = Path(__file__).resolve().parents[2]
# RULESETS.md: the kit the shipped maps and squads use.
SHIPPED_KIT = ("ak_47", "axe", "beretta_93r", "fn_fal_7_62", "glock_17", "hk416", "m16_a1", "rpk", "short_sword",
               "spas_12", "thompson_smg", "winchester_model_1897", "broad_sword", "small_shield", "kevlar_vest",
               "combat_helmet", "chain_hauberk", "metal_helm", "concussion_grenade", "frag_grenade")


def map_units() -> list[dict[str, str]]:
    units = []
    for path in sorted((ROOT / "maps").glob("*.tmx")):
        for obj in re.findall(r'<object [^>]*type="unit".*?</object>', path.read_text(encoding="utf-8"), re.S):
            units.append(dict(re.findall(r'name="([a-z_]+)"(?: type="\w+")? value="([^"]*)"', obj)))
    return units


def test_the_shipped_catalogue_loads_with_reasons():
    cat = default_catalogue()
    assert {"fist", "assault_rifle", "light_machine_gun", "pistol"} <= set(cat.weapons)
    for table in (cat.weapons, cat.explosives, cat.armour, cat.shields):
        for entry in table.values():
            assert entry.source.strip() and entry.derived.strip()


def test_every_kit_the_shipped_maps_and_squads_use_is_mapped():
    squads = tomllib.loads((ROOT / "game" / "data" / "squads.toml").read_text(encoding="utf-8"))
    used = set(SHIPPED_KIT)
    for spec in squads["template"].values():
        used |= {spec["weapon"], *spec.get("armour", ()), *spec.get("grenades", ())}
    for u in map_units():
        for key in ("weapon", "second_weapon", "armour", "grenades"):
            used |= {x for x in u.get(key, "").split(",") if x and x != "none"}
    cat = default_catalogue()
    for yid in sorted(used):
        assert cat.table_of(map_kit(yid)) is not None, yid


def test_the_kit_map_keys_are_yags_ids():
    from engine.yags.catalogue import default_catalogue as yags

    y = yags()
    for yid in default_kit_map():
        assert yid in y.weapons or yid in y.armour, yid


def test_an_unmapped_id_names_the_ruleset_and_the_id():
    with pytest.raises(KitError, match=r"ruleset step: .*'m61_vulcan'"):
        map_kit("m61_vulcan")


def test_every_role_and_template_has_a_step_template():
    roles = {u["role"] for u in map_units()} | {u["template"] for u in map_units()}
    squads = tomllib.loads((ROOT / "game" / "data" / "squads.toml").read_text(encoding="utf-8"))
    roles |= set(squads["template"])
    assert roles <= set(default_templates()), roles - set(default_templates())
    assert len(roles) >= 22


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


FIST = '[weapon.fist]\nname = "Fist"\nkind = "melee"\nskill = "unarmed"\ndamage = 2\ndamage_type = "stun"\nsource = "s"\nderived = "d"\n'
RIFLE = ('[weapon.r]\nname = "R"\nkind = "ranged"\nskill = "guns"\ndamage = 8\ndamage_type = "wounds"\n'
         'short = 10\nmedium = 20\nlong = 30\nmodes = ["single", "autofire"]\ncapacity = 30\nreload_actions = 1\n'
         'autofire_rounds = 10\nsource = "s"\nderived = "d"\n')


@pytest.mark.parametrize("text, message", [
    (FIST.replace("damage = 2", "damage = 7"), "weapon.fist: damage: must be a step die"),
    (FIST.replace('derived = "d"\n', ""), "weapon.fist: derived: missing (required)"),
    (FIST + "colour = 1\n", "weapon.fist: colour: unknown key"),
    (FIST + RIFLE.replace("medium = 20", "medium = 40"), "weapon.r: medium: the bands must grow"),
    (FIST + RIFLE.replace("autofire_rounds = 10\n", ""), "weapon.r: autofire_rounds: missing"),
    (FIST + RIFLE.replace("capacity = 30", "capacity = 5"), "weapon.r: autofire_rounds: more than the magazine"),
    (FIST + RIFLE.replace('"single", "autofire"', '"throw"'), "weapon.r: modes: 'throw' is not a ranged mode"),
    (FIST.replace('skill = "unarmed"', 'skill = "karate"'), "weapon.fist: skill: must be one of"),
    (FIST + '[armour.v]\nname = "V"\nprotection = 2\ncovers = ["torso"]\nsource = "s"\nderived = "d"\n',
     "armour.v: covers: unknown value 'torso'"),
    (FIST + '[explosive.g]\nname = "G"\ndamage_type = "wounds"\nbands = [{radius = 5, dice = [6]}, '
            '{radius = 2, dice = [6]}]\nsource = "s"\nderived = "d"\n', "explosive.g: bands: band 2: radius 2"),
    ('[weapon.x]\nname = "X"\nkind = "melee"\nskill = "melee"\ndamage = 4\ndamage_type = "wounds"\n'
     'source = "s"\nderived = "d"\n', "weapon.fist: missing"),
    (FIST + "[gadget.x]\n", "gadget: unknown table"),
])
def test_validation_names_the_file_the_entry_and_the_field(tmp_path, text, message):
    p = write(tmp_path, "weapons.toml", text)
    with pytest.raises(CatalogueError) as err:
        load_catalogue([p])
    assert str(err.value).startswith(str(p)) and message in str(err.value)


def test_duplicate_ids_across_files_are_refused(tmp_path):
    a, b = write(tmp_path, "a.toml", FIST), write(tmp_path, "b.toml", FIST)
    with pytest.raises(CatalogueError, match="duplicate id"):
        load_catalogue([a, b])


def test_bad_kit_map_and_template_entries(tmp_path):
    cat = load_catalogue([write(tmp_path, "w.toml", FIST)])
    kit = write(tmp_path, "kit_map.toml", '[kit]\nglock_17 = "laser"\n')
    with pytest.raises(CatalogueError, match="kit.glock_17: 'laser' is not in the step catalogue"):
        load_kit_map(kit, cat)
    base = ('[template.t]\nattributes = { agility = 8, strength = 6, vitality = 6, alertness = 6, '
            'intelligence = 6, willpower = 6 }\nweapon = "fist"\nsource = "s"\nderived = "d"\n')
    assert load_templates(write(tmp_path, "t0.toml", base), cat)["t"].weapon == "fist"
    for text, message in ((base.replace("agility = 8", "agility = 9"), "template.t: attributes: agility: must be a step die"),
                          (base.replace("agility = 8, ", ""), "template.t: attributes: missing agility"),
                          (base.replace('"fist"', '"laser"'), "template.t: weapon: 'laser' is not in the step catalogue"),
                          (base + 'skills = { karate = 6 }\n', "template.t: skills: unknown 'karate'")):
        with pytest.raises(CatalogueError, match=re.escape(message)):
            load_templates(write(tmp_path, "t.toml", text), cat)


def test_unreadable_files_are_one_line(tmp_path):
    bad = write(tmp_path, "bad.toml", "[weapon.fist\n")
    with pytest.raises(CatalogueError) as err:
        load_catalogue([bad])
    assert "\n" not in str(err.value) and str(bad) in str(err.value)
    with pytest.raises(CatalogueError, match="cannot read"):
        load_catalogue([tmp_path / "missing.toml"])


def test_the_data_ships_with_the_package():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["tool"]["setuptools"]["package-data"]["engine.stepdice"] == ["data/*.toml"]
    assert {p.name for p in DATA_DIR.glob("*.toml")} == {"weapons.toml", "explosives.toml", "armour.toml",
                                                        "templates.toml", "kit_map.toml"}
