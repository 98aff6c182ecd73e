"""A duel between two fighters through the `Ruleset` interface, printed roll by roll.

It is the smallest whole use of the rules core the way the battle world uses it: initiative,
declarations in increasing initiative, actions by speed and decreasing initiative, damage
applied, end-of-round checks. The fighters stand `distance_m` apart on a line: a melee
fighter out of reach closes in first, as on the grid (Declaring Attacks: "Any movement
required in order to make the attack is implied"; Movement: up to half Move freely, a full
Move for a slow attack, else it only moves), and strikes only once within its reach.
"""

from __future__ import annotations

import math
import random

from engine.dice import Dice
from engine.outcome import Impossible
from engine.ruleset import AttackRequest, Participant, Situation
from engine.yags.round import action_order, declaration_order
from engine.yags.ruleset import YagsRuleset

# The shipped maps' scale: a melee weapon strikes as far as its reach covers on the grid
# (reach 0-2 the next tile, 3-4 two tiles; rules-notes, Reach on the grid).
METRES_PER_TILE = 2.0


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
    duel = _Duel(rules, fighters, states, distance_m)
    for rnd in range(1, max_rounds + 1):
        log.append(f"-- round {rnd}")
        order = declaration_order([(n, inits[n], fighters[n].attribute("agility")) for n in fighters])
        decls, plans = {}, {}
        for name in order:
            decls[name] = rules.declare(fighters[name], states[name], stance="normal", defences=1)
            plans[name] = duel.plan(name)
            log.append(f"{name} declares: {plans[name].describe(duel.other(name))}, 1 defence")
        duel.decls, duel.plans = decls, plans
        speeds = []
        for name in fighters:
            plan = plans[name]
            speed = rules.action_speed(duel.request(name, plan.mode, moved=plan.moved)) if plan.attacks else "slow"
            speeds.append((name, speed, inits[name], fighters[name].attribute("agility")))
        for name in action_order(speeds):
            other = duel.other(name)
            plan = plans[name]
            if rules.out_of_fight(states[name]) or rules.out_of_fight(states[other]) or not plan.attacks:
                continue
            if plan.close_m and duel.close(name, plan.close_m):
                log.append(f"{name} closes in: {duel.distance:g} m apart")
            decls[other] = rules.note_attacked(decls[other], name)
            decls[name] = rules.note_attacked(decls[name], other)  # a defence goes to the foe you fight
            req = duel.request(name, plan.mode, moved=plan.moved)
            for result in rules.resolve(dice, req):
                if isinstance(result, Impossible):
                    log.append(f"{name} cannot attack: {result.reason}")
                    continue
                log.extend(result.describe().splitlines())
                applied = rules.apply(dice, fighters[other], states[other], result)
                states[other] = applied.state
                log.extend(r.describe() for r in applied.rolls)
                log.extend(applied.events)
                log.append(f"{other}: {rules.status(states[other])}")
                if (not isinstance(result, Impossible) and result.counter_strike and not rules.out_of_fight(states[other])
                        and duel.in_reach(other)):
                    counter = duel.request(other, "melee", options={"kind": "counter strike"})
                    for cr in rules.resolve(dice, counter):
                        if isinstance(cr, Impossible):
                            continue
                        log.append(f"{other} counter strikes")
                        log.extend(cr.describe().splitlines())
                        applied = rules.apply(dice, fighters[name], states[name], cr)
                        states[name] = applied.state
                        log.extend(r.describe() for r in applied.rolls)
                        log.extend(applied.events)
        for name in fighters:  # plain moves end at the end of the round (Initiative)
            plan = plans[name]
            if not plan.attacks and plan.close_m and not rules.out_of_fight(states[name]) \
                    and duel.close(name, plan.close_m):
                log.append(f"{name} runs in: {duel.distance:g} m apart")
        for name, c in fighters.items():
            applied = rules.end_of_round(dice, c, states[name], declaration=decls[name])
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


class _Plan:
    """One fighter's action this round: attack (`mode`) after closing `close_m` metres
    (`moved`: none, free or run), or only run `close_m` metres toward the foe."""

    def __init__(self, mode: str, attacks: bool, close_m: float = 0.0, moved: str = "none") -> None:
        self.mode, self.attacks, self.close_m, self.moved = mode, attacks, close_m, moved

    def describe(self, other: str) -> str:
        if not self.attacks:
            return f"run {self.close_m:g} m toward {other} (out of reach: no attack)"
        if self.close_m:
            how = "within half Move" if self.moved == "free" else "a full Move: slow"
            return f"close {self.close_m:g} m ({how}) and attack"
        return "attack"


class _Duel:
    """The two fighters on a line: who is in whose reach, and the requests they make."""

    def __init__(self, rules: YagsRuleset, fighters: dict, states: dict, distance_m: float) -> None:
        self.rules, self.fighters, self.states, self.distance = rules, fighters, states, distance_m
        self.decls: dict = {}
        self.plans: dict[str, _Plan] = {}

    def other(self, name: str) -> str:
        return "Bob" if name == "Ann" else "Ann"

    def melee(self, name: str) -> bool:
        return self.fighters[name].weapon.kind == "melee"

    def reach_m(self, name: str) -> float:
        """How far a melee weapon strikes: its reach on the grid times the tile (0 for a gun)."""
        if not self.melee(name):
            return 0.0
        return self.rules.weapon_facts(self.fighters[name]).reach_tiles * METRES_PER_TILE

    def close(self, name: str, metres: float) -> bool:
        """Move up to `metres` toward the foe, stopping once in reach (the foe may have come
        closer since the declaration); False if no step was needed."""
        need = self.distance - self.reach_m(name)
        if need <= 1e-9:
            return False
        self.distance -= min(need, metres)
        return True

    def in_reach(self, name: str) -> bool:
        return self.melee(name) and self.distance <= self.reach_m(name) + 1e-9

    def plan(self, name: str) -> _Plan:
        """A gun shoots from where it stands; a melee weapon in reach strikes; out of reach it
        closes in with the attack within a full Move, else it only runs (Movement)."""
        if not self.melee(name):
            return _Plan("shot", True)
        need = self.distance - self.reach_m(name)
        if need <= 1e-9:
            return _Plan("melee", True)
        allowed = self.rules.movement(self.fighters[name], self.states[name])
        if need <= allowed["free"]:
            return _Plan("melee", True, need, "free")
        if need <= allowed["run"]:
            return _Plan("melee", True, need, "run")
        return _Plan("melee", False, float(allowed["run"]), "run")

    def request(self, name: str, mode: str, *, moved: str = "none", options: dict | None = None) -> AttackRequest:
        other = self.other(name)
        mover = self.plans.get(other)
        moving = mover.moved if mover is not None and mover.close_m else "none"
        tiles = max(1, math.ceil(self.distance / METRES_PER_TILE - 1e-9))
        return AttackRequest(
            attacker=Participant(name, self.fighters[name], self.states[name], self.decls.get(name)),
            target=Participant(other, self.fighters[other], self.states[other], self.decls.get(other)),
            mode=mode, options=options or {},
            situation=Situation(distance_m=self.distance, in_melee_with_attacker=self.in_reach(other) or self.in_reach(name),
                                attacker_moved=moved, target_moved=moving, lateral=False, tiles_apart=tiles),
        )
