"""Maps that must be refused, with one line naming the file and the place: tile, layer and map
property values, and objects (units, spawn zones) and their attributes."""

from __future__ import annotations

import pytest
from maprefusal import ground, refused
from tmxfactory import external_tileset, grid, obj, tileset, tsx, write_map

from game.maps import load_map

# -- property values --------------------------------------------------------------------

@pytest.mark.parametrize(("props", "fragment"), [
    ({"move_cost": -1}, "property 'move_cost': -1 is not a positive number"),
    ({"move_cost": 0.0}, "property 'move_cost': 0.0 is not a positive number"),
    ({"move_cost": "fast"}, "property 'move_cost': 'fast' is not a positive number"),
    ({"cover": "hard70"}, "property 'cover': 'hard70' is not a cover kind"),
    ({"blocks_move": "maybe"}, "property 'blocks_move': 'maybe' is not a bool"),
])
def test_bad_tile_property_values(tmp_path, props, fragment):
    path = write_map(tmp_path, tilesets=[tileset({0: {}, 3: props})])
    refused(path, f"tileset 'terrain' tile 3 {fragment}")


def test_bad_tile_property_in_a_tsx_names_the_tile(tmp_path):
    (tmp_path / "t.tsx").write_text(tsx({0: {}, 2: {"cover": "bunker"}}))
    path = write_map(tmp_path, tilesets=[external_tileset("t.tsx")])
    refused(path, "tileset 'terrain' tile 2 property 'cover': 'bunker' is not a cover kind",
            file=tmp_path / "t.tsx")


@pytest.mark.parametrize(("value", "fragment"), [
    (("bool", "maybe"), "'maybe' is not a bool"),
    (("int", "3.5"), "'3.5' is not a whole number"),
    (("float", "nan"), "'nan' is not a number"),
    (("colour", "red"), "unknown property type 'colour'"),
])
def test_badly_typed_property_values_are_refused_before_pytmx(tmp_path, value, fragment):
    (tmp_path / "t.tsx").write_text(tsx({0: {}, 1: {"blocks_move": value}}))
    path = write_map(tmp_path, tilesets=[external_tileset("t.tsx")])
    refused(path, f"tileset 'terrain' tile 1 property 'blocks_move': {fragment}",
            file=tmp_path / "t.tsx")


def test_bad_layer_property(tmp_path):
    path = write_map(tmp_path, layers=[ground(props={"cover": "soft70"})])
    refused(path, "layer 'ground' property 'cover': 'soft70' is not a cover kind")


@pytest.mark.parametrize(("props", "fragment"), [
    ({"metres_per_tile": 0.0}, "map property 'metres_per_tile': 0.0 is not a positive number"),
    ({"metres_per_tile": "far"}, "map property 'metres_per_tile'"),
    ({"max_rounds": 2.5}, "map property 'max_rounds': 2.5 is not a positive whole number"),
    ({"max_rounds": 0}, "map property 'max_rounds': 0 is not a positive whole number"),
    # limits: a match that could never end, tiles no figure fits on or past every range
    ({"max_rounds": 1001}, "map property 'max_rounds': 1001 is more than 1,000"),
    ({"max_rounds": ("int", "99999999999999999999")}, "'max_rounds': 99999999999999999999 is more"),
    ({"metres_per_tile": 1e300}, "map property 'metres_per_tile': 1e+300 is more than 1000"),
    ({"metres_per_tile": 0.01}, "map property 'metres_per_tile': 0.01 is less than 0.1"),
    ({"metres_per_tile": ("string", "inf")}, "map property 'metres_per_tile': 'inf' is not a positive"),
])
def test_bad_map_property_values(tmp_path, props, fragment):
    refused(write_map(tmp_path, props=props), fragment)


def test_map_property_limits_are_inclusive(tmp_path):
    m = load_map(write_map(tmp_path, props={"max_rounds": 1000, "metres_per_tile": 0.1}))
    assert (m.max_rounds, m.metres_per_tile) == (1000, 0.1)


def test_move_cost_beyond_the_limit_is_refused(tmp_path):
    path = write_map(tmp_path, tilesets=[tileset({0: {"move_cost": 1e308}})])
    refused(path, "tileset 'terrain' tile 0 property 'move_cost': 1e+308 is more than 1000")


def test_unknown_xml_character_encoding(tmp_path):
    path = write_map(tmp_path)
    path.write_text(path.read_text().replace('encoding="UTF-8"', 'encoding="klingon"', 1))
    refused(path, "line 1: cannot read XML (unknown encoding: klingon)")


def test_layer_without_data(tmp_path):
    bare = ' <layer id="1" name="ground" width="4" height="3"/>\n'
    refused(write_map(tmp_path, layers=[bare]), "layer 'ground': layer has no <data>")


@pytest.mark.parametrize(("old", "new"), [('tilewidth="16"', 'tilewidth="0"'),
                                          ('tileheight="16"', 'tileheight="-16"')])
def test_map_tile_size_out_of_range(tmp_path, old, new):
    text = write_map(tmp_path).read_text()
    (tmp_path / "t.tmx").write_text(text.replace(old, new, 1))
    refused(tmp_path / "t.tmx", "map: tile", "is out of range (must be from 1 to 4096)")


@pytest.mark.parametrize(("props", "fragment"), [
    ({"team": ""}, "layer 'objects' object 1 'Bo' property 'team': missing (one of blue, red)"),
    ({"team": "green"}, "object 1 'Bo' property 'team': 'green' is not a team"),
    ({"team": "red", "skills": "Rifles=five"},
     "layer 'objects' object 1 'Bo' property 'skills': 'Rifles=five' is not name=number"),
    ({"team": "red", "attributes": "str=3,str=4"}, "property 'attributes': 'str' is given twice"),
])
def test_bad_unit_properties(tmp_path, props, fragment):
    path = write_map(tmp_path, objects=[obj(1, "unit", 8, 8, point=True, name="Bo",
                                            props=props)])
    refused(path, fragment)


def test_unit_off_the_map_or_on_a_wall(tmp_path):
    off = write_map(tmp_path, name="off.tmx",
                    objects=[obj(1, "unit", 200, 8, point=True, props={"team": "red"})])
    refused(off, "object 1: unit at tile (12, 0) is outside the 4x3 map")
    rows = grid(4, 3)
    rows[0][0] = 2  # wall
    wall = write_map(tmp_path, name="wall.tmx", layers=[ground(rows)],
                     objects=[obj(1, "unit", 8, 8, point=True, name="Al", props={"team": "red"})])
    refused(wall, "layer 'objects' object 1 'Al': unit at tile (0, 0) stands on a tile that "
            "blocks movement")


def test_spawn_zone_outside_the_map(tmp_path):
    path = write_map(tmp_path, objects=[obj(1, "spawn", 500, 500, 32, 32,
                                            props={"team": "blue"})])
    refused(path, "object 1: spawn zone at pixels (500, 500) lies outside the map")


def test_map_where_a_team_has_nowhere_to_stand(tmp_path):
    refused(write_map(tmp_path, layers=[ground(grid(4, 3, 2))]),
            "map: no walkable tile to place blue on")


@pytest.mark.parametrize(("old", "new", "fragment"), [
    ('x="8"', 'x="eight"', "object 1: x='eight' is not a number"),
    ('id="1"', 'id="one"', "object one: id='one' is not a whole number"),
    ("<point/>", '<polygon points="0,0 1"/>', "polygon points '0,0 1' are not"),
])
def test_bad_object_attributes(tmp_path, old, new, fragment):
    text = obj(1, "unit", 8, 8, point=True, props={"team": "red"}).replace(old, new)
    refused(write_map(tmp_path, objects=[text]), fragment)


def test_bad_layer_visibility_value(tmp_path):
    bad = ground().replace('height="3">', 'height="3" visible="maybe">')
    refused(write_map(tmp_path, layers=[bad]), "layer 'ground': visible='maybe' is not a bool")
