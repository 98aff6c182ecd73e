"""Throws, explosions and covering of the step-die system behind the game's `Ruleset` interface (a
mixin of `StepRuleset`: its `catalogue`, `own_id` and `fighter`): a grenade thrown at a
spot against easy, and damage by distance from the blast (engine.stepdice.area)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.capabilities import BlastRules, OverwatchRules
from engine.dice import Dice
from engine.outcome import Impossible
from engine.rolls import Roll
from engine.ruleset import Participant
from engine.stepdice import area

COVERING_ARC = 30.0  # Covering: "keeping your eyes on a spot" (rules-notes)


@dataclass(frozen=True)
class ChancePreview:
    """The exact chance an action without damage succeeds (a throw at a spot, a manoeuvre)."""

    p_hit: Fraction
    kind: str

    def chance(self, x: Fraction) -> float:
        return float(x)


class Explosives(BlastRules):
    """The Ruleset's throw and blast methods for the step-die system."""

    catalogue: Any

    def own_id(self, kit_id: str) -> str:
        raise NotImplementedError

    def fighter(self, p: Participant, *, aware: bool = True, prone: bool = False, still: bool = False) -> Any:
        raise NotImplementedError

    def blast_radius_m(self, weapon_id: str) -> float:
        try:
            return self.catalogue.explosive(self.own_id(weapon_id)).reach
        except KeyError:
            return 0.0

    def throw(self, dice: Dice, thrower: Participant, weapon_id: str, distance_m: float) -> tuple[Roll, tuple[float, float]]:
        pool = area.plan_throw(self.fighter(thrower), self.catalogue.explosive(self.own_id(weapon_id)), distance_m)
        if isinstance(pool, Impossible):
            raise ValueError(pool.reason)
        return area.throw_at(dice, pool, distance_m)

    def preview_throw(self, thrower: Participant, weapon_id: str, distance_m: float) -> Any:
        pool = area.plan_throw(self.fighter(thrower), self.catalogue.explosive(self.own_id(weapon_id)), distance_m)
        if isinstance(pool, Impossible):
            return pool
        return ChancePreview(area.throw_chance(pool), "throw")

    def preview_blast(self, weapon_id: str, victim: Participant, distance_m: float,
                      hard_cover_between: bool = False) -> Any:
        return area.preview_blast(self.catalogue.explosive(self.own_id(weapon_id)), self.fighter(victim),
                                  distance_m, hard_cover_between)

    def blast(self, dice: Dice, thrower: Participant, weapon_id: str,
              victims: Sequence[tuple[Participant, float, bool]]) -> list[Any]:
        e = self.catalogue.explosive(self.own_id(weapon_id))
        return area.blast(dice, thrower.name, e, [(self.fighter(p), d, c) for p, d, c in victims])


class Covering(OverwatchRules):
    """Covering, the sheet's delayed action, as the world's overwatch."""

    def overwatch_arc(self) -> float:
        return COVERING_ARC

    def overwatch_check(self, dice: Dice, watcher: Participant) -> Roll:
        """Covering needs no check on the sheet: it always fires."""
        return Roll("covering", (), None, 1, 1, (), 1, notes=("the sheet asks no check",))

    def overwatch_check_chance(self, watcher: Participant) -> Fraction:
        return Fraction(1)
