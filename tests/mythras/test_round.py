"""The Combat Round (0005, Combat Rounds and Initiative; Actions in Combat; Delay; Surprise)."""

import pytest

from engine.dice import ScriptedDice
from engine.mythras.health import fresh_state
from engine.mythras.round import (
    action_points,
    can_react,
    initiative_order,
    interrupt,
    may_attack,
    next_actor,
    react,
    roll_initiative,
    round_over,
    start_round,
    take_turn,
)
from tests.mythras.helpers import fighter


def test_initiative_roll_and_its_modifiers():
    """1d10 + Initiative (the average of DEX and INT: 12 for 11 and 13), less the highest
    Armor Points worn (0005 Armor: a 7 AP vest), -10 when surprised (0005 Surprise)."""
    f = fighter("A", armour=("type_ii_vest", "combat_helmet"))
    ini = roll_initiative(ScriptedDice([6]), f)
    assert ini.value == 6 + 12 - 7
    assert roll_initiative(ScriptedDice([6]), f, surprised=True).value == 6 + 12 - 7 - 10
    assert "d10 (6)" in ini.roll.describe()


def test_ties_go_to_higher_dex_then_a_roll_off():
    """0005 Initiative: "When two or more participants tie scores, the one with the higher
    DEX will act first. If this still results in a tie, have each roll a die"."""
    order = initiative_order(ScriptedDice([3, 8]), [("a", 15, 12), ("b", 15, 14), ("c", 15, 12), ("d", 18, 9)])
    assert order == ["d", "b", "c", "a"]


def test_turns_cycle_in_initiative_order_until_action_points_run_out():
    """0005 Turns: one Combat Action a Turn, in Initiative order; another Turn each while
    Action Points remain; the round ends when none remain."""
    rs = start_round(1, ["a", "b"], {"a": 2, "b": 2})
    seen = []
    while True:
        who, rs = next_actor(rs)
        if who is None:
            break
        seen.append(who)
        rs = take_turn(rs, who, "act")
    assert seen == ["a", "b", "a", "b"]
    assert round_over(rs)


def test_reactions_spend_action_points_and_holding_keeps_them():
    """0005 Reactive Actions cost an Action Point; points "held back for Reactions" end the
    round for their holder."""
    rs = start_round(1, ["a", "b"], {"a": 2, "b": 2})
    who, rs = next_actor(rs)
    rs = take_turn(rs, who, "act")
    who, rs = next_actor(rs)
    assert who == "b"
    rs = take_turn(rs, "b", "hold")
    rs = react(rs, "b")
    assert rs.of("b").ap == 1
    who, rs = next_actor(rs)
    assert who == "a"
    rs = take_turn(rs, "a", "act")
    assert round_over(rs) and can_react(rs, "b")


def test_an_unused_delay_is_lost_at_the_next_turn():
    """0005 Delay: "If the delayed Actions are not taken before the character's next Turn,
    then the character is considered to have Dithered, and the Action Point is lost"."""
    rs = start_round(1, ["a", "b"], {"a": 2, "b": 2})
    _, rs = next_actor(rs)
    rs = take_turn(rs, "a", "delay")
    assert rs.of("a").ap == 2
    _, rs = next_actor(rs)
    rs = take_turn(rs, "b", "act")
    who, rs = next_actor(rs)
    rs = take_turn(rs, "a", "act")
    assert rs.of("a").ap == 0


def test_interrupt_uses_the_delayed_point():
    rs = start_round(1, ["a", "b"], {"a": 2, "b": 2})
    _, rs = next_actor(rs)
    rs = take_turn(rs, "a", "delay")
    _, rs = next_actor(rs)
    rs = interrupt(rs, "a")
    assert rs.of("a").ap == 1 and rs.of("a").delayed == 0
    with pytest.raises(ValueError):
        interrupt(rs, "b")


def test_surprised_are_flat_footed_until_their_turn_and_never_attack():
    """0005 Surprise: no defence until their Initiative; no offensive action this round."""
    rs = start_round(1, ["a", "b"], {"a": 2, "b": 2}, surprised=frozenset({"b"}))
    assert not can_react(rs, "b")
    _, rs = next_actor(rs)
    rs = take_turn(rs, "a", "act")
    _, rs = next_actor(rs)
    rs = take_turn(rs, "b", "act")
    assert can_react(rs, "b") and not may_attack(rs, "b")


def test_fatigue_costs_action_points():
    """0004 Fatigue Levels: Exhausted -1 Action Point, Debilitated -2."""
    f = fighter("A")
    from dataclasses import replace

    assert action_points(f, fresh_state(f)) == 2
    assert action_points(f, replace(fresh_state(f), fatigue=4)) == 1
    assert action_points(f, replace(fresh_state(f), fatigue=5)) == 0


# --- the round through the turn protocol (engine/turn.py) ---------------------------------

class Table:
    """A stand-in for the world's RoundTable: states change as the world would change them."""

    def __init__(self, fighters, initiative):
        self.fighters = fighters
        self.states = {u: fresh_state(c) for u, c in fighters.items()}
        self.ini = initiative
        self.over = False

    def living(self):
        return [u for u in sorted(self.fighters) if not self.states[u].out_of_fight]

    def combatant(self, uid):
        return self.fighters[uid]

    def state(self, uid):
        return self.states[uid]

    def initiative(self, uid):
        return self.ini[uid]

    def speed(self, uid):
        return None


def test_mythras_round_yields_turns_read_from_the_states():
    """The Mythras round in steps: initiative each round, start, Act in Initiative order
    while Action Points remain (the world spends them; each Act's move is walked in the
    move phase after it), end (engine/turn.py)."""
    from engine.mythras.ruleset import MythrasRuleset
    from engine.turn import Act, Initiative, Phase

    rules = MythrasRuleset()
    t = Table({1: fighter("A"), 2: fighter("B")}, {1: 8, 2: 14})
    steps = rules.round(t)
    assert next(steps) == Initiative() and next(steps) == Phase("start")
    seen = []
    for step in steps:
        if isinstance(step, Act):
            seen.append(step.uid)
            t.states[step.uid] = rules.spend(t.states[step.uid], "act")
        else:
            assert step in (Phase("move"), Phase("end"))
    assert seen == [2, 1, 2, 1]
    back = rules.end_of_round(None, t.fighters[1], t.states[1])
    assert back.state.ap == 2


def test_spending_in_the_state():
    from dataclasses import replace

    from engine.mythras.round import refresh, spend_reaction, spend_turn

    f = fighter("A")
    st = spend_turn(fresh_state(f), "delay")
    assert (st.ap, st.delayed) == (2, 1)
    assert spend_turn(st, "act").ap == 0  # the delay is lost at the next Turn
    st = spend_reaction(fresh_state(f))
    assert st.ap == 1
    surprised = replace(fresh_state(f), surprised=True)
    with pytest.raises(ValueError):
        spend_reaction(surprised)
    assert not surprised.can_attack and not surprised.can_defend
    after_turn = spend_turn(surprised, "hold")
    assert after_turn.can_defend and not after_turn.can_attack
    assert refresh(f, after_turn).can_attack


def test_questions_for_the_protocol():
    """A reaction question with each option's chance; an effects question with a pick of
    as many as the levels won, locations as separate answers."""
    from engine.dice import ScriptedDice
    from engine.mythras.attack import (
        attack_roll,
        effect_options,
        exchange,
        plan_attack,
        reaction_options,
    )
    from engine.mythras.questions import choices, effects_question, reaction_question
    from tests.mythras.helpers import context

    plan = plan_attack(context(fighter("A", points={"combat_style": 40}), fighter("D")))
    roll = attack_roll(ScriptedDice([3]), plan)
    q = reaction_question(2, plan, roll, reaction_options(plan, roll))
    assert q.kind == "reaction" and {o.key for o in q.options} == {"none", "parry", "evade"}
    ex = exchange(plan, roll, "none", None)
    eq = effects_question(1, plan, ex, effect_options(plan, ex))
    assert eq.pick == 2 and "choose_location:head" in {o.key for o in eq.options}
    assert choices(["choose_location:head", "maximize_damage"])[0].param == "head"
