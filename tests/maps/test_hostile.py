"""Maps that must be refused: quickly, with one line naming the file and the place."""

from __future__ import annotations

import base64
import os
import random
import zlib
from pathlib import Path

import pytest
from tmxfactory import (
    external_tileset,
    grid,
    layer,
    map_xml,
    obj,
    tileset,
    tsx,
    write_map,
)

from game.maps import MapError, load_map

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE map [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<{root} version="1.10" orientation="orthogonal" width="4" height="3" tilewidth="16"
  tileheight="16" name="&lol9;"/>
"""

EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE map [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<map version="1.10" orientation="orthogonal" width="4" height="3" tilewidth="16"
  tileheight="16"><properties><property name="briefing" value="&xxe;"/></properties></map>
"""


def refused(path: Path | str, *fragments: str, file: Path | str | None = None) -> str:
    """Load ``path``, expect a MapError, and check its one line. (How fast refusals are is
    measured by bench/run.py, not asserted here: the test machines are noisy.)"""
    with pytest.raises(MapError) as caught:
        load_map(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{os.fspath(file or path)}: "), message
    for fragment in fragments:
        assert fragment in message, message
    return message


def ground(rows=None, **kwargs):
    return layer("ground", rows if rows is not None else grid(4, 3), **kwargs)


# -- XML attacks and not-XML ---------------------------------------------------------

def test_billion_laughs_is_refused_at_the_doctype(tmp_path):
    path = tmp_path / "laughs.tmx"
    path.write_text(BILLION_LAUGHS.format(root="map"))
    refused(path, ": line 2: XML DOCTYPE declarations with definitions inside them are not allowed")


def test_external_entity_is_refused(tmp_path):
    path = tmp_path / "xxe.tmx"
    path.write_text(EXTERNAL_ENTITY)
    message = refused(path, "line 2:", "not allowed")
    assert "root:" not in message


def test_billion_laughs_in_a_tileset_names_the_tileset_file(tmp_path):
    (tmp_path / "bad.tsx").write_text(BILLION_LAUGHS.format(root="tileset"))
    path = write_map(tmp_path, tilesets=[external_tileset("bad.tsx")])
    refused(path, "line 2: XML DOCTYPE", f"tileset #0 of {path}", file=tmp_path / "bad.tsx")


@pytest.mark.parametrize("content", [
    b"\x89PNG\r\n\x1a\n\x00\x00garbage\xff\xfe", b"hello, not xml", b"<map",
    b'<map width="3" height="3"><layer></map>',
])
def test_garbage_is_refused_with_a_line(tmp_path, content):
    path = tmp_path / "junk.tmx"
    path.write_bytes(content)
    refused(path, "line ", "not well-formed XML")


@pytest.mark.parametrize("content", [b"", b"  \n\t\n"])
def test_empty_file(tmp_path, content):
    path = tmp_path / "empty.tmx"
    path.write_bytes(content)
    refused(path, "file is empty")


def test_missing_file_and_directory(tmp_path):
    refused(tmp_path / "nowhere.tmx", "file not found")
    refused(tmp_path, "not a regular file")


def test_too_many_xml_elements(tmp_path):
    path = write_map(tmp_path, objects=["<object/>"] * 200_001)
    refused(path, "more than 200,000 XML elements")


def test_deep_nesting_is_no_trouble(tmp_path):
    nested = "<group>" * 50_000 + '<objectgroup><object id="1" x="x"/></objectgroup>' + \
        "</group>" * 50_000
    refused(write_map(tmp_path, layers=[ground(), nested]), "object 1: x='x' is not a number")


def test_a_tileset_or_other_xml_is_not_a_map(tmp_path):
    path = tmp_path / "ts.tmx"
    path.write_text(tsx())
    refused(path, "not a Tiled map: the root element is <tileset>")


# -- size, orientation, infinite ---------------------------------------------------------

def test_huge_declared_size_is_refused_at_once(tmp_path):
    path = write_map(tmp_path, width=100_000, height=100_000, layers=[ground()])
    refused(path, "map: map is 100000x100000 tiles; the limit is 2000 a side")


@pytest.mark.parametrize(("width", "height"), [(2001, 1), (1000, 1001), (0, 5), (-3, 4)])
def test_sizes_out_of_range(tmp_path, width, height):
    path = write_map(tmp_path, width=width, height=height, layers=[])
    refused(path, "map: ")


def test_size_that_is_not_a_number(tmp_path):
    path = write_map(tmp_path, layers=[]).read_text().replace('width="4"', 'width="four"')
    (tmp_path / "w.tmx").write_text(path)
    refused(tmp_path / "w.tmx", "map: width='four' is not a whole number")


@pytest.mark.parametrize("orientation", ["hexagonal", "isometric", "staggered"])
def test_non_orthogonal_maps_are_refused(tmp_path, orientation):
    path = write_map(tmp_path, orientation=orientation)
    refused(path, f"map: orientation '{orientation}' is not supported")


def test_infinite_map_is_refused(tmp_path):
    chunk = ' <layer id="1" name="ground" width="4" height="3"><data encoding="csv">' \
            '<chunk x="0" y="0" width="16" height="16">1</chunk></data></layer>\n'
    path = write_map(tmp_path, infinite=True, layers=[chunk])
    refused(path, "map: infinite maps are not supported")


def test_chunked_layer_in_a_finite_map_is_refused(tmp_path):
    chunk = ' <layer id="1" name="ground" width="4" height="3"><data encoding="csv">' \
            '<chunk x="0" y="0" width="4" height="3">1</chunk></data></layer>\n'
    refused(write_map(tmp_path, layers=[chunk]), "layer 'ground': layer data is in chunks")


def test_too_many_layer_tiles_in_all(tmp_path):
    layers = [layer(f"l{i}", [[1]], data="", layer_id=i) for i in range(9)]
    layers = [text.replace('width="1" height="1"', 'width="1000" height="1000"')
              for text in layers]
    path = write_map(tmp_path, width=1000, height=1000, layers=layers)
    refused(path, "map: 9 tile layers of 1000x1000 tiles hold more than 8,000,000 tiles")


def test_layer_of_another_size_than_the_map(tmp_path):
    path = write_map(tmp_path, layers=[layer("ground", grid(5, 3))])
    refused(path, "layer 'ground': layer is 5x3 tiles but the map is 4x3")


# -- layer data -------------------------------------------------------------------------

def test_zstd_is_refused(tmp_path):
    path = write_map(tmp_path, layers=[ground(data="KLUv/QBYAAA=",
                                              data_attrs=' encoding="base64" compression="zstd"')])
    refused(path, "layer 'ground': zstd compression is not supported")


@pytest.mark.parametrize(("attrs", "fragment"), [
    (' encoding="hex"', "unknown layer data encoding 'hex'"),
    (' encoding="base64" compression="lzma"', "unknown layer data compression 'lzma'"),
    (' encoding="csv" compression="zlib"', "csv layer data cannot be compressed"),
    ("", "layer data is in XML <tile> elements"),
])
def test_unknown_encodings(tmp_path, attrs, fragment):
    refused(write_map(tmp_path, layers=[ground(data_attrs=attrs)]), f"layer 'ground': {fragment}")


def test_truncated_csv_names_the_short_row(tmp_path):
    text = "\n1,1,1,1,\n1,1,1,1,\n1,1,1\n"
    refused(write_map(tmp_path, layers=[ground(data=text)]),
            "layer 'ground' row 2: data has 11 tiles, expected 12 (4x3); row 2 has 3")


def test_csv_with_a_bad_entry_names_the_tile(tmp_path):
    text = "\n1,1,1,1,\n1,x,1,1,\n1,1,1,1\n"
    refused(write_map(tmp_path, layers=[ground(data=text)]),
            "layer 'ground' at (1, 1): 'x' is not a tile number")
    text = "\n1,1,1,1,\n1,1,1,1,\n1,1,1,-1\n"
    refused(write_map(tmp_path, layers=[ground(data=text)]),
            "layer 'ground' at (3, 2): '-1' is not a tile number")


def test_empty_data(tmp_path):
    refused(write_map(tmp_path, layers=[ground(data="  ")]), "layer 'ground': layer data is empty")


def raw64(blob: bytes) -> str:
    return base64.b64encode(blob).decode()


def test_base64_of_the_wrong_length(tmp_path):
    short = ground(encoding="base64", data=raw64(bytes(4 * 11)))
    refused(write_map(tmp_path, layers=[short]),
            "layer 'ground': data has 11 tiles, expected 12 (4x3)")
    ragged = ground(encoding="base64", data=raw64(bytes(4 * 12 + 2)))
    refused(write_map(tmp_path, layers=[ragged]), "not a whole number of 4-byte tiles")


def test_bad_base64(tmp_path):
    refused(write_map(tmp_path, layers=[ground(encoding="base64", data="AAAA*AAA")]),
            "layer 'ground': layer data is not valid base64")


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_bad_compressed_data(tmp_path, compression):
    path = write_map(tmp_path, layers=[ground(encoding="base64", compression=compression,
                                              data=raw64(b"definitely not compressed"))])
    refused(path, f"layer 'ground': layer data is not valid {compression} data")


def test_truncated_zlib(tmp_path):
    blob = zlib.compress(bytes(range(48)))[:-6]
    path = write_map(tmp_path, layers=[ground(encoding="base64", compression="zlib",
                                              data=raw64(blob))])
    refused(path, "layer 'ground': zlib data is truncated")


def test_zlib_bomb_stops_at_the_expected_size(tmp_path):
    bomb = zlib.compress(bytes(20_000_000), 9)  # 20 MB of zeros in ~20 KB
    path = write_map(tmp_path, layers=[ground(encoding="base64", compression="zlib",
                                              data=raw64(bomb))])
    refused(path, "layer 'ground': data has more than 12 tiles")


def test_gid_that_belongs_to_no_tileset(tmp_path):
    rows = grid(4, 3)
    rows[1][2] = 99
    refused(write_map(tmp_path, layers=[ground(rows)]),
            "layer 'ground' at (2, 1): tile gid 99 belongs to no tileset")


# -- tilesets ---------------------------------------------------------------------------

def test_missing_tsx(tmp_path):
    path = write_map(tmp_path, tilesets=[external_tileset("nope.tsx")])
    refused(path, "tileset 'nope.tsx': tileset file not found")


def test_tileset_that_is_not_tsx(tmp_path):
    path = write_map(tmp_path, tilesets=[external_tileset("terrain.tsj")])
    refused(path, "tileset 'terrain.tsj': external tilesets must be .tsx files")


def test_broken_tsx_names_its_own_file(tmp_path):
    (tmp_path / "broken.tsx").write_text('<tileset name="x" tilewidth="16"')
    path = write_map(tmp_path, tilesets=[external_tileset("broken.tsx")])
    refused(path, "line 1: not well-formed XML", file=tmp_path / "broken.tsx")


def test_tsx_that_points_at_another_file_is_refused(tmp_path):
    """pytmx would open that file itself, past the safe parser."""
    (tmp_path / "t.tsx").write_text(tsx().replace("<tileset ", '<tileset source="evil.tsx" ', 1))
    path = write_map(tmp_path, tilesets=[external_tileset("t.tsx")])
    refused(path, "tileset 'terrain': a tileset file may not refer to another tileset file",
            file=tmp_path / "t.tsx")


def test_tileset_with_a_huge_image_of_tiny_tiles(tmp_path):
    huge = tileset({}, tilewidth=1, tileheight=1, columns=8).replace(
        'width="8" height="1"', 'width="100000" height="100000"')
    refused(write_map(tmp_path, tilesets=[huge]),
            "tileset 'terrain' image: a 100000x100000 px image of 1x1 px tiles")


def test_tileset_with_zero_sized_tiles(tmp_path):
    refused(write_map(tmp_path, tilesets=[tileset(tilewidth=0)]),
            "tileset 'terrain': tilewidth=0 is out of range")


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


# -- nothing but MapError, whatever the damage --------------------------------------------

def test_every_truncation_and_random_damage_gives_a_map_error_or_a_map(tmp_path):
    objects = [obj(1, "spawn", 0, 0, 16, 48, props={"team": "blue"}),
               obj(2, "unit", 56, 8, point=True, name="Ana", props={"team": "red"})]
    (tmp_path / "t.tsx").write_text(tsx())
    good = write_map(tmp_path, objects=objects, tilesets=[external_tileset("t.tsx")],
                     layers=[ground(encoding="base64", compression="zlib"),
                             layer("top", grid(4, 3, 0), layer_id=2, props={"cover": "soft50"})],
                     props={"max_rounds": 9}).read_bytes()
    rng = random.Random(1234)
    damaged = [good[:cut] for cut in range(0, len(good), 7)]
    for _ in range(300):
        data = bytearray(good)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.choice(b'<>"=/ &;0123456789xyz\x00\xff')
        damaged.append(bytes(data))
    path = tmp_path / "damaged.tmx"
    loaded = 0
    for data in damaged:
        path.write_bytes(data)
        try:
            load_map(path)
            loaded += 1
        except MapError as err:
            assert str(err).startswith(f"{path}: ") and "\n" not in str(err)
    assert loaded < len(damaged)


def test_map_xml_helper_writes_what_load_map_reads(tmp_path):
    """The factory itself: a map built by hand from its parts loads."""
    path = tmp_path / "parts.tmx"
    path.write_text(map_xml(width=2, height=1, body=tileset() + layer("g", [[1, 2]])))
    assert load_map(path).walkable(1, 0) is False


def test_the_bare_doctype_old_tiled_wrote_is_read_and_its_dtd_never_fetched(tmp_path):
    """Tiled before 0.9 began files with <!DOCTYPE map SYSTEM ".../map.dtd"> (its own
    sewer_automap example still does): harmless without an internal subset."""
    text = write_map(tmp_path).read_text().replace(
        "<map ", '<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">\n<map ', 1)
    (tmp_path / "old.tmx").write_text(text)
    assert load_map(tmp_path / "old.tmx").width == 4
    local = text.replace("http://mapeditor.org/dtd/1.0/map.dtd", f"file://{tmp_path}/x.dtd")
    (tmp_path / "x.dtd").write_text('<!ENTITY leak "secret">')
    (tmp_path / "local.tmx").write_text(local.replace('name="terrain"', 'name="&leak;"', 1))
    with pytest.raises(MapError) as caught:
        load_map(tmp_path / "local.tmx")
    assert "XML entity references are not allowed" in str(caught.value)
    assert "secret" not in str(caught.value) and "\n" not in str(caught.value)
