"""The maps, tileset and sprites we ship: they load, they are valid Tiled files, their squads
are well formed, and tools/make_assets.py rebuilds them byte for byte.

No Tiled needed: the TMX/TSX checks read the XML with the standard library and PNG sizes from
the file header.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest

from engine.yags.catalogue import default_catalogue
from engine.yags.character import canonical_attribute
from game.maps import COVER_KINDS, GridMap, load_map
from game.squads import map_squads

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.tmx"))
TSXS = sorted((ROOT / "maps").glob("*.tsx"))
GID_FLAGS = 0xE0000000
TILE_KEYS = {"name", "blocks_move", "blocks_sight", "cover", "move_cost"}
FIELDED = {"breakout.tmx": {"blue": 8, "red": 6}}
"""Units a side where it is not eight: Breakout's red rearguard is outnumbered (docs/maps.md)."""


def fielded(path: Path, team: str) -> int:
    return FIELDED.get(path.name, {}).get(team, 8)


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert head[12:16] == b"IHDR", f"{path}: the first chunk is not IHDR"
    return struct.unpack(">II", head[16:24])


def ints(el: ET.Element, *names: str) -> list[int]:
    values = []
    for name in names:
        text = el.get(name)
        assert text is not None, f"<{el.tag}> has no {name}"
        assert text.strip().isdigit(), f"<{el.tag}> {name}={text!r} is not a whole number"
        values.append(int(text))
    return values


def properties(el: ET.Element) -> dict[str, str]:
    props = el.find("properties")
    if props is None:
        return {}
    return {p.get("name", ""): p.get("value", p.text or "") for p in props.findall("property")}


def unit_objects(path: Path) -> list[ET.Element]:
    root = ET.parse(path).getroot()
    return [o for o in root.iter("object") if (o.get("type") or o.get("class")) == "unit"]


@pytest.fixture(scope="module", params=MAPS, ids=lambda p: p.name)
def shipped(request: pytest.FixtureRequest) -> tuple[Path, GridMap]:
    return request.param, load_map(request.param)


def test_the_shipped_maps_are_there() -> None:
    names = {p.name for p in MAPS}
    assert {"crossroads.tmx", "open_field.tmx", "street.tmx", "compound.tmx", "wood.tmx"} <= names
    assert (ROOT / "maps" / "terrain.tsx").exists()


# -- the game's view ---------------------------------------------------------------------


def test_map_loads_with_nothing_assumed(shipped: tuple[Path, GridMap]) -> None:
    path, grid = shipped
    assert grid.assumptions == (), grid.assumptions
    assert grid.metres_per_tile == 2.0
    assert 20 <= grid.max_rounds <= 50
    assert grid.briefing and grid.name


def test_eight_units_a_team_on_walkable_tiles_in_their_zone(shipped: tuple[Path, GridMap]) -> None:
    path, grid = shipped
    places = set()
    for team in ("blue", "red"):
        units = [u for u in grid.units if u.team == team]
        assert len(units) == fielded(path, team), f"{team} has {len(units)} units"
        zone = set(grid.spawn_tiles(team))
        assert zone, f"{team}'s spawn zones hold no walkable tile"
        for unit in units:
            assert grid.walkable(unit.x, unit.y), unit
            assert (unit.x, unit.y) in zone, f"{unit.name} stands outside the {team} zone"
            assert unit.name and unit.weapon and unit.armour, unit
            places.add((unit.x, unit.y))
    assert len(places) == fielded(path, "blue") + fielded(path, "red"), "two units share a tile"


def test_spawn_zones_hold_walkable_tiles(shipped: tuple[Path, GridMap]) -> None:
    _, grid = shipped
    for spawn in grid.spawns:
        assert any(grid.walkable(x, y) for x, y in spawn.rect.positions()), spawn


def mirrored_objectives(grid: GridMap) -> bool:
    """Are the map's objectives the same for both sides, turned half round (or are there
    none)? A map that gives the sides different objectives places them differently too."""
    w, h = grid.width, grid.height

    def key(o, team):
        return (o.kind, team, o.rounds, o.count, frozenset(o.tiles))

    turned = {key(o, "red" if o.team == "blue" else "blue") for o in grid.objectives
              if o.kind != "protect"}
    mine = {(o.kind, o.team, o.rounds, o.count, frozenset((w - 1 - x, h - 1 - y) for x, y in o.tiles))
            for o in grid.objectives if o.kind != "protect"}
    return turned == mine and not any(o.kind == "protect" for o in grid.objectives)


def test_both_sides_get_the_same_ground_and_kit(shipped: tuple[Path, GridMap]) -> None:
    """Fair maps: the east half is the west half turned half round (tile facts), the spawn
    zones match, and each red unit stands where its blue counterpart stands, with his kit
    (on a map whose objectives differ between the sides, where they stand differs too)."""
    _, grid = shipped
    w, h = grid.width, grid.height
    for y in range(h):
        for x in range(w):
            tx, ty = w - 1 - x, h - 1 - y
            assert grid.walkable(x, y) == grid.walkable(tx, ty), (x, y)
            assert grid.cover(x, y) == grid.cover(tx, ty), (x, y)
            assert grid.blocks_sight(x, y) == grid.blocks_sight(tx, ty), (x, y)
    blue = [u for u in grid.units if u.team == "blue"]
    red = [u for u in grid.units if u.team == "red"]
    for b, r in zip(blue, red, strict=len(blue) == len(red)):  # an outnumbered side: its first units
        if mirrored_objectives(grid):
            assert (r.x, r.y) == (w - 1 - b.x, h - 1 - b.y), (b.name, r.name)
        assert (b.template, b.weapon, b.armour, b.grenades, b.magazines, b.attributes, b.skills) == \
            (r.template, r.weapon, r.armour, r.grenades, r.magazines, r.attributes, r.skills), \
            (b.name, r.name)


def test_every_unit_says_what_grenades_it_carries(shipped: tuple[Path, GridMap]) -> None:
    """Each shipped unit object has a `grenades` property (`none` for none), so nobody carries
    a grenade only because its template does; the kit is what docs/maps.md lists."""
    path, grid = shipped
    for u in grid.units:
        assert u.grenades, (path.name, u.name)
    per_side = {"crossroads.tmx": 10, "open_field.tmx": 8, "street.tmx": 2, "compound.tmx": 15, "wood.tmx": 6,
                "breakout.tmx": 10, "store.tmx": 15, "escort.tmx": 2}
    outnumbered = {("breakout.tmx", "red"): 6}  # the six of the crossroads squad carry six
    squads = map_squads(grid)
    for team in ("blue", "red"):
        want = outnumbered.get((path.name, team), per_side[path.name])
        assert sum(len(s.get("grenades") or ()) for s in squads[team]) == want, (path.name, team)


def test_every_unit_can_reach_the_enemy(shipped: tuple[Path, GridMap]) -> None:
    _, grid = shipped
    start = next(u for u in grid.units if u.team == "blue")
    seen = {(start.x, start.y)}
    todo = deque(seen)
    while todo:
        x, y = todo.popleft()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in seen and grid.in_bounds(*n) and grid.walkable(*n):
                seen.add(n)
                todo.append(n)
    assert all((u.x, u.y) in seen for u in grid.units)


def test_map_has_every_kind_of_cover_and_slow_ground(shipped: tuple[Path, GridMap]) -> None:
    _, grid = shipped
    counts = grid.count_cover()
    assert all(counts[kind] > 0 for kind in COVER_KINDS), counts
    assert any(cost > 1 for cost in grid.move_cost_cells)
    assert any(grid.blocks_sight_cells)


def test_units_carry_catalogue_gear_and_the_skills_to_use_it(shipped: tuple[Path, GridMap]) -> None:
    path, grid = shipped
    catalogue = default_catalogue()
    for obj in unit_objects(path):
        props = properties(obj)
        who = f"{path.name}: {props.get('name')}"
        weapons = [props["weapon"], *filter(None, [props.get("second_weapon")])]
        weapons += [g for g in props.get("grenades", "").split(",") if g and g != "none"]
        for weapon in weapons:
            assert weapon in catalogue.weapons, f"{who}: no weapon {weapon!r} in the catalogue"
        for piece in props["armour"].split(","):
            assert piece.strip() in catalogue.armour, f"{who}: no armour {piece!r}"
        assert int(props["magazines"]) > 0, who
        unit = next(u for u in grid.units if u.name == props["name"])
        for name in unit.attributes:
            canonical_attribute(name)
        for weapon in weapons:
            skill = catalogue.weapons[weapon].skill
            assert skill in unit.skills, f"{who}: carries {weapon} without the skill {skill}"


def test_units_become_combatants(shipped: tuple[Path, GridMap]) -> None:
    """Each unit's template exists and its spec makes a Yags combatant."""
    from engine.yags.ruleset import YagsRuleset
    from game import squads

    path, grid = shipped
    known, _ = squads.templates()
    for unit in grid.units:
        assert (unit.template or "rifleman") in known, f"{unit.name}: no template {unit.template}"
    rules = YagsRuleset()
    for team, specs in squads.map_squads(grid).items():
        assert len(specs) == fielded(path, team), team
        for spec in specs:
            rules.make_combatant(spec)


# -- the files as Tiled files ------------------------------------------------------------


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_tmx_is_a_valid_finite_orthogonal_map(path: Path) -> None:
    root = ET.parse(path).getroot()
    assert root.tag == "map"
    assert root.get("version")
    assert root.get("orientation") == "orthogonal"
    assert root.get("renderorder") in ("right-down", "right-up", "left-down", "left-up")
    assert root.get("infinite") == "0"
    width, height, tile_w, tile_h = ints(root, "width", "height", "tilewidth", "tileheight")
    refs = root.findall("tileset")
    assert refs, "the map uses no tileset"
    limit = 1
    for ref in refs:
        (firstgid,) = ints(ref, "firstgid")
        tsx = path.parent / ref.get("source", "")
        assert tsx.suffix == ".tsx" and tsx.exists(), f"missing tileset {tsx}"
        ts = ET.parse(tsx).getroot()
        (count,) = ints(ts, "tilecount")
        assert ints(ts, "tilewidth", "tileheight") == [tile_w, tile_h]
        limit = max(limit, firstgid + count)
    layers = root.findall("layer")
    assert [layer.get("name") for layer in layers] == ["ground", "structures"]
    for layer in layers:
        assert ints(layer, "width", "height") == [width, height]
        data = layer.find("data")
        assert data is not None and data.get("encoding") == "csv"
        assert data.get("compression") is None
        gids = [int(token) for token in (data.text or "").replace("\n", "").split(",")]
        assert len(gids) == width * height, f"layer {layer.get('name')}: {len(gids)} tiles"
        assert all(0 <= gid < limit and not gid & GID_FLAGS for gid in gids)
        if layer.get("name") == "ground":
            assert 0 not in gids, "a hole in the ground layer"
    ids = [int(o.get("id", "0")) for o in root.iter("object")]
    assert len(ids) == len(set(ids)) and min(ids) > 0
    (next_id,) = ints(root, "nextobjectid")
    assert next_id > max(ids)


@pytest.mark.parametrize("path", TSXS, ids=lambda p: p.name)
def test_tsx_matches_its_image_and_gives_every_tile_its_facts(path: Path) -> None:
    ts = ET.parse(path).getroot()
    assert ts.tag == "tileset"
    tile_w, tile_h, count, columns = ints(ts, "tilewidth", "tileheight", "tilecount", "columns")
    image = ts.find("image")
    assert image is not None
    png = path.parent / image.get("source", "")
    assert png.exists(), f"missing image {png}"
    img_w, img_h = ints(image, "width", "height")
    assert png_size(png) == (img_w, img_h)
    assert img_w == columns * tile_w and img_h % tile_h == 0
    assert count == columns * (img_h // tile_h)
    names = set()
    tiles = ts.findall("tile")
    assert len(tiles) == count
    for tile in tiles:
        (tile_id,) = ints(tile, "id")
        props = properties(tile)
        assert set(props) == TILE_KEYS, f"tile {tile_id}: {sorted(props)}"
        assert props["blocks_move"] in ("true", "false")
        assert props["blocks_sight"] in ("true", "false")
        assert props["cover"] in ("none", *COVER_KINDS)
        assert float(props["move_cost"]) >= 1
        names.add(props["name"])
    assert len(names) == count, "two tiles share a name"


def test_sprite_index_fits_the_sheets() -> None:
    index = json.loads((ROOT / "assets/sprites/sprites.json").read_text())
    frame_w, frame_h = index["frame_size"]
    for sheet in ("units.png", "markers.png"):
        width, height = png_size(ROOT / "assets/sprites" / sheet)
        for name, (col, row) in index[sheet]["frames"].items():
            assert (col + 1) * frame_w <= width and (row + 1) * frame_h <= height, name
    frames = index["units.png"]["frames"]
    for team in ("blue", "red"):
        for stance in ("normal", "crouched", "prone"):
            assert f"{team}_{stance}" in frames
    for kind in COVER_KINDS:
        assert f"cover_{kind}" in index["markers.png"]["frames"]


# -- rebuilt from source -----------------------------------------------------------------


def same_pixels(a: Path, b: Path) -> bool:
    """Decoded pixels equal, for a PNG writer that may not give the same bytes everywhere."""
    import pygame

    one, two = pygame.image.load(str(a)), pygame.image.load(str(b))
    return one.get_size() == two.get_size() and \
        pygame.image.tobytes(one, "RGBA") == pygame.image.tobytes(two, "RGBA")


def test_make_assets_rebuilds_the_shipped_files(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_assets.py"), "--out",
                    str(tmp_path)], check=True, capture_output=True, env=env, timeout=120)
    built = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert built, "make_assets wrote nothing"
    for rel in built:
        shipped = ROOT / rel
        assert shipped.exists(), f"{rel} is built but not shipped: run tools/make_assets.py"
        new = tmp_path / rel
        if rel.suffix == ".png":
            assert new.read_bytes() == shipped.read_bytes() or same_pixels(new, shipped), \
                f"{rel} differs from a fresh build: run tools/make_assets.py"
        else:
            assert new.read_bytes() == shipped.read_bytes(), \
                f"{rel} differs from a fresh build: run tools/make_assets.py"
    for path in (*MAPS, *TSXS):
        assert path.relative_to(ROOT) in built, f"{path.name} is shipped but not built"
