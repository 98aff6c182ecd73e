"""The keys a ruleset takes with a unit's next action (Mythras: 6 ward, 7 Brace, 8 Steady Weapon,
9 set to receive a charge, 0 Outmaneuver; engine.mythras.stances), as the battle screen holds
them until the unit declares: what each key toggles, the choices they add to the declaration,
and which are taken (the buttons light them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ui import rulesheets

TOGGLES = ("brace", "steady", "receive", "outmanoeuvre")


@dataclass
class Stances:
    ward: tuple[str, ...] | None = None  # the locations to ward (None: as the unit keeps them)
    brace: bool = False
    steady: bool = False
    receive: bool = False
    outmanoeuvre: bool = False

    def toggle(self, match: Any, uid: int, act: str) -> str:
        """Key `act` pressed: Brace, Steady Weapon, receive, Outmaneuver on or off, or the next
        ward; the line saying so."""
        if act in TOGGLES:
            setattr(self, act, not getattr(self, act))
            return rulesheets.stance_words(match.rules, act, getattr(self, act))
        self.ward, line = rulesheets.next_ward(match.rules, match.view(uid), self.ward)
        return line

    def choices(self) -> dict[str, Any]:
        """The declaration's choices they add (a ward as a comma-separated string: a save keeps
        plain values)."""
        out = {"warded": None if self.ward is None else ",".join(self.ward),
               **{k: getattr(self, k) or None for k in TOGGLES}}
        return {k: x for k, x in out.items() if x is not None}

    def taken(self) -> frozenset[str]:
        """The keys taken, for lighting their buttons."""
        return frozenset(k for k in ("ward", *TOGGLES) if (self.ward is not None if k == "ward" else getattr(self, k)))

    def key(self) -> tuple[Any, ...]:
        return (self.ward, *(getattr(self, k) for k in TOGGLES))
