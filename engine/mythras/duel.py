"""Two fighters to the end, driven turn by turn through `engine.mythras.round` and the staged
attack: a reference turn driver (what the world's protocol does with players and the AI),
with the default choices of `engine.mythras.auto`. Pure: the log is values and lines."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.dice import Dice
from engine.mythras.attack import (
    AttackContext,
    Impossible,
    attack_roll,
    defence_roll,
    effect_options,
    exchange,
    plan_attack,
    reaction_options,
)
from engine.mythras.auto import choose_effects, choose_reaction
from engine.mythras.character import Character
from engine.mythras.health import MythrasState, end_of_round, end_turn, fresh_state, start_turn
from engine.mythras.outcome import apply_to_attacker, apply_to_target, resolve_hit
from engine.mythras.round import (
    action_points,
    can_react,
    initiative_order,
    next_actor,
    react,
    roll_initiative,
    start_round,
    take_turn,
)


@dataclass
class Side:
    character: Character
    state: MythrasState
    ammo: int = 0
    reloading: int = 0  # Turns of reloading left


@dataclass
class DuelRecord:
    winner: str | None
    rounds: int
    lines: list[str] = field(default_factory=list)
    states: dict[str, MythrasState] = field(default_factory=dict)


def _mode(c: Character, melee: bool) -> str:
    if melee or not c.weapon.ranged:
        return "melee"
    return "burst" if "burst" in c.weapon.modes else "single"


def duel(dice: Dice, a: Character, b: Character, distance_m: float = 1.0, max_rounds: int = 50) -> DuelRecord:
    """Fight until one side is out of the fight (or `max_rounds`); every roll in the log."""
    sides = {a.name: Side(a, fresh_state(a), a.weapon.magazine), b.name: Side(b, fresh_state(b), b.weapon.magazine)}
    rec = DuelRecord(None, 0)
    melee = distance_m <= 2
    for number in range(1, max_rounds + 1):
        rec.rounds = number
        inis = {n: roll_initiative(dice, s.character, s.state) for n, s in sides.items()}
        rec.lines += [i.roll.describe() for i in inis.values()]
        order = initiative_order(dice, [(n, i.value, i.dex) for n, i in inis.items()])
        rs = start_round(number, order, {n: action_points(s.character, s.state) for n, s in sides.items()})
        while True:
            who, rs = next_actor(rs)
            if who is None:
                break
            assert isinstance(who, str)  # the duel's ids are the fighters' names
            me = sides[who]
            foe_name = b.name if who == a.name else a.name
            foe = sides[foe_name]
            me.state = start_turn(me.state)
            if me.state.out_of_fight:
                rs = take_turn(rs, who, "hold")
                continue
            rs, line = _turn(dice, rs, who, me, foe_name, foe, melee, distance_m, rec)
            me.state = end_turn(me.state)
            if line:
                rec.lines.append(line)
            if foe.state.out_of_fight or me.state.out_of_fight:
                break
        for s in sides.values():
            out = end_of_round(s.character, s.state)
            s.state = out.state
            rec.lines += list(out.events)
        alive = [n for n, s in sides.items() if not s.state.out_of_fight]
        if len(alive) < 2:
            rec.winner = alive[0] if alive else None
            break
    rec.states = {n: s.state for n, s in sides.items()}
    return rec


def _turn(dice: Dice, rs, who: str, me: Side, foe_name: str, foe: Side, melee: bool, distance_m: float,  # noqa: ANN001
          rec: DuelRecord):  # noqa: ANN202
    st = me.state
    if st.prone:
        me.state = replace(st, prone=False)
        return take_turn(rs, who, "act"), f"{who} regains his footing"
    if st.weapon_state == "dropped":
        me.state = replace(st, weapon_state="ready")
        return take_turn(rs, who, "act"), f"{who} picks up his weapon"
    if me.reloading:
        me.reloading -= 1
        if me.reloading == 0:
            me.ammo = me.character.weapon.magazine
        return take_turn(rs, who, "act"), f"{who} reloads"
    w = me.character.weapon
    mode = _mode(me.character, melee)
    if mode != "melee" and me.ammo < (w.burst if mode == "burst" else 1):
        me.reloading = max(0, w.load - 1)
        if me.reloading == 0:
            me.ammo = w.magazine
        return take_turn(rs, who, "act"), f"{who} reloads"
    ctx = AttackContext(me.character, st, foe.character, foe.state, mode=mode, distance_m=distance_m)
    plan = plan_attack(ctx)
    if isinstance(plan, Impossible):
        return take_turn(rs, who, "hold"), f"{who}: {plan.reason}"
    rs = take_turn(rs, who, "act")
    if mode != "melee":
        me.ammo -= w.burst if mode == "burst" else 1
    a_roll = attack_roll(dice, plan)
    rec.lines.append(a_roll.describe())
    options = reaction_options(plan, a_roll, rs.of(foe_name).ap if can_react(rs, foe_name) else 0)
    reaction = choose_reaction(options, "auto", a_roll.succeeded)
    if reaction != "none":
        rs = react(rs, foe_name)
    d_roll = defence_roll(dice, plan, reaction)
    if d_roll is not None:
        rec.lines.append(d_roll.describe())
    ex = exchange(plan, a_roll, reaction, d_roll)
    chosen = choose_effects(plan, ex, effect_options(plan, ex))
    out = resolve_hit(dice, plan, ex, chosen)
    rec.lines += [r.describe() for r in out.rolls] + list(out.events)
    hit = apply_to_target(dice, foe.character, foe.state, out)
    foe.state = hit.state
    back = apply_to_attacker(dice, me.character, me.state, out)
    me.state = back.state
    rec.lines += [r.describe() for r in hit.rolls + back.rolls] + list(hit.events + back.events)
    return rs, ""
