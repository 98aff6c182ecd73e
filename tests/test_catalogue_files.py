"""The weapon and armour catalogue's files: patching an entry from a later file, and hostile
data files (each refused with file, entry and field on one line)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.yags.catalogue import CatalogueError, load_catalogue

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "engine" / "yags" / "data"


# --- patching ----------------------------------------------------------------------------

BASE = """
[weapon.pistol]
name = "Pistol"
kind = "missile"
skill = "Pistols"
attack = 4
damage = 18
muscle = false
properties = ["firearm", "semiauto"]
increment = 10
short = 50
medium = 100
long = 400
recoil = -3
source = "test"

[weapon.stick]
name = "Stick"
kind = "melee"
skill = "Melee"
damage = 3
source = "test"
[weapon.stick.thrown]
damage = 2
increment = 5
short = 1
medium = 2
long = 3
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_patch_changes_fields_one_by_one(tmp_path):
    base = write(tmp_path, "a.toml", BASE)
    mod = write(tmp_path, "b.toml", """
[weapon.pistol]
patch = true
damage = 20

[weapon.stick.thrown]
attack = 1
""")
    # The nested table alone does not say patch = true: an entry named only by its
    # thrown table is still a second definition.
    with pytest.raises(CatalogueError, match=r"b\.toml: weapon\.stick: id: duplicate id"):
        load_catalogue([base, mod])
    mod.write_text("""
[weapon.pistol]
patch = true
damage = 20

[weapon.stick]
patch = true
[weapon.stick.thrown]
attack = 1
""", encoding="utf-8")
    cat = load_catalogue([base, mod])
    pistol = cat.weapon("pistol")
    assert (pistol.damage, pistol.attack, pistol.recoil) == (20, 4, -3)
    stick = cat.weapon("stick")
    assert (stick.thrown.attack, stick.thrown.damage) == (1, 2)


# --- hostile data ------------------------------------------------------------------------

WEAPON = """
[weapon.gun]
name = "Gun"
kind = "missile"
skill = "Rifles"
damage = 26
muscle = false
properties = ["firearm"]
increment = 30
short = 550
medium = 800
long = 2400
recoil = -5
source = "test"
"""


ARMOUR = """
[armour.vest]
name = "Vest"
protection = 3
covers = ["torso"]
source = "test"
"""


HOSTILE = [
    # (case, text, expected "<entry>: <field>: <problem starts with>")
    ("wrong type", WEAPON.replace("damage = 26", 'damage = "26"'),
     "weapon.gun: damage: must be an integer, got string '26'"),
    ("float for int", WEAPON.replace("damage = 26", "damage = 26.5"),
     "weapon.gun: damage: must be an integer, got float 26.5"),
    ("bool for int", WEAPON.replace("recoil = -5", "recoil = true"),
     "weapon.gun: recoil: must be an integer, got boolean true"),
    ("unknown key", WEAPON.replace("recoil = -5", "recoil = -5\nsilencer = true"),
     "weapon.gun: silencer: unknown key"),
    ("unknown property", WEAPON.replace('["firearm"]', '["firearm", "shotgun"]'),
     "weapon.gun: properties: unknown value 'shotgun'"),
    ("bad damage_type", WEAPON.replace("muscle = false", 'muscle = false\ndamage_type = "split"'),
     "weapon.gun: damage_type: must be one of mixed, stuns, wounds, got 'split'"),
    ("short > medium", WEAPON.replace("short = 550", "short = 900"),
     "weapon.gun: short: must not exceed medium, got 900 > 800"),
    ("medium > long", WEAPON.replace("long = 2400", "long = 700"),
     "weapon.gun: medium: must not exceed long, got 800 > 700"),
    ("positive recoil", WEAPON.replace("recoil = -5", "recoil = 5"),
     "weapon.gun: recoil: must be 0 or negative, got 5"),
    ("reach too long", WEAPON.replace("recoil = -5", "recoil = -5\nreach = 9"),
     "weapon.gun: reach: must be between 0 and 6, got 9"),
    ("negative capacity", WEAPON.replace("recoil = -5", "recoil = -5\ncapacity = -1"),
     "weapon.gun: capacity: must be 0 or more, got -1"),
    ("missing required field", WEAPON.replace("increment = 30\n", ""),
     "weapon.gun: increment: missing (required)"),
    ("missing name", WEAPON.replace('name = "Gun"\n', ""),
     "weapon.gun: name: missing (required)"),
    ("unknown kind", WEAPON.replace('kind = "missile"', 'kind = "laser"'),
     "weapon.gun: kind: must be one of explosive, melee, missile, got 'laser'"),
    ("unknown skill", WEAPON.replace('skill = "Rifles"', 'skill = "Rifle"'),
     "weapon.gun: skill: must be one of"),
    ("firearm with muscle", WEAPON.replace("muscle = false", "muscle = true"),
     "weapon.gun: muscle: a firearm's damage is its straight number"),
    ("melee with a range", WEAPON.replace('kind = "missile"', 'kind = "melee"'),
     "weapon.gun: increment: not used by melee weapons"),
    ("bad id", WEAPON.replace("[weapon.gun]", '[weapon."M16 A1"]'),
     "weapon.M16 A1: id: must be lowercase snake_case"),
    ("explosive with damage and tnt", WEAPON.replace('kind = "missile"', 'kind = "explosive"')
     .replace('properties = ["firearm"]', "tnt_grams = 40").replace("recoil = -5\n", ""),
     "weapon.gun: damage: computed from tnt_grams"),
    ("nested thrown field", '[weapon.gun]\nname = "Gun"\nkind = "melee"\nskill = "Melee"\n'
     'damage = 5\nsource = "test"\n[weapon.gun.thrown]\ndamage = "x"\n',
     "weapon.gun: thrown.damage: must be an integer, got string 'x'"),
    ("thrown missing range", '[weapon.gun]\nname = "Gun"\nkind = "melee"\nskill = "Melee"\n'
     'damage = 5\nsource = "test"\n[weapon.gun.thrown]\ndamage = 4\n',
     "weapon.gun: thrown.increment: missing (required)"),
    ("negative protection", ARMOUR.replace("protection = 3", "protection = -1"),
     "armour.vest: protection: must be 0 or more, got -1"),
    ("unknown cover", ARMOUR.replace('["torso"]', '["torso", "tail"]'),
     "armour.vest: covers: unknown value 'tail'"),
    ("unknown armour property", ARMOUR.replace('source = "test"', 'source = "test"\nproperties = ["shiny"]'),
     "armour.vest: properties: unknown value 'shiny'"),
    ("armour missing covers", ARMOUR.replace('covers = ["torso"]\n', ""),
     "armour.vest: covers: missing (required)"),
    ("load as string", ARMOUR.replace("protection = 3", 'protection = 3\nload = "heavy"'),
     "armour.vest: load: must be a number, got string 'heavy'"),
    ("unknown armour layer", ARMOUR.replace("protection = 3", 'protection = 3\nlayer = "middle"'),
     "armour.vest: layer: must be one of mail, over, under, got 'middle'"),
]


@pytest.mark.parametrize(("case", "text", "expected"), HOSTILE, ids=[c[0] for c in HOSTILE])
def test_hostile_entry(tmp_path, case, text, expected):
    path = write(tmp_path, "bad.toml", text)
    with pytest.raises(CatalogueError) as info:
        load_catalogue([path])
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: {expected}"), message


def test_duplicate_id_names_both_files(tmp_path):
    first = write(tmp_path, "a.toml", WEAPON)
    second = write(tmp_path, "b.toml", WEAPON)
    with pytest.raises(CatalogueError) as info:
        load_catalogue([first, second])
    assert str(info.value) == (
        f"{second}: weapon.gun: id: duplicate id, already defined in {first} (add patch = true to change it)")


def test_patch_without_an_earlier_entry(tmp_path):
    path = write(tmp_path, "a.toml", "[weapon.gun]\npatch = true\ndamage = 30\n")
    with pytest.raises(CatalogueError, match=r"a\.toml: weapon\.gun: patch: no earlier entry"):
        load_catalogue([path])


def test_patch_error_names_the_patching_file(tmp_path):
    base = write(tmp_path, "a.toml", WEAPON)
    mod = write(tmp_path, "b.toml", "[weapon.gun]\npatch = true\nshort = 900\n")
    with pytest.raises(CatalogueError) as info:
        load_catalogue([base, mod])
    assert str(info.value) == f"{mod}: weapon.gun: short: must not exceed medium, got 900 > 800"


def test_toml_syntax_error_gives_the_line(tmp_path):
    path = write(tmp_path, "bad.toml", WEAPON.replace("damage = 26", "damage = = 26"))
    with pytest.raises(CatalogueError) as info:
        load_catalogue([path])
    message = str(info.value)
    line = WEAPON.splitlines().index("damage = 26") + 1
    assert message.startswith(f"{path}: line {line}: "), message
    assert "\n" not in message and "(at line" not in message


def test_unknown_table_and_unreadable_file(tmp_path):
    path = write(tmp_path, "bad.toml", '[vehicle.tank]\nname = "Tank"\n')
    with pytest.raises(CatalogueError, match=r"bad\.toml: vehicle: unknown table"):
        load_catalogue([path])
    missing = tmp_path / "missing.toml"
    with pytest.raises(CatalogueError, match=r"missing\.toml: cannot read"):
        load_catalogue([missing])


def test_shipped_files_are_named_from_the_repository_root(tmp_path):
    mod = write(tmp_path, "mod.toml", "[weapon.m16_a1]\nrecoil = -4\n")
    with pytest.raises(CatalogueError) as info:
        load_catalogue([DATA / "firearms.toml", mod])
    assert str(info.value) == (
        f"{mod}: weapon.m16_a1: id: duplicate id, already defined in engine/yags/data/firearms.toml "
        "(add patch = true to change it)")
