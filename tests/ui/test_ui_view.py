"""Camera, map drawing and the play command's screenshot."""

import pygame
from conftest import CROSSROADS

from game.cli import main
from game.maps.grid import GridMap
from game.ui.camera import Camera
from game.ui.maprender import MapRenderer
from game.ui.session import Session, SessionConfig
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
    assert screen.session.handover in ("blue", "red")


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
