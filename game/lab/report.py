"""`--report PATH.png`: where a lab run's battles were fought, drawn over the map.

The map is drawn from its Tiled layers (dimmed so the marks read), or from its tile facts when
it has no drawable Tiled file. Over it, for each team in its colour: where units fell, as
squares shaded by how often a unit of that team fell there (a heat map over all battles), and
where they fought from (where they stood when they attacked), as rings sized by how often.
A legend gives the scales. pygame headless (SDL_VIDEODRIVER=dummy); no window is opened.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from typing import Any

from game.files import write_png
from game.maps.grid import GridMap

TEAM = {"blue": (70, 140, 255), "red": (240, 60, 50)}
OTHER = (240, 240, 240)
BG = (24, 24, 28)
TEXT = (235, 235, 235)
DIM_TEXT = (190, 190, 190)
HEAD = 50
LEGEND = 64


def tally(record: dict[str, Any]) -> tuple[Counter, Counter]:
    """(fought, fell): counts by (team, x, y) over every battle of the record."""
    fought: Counter = Counter()
    fell: Counter = Counter()
    for b in record["battles"]:
        for team, x, y in b.get("fought_from", ()):
            fought[(team, x, y)] += 1
        for team, x, y in b.get("fell", ()):
            fell[(team, x, y)] += 1
    return fought, fell


def _heat(k: int, top: int) -> int:
    """Opacity for a count: square-root scaled, so places where a few fell still show."""
    return int(50 + 205 * math.sqrt(k / max(1, top)))


def _map_surface(grid: GridMap, cell: int):
    import pygame

    from game.ui.maprender import MapRenderer

    if pygame.display.get_surface() is None:
        pygame.display.init()
        pygame.display.set_mode((1, 1))  # the dummy driver: tile images need a display format
    surf = MapRenderer(grid).surface(cell).copy()
    shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    surf.blit(shade, (0, 0))
    return surf


def draw_report(grid: GridMap, record: dict[str, Any], path: str, max_px: int = 1200,
                counts: tuple[Counter, Counter] | None = None,
                rings: str = "fought from (ring size: how often a unit attacked from there):") -> str:
    """Write the report PNG at `path`; returns the path. `counts`: (fought, fell) as `tally`
    gives them, when the record does not hold its battles."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    cell = max(4, min(24, max_px // max(grid.width, grid.height)))
    width, height = grid.width * cell, grid.height * cell
    font = pygame.font.Font(None, 22)
    small = pygame.font.Font(None, 19)
    w = record["wins"]
    runs = max(1, record["runs"])
    title = (f"{record['map_name']}: {record['runs']} matches from seed {record['seed']}; "
             f"{record['blue_ai']} blue won {w['blue']} ({100 * w['blue'] / runs:.0f}%), "
             f"{record['red_ai']} red {w['red']} ({100 * w['red'] / runs:.0f}%), "
             f"drawn {w['draw']}; mean {record['mean_rounds']:.1f} rounds")
    # as wide as the map, and never narrower than the title or the legend
    surf = pygame.Surface((max(width, 640, font.size(title)[0] + 12), height + HEAD + LEGEND))
    surf.fill(BG)
    surf.blit(_map_surface(grid, cell), (0, HEAD))
    fought, fell = counts if counts is not None else tally(record)
    marks = pygame.Surface((width, height), pygame.SRCALPHA)
    top_fell = max(fell.values(), default=1)
    for (team, x, y), k in fell.items():
        r, g, b = TEAM.get(team, OTHER)
        alpha = _heat(k, top_fell)
        half = cell // 2
        # blue falls on the tile's left half, red on its right, so both show on one tile
        x0 = x * cell + (half if team == "red" else 0)
        marks.fill((r, g, b, alpha), pygame.Rect(x0, y * cell, cell - half if team == "red" else half, cell))
    top_fought = max(fought.values(), default=1)
    for (team, x, y), k in fought.items():
        radius = max(2, int(cell * 0.5 * math.sqrt(k / top_fought)))
        centre = (x * cell + cell // 2, y * cell + cell // 2)
        pygame.draw.circle(marks, (0, 0, 0, 200), centre, radius + 1, max(2, cell // 8) + 1)
        pygame.draw.circle(marks, (*TEAM.get(team, OTHER), 255), centre, radius, max(1, cell // 8))
    surf.blit(marks, (0, HEAD))

    surf.blit(font.render(title, True, TEXT), (6, 6))
    falls = {t: sum(k for (tt, _, _), k in fell.items() if tt == t) for t in ("blue", "red")}
    line2 = (f"units down: blue {falls['blue']}, red {falls['red']} "
             f"({falls['blue'] / runs:.1f} and {falls['red'] / runs:.1f} a match)")
    surf.blit(small.render(line2, True, DIM_TEXT), (6, 28))

    y0 = HEAD + height + 8
    x = 6
    surf.blit(small.render("fell here (left half blue, right half red):", True, DIM_TEXT), (x, y0))
    x += small.size("fell here (left half blue, right half red):")[0] + 8
    for k in sorted({1, max(1, top_fell // 2), top_fell}):
        for team in ("blue", "red"):
            sw = pygame.Surface((10, 18), pygame.SRCALPHA)
            sw.fill((*TEAM[team], _heat(k, top_fell)))
            surf.blit(sw, (x, y0 - 2))
            x += 10
        label = f" {k}x"
        surf.blit(small.render(label, True, DIM_TEXT), (x, y0))
        x += small.size(label)[0] + 10
    y1 = y0 + 26
    x = 6
    caption = rings
    surf.blit(small.render(caption, True, DIM_TEXT), (x, y1))
    x += small.size(caption)[0] + 8
    for k in sorted({1, max(1, top_fought // 2), top_fought}):
        radius = max(2, int(cell * 0.5 * math.sqrt(k / top_fought)))
        radius = max(radius, 3)
        pygame.draw.circle(surf, TEAM["blue"], (x + radius, y1 + 7), radius, 2)
        x += 2 * radius + 2
        label = f" {k}x"
        surf.blit(small.render(label, True, DIM_TEXT), (x, y1))
        x += small.size(label)[0] + 10
    write_png(surf, path)
    return path
