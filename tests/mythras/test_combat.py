"""Attacks, parries, evades and special effects, played with scripted dice (0005 Combat;
0004 Damage and Wound Levels), using the SRD's numbers and examples."""

from dataclasses import replace

import pytest

from engine.dice import ScriptedDice
from engine.mythras.attack import (
    Impossible,
    attack_roll,
    defence_roll,
    effect_options,
    exchange,
    plan_attack,
    reaction_options,
)
from engine.mythras.effects import Choice
from engine.mythras.health import end_of_round, fresh_state, take_damage
from engine.mythras.outcome import apply_to_attacker, apply_to_target, resolve_hit
from engine.mythras.ranged import crowd_miss_hits_bystander, full_auto_share, grid_cover
from tests.mythras.helpers import context, fighter, run

P = {"combat_style": 40, "evade": 40}  # 22 + 40 = 62 for an average fighter


def test_no_parry_is_a_failure_and_a_critical_wins_two_effects_maximize_twice():
    """0005 Unable or Unwilling to Parry (an automatic Failure); Special Effects: "an
    attacker who rolls a Critical Success and wins two Special Effects could choose Maximize
    Damage twice"; a rifle's 2d6 maximized twice is 12. 12 to a 7 HP chest: a Serious Wound;
    Endurance fails against the attack: unconscious (0004 Serious Wound)."""
    a, d = fighter("A", "rifle", points=P), fighter("D")
    plan = plan_attack(context(a, d, mode="single", distance_m=50))
    dice = ScriptedDice([3, 11, 2, 50])  # attack 03 (critical of 62), d20 11 chest, 1d3, Endurance 50
    ex, out, health = run(dice, plan, "none", (Choice("maximize_damage"), Choice("maximize_damage")))
    assert (ex.winner, ex.levels) == ("attacker", 2)
    assert out.hits[0].location == "chest" and out.hits[0].rolled == 12
    assert health.state.hp_at("chest") == 7 - 12
    assert health.wound == "serious"
    assert health.state.unconscious and health.state.no_attack_turns == 2
    assert dice.faces == []


def test_maximize_damage_hand_axe_example():
    """0005 Maximize Damage: "a Hand Axe which normally does 1d6 damage would instead be
    treated as a 6" (our axe is 1d6+1: 7); the Damage Modifier is rolled normally."""
    a = fighter("A", "axe", points=P, ch={"STR": 16, "CON": 11, "SIZ": 15, "DEX": 11, "INT": 13, "POW": 11, "CHA": 10})
    assert a.damage_modifier == "+1d4"
    plan = plan_attack(context(a, fighter("D")))
    dice = ScriptedDice([2, 4, 3])  # critical; d20 4 left leg; the +1d4 rolls 3 (the d6 is not rolled)
    ex, out, _ = run(dice, plan, "none", (Choice("maximize_damage"),), apply=False)
    assert out.hits[0].rolled == 7 + 3


def test_parrying_a_missed_attack_wins_the_defender_an_effect():
    """0005 Parrying a Missed Attack: the defender may parry a missed attack to gain
    Special Effects (Differential Roll: failure against success, 1 level)."""
    a, d = fighter("A", points=P), fighter("D", points=P)
    plan = plan_attack(context(a, d))
    dice = ScriptedDice([90, 10])
    ex, out, health = run(dice, plan, "parry")
    assert (ex.winner, ex.levels, ex.hit) == ("defender", 1, False)
    assert not out.hits
    keys = {r.key for r in effect_options(plan, ex)}
    assert {"disarm_opponent", "trip_opponent", "withdraw"} <= keys


def test_parry_one_size_smaller_deflects_half():
    """0005 Damage Reduction: a weapon one Size less deflects half (a 2H Spear, Large,
    parried by a shortsword, Medium); 8 rolled, 4 gets through (halves round up)."""
    a, d = fighter("A", "spear_2h", points=P), fighter("D", "shortsword", points=P)
    plan = plan_attack(context(a, d))
    dice = ScriptedDice([20, 30, 4, 7])  # both succeed; d20 4 left leg; 1d10 7 +1 = 8
    ex, out, health = run(dice, plan, "parry")
    assert (ex.winner, ex.levels, ex.parried, ex.deflects) == (None, 0, True, 0.5)
    assert (out.hits[0].rolled, out.hits[0].after_parry, out.hits[0].damage) == (8, 4, 4)
    assert health.state.hp_at("left_leg") == 1 and health.wound == "minor"


def test_evade_winning_avoids_all_damage_and_ends_prone():
    """0005 Evading: an Opposed Roll; the defender winning avoids the damage; the evasive
    gambit leaves him prone. Equal levels: the higher roll wins."""
    a, d = fighter("A", "rifle", points=P), fighter("D", points=P)
    plan = plan_attack(context(a, d, mode="single", distance_m=50))
    assert plan.reactions == ("none", "evade")  # guns are not parried (0005 Firearms)
    dice = ScriptedDice([40, 45])
    ex, out, health = run(dice, plan, "evade")
    assert (ex.winner, ex.levels, ex.hit) == ("defender", 0, False)
    assert not out.hits and health.state.prone


def test_evade_equal_faces_leave_the_attack_standing():
    """Equal levels and equal faces: the attack (the roll resisted) stands (rules-notes)."""
    a, d = fighter("A", "rifle", points=P), fighter("D", points=P)
    plan = plan_attack(context(a, d, mode="single", distance_m=50))
    ex, out, _ = run(ScriptedDice([40, 40, 1, 1, 1]), plan, "evade", apply=False)
    assert ex.winner == "attacker" and ex.hit and out.hits


def test_over_100_lowers_both_skills_in_the_exchange():
    """0003 Opposed Skills Over 100%: 120 against 80 becomes 100 against 60 (faces judged
    again: 11 is a critical of 120 but a success of 100; 61 a success of 80, a failure of
    60): the attacker wins one level."""
    a = fighter("A", points={"combat_style": 98})  # 22 + 98 = 120
    d = fighter("D", points={"combat_style": 58})  # 80
    plan = plan_attack(context(a, d))
    a_roll = attack_roll(ScriptedDice([11]), plan)
    assert a_roll.outcome == "critical"
    d_roll = defence_roll(ScriptedDice([61]), plan, "parry")
    ex = exchange(plan, a_roll, "parry", d_roll)
    assert (ex.attack.outcome, ex.defence.outcome) == ("success", "failure")
    assert (ex.winner, ex.levels) == ("attacker", 1)


def test_burst_rolls_rounds_and_only_the_first_takes_effects():
    """0005 Burst: Hard; a three round burst rolls 1d3 for the rounds that strike, each with
    its own location and damage; only the first benefits from special effects."""
    a, d = fighter("A", "m16_a1", points=P), fighter("D")
    plan = plan_attack(context(a, d, mode="burst", distance_m=50))
    assert plan.grade == "hard" and plan.target == 42 and plan.hits_die == 3
    faces = [2, 3, 10, 6, 4, 1, 1, 19, 2, 2]  # critical; 3 rounds; chest: max + 6; left leg 1+1; head 2+2
    ex, out, _ = run(ScriptedDice(faces), plan, "none", (Choice("maximize_damage"),), apply=False)
    assert len(out.hits) == 3
    assert [h.location for h in out.hits] == ["chest", "left_leg", "head"]
    assert [h.rolled for h in out.hits] == [6 + 6, 2, 4]  # the first: one die maxed (6) + 6 rolled


def test_full_auto_shares_rounds_evenly():
    """0005 Full-Automatic: "firing 15 rounds at 6 targets would be two bullets each"."""
    assert full_auto_share(15, 6) == 2


def test_firearm_fumble_lets_the_target_pick_a_fumble_effect():
    """0005 Fumbling with Firearms: the intended target selects a fumble-only effect; Weapon
    Malfunction puts the gun out of action."""
    a, d = fighter("A", "rifle", points=P), fighter("D")
    plan = plan_attack(context(a, d, mode="single", distance_m=50))
    dice = ScriptedDice([100])
    ex, out, _ = run(dice, plan, "none", (Choice("weapon_malfunction"),))
    assert (ex.winner, ex.levels, ex.fumble_only) == ("defender", 1, True)
    assert {r.key for r in effect_options(plan, ex)} == {"accidental_injury", "weapon_malfunction"}
    after = apply_to_attacker(dice, a, fresh_state(a), out).state
    assert after.weapon_state == "malfunction"
    assert isinstance(plan_attack(context(a, d, mode="single", distance_m=50, attacker_state=after)), Impossible)


def test_long_range_halves_damage_and_lowers_force():
    """0005 Ranged Combat: at Long Range damage is halved and Force reduced by one step."""
    plan = plan_attack(context(fighter("A", "pistol", points=P), fighter("D"), mode="single", distance_m=150))
    assert (plan.band, plan.size, plan.halve_damage) == ("long", "M", True)
    assert isinstance(plan_attack(context(fighter("A", "pistol"), fighter("D"), mode="single", distance_m=201)),
                      Impossible)


def test_charge_is_hard_with_a_larger_weapon_and_damage_modifier():
    """0005 Charging: Hard to hit, the weapon one Size larger, the Damage Modifier one step."""
    a = fighter("A", points=P)  # STR+SIZ 24: +0
    plan = plan_attack(context(a, fighter("D"), charging=True))
    assert plan.grade == "hard" and plan.size == "L" and plan.dm_step == 1
    assert "counter" in plan.reactions


def test_surprise_grants_a_bonus_effect():
    """0005 Surprise: the first attack on a surprised target, if successful, gains a bonus
    Special Effect; a surprised target cannot defend."""
    d = fighter("D")
    st = replace(fresh_state(d), surprised=True)
    plan = plan_attack(context(fighter("A", points=P), d, defender_state=st, surprise_bonus=True))
    assert plan.reactions == ("none",)
    ex = exchange(plan, attack_roll(ScriptedDice([30]), plan), "none", None)
    assert (ex.winner, ex.levels) == ("attacker", 2)


def test_serious_wound_to_a_leg():
    """0004 Serious Wound: no attacks for 1d3 Turns; a limb fails Endurance: useless, a leg
    drops the victim prone."""
    d = fighter("D")
    out = take_damage(ScriptedDice([3, 95]), d, fresh_state(d), "left_leg", 6, None)
    assert out.wound == "serious" and out.state.no_attack_turns == 3
    assert "left_leg" in out.state.useless and out.state.prone and not out.state.out_of_fight


def test_major_wound_to_the_head():
    """0004 Major Wound: incapacitated; the head fails Endurance: death; passes: dies within
    2 x Healing Rate rounds untreated."""
    d = fighter("D")  # head 5 HP; CON 11: Healing Rate 2
    dead = take_damage(ScriptedDice([95]), d, fresh_state(d), "head", 10, None)
    assert dead.wound == "major" and dead.state.dead
    alive = take_damage(ScriptedDice([5]), d, fresh_state(d), "head", 10, None)
    assert alive.state.incapacitated and alive.state.dying_rounds == 4 and not alive.state.dead
    st = alive.state
    for _ in range(4):
        st = end_of_round(d, st).state
    assert st.dead


def test_cover_adds_its_armour_points_to_hidden_locations():
    """0005 Cover: a blow landing on an obscured location is blocked to the extent of the
    cover's protection (a hard 90% cover: 8 AP over everything but the head)."""
    a, d = fighter("A", "rifle", points=P), fighter("D")
    plan = plan_attack(context(a, d, mode="single", distance_m=50, cover=grid_cover("hard90")))
    _, out, _ = run(ScriptedDice([30, 11, 6, 5]), plan, "none")
    assert out.hits[0].location == "chest" and out.hits[0].cover_ap == 8 and out.hits[0].damage == 3


def test_crowd_miss_strikes_a_bystander():
    """0005 Firing into a Crowd: failing only because of the crowd's grade strikes someone
    adjacent instead."""
    assert crowd_miss_hits_bystander(50, 41, 62)
    assert not crowd_miss_hits_bystander(70, 41, 62)
    assert not crowd_miss_hits_bystander(30, 41, 62)


def test_sunder_strips_armour_first():
    """0005 Sunder: surplus damage over the AP reduces the AP; what remains after it is at
    zero carries to the hit points (AP 6, 10 rolled: 4 AP stripped, no damage)."""
    strong = {"STR": 18, "CON": 11, "SIZ": 18, "DEX": 11, "INT": 13, "POW": 11, "CHA": 10}
    a = fighter("A", "axe", points=P, ch=strong)  # +1d6
    d = fighter("D", armour=("type_i_vest",))
    plan = plan_attack(context(a, d))
    _, out, health = run(ScriptedDice([30, 11, 5, 4]), plan, "none", (Choice("sunder"),))
    h = out.hits[0]
    assert (h.rolled, h.sunder, h.damage) == (10, 4, 0)
    assert health.state.armour_at("chest") == 2


def test_bleed_costs_fatigue_each_round():
    """0005 Bleed: if the blow injures, Endurance against the attack; failing, a level of
    Fatigue every round."""
    a, d = fighter("A", "broadsword", points=P), fighter("D")
    plan = plan_attack(context(a, d))
    _, out, health = run(ScriptedDice([30, 11, 3, 90]), plan, "none", (Choice("bleed"),))
    assert ("bleeding", True) in out.target_changes
    st = end_of_round(d, health.state).state
    assert st.fatigue == 1


def test_knockback_when_damage_exceeds_siz():
    """0005 Knockback: damage before parry and armour over SIZ: 1 m per 5 (or fraction)."""
    strong = {"STR": 18, "CON": 11, "SIZ": 18, "DEX": 11, "INT": 13, "POW": 11, "CHA": 10}
    a = fighter("A", "spear_2h", points=P, ch=strong)
    plan = plan_attack(context(a, fighter("D")))  # SIZ 13
    _, out, _ = run(ScriptedDice([30, 11, 10, 6, 1]), plan, "none", apply=False)
    assert out.hits[0].rolled == 17 and ("knockback", 1) in out.world


def test_reaction_options_are_exact_given_the_roll():
    """The defender's choice is asked after the attack roll (0005 Attacks and Parries, step
    2); each option's chances are counted over the defence's 100 faces."""
    a, d = fighter("A", points=P), fighter("D", points=P)
    plan = plan_attack(context(a, d))
    roll = attack_roll(ScriptedDice([50]), plan)  # a success of 62
    opts = {o.key: o for o in reaction_options(plan, roll)}
    assert opts["none"].p_attacker_effects == 1
    # parry 62: critical 01-07 (defender +1), success 08-62 (no effects), failure 63-98, fumble 99-00
    assert opts["parry"].p_defender_effects == pytest.approx(0.07)
    assert opts["parry"].p_attacker_effects == pytest.approx(0.38)
    assert reaction_options(plan, roll, defender_ap=0)[0].key == "none"


def test_accidental_injury_on_a_fumble():
    """0005 Accidental Injury: the attacker fumbles; he rolls his weapon's damage against
    himself in a random location."""
    a, d = fighter("A", "club", points=P), fighter("D", points=P)
    plan = plan_attack(context(a, d))
    dice = ScriptedDice([100, 30, 12, 4])
    a_roll = attack_roll(dice, plan)
    d_roll = defence_roll(dice, plan, "parry")
    ex = exchange(plan, a_roll, "parry", d_roll)
    assert (ex.winner, ex.levels) == ("defender", 2)
    out = resolve_hit(dice, plan, ex, (Choice("accidental_injury"),))
    assert out.attacker_hits[0].location == "chest" and out.attacker_hits[0].damage == 4
    assert apply_to_target(dice, d, fresh_state(d), out).state == fresh_state(d)


def test_effects_beyond_levels_or_stacking_are_refused():
    a, d = fighter("A", points=P), fighter("D")
    plan = plan_attack(context(a, d))
    ex = exchange(plan, attack_roll(ScriptedDice([30]), plan), "none", None)
    with pytest.raises(ValueError):
        resolve_hit(ScriptedDice([1] * 10), plan, ex, (Choice("bleed"), Choice("impale")))
    with pytest.raises(ValueError):
        resolve_hit(ScriptedDice([1] * 10), plan, ex, (Choice("maximize_damage"),))  # needs a critical


def test_stray_hits_for_select_target_and_overpenetration():
    """0005 Select Target: the bystander is hit automatically, no special effect; 0005
    Overpenetration: the second victim suffers half damage."""
    from engine.mythras.catalogue import default_catalogue
    from engine.mythras.outcome import stray_hit

    v = fighter("V", armour=("type_ii_vest",))
    hit, rolls = stray_hit(ScriptedDice([11, 5, 6]), "A", default_catalogue().weapon("rifle"), v, fresh_state(v))
    assert (hit.location, hit.rolled, hit.damage) == ("chest", 11, 4)
    half, _ = stray_hit(ScriptedDice([2]), "A", default_catalogue().weapon("rifle"), v, fresh_state(v), damage=6)
    assert (half.location, half.damage) == ("right_leg", 6)


def test_resistance_rolls_take_the_resisters_fatigue():
    """0004 Fatigue: Winded makes every skill roll Hard; 0005 Bleed: "the defender must
    resist with Endurance against the original attack roll". D (Endurance 22, Hard 15) rolls
    20 against A's attack of 10: fresh, 20 is a success higher than 10 and resists; Winded,
    20 fails against 15 and D bleeds. The same for every effect's resistance roll (Stun
    Location, Drop Foe, Pin Down, Trip, Disarm, Blind Opponent: rules-notes, issue 28)."""
    a, d = fighter("A", "broadsword", points=P), fighter("D")
    fresh = plan_attack(context(a, d))
    _, out, _ = run(ScriptedDice([10, 11, 3, 20]), fresh, "none", (Choice("bleed"),), apply=False)
    assert ("bleeding", True) not in out.target_changes
    winded = plan_attack(context(a, d, defender_state=replace(fresh_state(d), fatigue=1)))
    _, out, _ = run(ScriptedDice([10, 11, 3, 20]), winded, "none", (Choice("bleed"),), apply=False)
    assert ("bleeding", True) in out.target_changes
    endurance = [r for r in out.rolls if "against Bleed" in r.label][0]
    assert (endurance.grade, endurance.target, endurance.outcome) == ("hard", 15, "failure")


def test_a_prone_targets_evade_is_formidable_in_close_combat_only():
    """0005 Close Combat Situational Modifiers: "Fighting while prone: Formidable" (Evade
    62 -> 21); the Ranged Combat Situational Modifiers grade the shooter for "Target prone"
    (Formidable) and say nothing of the target's Evade: against a rifle it stays 62."""
    from engine.mythras.attack import defence_skill

    a, d = fighter("A", "broadsword", points=P), fighter("D", points=P)
    down = replace(fresh_state(d), prone=True)
    blow = plan_attack(context(a, d, defender_state=down))
    assert defence_skill(blow, "evade") == ("Evade", 62, "formidable")
    shooter = fighter("S", "rifle", points=P)
    shot = plan_attack(context(shooter, d, mode="single", distance_m=20, defender_state=down,
                               situations=frozenset({"target_prone"})))
    assert defence_skill(shot, "evade") == ("Evade", 62, "standard")
    assert ("target prone", "formidable") in [(w.lower(), g) for w, g in shot.reasons]


def test_blind_opponent_is_resisted_with_the_attackers_shield_or_evade():
    """0005 Blind Opponent: "The attacker must make an Opposed Roll of his Evade skill (or
    Weapon skill if using a shield) against the defender's original Parry roll": the
    attacker's shield decides, not the defender's. A misses (90), D parries with a Critical
    (05): A with a buckler resists with his Combat Style (62), A without one with his Evade
    (32) even when D carries a shield; A's success (50 and 30) loses to the Critical: blinded,
    Hard for 1d3 (2) Turns."""
    pts = {"combat_style": 40, "evade": 10}
    shielded, bare = fighter("A", "broadsword", "buckler", points=pts), fighter("A", "broadsword", points=pts)
    d, d_shield = fighter("D", points=P), fighter("D", "broadsword", "buckler", points=P)
    for a, defender, face, skill, target in ((shielded, d, 50, "Combat Style (Test)", 62),
                                             (bare, d_shield, 30, "Evade", 32)):
        plan = plan_attack(context(a, defender))
        _, out, _ = run(ScriptedDice([90, 5, face, 2]), plan, "parry", (Choice("blind_opponent"),), apply=False)
        r = [r for r in out.rolls if "against Blind Opponent" in r.label][0]
        assert (r.skill_name, r.target, r.outcome) == (skill, target, "success")
        assert ("blinded", (2, "hard")) in out.attacker_changes


def test_the_log_shows_long_range_halving_and_who_wins_a_resistance_roll():
    """0005 Ranged Combat: "Long range ... damage is halved"; the hit's line shows the roll
    before and after (the pistol's 1d6 rolls 5: 3, halves round up). 0004 Serious Wound:
    "Endurance versus the successful attack roll", an Opposed Roll (0003: at the same level
    the higher roll wins): Endurance 22 rolling 20 against the attack's success at 10 reads
    "resisted"; rolling 05, a success that loses, reads "not resisted", never just "success"."""
    from engine.mythras.checks import judge, resist

    plan = plan_attack(context(fighter("A", "pistol", points=P), fighter("D"), mode="single", distance_m=150))
    _, out, _ = run(ScriptedDice([20, 11, 5]), plan, "none", apply=False)
    assert (out.hits[0].rolled, out.hits[0].unhalved) == (3, 5)
    assert any("5 rolled, halved at long range to 3" in e for e in out.events)
    attack = judge("A attacks D", "Combat Style", 62, "standard", 10)
    ok, won = resist(ScriptedDice([20]), "D: Endurance against the wound", "Endurance", 22, attack)
    assert ok and won.describe().endswith("success: resisted")
    ok, lost = resist(ScriptedDice([5]), "D: Endurance against the wound", "Endurance", 22, attack)
    assert not ok and lost.outcome == "success"
    assert lost.describe().endswith("success: not resisted (loses the opposed roll to success 10)")


def test_a_won_evade_against_gunfire_offers_arise_or_wins_nothing():
    """0005 Evading: "If the winner of the Opposed Roll achieves one or more Levels of Success
    over his opponent, they may select suitable Special Effects ... the evasive gambit leaves
    the defender prone ... unless they can use the Arise Special Effect"; 0005 Arise. A shot
    that fails (90 against 62) evaded with a success (10): one level won; Arise is offered
    (he would drop prone), and picked he stays up. A Daredevil, whose won Evade against a
    missile leaves him standing (0005 Combat Style Traits), has nothing suitable to pick: no
    effect is won and none is announced (it used to be "D wins 1 special effect")."""
    a, d = fighter("A", "rifle", points=P), fighter("D", points=P)
    plan = plan_attack(context(a, d, mode="single", distance_m=50))
    ex, out, health = run(ScriptedDice([90, 10]), plan, "evade", (Choice("arise"),))
    assert (ex.winner, ex.levels, ex.hit) == ("defender", 1, False)
    assert [r.key for r in effect_options(plan, ex)] == ["arise"]
    assert not health.state.prone and "D wins 1 special effect" in out.describe()
    _, _, health = run(ScriptedDice([90, 10]), plan, "evade")
    assert health.state.prone  # not picked: he ends prone
    dd = fighter("D", points=P, traits=("daredevil",))
    plan = plan_attack(context(a, dd, mode="single", distance_m=50))
    ex, out, health = run(ScriptedDice([90, 10]), plan, "evade")
    assert (ex.winner, ex.levels, ex.hit) == ("defender", 0, False)
    assert effect_options(plan, ex) == () and "special effect" not in out.describe()
    assert not health.state.prone


def test_the_log_prints_the_picks_before_the_rolls_they_came_before():
    """0005 Special Effects: the winner picks the effects once the exchange is decided, before
    the hit's location and damage are rolled (Maximize Damage sets the damage dice). The
    log follows that order: the picks' line right after the effects won, before the hit
    location and the damage (it used to come after them)."""
    a, d = fighter("A", "rifle", points=P), fighter("D")
    plan = plan_attack(context(a, d, mode="single", distance_m=50))
    _, out, _ = run(ScriptedDice([3, 11, 2, 50]), plan, "none", (Choice("maximize_damage"), Choice("maximize_damage")),
                    apply=False)
    lines = out.describe().splitlines()
    won = lines.index("A wins 2 special effects")
    assert lines[won + 1] == "A picks Maximize Damage, Maximize Damage"
    assert all(" picks " not in line for line in lines[won + 2:])
    assert any("chest" in line for line in lines[won + 2:])


def test_half_deflection_and_bash_distance_round_their_division_up():
    """0005 Damage Reduction: "one Size less only deflects half damage"; Bash: "one metre
    for every 2 points of damage rolled" (shields), "one metre for every three points"
    (bludgeoning); the SRD's Rounding of Numbers and Results: "Whenever a division result
    creates a fraction, always round up". The half deflected is the division: 7 rolled, 4
    deflected, 3 through (8: 4 and 4); a Bash of 5 rolled moves 3 m with a shield, 2 m with a
    club (it used to be rounded down: 2 and 1)."""
    from engine.mythras.tables import after_deflection, bash_m

    assert [after_deflection(n, 0.5) for n in (7, 8, 1)] == [3, 4, 0]
    assert (after_deflection(7, 1.0), after_deflection(7, 0.0)) == (0, 7)
    assert [bash_m(n, True) for n in (1, 4, 5)] == [1, 2, 3]
    assert [bash_m(n, False) for n in (1, 3, 5, 6)] == [1, 1, 2, 2]
    assert bash_m(0, True) == 0


def test_ranged_marksman_shifts_a_rolled_location_toward_the_head_when_it_gains():
    """0005 Combat Style Traits, Ranged Marksman: "shift a random Hit Location roll to an
    adjoining body location" (an option; rules-notes: the shooter takes it toward the head,
    and leaves a head roll where it is). A right leg roll (d20 2) lands on the abdomen; a
    head roll (d20 20) stays the head; without the trait the leg stays the leg."""
    d = fighter("D")
    for traits, face, where in ((("ranged_marksman",), 2, "abdomen"), (("ranged_marksman",), 20, "head"), ((), 2, "right_leg")):
        a = fighter("A", "rifle", points=P, traits=traits)
        plan = plan_attack(context(a, d, mode="single", distance_m=50))
        _, out, _ = run(ScriptedDice([30, face, 3, 3]), plan, "none", apply=False)
        assert out.hits[0].location == where
