"""Big maps within the documented limits, and the peak memory of drawing them (issue 27,
"Drawing a map within the documented limits"): used by tests/ui/test_render_memory.py and
bench/render_memory.py.

`write_wide_map` writes a 1000 x 1000 map of 32 px tiles, `write_huge_tiles_map` an 8 x 8
map of 4096 px tiles; `peak_memory` runs `skirmish play --screenshot` on a map in a fresh
process (SDL's dummy drivers: no display needed) and reads that process's peak resident
memory (VmHWM in /proc/self/status) as it exits.
"""

from __future__ import annotations

import base64
import json
import os
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def png_bytes(width: int, height: int, colours: list[tuple[int, int, int]], check: int) -> bytes:
    """An RGB PNG of `check`-pixel squares cycling through `colours` (zlib alone)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    rows = []
    squares = -(-width // check)
    for band in range(-(-height // check)):
        line = b"".join(bytes(colours[(band + i) % len(colours)]) * check for i in range(squares))
        row = b"\x00" + line[:3 * width]
        rows.append(row * min(check, height - band * check))
    raw = zlib.compress(b"".join(rows), 6)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def _map(path: Path, width: int, height: int, tile: int, tileset: str, gids: bytes) -> Path:
    data = base64.b64encode(zlib.compress(gids, 6)).decode("ascii")
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="{tile}" tileheight="{tile}" infinite="0" '
        'nextlayerid="2" nextobjectid="1">\n'
        f"{tileset}"
        f' <layer id="1" name="ground" width="{width}" height="{height}">\n'
        f'  <data encoding="base64" compression="zlib">{data}</data>\n </layer>\n</map>\n',
        encoding="utf-8")
    return path


def write_wide_map(folder: Path, side: int = 1000) -> Path:
    """A `side` x `side` map of 32 px tiles: four ground tiles and a wall tile, in a pattern
    (every distinct tile is used thousands of times)."""
    folder.mkdir(parents=True, exist_ok=True)
    colours = [(90, 140, 70), (120, 110, 80), (70, 120, 60), (100, 150, 90), (70, 66, 62)]
    (folder / "wide.png").write_bytes(png_bytes(160, 32, colours, 32))
    tileset = (' <tileset firstgid="1" name="wide" tilewidth="32" tileheight="32" tilecount="5" columns="5">\n'
               '  <image source="wide.png" width="160" height="32"/>\n'
               '  <tile id="4"><properties><property name="blocks_move" type="bool" value="true"/>'
               '<property name="blocks_sight" type="bool" value="true"/></properties></tile>\n'
               ' </tileset>\n')
    cells = bytearray()
    for y in range(side):
        for x in range(side):
            gid = 5 if (x % 37 == 5 and y % 11 < 6) else 1 + (x * 7 + y * 3) % 4
            cells += struct.pack("<I", gid)
    return _map(folder / "wide.tmx", side, side, 32, tileset, bytes(cells))


def write_huge_tiles_map(folder: Path, side: int = 8, tile: int = 4096) -> Path:
    """A `side` x `side` map of `tile` px tiles (the largest tile the limits allow): one
    tile image of `tile` x `tile` pixels, used on every cell."""
    folder.mkdir(parents=True, exist_ok=True)
    colours = [(90, 140, 70), (120, 110, 80), (70, 120, 60)]
    (folder / "huge.png").write_bytes(png_bytes(tile, tile, colours, tile // 8))
    tileset = (f' <tileset firstgid="1" name="huge" tilewidth="{tile}" tileheight="{tile}" '
               f'tilecount="1" columns="1">\n  <image source="huge.png" width="{tile}" height="{tile}"/>\n'
               ' </tileset>\n')
    return _map(folder / "huge.tmx", side, side, tile, tileset, struct.pack("<I", 1) * (side * side))


_MEASURE = """
import json, sys
from game.cli import main
code = main(sys.argv[1:])
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps({"code": code, "vmhwm_kb": peak}))
"""


_THUMBNAIL = """
import json, sys
import pygame
pygame.display.init()
pygame.display.set_mode((1280, 720))
from game.ui.mapinfo import map_info
info = map_info(sys.argv[1], (int(sys.argv[2]), int(sys.argv[3])))
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps({"code": 0 if info.thumb is not None else 1, "error": info.error,
                  "size": info.thumb.get_size() if info.thumb else None, "vmhwm_kb": peak}))
"""


def thumbnail_memory(map_path: Path, box: tuple[int, int] = (400, 260), timeout: float = 600,
                     root: Path = ROOT) -> dict:
    """The menu's preview of a typed map path (game.ui.mapinfo.map_info with a box) in a
    fresh process with no display: its figures, VmHWM in kB among them."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(root))
    done = subprocess.run([sys.executable, "-c", _THUMBNAIL, str(map_path), str(box[0]), str(box[1])],
                          env=env, cwd=str(root), capture_output=True, text=True, timeout=timeout)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    return json.loads(lines[-1]) if lines else {"code": done.returncode, "stderr": done.stderr}


def _vmhwm_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            return next((int(line.split()[1]) for line in status if line.startswith("VmHWM:")), 0)
    except OSError:
        return 0


def peak_memory(map_path: Path, shot: Path, size: tuple[int, int] = (1920, 1080),
                frames: int = 2, timeout: float = 600, root: Path = ROOT) -> tuple[int, float, str]:
    """`play --map MAP --screenshot SHOT --window W H` in a fresh process with no display (the
    code under `root`): its exit code, its peak resident memory in MB (its own VmHWM as it
    exits; if it dies first, the highest seen from outside, polled every 20 ms), its stderr."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(root))
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    args = ["play", "--map", str(map_path), "--screenshot", str(shot), "--frames", str(frames),
            "--window", str(size[0]), str(size[1])]
    seen = 0
    with subprocess.Popen([sys.executable, "-c", _MEASURE, *args], env=env, cwd=str(root),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as child:
        deadline = time.monotonic() + timeout
        while child.poll() is None and time.monotonic() < deadline:
            seen = max(seen, _vmhwm_kb(child.pid))
            time.sleep(0.02)
        if child.poll() is None:
            child.kill()
        out, err = child.communicate()
    lines = [line for line in out.splitlines() if line.startswith("{")]
    if lines:
        figures = json.loads(lines[-1])
        return figures["code"], figures["vmhwm_kb"] / 1024, err
    return child.returncode, seen / 1024, err
