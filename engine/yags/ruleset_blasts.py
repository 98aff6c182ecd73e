"""The Yags ruleset's grenades and explosions: throwing at a spot (and scattering), the blast's
bands and one damage roll for all its victims, taking cover from it, and their exact
previews (`YagsBlastRules`, mixed into `YagsRuleset`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.capabilities import BlastRules
from engine.dice import Dice
from engine.outcome import Impossible
from engine.rolls import Roll
from engine.ruleset import HealthFacts, Participant
from engine.yags.attack import AttackResult, Fighter
from engine.yags.character import Character
from engine.yags.equipment import Catalogue
from engine.yags.preview import preview_plan


class YagsBlastRules(BlastRules):
    """Throws and blasts under Yags; the ruleset gives its catalogue and its fighters."""

    if TYPE_CHECKING:
        @property
        def catalogue(self) -> Catalogue: ...

        def fighter(self, p: Participant, opponent: str) -> Fighter: ...

    def blast_harm(self, preview: Any, victim: HealthFacts) -> float:
        """From the outcomes, not the levels rolled (beyond three radii the stuns are divided):
        the stuns gained and twice the wounds gained."""
        return sum(float(q) * ((s - victim.stuns) + 2 * (w - victim.wounds)) for (s, w), q in preview.p_outcome.items())

    def blast_radius_m(self, weapon_id: str) -> float:
        return float(self.catalogue.weapon(weapon_id).blast_radius)

    def throw(self, dice: Dice, thrower: Participant, weapon_id: str, distance_m: float) -> tuple[Roll, tuple[float, float]]:
        """A throw at a spot: on a miss it scatters (rules-notes)."""
        from engine.yags.explosions import throw_at_tile

        out = throw_at_tile(dice, self.fighter(thrower, ""), distance_m, self.catalogue.weapon(weapon_id))
        if isinstance(out, Impossible):
            raise ValueError(out.reason)
        return out

    def blast(self, dice: Dice, thrower: Participant, weapon_id: str,
              victims: Sequence[tuple[Participant, float, bool]]) -> list[AttackResult | None]:
        """One damage roll for the explosion, a soak roll per victim in reach (friends too)."""
        from engine.yags.explosions import blast

        w = self.catalogue.weapon(weapon_id)
        targets = [(p.combatant, p.state, d, covered) for p, d, covered in victims]
        zero = [bool(getattr(p.declaration, "initiative_zero", False)) for p, _, _ in victims]
        results = blast(dice, w, w.blast_radius, targets, attacker=thrower.name, halved=zero)
        return [r if (r.hit or r.damage is not None) else None for r in results]

    def take_cover(self, dice: Dice, victim: Participant, thrower: str, weapon_id: str,
                   distance_m: float) -> tuple[Roll | None, float]:
        """Taking Cover: a victim in the blast's reach with a declared defence for the thrower
        (or in a full dodge) dodges, agility x Athletics at 15; success puts it its combat
        move further out, "hopefully to a less deadly range band". Prone or focused: no
        dodge (rules-notes)."""
        from engine.yags.explosions import blast_band, dodge_blast

        w = self.catalogue.weapon(weapon_id)
        if blast_band(distance_m, w.blast_radius)[0] is None:
            return None, 0.0
        f = self.fighter(victim, thrower)
        if not (f.defending or f.full_dodge):
            return None, 0.0
        roll, metres = dodge_blast(dice, f)
        return roll, float(metres)

    def preview_throw(self, thrower: Participant, weapon_id: str, distance_m: float) -> Any:
        """The exact chance the throw lands on its spot (Throwing at a spot: 15 + distance)."""
        from engine.yags.explosions import plan_throw_at_tile

        plan = plan_throw_at_tile(self.fighter(thrower, ""), distance_m, self.catalogue.weapon(weapon_id))
        if isinstance(plan, Impossible):
            return plan
        return preview_plan(plan)

    def preview_blast(self, weapon_id: str, victim: Participant, distance_m: float,
                      hard_cover_between: bool = False) -> Any:
        """One victim's share of an explosion, exactly: its band, armour and soak against the
        explosive's damage (the damage roll is shared by all victims; each preview is that
        victim's own distribution)."""
        from engine.yags.explosions import plan_blast

        w = self.catalogue.weapon(weapon_id)
        plan = plan_blast(w, w.blast_radius, victim.combatant, distance_m, hard_cover_between,
                          soak_halved=bool(getattr(victim.declaration, "initiative_zero", False)))
        if isinstance(plan, Impossible):
            return plan
        st = victim.state
        return preview_plan(plan, getattr(st, "stuns", 0), getattr(st, "wounds", 0))

    def throw_range_m(self, combatant: Character, weapon_id: str) -> float:
        w = self.catalogue.weapon(weapon_id)
        long = w.long * combatant.attributes["strength"] if w.range_per_strength else w.long
        return float(long)
