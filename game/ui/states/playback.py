"""The resolved round played back (game/ui/battle_playback.py plays it): any key or click skips
the rest of it, but the view's keys (panning, the log, Home), Esc (the menu) and, when watching,
the pause and speed keys, which the state below takes. Drawing it is the battle view's (the
units as each step left them, the step's effects, its headline in the banner).

    state = PlaybackState(battle, below)
    state.on_event(event) -> None (skipped) | what the state below returns
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import keymap as km
from game.ui.states.base import Next, State
from game.ui.states.controls import VIEW_KEYS
from game.ui.states.declaring import DeclaringState

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen


class PlaybackState:
    """A round being played back; `below` is the state the round goes on in (over, declaring)."""
    layer = -1

    def __init__(self, battle: BattleScreen, declaring: DeclaringState) -> None:
        self.layout, self.play, self.sounds, self.declaring = battle.frame, battle.play, battle.sounds, declaring
        self.below: State = declaring

    def on_event(self, event: pygame.event.Event) -> Next:
        if event.type == pygame.KEYDOWN and (event.key in km.keys("menu") or event.key in VIEW_KEYS):
            return self.below.on_event(event)
        button = self.declaring.button(event, sound=False)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button is None \
                and not self.layout.map.collidepoint(event.pos):
            return None  # a click on a panel is not a click on the map
        if self.declaring.watch_key(event, button) is not None:
            return self.below.on_event(event)
        if button is not None:
            self.sounds.play("click")
        self.play.skip()
        return None

    def on_draw(self, surface: pygame.Surface) -> None:
        pass  # the battle view draws the step being shown
