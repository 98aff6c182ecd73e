"""Object templates (.tx) are read with the same checks and give the same facts as detached
objects; Tiled JSON maps, tilesets and templates are refused in one line that says how to
export the XML the game reads."""

from __future__ import annotations

import json

import pytest
from tmxfactory import external_tileset, grid, layer, obj, tsx, write_map

from game.cli import main
from game.maps import MapError, load_map

RIFLEMAN_TX = """<?xml version="1.0" encoding="UTF-8"?>
<template>
 <object name="Rifleman" type="unit">
  <properties>
   <property name="armour" value="kevlar_vest"/>
   <property name="team" value="red"/>
   <property name="weapon" value="ak_47"/>
  </properties>
  <point/>
 </object>
</template>
"""


def templated_map(tmp_path, objects):
    (tmp_path / "rifleman.tx").write_text(RIFLEMAN_TX)
    return write_map(tmp_path, width=10, height=6, layers=[layer("ground", grid(10, 6))],
                     objects=objects)


def test_a_unit_placed_from_a_template_is_the_same_unit_detached(tmp_path):
    templated = templated_map(tmp_path, [
        '  <object id="1" template="rifleman.tx" x="24" y="24"/>\n',
        '  <object id="2" template="rifleman.tx" name="Sgt Ode" x="88" y="40">\n'
        '   <properties><property name="team" value="blue"/></properties>\n  </object>\n'])
    detached = write_map(tmp_path, name="detached.tmx", width=10, height=6,
                         layers=[layer("ground", grid(10, 6))], objects=[
        obj(1, "unit", 24, 24, point=True, name="Rifleman",
            props={"armour": "kevlar_vest", "team": "red", "weapon": "ak_47"}),
        obj(2, "unit", 88, 40, point=True, name="Sgt Ode",
            props={"armour": "kevlar_vest", "team": "blue", "weapon": "ak_47"})])
    a, b = load_map(templated), load_map(detached)
    assert a.units == b.units
    assert [(u.name, u.team, u.weapon) for u in a.units] == [
        ("Rifleman", "red", "ak_47"), ("Sgt Ode", "blue", "ak_47")]  # the instance wins
    assert not any("template" in note for note in a.assumptions)


def test_a_tile_template_finds_its_tile_in_the_map_s_copy_of_the_tileset(tmp_path):
    (tmp_path / "terrain.tsx").write_text(tsx())
    (tmp_path / "crate.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n'
        ' <tileset firstgid="1" source="terrain.tsx"/>\n'
        ' <object name="Crate" type="unit" gid="3" width="16" height="16">\n'
        '  <properties><property name="team" value="red"/></properties>\n </object>\n</template>\n')
    path = write_map(tmp_path, width=10, height=6, tilesets=[external_tileset("terrain.tsx", 5)],
                     layers=[layer("ground", grid(10, 6, fill=5))],
                     objects=['  <object id="1" template="crate.tx" x="16" y="32"/>\n'])
    unit = load_map(path).units[0]
    assert (unit.team, unit.x, unit.y) == ("red", 1, 1)  # a tile object's y is its bottom


@pytest.mark.parametrize(("text", "fragment"), [
    (None, "object template not found (looked for "),
    ("<template/>", "the template holds no <object>"),
    ("<map/>", "not a Tiled template: the root element is <map>"),
    ('<!DOCTYPE t [<!ENTITY a "b">]><template/>', "DOCTYPE declarations with definitions inside them are not allowed"),
    ('{"type": "template"}', "Tiled JSON template, which is not read"),
])
def test_a_bad_template_is_one_line(tmp_path, text, fragment):
    if text is not None:
        (tmp_path / "t.tx").write_text(text)
    path = write_map(tmp_path, width=10, height=6, layers=[layer("ground", grid(10, 6))],
                     objects=['  <object id="1" template="t.tx" x="24" y="24"/>\n'])
    with pytest.raises(MapError) as caught:
        load_map(path)
    assert fragment in str(caught.value) and "\n" not in str(caught.value)


def test_tiled_json_is_refused_with_how_to_export_tmx(tmp_path, capsys):
    (tmp_path / "m.tmj").write_text(json.dumps({"type": "map", "width": 4, "height": 3}))
    assert main(["check-map", str(tmp_path / "m.tmj")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Tiled JSON map, which is not read" in err
    assert "tiled --export-map IN.tmj OUT.tmx" in err
    (tmp_path / "disguised.tmx").write_text("{}")  # JSON under a .tmx name
    with pytest.raises(MapError, match="Tiled JSON map"):
        load_map(tmp_path / "disguised.tmx")
    (tmp_path / "t.tsj").write_text("{}")
    with pytest.raises(MapError, match="--export-tileset IN.tsj OUT.tsx"):
        load_map(write_map(tmp_path, tilesets=[external_tileset("t.tsj")]))
