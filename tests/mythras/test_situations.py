"""Situational grades, aiming, steadying, shields, sneak peeks, outmanoeuvring, holds and
which special effects open when (0005 Ranged Combat; Close Combat; Special Effects)."""

from dataclasses import replace

from engine.dice import ScriptedDice
from engine.mythras.attack import Impossible, attack_roll, effect_options, exchange, plan_attack
from engine.mythras.catalogue import default_catalogue
from engine.mythras.close import break_free, outmanoeuvre
from engine.mythras.effects import Choice
from engine.mythras.health import fresh_state
from engine.mythras.outcome import resolve_hit, toward
from engine.mythras.ranged import aim, shield_locations, sneak_peek
from tests.mythras.helpers import context, fighter

P = {"combat_style": 40, "evade": 40}


def test_hardest_situation_counts_and_aiming_eases_it():
    """0005 Ranged Combat Situational Modifiers: a sprinting target (Formidable) in mist
    (Hard): Formidable counts; Aiming reduces it one grade: Hard."""
    a, d = fighter("A", "rifle", points=P), fighter("D")
    ctx = context(a, d, mode="single", distance_m=80, situations=frozenset({"target_sprinting", "target_mist"}))
    assert plan_attack(ctx).grade == "formidable"
    assert plan_attack(replace(ctx, aimed=True)).grade == "hard"
    assert aim([("wind", "hard")]) == [("wind, aimed", "standard")]


def test_wind_does_not_trouble_bullets():
    """The table's note: wind "assumes the thrown weapon or ammunition is vulnerable to
    crosswinds"."""
    ctx = context(fighter("A", "rifle", points=P), fighter("D"), mode="single", distance_m=80,
                  situations=frozenset({"moderate_wind"}))
    assert plan_attack(ctx).grade == "standard"
    bow = context(fighter("A", "bow", points=P), fighter("D"), mode="single", distance_m=80,
                  situations=frozenset({"moderate_wind"}))
    assert plan_attack(bow).grade == "formidable"


def test_steady_weapon_eases_recoil_a_step():
    """0005 Steady Weapon: the recoil penalty of Burst or Full-Automatic one step less."""
    a, d = fighter("A", "m16_a1", points=P), fighter("D")
    steady = replace(fresh_state(a), steady=True)
    assert plan_attack(context(a, d, mode="full_auto", distance_m=50, rounds=3)).grade == "formidable"
    assert plan_attack(context(a, d, mode="full_auto", distance_m=50, rounds=3, attacker_state=steady)).grade == "hard"
    assert plan_attack(context(a, d, mode="burst", distance_m=50, attacker_state=steady)).grade == "standard"


def test_shield_as_cover_against_gunfire():
    """0005 Parrying Weapon Fire with Shields: Passive Blocking; a Kite (Huge) over four
    locations against a rifle (Force Huge) deflects all; crouching doubles the locations."""
    kite = default_catalogue().weapon("kite")
    assert shield_locations(kite) == ("left_arm", "chest", "abdomen", "head")
    assert len(shield_locations(kite, crouching=True)) == 7
    d = fighter("D", "shortsword", second="kite")
    st = replace(fresh_state(d), warded=frozenset(shield_locations(kite)))
    plan = plan_attack(context(fighter("A", "rifle", points=P), d, mode="single", distance_m=50, defender_state=st))
    ex = exchange(plan, attack_roll(ScriptedDice([30]), plan), "none", None)
    out = resolve_hit(ScriptedDice([11, 6, 6]), plan, ex, ())
    assert out.hits[0].location == "chest" and out.hits[0].damage == 0


def test_sneak_peek_fumble_exposes():
    """0005 Sneak Peek: a Perception roll; a fumble overextends."""
    assert sneak_peek(ScriptedDice([20]), "A", 50).saw
    peek = sneak_peek(ScriptedDice([100]), "A", 50)
    assert not peek.saw and peek.exposed


def test_outmanoeuvre_blocks_those_who_do_not_beat_the_roll():
    """0005 Outmaneuvering: a group Opposed Roll of Evade; failing foes cannot attack."""
    out = outmanoeuvre(ScriptedDice([40, 20, 60, 45]), "A", 60, [("b", 50), ("c", 50), ("d", 50)])
    assert out.blocked == ("b", "c") and not out.beat_all


def test_breaking_free_of_a_grip():
    """0005 Grip: an Opposed Roll of Brawn or Unarmed to break free."""
    ok, _, _ = break_free(ScriptedDice([40, 30]), "A", "Brawn", 50, "Unarmed", 50)
    assert ok
    assert not break_free(ScriptedDice([40, 45]), "A", "Brawn", 50, "Unarmed", 50)[0]


def test_a_useless_arm_stops_the_weapon():
    """0004 Serious Wound: a useless arm drops what it holds; a long gun needs both arms."""
    a = fighter("A", "rifle", points=P)
    st = replace(fresh_state(a), useless=frozenset({"left_arm"}))
    assert isinstance(plan_attack(context(a, fighter("D"), mode="single", distance_m=50, attacker_state=st)), Impossible)
    p = fighter("P", "pistol", points=P)
    st = replace(fresh_state(p), useless=frozenset({"left_arm"}))
    assert not isinstance(plan_attack(context(p, fighter("D"), mode="single", distance_m=20, attacker_state=st)), Impossible)


def test_choose_location_at_range_needs_a_critical_or_a_close_still_target():
    """0005 Choose Location: ranged, a Critical only, unless within Close Range and the target
    stationary or unaware."""
    a, d = fighter("A", "rifle", points=P), fighter("D")
    far = plan_attack(context(a, d, mode="single", distance_m=200, target_stationary=True))
    ex = exchange(far, attack_roll(ScriptedDice([30]), far), "none", None)
    assert "choose_location" not in {r.key for r in effect_options(far, ex)}
    near = plan_attack(context(a, d, mode="single", distance_m=50, target_stationary=True))
    ex = exchange(near, attack_roll(ScriptedDice([30]), near), "none", None)
    assert "choose_location" in {r.key for r in effect_options(near, ex)}
    moving = plan_attack(context(a, d, mode="single", distance_m=50, target_stationary=False))
    ex = exchange(moving, attack_roll(ScriptedDice([30]), moving), "none", None)
    assert "choose_location" not in {r.key for r in effect_options(moving, ex)}


def test_marksman_moves_one_step():
    """0005 Marksman: "an attacker who rolled a leg shot, to move it up to the abdomen"."""
    assert toward("left_leg", "abdomen") == "abdomen"
    assert toward("left_leg", "head") == "abdomen"
    assert toward("right_arm", "head") == "chest"
    assert toward("chest", "head") == "head"


def test_negative_damage_modifier_can_leave_no_damage():
    """0002 Damage Modifier: "If a negative Damage Modifier takes a weapon's damage to zero or
    below, then no damage at all has been inflicted"."""
    weak = fighter("A", "club", points=P, ch={"STR": 3, "CON": 11, "SIZ": 8, "DEX": 11, "INT": 13, "POW": 11, "CHA": 10})
    assert weak.damage_modifier == "-1d4"
    plan = plan_attack(context(weak, fighter("D")))
    ex = exchange(plan, attack_roll(ScriptedDice([30]), plan), "none", None)
    out = resolve_hit(ScriptedDice([11, 2, 4]), plan, ex, ())
    assert out.hits[0].rolled == 0 and out.hits[0].damage == 0


def test_pin_down_stacks_into_a_harder_willpower_roll():
    """0005 Pin Down (stackable): Willpower against the hit roll; stacked, one grade harder
    a time (rules-notes)."""
    a, d = fighter("A", "rifle", points=P), fighter("D", points={"willpower": 40})  # 62
    plan = plan_attack(context(a, d, mode="single", distance_m=50))
    ex = exchange(plan, attack_roll(ScriptedDice([2]), plan), "none", None)  # critical: 2 levels
    out = resolve_hit(ScriptedDice([1, 1, 1, 50]), plan, ex, (Choice("pin_down"), Choice("pin_down")))
    willpower = out.rolls[-1]
    assert willpower.grade == "hard" and willpower.target == 42
    assert ("pinned", True) in out.target_changes


def test_disarm_flings_the_weapon_by_the_damage_modifier():
    """0005 Disarm Opponent: the opponent's Combat Style against the original roll, a grade
    harder per step the disarmer's weapon is larger; flung the Damage Modifier in metres."""
    strong = {"STR": 16, "CON": 11, "SIZ": 15, "DEX": 11, "INT": 13, "POW": 11, "CHA": 10}
    a = fighter("A", "spear_2h", points=P, ch=strong)  # Large, +1d4
    d = fighter("D", "dagger", points=P)  # Small: two grades harder
    plan = plan_attack(context(a, d))
    ex = exchange(plan, attack_roll(ScriptedDice([30]), plan), "parry", None)
    ex = replace(ex, winner="attacker", levels=1)
    out = resolve_hit(ScriptedDice([11, 5, 2, 20, 3]), plan, ex, (Choice("disarm_opponent"),))
    resist_roll = [r for r in out.rolls if "Disarm" in r.label][0]
    assert resist_roll.grade == "formidable"
    assert ("disarmed", ("D", 3)) in out.world


def test_gaits_allow_no_attack_but_a_charge_or_skirmishing_fire():
    """0002 Gaits (errata): no attacks at a Run or Sprint except a charge or ranged fire with
    Skirmishing (0005 Traits: "whilst walking or running"), one grade harder at a run."""
    d = fighter("D")
    rifle = fighter("A", "rifle", points=P)
    assert isinstance(plan_attack(context(rifle, d, mode="single", distance_m=50, gait="run")), Impossible)
    scout = fighter("S", "rifle", points=P, traits=("skirmishing",))
    assert plan_attack(context(scout, d, mode="single", distance_m=50, gait="run")).grade == "hard"
    assert isinstance(plan_attack(context(scout, d, mode="single", distance_m=50, gait="sprint")), Impossible)
    assert plan_attack(context(fighter("A", points=P), d, gait="sprint", charging=True)).grade == "hard"


def test_worn_armour_does_not_add_up():
    """0005 Armor: the highest piece on a location counts (rules-notes); natural armour would
    stack, humans have none."""
    f = fighter("F", armour=("mail", "type_ii_vest", "plate_helm"))
    assert f.armour_points["chest"] == 7 and f.armour_points["left_leg"] == 6 and f.armour_points["head"] == 5
