"""Reload: change magazines, or clear a jam (yags-combat.md, Magazines and reloading; Missile
fumbles). The work itself is the work system's (game/world/systems/work.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.outcome import Done, Impossible
from engine.turn import Question
from game.world.actions.base import ActionKind
from game.world.components import Ammo

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


@dataclass(frozen=True)
class Reload:
    """Change magazines (takes the weapon's reload rounds), or clear a jam (one round)."""


class ReloadKind(ActionKind[Reload]):
    action: ClassVar[type] = Reload
    tag: ClassVar[str] = "reload"
    plain: ClassVar[bool] = True
    reloads: ClassVar[bool] = True

    def check(self, m: Match, v: UnitView, action: Reload, stance: str | None) -> Done | Impossible:
        facts = m.rules.weapon_facts(v.combatant)
        if v.ammo is None:
            return Impossible(f"{facts.name} needs no reloading")
        if v.ammo.jammed:
            return Done()  # clearing the jam
        if v.ammo.magazines <= 0:
            return Impossible("no magazines left")
        if v.ammo.loaded >= v.ammo.capacity:
            return Impossible("already loaded")
        return Done()

    def resolve(self, m: Match, uid: int, action: Reload) -> Iterator[Question]:
        if m.has_component(uid, Ammo):
            m.work.reload(uid)
        yield from ()
