"""Standing orders given in the window (issue 30, 32; docs/tactics.md): the player picks a
group of their units (the selected unit, shift-clicks for more, a key for all of them), gives
them an order (hold here, advance along one of the map's routes, withdraw to a clicked tile,
overwatch) and a condition (a round, the route's end, contact); when they end their
declarations (Enter), the units with orders declare through them (game/tactics/standing.py).

The steps are Confirm dialogs, one after the other (kinds "orders", "orders_route",
"orders_until", "orders_round"); withdrawing waits for a click on the map."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.session_orders import give_orders
from game.tactics.standing import Command
from game.ui.dialogs import Confirm

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen

BACK = (pygame.K_ESCAPE, "Esc back", "back")
DIGITS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8, pygame.K_9)
ROUNDS_AHEAD = (1, 2, 3, 5)  # the rounds offered for "until round N": this many after the current one


class OrdersDialog:
    """The steps of giving standing orders, over the battle screen."""

    def __init__(self, screen: BattleScreen) -> None:
        self.screen = screen
        self.group: list[int] = []  # the units shift-clicked (with the selected one, the group)
        self.do = ""
        self.route: str | None = None
        self.to: tuple[int, int] | None = None
        self.waiting_tile = False  # withdraw: the next click on the map is the place

    # --- the group ----------------------------------------------------------------------

    def units(self) -> list[int]:
        """The group the orders are for: the shift-clicked units and the selected one, the
        player's own and standing, in the side's order."""
        sc = self.screen
        s = sc.session
        team = s.keyboard_team()
        chosen = set(self.group) | ({sc.selected} if sc.selected is not None else set())
        return [v.uid for v in sc.match.units(team, living=True) if v.uid in chosen] if team else []

    def toggle(self, uid: int) -> str:
        """Shift-click: the unit joins the group, or leaves it."""
        sc = self.screen
        if sc.session.standing is None or sc.match.view(uid).team != sc.session.standing.team:
            return "shift-click your own units to give them orders together"
        if sc.selected is not None and sc.selected not in self.group and sc.selected != uid:
            self.group.append(sc.selected)
        if uid in self.group:
            self.group.remove(uid)
        else:
            self.group.append(uid)
        return self._group_words()

    def select_all(self) -> str:
        """Every standing unit of the player's side is the group."""
        s = self.screen.session
        if s.standing is None:
            return "standing orders are for your own units in solo play"
        self.group = [v.uid for v in self.screen.match.units(s.standing.team, living=True)]
        return self._group_words()

    def _group_words(self) -> str:
        n = len(self.units())
        from game.ui import keymap as km

        return f"{n} unit{'s' if n != 1 else ''} chosen: {km.name('orders')} gives them standing orders"

    def key(self, act: str) -> str:
        """The orders keys (game/ui/keymap.py): orders, all_mine, follow; the words to show."""
        st = self.screen.session.standing
        if act == "orders":
            return self.open()
        if act == "all_mine":
            return self.select_all()
        if st is None:
            return "standing orders are for your own units in solo play"
        st.follow = not st.follow
        return "units with orders follow them on Enter" if st.follow else "orders not followed: Enter holds them"

    def click(self, tile: tuple[int, int] | None) -> str:
        """A click while a tile is awaited for a withdrawal, or a shift-click on a unit."""
        if tile is None:
            return ""
        if self.waiting_tile:
            self.tile(tile)
            return ""
        uid = self.screen.unit_at(tile)
        return self.toggle(uid) if uid is not None else "shift-click a unit of yours"

    # --- the steps ----------------------------------------------------------------------

    def open(self) -> str:
        """The orders key: what to do (the first step), or why not."""
        sc = self.screen
        if sc.session.standing is None:
            return "standing orders are for your own units in solo play"
        uids = self.units()
        if not uids:
            return "select your units first (shift-click adds one, X all of them)"
        names = ", ".join(sc.match.name(u) for u in uids)
        answers = [(pygame.K_h, "H hold", "hold"), (pygame.K_a, "A advance", "advance"),
                   (pygame.K_w, "W withdraw", "withdraw"), (pygame.K_o, "O overwatch", "overwatch"),
                   (pygame.K_c, "C none", "clear"), BACK]
        follow = "on" if sc.session.standing.follow else "off (I turns it on)"
        self._ask("orders", f"Standing orders for {len(uids)} unit{'s' if len(uids) > 1 else ''}",
                  [names, "When you end your turn (Enter), units with orders follow them instead of holding; "
                          f"following orders: {follow}."], answers)
        return ""

    def answer(self, kind: str, answer: str) -> None:
        """A step's answer: the next step, or the orders given."""
        sc = self.screen
        if kind == "orders":
            if answer == "clear":
                sc.message = give_orders(sc.session, self.units(), None)
                return
            self.do, self.route, self.to = answer, None, None
            if answer == "advance":
                self._routes()
            elif answer == "withdraw":
                self.waiting_tile = True
                sc.message = "click the tile to withdraw to (Esc: cancel)"
            else:
                self._until()
        elif kind == "orders_route":
            self.route = answer
            self._until()
        elif kind == "orders_until":
            if answer == "round":
                rnd = sc.match.round
                self._ask("orders_round", "Until which round?", [f"It is round {rnd} now."],
                          [(DIGITS[i], f"{i + 1}: round {rnd + n}", str(rnd + n)) for i, n in enumerate(ROUNDS_AHEAD)]
                          + [BACK])
            else:
                self._give(Command(self.do, self.route, self.to, answer))
        elif kind == "orders_round":
            self._give(Command(self.do, self.route, self.to, "round", int(answer)))

    def tile(self, tile: tuple[int, int]) -> None:
        """Withdraw: the place clicked."""
        self.waiting_tile = False
        self.to = tile
        self._until()

    def cancel(self) -> bool:
        """Esc while a tile is awaited: True if there was something to drop."""
        was, self.waiting_tile = self.waiting_tile, False
        return was

    def _routes(self) -> None:
        routes = [r.name for r in self.screen.match.grid.routes][:len(DIGITS)]
        if not routes:
            self.screen.message = "this map has no routes (polylines of class route, docs/tactics.md)"
            return
        self._ask("orders_route", "Advance along which route?", ["The routes are drawn on the map once chosen."],
                  [(DIGITS[i], f"{i + 1}: {name}", name) for i, name in enumerate(routes)] + [BACK])

    def _until(self) -> None:
        answers = [(pygame.K_r, "R: a round", "round"), (pygame.K_c, "C: contact", "contact")]
        if self.do == "advance":
            answers.insert(1, (pygame.K_e, "E: route's end", "route_end"))
        self._ask("orders_until", "Until when?", ["Then they hold where they are (and fight from there)."],
                  [*answers, BACK])

    def _give(self, command: Command) -> None:
        sc = self.screen
        sc.message = give_orders(sc.session, self.units(), command)
        if sc.session.standing is not None and sc.session.standing.line(sc.match, self.units()[0]):
            self.group = []  # given: the rings go (the selected unit stays selected)
        sc.cache.clear()

    def _ask(self, kind: str, title: str, lines: list[str], answers: list[tuple[int, str, str]]) -> None:
        sc = self.screen
        sc.ask(Confirm(title, lines, answers), kind, lambda answer: self.answer(kind, answer) if isinstance(answer, str) else None)
