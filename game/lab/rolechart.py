"""`skirmish sweep PLAN --report PATH.png`: one picture a variant of its per-role figures
(PATH-roles-N.png, game/lab/roles.py): each side's roles' survival as bars with their 95%
Wilson intervals; who downed whom as a table of cells shaded by how many (rows: the
attacker's side and role; columns: the downed unit's); the round of the first casualty as a
bar a round with the median marked. pygame, headless; written through write_png.
"""

from __future__ import annotations

import os

from game.files import write_png
from game.lab.chart import BG, BLUE, DIM, GRID, INK, RED
from game.lab.roles import NO_ATTACK, RoleTally
from game.lab.summary import wilson

WIDTH = 1100
LEFT = 30
SIDE = {"blue": BLUE, "red": RED}
MOST_ROLES = 12  # roles a side drawn at most


def _name(k: tuple[str, str]) -> str:
    return f"{k[0]} {k[1]}".strip()


def draw_role_chart(title: str, t: RoleTally, path: str) -> str:
    """Write the per-role picture of tally `t` at `path`; returns the path."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    big, font, small = pygame.font.Font(None, 30), pygame.font.Font(None, 22), pygame.font.Font(None, 19)
    keys = t.roles()[:2 * MOST_ROLES]
    victims = [k for k in keys if any(v == k for _, v in t.downed)]
    attackers = [k for k in [*keys, NO_ATTACK] if any(a == k for a, _ in t.downed)]
    bins = t.first_bins()
    row = 24
    cell = max([56] + [small.size(text)[0] + 10 for v in victims for text in v])
    label_w = max([font.size(_name(k))[0] for k in keys + attackers] or [80]) + 16
    survival_h = 40 + row * len(keys)
    table_h = 70 + row * len(attackers)
    hist_h = 190
    height = 70 + survival_h + table_h + hist_h + 20
    width = max(WIDTH, LEFT + label_w + cell * len(victims) + 40)
    surf = pygame.Surface((width, height))
    surf.fill(BG)
    surf.blit(big.render(f"{title}: per role, {t.matches:,} matches", True, INK), (LEFT, 14))
    surf.blit(small.render("survival: units never downed (a bar), with the 95% Wilson interval (a line); "
                           "a side is the bundle's, whichever colour it played", True, DIM), (LEFT, 44))
    # survival
    y = 70
    surf.blit(font.render("survival", True, INK), (LEFT, y))
    y += 28
    bar_x, bar_w = LEFT + label_w, width - LEFT - label_w - 160
    for x in (0, 0.25, 0.5, 0.75, 1.0):
        gx = bar_x + int(x * bar_w)
        pygame.draw.line(surf, GRID, (gx, y - 4), (gx, y + row * len(keys)))
        lab = small.render(f"{x:.0%}", True, DIM)
        surf.blit(lab, (gx - lab.get_width() // 2, y - 16))
    for k in keys:
        n, s = t.units[k], t.survived[k]
        lo, hi = wilson(s, n)
        colour = SIDE.get(k[0], DIM)
        surf.blit(font.render(_name(k), True, colour), (LEFT, y + 3))
        pygame.draw.rect(surf, colour, (bar_x, y + 4, int(bar_w * s / n), row - 8))
        x_lo, x_hi, mid = bar_x + int(bar_w * lo), bar_x + int(bar_w * hi), y + row // 2
        pygame.draw.line(surf, INK, (x_lo, mid), (x_hi, mid), 2)
        for x in (x_lo, x_hi):
            pygame.draw.line(surf, INK, (x, mid - 5), (x, mid + 5), 2)
        surf.blit(small.render(f"{s}/{n} {100 * s / n:.0f}% ({100 * lo:.0f}-{100 * hi:.0f}%)", True, INK),
                  (bar_x + bar_w + 10, y + 5))
        y += row
    # who downed whom
    y += 16
    surf.blit(font.render("who downed whom (rows: the attacker; columns: the downed)", True, INK), (LEFT, y))
    y += 28
    top = max(t.downed.values(), default=1)
    x0 = LEFT + label_w
    for j, v in enumerate(victims):
        for line, text in enumerate(v):
            lab = small.render(text, True, SIDE.get(v[0], DIM))
            surf.blit(lab, (x0 + j * cell + cell // 2 - lab.get_width() // 2, y + 16 * line))
    y += 40
    for a in attackers:
        surf.blit(font.render(_name(a), True, SIDE.get(a[0], DIM)), (LEFT, y + 3))
        for j, v in enumerate(victims):
            downs = t.downed.get((a, v), 0)
            rect = pygame.Rect(x0 + j * cell + 1, y + 1, cell - 2, row - 2)
            shade = SIDE.get(a[0], DIM)
            f = (downs / top) ** 0.5 if downs else 0.0
            pygame.draw.rect(surf, tuple(int(b + (c - b) * f) for b, c in zip(BG, shade, strict=True)), rect)
            pygame.draw.rect(surf, GRID, rect, 1)
            if downs:
                lab = small.render(str(downs), True, BG if f > 0.55 else INK)
                surf.blit(lab, (rect.centerx - lab.get_width() // 2, rect.centery - lab.get_height() // 2))
        y += row
    # the first casualty
    y += 16
    median = t.first_median()
    surf.blit(font.render("round of the first casualty (matches)" + (f"; median {median:g}" if median is not None
                                                                      else ""), True, INK), (LEFT, y))
    y += 30
    most = max((n for _, n in bins), default=1) or 1
    bw = min(60, (width - 2 * LEFT) // max(1, len(bins)))
    base = y + 120
    for i, (r, n) in enumerate(bins):
        h = int(110 * n / most)
        x = LEFT + i * bw
        pygame.draw.rect(surf, DIM if r == "none" else INK, (x + 4, base - h, bw - 8, h))
        lab = small.render(r if r == "none" else f"r{r}", True, DIM)
        surf.blit(lab, (x + bw // 2 - lab.get_width() // 2, base + 4))
        if n:
            cnt = small.render(str(n), True, INK)
            surf.blit(cnt, (x + bw // 2 - cnt.get_width() // 2, base - h - 16))
    write_png(surf, path)
    return path


__all__ = ["draw_role_chart"]
