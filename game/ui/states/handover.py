"""Hot-seat's hand-over and the match's end.

`HandOverState`: the seat handed to the next side, to declare (the session's hand-over) or to
watch the resolved round from its own view (fog of war, game/ui/fogreplay.py); the screen
hides the map until a key or click takes the seat. Z takes back the last declaration first.

`OverState`: the match is over; any key or click (but Esc, the log's keys and Home, and a click
on a panel) goes to the results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import keymap as km
from game.ui.panels import draw_handover
from game.ui.states.base import Next, State
from game.ui.states.controls import LOG_KEYS
from game.ui.states.declaring import UNDO_KEYS, DeclaringState

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen


class HandOverState:
    """The hand-over screen over the battle."""
    layer = -1

    def __init__(self, battle: BattleScreen, declaring: DeclaringState) -> None:
        self.view, self.declaring = battle.view, declaring  # (the battle view has the words for the hand-over)
        self.session, self.replays, self.layout = battle.session, battle.replays, battle.frame

    def up(self) -> bool:
        return self.replays.seat_for is not None or bool(self.session.handover)

    def on_event(self, event: pygame.event.Event) -> Next:
        if self.replays.seat_for is not None:  # the next side to watch the round
            self.replays.take()
            return None
        if event.type == pygame.KEYDOWN and event.key in UNDO_KEYS:
            self.declaring.undo()  # the player who just declared may still take it back before handing over
            return None
        self.session.take_seat()
        self.declaring.cursor.selected = None
        self.declaring.auto_select()
        return None

    def on_draw(self, surface: pygame.Surface) -> None:
        if self.replays.seat_for is not None:
            draw_handover(surface, self.layout.size, self.replays.seat_for, self.replays.lines(self.session.match))
        elif self.session.handover:
            draw_handover(surface, self.layout.size, self.session.handover or "", self.view.handover_lines())


class OverState:
    """The match is over: on to the results."""
    layer = -1

    def __init__(self, battle: BattleScreen, declaring: DeclaringState) -> None:
        self.layout, self.declaring = battle.frame, declaring
        self.below: State = declaring

    def on_event(self, event: pygame.event.Event) -> Next:
        if event.type == pygame.KEYDOWN and event.key in (*km.keys("menu"), *LOG_KEYS, km.key("fit_map")):
            return self.below.on_event(event)
        button = self.declaring.button(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button is None \
                and not self.layout.map.collidepoint(event.pos):
            return None  # a click on a panel is not a click on the map
        return "results"

    def on_draw(self, surface: pygame.Surface) -> None:
        pass  # the banner says it is over
