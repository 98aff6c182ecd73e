"""The step-die exchange (`StepRuleset.resolve_exchange`; engine/exchange_types.py).

The attack is declared at the defender; a defence it did not state for the round is its
reaction, asked before the roll (innate defence, dodge or block, each with its exact chance:
`reaction`; it costs nothing then: the dodge's action is noted on its Turn after the roll); the attack is rolled with it (`resolve`), each result applied in order (the
special attack's test, a disarm's check, a grapple's hold), breaking free ends the hold on the
one who broke it (`apply_to_attacker`), and what the result leaves on the defender's Turn
for the rest of the round (the defence it spent: "defended:<kind>"; a feint: innate defence
only against the feinter) is noted on its declaration (`turn_effects`, `note_effect`)."""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.exchange_run import ask_reaction, land_each, note_defences
from engine.exchange_types import Exchange, ExchangeRequest, ExchangeTable


def step_exchange(rules: Any, dice: Dice, request: ExchangeRequest, table: ExchangeTable) -> Exchange:
    """Defences taken up, the defender's reaction asked, the attack rolled, each result
    landed with the notes it leaves on the defender's Turn."""
    request = yield from note_defences(rules, request, table)
    attack = request.attack
    if request.kind != "sweep":
        attack = yield from ask_reaction(dice, attack, table, reaction=rules.reaction)
    results = rules.resolve(dice, attack)
    return (yield from land_each(rules, dice, request, table, results, notes=rules.turn_effects))
