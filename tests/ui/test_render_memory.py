"""Drawing a map within the documented limits in bounded memory (issue 27): only the chunks
in view, each tile picture scaled once per zoom, caches held to their byte budgets, a tile
too big to hold drawn as a frame, the menu's preview of a huge map drawn small; and the peak
memory (VmHWM) of `play --screenshot` at 1920x1080 on a 1000 x 1000 map of 32 px tiles and
on an 8 x 8 map of 4096 px tiles, each measured in a fresh process with no display."""

from __future__ import annotations

import pygame
import pytest
from bigmaps import peak_memory, thumbnail_memory, write_huge_tiles_map, write_wide_map

from game.maps import load_map
from game.ui import maprender
from game.ui.camera import Camera
from game.ui.mapart import PLACEHOLDER, TileArt
from game.ui.maprender import MapRenderer

BUDGET_MB = 600
WIDE_GIDS = 5  # write_wide_map uses four ground tiles and a wall tile


def _camera(r: MapRenderer, view=(800, 600)) -> Camera:
    g = r.grid
    return Camera((g.width, g.height), r.zoom_levels(), pygame.Rect((0, 0), view))


@pytest.mark.parametrize("make", [write_wide_map, write_huge_tiles_map],
                         ids=["1000x1000 map of 32 px tiles", "8x8 map of 4096 px tiles"])
def test_play_screenshot_of_a_big_map_peaks_under_600_mb(tmp_path, make):
    shot = tmp_path / "shot.png"
    code, peak_mb, err = peak_memory(make(tmp_path / "map"), shot)
    assert code == 0, err[-2000:]
    assert peak_mb < BUDGET_MB, f"VmHWM {peak_mb:.0f} MB"
    assert pygame.image.load(str(shot)).get_size() == (1920, 1080)


def test_the_menus_preview_of_a_huge_map_stays_small(tmp_path):
    figures = thumbnail_memory(write_wide_map(tmp_path / "map"), (400, 260))
    assert figures["code"] == 0, figures
    assert figures["size"][0] <= 400 and figures["size"][1] <= 260
    assert figures["vmhwm_kb"] / 1024 < BUDGET_MB, figures


def test_each_tile_picture_is_scaled_once_per_zoom_in_use(app, tmp_path):
    r = MapRenderer(load_map(write_wide_map(tmp_path, side=60)))
    cam = _camera(r)
    cam.zoom(cam.levels.index(16) - cam.levels.index(cam.tile_px))
    assert cam.tile_px == 16
    r.draw(pygame.Surface((800, 600)), cam)
    assert (r.tiles.decoded, r.tiles.scaled) == (1, WIDE_GIDS)  # the image once, each tile once
    cam.zoom(1)
    r.draw(pygame.Surface((800, 600)), cam)
    assert r.tiles.scaled == 2 * WIDE_GIDS
    r._chunks.clear()  # the chunks drawn again: from the pictures already scaled
    r._chunk_bytes = 0
    cam.pan(300, 200)
    r.draw(pygame.Surface((800, 600)), cam)
    cam.zoom(-1)
    r.draw(pygame.Surface((800, 600)), cam)
    assert (r.tiles.decoded, r.tiles.scaled) == (1, 2 * WIDE_GIDS)


def test_only_the_chunks_in_view_are_drawn_on_a_map_of_a_million_tiles(app, tmp_path):
    r = MapRenderer(load_map(write_wide_map(tmp_path)))
    cam = _camera(r, (1920, 1080))
    for level in range(len(cam.levels)):
        cam.zoom(level - cam.levels.index(cam.tile_px))
        r.draw(pygame.Surface((1920, 1080)), cam)
        n = maprender.chunk_tiles(cam.tile_px) * cam.tile_px
        in_view = [k for k in r._chunks if k[0] == cam.tile_px]
        assert len(in_view) <= (1920 // n + 2) * (1080 // n + 2)
        assert r._chunk_bytes <= r.chunk_budget
    assert r.chunk_budget == maprender.CHUNK_BYTES  # a 1920x1080 view's chunks hold under 20 MB
    assert not r._cache  # no picture of the whole map


def test_the_caches_keep_to_their_byte_budgets(app, tmp_path, monkeypatch):
    monkeypatch.setattr(maprender, "CHUNK_BYTES", 2 * 1024 * 1024)
    monkeypatch.setattr(maprender, "CHUNK_PX", 64)  # small chunks: the view's need less room
    r = MapRenderer(load_map(write_wide_map(tmp_path, side=200)))
    made = 0
    r.tiles = TileArt(tile_bytes=16 * 1024, image_bytes=1)  # a few pictures; one image at a time
    cam = _camera(r)
    out = pygame.Surface((800, 600))
    for level in range(len(cam.levels)):
        cam.zoom(level - cam.levels.index(cam.tile_px))
        for step in range(6):
            cam.pan(900, 700 * (step % 2))
            before = set(r._chunks)
            r.draw(out, cam)
            r.warm(cam, chunks=4)
            made += len(set(r._chunks) - before)
            assert r._chunk_bytes <= r.chunk_budget == 4 * (800 + 128) * (600 + 128) * 5 // 4
            assert r.tiles._tiles_held <= 16 * 1024 or len(r.tiles._tiles) == 1
            assert len(r.tiles._images) == 1
    assert r.tiles.scaled > len(cam.levels) * WIDE_GIDS  # pictures were dropped and made again
    assert made > len(r._chunks)  # and chunks


def test_a_tile_too_big_to_hold_at_a_zoom_is_drawn_as_a_placeholder_frame(app, tmp_path, monkeypatch):
    r = MapRenderer(load_map(write_huge_tiles_map(tmp_path, side=4, tile=256)))
    monkeypatch.setattr(maprender, "MAX_TILE_PIXELS", 47 * 47)
    out = r.surface(48)
    assert r.tiles.scaled == 0 and r.tiles.decoded == 0
    assert tuple(out.get_at((0, 10)))[:3] == PLACEHOLDER and tuple(out.get_at((48, 60)))[:3] == PLACEHOLDER
    small = MapRenderer(r.grid).surface(32)  # within the limit: the tile's own picture
    assert tuple(small.get_at((0, 10)))[:3] != PLACEHOLDER


def test_a_whole_map_picture_past_its_limit_is_refused(app, tmp_path):
    r = MapRenderer(load_map(write_wide_map(tmp_path, side=300)))
    with pytest.raises(ValueError, match="more than 16,000,000 pixels"):
        r.surface(16)  # 4800 x 4800
    assert r.surface(8).get_size() == (2400, 2400)


def test_a_huge_maps_thumbnail_is_drawn_from_its_tile_facts(app, tmp_path, monkeypatch):
    path = write_wide_map(tmp_path, side=60)
    monkeypatch.setattr(maprender, "THUMB_TILES", 60 * 60 - 1)
    r = MapRenderer(load_map(path))
    thumb = r.thumbnail((120, 90))
    assert thumb.get_size() == (90, 90) and r.tiles.decoded == 0
    monkeypatch.setattr(maprender, "THUMB_TILES", 60 * 60)
    drawn = MapRenderer(load_map(path))
    assert drawn.thumbnail((120, 90)).get_size() == (90, 90) and drawn.tiles.decoded == 1


def test_the_largest_window_allowed_on_the_big_map_peaks_under_600_mb(tmp_path):
    from game.limits import MAX_WINDOW

    shot = tmp_path / "shot.png"
    code, peak_mb, err = peak_memory(write_wide_map(tmp_path / "map"), shot, (MAX_WINDOW, MAX_WINDOW))
    assert code == 0, err[-2000:]
    assert peak_mb < BUDGET_MB, f"VmHWM {peak_mb:.0f} MB"


@pytest.mark.parametrize("size", [("4097", "600"), ("600", "4097"), ("16384", "16384")])
def test_play_refuses_a_window_past_the_limit_in_one_line(tmp_path, capsys, size):
    from uihelp import CROSSROADS

    from game.cli import main

    shot = tmp_path / "shot.png"
    assert main(["play", "--map", CROSSROADS, "--screenshot", str(shot), "--window", *size]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--window/--size: must be at most 4,096" in err, err
    assert not shot.exists()


def test_the_window_and_its_canvas_are_held_to_the_limit():
    import esper

    from game.limits import MAX_WINDOW
    from game.ui.app import App
    from game.ui.settings import defaults

    settings = defaults()
    settings["ui_scale"] = 0.75  # a canvas bigger than the window, scaled down to it
    app = App((MAX_WINDOW + 900, 400), playback_ms=0, watch_ms=0, settings=settings)
    try:
        assert app.window.get_size() == (MAX_WINDOW, 400)
        assert app.canvas.get_width() <= MAX_WINDOW and app.scale == 1.0
    finally:
        app._close()
        esper.switch_world("default")


def test_a_view_bigger_than_the_chunk_budget_is_not_drawn_again_each_frame(app, tmp_path, monkeypatch):
    monkeypatch.setattr(maprender, "CHUNK_BYTES", 256 * 1024)  # far less than the view's 1.9 MB
    r = MapRenderer(load_map(write_wide_map(tmp_path, side=200)))
    cam = _camera(r)
    out = pygame.Surface((800, 600))
    r.draw(out, cam)
    drawn = dict(r._chunks)
    for _ in range(3):
        r.draw(out, cam)
        r.warm(cam)
    assert all(r._chunks.get(key) is chunk for key, chunk in drawn.items())
    assert r._chunk_bytes <= r.chunk_budget == 4 * (800 + 768) * (600 + 768) * 5 // 4
