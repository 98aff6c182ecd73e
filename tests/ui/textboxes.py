"""Where text is drawn (issue 32's overlap test): every `text()` surface the UI renders is
noted, and a `Recorder` canvas notes where each one is blitted. Boxes are the drawn pixels'
bounds. A layer starts whenever a large picture (a shade, a dialog's backdrop) is blitted over
what was drawn: text is compared within its layer (a dialog over the battle is meant to
cover it). Text drawn while the canvas is clipped to the map view (labels and floats over the
map) is kept apart."""

from __future__ import annotations

import sys
from dataclasses import dataclass

import pygame

_texts: dict[int, tuple[str, pygame.Surface]] = {}


def instrument(monkeypatch) -> None:
    """Note every surface `text()` makes, in every game.ui module that uses it."""
    from game.ui import assets

    real = assets.text

    def noted(s, size=18, colour=assets.WHITE):
        img = real(s, size, colour)
        _texts[id(img)] = (s, img)
        return img

    for name, mod in list(sys.modules.items()):
        if name.startswith("game.ui") and getattr(mod, "text", None) is real:
            monkeypatch.setattr(mod, "text", noted)


@dataclass
class Box:
    text: str
    rect: pygame.Rect
    layer: int
    on_map: bool


class Recorder(pygame.Surface):
    """A canvas that notes where text is blitted."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.boxes: list[Box] = []
        self.layer = 0
        self._area = size[0] * size[1]

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        r = super().blit(source, dest, area, special_flags)
        noted = _texts.get(id(source))
        if noted is not None and noted[1] is source:
            tight = source.get_bounding_rect()
            x, y = (dest.topleft if isinstance(dest, pygame.Rect) else dest)[:2]
            box = tight.move(x, y).clip(pygame.Rect((0, 0), self.get_size()))
            clipped = self.get_clip() != pygame.Rect((0, 0), self.get_size())
            if box.w and box.h and noted[0].strip():
                self.boxes.append(Box(noted[0], box, self.layer, clipped))
        elif source.get_width() * source.get_height() >= self._area * 0.12 and self.get_clip().size == self.get_size():
            self.layer += 1  # a shade or a dialog's backdrop over what was drawn
        return r


    def fill(self, color, rect=None, special_flags=0):  # type: ignore[override]
        whole = rect is None or pygame.Rect(rect).contains(pygame.Rect((0, 0), self.get_size()))
        if whole:
            self.layer += 1  # everything drawn before is painted over
        return super().fill(color, rect, special_flags)


def overlaps(boxes: list[Box]) -> list[tuple[Box, Box]]:
    """Pairs of text boxes of one layer that intersect (map labels and floats apart)."""
    out = []
    shown = [b for b in boxes if not b.on_map]
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if a.layer == b.layer and a.rect.colliderect(b.rect):
                out.append((a, b))
    return out
