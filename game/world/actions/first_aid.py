"""First aid: tend an adjacent friend, or oneself (yags-combat.md, Healing and First aid).

The ruleset's `first_aid_rules.first_aid_rounds()` rounds doing nothing else (focused: no defences), then the
check; another declaration interrupts it and a later one starts afresh (the work system,
game/world/systems/work.py, carries it on)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.outcome import Done, Impossible
from engine.turn import Question
from game.world.actions.base import ActionKind, Fields

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


@dataclass(frozen=True)
class FirstAid:
    """Tend an adjacent friend, or oneself: `stuns` treats the stuns rather than the wounds."""

    patient: int
    stuns: bool = False


class FirstAidKind(ActionKind[FirstAid]):
    action: ClassVar[type] = FirstAid
    tag: ClassVar[str] = "first_aid"
    focused: ClassVar[bool] = True
    needs_hands: ClassVar[bool] = True

    def check(self, m: Match, v: UnitView, action: FirstAid, stance: str | None) -> Done | Impossible:
        aid = m.rules.first_aid_rules
        if aid is None or aid.first_aid_rounds() <= 0:
            return Impossible(f"{m.rules.name} has no first aid")
        if not m.has_unit(action.patient):
            return Impossible(f"no unit {action.patient}")
        p = m.view(action.patient)
        if p.team != v.team:
            return Impossible(f"{p.name} is not on your side")
        if m.rules.health_facts(p.state).dead:
            return Impossible(f"{p.name} is dead")
        if m.topology.steps(v.pos, p.pos) > 1:
            return Impossible(f"{p.name} is not next to {v.name}: first aid needs the patient within reach")
        return Done()

    def resolve(self, m: Match, uid: int, action: FirstAid) -> Iterator[Question]:
        m.work.tend(uid, action)
        yield from ()

    def describe(self, action: FirstAid, names: Mapping[int, str]) -> str:
        return f"first aid ({'stuns' if action.stuns else 'wounds'}) on {names.get(action.patient, action.patient)}"

    def target(self, action: FirstAid) -> int | None:
        return None  # the declaration event names no target for first aid

    def to_dict(self, action: FirstAid) -> dict[str, Any]:
        return {"patient": action.patient, "stuns": action.stuns}

    def from_dict(self, f: Fields) -> FirstAid:
        return FirstAid(f.integer("patient"), f.flag("stuns"))
