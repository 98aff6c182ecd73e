"""Throws and blasts of MythrasRuleset (mixed in): a grenade thrown at a spot (scattering on a
failure), its exact chance to land, each victim's blast and its preview (the rule built from
the SRD's parts: engine/mythras/explosions.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from engine.capabilities import BlastRules
from engine.dice import Dice
from engine.mythras import explosions
from engine.mythras.checks import D100Roll
from engine.mythras.protocol import can_react
from engine.mythras.ranged import COVER_AP, COVER_LOCATIONS, Cover
from engine.outcome import Impossible
from engine.rolls import Roll
from engine.ruleset import Participant


@dataclass(frozen=True)
class ThrowChance:
    """The exact chance a throw lands on the spot aimed at (the Preview protocol)."""

    p_hit: Fraction


class Blasts(BlastRules):
    """The throw and blast hooks (mixed into MythrasRuleset)."""

    catalogue: Any
    _throws: dict[str, D100Roll]

    def throw(self, dice: Dice, thrower: Participant, weapon_id: str, distance_m: float) -> tuple[Roll, tuple[float, float]]:
        plan = explosions.plan_throw(thrower.combatant, thrower.state, self.catalogue.weapon(weapon_id), distance_m)
        if isinstance(plan, str):
            raise ValueError(plan)
        t = explosions.throw_at(dice, thrower.combatant, plan)
        self._throws[thrower.name] = t.roll
        return t.roll, t.offset

    def preview_throw(self, thrower: Participant, weapon_id: str, distance_m: float) -> Any:
        plan = explosions.plan_throw(thrower.combatant, thrower.state, self.catalogue.weapon(weapon_id), distance_m)
        return Impossible(plan) if isinstance(plan, str) else ThrowChance(explosions.chance_to_land(plan))

    def preview_blast(self, weapon_id: str, victim: Participant, distance_m: float,
                      hard_cover_between: bool = False) -> Any:
        w = self.catalogue.weapon(weapon_id)
        out = explosions.preview_blast(w, victim.combatant, victim.state, distance_m, _blast_cover(hard_cover_between))
        return out if out is not None else Impossible(f"{distance_m:.0f} m is beyond the {w.name}'s blast")

    def blast(self, dice: Dice, thrower: Participant, weapon_id: str,
              victims: Sequence[tuple[Participant, float, bool]]) -> list[Any]:
        """One result per victim: its own locations and damage rolls; a victim whose policy
        is evade or auto dives clear (Evade against the throw)."""
        w = self.catalogue.weapon(weapon_id)
        throw_roll = self._throws.get(thrower.name)
        if throw_roll is None:
            plan = explosions.plan_throw(thrower.combatant, thrower.state, w, 1.0)
            throw_roll = explosions.throw_at(dice, thrower.combatant, plan).roll if not isinstance(plan, str) else None
        out = []
        for p, dist, covered in victims:
            policy = getattr(p.declaration, "reaction", "ask")
            evade = policy in ("ask", "auto", "evade", "guns") and can_react(p.state)
            res = explosions.blast(dice, w, throw_roll, p.combatant, p.state, dist, _blast_cover(covered),
                                   evade=evade and throw_roll is not None)
            if res is not None and evade and throw_roll is not None and p.state.can_defend:
                res = replace(res, target_changes=res.target_changes + (("reacted", 1),))  # the Evade's point
            out.append(res)
        return out


def _blast_cover(hard_cover_between: bool) -> Cover | None:
    """Hard cover between a victim and the blast hides all but the head (the grid's hard90)."""
    return Cover(COVER_LOCATIONS["90"], COVER_AP["hard"]) if hard_cover_between else None
