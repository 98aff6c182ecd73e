"""Overwatch: cover an area this round, ready to shoot or strike the first enemy that presents
itself there (yags-combat.md, Action Types: Overwatch; Waiting beyond a round). The watches
themselves are the overwatch system's (game/world/systems/overwatch.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.outcome import Done, Impossible
from game.world.actions.base import ActionKind, Fields, Tile

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


@dataclass(frozen=True)
class Overwatch:
    """Cover an area this round: with a missile weapon a 45 degree arc centred on the line to
    `aim` (out to the weapon's long range, in sight); with a melee weapon the tiles in its
    reach at the start of the round (`aim` None). It fires only when triggered, after a
    Perception x Tactics check; if nothing triggers it the action is wasted, and declaring it
    again with the same aim keeps it (Waiting beyond a round)."""

    aim: Tile | None = None


class OverwatchKind(ActionKind[Overwatch]):
    action: ClassVar[type] = Overwatch
    tag: ClassVar[str] = "overwatch"
    attacks: ClassVar[bool] = True
    watches: ClassVar[bool] = True
    quiet: ClassVar[bool] = True

    def check(self, m: Match, v: UnitView, action: Overwatch, stance: str | None) -> Done | Impossible:
        return m.overwatch.refusal(v, action, stance) or Done()

    def speed(self, m: Match, uid: int, action: Overwatch) -> str | None:
        return None  # it acts only when triggered

    def describe(self, action: Overwatch, names: Mapping[int, str]) -> str:
        return f"overwatch at {action.aim}" if action.aim is not None else "overwatch (melee reach)"

    def to_dict(self, action: Overwatch) -> dict[str, Any]:
        return {"aim": None if action.aim is None else list(action.aim)}

    def from_dict(self, f: Fields) -> Overwatch:
        return Overwatch(f.optional_tile("aim"))
