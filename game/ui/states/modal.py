"""The states opened over the battle: the help, the Esc menu and a dialog (a question with its
answers, a name to type, the list of saves, the settings). Each takes every key and click while
it is up; what it chooses is carried out by its owner (game/ui/battle_menu.py, the orders).

    stack.push(HelpState(lambda: size, "solo", "yags"))   # any key or click closes it
    stack.push(MenuState(EscMenu(), menus))                 # menus.menu_choice carries a row out
    stack.push(DialogState(Confirm(...), "quit", answer))   # answer(value) once it is closed
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.dialogs import CANCEL
from game.ui.escmenu import EscMenu
from game.ui.states.base import Next, Pop

if TYPE_CHECKING:
    from game.ui.battle_menu import BattleMenus

Size = Callable[[], tuple[int, int]]


class HelpState:
    """The help over the whole window (F1, ?, the Esc menu's Help): any key or click closes it."""
    layer = 0

    def __init__(self, size: Size, mode: str, ruleset: str) -> None:
        self.size, self.mode, self.ruleset = size, mode, ruleset

    def on_event(self, event: pygame.event.Event) -> Next:
        return Pop()

    def on_draw(self, surface: pygame.Surface) -> None:
        from game.ui.help import draw_help_overlay

        draw_help_overlay(surface, self.size(), self.mode, self.ruleset)


class MenuState:
    """The Esc menu (game/ui/escmenu.py): its rows chosen here, carried out by the battle's
    menus; `note` is the line under it (a save that failed)."""
    layer = 1

    def __init__(self, menu: EscMenu, menus: BattleMenus, size: Size) -> None:
        self.menu, self.menus, self.size = menu, menus, size
        self.note = ""

    def on_event(self, event: pygame.event.Event) -> Next:
        choice = self.menu.handle(event, self.size())
        if choice == "resume":
            return Pop()
        return self.menus.menu_choice(choice)

    def on_draw(self, surface: pygame.Surface) -> None:
        self.menu.draw(surface, self.size(), self.menus.menu_values(), self.note)


class DialogState:
    """A modal panel (game/ui/dialogs.py) and what its answer does: `answer(value)`, called
    once the panel is closed (it may open the next one). A setting is applied by the app with
    the panel open; Esc or "back" closes it and does nothing."""
    layer = 2

    def __init__(self, dialog: Any, kind: str, answer: Callable[[Any], Next] | None = None, size: Size | None = None):
        self.dialog, self.kind, self.answer = dialog, kind, answer
        self.size: Size = size or (lambda: (0, 0))

    def on_event(self, event: pygame.event.Event) -> Next:
        value = self.dialog.handle(event, self.size())
        if value is None:
            return None
        if isinstance(value, tuple) and value[0] == "setting":
            return value  # the panel stays open; the app applies it (and keeps it)
        if value == CANCEL or value == "back" or self.answer is None:
            return Pop()
        answer = self.answer
        return Pop(lambda: answer(value))

    def on_draw(self, surface: pygame.Surface) -> None:
        self.dialog.draw(surface, self.size())
