"""A duel between two fighters through the `Ruleset` interface, printed roll by roll.

It is the smallest whole use of the rules core the way the battle world uses it: initiative,
declarations in increasing initiative, actions by speed and decreasing initiative, damage
applied, end-of-round checks.
"""

from __future__ import annotations

import random

from engine.dice import Dice
from engine.ruleset import AttackRequest, Participant, Situation
from engine.yags.plan import Impossible
from engine.yags.round import action_order, declaration_order
from engine.yags.ruleset import YagsRuleset


class DuelError(ValueError):
    """Bad duel input (an unknown weapon id, a bad distance)."""


def _fighter_spec(name: str, weapon_id: str, skill_name: str, skill: int) -> dict:
    return {
        "name": name,
        "attributes": {"strength": 3, "health": 3, "agility": 3, "dexterity": 4, "perception": 3},
        "skills": {skill_name: skill, "Brawl": 3, "Athletics": 3},
        "weapon": weapon_id,
    }


def run_duel(weapon_a: str, weapon_b: str, *, distance_m: float = 1.0, seed: int = 1,
             max_rounds: int = 20, skill: int = 5) -> tuple[list[str], str | None]:
    """Fight until one side is out; returns the log lines and the winner's name (None: draw)."""
    if not 0 < distance_m < float("inf"):  # nan and inf fail this too
        raise DuelError(f"--distance: must be a positive number of metres, got {distance_m}")
    rules = YagsRuleset()
    cat = rules.catalogue
    fighters = {}
    for name, wid in (("Ann", weapon_a), ("Bob", weapon_b)):
        if wid not in cat.weapons:
            raise DuelError(f"--{'a' if name == 'Ann' else 'b'}: unknown weapon {wid!r} (see 'skirmish rules weapons')")
        w = cat.weapons[wid]
        fighters[name] = rules.make_combatant(_fighter_spec(name, wid, w.skill, skill))
    dice = Dice(random.Random(seed))
    states = {n: rules.fresh_state(c) for n, c in fighters.items()}
    log = [f"duel, seed {seed}: Ann ({weapon_a}) against Bob ({weapon_b}) at {distance_m:g} m"]
    inits = {}
    for name, c in fighters.items():
        value, roll = rules.roll_initiative(dice, c)
        inits[name] = value
        log.append(f"{name} {roll.describe()}")
    for rnd in range(1, max_rounds + 1):
        log.append(f"-- round {rnd}")
        order = declaration_order([(n, inits[n], fighters[n].attribute("agility")) for n in fighters])
        decls = {}
        for name in order:
            decls[name] = rules.declare(fighters[name], states[name], stance="normal", defences=1)
            log.append(f"{name} declares: attack, 1 defence")
        requests = {}
        for name in fighters:
            other = "Bob" if name == "Ann" else "Ann"
            weapon = fighters[name].weapon
            mode = "melee" if weapon.kind == "melee" else "shot"
            requests[name] = (other, mode)
        speeds = []
        for name, (other, mode) in requests.items():
            req = _request(rules, fighters, states, decls, name, other, mode, distance_m)
            speeds.append((name, rules.action_speed(req), inits[name], fighters[name].attribute("agility")))
        for name in action_order(speeds):
            other, mode = requests[name]
            if rules.out_of_fight(states[name]) or rules.out_of_fight(states[other]):
                continue
            decls[other] = rules.note_attacked(decls[other], name)
            decls[name] = rules.note_attacked(decls[name], other)  # a defence goes to the foe you fight
            req = _request(rules, fighters, states, decls, name, other, mode, distance_m)
            results = list(rules.resolve(dice, req))
            for result in results:
                if isinstance(result, Impossible):
                    log.append(f"{name} cannot attack: {result.reason}")
                    continue
                log.extend(result.describe().splitlines())
                applied = rules.apply(dice, fighters[other], states[other], result)
                states[other] = applied.state
                log.extend(r.describe() for r in applied.rolls)
                log.extend(applied.events)
                log.append(f"{other}: {rules.status(states[other])}")
                if getattr(result, "counter_strike", False) and not rules.out_of_fight(states[other]):
                    counter = _request(rules, fighters, states, decls, other, name, "melee", distance_m)
                    counter = AttackRequest(counter.attacker, counter.target, "melee", {"kind": "counter strike"},
                                            counter.situation)
                    for cr in rules.resolve(dice, counter):
                        if isinstance(cr, Impossible):
                            continue
                        log.append(f"{other} counter strikes")
                        log.extend(cr.describe().splitlines())
                        applied = rules.apply(dice, fighters[name], states[name], cr)
                        states[name] = applied.state
                        log.extend(r.describe() for r in applied.rolls)
                        log.extend(applied.events)
        for name, c in fighters.items():
            applied = rules.end_of_round(dice, c, states[name])
            states[name] = applied.state
            log.extend(r.describe() for r in applied.rolls)
            log.extend(applied.events)
        standing = [n for n in fighters if not rules.out_of_fight(states[n])]
        if len(standing) < 2:
            winner = standing[0] if standing else None
            log.append(f"{winner or 'nobody'} wins after {rnd} rounds")
            return log, winner
    log.append(f"draw after {max_rounds} rounds")
    return log, None


def _request(rules, fighters, states, decls, name, other, mode, distance_m) -> AttackRequest:
    return AttackRequest(
        attacker=Participant(name, fighters[name], states[name], decls[name]),
        target=Participant(other, fighters[other], states[other], decls[other]),
        mode=mode,
        situation=Situation(distance_m=distance_m, in_melee_with_attacker=(mode == "melee")),
    )
