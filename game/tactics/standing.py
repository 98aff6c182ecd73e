"""Standing orders for the player's own units in solo (issue 30, 32; docs/tactics.md): the
player gives a group of their units an order with a condition in the window, and when they
end their declarations (Enter) the units with orders declare through them (OrdersAI) instead
of holding.

The orders are kept as a tactic's text (one group a command, its units by name, the order
given and then `hold`), so the save embeds them like any tactic (SessionConfig.tactics for the
player's side); the declarations they make are recorded as the player's, so a save replays
exactly whatever the orders were when it was made."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.tactics.format import Tactic, TacticError, parse_tactic
from game.tactics.orders import OrdersAI

PATH = "standing orders"
ORDER_KINDS = ("hold", "advance", "withdraw", "overwatch")
UNTIL_KINDS = ("round", "route_end", "contact")
MAX_STANDING_GROUPS = 40  # a new command past this many groups is refused (nothing grows without bound)


@dataclass(frozen=True)
class Command:
    """One order given to a group: `do` (hold, advance, withdraw, overwatch), its place (a
    route's name for advance, a tile for withdraw), and `until` (round N, route's end,
    contact), after which the group holds where it is."""

    do: str
    route: str | None = None
    to: tuple[int, int] | None = None
    until: str = "contact"
    round: int = 0

    def toml(self, group: str, units: list[str]) -> str:
        names = ", ".join(_q(u) for u in units)
        lines = ["[[group]]", f"name = {_q(group)}", f"units = [{names}]", "", "  [[group.order]]",
                 f"  do = {_q(self.do)}"]
        if self.do == "advance":
            lines.append(f"  route = {_q(self.route or '')}")
        if self.do == "withdraw":
            x, y = self.to or (0, 0)
            lines.append(f"  to = [{x}, {y}]")
        cond = {"round": f"round = {self.round}", "route_end": "route_end = true",
                "contact": "contact = true"}[self.until]
        lines += [f"  until = {{ {cond} }}", "", "  [[group.order]]", '  do = "hold"', ""]
        return "\n".join(lines)


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


class StandingOrders:
    """The player's side's standing orders: groups of unit names with their command, the
    tactic made of them and the controller carrying it out (`inner` decides within it)."""

    def __init__(self, inner: Any, team: str, text: str = "") -> None:
        self.inner, self.team = inner, team
        self.tactic: Tactic | None = None
        self.ai: OrdersAI | None = None
        self.follow = True  # Enter declares for the units with orders (else they hold as before)
        if text.strip():
            self._use(parse_tactic(text, PATH))

    @property
    def text(self) -> str:
        return self.tactic.text if self.tactic is not None else ""

    def give(self, match: Any, uids: list[int], command: Command) -> None:
        """Give `uids` the command (they leave any group they were in); TacticError when it
        does not fit the map (a route that is not there, a tile that blocks)."""
        names = [match.name(u) for u in uids]
        groups = self._groups_without(set(names))
        if len(groups) >= MAX_STANDING_GROUPS:
            raise TacticError(f"{PATH}: at most {MAX_STANDING_GROUPS} groups")
        n = 1 + max((int(g.name[1:]) for g in (self.tactic.groups if self.tactic else ())
                     if g.name[1:].isdigit()), default=0)
        parts = [_group_text(g) for g in groups] + [command.toml(f"g{n}", names)]
        self._check_and_use("\n".join(parts), match)

    def clear(self, match: Any, uids: list[int]) -> None:
        """The units have no standing orders any more."""
        groups = self._groups_without({match.name(u) for u in uids})
        self._check_and_use("\n".join(_group_text(g) for g in groups), match)

    def covers(self, match: Any, uid: int) -> bool:
        return self.ai is not None and self.ai.group_of(match, uid) is not None

    def decide(self, match: Any, uid: int) -> tuple[Any, dict[str, Any]]:
        assert self.ai is not None
        return self.ai.decide(match, uid)

    def line(self, match: Any, uid: int) -> str | None:
        return self.ai.orders(match, uid) if self.ai is not None else None

    # --- the tactic behind them ---------------------------------------------------------

    def _groups_without(self, names: set[str]) -> list[tuple[str, tuple[str, ...], str]]:
        """The groups as (name, units, their orders' TOML), without `names`; empty ones go."""
        if self.tactic is None:
            return []
        out = []
        for g in self.tactic.groups:
            keep = tuple(u for u in g.units if u not in names)
            if keep:
                out.append((g.name, keep, _orders_text(self.tactic.text, g.name)))
        return out

    def _check_and_use(self, text: str, match: Any) -> None:
        if not text.strip():
            self.tactic, self.ai = None, None
            return
        from game.tactics.check import check_tactic

        tactic = parse_tactic(text, PATH)
        check_tactic(tactic, match.grid, [match.spec(v.uid) for v in match.units(self.team)], self.team)
        self._use(tactic)

    def _use(self, tactic: Tactic) -> None:
        old, old_tactic = self.ai, self.tactic
        self.tactic, self.ai = tactic, OrdersAI(self.inner, tactic, self.team)
        if old is None or old_tactic is None:
            return
        # a group whose orders did not change goes on where it was (its stage, its route)
        before = {g.name: g.orders for g in old_tactic.groups}
        for g in tactic.groups:
            if before.get(g.name) == g.orders:
                self.ai._state[g.name] = old._state[g.name]
        self.ai._route_at = dict(old._route_at)


def _group_text(g: tuple[str, tuple[str, ...], str]) -> str:
    name, units, orders = g
    return "\n".join(["[[group]]", f"name = {_q(name)}", f"units = [{', '.join(_q(u) for u in units)}]", "",
                      orders])


def _orders_text(text: str, group: str) -> str:
    """The `[[group.order]]` tables of `group` in a text written by `Command.toml`."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if line == "[[group]]":
            inside = False
        elif line == f"name = {_q(group)}":
            inside = True
        elif inside and line.startswith("  "):
            out.append(line)
        elif inside and not line.strip() and out:
            out.append(line)
    return "\n".join(out).rstrip() + "\n"
