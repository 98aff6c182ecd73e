"""The grid's facts that Mythras reads for an attack (issue 28, Mythras 13 and 15): Duck
Back offered to a shooter beside cover, the Close Combat Situational Modifiers set from
posture, a foe at the defender's back, a one-tile corridor and a helpless target, and the
roll to stay up when Bashed into an obstacle. Sections and numbers are the SRD's
(shared/rules/mythras-srd, 0005 Combat)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gridfactory import make_grid
from worldplay import unit

from engine.dice import ScriptedDice
from engine.mythras.attack import attack_roll, defence_skill, effect_options, exchange
from engine.mythras.effects import Choice
from engine.mythras.outcome import resolve_hit
from engine.mythras.ruleset import MythrasRuleset
from engine.outcome import Impossible
from engine.ruleset import Intent
from game.world.actions import Hold
from game.world.components import Moved, Position, Posture

RIFLE = {"role": "rifleman", "weapon": "m16_a1", "magazines": 2}
SWORD = {"role": "swordsman"}
MACE = {"role": "swordsman", "weapon": "mace"}


def match(new_match, rows, squads):
    return new_match(make_grid(rows, metres_per_tile=2), squads, seed=1, ruleset=MythrasRuleset())


def plan_of(m, attacker, target, mode="melee"):
    return m.rules.plan(m.range.request(attacker, target, mode, {}))


def test_duck_back_is_offered_only_beside_cover(new_match):
    """0005 Duck Back (Offensive, Firearms Only): "The character must be already standing or
    crouching adjacent to some form of cover": a shooter beside a wall, with a free tile
    behind it out of the target's sight, may pick it; one in the open, or lying prone, not."""
    rows = ["...#................", "....................", "...................."]
    m = match(new_match, rows, {"blue": [unit(RIFLE, "A", 2, 1), unit(RIFLE, "O", 2, 2)],
                                "red": [unit(SWORD, "T", 12, 1)]})
    assert m.range.situation(0, 2).attacker_by_cover
    assert not m.range.situation(1, 2).attacker_by_cover  # the wall is two tiles off: open ground
    plan = plan_of(m, 0, 2, "shot")
    ex = exchange(plan, attack_roll(ScriptedDice([3]), plan), "none", None)  # a critical
    assert "duck_back" in {r.key for r in effect_options(plan, ex)}
    plan = plan_of(m, 1, 2, "shot")
    ex = exchange(plan, attack_roll(ScriptedDice([3]), plan), "none", None)
    assert "duck_back" not in {r.key for r in effect_options(plan, ex)}
    m.write(0, Posture, stance="prone")
    assert not m.range.situation(0, 2).attacker_by_cover


def test_close_combat_situations_from_the_grid(new_match):
    """0005 Close Combat Situational Modifiers: "Fighting while crouching or from one knee:
    Hard" (whoever crouches: the attacker's roll, or the defender's parry), "Defending
    against an attack from behind: Formidable" (another foe beside the defender, opposite
    the attacker: the grid keeps no facing), "Attacking in a confined situation: Hard" (a
    one-tile corridor), "Attacking a helpless target: Automatic"."""
    rows = ["....................", "....................", "...................."]
    m = match(new_match, rows, {"blue": [unit(SWORD, "A", 4, 1), unit(SWORD, "B", 6, 1)],
                                "red": [unit(SWORD, "T", 5, 1)]})
    plan = plan_of(m, 0, 2)
    assert "attack_from_behind" in m.rules.context(m.range.request(0, 2, "melee", {})).situations
    assert plan.grade == "standard" and defence_skill(plan, "parry")[2] == "formidable"
    m.write(1, Position, x=5, y=0)  # beside the defender, not behind it
    assert "attack_from_behind" not in m.rules.context(m.range.request(0, 2, "melee", {})).situations
    m.write(0, Posture, stance="crouched")
    m.write(2, Posture, stance="crouched")
    plan = plan_of(m, 0, 2)
    assert ("fighting while crouching or from one knee", "hard") in plan.reasons and plan.grade == "hard"
    assert defence_skill(plan, "parry")[2] == "hard"
    # a shot is no close combat: a crouched target's Evade takes no grade from it
    g = match(new_match, rows, {"blue": [unit(RIFLE, "G", 1, 1)], "red": [unit(SWORD, "T", 15, 1)]})
    g.write(1, Posture, stance="crouched")
    shot = plan_of(g, 0, 1, "shot")
    assert defence_skill(shot, "evade")[2] == "standard"
    helpless = replace(m.view(2).state, unconscious=True)
    m.health.set_state(2, helpless)
    assert m.rules.context(m.range.request(0, 2, "melee", {})).situations >= {"target_helpless"}
    corridor = ["#####", "#...#", "#####"]
    c = match(new_match, corridor, {"blue": [unit(SWORD, "A", 1, 1)], "red": [unit(SWORD, "T", 2, 1)]})
    assert ("attacking in a confined situation", "hard") in plan_of(c, 0, 1).reasons


def test_bashed_into_an_obstacle_rolls_hard_athletics_or_falls(new_match):
    """0005 Bash: "If the recipient is forced backward into an obstacle, then they must make
    an Acrobatics skill roll - or Athletics at Hard difficulty - to avoid falling or tripping
    over" (the templates have no Acrobatics). A mace (bludgeoning: "one metre for every three
    points") rolling 6 bashes 2 m; with a wall right behind the target (room 1 m: half a
    2 m tile) the target rolls Athletics 25 at Hard (17): 40 fails and it falls; in the open
    no roll."""
    walled = ["..#...", "......", "......"]
    m = match(new_match, walled, {"blue": [unit(MACE, "A", 2, 2)], "red": [unit(SWORD, "T", 2, 1)]})
    assert m.range.situation(0, 1).target_room_behind_m == 1.0
    plan = plan_of(m, 0, 1)
    ex = exchange(plan, attack_roll(ScriptedDice([10]), plan), "none", None)
    out = resolve_hit(ScriptedDice([15, 5, 1, 40]), plan, ex, (Choice("bash"),))
    assert ("bash", 2) in out.world and ("prone", True) in out.target_changes
    assert any("Athletics, bashed into an obstacle" in r.describe() and "hard" in r.describe() for r in out.rolls)
    open_ = match(new_match, ["......"] * 5, {"blue": [unit(MACE, "A", 2, 3)], "red": [unit(SWORD, "T", 2, 2)]})
    assert open_.range.situation(0, 1).target_room_behind_m == 5.0  # two free tiles, then the map's edge
    plan = plan_of(open_, 0, 1)
    ex = exchange(plan, attack_roll(ScriptedDice([10]), plan), "none", None)
    out = resolve_hit(ScriptedDice([15, 5, 1]), plan, ex, (Choice("bash"),))
    assert ("bash", 2) in out.world and ("prone", True) not in out.target_changes


def test_a_spear_set_to_receive_a_charge_counters_with_the_chargers_damage_modifier(new_match):
    """0005 Charging: "Rather than Parrying or Evading, the recipient of a charge can
    simultaneously counterattack the charging attacker instead ... If the weapon can be set
    to receive a charge (such as a spear), the recipient may use the Damage Modifier of the
    charger instead of his own" (the 2H Spear: "Can be set to receive a charge", 0005 Sample
    Melee Weapons). Set with a hold (the choice `receive`, key 9), kept until the spearman
    moves or attacks; a charge at it is met by the counterattack, which takes the better of
    the two Damage Modifiers."""
    spear = {"role": "rifleman", "weapon": "long_spear"}
    m = match(new_match, ["." * 8] * 3, {"blue": [unit(spear, "P", 2, 1)],
                                         "red": [unit({"role": "axeman"}, "C", 3, 1), unit(SWORD, "S", 6, 1)]})
    assert isinstance(m.check(2, Hold(), None, receive=True), Impossible)  # a broadsword is not set
    p, st = m.view(0).combatant, m.view(0).state
    with pytest.raises(ValueError, match="no move or attack"):
        m.rules.declare(p, st, receive=True, intent=Intent("move", move="free"))
    st = m.rules.acted(p, st, "hold", Intent("hold"), declaration=m.rules.declare(p, st, receive=True, intent=Intent("hold")))
    assert st.receiving and "set to receive a charge" in m.rules.status(st)
    m.health.set_state(0, st)
    charge = m.rules.before_reaction(ScriptedDice([20]), m.range.request(1, 0, "melee", {"charging": True}))
    assert m.rules.reaction(charge) is None  # no question: the set spear answers
    (result,) = m.rules.resolve(ScriptedDice([15, 5, 1, 50, 50, 50, 50]), charge)
    result = m.rules.with_effects(result, []) if m.rules.effects(result) is not None else result
    assert result.exchange.reaction == "counter" and result.counter_strike
    counter = m.rules.plan(m.range.request(0, 1, "melee", {"kind": "counter strike"}))
    own, charger = p.damage_modifier_step, m.view(1).combatant.damage_modifier_step
    assert charger > own and counter.dm_step == charger
    plain = m.rules.plan(m.range.request(0, 1, "melee", {}))
    assert plain.dm_step == own
    moved = m.rules.acted(p, st, "move", Intent("move", move="free"), declaration=m.rules.declare(p, st))
    assert not moved.receiving


def test_a_blow_that_walks_one_tile_to_its_foe_is_a_charge(new_match):
    """Issue 28's reading, kept: 0005 Charging, "There is no minimum distance that must be
    covered before a charge can take place, as the distance moved is less a factor than the
    momentum achieved": a blow whose approach walks a single tile is the Charge Action (the
    one Combat Action that moves and attacks: "Movement is performed by either the Move or
    Charge Action"): Hard, the weapon a Size up (Broadsword M -> L); a blow from where the
    fighter stands is not."""
    m = match(new_match, ["." * 8] * 3, {"blue": [unit(SWORD, "A", 2, 1)], "red": [unit(SWORD, "T", 3, 1)]})
    still = plan_of(m, 0, 1)
    assert ("charging", "hard") not in still.reasons and still.size == "M"
    m.write(0, Moved, mode="free", path=((1, 1), (2, 1)))
    walked = plan_of(m, 0, 1)
    assert ("charging", "hard") in walked.reasons and walked.size == "L" and walked.grade == "hard"
