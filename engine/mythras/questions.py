"""The staged attack's choices as the turn protocol's questions (engine/turn.py): the
defender's reaction and the winner's special effects, each option with what it means and
its chance where it has one; and the answers back as values the stages take."""

from __future__ import annotations

from collections.abc import Sequence

from engine.mythras.attack import AttackPlan, Exchange, ReactionOption
from engine.mythras.effects import Choice, EffectRule
from engine.mythras.tables import LOCATIONS
from engine.turn import Option, Question

PARAMETERISED = {"choose_location": "location", "marksman": "location", "select_target": "bystander",
                 "overpenetration": "behind"}


def reaction_question(uid: int, plan: AttackPlan, attack_roll: object,
                      options: Sequence[ReactionOption]) -> Question:
    """Asked of the defender after the attack roll: each reaction with the share of the
    blow's damage it turns aside on average (the option's chance: a miss or a won Evade all of
    it, a parry what the weapons' Sizes deflect), its chance of no damage at all, and of each
    side winning special effects."""
    opts = tuple(Option(o.key, o.key if o.key in ("none", "counter") else f"{o.key} ({o.skill} {o.target}%)",
                        f"{o.meaning}; no damage {float(o.p_damage_avoided):.0%}; effects won: they "
                        f"{float(o.p_attacker_effects):.0%}, you {float(o.p_defender_effects):.0%}",
                        o.share_avoided) for o in options)
    about = {"attacker": plan.ctx.attacker.name, "weapon": plan.weapon.name,
             "attack": getattr(attack_roll, "describe", lambda: str(attack_roll))()}
    return Question(uid, "reaction", opts, 1, about)


def effect_keys(plan: AttackPlan, rule: EffectRule) -> list[tuple[str, str]]:
    """(answer key, label) for an effect: one per location or bystander where it takes one."""
    kind = PARAMETERISED.get(rule.key)
    if kind == "location":
        return [(f"{rule.key}:{loc}", f"{rule.name}: {loc.replace('_', ' ')}") for loc in LOCATIONS]
    if kind == "bystander":
        return [(f"{rule.key}:{b}", f"{rule.name}: {b}") for b in plan.ctx.bystanders]
    if kind == "behind":
        return [(f"{rule.key}:{b}", f"{rule.name}: {b}") for b in plan.ctx.behind]
    return [(rule.key, rule.name)]


def effects_question(uid: int, plan: AttackPlan, ex: Exchange, rules: Sequence[EffectRule]) -> Question:
    """Asked of the winner: pick up to as many effects as levels won (stackable ones may be
    named more than once)."""
    opts = tuple(Option(key, label, r.meaning + (" (stackable)" if r.stackable else ""))
                 for r in rules for key, label in effect_keys(plan, r))
    about = {"attacker": plan.ctx.attacker.name, "defender": plan.ctx.defender.name, "levels": ex.levels,
             "winner": ex.winner}
    return Question(uid, "effects", opts, ex.levels, about)


def choices(answer: Sequence[str] | str | None) -> tuple[Choice, ...]:
    """An effects answer (option keys, 'key' or 'key:param') as the Choices `resolve_hit` takes."""
    if not answer:
        return ()
    keys = [answer] if isinstance(answer, str) else list(answer)
    out = []
    for k in keys:
        key, _, param = str(k).partition(":")
        out.append(Choice(key, param or None))
    return tuple(out)
