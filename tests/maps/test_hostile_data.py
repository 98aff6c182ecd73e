"""Maps that must be refused, with one line naming the file and the place: layer data
(encodings, compression, CSV, base64, bombs, gids) and tilesets."""

from __future__ import annotations

import base64
import zlib

import pytest
from maprefusal import ground, refused
from tmxfactory import external_tileset, grid, tileset, tsx, write_map

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
