#!/usr/bin/env python3
"""Draw the game's art and write the shipped maps, deterministically.

    python tools/make_assets.py [--out DIR]

Writes, under DIR (the repository by default):

- ``assets/tilesets/terrain.png`` and ``maps/terrain.tsx``: the terrain tileset, 32 x 32 px
  tiles, with the game's tile properties (docs/maps.md lists them);
- ``assets/sprites/units.png``, ``assets/sprites/markers.png``, ``assets/sprites/roles.png`` and
  ``assets/sprites/sprites.json`` (which frame is where): unit figures per team and stance, the
  UI's markers, and the figures by role, side and stance (tools/make_units.py);
- ``maps/crossroads.tmx`` (the default map) and ``maps/open_field.tmx``, built from the ASCII
  plans below, so a map is edited here and rebuilt;
- ``assets/sounds/*.wav``: the sound effects, synthesised by tools/make_sounds.py.

The parts live beside this script: assets_draw.py (drawing helpers), assets_ground.py and
assets_features.py (the terrain tiles), assets_tileset.py (the tileset), assets_sprites.py
(figures and markers), assets_plans.py (the maps' plans), assets_squads.py (their squads) and
assets_maps.py (the maps built).

Drawing uses pygame-ce headless (Surface, draw, image.save) and random.Random with fixed
seeds: every run writes the same bytes. The TMX/TSX text comes from game/maps/tmxwriter.py.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the SDL settings above must come first)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import make_units  # noqa: E402  (tools/, this script's own folder, is on the path)
from assets_draw import ROOT, TILESET_PNG, TILESET_TSX  # noqa: E402  (tools/ is on the path)
from assets_maps import MAPS, build_map  # noqa: E402
from assets_sprites import draw_markers, draw_units, sprite_index  # noqa: E402
from assets_tileset import draw_tileset, tileset_model  # noqa: E402

from game.maps.tmxwriter import (  # noqa: E402  (the repository is on sys.path above)
    tileset_xml,
)

# -- writing -----------------------------------------------------------------------------


def write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def save_png(sheet: pygame.Surface, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(path))


def make_all(out: Path) -> list[Path]:
    """Write every asset and map under ``out``; return the files written."""
    written: list[Path] = []
    sheet = draw_tileset()
    for path, image in ((out / TILESET_PNG, sheet),
                        (out / "assets/sprites/units.png", draw_units()),
                        (out / "assets/sprites/markers.png", draw_markers()),
                        (out / "assets/sprites/roles.png", make_units.sheet())):
        save_png(image, path)
        written.append(path)
    index = out / "assets/sprites/sprites.json"
    write_text(index, json.dumps(sprite_index(), indent=1) + "\n")
    written.append(index)
    tsx = out / TILESET_TSX
    write_text(tsx, tileset_xml(tileset_model(sheet)))
    written.append(tsx)
    for spec in MAPS:
        path = out / "maps" / spec.file
        write_text(path, build_map(spec))
        written.append(path)
    from make_sounds import write_sounds  # tools/ is on the path: this script's own folder

    written.extend(write_sounds(out))
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT,
                        help="where assets/ and maps/ are written (default: the repository)")
    args = parser.parse_args(argv)
    for path in make_all(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
