"""Aim: spend the round aiming at a unit; next round's shot at it is an aimed shot (distance
thirded). The aimer is focused: no defences (yags-combat.md, Aimed shot)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.outcome import Done, Impossible
from engine.turn import Question
from game.world.actions.base import ActionKind, Fields
from game.world.components import Aiming
from game.world.events import EventKind

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


@dataclass(frozen=True)
class Aim:
    """Spend the round aiming at a unit: next round's careful shot at it is an aimed shot
    (distance thirded). The aimer is focused: no defences (Aimed shot)."""

    target: int


class AimKind(ActionKind[Aim]):
    action: ClassVar[type] = Aim
    tag: ClassVar[str] = "aim"
    focused: ClassVar[bool] = True
    needs_hands: ClassVar[bool] = True
    hostile: ClassVar[bool] = True

    def check(self, m: Match, v: UnitView, action: Aim, stance: str | None) -> Done | Impossible:
        if not m.has_unit(action.target) or m.view(action.target).team == v.team:
            return Impossible("aim at an enemy")
        if not m.sees(v.team, action.target):
            return Impossible("no enemy seen there: an unknown target cannot be aimed at (Unknown Targets)")
        facts = m.rules.weapon_facts(v.combatant)
        if facts.melee:
            return Impossible(f"{facts.name} is not aimed")
        if not m.topology.line_of_sight(v.pos, m.view(action.target).pos):
            return Impossible(f"no line of sight to {m.view(action.target).name}")
        return Done()

    def resolve(self, m: Match, uid: int, action: Aim) -> Iterator[Question]:
        m.put(uid, Aiming(action.target, m.round))
        m.event(EventKind.INFO, f"{m.name(uid)} aims at {m.name(action.target)}", uid, action.target)
        yield from ()

    def describe(self, action: Aim, names: Mapping[int, str]) -> str:
        return f"aim at {names.get(action.target, action.target)}"

    def target(self, action: Aim) -> int | None:
        return action.target

    def to_dict(self, action: Aim) -> dict[str, Any]:
        return {"target": action.target}

    def from_dict(self, f: Fields) -> Aim:
        return Aim(f.integer("target"))
