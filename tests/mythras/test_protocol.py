"""Mythras on the world's turn protocol (engine/mythras/protocol.py, facts.py): the attack
roll made before the defender chooses, the reaction question and its Action Point, the
winner's effects asked before damage is rolled, Turns spending Action Points, the standing
reaction policies, and what the world reads of an outcome (its typed effects, its log
lines). Sections are the SRD's (0005 Combat)."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import Dice, ScriptedDice
from engine.exchange_types import Disarmed, DuckBack, GoesOn, Knockback, Prone, Withdraw
from engine.mythras.attack import attack_roll, exchange, plan_attack, reaction_options
from engine.mythras.auto import weakest_location
from engine.mythras.facts import world_effects
from engine.mythras.outcome import resolve_hit
from engine.mythras.protocol import POLICIES, Pending
from engine.mythras.ruleset import MythrasRuleset
from engine.ruleset import AttackRequest, Participant, Situation
from tests.mythras.helpers import context, fighter

RULES = MythrasRuleset()
P = {"combat_style": 40}


def part(name, role="swordsman", state=None, **decl):
    c = RULES.make_combatant({"name": name, "role": role})
    st_ = state or RULES.fresh_state(c)
    return Participant(name, c, st_, RULES.declare(c, st_, **decl) if decl else None)


def melee(a, d, **opts):
    return AttackRequest(a, d, "melee", options=opts, situation=Situation(distance_m=2, tiles_apart=1))


def test_the_attack_is_rolled_before_the_defender_chooses():
    """0005 Attacks and Parries: step 1 the attacker rolls; step 2 "if desired, the defender
    spends an Action Point to Parry" - the defender sees the roll (Parrying a Missed
    Attack), so the question comes after it, each option rated on that roll."""
    a, d = part("A"), part("D")
    req = RULES.before_reaction(ScriptedDice([96]), melee(a, d))  # 96: a miss at 79%
    roll = req.options["attack_roll"]
    assert roll.die == 96 and not roll.succeeded
    q = RULES.reaction(req)
    assert q is not None and q.kind == "reaction" and "d100 (96)" in q.about["attack"]
    by = {o.key: o for o in q.options}
    assert set(by) == {"none", "parry", "evade"}
    assert by["none"].chance == 1  # a miss: taking it costs nothing
    hit = RULES.before_reaction(ScriptedDice([10]), melee(a, d))
    rated = {o.key: o.chance for o in RULES.reaction(hit).options}
    assert rated["none"] == 0 and 0 < rated["evade"] < 1
    # a parry with a sword against the same sword deflects all of it: its chance is its success
    assert rated["parry"] == Fraction(d.combatant.skill("combat_style"), 100) > rated["evade"]


def test_a_reaction_costs_an_action_point_and_none_is_left_to_react_with():
    """0005 Reactive Actions: "a reaction costs an Action Point"; Unable to Parry: with none
    left the defender "is treated as having automatically rolled a Failure"."""
    d = part("D")
    spent = RULES.react(d.combatant, d.state, "parry")
    assert spent.ap == d.state.ap - 1
    assert RULES.react(d.combatant, d.state, "none") is d.state
    broke = replace(d.state, ap=0)
    req = RULES.before_reaction(ScriptedDice([10]), melee(part("A"), replace(d, state=broke)))
    assert RULES.reaction(req) is None  # nothing to choose
    out = RULES.resolve_all(Dice(random.Random(4)), req)[0]
    assert out.exchange.reaction == "none"


def test_a_standing_policy_answers_for_the_unit():
    """The issue's per-unit policy: 'parry' parries what it can, 'guns' parries blows and
    evades gunfire, 'none' never reacts; the question is not asked, and the reaction's Action
    Point is spent when the result is applied."""
    a = part("A")
    d = part("D", reaction="parry")
    req = RULES.before_reaction(ScriptedDice([10]), melee(a, d))
    assert RULES.reaction(req) is None
    out = RULES.resolve_all(Dice(random.Random(1)), req)[0]
    assert out.exchange.reaction == "parry"
    assert RULES.apply(Dice(random.Random(2)), d.combatant, d.state, out).state.ap == d.state.ap - 1
    shooter = part("S", "rifleman")
    guns = part("G", reaction="guns")
    shot = AttackRequest(shooter, guns, "shot", situation=Situation(distance_m=30))
    shot = RULES.before_reaction(ScriptedDice([10]), shot)
    assert RULES.resolve_all(Dice(random.Random(3)), shot)[0].exchange.reaction == "evade"
    assert POLICIES[0] == "ask" and [o.key for o in RULES.reaction_policies()] == list(POLICIES)


def test_effects_are_picked_before_damage_is_rolled():
    """0005 Special Effects: the winner picks as many as the levels won, then damage is
    rolled (Choose Location decides where it lands): resolve leaves a Pending result."""
    a, d = part("A"), part("D", reaction="none")
    req = RULES.before_reaction(ScriptedDice([3]), melee(a, d))  # a critical, no reaction: 2 levels
    pending = RULES.resolve(Dice(random.Random(5)), req)[0]
    assert isinstance(pending, Pending) and pending.target == "D"
    q = RULES.effects(pending)
    assert q.pick == 2 and q.about["chooser"] == "A"
    keys = [o.key for o in q.options]
    assert "choose_location:head" in keys
    # a second Marksman or Choose Location cannot be taken: the illegal pick is dropped
    out = RULES.with_effects(pending, ["choose_location:head", "choose_location:chest", "maximize_damage"])
    assert [c.key for c in out.chosen] == ["choose_location", "maximize_damage"]
    assert out.hits[0].location == "head"


def test_turns_spend_action_points():
    """0005 Action Points: a Turn's action costs one; aiming takes the whole round (Aiming:
    "an entire Combat Round"); retrieving a dropped weapon two Actions (Ready Weapon); a
    hold keeps the rest for reactions; standing ends prone (Regain Footing)."""
    c = RULES.make_combatant({"name": "A", "role": "rifleman"})
    fresh = RULES.fresh_state(c)
    assert RULES.acted(c, fresh, "attack").ap == 1
    assert RULES.acted(c, fresh, "aim").ap == 0
    assert RULES.acted(c, fresh, "pick_up").ap == 0
    held = RULES.acted(c, fresh, "hold")
    assert held.ap == 2 and held.holding
    assert not RULES.acted(c, replace(fresh, prone=True), "stand").prone
    # Turn counters: a Serious Wound's "cannot attack for the next 1d3 Turns" counts this Turn
    assert RULES.acted(c, replace(fresh, no_attack_turns=2), "move").no_attack_turns == 1


def test_an_outcome_for_the_world():
    """What the world reads of an outcome: its log lines (the attack roll first) and its
    typed effects for the grid: knockback (0005 Knockback), a disarm's distance, a
    withdrawal, a bystander struck (Select Target), a Weapon Malfunction as a jam."""
    assert world_effects("D", (("prone", True),), (("knockback", 2), ("disarmed", ("D", 3)), ("withdraw", "D"),
                                                   ("duck_back", "A"), ("select_target", "E"),
                                                   ("overpenetration", ("F", 4)), ("crowd_miss", ("G", 55)))) == (
        Prone(), Knockback(2.0), Disarmed(3.0), Withdraw(), DuckBack(), GoesOn("E", "select_target"),
        GoesOn("F", "overpenetration/4"), GoesOn("G", "crowd/55"))
    assert world_effects("D", (("prone", True),), (), evaded=True) == ()  # an evade's dive is the state's
    a, d = fighter("A", points=P), fighter("D")
    plan = plan_attack(context(a, d))
    roll = attack_roll(ScriptedDice([20]), plan)
    out = resolve_hit(ScriptedDice([11, 5, 5]), plan, exchange(plan, roll, "none", None))
    lines = out.describe().splitlines()
    assert lines[0].startswith("A attacks D: d100 (20)") and out.hit and not out.counter_strike
    assert out.fumble_outcome is None


def test_knockback_asks_athletics_or_the_victim_falls():
    """0005 Knockback: damage over SIZ thrusts the recipient back, who "must pass an Easy
    Acrobatics or Standard Athletics roll to avoid falling prone"."""
    strong = {"STR": 18, "CON": 11, "SIZ": 18, "DEX": 11, "INT": 13, "POW": 11, "CHA": 10}
    a = fighter("A", "spear_2h", points=P, ch=strong)
    plan = plan_attack(context(a, fighter("D")))  # D: SIZ 13, Athletics 22
    roll = attack_roll(ScriptedDice([30]), plan)
    ex = exchange(plan, roll, "none", None)
    out = resolve_hit(ScriptedDice([11, 10, 6, 90]), plan, ex)  # 17 damage: 1 m; Athletics 90 fails
    assert ("knockback", 1) in out.world and ("prone", True) in out.target_changes
    kept = resolve_hit(ScriptedDice([11, 10, 6, 10]), plan, ex)
    assert ("knockback", 1) in kept.world and ("prone", True) not in kept.target_changes


def test_health_facts_and_harm():
    c = RULES.make_combatant({"name": "A", "role": "rifleman"})
    s = RULES.fresh_state(c)
    assert not RULES.health_facts(s).prone and RULES.health_facts(replace(s, prone=True)).prone
    hurt = replace(s, hp=(0,) + s.hp[1:])
    assert RULES.health_facts(hurt).wounds == 1
    a = part("S", "rifleman")
    near = RULES.preview(AttackRequest(a, part("T", "rifleman"), "shot", situation=Situation(distance_m=20)))
    far = RULES.preview(AttackRequest(a, part("T", "rifleman"), "shot", situation=Situation(distance_m=1500)))
    assert RULES.expected_harm(near) > RULES.expected_harm(far) > 0


def test_the_ai_strikes_where_it_tells():
    """Choose Location (the AI's pick): the weakest of head and torso (hit points, armour,
    cover), a limb only when it is clearly weaker."""
    bare = plan_attack(context(fighter("A", points=P), fighter("D")))
    assert weakest_location(bare) == "head"
    vested = plan_attack(context(fighter("A", points=P), fighter("D", armour=("type_ii_vest", "combat_helmet"))))
    assert weakest_location(vested) in ("right_arm", "left_arm")


def test_catalogue_lines():
    lines = RULES.catalogue_lines("weapons")
    assert lines[0] == "weapons:" and any(line.split()[0] == "m16_a1" and "2h" in line for line in lines[1:])
    assert RULES.catalogue_lines("armour")[0] == "armour:"


@settings(max_examples=40, deadline=None)
@given(face=st.integers(1, 100), ap=st.integers(0, 2))
def test_reaction_chances_are_chances(face, ap):
    """Every option's chances lie in [0, 1]; the levels won sum to one."""
    a, d = fighter("A", points=P), fighter("D", points={"combat_style": 30, "evade": 20})
    plan = plan_attack(context(a, d))
    roll = attack_roll(ScriptedDice([face]), plan)
    for o in reaction_options(plan, roll, ap):
        assert 0 <= o.share_avoided <= 1 and 0 <= o.p_damage_avoided <= o.share_avoided
        assert sum(o.levels.values()) == 1


def test_the_ask_policy_asks_only_when_the_answer_matters():
    """Issue 32. A failed attack cannot hurt (0005 Attacks and Parries), so a reaction then
    matters only where it can win the defender a special effect it would not win anyway
    (0005 Special Effects: the better success level wins them): the question is asked and
    says so, with that chance; where no reaction can (a fumbled shot), it is not asked, the
    policy answers none and the Action Point is kept."""
    shooter, target = part("S", "rifleman"), part("G", "rifleman")

    def shot(face):
        return RULES.before_reaction(ScriptedDice([face]), AttackRequest(shooter, target, "shot",
                                                                         situation=Situation(distance_m=30)))

    hit = RULES.reaction(shot(10))
    assert hit is not None and "note" not in hit.about  # a hit: asked as before
    missed = shot(80)
    roll = missed.options["attack_roll"]
    assert not roll.succeeded
    by = {o.key: o for o in reaction_options(RULES.plan(missed), roll, target.state.ap)}
    assert by["evade"].p_defender_effects > by["none"].p_defender_effects
    q = RULES.reaction(missed)
    assert q is not None and "the attack failed" in q.about["note"]
    assert f"evade {float(by['evade'].p_defender_effects):.0%}" in q.about["note"]
    fumbled = shot(99)
    roll = fumbled.options["attack_roll"]
    by = {o.key: o for o in reaction_options(RULES.plan(fumbled), roll, target.state.ap)}
    assert not roll.succeeded and all(o.p_defender_effects <= by["none"].p_defender_effects for o in by.values())
    assert RULES.reaction(fumbled) is None
    out = RULES.resolve_all(Dice(random.Random(5)), fumbled)[0]
    assert out.exchange.reaction == "none"
    assert RULES.apply(Dice(random.Random(6)), target.combatant, target.state, out).state.ap == target.state.ap
