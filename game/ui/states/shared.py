"""What the battle's states share with its drawing, each a small object of one concern: the
`Cursor` (what the player points at and is told) and the `Layout` (where the screen's parts
are for the window's size, changed in place on a resize so every holder sees the new one)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

BANNER_H, LOG_H = 32, 150


def side_width(w: int) -> int:
    """The side panel: 340 px, narrower in a small window so the map keeps most of it."""
    return 340 if w >= 1100 else 300


@dataclass
class Cursor:
    """The unit selected, the tile and point under the mouse, the message line, the log's scroll."""
    selected: int | None = None
    hover: tuple[int, int] | None = None
    mouse: tuple[int, int] = (0, 0)
    message: str = ""
    log_scroll: int = 0


class Layout:
    """The battle screen's size (at least 640 x 400) and its parts' rects: the banner over the
    map view, the side panel, the log under the map view, the map view."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.fit(size)

    def fit(self, size: tuple[int, int]) -> None:
        w, h = max(size[0], 640), max(size[1], 400)
        self.size = (w, h)
        side = side_width(w)
        log_h = LOG_H if h >= 600 else 100
        self.banner = pygame.Rect(0, 0, w - side, BANNER_H)
        self.side = pygame.Rect(w - side, 0, side, h)
        self.log = pygame.Rect(0, h - log_h, w - side, log_h)
        self.map = pygame.Rect(0, BANNER_H, w - side, h - BANNER_H - log_h)
