"""`--report PATH.png`: the map in a colour per tile kind (from the grid's facts), with where
units fought from (dots) and where they fell (crosses), in each team's colour, over all the
battles of a lab run. pygame headless (SDL_VIDEODRIVER=dummy); no window is opened."""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

from game.maps.grid import GridMap

TEAM = {"blue": (60, 120, 255), "red": (230, 50, 50)}
GROUND = (128, 150, 96)
TILE_COLOURS = {
    "wall": (55, 55, 60), "sight": (36, 80, 40), "hard90": (150, 140, 130), "hard50": (170, 160, 140),
    "soft90": (70, 120, 60), "soft50": (105, 140, 80), "slow": (150, 150, 105), "water": (60, 90, 150),
}


def tile_colour(grid: GridMap, x: int, y: int) -> tuple[int, int, int]:
    """A colour per tile kind from the grid's facts (walls, sight blockers, cover, slow ground)."""
    if not grid.walkable(x, y):
        return TILE_COLOURS["sight"] if grid.blocks_sight(x, y) and grid.cover(x, y) is None else TILE_COLOURS["wall"]
    if grid.blocks_sight(x, y):
        return TILE_COLOURS["sight"]
    cover = grid.cover(x, y)
    if cover:
        return TILE_COLOURS[cover]
    if grid.move_cost(x, y) > 1:
        return TILE_COLOURS["slow"]
    return GROUND


def draw_report(grid: GridMap, record: dict[str, Any], path: str, max_px: int = 1200) -> str:
    """Write the report PNG at `path`; returns the path."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    cell = max(4, min(24, max_px // max(grid.width, grid.height)))
    head = 44
    surf = pygame.Surface((grid.width * cell, grid.height * cell + head))
    surf.fill((24, 24, 28))
    for y in range(grid.height):
        for x in range(grid.width):
            surf.fill(tile_colour(grid, x, y), pygame.Rect(x * cell, head + y * cell, cell, cell))
    fought: Counter = Counter()
    fell: Counter = Counter()
    for b in record["battles"]:
        for team, x, y in b.get("fought_from", ()):
            fought[(team, x, y)] += 1
        for team, x, y in b.get("fell", ()):
            fell[(team, x, y)] += 1
    top = max(fought.values(), default=1)
    for (team, x, y), k in fought.items():
        r = max(1, int(cell * (0.18 + 0.3 * k / top)))
        c = (x * cell + cell // 2, head + y * cell + cell // 2)
        pygame.draw.circle(surf, TEAM.get(team, (240, 240, 240)), c, r)
    for (team, x, y), _k in fell.items():
        x0, y0 = x * cell + 1, head + y * cell + 1
        x1, y1 = x0 + cell - 3, y0 + cell - 3
        colour = TEAM.get(team, (240, 240, 240))
        w = max(1, cell // 6)
        pygame.draw.line(surf, (0, 0, 0), (x0, y0), (x1, y1), w + 2)
        pygame.draw.line(surf, (0, 0, 0), (x0, y1), (x1, y0), w + 2)
        pygame.draw.line(surf, colour, (x0, y0), (x1, y1), w)
        pygame.draw.line(surf, colour, (x0, y1), (x1, y0), w)
    font = pygame.font.Font(None, 20)
    w = record["wins"]
    text1 = (f"{record['map_name']}: {record['runs']} matches, seed {record['seed']}; {record['blue_ai']} blue "
             f"{w['blue']}, {record['red_ai']} red {w['red']}, draws {w['draw']}")
    text2 = "dots: where units fought from (bigger: more often); crosses: where they fell"
    surf.blit(font.render(text1, True, (235, 235, 235)), (6, 5))
    surf.blit(font.render(text2, True, (200, 200, 200)), (6, 24))
    pygame.image.save(surf, path)
    return path
