"""Stand: get up from prone (yags-combat.md, Stance: standing up takes the action)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.outcome import Done, Impossible
from engine.turn import Question
from game.world.actions.base import ActionKind
from game.world.components import Posture
from game.world.events import EventKind

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


@dataclass(frozen=True)
class Stand:
    """Get up from prone (takes the action)."""


class StandKind(ActionKind[Stand]):
    action: ClassVar[type] = Stand
    tag: ClassVar[str] = "stand"
    plain: ClassVar[bool] = True
    stands_up: ClassVar[bool] = True

    def check(self, m: Match, v: UnitView, action: Stand, stance: str | None) -> Done | Impossible:
        return Done() if v.stance == "prone" else Impossible(f"{v.name} is not prone")

    def resolve(self, m: Match, uid: int, action: Stand) -> Iterator[Question]:
        m.write(uid, Posture, stance="normal")
        m.event(EventKind.STATUS, f"{m.name(uid)} stands up", uid)
        yield from ()

    def describe(self, action: Stand, names: Mapping[int, str]) -> str:
        return "stand up"
