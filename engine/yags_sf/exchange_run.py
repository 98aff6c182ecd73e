"""The Yags SF 0.30a exchange (`YagsSFRuleset.resolve_exchange`; engine/exchange_types.py).

Melee: the one defence is a parry, taken up by a melee attack only ("firearms meet no defence
roll": a shot takes up none); the attack is rolled (`resolve`: each of a volley's shots made
now; the further ones are the round's, `TimingRules`), each result applied in order with
what it costs the attacker, and a fumble's consequence carried out. Nothing is asked in the
middle of an attack (the loser's strike back is the round's: `strikes_back`)."""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.exchange_run import land_each, note_defences
from engine.exchange_types import Exchange, ExchangeRequest, ExchangeTable


def yags_sf_exchange(rules: Any, dice: Dice, request: ExchangeRequest, table: ExchangeTable) -> Exchange:
    """A parry taken up by melee only, the attack rolled, each result landed in order."""
    request = yield from note_defences(rules, request, table, takes_defence=request.attack.mode == "melee")
    results = rules.resolve(dice, request.attack)
    return (yield from land_each(rules, dice, request, table, results))
