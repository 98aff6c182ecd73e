"""The Tiled project shipped with the maps: written from the catalogue by
tools/make_project.py, read by Tiled for drop-downs and defaults, and by the game for the same
defaults (Tiled leaves a property at its default out of the .tmx)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from tmxfactory import grid, layer, obj, write_map

import game.maps.project as project
from engine.yags.catalogue import default_catalogue
from game.maps import MapError, load_map
from game.maps.props import FOG_CHOICES, RULESETS
from game.squads import templates

ROOT = Path(__file__).resolve().parents[2]


def make_project_module():
    spec = importlib.util.spec_from_file_location("make_project", ROOT / "tools" / "make_project.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_project_is_what_the_build_script_writes(tmp_path):
    make_project_module().write(tmp_path)
    for name in ("skirmish.tiled-project", "objecttypes.xml"):
        assert (tmp_path / name).read_bytes() == (ROOT / "maps" / name).read_bytes(), (
            f"maps/{name} is out of step with the catalogue: run python tools/make_project.py")


def test_the_project_holds_the_catalogue_and_the_game_s_choices():
    types = project.project_types()
    cat = default_catalogue()
    assert set(types.enums["weapon"]) == {project.FROM_TEMPLATE} | {
        w.id for w in cat.weapons.values() if w.kind != "explosive"}
    assert types.enums["weapon"][0] == project.FROM_TEMPLATE  # the default comes first
    assert set(types.enums["armour"]) == set(cat.armour)
    assert set(types.enums["template"]) == set(templates()[0])
    assert types.enums["ruleset"] == RULESETS == ("yags", "mythras", "yags-sf", "step")
    assert types.enums["fog"] == FOG_CHOICES
    assert types.enums["cover"] == ("none", "soft50", "soft90", "hard50", "hard90")
    assert types.enums["team"] == ("blue", "red")
    data = json.loads(project.PROJECT_FILE.read_text())
    by_name = {t["name"]: t for t in data["propertyTypes"]}
    assert by_name["skirmish_map"]["useAs"] == ["map"]
    assert by_name["unit"]["useAs"] == by_name["spawn"]["useAs"] == ["object"]
    assert by_name["armour"]["valuesAsFlags"] is True  # several pieces at once
    assert data["objectTypesFile"] == "objecttypes.xml"  # Tiled 1.8's object types
    members = {m["name"]: m for m in by_name["unit"]["members"]}
    assert members["weapon"]["propertyType"] == "weapon" and members["team"]["propertyType"] == "team"


def test_objecttypes_xml_gives_tiled_1_8_the_same_defaults():
    import xml.etree.ElementTree as ET

    types = project.project_types()
    root = ET.parse(project.OBJECT_TYPES_FILE).getroot()
    for objecttype in root.findall("objecttype"):
        defaults = {p.get("name"): p.get("default") for p in objecttype.findall("property")}
        expected = {k: (str(int(v)) if isinstance(v, float) else str(v))
                    for k, v in types.defaults(objecttype.get("name")).items()}
        assert defaults == expected


@pytest.fixture
def own_project(tmp_path, monkeypatch):
    """Point the game at a copy of the project whose defaults a test changes."""
    def make(change):
        data = json.loads(project.PROJECT_FILE.read_text())
        for entry in data["propertyTypes"]:
            change(entry)
        path = tmp_path / "own.tiled-project"
        path.write_text(json.dumps(data))
        monkeypatch.setattr(project, "PROJECT_FILE", path)
        return path
    return make


def test_the_loader_takes_its_defaults_from_the_project_file(tmp_path, own_project):
    def change(entry):
        for member in entry.get("members", []):
            if (entry["name"], member["name"]) == ("skirmish_map", "metres_per_tile"):
                member["value"] = 3.5
            if (entry["name"], member["name"]) in (("unit", "team"), ("spawn", "team")):
                member["value"] = "red"
            if (entry["name"], member["name"]) == ("unit", "template"):
                member["value"] = "gunner"
    own_project(change)
    m = load_map(write_map(tmp_path, width=8, height=4, layers=[layer("ground", grid(8, 4))],
                           objects=[obj(1, "unit", 8, 8, point=True),
                                    obj(2, "spawn", 96, 0, 32, 64)]))
    assert m.metres_per_tile == 3.5
    assert (m.units[0].team, m.units[0].template) == ("red", "gunner")
    assert m.spawns[0].team == "red"


def test_a_broken_project_is_one_line_naming_it(tmp_path, own_project):
    path = own_project(lambda e: e.update(name="renamed") if e["name"] == "unit" else None)
    with pytest.raises(MapError) as caught:
        load_map(write_map(tmp_path))
    assert str(caught.value).startswith(f"{path}: the class 'unit' is missing")


def test_unit_defaults_from_the_drop_downs_mean_the_template_s(tmp_path):
    props = {"team": "red", "weapon": project.FROM_TEMPLATE, "second_weapon": "(template)",
             "magazines": -1, "armour": ""}
    m = load_map(write_map(tmp_path, width=8, height=4, layers=[layer("ground", grid(8, 4))],
                           objects=[obj(1, "unit", 8, 8, point=True, props=props)]))
    u = m.units[0]
    assert (u.weapon, u.second_weapon, u.magazines, u.armour, u.template) == (
        None, None, None, None, "rifleman")


@pytest.mark.parametrize("attr", ["class", "type"])
def test_a_map_of_class_skirmish_map_is_not_told_to_set_its_defaults(tmp_path, attr):
    plain = load_map(write_map(tmp_path, name="plain.tmx"))
    assert any("metres_per_tile not set" in n for n in plain.assumptions)
    classed = load_map(write_map(tmp_path, name="classed.tmx", attrs=f' {attr}="skirmish_map"'))
    assert not any(" not set" in n for n in classed.assumptions)
    assert classed.metres_per_tile == plain.metres_per_tile == 2.0


@pytest.mark.parametrize(("props", "facts"), [
    ({}, ("yags", False)),
    ({"ruleset": "mythras", "fog": "on"}, ("mythras", True)),
    ({"ruleset": "YAGS-SF ", "fog": "off"}, ("yags-sf", False)),
    ({"ruleset": "step"}, ("step", False)),
])
def test_ruleset_and_fog_are_facts_on_the_grid(tmp_path, props, facts):
    m = load_map(write_map(tmp_path, props=props))
    assert (m.ruleset, m.fog) == facts
    assert "ruleset" not in m.properties and "fog" not in m.properties


@pytest.mark.parametrize(("props", "fragment"), [
    ({"ruleset": "gurps"}, "map property 'ruleset': 'gurps' is not one of yags, mythras, yags-sf, step"),
    ({"fog": "yes"}, "map property 'fog': 'yes' is not one of off, on"),
    ({"fog": True}, "map property 'fog': True is not one of off, on"),
])
def test_a_bad_ruleset_or_fog_is_one_line_naming_the_map_and_property(tmp_path, props, fragment):
    path = write_map(tmp_path, props=props)
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert str(caught.value) == f"{path}: {fragment}"
