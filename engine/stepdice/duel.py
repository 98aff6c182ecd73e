"""Two fighters to the end under the step-die round, every roll kept: a worked example of the
turn protocol (engine.stepdice.round) that tests and a `duel` command can run headless.

Each round: statements (each fighter's `Statement`, carried actions added), then turns in
initiative order: the fighter takes its stated actions (an attack each: a burst when its
exact preview deals more wounds than a single shot; a reload when the magazine is empty);
the defender answers each attack with a stated defence while one is left, else its innate
defence; then the end of the round (health, carried actions).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.dice import Dice
from engine.outcome import Impossible
from engine.ruleset import AttackRequest, Participant, Situation
from engine.stepdice.character import Character, Condition
from engine.stepdice.round import Statement, Turn
from engine.stepdice.ruleset import StepRuleset


@dataclass
class Side:
    name: str
    character: Character
    state: Condition
    statement: Statement
    initiative: int = 0
    turn: Turn = field(default_factory=Turn)
    carried: int = 0
    loaded: int = 0

    def participant(self) -> Participant:
        return Participant(self.name, self.character, self.state, self.turn)


@dataclass
class DuelRecord:
    rounds: int
    winner: str | None
    lines: list[str]
    states: dict[str, Condition]


def _expected_wounds(pv: Any) -> float:
    return sum(float(p) * w for (_s, w), p in pv.p_damage.items())


def _attack(rules: StepRuleset, dice: Dice, me: Side, foe: Side, distance_m: float, lines: list[str]) -> None:
    w = me.character.weapon
    if not w.melee and me.loaded < 1:
        me.turn = me.turn.took("reload")
        me.loaded = w.capacity
        lines.append(f"{me.name} reloads")
        return
    situation = Situation(distance_m=distance_m, target_moved="none")
    modes = ["melee"] if w.melee else ["shot"] + (["burst"] if w.has("burst") and me.loaded >= 3 else [])
    best, best_pv = None, None
    for mode in modes:
        req = AttackRequest(me.participant(), foe.participant(), mode, situation=situation)
        pv = rules.preview(req)
        if isinstance(pv, Impossible):
            continue
        if best_pv is None or _expected_wounds(pv) > _expected_wounds(best_pv):
            best, best_pv = req, pv
    me.turn = me.turn.took("attack")
    if best is None:
        lines.append(f"{me.name} cannot attack: the action is lost")
        return
    me.loaded -= rules.ammo_use(me.character, best.mode, {})
    for result in rules.resolve(dice, best):
        lines.extend(result.describe().splitlines())
        for effect in result.turn_effects:
            noted = rules.note_effect(foe.turn, effect)
            if noted is not None:  # it is not: a turn noted stays one
                foe.turn = noted
        applied = rules.apply(dice, foe.character, foe.state, result)
        foe.state = applied.state
        lines += ["  " + r.describe() for r in applied.rolls] + list(applied.events)


def run_duel(dice: Dice, a: tuple[str, Character, Statement], b: tuple[str, Character, Statement], *,
             distance_m: float = 20.0, max_rounds: int = 200, rules: StepRuleset | None = None) -> DuelRecord:
    """Fight until one side is out of the fight (or `max_rounds`)."""
    rules = rules or StepRuleset()
    sides = [Side(n, c, rules.fresh_state(c), s, loaded=c.weapon.capacity) for n, c, s in (a, b)]
    lines: list[str] = []
    for s in sides:
        s.initiative, roll = rules.roll_initiative(dice, s.character)
        lines.append(roll.describe())
    for rnd in range(1, max_rounds + 1):
        lines.append(f"-- round {rnd}")
        for s in sides:
            wanted = s.statement
            room = max(0, 3 - s.carried)
            actions = 0 if s.state.stunned else min(wanted.actions, room)
            st = replace(wanted, actions=actions, defences=min(wanted.defences, actions),
                         all_out=wanted.all_out if not s.carried and actions else None)
            if st.all_out == "defence" and st.defences != st.actions:
                st = replace(st, all_out=None)
            s.turn = rules.declare(s.character, s.state, actions=st.actions, defences=st.defences,
                                   all_out=st.all_out, carried=s.carried)
        order = rules.action_order([(i, s.character, "normal", s.initiative) for i, s in enumerate(sides)])
        for i in order:
            me, foe = sides[i], sides[1 - i]
            while not me.state.out_of_fight and not foe.state.out_of_fight and me.turn.may("attack") is None \
                    and not me.state.stunned:
                _attack(rules, dice, me, foe, distance_m, lines)
        for s in sides:
            applied = rules.end_of_round(dice, s.character, s.state)
            s.state = applied.state
            lines += ["  " + r.describe() for r in applied.rolls] + list(applied.events)
            s.carried = s.turn.carry()
        out = [s for s in sides if rules.out_of_fight(s.state)]
        if out:
            standing = [s.name for s in sides if s not in out]
            return DuelRecord(rnd, standing[0] if standing else None, lines, {s.name: s.state for s in sides})
    return DuelRecord(max_rounds, None, lines, {s.name: s.state for s in sides})
