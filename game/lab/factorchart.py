"""`skirmish sweep PLAN --report PATH.png` with design = "lhs": blue's score against each numeric
factor given as a range (size, max rounds, an AI weight), one picture a factor
(PATH-FACTOR.png): each point of the design with its 95% Wilson interval as a whisker, and a
smooth through them (a running mean of the nearest points, weighted by their matches), so a
tester sees which knob matters. pygame, headless; written through write_png.
"""

from __future__ import annotations

import os

from game.files import write_png
from game.lab.chart import BG, BLUE, DIM, GRID, INK
from game.lab.chart import RED as SMOOTH

WIDTH, HEIGHT = 960, 540
LEFT, RIGHT, TOP, BOTTOM = 80, 30, 80, 70

Point = tuple[float, float, float, float, int]  # value, score, low, high, matches


def smooth(points: list[Point], k: int = 5) -> list[tuple[float, float]]:
    """At each point's value, the mean score of its `k` nearest points (by value), weighted by
    their matches."""
    out = []
    for x, *_ in points:
        near = sorted(points, key=lambda p: (abs(p[0] - x), p[0]))[:k]
        n = sum(p[4] for p in near)
        out.append((x, sum(p[1] * p[4] for p in near) / n if n else 0.0))
    return out


def draw_factor_chart(title: str, factor: str, points: list[Point], path: str) -> str:
    """Write the chart of blue's score against `factor` at `path`; returns the path."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    big, small = pygame.font.Font(None, 32), pygame.font.Font(None, 20)
    surf = pygame.Surface((WIDTH, HEIGHT))
    surf.fill(BG)
    surf.blit(big.render(f"{title}: blue's score against {factor.replace('_w_', ' weight ')}", True, INK), (LEFT, 16))
    surf.blit(small.render("each point of the design: the score (a draw half) and its 95% Wilson interval; "
                           "the line: a running mean of the 5 nearest points", True, DIM), (LEFT, 48))
    w, h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    lo = min((p[0] for p in points), default=0.0)
    hi = max((p[0] for p in points), default=1.0)
    span = (hi - lo) or 1.0

    def sx(v: float) -> int:
        return LEFT + int((v - lo) / span * w)

    def sy(s: float) -> int:
        return TOP + int((1 - s) * h)

    for tick in range(0, 101, 25):  # the score axis
        y = sy(tick / 100)
        pygame.draw.line(surf, GRID, (LEFT, y), (LEFT + w, y))
        label = small.render(f"{tick}%", True, DIM)
        surf.blit(label, (LEFT - 8 - label.get_width(), y - 7))
    for i in range(5):  # the factor axis
        v = lo + span * i / 4
        label = small.render(f"{v:.3g}", True, DIM)
        surf.blit(label, (sx(v) - label.get_width() // 2, TOP + h + 8))
    name = small.render(factor.replace("_w_", " AI weight "), True, INK)
    surf.blit(name, (LEFT + w // 2 - name.get_width() // 2, TOP + h + 32))
    line = smooth(points)
    if len(line) > 1:
        pygame.draw.lines(surf, SMOOTH, False, [(sx(x), sy(s)) for x, s in line], 3)
    for x, s, low, high, _ in points:
        pygame.draw.line(surf, BLUE, (sx(x), sy(low)), (sx(x), sy(high)), 2)
        pygame.draw.circle(surf, BLUE, (sx(x), sy(s)), 5)
    write_png(surf, path)
    return path


__all__ = ["draw_factor_chart", "smooth"]
