"""The battle's Esc menu: resume, save (to the game's own slot), save as (a named slot), load
(the list of saves), playback speed, zoom, edge panning, the other settings, help, quit to
menu.

The menu only chooses; the battle screen carries the choice out:

    menu.handle(event, size) -> None | "resume" | "save" | "save_as" | "load" | "settings" | "help"
                                | "quit" | "edge" (toggle edge panning) | ("speed", step) | ("zoom", step)
"""

from __future__ import annotations

import pygame

from game.ui.assets import DIM, GREY, WHITE, YELLOW, panel, shade, text

ROWS = ("resume", "save", "save_as", "load", "speed", "zoom", "edge", "settings", "help", "quit")
LABELS = {"resume": "Resume", "save": "Save game", "save_as": "Save as...", "load": "Load game...",
          "speed": "Animation speed", "zoom": "Zoom", "edge": "Edge panning",
          "settings": "More settings...", "help": "Help (F1)", "quit": "Quit to menu"}
STEPPED = ("speed", "zoom")


class EscMenu:
    def __init__(self) -> None:
        self.row = 0

    def stride(self, size: tuple[int, int]) -> int:
        return max(26, min(46, (size[1] - 110) // len(ROWS)))

    def rects(self, size: tuple[int, int]) -> list[pygame.Rect]:
        s = self.stride(size)
        x, y = size[0] // 2 - 200, size[1] // 2 - len(ROWS) * s // 2 + 10
        return [pygame.Rect(x, y + i * s, 400, s - 6) for i in range(len(ROWS))]

    def handle(self, event: pygame.event.Event, size: tuple[int, int]) -> str | tuple[str, int] | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rects(size)):
                if r.collidepoint(event.pos):
                    self.row = i
                    if ROWS[i] in STEPPED:
                        # the left half lowers, the right half raises
                        return (ROWS[i], 1 if event.pos[0] >= r.centerx else -1)
                    return ROWS[i]
            return None
        if event.type != pygame.KEYDOWN:
            return None
        k = event.key
        if k == pygame.K_ESCAPE:
            return "resume"
        if k in (pygame.K_UP, pygame.K_DOWN):
            self.row = (self.row + (1 if k == pygame.K_DOWN else -1)) % len(ROWS)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and ROWS[self.row] in STEPPED:
            return (ROWS[self.row], 1 if k == pygame.K_RIGHT else -1)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and ROWS[self.row] == "edge":
            return "edge"
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and ROWS[self.row] not in STEPPED:
            return ROWS[self.row]
        return None

    def draw(self, surface: pygame.Surface, size: tuple[int, int], values: dict[str, str], note: str) -> None:
        shade(surface, (0, 0, *size), (0, 0, 0, 150))
        rects = self.rects(size)
        big = 26 if self.stride(size) >= 40 else 22
        title = text("Paused", 40 if big == 26 else 30, WHITE)
        surface.blit(title, title.get_rect(center=(size[0] // 2, rects[0].y - 24)))
        for i, (name, r) in enumerate(zip(ROWS, rects, strict=True)):
            panel(surface, r, 250 if i == self.row else 200)
            colour = YELLOW if i == self.row else WHITE
            label = text(LABELS[name], big, colour)
            surface.blit(label, (r.x + 14, r.centery - label.get_height() // 2))
            if name in values:
                val = text(f"<  {values[name]}  >" if name in STEPPED else values[name], big - 4, GREY)
                surface.blit(val, (r.right - val.get_width() - 14, r.centery - val.get_height() // 2))
        hint = text("Up/Down choose, Enter select, Left/Right change, Esc resume", 18, DIM)
        surface.blit(hint, hint.get_rect(center=(size[0] // 2, rects[-1].bottom + 14)))
        if note:
            img = text(note, 20, YELLOW)
            surface.blit(img, img.get_rect(center=(size[0] // 2, rects[-1].bottom + 36)))
