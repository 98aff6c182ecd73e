"""The terrain tileset: every tile kind with its game properties (`TILES`), the sheet
terrain.png drawn from them and its Tiled model (a part of tools/make_assets.py, which runs it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
from assets_draw import COLUMNS, TILESET_PNG, T, surface
from assets_features import (
    barbed_wire,
    brick_wall,
    brush,
    cart,
    crater,
    crates,
    doorway_ew,
    fence_ew,
    foxhole,
    hay_bales,
    hedge,
    low_wall,
    sandbags,
    stone_wall,
    table,
    thicket,
    tree,
    turned,
    well,
    window_ew,
)
from assets_ground import (
    cobbles,
    crop_field,
    dirt,
    flagstones,
    floor_boards,
    floor_tiles,
    grass,
    ploughed_field,
    road,
    rough_ground,
    rubble,
    shallow_water,
    water,
)

from game.maps.tmxwriter import (
    Choice,
    Tileset,
)


@dataclass(frozen=True)
class TileKind:
    """A tile of terrain.png: its name, its game properties and how to draw it."""

    name: str
    paint: Callable[[pygame.Surface], None]
    blocks_move: bool = False
    blocks_sight: bool = False
    cover: str = "none"
    move_cost: float = 1.0

    def properties(self) -> dict[str, bool | float | str | Choice]:
        """Every property written out, so an author sees them all on each tile in Tiled."""
        return {"name": self.name, "blocks_move": self.blocks_move,
                "blocks_sight": self.blocks_sight, "cover": Choice("cover", self.cover),
                "move_cost": float(self.move_cost)}


TILES: tuple[TileKind, ...] = (
    # row 0: open ground (the ground layer)
    TileKind("grass", grass),
    TileKind("dirt", dirt),
    TileKind("road", road),
    TileKind("cobbles", cobbles),
    TileKind("floor_boards", floor_boards),
    TileKind("floor_tiles", floor_tiles),
    TileKind("crop_field", crop_field),
    TileKind("ploughed_field", ploughed_field),
    # row 1: ground that slows, and things that stand on the ground
    TileKind("rough_ground", rough_ground, move_cost=2),
    TileKind("water", water, blocks_move=True),
    TileKind("rubble", rubble, cover="soft50", move_cost=2),
    TileKind("brush", brush, cover="soft50", move_cost=2),
    TileKind("hedge", hedge, blocks_sight=True, cover="soft90", move_cost=2),
    TileKind("tree", tree, blocks_move=True, cover="hard50"),
    TileKind("sandbags", sandbags, cover="hard90", move_cost=3),
    TileKind("crates", crates, blocks_move=True, cover="hard90"),
    # row 2: buildings and walls
    TileKind("stone_wall", stone_wall, blocks_move=True, blocks_sight=True, cover="hard90"),
    TileKind("brick_wall", brick_wall, blocks_move=True, blocks_sight=True, cover="hard90"),
    TileKind("doorway_ew", doorway_ew),
    TileKind("doorway_ns", turned(doorway_ew)),
    TileKind("window_ew", window_ew, blocks_move=True, cover="hard50"),
    TileKind("window_ns", turned(window_ew), blocks_move=True, cover="hard50"),
    TileKind("low_wall_ew", low_wall("ew"), cover="hard50", move_cost=2),
    TileKind("low_wall_ns", low_wall("ns"), cover="hard50", move_cost=2),
    # row 3: more country
    TileKind("thicket", thicket, blocks_sight=True, cover="soft90", move_cost=3),
    TileKind("fence_ew", fence_ew, cover="soft50", move_cost=2),
    TileKind("fence_ns", turned(fence_ew), cover="soft50", move_cost=2),
    TileKind("well", well, blocks_move=True, cover="hard90"),
    TileKind("flagstones", flagstones),
    TileKind("shallow_water", shallow_water, move_cost=3),
    TileKind("barbed_wire", barbed_wire, move_cost=3),
    TileKind("hay_bales", hay_bales, blocks_move=True, cover="soft90"),
    # row 4: low wall corners, and cover made by hand
    TileKind("low_wall_ne", low_wall("ne"), cover="hard50", move_cost=2),
    TileKind("low_wall_nw", low_wall("nw"), cover="hard50", move_cost=2),
    TileKind("low_wall_se", low_wall("se"), cover="hard50", move_cost=2),
    TileKind("low_wall_sw", low_wall("sw"), cover="hard50", move_cost=2),
    TileKind("crater", crater, cover="hard50", move_cost=2),
    TileKind("foxhole", foxhole, cover="hard90", move_cost=2),
    TileKind("cart", cart, blocks_move=True, cover="hard50"),
    TileKind("table", table, cover="soft50", move_cost=2),
)
TILE_ID: dict[str, int] = {kind.name: i for i, kind in enumerate(TILES)}


def draw_tileset() -> pygame.Surface:
    rows = -(-len(TILES) // COLUMNS)
    sheet = surface(COLUMNS * T, rows * T)
    for i, kind in enumerate(TILES):
        tile = surface()
        kind.paint(tile)
        sheet.blit(tile, ((i % COLUMNS) * T, (i // COLUMNS) * T))
    return sheet


def tileset_model(sheet: pygame.Surface) -> Tileset:
    w, h = sheet.get_size()
    return Tileset(name="terrain", image="../" + TILESET_PNG, image_width=w, image_height=h,
                   tile_width=T, tile_height=T, columns=COLUMNS,
                   tile_properties={i: kind.properties() for i, kind in enumerate(TILES)})
