"""The question the round asks a player in the middle of an action: a defender's reaction
(Mythras: parry, evade or take it; step dice: innate defence, dodge or block) or the special
effects the winner of a contest takes. Each option shows what it means and, where it has
one, its exact chance; keys 1-9, 0 and a-z (or a click) choose, Enter confirms a set of
effects. A long list (Mythras' effects with a location each) goes in two columns. Each
option is wrapped whole, with what it costs and what its chance means; F sets the
defender's standing reaction policy.

A turn's action (a ruleset of turns) is not asked here: the battle screen's usual declaring
answers it.

    state = AnsweringState(battle)
    state.question() -> the question up (None: the state is not)
    state.on_event(event) -> None (used) | PASS (Esc, the wheel, ...: the states below take it)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.outcome import Impossible
from engine.turn import Question
from game.ui import keymap, rulesheets
from game.ui.assets import GREY, WHITE, YELLOW, shade, text, wrap
from game.ui.overlays import draw_label
from game.ui.panels import pct
from game.ui.rulesheets import reaction_policies
from game.ui.states.base import PASS, Next
from game.ui.words import readable

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen

ROW_H = 24
LINE_H = 19  # a wrapped line of an option
KEY_NAMES = [str(i) for i in range(1, 10)] + ["0"] + [chr(c) for c in range(ord("a"), ord("z") + 1)]
KEY_NAMES.remove("f")  # F: the defender's standing reaction policy (keymap "react")
NUMBER_KEYS = {getattr(pygame, f"K_{name}"): i for i, name in enumerate(KEY_NAMES)}


class AnsweringState:
    """The panel over the map while a player's question waits. Every option is shown whole
    (wrapped, never cut off): its key, what it is, what it costs and what its chance means in
    the ruleset's words; a reaction also says what the unit has left to react with, and F
    chooses the unit's standing reaction policy from here (declared with its next action)."""

    layer = -1

    def __init__(self, battle: BattleScreen) -> None:
        self.session, self.cursor, self.frame, self.choice = battle.session, battle.cursor, battle.frame, battle.choice
        self.declaring = battle.declaring  # (a unit of the player's may declare once answered)
        self.chosen: list[str] = []  # effects picked so far
        self._asked: Question | None = None

    def question(self) -> Question | None:
        """The question shown now: a reaction or effects question for the side at the
        keyboard (none while a hand-over stands between)."""
        s = self.session
        q = s.question
        if q is None or q.kind not in ("reaction", "effects") or s.handover:
            return None
        if q is not self._asked:
            self._asked, self.chosen = q, []
        return q

    def title(self, q: Question) -> str:
        m = self.session.match
        who = m.name(q.uid)
        about = q.about
        if q.kind == "reaction":
            by = about.get("attacker", "an attack")
            weapon = f" with the {about['weapon']}" if about.get("weapon") else ""
            return f"{who}: {by} attacks{weapon} - how does {who} react?"
        return f"{who} wins the exchange: choose up to {q.pick} special effect{'s' if q.pick != 1 else ''}"

    def header(self, q: Question) -> list[str]:
        """The lines under the title: the roll the defender has seen, its points left, and the
        standing policy (F)."""
        if q.kind != "reaction":
            return []
        m = self.session.match
        out = []
        seen = q.about.get("attack")
        if seen:  # the roll the defender has seen (Mythras: the attack is rolled first)
            out.append(readable(f"the attack: {seen}"))
        if q.about.get("note"):  # why it is asked at all (Mythras: a failed attack, an effect to win)
            out.append(readable(str(q.about["note"])))
        left = rulesheets.points_left(m.rules, m.view(q.uid).state)
        if left:
            out.append(f"{m.name(q.uid)}: {left}")
        policy = self.policy_line(q.uid)
        if policy:
            out.append(policy)
        return out

    def policy_line(self, uid: int) -> str:
        m = self.session.match
        options = reaction_policies(m.rules)
        if not options:
            return ""
        pending = self.choice.policy_for.get(uid)
        now = pending or m.reaction_policy(uid) or options[0].key
        label = next((o for o in options if o.key == now), options[0])
        when = " (from its next action)" if pending else ""
        return f"F: standing policy {label.label}{when} - {label.means}; F again: the next"

    def items(self, q: Question) -> list[str]:
        """Each option as one text (wrapped when drawn): key, label, cost, chance, meaning."""
        m = self.session.match
        state = m.view(q.uid).state
        rows = []
        for i, o in enumerate(q.options):
            mark = ("[x] " if o.key in self.chosen else "[ ] ") if q.kind == "effects" else ""
            chance = pct(o.chance) if o.chance is not None else ""
            cost, odds = rulesheets.reaction_words(m.rules, state, o.key, chance) if q.kind == "reaction" else ("", "")
            plain = chance and not (cost or odds)  # a ruleset with no words for it: the chance of success
            parts = [f"{KEY_NAMES[i] if i < len(KEY_NAMES) else '-'}. {mark}{o.label}" + (f" ({chance})" if plain else "")]
            parts += [p for p in (cost, odds) if p]
            line = " - ".join(parts)
            rows.append(readable(f"{line}: {o.means}" if o.means else line))
        if q.kind == "effects":
            rows.append("Enter: take the effects marked")
        return rows

    lines = items  # (its older name)

    def layout(self, q: Question) -> tuple[pygame.Rect, list[str], list[tuple[int, pygame.Rect, list[str]]]]:
        """The box, the header lines and each item's (index, rect, wrapped lines), in one
        column or, when that is taller than the map view, two."""
        r = self.frame.map
        items = self.items(q)
        for cols in (1, 2):
            w = min(r.w - 20, 860 if cols == 1 else 1280)
            header = [line for h in self.header(q) for line in wrap(h, w - 24, 16)]
            col_w = (w - 28) // cols - (10 if cols > 1 else 0)
            wrapped = [wrap(t, col_w, 17) for t in items]
            per = -(-len(items) // cols)
            heights = [sum(len(lines) * LINE_H + 4 for lines in wrapped[c * per:(c + 1) * per]) for c in range(cols)]
            h = 8 + ROW_H + LINE_H * len(header) + 6 + max(heights) + 8
            if h <= r.h or cols == 2:
                break
        box = pygame.Rect(r.centerx - w // 2, max(r.y, r.centery - h // 2), w, min(h, r.h))
        cells = []
        top = box.y + 8 + ROW_H + LINE_H * len(header) + 6
        for c in range(cols):
            y = top
            for i in range(c * per, min(len(items), (c + 1) * per)):
                lines = wrapped[i]
                cell = pygame.Rect(box.x + 14 + c * (col_w + 20), y, col_w, len(lines) * LINE_H)
                cells.append((i, cell, lines))
                y += len(lines) * LINE_H + 4
        return box, header, cells

    def rect(self, q: Question) -> pygame.Rect:
        return self.layout(q)[0]

    def on_draw(self, surface: pygame.Surface) -> None:
        q = self.question()
        if q is None:
            return
        box, header, cells = self.layout(q)
        shade(surface, box, (10, 10, 18, 235))
        pygame.draw.rect(surface, YELLOW, box, 2)
        title = self.title(q)
        if text(title, 20).get_width() > box.w - 20:
            title = title.split(" - ")[0]
        draw_label(surface, title, (box.x + 10, box.y + 6), 20, YELLOW)
        y = box.y + 8 + ROW_H
        for line in header:
            surface.blit(text(line, 16, GREY), (box.x + 14, y))
            y += LINE_H
        for i, cell, lines in cells:
            colour = YELLOW if i < len(q.options) and q.options[i].key in self.chosen else WHITE
            for j, line in enumerate(lines):
                surface.blit(text(line, 17, colour if j == 0 else GREY), (cell.x + (0 if j == 0 else 16), cell.y + j * LINE_H))

    def on_event(self, event: pygame.event.Event) -> Next:
        """The event taken while the question is up (None), or left to the states below (PASS)."""
        q = self.question()
        if q is None:
            return PASS
        index = None
        if event.type == pygame.KEYDOWN:
            if event.key in keymap.keys("menu"):
                return PASS  # the pause menu opens over the question (which waits for its answer)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and q.kind == "effects":
                self._answer(q, tuple(self.chosen))
                return None
            if event.key in keymap.keys("react") and q.kind == "reaction" and reaction_policies(self.session.match.rules):
                self.cursor.message = self.choice.cycle_policy_of(q.uid)
                return None
            index = NUMBER_KEYS.get(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = next((i for i, cell, _ in self.layout(q)[2] if cell.inflate(8, 4).collidepoint(event.pos)), None)
        else:
            return PASS
        if index is not None and index < len(q.options):
            key = q.options[index].key
            if q.kind == "reaction":
                self._answer(q, key)
            elif key in self.chosen:
                self.chosen.remove(key)
            elif len(self.chosen) < q.pick:
                self.chosen.append(key)
        elif index is not None and q.kind == "effects" and index == len(q.options):
            self._answer(q, tuple(self.chosen))  # the "Enter" line clicked
        return None  # the prompt keeps the keyboard and the mouse while it is up

    def _answer(self, q: Question, value: object) -> None:
        out = self.session.answer(value)
        self.cursor.message = out.reason if isinstance(out, Impossible) else ""
        self.chosen = []
        self.declaring.auto_select()  # the round may go on to one of the player's turns
