"""Map art: every image a map names goes through one safe loader, in check-map, the headless
commands and the window. A hostile image is refused in one line (exit 2) and never hangs;
missing art is refused by check-map and drawn as placeholders when the author plays on."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from tmxfactory import grid, layer, png_bytes, tileset, write_map, write_png

from game.cli import main
from game.maps import load_map
from game.maps.images import (
    MAX_IMAGE_PIXELS,
    ImageError,
    probe_image,
)

ROOT = Path(__file__).resolve().parents[2]
GIF_1x1 = (b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00"
           b"\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")


def bare_tileset(source: str, attrs: str = ' width="128" height="16"') -> str:
    """The factory's terrain tileset (8 tiles of 16 px), its image at ``source``."""
    return tileset().replace('<image source="terrain.png" width="128" height="16"/>',
                             f'<image source="{source}"{attrs}/>')


def one_line_error(capsys, argv: list[str]) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    err = captured.err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.strip()


# -- the header probe ----------------------------------------------------------------------


def test_probe_reads_sizes_from_png_gif_bmp_and_jpeg_headers(tmp_path):
    surf = pygame.Surface((37, 21))
    surf.fill((120, 80, 40))
    for ext in ("png", "bmp", "jpg"):
        pygame.image.save(surf, str(tmp_path / f"a.{ext}"))
    (tmp_path / "a.gif").write_bytes(GIF_1x1)
    assert (probe_image(str(tmp_path / "a.png")).kind, probe_image(str(tmp_path / "a.png")).width) == ("PNG", 37)
    for ext, kind, size in (("png", "PNG", (37, 21)), ("bmp", "BMP", (37, 21)),
                            ("jpg", "JPEG", (37, 21)), ("gif", "GIF", (1, 1))):
        info = probe_image(str(tmp_path / f"a.{ext}"))
        assert (info.kind, info.width, info.height) == (kind, *size)


def test_a_jpeg_with_large_metadata_before_its_frame_header(tmp_path):
    surf = pygame.Surface((50, 30))
    pygame.image.save(surf, str(tmp_path / "a.jpg"))
    data = (tmp_path / "a.jpg").read_bytes()
    app = b"\xff\xe1" + struct.pack(">H", 60002) + b"Exif\x00\x00" + bytes(59994)  # 60 kB of EXIF
    (tmp_path / "b.jpg").write_bytes(data[:2] + app * 3 + data[2:])
    info = probe_image(str(tmp_path / "b.jpg"))
    assert (info.width, info.height) == (50, 30)


@pytest.mark.parametrize(("content", "fragment"), [
    (b"not an image at all", "not a PNG, GIF, BMP or JPEG image"),
    (b"\x89PNG\r\n\x1a\n", "truncated or damaged"),
    (b"GIF89a\x01", "truncated"),
    (b"BM" + bytes(10), "truncated"),
    (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(7) + b"\xff\xd9", "no frame header"),
    (png_bytes(1, 1, declared=(0, 5)), "size of 0 x 5"),
])
def test_probe_refuses_what_is_not_a_usable_image(tmp_path, content, fragment):
    (tmp_path / "x").write_bytes(content)
    with pytest.raises(ImageError) as caught:
        probe_image(str(tmp_path / "x"))
    assert fragment in str(caught.value) and not caught.value.missing


def test_probe_refuses_a_small_png_declaring_a_gigantic_image(tmp_path):
    bomb = write_png(tmp_path / "bomb.png", 1, 1, declared=(100_000, 100_000))
    assert bomb.stat().st_size < 100
    with pytest.raises(ImageError) as caught:
        probe_image(str(bomb))
    assert "100,000 x 100,000" in str(caught.value)
    assert f"{MAX_IMAGE_PIXELS:,} pixel limit" in str(caught.value)


def test_probe_never_opens_a_fifo_a_device_or_a_folder(tmp_path, never_blocks):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "dir").mkdir()
    for path, fragment in ((tmp_path / "fifo", "FIFO"), ("/dev/zero", "device"),
                           (tmp_path / "dir", "folder")):
        with pytest.raises(ImageError) as caught:
            probe_image(str(path))
        assert fragment in str(caught.value)
    with pytest.raises(ImageError) as caught:
        probe_image(str(tmp_path / "nothing.png"))
    assert caught.value.missing


# -- the corpus, through every command ----------------------------------------------------


def hostile_map(tmp_path: Path, kind: str) -> Path:
    """A map whose tileset image is ``kind``."""
    image = tmp_path / "art.png"
    if kind == "not an image":
        image.write_text("<html>not a picture</html>")
    elif kind == "fifo":
        os.mkfifo(image)
    elif kind == "device":
        image.symlink_to("/dev/zero")
    elif kind == "bomb":
        write_png(image, 1, 1, declared=(60_000, 60_000))
    elif kind == "lying header":  # a sound header over pixel data that does not decode
        data = bytearray(png_bytes(128, 16))
        data[45:60] = bytes(15)
        image.write_bytes(bytes(data))
    elif kind == "folder":
        image.mkdir()
    return write_map(tmp_path, tilesets=[bare_tileset("art.png")])


CORPUS = {
    "not an image": "not a PNG, GIF, BMP or JPEG image",
    "fifo": "is a FIFO (named pipe), not an image file",
    "device": "is a device, not an image file",
    "bomb": "60,000 x 60,000 pixels, more than the",
    "lying header": "cannot be decoded",
    "folder": "is a folder, not an image file",
}


@pytest.mark.parametrize("kind", sorted(CORPUS))
def test_hostile_art_is_refused_in_one_line_by_every_command(tmp_path, capsys, kind, never_blocks):
    path = hostile_map(tmp_path, kind)
    for argv in (["check-map", str(path)], ["simulate", "--map", str(path), "--runs", "1"],
                 ["play", "--map", str(path), "--screenshot", str(tmp_path / "s.png")]):
        err = one_line_error(capsys, argv)
        assert str(path) in err and "art.png" in err and CORPUS[kind] in err, err
    assert not (tmp_path / "s.png").exists()


def test_a_fifo_as_art_never_hangs_a_fresh_process(tmp_path):
    path = hostile_map(tmp_path, "fifo")
    done = subprocess.run([sys.executable, "-m", "game", "check-map", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "FIFO" in done.stderr and done.stderr.count("\n") == 1


def test_missing_art_is_refused_by_check_map_and_played_with_placeholders(tmp_path, capsys):
    path = write_map(tmp_path, width=12, height=8, tilesets=[bare_tileset("gone/art.png")],
                     layers=[layer("ground", grid(12, 8))])
    assert load_map(path).missing_art  # the map itself loads: its facts are in the tileset
    err = one_line_error(capsys, ["check-map", str(path)])
    assert "tileset 'terrain' image 'gone/art.png': file not found (looked for " in err
    assert "play and simulate go on without it, drawing placeholders" in err
    assert main(["simulate", "--map", str(path), "--runs", "1", "--jobs", "1"]) == 0
    warned = capsys.readouterr().err
    assert warned.startswith("warning: ") and "gone/art.png" in warned
    shot = tmp_path / "shot.png"
    assert main(["play", "--map", str(path), "--screenshot", str(shot), "--frames", "1"]) == 0
    picture = pygame.image.load(str(shot))
    def magenta(c: pygame.Color) -> bool:
        return c.r > 150 and c.b > 150 and c.g < c.r - 60
    seen = sum(1 for x in range(0, picture.get_width(), 4) for y in range(0, picture.get_height(), 4)
               if magenta(picture.get_at((x, y))))
    assert seen > 200  # the placeholders are there to see


def test_an_image_without_a_size_takes_it_from_its_header(tmp_path):
    """Tiled allows <image> without width and height (its own perspective_walls does)."""
    write_png(tmp_path / "art.png", 128, 16)
    grid = load_map(write_map(tmp_path, tilesets=[bare_tileset("art.png", "")]))
    assert grid.missing_art == () and grid.art == (os.path.normpath(tmp_path / "art.png"),)
    assert grid.assumptions  # the usual notes, and nothing about the image


def test_a_size_that_disagrees_with_the_image_is_corrected_with_a_note(tmp_path):
    write_png(tmp_path / "art.png", 128, 32)
    grid = load_map(write_map(tmp_path, tilesets=[bare_tileset("art.png")]))
    assert any("is 128 x 32 px but the file says 128 x 16" in n for n in grid.assumptions)


def test_image_layers_and_tile_images_are_checked_too(tmp_path, capsys):
    (tmp_path / "bad.png").write_text("no")
    layer_map = write_map(tmp_path, name="layer.tmx", tilesets=[tileset()]).read_text().replace(
        "</map>", ' <imagelayer id="7" name="sky"><image source="bad.png"/></imagelayer>\n</map>')
    (tmp_path / "layer.tmx").write_text(layer_map)
    err = one_line_error(capsys, ["check-map", str(tmp_path / "layer.tmx")])
    assert "layer 'sky' image 'bad.png'" in err and "not a PNG" in err
    collection = (' <tileset firstgid="20" name="props" tilewidth="16" tileheight="16" tilecount="1" '
                  'columns="0">\n  <tile id="0"><image source="bad.png" width="16" height="16"/>'
                  '</tile>\n </tileset>\n')
    path = write_map(tmp_path, name="tiles.tmx", tilesets=[tileset(), collection])
    err = one_line_error(capsys, ["check-map", str(path)])
    assert "tileset 'props' tile 0 image 'bad.png'" in err


def test_an_image_named_twice_is_probed_once_and_the_total_is_bounded(tmp_path):
    write_png(tmp_path / "art.png", 128, 16)
    two = [bare_tileset("art.png"), bare_tileset("art.png").replace('firstgid="1"', 'firstgid="9"')
           .replace('name="terrain"', 'name="again"')]
    grid = load_map(write_map(tmp_path, tilesets=two))
    assert len(grid.art) == 1


def test_a_bad_colour_key_is_refused(tmp_path, capsys):
    write_png(tmp_path / "art.png", 128, 16)
    path = write_map(tmp_path, tilesets=[bare_tileset("art.png", ' trans="pink" width="128" height="16"')])
    err = one_line_error(capsys, ["check-map", str(path)])
    assert "trans='pink' is not a colour" in err
