"""The question the round asks a player in the middle of an action: a defender's reaction
(Mythras: parry, evade or take it; step dice: innate defence, dodge or block) or the special
effects the winner of a contest takes. Each option shows what it means and, where it has
one, its exact chance; keys 1-9, 0 and a-z (or a click) choose, Enter confirms a set of
effects. A long list (Mythras' effects with a location each) goes in two columns.

A turn's action (a ruleset of turns) is not asked here: the battle screen's usual declaring
answers it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.outcome import Impossible
from engine.turn import Question
from game.ui.assets import WHITE, YELLOW, text
from game.ui.overlays import draw_label
from game.ui.panels import pct

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen

ROW_H = 24
KEY_NAMES = [str(i) for i in range(1, 10)] + ["0"] + [chr(c) for c in range(ord("a"), ord("z") + 1)]
NUMBER_KEYS = {getattr(pygame, f"K_{name}"): i for i, name in enumerate(KEY_NAMES)}


class QuestionPrompt:
    """The panel over the map while a player's question waits."""

    def __init__(self, screen: BattleScreen) -> None:
        self.screen = screen
        self.chosen: list[str] = []  # effects picked so far
        self._asked: Question | None = None

    def question(self) -> Question | None:
        """The question shown now: a reaction or effects question for the side at the
        keyboard (none while a hand-over stands between)."""
        s = self.screen.session
        q = s.question
        if q is None or q.kind not in ("reaction", "effects") or s.handover:
            return None
        if q is not self._asked:
            self._asked, self.chosen = q, []
        return q

    def title(self, q: Question) -> str:
        m = self.screen.match
        who = m.name(q.uid)
        about = q.about
        if q.kind == "reaction":
            by = about.get("attacker", "an attack")
            return f"{who}: {by} attacks - how does {who} react?"
        return f"{who} wins the exchange: choose up to {q.pick} special effect{'s' if q.pick != 1 else ''}"

    def lines(self, q: Question) -> list[str]:
        rows = []
        for i, o in enumerate(q.options):
            mark = ("[x] " if o.key in self.chosen else "[ ] ") if q.kind == "effects" else ""
            chance = f" ({pct(o.chance)})" if o.chance is not None else ""
            means = f": {o.means}" if o.means else ""
            rows.append(f"{KEY_NAMES[i] if i < len(KEY_NAMES) else '-'}. {mark}{o.label}{chance}{means}")
        if q.kind == "effects":
            rows.append("Enter: take the effects marked")
        return rows

    def columns(self, q: Question) -> int:
        """Two columns when the options do not fit the map's height in one."""
        room = (self.screen.map_rect.h - 3 * ROW_H) // ROW_H
        return 1 if len(q.options) <= room else 2

    def rect(self, q: Question) -> pygame.Rect:
        r = self.screen.map_rect
        cols = self.columns(q)
        rows = -(-len(q.options) // cols) + (1 if q.kind == "effects" and cols > 1 else 0)
        h = ROW_H * (rows + 3 - (1 if cols > 1 else 0) + (1 if q.about.get("attack") and q.kind == "reaction" else 0))
        w = min(r.w - 20, 820 if cols == 1 else 1280)
        return pygame.Rect(r.centerx - w // 2, max(r.y, r.centery - h // 2), w, h)

    def cell(self, q: Question, i: int) -> tuple[int, int]:
        """Where option `i`'s line starts in the box (the line after the options: Enter's)."""
        box, cols = self.rect(q), self.columns(q)
        per = -(-len(q.options) // cols)
        col, row = (i // per, i % per) if i < len(q.options) else (0, per)
        return box.x + 14 + col * (box.w // cols), box.y + 8 + ROW_H * (row + 1)

    def draw(self, surface: pygame.Surface) -> None:
        q = self.question()
        if q is None:
            return
        box = self.rect(q)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((10, 10, 18, 235))
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, YELLOW, box, 2)
        draw_label(surface, self.title(q), (box.x + 10, box.y + 6), 20, YELLOW)
        seen = q.about.get("attack") if q.kind == "reaction" else None
        if seen:  # the roll the defender has seen (Mythras: the attack is rolled first)
            draw_label(surface, str(seen)[:110], (box.x + 10, box.bottom - ROW_H - 2), 16, WHITE)
        width = box.w // self.columns(q) - 20
        for i, line in enumerate(self.lines(q)):
            while len(line) > 8 and text(line, 18).get_width() > width:
                line = line[:-4] + "..."
            draw_label(surface, line, self.cell(q, i), 18, WHITE)

    def handle(self, event: pygame.event.Event) -> bool:
        """Take the event if the prompt is up; True when it was used."""
        q = self.question()
        if q is None:
            return False
        index = None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return False  # the pause menu opens over the question (which waits for its answer)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and q.kind == "effects":
                self._answer(q, tuple(self.chosen))
                return True
            index = NUMBER_KEYS.get(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            box = self.rect(q)
            if box.collidepoint(event.pos):
                cols = self.columns(q)
                per = -(-len(q.options) // cols)
                row = (event.pos[1] - box.y - 8) // ROW_H - 1
                col = min(cols - 1, (event.pos[0] - box.x) * cols // box.w)
                index = col * per + row if 0 <= row < per and col * per + row < len(q.options) else None
        else:
            return False
        if index is not None and index < len(q.options):
            key = q.options[index].key
            if q.kind == "reaction":
                self._answer(q, key)
            elif key in self.chosen:
                self.chosen.remove(key)
            elif len(self.chosen) < q.pick:
                self.chosen.append(key)
        return True  # the prompt keeps the keyboard and the mouse while it is up

    def _answer(self, q: Question, value: object) -> None:
        out = self.screen.session.answer(value)
        self.screen.message = out.reason if isinstance(out, Impossible) else ""
        self.chosen = []
        self.screen.input.auto_select()  # the round may go on to one of the player's turns
