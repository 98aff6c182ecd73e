"""The Yags SF ruleset's grenades (`YagsSFBlastRules`, mixed into `YagsSFRuleset`): the
throw's reach, plan and roll, the blast on each victim, and their previews."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.capabilities import BlastRules
from engine.dice import Dice
from engine.outcome import Impossible
from engine.rolls import Roll
from engine.ruleset import Participant
from engine.yags_sf.character import Fighter
from engine.yags_sf.equipment import Catalogue
from engine.yags_sf.explosions import blast, blast_damage, plan_throw, throw, throw_reach
from engine.yags_sf.plan import AttackPlan, AttackResult
from engine.yags_sf.preview import Preview, preview_damage, preview_plan
from engine.yags_sf.world import (
    knocked,
)


class YagsSFBlastRules(BlastRules):
    """Throws and blasts under Yags SF; the ruleset gives its catalogue."""

    if TYPE_CHECKING:
        @property
        def catalogue(self) -> Catalogue: ...

    def throw_range_m(self, combatant: Fighter, weapon_id: str) -> float:
        return throw_reach(combatant, self.catalogue.explosive(self.catalogue.map_kit(weapon_id)))

    def _throw_plan(self, thrower: Participant, weapon_id: str, distance_m: float) -> AttackPlan | Impossible:
        g = self.catalogue.explosive(self.catalogue.map_kit(weapon_id))
        return plan_throw(thrower.combatant, thrower.state, g, distance_m)

    def throw(self, dice: Dice, thrower: Participant, weapon_id: str, distance_m: float) -> tuple[Roll, tuple[float, float]]:
        plan = self._throw_plan(thrower, weapon_id, distance_m)
        if isinstance(plan, Impossible):
            raise ValueError(plan.reason)
        return throw(dice, plan, distance_m)

    def preview_throw(self, thrower: Participant, weapon_id: str, distance_m: float) -> Preview | Impossible:
        plan = self._throw_plan(thrower, weapon_id, distance_m)
        return plan if isinstance(plan, Impossible) else preview_plan(plan)

    def preview_blast(self, weapon_id: str, victim: Participant, distance_m: float,
                      hard_cover_between: bool = False) -> Preview | Impossible:
        g = self.catalogue.explosive(self.catalogue.map_kit(weapon_id))
        dp = blast_damage(g, victim.combatant, distance_m, hard_cover_between)
        if dp is None:
            return Impossible(f"{victim.name} is out of the {g.name.lower()}'s reach")
        return preview_damage(dp, wounds=victim.state.wounds, fatigue=victim.state.fatigue)

    def blast(self, dice: Dice, thrower: Participant, weapon_id: str,
              victims: Sequence[tuple[Participant, float, bool]]) -> list[AttackResult | None]:
        g = self.catalogue.explosive(self.catalogue.map_kit(weapon_id))
        return [None if r is None else knocked(r) for r in blast(dice, thrower.name, g, [(p.combatant, d, c) for p, d, c in victims])]

    def blast_radius_m(self, weapon_id: str) -> float:
        return float(self.catalogue.explosive(self.catalogue.map_kit(weapon_id)).radius)
