"""Two Yags SF fighters to the end, through the ruleset the way a turn driver would use it:
a reference for the round of engine.yags_sf.round (declarations, then initiative, then the
actions in order, the loser striking back if still standing, then the end of the round).

The fighters stand still at `distance_m`; each attacks the other every round with a fixed
choice of special attack (`specials`), spends his action regaining his feet when knocked
down, and reloads when empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.dice import Dice
from engine.outcome import Impossible
from engine.ruleset import AttackRequest, Participant, Situation
from engine.yags_sf.character import Condition, Fighter
from engine.yags_sf.round import Declaration
from engine.yags_sf.ruleset import YagsSFRuleset


@dataclass(frozen=True)
class DuelResult:
    winner: str | None  # None: both down, or no end within the rounds allowed
    rounds: int
    states: Mapping[str, Condition]
    log: tuple[str, ...]


def _declare(rules: YagsSFRuleset, me: Fighter, cond: Condition, other: str, ammo: int,
             special: str | None) -> Declaration:
    if cond.prone:
        return rules.declare(me, cond, action="stand")
    weapon = me.wielded(cond)
    if not weapon.melee and ammo <= 0:
        return rules.declare(me, cond, action="reload")
    choices: dict[str, Any] = {"target": other}
    if special is not None:
        choices["special"] = special
        if special == "full_auto":
            choices["bursts"] = 3
        if special == "multiple_shots":
            choices["shots"] = 3
    return rules.declare(me, cond, **choices)


def duel(rules: YagsSFRuleset, a: Fighter, b: Fighter, dice: Dice, *, distance_m: float = 1.0,
         specials: Mapping[str, str | None] | None = None, max_rounds: int = 100) -> DuelResult:
    """Fight until one is out of the fight (or `max_rounds` pass)."""
    fighters = {a.name: a, b.name: b}
    other = {a.name: b.name, b.name: a.name}
    states = {n: rules.fresh_state(f) for n, f in fighters.items()}
    ammo = {n: f.weapon.shots for n, f in fighters.items()}
    specials = specials or {}
    log: list[str] = []
    for rnd in range(1, max_rounds + 1):
        log.append(f"-- round {rnd}")
        decls = {n: _declare(rules, f, states[n], other[n], ammo[n], specials.get(n))
                 for n, f in fighters.items()}
        inits = {n: rules.initiative(dice, f, states[n], decls[n]) for n, f in fighters.items()}
        for n in fighters:
            log.append(inits[n].roll.describe())  # type: ignore[union-attr]
        speeds = {n: "lost" if inits[n].lost else "normal" for n in fighters}
        order = rules.action_order([(n, fighters[n], speeds[n], inits[n].value) for n in fighters])
        for n in order:
            me, them = fighters[n], other[n]
            if states[n].out_of_fight or states[them].out_of_fight:
                continue  # "if the defender is still standing ... the loser attacks back"
            d = decls[n]
            if d.action == "stand" or states[n].prone:  # knocked down first: the action stands him up
                states[n] = rules.stand_up(states[n])
                log.append(f"{n} gets back on his feet")
                continue
            if d.action == "reload":
                ammo[n] = me.weapon.shots
                log.append(f"{n} reloads")
                continue
            weapon = me.wielded(states[n])
            mode = "melee" if weapon.melee else {"full_auto": "burst", "triple_shot": "triple"}.get(d.special or "", "shot")
            if weapon.melee:
                noted = rules.note_attacked(decls[them], n)
                if noted is not None:  # it is not: a declaration noted stays one
                    decls[them] = noted
            request = AttackRequest(Participant(n, me, states[n], d),
                                    Participant(them, fighters[them], states[them], decls[them]),
                                    mode, {"ammo": ammo[n], "initiative": inits[n].value},
                                    Situation(distance_m=distance_m))
            for result in rules.resolve(dice, request):
                if isinstance(result, Impossible):
                    log.append(f"{n}: {result.reason}")
                    break
                ammo[n] -= result.rounds
                log.append(result.describe())
                applied = rules.apply(dice, fighters[them], states[them], result)
                states[them] = applied.state
                if "disarmed" in result.effects:  # the weapon falls: he fights with his fists
                    states[them] = states[them].with_(disarmed=True)
                    log.append(f"{them} loses his weapon")
                log.extend(r.describe() for r in applied.rolls)
                log.extend(applied.events)
                if states[them].out_of_fight:
                    break
        for n, f in fighters.items():
            out = rules.end_of_round(dice, f, states[n], declaration=decls[n])
            states[n] = out.state
            log.extend(r.describe() for r in out.rolls)
            log.extend(out.events)
        down = [n for n in fighters if states[n].out_of_fight]
        if down:
            winner = next((n for n in fighters if n not in down), None)
            log.append(f"{winner or 'nobody'} wins after {rnd} rounds")
            return DuelResult(winner, rnd, dict(states), tuple(log))
    return DuelResult(None, max_rounds, dict(states), tuple(log))
