"""Small modal panels over a screen: a question with its answers (end the turn? save before
quitting?), a line of text to type (a save's name), the list of saved games, the settings.

Each panel only chooses; its owner carries the choice out:

    panel.handle(event, size) -> None (still open) | its answer
    panel.draw(surface, size)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import settings as st
from game.ui.assets import DIM, GREY, WHITE, YELLOW, panel, shade, text, wrap

CANCEL = "cancel"


def _shade(surface: pygame.Surface, size: tuple[int, int]) -> None:
    shade(surface, (0, 0, *size), (0, 0, 0, 150))


class Confirm:
    """A question and its answers, each with its key: [(key, label, answer)]; Esc answers
    the last one (the way back)."""

    def __init__(self, title: str, lines: list[str], answers: list[tuple[int, str, str]]) -> None:
        self.title, self.lines, self.answers = title, lines, answers

    def rect(self, size: tuple[int, int]) -> pygame.Rect:
        w = min(size[0] - 40, 640)
        body = sum(len(wrap(line, w - 40, 20)) for line in self.lines)
        h = 70 + 20 * min(body, 12) + 50
        return pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)

    def buttons(self, size: tuple[int, int]) -> list[tuple[pygame.Rect, str, str]]:
        r = self.rect(size)
        n = len(self.answers)
        bw = (r.w - 30 - 10 * (n - 1)) // n
        return [(pygame.Rect(r.x + 15 + i * (bw + 10), r.bottom - 44, bw, 32), label, answer)
                for i, (_, label, answer) in enumerate(self.answers)]

    def handle(self, event: pygame.event.Event, size: tuple[int, int]) -> str | None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self.answers[-1][2]
            for key, _, answer in self.answers:
                if event.key == key or (key == pygame.K_RETURN and event.key == pygame.K_KP_ENTER):
                    return answer
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, _, answer in self.buttons(size):
                if rect.collidepoint(event.pos):
                    return answer
        return None

    def draw(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        _shade(surface, size)
        r = self.rect(size)
        panel(surface, r, 250)
        pygame.draw.rect(surface, YELLOW, r, 2)
        title = text(self.title, 28, YELLOW)
        surface.blit(title, (r.x + 20, r.y + 14))
        y = r.y + 52
        for line in self.lines:
            for part in wrap(line, r.w - 40, 20):
                if y > r.bottom - 70:
                    break
                surface.blit(text(part, 20, WHITE), (r.x + 20, y))
                y += 20
        for rect, label, _ in self.buttons(size):
            panel(surface, rect, 255)
            img = text(label, 20, YELLOW)
            surface.blit(img, img.get_rect(center=rect.center))


class TextInput:
    """A line to type (a save's name): Enter takes it, Esc cancels."""

    ALLOWED = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.")

    def __init__(self, title: str, value: str = "", hint: str = "", limit: int = 48) -> None:
        self.title, self.value, self.hint, self.limit = title, value, hint, limit

    def handle(self, event: pygame.event.Event, size: tuple[int, int]) -> tuple[str, str] | str | None:
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_ESCAPE:
            return CANCEL
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return ("ok", self.value.strip()) if self.value.strip() else None
        if event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
        elif event.unicode and event.unicode in self.ALLOWED and len(self.value) < self.limit:
            self.value += event.unicode
        return None

    def draw(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        _shade(surface, size)
        w = min(size[0] - 40, 560)
        r = pygame.Rect((size[0] - w) // 2, size[1] // 2 - 70, w, 140)
        panel(surface, r, 250)
        pygame.draw.rect(surface, YELLOW, r, 2)
        surface.blit(text(self.title, 26, YELLOW), (r.x + 20, r.y + 14))
        box = pygame.Rect(r.x + 20, r.y + 52, r.w - 40, 32)
        pygame.draw.rect(surface, (10, 10, 14), box)
        pygame.draw.rect(surface, GREY, box, 1)
        surface.blit(text(self.value + "|", 24, WHITE), (box.x + 8, box.y + 6))
        surface.blit(text(self.hint or "Enter: save, Esc: cancel", 18, DIM), (r.x + 20, r.bottom - 30))


@dataclass
class Slot:
    """One saved game in the list: its name, file and one line about it."""

    name: str
    path: str
    line: str


class SlotList:
    """The saved games, newest first: Up/Down and Enter (or a click) load one, Esc goes back."""

    ROW = 34

    def __init__(self, slots: list[Slot], title: str = "Load a saved game", note: str = "") -> None:
        self.slots, self.title, self.note = slots, title, note
        self.row = 0
        self.top = 0

    def rows_shown(self, size: tuple[int, int]) -> int:
        return max(1, (size[1] - 220) // self.ROW)

    def rect(self, size: tuple[int, int]) -> pygame.Rect:
        w = min(size[0] - 40, 760)
        h = 110 + self.ROW * min(len(self.slots) or 1, self.rows_shown(size))
        return pygame.Rect((size[0] - w) // 2, max(20, (size[1] - h) // 2), w, h)

    def row_rect(self, i: int, size: tuple[int, int]) -> pygame.Rect:
        r = self.rect(size)
        return pygame.Rect(r.x + 14, r.y + 56 + (i - self.top) * self.ROW, r.w - 28, self.ROW - 4)

    def handle(self, event: pygame.event.Event, size: tuple[int, int]) -> tuple[str, str] | str | None:
        n = len(self.slots)
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return CANCEL
            if n and event.key in (pygame.K_UP, pygame.K_DOWN):
                self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % n
            elif n and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return ("load", self.slots[self.row].path)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5) and n:
            self.row = min(n - 1, max(0, self.row + (1 if event.button == 5 else -1)))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(self.top, min(n, self.top + self.rows_shown(size))):
                if self.row_rect(i, size).collidepoint(event.pos):
                    self.row = i
                    return ("load", self.slots[i].path)
            if not self.rect(size).collidepoint(event.pos):
                return CANCEL
        shown = self.rows_shown(size)
        self.top = min(max(self.top, self.row - shown + 1), self.row)
        return None

    def draw(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        _shade(surface, size)
        r = self.rect(size)
        panel(surface, r, 250)
        pygame.draw.rect(surface, YELLOW, r, 2)
        surface.blit(text(self.title, 28, YELLOW), (r.x + 20, r.y + 14))
        if not self.slots:
            surface.blit(text("no saved games yet", 22, GREY), (r.x + 20, r.y + 60))
        for i in range(self.top, min(len(self.slots), self.top + self.rows_shown(size))):
            slot = self.slots[i]
            rr = self.row_rect(i, size)
            panel(surface, rr, 255 if i == self.row else 160)
            colour = YELLOW if i == self.row else WHITE
            name = text(slot.name, 22, colour)
            surface.blit(name, (rr.x + 8, rr.y + 6))
            line = slot.line
            while len(line) > 4 and text(line, 18).get_width() > rr.w - 24 - max(160, name.get_width()):
                line = line[:-4] + "..."
            img = text(line, 18, GREY)
            surface.blit(img, (rr.right - img.get_width() - 8, rr.y + 9))
        hint = self.note or "Up/Down choose, Enter or click load, Esc back"
        surface.blit(text(hint, 18, DIM), (r.x + 20, r.bottom - 28))


class SettingsPanel:
    """The settings, each changed at once: Up/Down choose, Left/Right (or a click on a half)
    change, Esc closes. Answers ("setting", key, value)."""

    ROWS = ("fullscreen", "ui_scale", "volume", "mute", "playback_ms", "edge_pan")
    LABELS = {"fullscreen": "Fullscreen (F11)", "ui_scale": "UI scale", "volume": "Volume", "mute": "Mute",
              "playback_ms": "Animation speed", "edge_pan": "Edge panning"}

    def __init__(self, settings: dict[str, Any], note: str = "") -> None:
        self.settings = settings
        self.row = 0
        self.note = note

    def rects(self, size: tuple[int, int]) -> list[pygame.Rect]:
        x, y = size[0] // 2 - 220, size[1] // 2 - len(self.ROWS) * 23
        return [pygame.Rect(x, y + i * 46, 440, 40) for i in range(len(self.ROWS))]

    def value(self, key: str) -> str:
        v = self.settings.get(key, st.DEFAULTS[key])
        if key in ("fullscreen", "mute", "edge_pan"):
            return "on" if v else "off"
        if key == "ui_scale":
            return f"{v:g}x"
        if key == "volume":
            return f"{round(100 * float(v))}%"
        return st.speed_label(int(v))

    def change(self, key: str, d: int) -> tuple[str, str, Any]:
        v = self.settings.get(key, st.DEFAULTS[key])
        if key in ("fullscreen", "mute", "edge_pan"):
            return ("setting", key, not v)
        if key == "ui_scale":
            return ("setting", key, st.step(st.UI_SCALES, v, d))
        if key == "volume":
            return ("setting", key, round(min(1.0, max(0.0, float(v) + 0.1 * d)), 2))
        return ("setting", key, st.step(st.SPEEDS, v, d))  # right: faster (SPEEDS runs slowest first)

    def handle(self, event: pygame.event.Event, size: tuple[int, int]) -> tuple | str | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rects(size)):
                if r.collidepoint(event.pos):
                    self.row = i
                    return self.change(self.ROWS[i], 1 if event.pos[0] >= r.centerx else -1)
            return CANCEL
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_ESCAPE:
            return CANCEL
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % len(self.ROWS)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.change(self.ROWS[self.row], -1 if event.key == pygame.K_LEFT else 1)
        return None

    def draw(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        _shade(surface, size)
        rects = self.rects(size)
        # a backdrop of its own: over the pause menu, the menu's rows do not show through
        back = rects[0].union(rects[-1]).inflate(40, 0)
        back.top, back.bottom = rects[0].y - 62, rects[-1].bottom + 34
        panel(surface, back.clip(pygame.Rect((0, 0), size)), 252)
        title = text("Settings", 40, WHITE)
        surface.blit(title, title.get_rect(center=(size[0] // 2, rects[0].y - 34)))
        for i, (key, r) in enumerate(zip(self.ROWS, rects, strict=True)):
            panel(surface, r, 250 if i == self.row else 200)
            colour = YELLOW if i == self.row else WHITE
            surface.blit(text(self.LABELS[key], 26, colour), (r.x + 14, r.y + 10))
            val = text(f"<  {self.value(key)}  >", 22, GREY)
            surface.blit(val, (r.right - val.get_width() - 14, r.y + 12))
        hint = text(self.note or "Up/Down choose, Left/Right change (kept for the next game), Esc back", 18, DIM)
        surface.blit(hint, hint.get_rect(center=(size[0] // 2, rects[-1].bottom + 18)))
