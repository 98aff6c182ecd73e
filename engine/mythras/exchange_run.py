"""The Mythras Imperative exchange (`MythrasRuleset.resolve_exchange`; engine/exchange_types.py),
mixed into MythrasRuleset.

0005 Combat, the differential roll: the attack is rolled first and the defender, having
seen it, chooses its reaction (Parry, Evade or none: `before_reaction`, `reaction`; its
Action Point spent: `react`); the defence is rolled with it (`resolve`); the winner picks its
special effects before damage is rolled (`effects`, `with_effects`; the chooser may be the
defender); each outcome is applied in order with its typed grid effects (knockback, a weapon
flung, a withdrawal, ducking back, a blow going on to another: Select Target,
Overpenetration, Firing into a Crowd) and a Weapon Malfunction is the world's jam. An area
sweep asks no reaction."""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.exchange_run import ask_reaction, choose_effects, land_each, note_defences
from engine.exchange_types import Effect, Exchange, ExchangeRequest, ExchangeTable
from engine.ruleset_types import Applied


class MythrasExchange:
    """`resolve_exchange` and `grid_effects` of MythrasRuleset (mixed in)."""

    def resolve_exchange(self, dice: Dice, request: ExchangeRequest, table: ExchangeTable) -> Exchange:
        """Defences taken up, the attack roll and the reaction, the defence, each outcome with
        the winner's effects chosen and landed in order."""
        rules: Any = self
        request = yield from note_defences(rules, request, table)
        attack = request.attack
        if request.kind != "sweep":
            attack = yield from ask_reaction(dice, attack, table, reaction=rules.reaction,
                                             before=rules.before_reaction, react=rules.react)
        results = rules.resolve(dice, attack)
        return (yield from land_each(rules, dice, request, table, results,
                                     choose=choose_effects(rules, request.attacker)))

    def grid_effects(self, result: Any, applied: Applied) -> tuple[Effect, ...]:
        """An outcome's effects are typed already (engine/mythras/facts.py: world_effects)."""
        return tuple(getattr(result, "effects", ()))
