"""Camera, map drawing and the play command's screenshot."""

import pygame
from uihelp import CROSSROADS, post_key

from game.cli import main
from game.maps.grid import GridMap
from game.session import Session, SessionConfig
from game.ui.camera import Camera
from game.ui.maprender import MapRenderer
from game.world.match import Match


def test_camera_keeps_the_map_in_view():
    cam = Camera((120, 120), (4, 8, 16, 32), pygame.Rect(0, 0, 800, 600))
    assert cam.tile_px == 16  # the whole map does not fit at a readable size
    cam.pan(-10_000, -10_000)
    assert (cam.ox, cam.oy) == (0, 0)
    cam.pan(10_000, 10_000)
    assert cam.tile_at((799, 599)) == (119, 119)
    cam.zoom(-2, (400, 300))
    assert cam.tile_px == 4 and cam.tile_at((400, 300)) is not None
    cam.resize(pygame.Rect(0, 0, 300, 200))
    assert cam.tile_at((0, 0)) is not None


def test_shipped_map_drawn_from_its_tiled_layers(app):
    from game.maps import load_map

    r = MapRenderer(load_map(CROSSROADS))
    surf = r.surface(16)
    assert r.from_tiled and surf.get_size() == (40 * 16, 30 * 16)
    assert r.surface(16) is surf  # cached per zoom level
    colours = {tuple(surf.get_at((x, y))) for x in range(0, 640, 37) for y in range(0, 480, 29)}
    assert len(colours) > 10


def _tiny_grid() -> GridMap:
    w, h = 6, 3
    walk = bytes([1] * (w * h))
    return GridMap("tiny", "<tiny>", w, h, 32, 32, 1.0, 5, "", {}, walk, (1.0,) * (w * h),
                   bytes(w * h), bytes(w * h))


def test_a_map_with_no_tiled_file_is_drawn_from_its_facts(app):
    grid = _tiny_grid()
    squads = {"blue": [{"name": "A", "weapon": "broad_sword", "x": 0, "y": 1}],
              "red": [{"name": "B", "weapon": "broad_sword", "x": 5, "y": 1}]}
    cfg = SessionConfig("<tiny>", "hotseat", seed=2)
    screen = app.battle(cfg, Session(Match(grid, squads, seed=2), cfg))
    assert not screen.renderer.from_tiled
    app.frame(16)
    assert screen.session.seat in ("blue", "red")  # fog off: the seat changes with no hand-over screen
    assert screen.session.handover is None


def test_play_screenshot_writes_a_png(tmp_path):
    out = tmp_path / "shot.png"
    assert main(["play", "--map", CROSSROADS, "--screenshot", str(out), "--frames", "3"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_play_screenshot_in_watch_mode(tmp_path):
    out = tmp_path / "watch.png"
    code = main(["play", "--map", CROSSROADS, "--mode", "watch", "--seed", "4", "--screenshot", str(out),
                 "--frames", "8", "--size", "800", "600"])
    assert code == 0 and pygame.image.load(str(out)).get_size() == (800, 600)


def test_play_rejects_a_bad_map(tmp_path, capsys):
    assert main(["play", "--map", str(tmp_path / "none.tmx"), "--screenshot", str(tmp_path / "x.png")]) == 2
    assert "none.tmx" in capsys.readouterr().err


def test_the_battle_draws_only_the_chunks_in_view_and_they_match_the_whole_map(app):
    from game.maps import load_map
    from game.ui import maprender

    grid = load_map(CROSSROADS)
    r = MapRenderer(grid)
    whole = r.surface(16)
    view = pygame.Rect(0, 0, 40 * 16, 30 * 16)
    cam = Camera((40, 30), (16,), view)
    out = pygame.Surface(view.size)
    r.draw(out, cam)
    for x in range(0, 640, 23):
        for y in range(0, 480, 17):
            assert out.get_at((x, y)) == whole.get_at((x, y)), (x, y)
    # the biggest map at its closest zoom: only what the view shows is scaled
    big = MapRenderer(load_map(CROSSROADS.replace("crossroads", "open_field")))
    cam = Camera((120, 120), big.zoom_levels(), pygame.Rect(0, 0, 940, 540))
    cam.zoom(len(cam.levels))
    big.draw(pygame.Surface((940, 540)), cam)
    assert cam.tile_px == 48 and not big._cache
    t = maprender.chunk_tiles(48) * 48
    assert len(big._chunks) <= (940 // t + 2) * (540 // t + 2)
    assert sum(c.get_width() * c.get_height() for c in big._chunks.values()) < 4 * 940 * 540


def test_tile_flips_and_layer_order_are_drawn_as_tiled_stores_them(app, tmp_path):
    """A copy of the crossroads whose first row holds a tile, then the same tile flipped
    horizontally, vertically and both (the GID's top bits); the upper layer left empty
    there. Each drawn cell is the plain one flipped, at the map's own 32 px tiles."""
    import os
    import re

    from game.maps import load_map

    tsx = os.path.join(os.path.dirname(CROSSROADS), "terrain.tsx")
    text = open(CROSSROADS, encoding="utf-8").read().replace('source="terrain.tsx"', f'source="{tsx}"')
    blocks = re.findall(r'(<data encoding="csv">)(.*?)(</data>)', text, re.S)
    assert len(blocks) >= 2
    fx, fy = 1 << 31, 1 << 30
    for gid in range(1, 41):
        ground, upper = blocks[0][1], blocks[1][1]
        rows = ground.strip().split("\n")
        cells = rows[0].split(",")
        cells[:4] = [str(gid), str(gid | fx), str(gid | fy), str(gid | fx | fy)]
        new_ground = "\n" + "\n".join([",".join(cells), *rows[1:]]) + "\n"
        urows = upper.strip().split("\n")
        ucells = urows[0].split(",")
        ucells[:4] = ["0"] * 4
        new_upper = "\n" + "\n".join([",".join(ucells), *urows[1:]]) + "\n"
        out = text.replace(blocks[0][0] + ground + blocks[0][2], blocks[0][0] + new_ground + blocks[0][2], 1)
        out = out.replace(blocks[1][0] + upper + blocks[1][2], blocks[1][0] + new_upper + blocks[1][2], 1)
        path = tmp_path / f"flip{gid}.tmx"
        path.write_text(out, encoding="utf-8")
        r = MapRenderer(load_map(str(path)))
        base = r.base()
        assert r.from_tiled and base.get_size() == (40 * 32, 30 * 32)
        plain = base.subsurface((0, 0, 32, 32)).copy()
        if pygame.image.tobytes(plain, "RGB") == pygame.image.tobytes(pygame.transform.flip(plain, True, False), "RGB"):
            continue  # a symmetric tile shows no flip: try the next
        for i, (h, v) in enumerate(((True, False), (False, True), (True, True)), 1):
            drawn = base.subsurface((32 * i, 0, 32, 32))
            want = pygame.transform.flip(plain, h, v)
            assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(want, "RGB"), (gid, h, v)
        return
    raise AssertionError("no tile in the tileset is asymmetric")


def test_pan_by_keys_and_middle_drag_and_zoom_under_the_cursor(app):
    from game.ui.app import new_session

    cfg = SessionConfig(CROSSROADS.replace("crossroads", "open_field"), "solo", "normal", 1)
    screen = app.battle(cfg, new_session(cfg))
    cam = screen.camera
    screen.settings["edge_pan"] = False
    cam.centre_on((60, 60))
    ox, oy = cam.ox, cam.oy
    post_key(pygame.K_RIGHT)
    app.frame(16)
    assert cam.ox > ox and cam.oy == oy
    ox = cam.ox
    start = screen.map_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=2))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] - 50, start[1] - 30), rel=(-50, -30),
                                         buttons=(0, 1, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] - 50, start[1] - 30), button=2))
    app.frame(16)
    assert (round(cam.ox - ox), round(cam.oy - oy)) == (50, 30)  # the map follows the hand
    pos = (screen.map_rect.x + 200, screen.map_rect.y + 150)
    tile = cam.tile_at(pos)
    px = cam.tile_px
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=4))
    app.frame(16)
    assert cam.tile_px > px and cam.tile_at(pos) == tile  # the tile under the cursor stays
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=5))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=5))
    app.frame(16)
    assert cam.tile_px < px and cam.tile_at(pos) == tile


def test_the_reach_is_one_picture_shaded_by_what_each_tile_allows():
    from game.ui.overlays import SHADES, reach_layer

    allowance = {"free": 6, "run": 12, "sprint": 27}
    layer, corner = reach_layer({(2, 3): 2.0, (3, 3): 10.0, (4, 4): 20.0}, allowance, 16)
    assert corner == (2, 3) and layer.get_size() == (3 * 16, 2 * 16)
    assert tuple(layer.get_at((8, 8))) == SHADES["free"]
    assert tuple(layer.get_at((16 + 8, 8))) == SHADES["run"]
    assert tuple(layer.get_at((32 + 8, 16 + 8))) == SHADES["sprint"]
    assert layer.get_at((8, 16 + 8)).a == 0  # not reachable: nothing drawn
