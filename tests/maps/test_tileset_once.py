"""A .tsx named by many <tileset> elements is read and checked once (issue 27, "A
regression": a map naming one tileset 3000 times took 19 s and 650 MB in check-map, the
tileset read and checked once per reference). Counted, not timed: the parse calls of the
safe XML reader and the property checks of the loader."""

from __future__ import annotations

import pytest
from tmxfactory import GROUND, WALL, external_tileset, grid, layer, tsx, write_map

import game.maps.loader as loader_module
import game.maps.tmxcheck as tmxcheck_module
from game.maps import MapError, load_map

REFERENCES = 3000
TILES = 8  # the factory's tileset: 8 tiles (4 columns x 2 rows)


def many_references(tmp_path, count=REFERENCES, tiles=None, layers=None):
    """A map naming one tiny .tsx `count` times (each with its own firstgid)."""
    (tmp_path / "t.tsx").write_text(tsx(tiles, columns=4), encoding="utf-8")
    tilesets = [external_tileset("t.tsx", 1 + TILES * i) for i in range(count)]
    return write_map(tmp_path, width=4, height=3, tilesets=tilesets, layers=layers)


@pytest.fixture
def reads(monkeypatch):
    """Every file the map check parses, by the root it asked for."""
    seen: list[tuple[str, str]] = []
    real = tmxcheck_module.read_xml

    def counting(path, root_tag, **kwargs):
        seen.append((root_tag, str(path)))
        return real(path, root_tag, **kwargs)

    monkeypatch.setattr(tmxcheck_module, "read_xml", counting)
    return seen


def test_a_tileset_named_3000_times_is_parsed_once(tmp_path, reads):
    last = 1 + TILES * (REFERENCES - 1)  # the last reference's firstgid
    flipped = (last + WALL) | (1 << 31)
    rows = [[1, 1 + WALL, 1, 1], [last + GROUND, last + WALL, last, flipped], [1, 1, 1, 1]]
    m = load_map(many_references(tmp_path, layers=[layer("ground", rows)]))
    assert [tag for tag, _ in reads] == ["tileset"]
    # every reference still has its own gids: the last copy's wall is a wall, flipped too
    assert not m.walkable(1, 0) and not m.walkable(1, 1) and not m.walkable(3, 1)
    assert m.walkable(0, 1) and m.walkable(0, 0) and m.walkable(2, 1)
    assert m.blocks_sight(1, 1) and m.blocks_sight(3, 1)


def test_two_distinct_tilesets_are_each_parsed_once(tmp_path, reads):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "t.tsx").write_text(tsx(columns=4), encoding="utf-8")
    (tmp_path / "t.tsx").write_text(tsx(columns=4), encoding="utf-8")
    tilesets = [external_tileset("t.tsx" if i % 2 else "a/t.tsx", 1 + TILES * i) for i in range(40)]
    load_map(write_map(tmp_path, tilesets=tilesets, layers=[layer("ground", grid(4, 3))]))
    assert sorted(path.rsplit("/", 2)[-2] for _, path in reads) == ["a", tmp_path.name]


def test_each_tile_of_a_repeated_tileset_is_checked_once(tmp_path, monkeypatch):
    checked: list[str] = []
    real = loader_module._Builder.facts

    def counting(self, props, where, path=None):
        if where.startswith("tileset"):
            checked.append(where)
        return real(self, props, where, path)

    monkeypatch.setattr(loader_module._Builder, "facts", counting)
    load_map(many_references(tmp_path, count=50))
    # the factory's tileset gives properties to 4 of its tiles (wall, sandbags, water, concrete)
    assert len(checked) == 4
    assert len(set(checked)) == 4


def test_a_fault_in_a_repeated_tileset_is_reported_once_against_its_file(tmp_path):
    path = many_references(tmp_path, count=200, tiles={0: {}, 1: {"cover": "plenty"}})
    with pytest.raises(MapError) as caught:
        load_map(path)
    message = str(caught.value)
    assert message.startswith(f"{tmp_path / 't.tsx'}: "), message
    assert "tile 1 property 'cover'" in message and "\n" not in message


def test_the_tiles_of_every_reference_count_against_the_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(tmxcheck_module, "MAX_ALL_TILESET_TILES", TILES * 100)
    load_map(many_references(tmp_path, count=100))  # exactly at the limit
    with pytest.raises(MapError, match="hold more than 800 tiles together"):
        load_map(many_references(tmp_path, count=101))


def test_a_repeated_tileset_whose_tiles_have_their_own_images_keeps_them(tmp_path):
    """Tiles with their own image (a collection of images) in a .tsx named twice: the second
    copy's tile is drawn from its own image and keeps its properties."""
    from tmxfactory import write_png

    write_png(tmp_path / "wall.png", 16, 16)
    (tmp_path / "c.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<tileset version="1.10" name="c" tilewidth="16" tileheight="16" tilecount="1" columns="0">\n'
        ' <tile id="0"><properties><property name="blocks_move" type="bool" value="true"/>'
        '</properties><image source="wall.png" width="16" height="16"/></tile>\n</tileset>\n',
        encoding="utf-8")
    rows = [[1, 2, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]]
    tilesets = [external_tileset("t.tsx", 1), external_tileset("c.tsx", 9), external_tileset("c.tsx", 10)]
    (tmp_path / "t.tsx").write_text(tsx(columns=4), encoding="utf-8")
    rows[2][3] = 10
    m = load_map(write_map(tmp_path, tilesets=tilesets, layers=[layer("ground", rows)]))
    assert not m.walkable(3, 2) and m.walkable(0, 0)
