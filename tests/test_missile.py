"""yags-combat.md, Missile Combat: shots, distance, range bands, threat bands, defences, cover,
strength, scopes, fumbles, multiple shots, two guns and reloading."""

import random
from fractions import Fraction

import pytest

from engine.dice import Dice, ScriptedDice
from engine.outcome import Impossible
from engine.yags.attack import Fighter
from engine.yags.character import Character
from engine.yags.equipment import Armour, ArmourPiece, Weapon
from engine.yags.missile import MissileAttack, missile_speed, plan_missile, resolve_missile
from engine.yags.missile_rules import (
    CLOSE,
    MELEE,
    MOVE,
    close_quarters,
    environment_multiplier,
    load_time,
    reload_time,
    threat_band_for,
)
from engine.yags.multishot import max_shots, plan_multiple_shots, plan_two_guns
from engine.yags.plan import roll_plan
from engine.yags.preview import preview_plan

PISTOL = Weapon(id="pistol", name="Pistol", kind="missile", skill="Pistols", attack=4, damage=18, muscle=False,
                reach=0, strength=2, properties=frozenset({"firearm", "semiauto"}), increment=15, short=60,
                medium=120, long=600, rof=3, recoil=-5, capacity=6, reload=3)
SMG = Weapon(id="smg", name="SMG", kind="missile", skill="Rifles", attack=5, damage=20, muscle=False, reach=1,
             strength=3, properties=frozenset({"firearm", "automatic"}), increment=15, short=200, medium=400,
             long=800, rof=20, recoil=-5, capacity=30, reload=2)
RIFLE = Weapon(id="rifle", name="Rifle", kind="missile", skill="Rifles", attack=8, damage=27, muscle=False,
               reach=3, strength=5, weapon_class=("rifle",), properties=frozenset({"firearm"}), increment=25,
               short=550, medium=900, long=2700, rof=2, recoil=-10, capacity=5, reload=2)
BOW = Weapon(id="bow", name="Bow", kind="missile", skill="Bows", attack=2, damage=20, muscle=False, reach=0,
             strength=2, weapon_class=("bow",), properties=frozenset({"projectile"}), increment=10, short=30,
             medium=60, long=120)
KNIFE = Weapon(id="tknife", name="Knife", kind="missile", skill="Throw", attack=1, damage=2, muscle=True,
               properties=frozenset({"thrown"}), increment=5, short=3, medium=6, long=9, range_per_strength=True)

ANN = Character("Ann", {"dexterity": 4, "strength": 3}, {"Pistols": 5, "Rifles": 4, "Bows": 5, "Throw": 3},
                weapon=PISTOL)
BOB = Character("Bob")  # all 3, Athletics 2: dodge 6


def shoot(weapon=PISTOL, distance=10.0, attacker=None, target=None, **kw):
    return MissileAttack(attacker or Fighter(ANN, weapon=weapon), target or Fighter(BOB), distance, **kw)


def distance_term(plan):
    return sum(t.value for t in plan.target_terms if t.name == "distance")


def term(plan, name):
    return sum(t.value for t in plan.attack.terms if t.name == name)


def test_distance_increment_bow_example():
    """Distance Increment: a bow with a 10 m increment: no modifier up to and including 10 m,
    +5 up to 20 m, +10 up to 30 m."""
    got = {d: distance_term(plan_missile(shoot(BOW, d))) for d in (5, 10, 11, 20, 21, 30, 31)}
    assert got == {5: 0, 10: 0, 11: 5, 20: 5, 21: 10, 30: 10, 31: 15}
    assert plan_missile(shoot(BOW, 30)).target_for(None, False) == 15 + 10


def test_snapshot_at_moving_target_while_running_is_x8():
    """Other Modifiers: snapshot (x2) at a moving target (x2) whilst running (x2): x8 (no
    Sharpshooter technique); careful shots halve, aimed shots third the distance."""
    assert environment_multiplier("snap", ["target_moving", "firer_moving"]) == 8
    assert environment_multiplier("careful", ["target_moving"]) == 1
    assert environment_multiplier("aimed", []) == Fraction(1, 3)
    # bow at 10 m: x8 is 80 m, seven increments beyond the first: +35
    plan = plan_missile(shoot(BOW, 10, shot="snap", conditions=("target_moving", "firer_moving")))
    assert distance_term(plan) == 35


def test_firearms_and_lasers_in_wind():
    """Other Modifiers: firearms ignore moderate wind, high wind x2, very high x3 (x2, x3, x5
    for others); Laser: unaffected by wind."""
    for cond, other, firearm in (("moderate_wind", 2, 1), ("high_wind", 3, 2), ("very_high_wind", 5, 3)):
        assert environment_multiplier("normal", [cond]) == other
        assert environment_multiplier("normal", [cond], firearm=True) == firearm
        assert environment_multiplier("normal", [cond], firearm=True, laser=True) == 1
    with pytest.raises(ValueError):
        environment_multiplier("normal", ["fog"])


def test_threat_bands():
    """Close Quarters Battle: Close is grappling or a reach-0 melee fight, Melee is fighting
    you or within 3 m, Move is within the target's combat move (6 m for most people)."""
    assert threat_band_for(1, 6, grappling=True) == CLOSE
    assert threat_band_for(1, 6, target_in_melee_with_attacker=True, target_melee_reach=0) == CLOSE
    assert threat_band_for(5, 6, target_in_melee_with_attacker=True, target_melee_reach=3) == MELEE
    assert threat_band_for(3, 6) == MELEE
    assert threat_band_for(6, 6) == MOVE
    assert threat_band_for(6.5, 6) is None


def test_threat_band_examples():
    """Reach and Close Combat: a pistol (reach 0) is normal at Melee distance or beyond, a
    typical SMG (reach 1) at Move distance or greater (impaired at Melee); reach 3 or more is
    crippled in any close quarters situation."""
    assert close_quarters(0, MELEE) is None and close_quarters(0, MOVE) is None
    assert close_quarters(0, CLOSE) == "impaired"
    assert close_quarters(1, MOVE) is None
    assert close_quarters(1, MELEE) == "impaired"
    assert close_quarters(1, CLOSE) == "crippled"
    assert [close_quarters(3, b) for b in (CLOSE, MELEE, MOVE)] == ["crippled"] * 3
    assert close_quarters(3, None) is None


def test_impaired_and_crippled():
    """Impaired: full defence even against firearms, no attack bonus. Crippled: also slow
    and the attack roll halved."""
    target = Fighter(BOB, defending=True)
    normal = plan_missile(shoot(SMG, 5, target=target))
    assert term(normal, "attack") == 5 and normal.defence.halve
    impaired = plan_missile(shoot(SMG, 2, target=target, threat_band=MELEE))
    assert term(impaired, "attack") == 0 and not impaired.defence.halve and not impaired.attack.halve
    crippled = shoot(RIFLE, 5, target=target, threat_band=MOVE)
    plan = plan_missile(crippled)
    assert plan.attack.halve and term(plan, "attack") == 0 and not plan.defence.halve
    assert missile_speed(crippled) == "slow"
    # (16 + 10) / 2 = 13
    r = roll_plan(ScriptedDice([10, 5]), plan)
    assert r.attack_roll.total == 13 and r.attack_roll.halved


def test_defending_against_missiles():
    """Defending against missile attacks: thrown full; projectile halved at short range
    unless in melee with the attacker; firearms halved at all ranges. Dodge is agility x
    Athletics. No declared defence or prone: no dodge."""
    t = Fighter(BOB, defending=True)
    dodge = plan_missile(shoot(PISTOL, 300, target=t)).defence
    assert dodge.halve and dodge.base == 3 * 2
    assert plan_missile(shoot(BOW, 20, target=t)).defence.halve
    assert not plan_missile(shoot(BOW, 20, target=t, in_melee_with_attacker=True)).defence.halve
    assert not plan_missile(shoot(BOW, 40, target=t)).defence.halve  # medium range
    assert not plan_missile(shoot(KNIFE, 3, target=t)).defence.halve
    assert plan_missile(shoot(PISTOL, 10)).defence is None
    assert plan_missile(shoot(PISTOL, 10, target=Fighter(BOB, defending=True, stance="prone"))).defence is None
    # the halved dodge (6 + 20) / 2 = 13 is below 15: the target stays 15
    assert plan_missile(shoot(PISTOL, 10, target=t)).target_for(13, False) == 15


def test_full_dodge():
    """Full Dodge: full defence against all missiles, 90% cover against normal attacks, full
    cover against slow ones; (reading) no cover bonus against fast ones."""
    t = Fighter(BOB, full_dodge=True)
    plan = plan_missile(shoot(PISTOL, 10, target=t))
    assert not plan.defence.halve
    assert [(x.name, x.value) for x in plan.target_terms] == [("cover", 20)]
    snap = plan_missile(shoot(PISTOL, 10, target=t, shot="snap"))
    assert not snap.defence.halve and [x.name for x in snap.target_terms] == ["distance"]
    careful = plan_missile(shoot(PISTOL, 10, target=t, shot="careful"))
    assert isinstance(careful, Impossible) and "full cover" in careful.reason


def test_cover_takes_the_best_only():
    """Shooting from Cover: crouched +5, prone +10, soft 50% +5, soft 90% +10, hard 50% +10,
    hard 90% +20; cover does not stack; fully behind hard cover cannot be hit."""
    def cover(plan):
        return sum(t.value for t in plan.target_terms if t.name == "cover")
    assert cover(plan_missile(shoot(cover="hard50"))) == 10
    assert cover(plan_missile(shoot(cover="soft50", target=Fighter(BOB, stance="crouched")))) == 5
    assert cover(plan_missile(shoot(cover="hard90", target=Fighter(BOB, stance="prone")))) == 20
    assert cover(plan_missile(shoot(cover="soft50", target=Fighter(BOB, stance="prone")))) == 10
    assert isinstance(plan_missile(shoot(cover="full")), Impossible)


def test_size_of_target():
    """Size of Target: -3 per size the target is larger, +3 per size smaller."""
    big = Fighter(Character("Ogre", size=7))
    small = Fighter(Character("Cat", size=2))
    assert plan_missile(shoot(target=big)).base_difficulty == 15 - 6
    assert plan_missile(shoot(target=small)).base_difficulty == 15 + 9


def test_range_bands():
    """Range Band: medium loses the attack bonus, fumbles on 3, -5 damage; long fumbles on
    10, -10 damage; nothing beyond long; thrown weapons keep a fumble chance of 1."""
    short, medium, long = (plan_missile(shoot(PISTOL, d)) for d in (60, 61, 600))
    assert (term(short, "attack"), short.attack.fumble_chance) == (4, 1)
    assert (term(medium, "attack"), medium.attack.fumble_chance) == (0, 3)
    assert long.attack.fumble_chance == 10
    assert [sum(t.value for t in p.damage.damage_terms) for p in (short, medium, long)] == [18, 13, 8]
    assert isinstance(plan_missile(shoot(PISTOL, 601)), Impossible)
    knife = plan_missile(shoot(KNIFE, 27))  # strength 3: long 27 m
    assert knife.attack.fumble_chance == 1 and term(knife, "attack") == 0
    assert isinstance(plan_missile(shoot(KNIFE, 28)), Impossible)


def test_missile_fumbles():
    """Missile fumbles: an automatic miss; unreliable weapons jam. Firing into melee: +3 per
    extra person (+5 wrestling, the text's lower figure), a fumble hits a random target."""
    r = resolve_missile(ScriptedDice([1]), shoot())
    assert not r.hit and r.fumble_outcome == "miss"
    jammy = Weapon(**{**PISTOL.__dict__, "properties": PISTOL.properties | {"unreliable"}})
    assert resolve_missile(ScriptedDice([1]), shoot(jammy)).fumble_outcome == "jam"
    melee = shoot(melee_crowd=2, wrestling=True)
    assert plan_missile(melee).attack.fumble_chance == 1 + 6 + 5
    r = resolve_missile(ScriptedDice([12]), melee)
    assert r.attack_roll.fumble and r.fumble_outcome == "random_target"


def test_drawing_a_weapon():
    """Drawing a weapon: a snapshot, slow, -5 and -5 per reach."""
    atk = shoot(SMG, 10, attacker=Fighter(ANN, weapon=SMG, drawing=True))
    plan = plan_missile(atk)
    assert term(plan, "drawing") == -10
    assert distance_term(plan) == 5  # 10 m x2 = 20 m, increment 15
    assert missile_speed(atk) == "slow"
    assert missile_speed(shoot(shot="snap")) == "fast" and missile_speed(shoot(shot="aimed")) == "slow"


def test_character_strength():
    """Character Strength: too weak means snapshots, slow and double recoil; two hands give
    +2, except for weapons that need two hands anyway (bows)."""
    weak = Character("Weak", {"dexterity": 4, "strength": 3}, {"Rifles": 4, "Bows": 4})
    two = shoot(RIFLE, 100, attacker=Fighter(weak, weapon=RIFLE))  # 3 + 2 = 5: enough
    assert missile_speed(two) == "normal"
    one = shoot(RIFLE, 100, attacker=Fighter(weak, weapon=RIFLE), two_hands=False)
    assert missile_speed(one) == "slow"
    assert distance_term(plan_missile(one)) == 35  # snapshot: 200 m, increment 25
    shots = plan_multiple_shots(shoot(RIFLE, 100, attacker=Fighter(Character("W", {"strength": 2}, {"Rifles": 8}),
                                                                     weapon=RIFLE)), 2)
    assert term(shots[1], "recoil") == -20
    strong_bow = Weapon(**{**BOW.__dict__, "strength": 4})
    assert missile_speed(shoot(strong_bow, 10, attacker=Fighter(weak, weapon=strong_bow))) == "slow"


def test_scopes():
    """Scopes: only on careful or aimed shots; a laser scope +20 then and +10 otherwise."""
    scoped = Weapon(**{**RIFLE.__dict__, "scope": 10})
    laser = Weapon(**{**RIFLE.__dict__, "laser_scope": True})
    assert term(plan_missile(shoot(scoped, 100, shot="careful")), "scope") == 10
    assert term(plan_missile(shoot(scoped, 100)), "scope") == 0
    assert term(plan_missile(shoot(scoped, 100, shot="careful", use_scope=False)), "scope") == 0
    assert term(plan_missile(shoot(laser, 100, shot="aimed")), "laser scope") == 20
    assert term(plan_missile(shoot(laser, 100)), "laser scope") == 10


def test_unskilled_shooter():
    """yags-core.md, Skills: no skill halves the d20 and fumbles on 1-2."""
    novice = Fighter(Character("Novice", {"dexterity": 4}), weapon=PISTOL)
    plan = plan_missile(shoot(attacker=novice))
    assert plan.attack.unskilled
    r = resolve_missile(ScriptedDice([2]), shoot(attacker=novice))
    assert r.attack_roll.fumble and not r.hit


def test_resolved_shot_numbers():
    """Missile Attacks: Dex 4 x Pistols 5 + 4 + d20 (10) = 34 vs 15: good; firearm damage
    18 + d20 (10) = 28 against soak 12 + d20 (10) = 22: two levels of wounds."""
    r = resolve_missile(ScriptedDice([10, 10, 10]), shoot())
    assert (r.attack_roll.total, r.attack_roll.target, r.level) == (34, 15, 2)
    assert (r.damage.damage_roll.total, r.damage.soak_roll.total, r.damage.levels) == (28, 22, 2)


def test_muscle_damage_and_firearm_armour():
    """rules/README.md: muscle weapons add strength x 4; Firearms halve armour that is not
    bullet-proof."""
    knife = plan_missile(shoot(KNIFE, 3))
    assert sum(t.value for t in knife.damage.damage_terms) == 3 * 4 + 2
    leather = Armour((ArmourPiece("l", "Leather", 4),))
    plan = plan_missile(shoot(target=Fighter(Character("Armoured", armour=leather))))
    assert sum(t.value for t in plan.damage.soak_terms) == 12 + 2


def test_firing_at_a_crowd():
    """Firing at a crowd: -5 to the distance modifier per doubling of targets, not below
    zero; a hit strikes a random target."""
    atk = shoot(PISTOL, 60, crowd_targets=4)  # +15 -> +5
    assert distance_term(plan_missile(atk)) == 5
    assert distance_term(plan_missile(shoot(PISTOL, 20, crowd_targets=8))) == 0
    assert resolve_missile(ScriptedDice([15, 10, 10]), atk).effects == ("random_target",)


def test_multiple_shots_recoil():
    """Multiple shots: recoil -5 puts the 2nd shot at -5 and the 3rd at -10."""
    plans = plan_multiple_shots(shoot(), 3)
    assert [term(p, "recoil") for p in plans] == [0, -5, -10]
    assert [term(p, "over skill") for p in plans] == [0, 0, 0]
    assert isinstance(plan_multiple_shots(shoot(), 4), Impossible)  # rate of fire 3


def test_shots_over_skill():
    """Multiple shots: -10 to all shots per shot beyond the skill; up to the rate of fire or
    10 (an automatic weapon's normal rate of fire is 10)."""
    novice = Character("Nov", {"dexterity": 4, "strength": 3}, {"Rifles": 2})
    plans = plan_multiple_shots(shoot(SMG, 20, attacker=Fighter(novice, weapon=SMG)), 4)
    assert [term(p, "over skill") for p in plans] == [-20] * 4
    assert [term(p, "recoil") for p in plans] == [0, -5, -10, -15]
    assert max_shots(SMG, 2) == 10 and max_shots(PISTOL, 9) == 3


def test_bolt_action_rate_of_fire():
    """Rate of Fire: one extra attack per full 4 points of skill, within the rate of fire."""
    assert [max_shots(RIFLE, s) for s in (3, 4, 8)] == [1, 2, 2]
    assert max_shots(BOW, 9) == 1


def test_aimed_shot_helps_only_the_first_shot():
    """Aimed shot: a third of the distance, for a single shot; later shots are normal."""
    first, second = plan_multiple_shots(shoot(PISTOL, 45, shot="aimed"), 2)
    assert distance_term(first) == 0 and distance_term(second) == 10


def test_two_guns():
    """Two guns: off-hand shots -10, distance doubled for all shots, recoil per gun, the
    skill limits the total."""
    plans = plan_two_guns(shoot(PISTOL, 20), PISTOL, 2, 2)
    assert [term(p, "off hand") for p in plans] == [0, 0, -10, -10]
    assert [term(p, "recoil") for p in plans] == [0, -5, 0, -5]
    assert {distance_term(p) for p in plans} == {10}  # 40 m, increment 15
    many = plan_two_guns(shoot(PISTOL, 20), PISTOL, 3, 3)  # 6 shots, Pistols 5
    assert {term(p, "over skill") for p in many} == {-10}


def test_reloading():
    """Reloading Weapons: Lo-X; zero skill +1 or doubled, whichever is greater; Lo-0 loads
    and fires the same round as a slow snapshot. Magazines: the reload time."""
    lo2 = Weapon(**{**BOW.__dict__, "reload": 2})
    assert (load_time(lo2, 3), load_time(lo2, 0)) == (2, 4)
    assert (load_time(BOW, 0), load_time(Weapon(**{**BOW.__dict__, "reload": 1}), 0)) == (1, 2)
    assert reload_time(PISTOL, 0) == 3
    loaded = shoot(BOW, 10, attacker=Fighter(ANN, weapon=BOW), just_loaded=True)
    assert missile_speed(loaded) == "slow" and distance_term(plan_missile(loaded)) == 5


@pytest.mark.parametrize("atk", [
    shoot(PISTOL, 40, target=Fighter(BOB, defending=True)),
    shoot(RIFLE, 5, threat_band=MOVE, target=Fighter(BOB, defending=True), cover="soft50"),
    shoot(BOW, 50, target=Fighter(Character("Quick", {"agility": 6}, {"Athletics": 5}), defending=True)),
])
def test_preview_matches_rolls(atk):
    """plan.py: the exact preview and 20,000 seeded rolls of the same plan agree."""
    plan = plan_missile(atk)
    dice = Dice(random.Random(7))
    hits = sum(roll_plan(dice, plan).hit for _ in range(20_000))
    assert abs(float(preview_plan(plan).p_hit) - hits / 20_000) < 0.01


def test_firing_into_melee_worked_example():
    """Firing into melee: +3 fumble chance per extra person; "firing into a melee involving
    six people would give a +18 to the fumble chance, meaning the attacker has a chance of
    hitting a random target if the d20 roll is anything other than a 20" (reading: the six
    are the people in close combat with the target besides it; rules-notes)."""
    into = shoot(melee_crowd=6)
    assert plan_missile(into).attack.fumble_chance == 1 + 18
    r = resolve_missile(ScriptedDice([19]), into)
    assert r.attack_roll.fumble and r.fumble_outcome == "random_target"
    r = resolve_missile(ScriptedDice([20, 10, 10]), into)
    assert not r.attack_roll.fumble and r.hit


def test_firing_from_full_cover():
    """Shooting from Cover, Firing from full cover: 1. the attack is always a snapshot at slow
    initiative; 2. a full dodge over the entire round, with the bonus from 90% cover;
    3. attacks against you always count as snapshots."""
    popper = Fighter(ANN, weapon=PISTOL, cover_action="step_out")
    atk = shoot(PISTOL, 20, attacker=popper, shot="careful")
    assert missile_speed(atk) == "slow"
    assert distance_term(plan_missile(atk)) == 10  # snapshot: 40 m, increment 15: +10
    at_popper = MissileAttack(Fighter(BOB, weapon=PISTOL), Fighter(ANN, cover_action="step_out"), 20, shot="careful")
    plan = plan_missile(at_popper)
    assert not plan.defence.halve  # full dodge: the full defence even against a firearm
    assert [(t.name, t.value) for t in plan.target_terms] == [("distance", 10), ("cover", 20)]
    assert missile_speed(at_popper) == "slow"  # counts as a snapshot, still declared careful
    with pytest.raises(ValueError):
        Fighter(ANN, cover_action="somersault")


def test_moving_from_cover_to_cover():
    """Shooting from Cover, Moving from cover to cover: a shot is a snapshot at slow
    initiative; a full dodge but no bonus from cover (not even against slow attacks)."""
    mover = Fighter(BOB, cover_action="cover_to_cover")
    plan = plan_missile(shoot(PISTOL, 10, target=mover))
    assert not plan.defence.halve and [t.name for t in plan.target_terms] == []
    careful = plan_missile(shoot(PISTOL, 10, target=mover, shot="careful"))
    assert not isinstance(careful, Impossible) and not careful.defence.halve
    assert missile_speed(shoot(PISTOL, 10, attacker=Fighter(ANN, cover_action="cover_to_cover"))) == "slow"


def test_firearms_strike_as_size_five():
    """Size effects on Damage with Vehicle Scale Weapons: "most man-portable firearms are
    considered to be Size 5": a size 15 elephant shifts a rifle's wounds to mixed whoever
    fires it, while a thrown knife strikes with its thrower's size."""
    elephant = Fighter(Character("Jumbo", size=15))
    child = Fighter(Character("Kid", {"dexterity": 3}, {"Rifles": 2}, size=0), weapon=RIFLE)  # not -15: stuns
    assert plan_missile(shoot(RIFLE, 50, attacker=child, target=elephant)).damage.kind == "mixed"
    ap = Weapon(**{**RIFLE.__dict__, "properties": RIFLE.properties | {"armour_piercing"}})  # mixed damage
    giant = Fighter(Character("Giant", {"dexterity": 3}, {"Rifles": 2}, size=15), weapon=ap)
    assert plan_missile(shoot(ap, 50, attacker=giant, target=Fighter(BOB))).damage.kind == "mixed"
    thrower = Fighter(Character("Kid", {"dexterity": 3, "strength": 3}, {"Throw": 2}, size=2), weapon=KNIFE)
    assert plan_missile(shoot(KNIFE, 3, attacker=thrower, target=Fighter(Character("Ox", size=12)))).damage.kind == "mixed"
