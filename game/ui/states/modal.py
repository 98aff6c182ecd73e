"""The states opened over the battle: the help, the Esc menu and a dialog (a question with its
answers, a name to type, the list of saves, the settings). Each takes every key and click while
it is up; what it chooses is carried out by its owner (game/ui/battle_menu.py, the orders).

    stack.push(HelpState(lambda: size, "solo", "yags"))   # any key or click closes it
    stack.push(MenuState(EscMenu(), menus))                 # menus.menu_choice carries a row out
    stack.push(DialogState(Confirm(...), "quit", answer))   # answer(value) once it is closed

`OpenedOver` gives the battle screen its names for them: `menu`, `menu_note`, `dialog`,
`dialog_kind` and `help`, read and set (setting one opens or closes its state).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.dialogs import CANCEL
from game.ui.escmenu import EscMenu
from game.ui.states.base import Next, Pop, StateStack

if TYPE_CHECKING:
    from game.ui.battle_menu import BattleMenus

Size = Callable[[], tuple[int, int]]


class HelpState:
    """The help over the whole window (F1, ?, the Esc menu's Help): any key or click closes it;
    in a narrow window (two pages) Right, PgDn or Space turns to the round and its terms."""
    layer = 0

    def __init__(self, size: Size, mode: str, ruleset: str) -> None:
        self.size, self.mode, self.ruleset = size, mode, ruleset
        self.page = 0

    def on_event(self, event: pygame.event.Event) -> Next:
        from game.ui.help import NEXT_PAGE_KEYS, help_pages

        if event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            return None  # (a mouse move, a key let go: the help stays)
        if event.type == pygame.KEYDOWN and event.key in NEXT_PAGE_KEYS and self.page + 1 < help_pages(self.size()):
            self.page += 1
            return None
        return Pop()

    def on_draw(self, surface: pygame.Surface) -> None:
        from game.ui.help import draw_help_overlay

        draw_help_overlay(surface, self.size(), self.mode, self.ruleset, self.page)


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


class OpenedOver:
    """The battle screen's names for the states opened over it (`modal`, a `StateStack`)."""
    modal: StateStack
    menus: BattleMenus
    size: tuple[int, int]
    session: Any
    match: Any

    def ask(self, dialog: Any, kind: str, answer: Callable[[Any], Next] | None = None) -> None:
        """Open `dialog` (game/ui/dialogs.py) over everything; `answer(value)` carries out its answer."""
        self.modal.push(DialogState(dialog, kind, answer, lambda: self.size))

    @property
    def menu(self) -> Any:
        """The Esc menu when it is open (game/ui/escmenu.py), else None."""
        state = self.modal.find(MenuState)
        return state.menu if state is not None else None

    @menu.setter
    def menu(self, menu: Any) -> None:
        self.modal.close(MenuState)
        if menu is not None:
            self.modal.push(MenuState(menu, self.menus, lambda: self.size))

    @property
    def menu_note(self) -> str:
        state = self.modal.find(MenuState)
        return state.note if state is not None else ""

    @menu_note.setter
    def menu_note(self, note: str) -> None:
        state = self.modal.find(MenuState)
        if state is not None:
            state.note = note

    @property
    def dialog(self) -> Any:
        """The dialog open over everything (game/ui/dialogs.py), else None."""
        state = self.modal.find(DialogState)
        return state.dialog if state is not None else None

    @dialog.setter
    def dialog(self, dialog: Any) -> None:
        self.modal.close(DialogState)
        if dialog is not None:
            self.ask(dialog, "")

    @property
    def dialog_kind(self) -> str:
        state = self.modal.find(DialogState)
        return state.kind if state is not None else ""

    @dialog_kind.setter
    def dialog_kind(self, kind: str) -> None:
        state = self.modal.find(DialogState)
        if state is not None:
            state.kind = kind

    @property
    def help(self) -> bool:
        """Is the help up (F1, ?)?"""
        return self.modal.find(HelpState) is not None

    @help.setter
    def help(self, up: bool) -> None:
        self.modal.close(HelpState)
        if up:
            self.modal.push(HelpState(lambda: self.size, self.session.config.mode, self.match.rules.name))
