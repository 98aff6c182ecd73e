"""What the world, the AI and the UI read of Mythras values (engine/ruleset.py's plain-value
hooks), mixed into MythrasRuleset: a fighter's health as HealthFacts, the harm a preview
expects, blast radii, the catalogue for `skirmish rules`, the spec of a disarmed fighter."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.exchange_types import Disarmed, DuckBack, Effect, GoesOn, Knockback, Prone, Withdraw
from engine.mythras.health import MythrasState
from engine.ruleset import HealthFacts

# What each wound level is worth to the AI, in the ruleset's "levels of harm" (the AI's
# `min_harm`, grenade and finish weights are on this scale): a Minor Wound only wears a
# location down; a Serious Wound takes a limb out of use or knocks out on a failed
# Endurance roll (about half the time); a Major Wound incapacitates (0004 Wound Levels).
WOUND_WORTH = {"none": 0.0, "minor": 0.25, "serious": 1.0, "major": 2.5}


def wound_harm(p_wound: Mapping[str, Any]) -> float:
    """The expected worth of the worst wound an attack or blast leaves."""
    return sum(WOUND_WORTH[k] * float(p) for k, p in p_wound.items())


def world_effects(target: str, target_changes: tuple[tuple[str, Any], ...],
                  world: tuple[tuple[str, Any], ...], evaded: bool = False) -> tuple[Effect, ...]:
    """An outcome's effects as the world's typed grid effects (engine/exchange_types.py):
    knocked or tripped prone (an evade's dive is the state's own); Knockback (metres away
    from the attacker: Knockback and Bash); Disarmed (the weapon flung so many metres; the
    attacker's when the defender disarmed him); Withdraw (the defender steps out of reach);
    DuckBack (the attacker, into cover); GoesOn (the blow goes on to another: Select Target,
    overpenetration/DAMAGE, a crowd miss's crowd/FACE)."""
    out: list[Effect] = []
    if ("prone", True) in target_changes and not evaded:
        out.append(Prone())
    for kind, value in world:
        if kind in ("knockback", "bash") and value:
            out.append(Knockback(float(value)))
        elif kind == "disarmed":
            name, metres = value
            out.append(Disarmed(float(metres or 0), on_attacker=name != target))
        elif kind == "withdraw":
            out.append(Withdraw())
        elif kind == "duck_back":
            out.append(DuckBack())
        elif kind == "select_target":
            out.append(GoesOn(str(value), "select_target"))
        elif kind == "overpenetration":
            name, damage = value
            out.append(GoesOn(name, f"overpenetration/{damage}"))
        elif kind == "crowd_miss":
            name, face = value
            out.append(GoesOn(name, f"crowd/{face}"))
    return tuple(out)


class WorldFacts:
    """The plain-value hooks of MythrasRuleset (mixed in)."""

    catalogue: Any

    def health_facts(self, state: MythrasState) -> HealthFacts:
        """Wounds: the locations at 0 hit points or below (each a Serious or Major Wound);
        prone for the world's posture (0005: evading, tripped, a useless leg)."""
        return HealthFacts(state.status, state.out_of_fight, state.dead, sum(1 for hp in state.hp if hp <= 0), 0,
                           state.fatigue, prone=state.prone)

    def expected_harm(self, preview: Any) -> float:
        """The worth of the worst wound the attack leaves (WOUND_WORTH), by its chances."""
        return wound_harm(preview.p_wound)

    def blast_harm(self, preview: Any, victim: HealthFacts) -> float:
        """The same for a blast (its preview counts the victim's hit points as they are)."""
        return wound_harm(preview.p_wound)

    def blast_radius_m(self, weapon_id: str) -> float:
        return float(self.catalogue.weapon(weapon_id).blast_radius_m)

    def disarmed_spec(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        """A disarmed fighter fights with fists and feet (the template's weapon would be
        another gun)."""
        return {**spec, "weapon": "fist"}

    def catalogue_lines(self, what: str = "all") -> list[str]:
        """Weapons (kind, damage, Size or Force, range, Load, magazine and fire modes) and
        armour (Armor Points and locations), from engine/mythras/data."""
        cat = self.catalogue
        lines: list[str] = []
        if what in ("weapons", "all"):
            lines.append("weapons:")
            for w in sorted(cat.weapons.values(), key=lambda w: (w.kind, w.id)):
                size = f"size {w.size}" if w.size else f"force {w.force or '-'}"
                extra = ""
                if w.range_m:
                    extra += f" range {'/'.join(f'{r:g}' for r in w.range_m)} m"
                if w.load:
                    extra += f" load {w.load}"
                if w.magazine:
                    extra += f" magazine {w.magazine}"
                if w.modes:
                    extra += f" modes {','.join(w.modes)}"
                if w.blast_radius_m:
                    extra += f" blast {w.blast_radius_m:g} m"
                lines.append(f"  {w.id:24} {w.kind:9} {str(w.damage):10} {size:9} {2 if w.two_handed else 1}h{extra}")
        if what in ("armour", "all"):
            lines.append("armour:")
            for a in sorted(cat.armour.values(), key=lambda a: a.id):
                where = ",".join(loc.replace("_", " ") for loc in a.locations)
                lines.append(f"  {a.id:24} {a.ap} AP on {where}")
        return lines
