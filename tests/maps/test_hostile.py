"""Maps that must be refused: quickly, with one line naming the file and the place. Here XML
attacks and what is not XML, sizes and orientations, and any damage at all; layer data and
tilesets: test_hostile_data.py; property values and objects: test_hostile_properties.py."""

from __future__ import annotations

import random

import pytest
from maprefusal import ground, refused
from tmxfactory import external_tileset, grid, layer, map_xml, obj, tileset, tsx, write_map

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
