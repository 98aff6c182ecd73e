"""The Yags exchange (`YagsRuleset.resolve_exchange`; engine/exchange_types.py): one attack
run by the ruleset as a generator the world's combat system drives.

yags-combat.md, The Combat Sequence and Defences: the attack takes up one of the target's
declared defences (one per attacker; none when the target is unaware of it), and a melee
attacker's declaration notes its foe; the attack is rolled (`resolve`: every shot of a
volley, each with its defence); each result is applied to the one it struck, costs the
attacker what it costs (Fumbling an attack: fatigue; a tiring manoeuvre), and its fumble
does what the text says (a dropped weapon; Missile fumbles: a jam stops the shots after it;
Firing into melee: "a random target is hit"). Yags asks nothing in the middle of an attack.
"""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.exchange_run import land_each, note_defences
from engine.exchange_types import Exchange, ExchangeRequest, ExchangeTable


def yags_exchange(rules: Any, dice: Dice, request: ExchangeRequest, table: ExchangeTable) -> Exchange:
    """Defences taken up, the attack rolled, each result landed in order."""
    request = yield from note_defences(rules, request, table)
    results = rules.resolve(dice, request.attack)
    return (yield from land_each(rules, dice, request, table, results))
