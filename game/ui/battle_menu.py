"""The battle screen's menus and questions: the Esc menu, saving (the game's own slot, a named
slot, the autosave after every round), loading from the list of saves, the settings, the
help, "end your turn?" when units have not declared, and "save before quitting?".

Each opens its dialogs over the battle (game/ui/states/modal.py: `DialogState`) with the
method that carries out their answer.

    flow = BattleMenus(screen)
    flow.open_menu(); flow.menu_choice(choice) -> a transition for the app, or None
    flow.end_turn()          # Enter: asks first when units have not declared
    flow.ask_quit(to_desktop) -> True when it asks "save before quitting?"
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import settings as st
from game.ui.dialogs import Confirm, SettingsPanel, Slot, SlotList, TextInput
from game.ui.escmenu import EscMenu
from game.ui.states.base import Next
from game.ui.states.modal import HelpState, MenuState
from game.world.actions import describe

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen


class BattleMenus:
    def __init__(self, screen: BattleScreen) -> None:
        self.screen = screen  # the dialogs open over it, the message line, the Esc menu's values
        self.session = screen.session
        self.save_path: Path | None = None  # the slot this game was loaded from or saved to
        self._slot: Path | None = None  # a new game's own slot (its map and when it began), made when first asked
        self._stamp: tuple[int, int] = self.stamp()  # what was last saved (a new game: nothing to lose)
        self._after_quit: tuple | str | None = None
        self._overwrite: Path | None = None  # the slot "overwrite?" asks about
        self._quitting = False  # "save and quit" is waiting for "overwrite?"

    # --- what is saved --------------------------------------------------------------------

    def stamp(self) -> tuple[int, int]:
        s = self.session
        return (len(s.match.log), sum(len(r.calls) + len(r.answers) for r in s.history))

    def unsaved(self) -> bool:
        """Has the game moved on since it was last saved or loaded?"""
        s = self.session
        return s.config.mode != "watch" and not s.match.over and self.stamp() != self._stamp

    def saved_as(self, path: str | Path) -> None:
        """The game is the one in `path` (just loaded or saved)."""
        self.save_path = Path(path)
        self._stamp = self.stamp()

    def slot(self) -> Path:
        """The game's own slot: the one it was loaded from or saved to, else a new one named by
        its map and the time it began."""
        if self.save_path is not None:
            return self.save_path
        if self._slot is None:
            from game.saveslots import new_game_path

            self._slot = new_game_path(self.session.config.map_path)
        return self._slot

    def save(self, path: Path | None = None, confirmed: bool = False) -> bool:
        """Save to `path` (default: the game's own slot); a file there that is not this game's
        own save is overwritten only after asking. The line says where, or why not (the match
        goes on either way). False when not saved (or asking first)."""
        from game.saves import SaveError, save_game

        sc = self.screen
        path = path or self.slot()
        if not confirmed and path != self.save_path and path.exists():
            self._overwrite = path
            sc.ask(Confirm(f"Overwrite {path.stem}?", [f"{path.name} holds another save: {self._line(path)}.",
                                                       "Enter writes this game over it; Esc keeps it."],
                           [(pygame.K_RETURN, "Enter: overwrite", "overwrite"),
                            (pygame.K_ESCAPE, "Esc: keep it", "back")]), "overwrite", self._overwritten)
            return False
        try:
            written = save_game(self.session, path)
        except SaveError as exc:
            sc.message = sc.menu_note = str(exc)
            return False
        self.saved_as(written)
        sc.message = f"saved to {written}"
        return True

    @staticmethod
    def _line(path: Path) -> str:
        from game.saveslots import summary

        return summary(path)

    def autosave(self) -> None:
        """After every round (not when watching): the autosave slot, silently unless it fails."""
        from game.saves import SaveError, save_game
        from game.saveslots import autosave_path

        sc = self.screen
        if self.session.config.mode == "watch" or getattr(sc, "coach", None) is not None:
            return
        try:
            save_game(self.session, autosave_path())
        except SaveError as exc:
            sc.message = f"autosave failed: {exc}"

    # --- the Esc menu -----------------------------------------------------------------------

    def open_menu(self) -> None:
        sc = self.screen
        self.close_menu()
        sc.modal.push(MenuState(EscMenu(), self, lambda: sc.size))
        sc.controls.release()

    def close_menu(self) -> None:
        self.screen.modal.close(MenuState)

    def menu_values(self) -> dict[str, str]:
        sc = self.screen
        edge = "on" if sc.settings.get("edge_pan", True) else "off"
        name = self.slot().name
        return {"speed": sc.play.step_label(), "zoom": f"{sc.camera.tile_px} px tiles", "edge": edge,
                "save": name}

    def menu_choice(self, choice: Any) -> Next:
        """A row of the Esc menu chosen (`MenuState`): carried out."""
        sc = self.screen
        if choice is None:
            return None
        if choice == "resume":
            self.close_menu()
        elif choice == "save":
            if self.save():
                self.close_menu()
        elif choice == "save_as":
            from game.saveslots import slot_name

            m = sc.match
            default = slot_name(f"{Path(self.session.config.map_path).stem} round {m.round}")
            sc.ask(TextInput("Save as", default, "a name for this save; Enter: save, Esc: cancel"), "save_as",
                   self._saved_as_named)
        elif choice == "load":
            self.open_loader()
        elif choice == "settings":
            sc.ask(SettingsPanel(sc.settings), "settings")
        elif choice == "help":
            self.close_menu()
            sc.modal.push(HelpState(lambda: sc.size, self.session.config.mode, sc.match.rules.name))
        elif choice == "quit":
            return self.quit_to("menu")
        elif choice == "edge":
            sc.controls.edge = (0, 0)
            return ("setting", "edge_pan", not sc.settings.get("edge_pan", True))
        elif isinstance(choice, tuple) and choice[0] == "speed":
            return ("setting", "playback_ms", st.step(st.SPEEDS, sc.play.step_ms, choice[1]))
        elif isinstance(choice, tuple) and choice[0] == "zoom":
            sc.camera.zoom(choice[1], sc.map_rect.center)
        return None

    def open_loader(self, note: str = "") -> None:
        from game.saveslots import list_saves

        sc = self.screen
        slots = [Slot(s.name, str(s.path), s.line) for s in list_saves()]
        sc.ask(SlotList(slots, note=note), "load", lambda answer: ("load", answer[1]) if isinstance(answer, tuple)
               else None)

    # --- the dialogs' answers (each called with its dialog closed) ---------------------------

    def _saved_as_named(self, answer: Any) -> Next:
        if isinstance(answer, tuple):
            from game.saveslots import slot_path

            if self.save(slot_path(answer[1])):
                self.close_menu()
        return None

    def _overwritten(self, answer: Any) -> Next:
        sc = self.screen
        if answer == "overwrite" and self._overwrite is not None and self.save(self._overwrite, confirmed=True):
            self.close_menu()
            if self._after_quit is not None and sc.dialog is None and self._quitting:
                return self._after_quit
        return None

    def _quit_answered(self, answer: Any) -> Next:
        self._quitting = answer == "save"
        if answer == "save" and not self.save():
            return None  # not saved (or asking first): the message says why, nothing is lost
        self.close_menu()
        return self._after_quit

    # --- end of turn ----------------------------------------------------------------------------

    def undeclared(self) -> list[int]:
        """The units of the player at the keyboard still to declare this round."""
        s, m = self.session, self.screen.match
        team = s.keyboard_team()
        if team is None or m.phase != "declare":
            return []
        return [u for u in s.queue if s.team_of(u) == team and m.declared(u) is None and not m.view(u).out]

    def end_turn(self, confirmed: bool = False) -> None:
        """Enter: end the player's declarations; first asks when some units have not declared,
        saying what each will do (carry on with its reload, first aid or overwatch, or hold;
        in a round of Turns, hold for the rest of the round, keeping its Action Points)."""
        sc = self.screen
        s, m = self.session, sc.match
        waiting = self.undeclared()
        turns = s.turns_left() if not waiting else []
        if (waiting or turns) and not confirmed:
            names = {u: m.name(u) for u in m.uids()}
            if waiting:
                lines = [f"{m.name(u)}: " + (f"follows orders ({s.standing.line(m, u)})" if s.follows_orders(u)
                                             and s.standing else describe(m.work.carry_on(u), names))
                         for u in waiting]
                title = f"{len(waiting)} unit{'s have' if len(waiting) > 1 else ' has'} not declared"
            else:
                lines = [f"{m.name(u)}: holds for the rest of the round, keeping {ap} Action Point"
                         f"{'s' if ap != 1 else ''} for reactions" for u, ap in turns]
                title = f"{len(turns)} unit{'s have' if len(turns) > 1 else ' has'} Turns left"
            if len(lines) > 10:
                lines[10:] = [f"and {len(lines) - 10} more"]
            sc.ask(Confirm(f"End your turn? {title}", ["They will do this:", *lines],
                           [(pygame.K_RETURN, "Enter: end the turn", "end"), (pygame.K_ESCAPE, "Esc: go back", "back")]),
                   "end_turn", lambda answer: self.end_turn(confirmed=True) if answer == "end" else None)
            return
        s.end_declarations()
        sc.choice.cancel()
        sc.declaring.auto_select()

    # --- quitting -------------------------------------------------------------------------------

    def quit_to(self, where: str, to_desktop: bool = False) -> tuple | str | None:
        """Leave the battle (to the menu, or the desktop): first "save before quitting?" when
        the game moved on since it was saved."""
        sc = self.screen
        after: tuple | str = ("quit_now",) if to_desktop else where
        if where == "menu" and not to_desktop and sc.coach is not None:
            after = ("menu", None)  # the menu as it was, not set to the tutorial's yard
        if not self.unsaved():
            self.close_menu()
            return after
        self._after_quit = after
        slot = self.slot().name
        sc.ask(Confirm("Save before quitting?", [f"The game has moved on since it was last saved. S saves it "
                                                 f"to {slot} first."],
                       [(pygame.K_s, "S: save and quit", "save"), (pygame.K_q, "Q: quit, don't save", "discard"),
                        (pygame.K_ESCAPE, "Esc: keep playing", "back")]), "quit", self._quit_answered)
        return None

    def ask_quit(self, to_desktop: bool = True) -> bool:
        """The window is being closed: True when the battle asks first (the app waits)."""
        return self.quit_to("menu", to_desktop) is None
