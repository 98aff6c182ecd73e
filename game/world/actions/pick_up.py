"""Pick up: one's own dropped weapon, lying within a tile (yags-combat.md, Disarm; Fumbling
an attack: the weapon lies where it fell until picked up)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.outcome import Done, Impossible
from engine.turn import Question
from game.world.actions.base import ActionKind

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


@dataclass(frozen=True)
class PickUp:
    """Pick up one's own dropped weapon, lying within a tile (takes the action)."""


class PickUpKind(ActionKind[PickUp]):
    action: ClassVar[type] = PickUp
    tag: ClassVar[str] = "pick_up"
    plain: ClassVar[bool] = True
    needs_hands: ClassVar[bool] = True

    def mends(self, m: Match, uid: int) -> PickUp | None:
        return PickUp() if m.combat.dropped_weapon(uid) is not None else None

    def check(self, m: Match, v: UnitView, action: PickUp, stance: str | None) -> Done | Impossible:
        dropped = m.combat.dropped_weapon(v.uid)
        if dropped is None:
            return Impossible(f"{v.name} has dropped no weapon")
        name, tile = dropped
        if m.topology.steps(v.pos, tile) > 1:
            return Impossible(f"the {name} lies at {tile}: step next to it first")
        return Done()

    def resolve(self, m: Match, uid: int, action: PickUp) -> Iterator[Question]:
        m.combat.pick_up(uid)
        yield from ()

    def describe(self, action: PickUp, names: Mapping[int, str]) -> str:
        return "pick up the weapon"
