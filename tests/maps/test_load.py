"""Loading playable Tiled maps: encodings, tile and layer properties, objects, defaults."""

from __future__ import annotations

import pytest
import pytmx
from tmxfactory import (
    CONCRETE,
    GROUND,
    SANDBAGS,
    WALL,
    WATER,
    external_tileset,
    grid,
    layer,
    obj,
    tileset,
    tsx,
    write_map,
)

from game.maps import COVER_KINDS, GridMap, MapError, Spawn, TileRect, UnitSpawn, load_map
from game.maps.check import summarise

G, W, S, A, C = (t + 1 for t in (GROUND, WALL, SANDBAGS, WATER, CONCRETE))  # gids, firstgid 1

ROWS = [
    [G, W, G, G],
    [G, S, A, C],
    [G, G, G, G],
]


def facts(m: GridMap) -> list[tuple[bool, float, bool, str | None]]:
    return [(m.walkable(x, y), m.move_cost(x, y), m.blocks_sight(x, y), m.cover(x, y))
            for y in range(m.height) for x in range(m.width)]


@pytest.mark.parametrize(("encoding", "compression"), [
    ("csv", None), ("base64", None), ("base64", "zlib"), ("base64", "gzip"),
])
def test_every_encoding_loads_the_same_grid(tmp_path, encoding, compression):
    path = write_map(tmp_path, layers=[layer("ground", ROWS, encoding=encoding,
                                             compression=compression)])
    m = load_map(path)
    assert (m.width, m.height, m.tile_width, m.tile_height) == (4, 3, 16, 16)
    assert facts(m) == [
        (True, 1.0, False, None), (False, 1.0, True, None), (True, 1.0, False, None),
        (True, 1.0, False, None),
        (True, 1.0, False, None), (True, 1.0, False, "soft90"), (True, 3.0, False, None),
        (True, 1.0, True, "hard50"),
        (True, 1.0, False, None), (True, 1.0, False, None), (True, 1.0, False, None),
        (True, 1.0, False, None),
    ]


def test_external_tsx_tileset_gives_the_same_grid_as_an_embedded_one(tmp_path):
    (tmp_path / "tiles").mkdir()
    (tmp_path / "tiles" / "terrain.tsx").write_text(tsx())
    external = write_map(tmp_path, name="ext.tmx", layers=[layer("ground", ROWS)],
                         tilesets=[external_tileset("tiles/terrain.tsx")])
    embedded = write_map(tmp_path, name="emb.tmx", layers=[layer("ground", ROWS)])
    assert facts(load_map(external)) == facts(load_map(embedded))


def test_properties_are_read_by_tile_not_by_gid(tmp_path):
    # a second tileset: its tiles get gids 101.., and pytmx renumbers them anyway
    rubble = tileset({0: {}, 1: {"move_cost": 2}}, firstgid=101, name="rubble")
    rows = [[102, 1, 1, 2]]
    m = load_map(write_map(tmp_path, width=4, height=1, tilesets=[tileset(), rubble],
                           layers=[layer("ground", rows)]))
    assert [m.move_cost(x, 0) for x in range(4)] == [2.0, 1.0, 1.0, 1.0]
    assert [m.walkable(x, 0) for x in range(4)] == [True, True, True, False]


def test_flipped_tiles_keep_their_properties(tmp_path):
    flipx, flipy = 1 << 31, 1 << 30
    rows = [[W | flipx, W | flipy, C | flipx | flipy, G]]
    for encoding in ("csv", "base64"):
        m = load_map(write_map(tmp_path, width=4, height=1, name=f"{encoding}.tmx",
                               layers=[layer("ground", rows, encoding=encoding)]))
        assert [m.walkable(x, 0) for x in range(4)] == [False, False, True, True]
        assert m.cover(2, 0) == "hard50"


def test_layers_combine_or_best_cover_max_cost_and_empty_cells_add_nothing(tmp_path):
    ground = layer("ground", [[S, A, G, C]], layer_id=1)
    top = layer("top", [[C, G, 0, S]], layer_id=2)
    mud = tileset({0: {"move_cost": 5.0}, 1: {"move_cost": 0.5}}, firstgid=50, name="mud")
    roads = layer("roads", [[0, 51, 51, 0]], layer_id=3)
    m = load_map(write_map(tmp_path, width=4, height=1, tilesets=[tileset(), mud],
                           layers=[ground, top, roads]))
    assert [m.cover(x, 0) for x in range(4)] == ["hard50", None, None, "hard50"]
    assert [m.blocks_sight(x, 0) for x in range(4)] == [True, False, False, True]
    # the highest cost any tile states wins; a tile that states none costs 1
    assert [m.move_cost(x, 0) for x in range(4)] == [1.0, 3.0, 0.5, 1.0]


def test_layer_properties_apply_to_the_layers_own_tiles(tmp_path):
    ground = layer("ground", grid(4, 1), layer_id=1)
    hedge = layer("hedge", [[G, G, 0, S]], layer_id=2,
                  props={"cover": "soft50", "move_cost": 2, "blocks_sight": True})
    m = load_map(write_map(tmp_path, width=4, height=1, layers=[ground, hedge]))
    # the sandbags tile's own cover (soft90) wins over the layer's soft50
    assert [m.cover(x, 0) for x in range(4)] == ["soft50", "soft50", None, "soft90"]
    assert [m.move_cost(x, 0) for x in range(4)] == [2.0, 2.0, 1.0, 2.0]
    assert [m.blocks_sight(x, 0) for x in range(4)] == [True, True, False, True]
    assert all(m.walkable(x, 0) for x in range(4))


def test_layer_blocks_move_and_string_typed_values(tmp_path):
    plain = tileset({0: {}, 1: {"blocks_move": "yes", "move_cost": "2.5", "cover": "Hard90"}})
    walls = layer("walls", [[0, 1, 0], [0, 0, 0]], layer_id=2, props={"blocks_move": "true"})
    ground = layer("ground", [[2, 1, 1], [1, 1, 1]], layer_id=1)
    m = load_map(write_map(tmp_path, width=3, height=2, tilesets=[plain],
                           layers=[ground, walls]))
    assert not m.walkable(0, 0) and not m.walkable(1, 0) and m.walkable(2, 0)
    assert m.move_cost(0, 0) == 2.5 and m.cover(0, 0) == "hard90"
    assert not any("blocks_move" in note for note in m.assumptions)


def test_hidden_layers_and_layers_in_hidden_groups_are_ignored(tmp_path):
    hidden = layer("notes", grid(3, 1, W), layer_id=2, visible=False)
    grouped = ' <group id="5" name="old" visible="0">\n' + layer("old walls", grid(3, 1, W),
                                                                 layer_id=3) + " </group>\n"
    m = load_map(write_map(tmp_path, width=3, height=1,
                           layers=[layer("ground", grid(3, 1)), hidden, grouped]))
    assert all(m.walkable(x, 0) for x in range(3))


def test_map_properties_and_defaults(tmp_path):
    props = {"name": "Farmhouse", "metres_per_tile": 2.0, "max_rounds": 12,
             "briefing": "Hold the farm.", "season": "winter", "night": True}
    m = load_map(write_map(tmp_path, name="farm.tmx", props=props))
    assert (m.name, m.metres_per_tile, m.max_rounds, m.briefing) == (
        "Farmhouse", 2.0, 12, "Hold the farm.")
    assert m.properties == {"season": "winter", "night": True}
    assert m.size_metres == (8.0, 6.0)
    d = load_map(write_map(tmp_path, name="bare_map.tmx"))
    # a property left out takes the skirmish_map class's default from the Tiled project
    assert (d.name, d.metres_per_tile, d.max_rounds, d.briefing, d.properties) == (
        "bare_map", 2.0, 30, "", {})
    assert (d.ruleset, d.fog) == ("yags", False)
    s = load_map(write_map(tmp_path, name="strings.tmx",
                           props={"metres_per_tile": "1.5", "max_rounds": "20"}))
    assert (s.metres_per_tile, s.max_rounds) == (1.5, 20)


def test_spawn_zones_and_units_in_tile_coordinates(tmp_path):
    objects = [
        obj(1, "spawn", 0, 0, 32, 48, props={"team": "blue"}, name="west"),
        obj(2, "spawn", 96, 16, 32, 32, props={"team": "Red"}),
        obj(3, "unit", 8, 40, point=True, name="Sgt Kay", props={
            "team": "blue", "template": "rifleman", "weapon": "rifle", "armour": "vest",
            "attributes": "str=3, agi=4", "skills": "Rifles=5,Brawl=3"}),
        obj(4, "unit", 100, 20, 16, 16, props={"team": "red"}, attr="type"),  # Tiled < 1.9
        obj(5, "note", 50, 20, 16, 16),
    ]
    m = load_map(write_map(tmp_path, width=8, height=4, objects=objects,
                           layers=[layer("ground", grid(8, 4))]))
    assert m.spawns == (Spawn("blue", TileRect(0, 0, 2, 3), "west"),
                        Spawn("red", TileRect(6, 1, 2, 2), ""))
    assert m.units == (
        UnitSpawn("blue", 0, 2, "Sgt Kay", "rifleman", "rifle", "vest",
                  {"str": 3, "agi": 4}, {"Rifles": 5, "Brawl": 3}),
        UnitSpawn("red", 6, 1, template="rifleman"),  # the unit class default
    )
    assert m.spawn_tiles("red") == [(7, 2), (6, 2), (7, 1), (6, 1)]  # reversed: mirror of blue
    assert not any("no spawn" in note for note in m.assumptions)
    assert any("class 'note' is not one the game knows" in note for note in m.assumptions)


def test_spawn_tiles_skip_blocked_tiles_and_snap_to_tile_centres(tmp_path):
    rows = [[G, W, G, G], [G, G, G, G], [G, G, G, G]]
    # a rectangle a little off the grid still covers the tiles whose centres it holds
    objects = [obj(1, "spawn", 1, 2, 30, 29, props={"team": "blue"})]
    m = load_map(write_map(tmp_path, objects=objects, layers=[layer("ground", rows)]))
    assert m.spawns[0].rect == TileRect(0, 0, 2, 2)
    assert m.spawn_tiles("blue") == [(0, 0), (0, 1), (1, 1)]


def test_polygon_spawn_uses_its_bounding_box_and_tile_objects_their_top_left(tmp_path):
    poly = ('  <object id="1" class="spawn" x="32" y="0">\n'
            '   <properties><property name="team" value="red"/></properties>\n'
            '   <polygon points="0,0 32,0 32,32 0,32"/>\n  </object>\n')
    # a tile object: Tiled stores its bottom-left corner; this one covers tile (0, 1)
    tile_unit = ('  <object id="2" gid="1" class="unit" x="0" y="32" width="16" height="16">\n'
                 '   <properties><property name="team" value="blue"/></properties>\n'
                 '  </object>\n')
    m = load_map(write_map(tmp_path, objects=[poly, tile_unit]))
    assert m.spawns == (Spawn("red", TileRect(2, 0, 2, 2)),)
    assert (m.units[0].x, m.units[0].y) == (0, 1)


def test_collision_shapes_in_a_tileset_are_not_map_objects(tmp_path):
    collider = ('<objectgroup draworder="index" id="2"><object id="1" class="unit" x="0" y="0" '
                'width="16" height="16"/></objectgroup>')
    walls = tileset({0: {}, 1: {"blocks_move": True}}).replace(
        '<tile id="1">', f'<tile id="1">\n  {collider}')
    assert collider in walls
    m = load_map(write_map(tmp_path, tilesets=[walls]))
    assert m.units == () and m.spawns == ()


def test_hidden_objects_are_ignored(tmp_path):
    objects = [obj(1, "unit", 8, 8, point=True, props={"team": "blue"}, extra="")
               .replace('class="unit"', 'class="unit" visible="0"')]
    assert load_map(write_map(tmp_path, objects=objects)).units == ()


def test_plain_map_is_open_ground_with_assumptions(tmp_path):
    m = load_map(write_map(tmp_path, width=5, height=3, tilesets=[tileset({})],
                           layers=[layer("ground", grid(5, 3))]))
    assert all(m.walkable(x, y) and m.move_cost(x, y) == 1 and m.cover(x, y) is None
               and not m.blocks_sight(x, y) for y in range(3) for x in range(5))
    text = "\n".join(m.assumptions)
    assert ("no tile has blocks_move: every tile is open ground; add a bool property "
            "blocks_move to wall tiles in the tileset") in m.assumptions
    assert "no spawn zones: squads are placed at the west (blue) and east (red) edges" in text
    for key in ("blocks_sight", "cover", "metres_per_tile", "max_rounds"):
        assert key in text
    assert "name not set: the map is called 'test' after its file" in text
    assert "briefing not set" in text
    assert m.spawn_tiles("blue") == [(0, 0), (0, 1), (0, 2)]
    assert m.spawn_tiles("red") == [(4, 2), (4, 1), (4, 0)]


def test_edge_spawn_moves_inward_past_a_blocked_edge(tmp_path):
    rows = [[W, G, G, W], [W, W, G, W]]
    m = load_map(write_map(tmp_path, width=4, height=2, layers=[layer("ground", rows)]))
    assert m.spawn_tiles("blue") == [(1, 0)]
    assert m.spawn_tiles("red") == [(2, 1), (2, 0)]
    with pytest.raises(ValueError):
        m.spawn_tiles("green")


def test_map_with_no_tile_layers_is_open_ground(tmp_path):
    m = load_map(write_map(tmp_path, layers=[], tilesets=[]))
    assert all(m.walkable(x, y) for y in range(3) for x in range(4))
    assert any("no visible tile layer" in note for note in m.assumptions)


def test_accessors_and_bounds(tmp_path):
    m = load_map(write_map(tmp_path, layers=[layer("ground", ROWS)]))
    assert m.in_bounds(0, 0) and m.in_bounds(3, 2)
    assert not m.in_bounds(4, 0) and not m.in_bounds(0, -1)
    for accessor in (m.walkable, m.move_cost, m.blocks_sight, m.cover):
        with pytest.raises(IndexError):
            accessor(4, 0)
    assert m.count_cover() == {"soft50": 0, "soft90": 1, "hard50": 1, "hard90": 0}
    assert COVER_KINDS == ("soft50", "soft90", "hard50", "hard90")
    with pytest.raises(AttributeError):
        m.width = 9  # type: ignore[misc]  # frozen


def test_tolerated_oddities_become_notes_not_failures(tmp_path):
    """Things pytmx 3.32 trips over but that mean nothing to play: handled, and said."""
    klass = {"style": ("class", "")}
    offset = layer("ground", grid(4, 3)).replace('height="3">', 'height="3" offsetx="2.5">')
    objects = [obj(1, "marker", 8, 8, point=True)]  # (templates: tests/maps/test_templates.py)
    image_layer = ' <imagelayer id="7" name="backdrop"/>\n'
    m = load_map(write_map(tmp_path, props=klass, layers=[offset, image_layer],
                           objects=objects))
    text = "\n".join(m.assumptions)
    assert "property 'style' has a Tiled class type" in text


def test_object_properties_named_like_pytmx_attributes_are_kept(tmp_path):
    before = pytmx.TiledElement.allow_duplicate_names
    objects = [obj(1, "unit", 8, 8, point=True, name="obj name",
                   props={"team": "blue", "name": "Prop Name", "template": "medic"})]
    m = load_map(write_map(tmp_path, objects=objects))
    assert (m.units[0].name, m.units[0].template) == ("Prop Name", "medic")
    assert pytmx.TiledElement.allow_duplicate_names == before


def test_summarise_tells_an_author_what_the_map_holds(tmp_path):
    objects = [obj(1, "spawn", 0, 0, 16, 48, props={"team": "blue"}),
               obj(2, "unit", 56, 8, point=True, name="Ana", props={"team": "red"})]
    m = load_map(write_map(tmp_path, name="yard.tmx", layers=[layer("ground", ROWS)],
                           objects=objects, props={"metres_per_tile": 2.0}))
    text = summarise(m)
    assert "size: 4 x 3 tiles (12 tiles), 8 x 6 m" in text
    assert "scale: 2 m a tile" in text
    assert "blocks movement: 1 tile" in text
    assert "blocks sight: 2 tiles" in text
    assert "cover: soft50 0, soft90 1, hard50 1, hard90 0" in text
    assert "move cost other than 1: 3 on 1 tile" in text
    assert "blue: 1 spawn zone, 3 tiles to place on; 0 units" in text
    assert "red: east edge, 3 tiles to place on; 1 unit placed by the map" in text
    assert "unit Ana at (3, 0)" in text
    assert "max rounds: 30" in text
    assert "no spawn zone for red" in text and "max_rounds not set" in text
    assert "metres_per_tile not set" not in text


def test_load_map_accepts_str_paths_and_names_them_as_given(tmp_path, monkeypatch):
    write_map(tmp_path, name="here.tmx")
    monkeypatch.chdir(tmp_path)
    assert load_map("here.tmx").path == "here.tmx"
    with pytest.raises(MapError, match=r"^there\.tmx: file not found$"):
        load_map("there.tmx")


def test_units_for_one_side_only_are_said(tmp_path):
    """A map that places units for one team leaves the other with nobody: check-map says so
    (a squad given on the command line can still fill that side)."""
    objects = [obj(1, "unit", 8, 8, point=True, name="Ana", props={"team": "blue"})]
    m = load_map(write_map(tmp_path, objects=objects))
    assert [note for note in m.assumptions if "none for red" in note] == [
        "the map places units for blue but none for red: red fields nobody (and loses at once) "
        "unless a squad is given for it (simulate --red-squad); add unit objects with team=red"]
    both = objects + [obj(2, "unit", 56, 8, point=True, name="Bo", props={"team": "red"})]
    assert not any("none for" in note for note in load_map(write_map(tmp_path, objects=both)).assumptions)
