"""`skirmish sweep PLAN --report PATH.png`: the variants side by side, drawn.

One row a variant: a bar split into blue's wins, draws and red's wins (each side in its
colour), blue's score (a win 1, a draw 1/2) marked with its 95% interval as a whisker, the figures beside it;
the rows under a heading for each value of the first setting that varies; beside each, how
many significant differences it wins (a green triangle) and loses (a red one); the strongest
differences listed under the chart, the test and the correction named. pygame, headless;
written through write_png (a regular file, atomically).
"""

from __future__ import annotations

import os
from typing import Any

from game.files import write_png
from game.lab.compare import ALPHA, TEST, Comparison, Row
from game.lab.plan import FIELDS

BG = (250, 250, 247)
INK = (30, 30, 34)
DIM = (110, 110, 118)
GRID = (215, 215, 210)
BLUE = (48, 110, 220)
RED = (214, 62, 52)
DRAW = (190, 190, 186)
GOOD = (20, 130, 70)
WIDTH = 1280
ROW = 28
BAR_H = 18
MOST_ROWS = 400
MOST_LISTED = 12
HEAD_ROW = 34


def _fonts() -> tuple[Any, Any, Any]:
    import pygame

    pygame.font.init()
    return pygame.font.Font(None, 34), pygame.font.Font(None, 22), pygame.font.Font(None, 19)


def _fit(font: Any, text: str, width: int) -> str:
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text + "\u2026"


def _triangle(surf: Any, x: int, cy: int, up: bool, size: int = 6) -> None:
    """A small triangle: up (green) for a significant win, down (red) for a loss."""
    import pygame

    if up:
        points = [(x, cy + size), (x + 2 * size, cy + size), (x + size, cy - size)]
    else:
        points = [(x, cy - size), (x + 2 * size, cy - size), (x + size, cy + size)]
    pygame.draw.polygon(surf, GOOD if up else RED, points)


def draw_chart(title: str, rows: list[Row], comparisons: list[Comparison], path: str,
               group_field: str | None = None, subtitle: str = "", labels: list[str] | None = None) -> str:
    """Write the comparison chart at `path`; returns the path. With `group_field` the rows
    fall under a heading per value of that setting, and `labels` (one a row) name them
    without it."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    big, font, small = _fonts()
    names = labels if labels is not None else [r.label for r in rows]
    shown = list(zip(rows, names, strict=True))[:MOST_ROWS]
    sig = sorted((c for c in comparisons if c.significant), key=lambda c: c.p)
    wins: dict[int, int] = {}
    losses: dict[int, int] = {}
    for c in sig:
        hi, lo, _ = c.better_first()
        wins[id(hi)] = wins.get(id(hi), 0) + 1
        losses[id(lo)] = losses.get(id(lo), 0) + 1
    # the lines: a heading where the group changes, then its rows
    lines: list[tuple[str, Any, str]] = []
    previous = object()
    for r, name in shown:
        group = r.variant.value(group_field) if group_field else None
        if group_field and group is not None and group != previous:
            setting = dict(FIELDS).get(group_field, group_field)
            lines.append(("head", None, group if group_field == "map" else f"{setting} {group}"))
        previous = group
        lines.append(("row", r, name))
    label_w = min(440, max([140] + [font.size(name)[0] + 16 for _, name in shown]))
    marks_w = 64
    figures_w = 250
    x0 = label_w + marks_w + 12
    bar_w = WIDTH - x0 - figures_w - 24
    top = 136
    listed = sig[:MOST_LISTED]
    foot = 64 + 22 * (len(listed) + 3)
    heights = [HEAD_ROW if kind == "head" else ROW for kind, _, _ in lines]
    bottom = top + sum(heights)
    surf = pygame.Surface((WIDTH, bottom + 30 + foot))
    surf.fill(BG)

    surf.blit(big.render(_fit(big, title, WIDTH - 40), True, INK), (20, 16))
    if subtitle:
        surf.blit(font.render(_fit(font, subtitle, WIDTH - 40), True, DIM), (20, 50))
    # legend
    lx = 20
    for colour, text in ((BLUE, "blue won"), (DRAW, "draw"), (RED, "red won")):
        pygame.draw.rect(surf, colour, (lx, 80, 18, 14))
        surf.blit(small.render(text, True, INK), (lx + 24, 80))
        lx += 24 + small.size(text)[0] + 18
    pygame.draw.line(surf, INK, (lx + 4, 87), (lx + 40, 87), 2)
    pygame.draw.line(surf, INK, (lx + 4, 81), (lx + 4, 93), 2)
    pygame.draw.line(surf, INK, (lx + 40, 81), (lx + 40, 93), 2)
    pygame.draw.circle(surf, (255, 255, 255), (lx + 22, 87), 5)
    pygame.draw.circle(surf, INK, (lx + 22, 87), 5, 2)
    text = "blue's score (a draw half), 95% interval"
    surf.blit(small.render(text, True, INK), (lx + 48, 80))
    lx += 48 + small.size(text)[0] + 18
    _triangle(surf, lx, 87, True)
    surf.blit(small.render("2", True, INK), (lx + 14, 80))
    _triangle(surf, lx + 26, 87, False)
    surf.blit(small.render("1", True, INK), (lx + 40, 80))
    text = ": significantly better than 2, worse than 1 variant differing in one setting"
    surf.blit(small.render(text, True, INK), (lx + 50, 80))

    # the axis
    def at(rate: float) -> int:
        return x0 + round(bar_w * rate)

    for k in range(0, 101, 10):
        x = at(k / 100)
        pygame.draw.line(surf, GRID if k % 50 else DIM, (x, top - 6), (x, bottom + 4), 1)
        if k % 25 == 0 or k % 10 == 0 and bar_w > 600:
            t = small.render(f"{k}%", True, DIM)
            surf.blit(t, (x - t.get_width() // 2, top - 22))
            surf.blit(t, (x - t.get_width() // 2, bottom + 8))

    y = top
    for (kind, r, name), h in zip(lines, heights, strict=True):
        if kind == "head":
            if y > top:
                pygame.draw.line(surf, DIM, (16, y + 2), (WIDTH - 16, y + 2), 1)
            surf.blit(font.render(_fit(font, name, label_w), True, INK), (20, y + 8))
            y += h
            continue
        cy = y + ROW // 2
        y += h
        t = font.render(_fit(font, name, label_w - 16), True, INK)
        surf.blit(t, (label_w - t.get_width(), cy - t.get_height() // 2))
        mx = label_w + 10
        for up, count in ((True, wins.get(id(r), 0)), (False, losses.get(id(r), 0))):
            if count:
                _triangle(surf, mx, cy, up)
                surf.blit(small.render(str(count), True, INK), (mx + 14, cy - 7))
            mx += 30
        if not r.n:
            surf.blit(small.render("no matches stored yet", True, DIM), (x0 + 6, cy - 7))
            continue
        b, d = r.blue / r.n, r.draw / r.n
        pygame.draw.rect(surf, BLUE, (at(0), cy - BAR_H // 2, at(b) - at(0), BAR_H))
        pygame.draw.rect(surf, DRAW, (at(b), cy - BAR_H // 2, at(b + d) - at(b), BAR_H))
        pygame.draw.rect(surf, RED, (at(b + d), cy - BAR_H // 2, at(1) - at(b + d), BAR_H))
        lo, hi = r.score_ci
        for colour, w in (((255, 255, 255), 5), (INK, 2)):
            pygame.draw.line(surf, colour, (at(lo), cy), (at(hi), cy), w)
            pygame.draw.line(surf, colour, (at(lo), cy - 7), (at(lo), cy + 7), w)
            pygame.draw.line(surf, colour, (at(hi), cy - 7), (at(hi), cy + 7), w)
        pygame.draw.circle(surf, (255, 255, 255), (at(r.score), cy), 6)
        pygame.draw.circle(surf, INK, (at(r.score), cy), 6, 2)
        fig = f"{100 * r.score:.0f}% ({100 * lo:.0f}-{100 * hi:.0f})  n={r.n:,}  {r.rounds:.1f} rds"
        surf.blit(small.render(fig, True, INK), (at(1) + 12, cy - 7))

    y = bottom + 34
    if len(rows) > len(shown):
        surf.blit(small.render(f"the first {len(shown)} of {len(rows)} variants (the table lists all)", True, DIM),
                  (20, y - 4))
        y += 18
    heading = (f"{len(sig)} significant difference{'s' if len(sig) != 1 else ''} of {len(comparisons)} "
               f"compared ({TEST}, family-wise {100 * ALPHA:.0f}%)" + (", the strongest:" if sig else ""))
    surf.blit(font.render(_fit(font, heading, WIDTH - 40), True, INK), (20, y))
    y += 28
    if not comparisons:
        surf.blit(small.render("no two variants differ in one setting only, so none is compared", True, DIM), (28, y))
    elif not sig:
        low = min(c.p_holm for c in comparisons)
        surf.blit(small.render(f"none: the smallest Holm-adjusted p is {low:.2g}; more matches can show "
                               "smaller differences", True, DIM), (28, y))
    for c in listed:
        line = f"{c.describe()}: {c.size()}; Holm-adjusted p {c.p_holm:.2g}"
        surf.blit(small.render(_fit(small, line, WIDTH - 56), True, INK), (28, y))
        y += 22
    if len(sig) > len(listed):
        surf.blit(small.render(f"... and {len(sig) - len(listed)} more (the terminal lists up to 40)", True, DIM),
                  (28, y))
    write_png(surf, path)
    return path
