"""yags-combat.md, Firearms and Automatic Fire: bursts at a single target and at an area,
burst fire, triple auto, suppressive and blind fire, bullet shyness, shotguns."""

import random

import pytest

from engine.dice import Dice, ScriptedDice
from engine.outcome import Impossible
from engine.yags.attack import Fighter
from engine.yags.autofire import (
    bullet_shyness,
    plan_area_burst,
    plan_burst,
    plan_bursts,
    plan_shotgun,
    plan_triple,
    resolve_area_burst,
    resolve_shotgun,
)
from engine.yags.character import Character
from engine.yags.equipment import Weapon
from engine.yags.health import Condition, take_damage
from engine.yags.missile import MissileAttack, plan_missile
from engine.yags.plan import roll_plan
from engine.yags.preview import preview_plan

AR = Weapon(id="ar", name="Assault rifle", kind="missile", skill="Rifles", attack=5, damage=26, muscle=False,
            reach=2, strength=3, properties=frozenset({"firearm", "automatic", "tripleauto"}), increment=15,
            short=400, medium=800, long=1600, rof=20, recoil=-5, capacity=30, reload=2)
PISTOL = Weapon(id="pistol", name="Pistol", kind="missile", skill="Pistols", damage=18, muscle=False,
                properties=frozenset({"firearm", "semiauto"}), increment=15, short=60, medium=120, long=600)
SHOTGUN = Weapon(id="sg", name="Shotgun", kind="missile", skill="Rifles", attack=15, damage=33, muscle=False,
                 reach=3, strength=3, properties=frozenset({"firearm", "light", "semiauto"}), increment=10,
                 short=10, medium=25, long=50, rof=5, recoil=-5, capacity=5, reload=4, cone=10)

ANN = Character("Ann", {"dexterity": 4, "strength": 3}, {"Rifles": 5}, weapon=AR)
BOB = Character("Bob")


def burst_at(distance, weapon=AR, target=None, **kw):
    return MissileAttack(Fighter(ANN, weapon=weapon), target or Fighter(BOB), distance, **kw)


def term(plan, name):
    return sum(t.value for t in plan.attack.terms if t.name == name)


def distance_term(plan):
    return sum(t.value for t in plan.target_terms if t.name == "distance")


def test_effective_burst_400m_example():
    """Bursts: short range 400 m: effective burst 10 out to 40 m, 5 to 80 m, 2 to 120 m, 1
    to 160 m; beyond, all bullets miss. The attack bonus is the effective bullets (max +10)."""
    assert [term(plan_burst(burst_at(d)), "burst") for d in (40, 80, 120, 160)] == [10, 5, 2, 1]
    assert isinstance(plan_burst(burst_at(161)), Impossible)
    assert isinstance(plan_burst(burst_at(10, PISTOL)), Impossible)  # not automatic


def test_burst_doubles_distance_careful_offsets():
    """Bursts double the effective distance; a careful shot may offset this."""
    assert distance_term(plan_missile(burst_at(30))) == 5  # 30 m, increment 15
    assert distance_term(plan_burst(burst_at(30))) == 15  # 60 m
    assert distance_term(plan_burst(burst_at(30, shot="careful"))) == 5


def test_burst_damage_by_degree():
    """Bursts at a single target: success is one bullet; good +1 per two bullets; excellent
    +1 per bullet; never above +10."""
    plan = plan_burst(burst_at(10))
    assert plan.damage.extra(1) == ()
    assert [t.value for t in plan.damage.extra(2)] == [5]
    assert [t.value for t in plan.damage.extra(3)] == [10]
    assert [t.value for t in plan_burst(burst_at(10), bullets=4).damage.extra(3)] == [4]
    # 20 + 10 (burst) + 5 + d20 (20) = 55 vs 15: excellent; damage 26 + 10 + d20 (4)
    r = roll_plan(ScriptedDice([20, 4, 4]), plan)
    assert r.level >= 3 and r.damage.damage_roll.total == 26 + 10 + 4


def test_subsequent_bursts_double_recoil():
    """Burst fire: each subsequent burst suffers double the recoil (cumulative reading:
    burst k at 2 x (k - 1) x recoil); bursts shrink when the magazine runs low."""
    plans = plan_bursts(burst_at(10), 3, loaded=25)
    assert [term(p, "recoil") for p in plans] == [0, -10, -20]
    assert [term(p, "burst") for p in plans] == [10, 10, 5]


def test_triple_auto_doubles_wounds():
    """Triple Auto: a normal attack (distance not doubled), wounds caused are doubled."""
    plan = plan_triple(burst_at(30))
    assert distance_term(plan) == 5 and term(plan, "burst") == 0
    assert plan.damage.wound_multiplier == 2
    assert isinstance(plan_triple(burst_at(30, PISTOL)), Impossible)
    # damage 26 + 5 = 31 vs soak 12 + 14 = 26: 2 levels, doubled to 4 wounds
    r = roll_plan(ScriptedDice([10, 5, 14]), plan)
    assert r.damage.levels == 2
    assert take_damage(ScriptedDice([]), BOB, Condition(), r.damage.levels, r.damage.kind,
                       wound_multiplier=plan.damage.wound_multiplier).condition.wounds == 4
    assert preview_plan(plan).p_outcome.get((0, 4), 0) > 0


@pytest.mark.parametrize("bullets, fumble, max_targets, auto", [
    (1, 18, 1, None), (2, 18, 1, None), (3, 15, 2, None), (4, 15, 2, None), (5, 12, 3, 20), (7, 12, 3, 20),
    (8, 9, 3, 19), (10, 9, 3, 19), (18, 6, 4, 18), (28, 3, 4, 17), (38, 1, 5, 16),
])
def test_area_burst_table_rows(bullets, fumble, max_targets, auto):
    """Bursts at an area table: rounds -> fumble, max targets, auto hit."""
    (shot,) = plan_area_burst(Fighter(ANN), [(Fighter(BOB), 10, None)], bullets)
    assert (shot.plan.attack.fumble_chance, shot.max_targets, shot.plan.auto_hit_face) == (fumble, max_targets, auto)
    assert shot.plan.attack_fumble_outcome == "miss"


def test_area_burst_effective_bullets_and_suppressive():
    """The effective number of bullets falls beyond 10% of short range; Suppressive fire
    halves it (60 degrees)."""
    near, far = plan_area_burst(Fighter(ANN), [(Fighter(BOB), 10, None), (Fighter(BOB), 50, None)], 10)
    assert (near.effective, far.effective) == (10, 5)
    (supp,) = plan_area_burst(Fighter(ANN), [(Fighter(BOB), 10, None)], 10, suppressive=True)
    assert supp.effective == 5 and supp.plan.auto_hit_face == 20 and supp.plan.attack.fumble_chance == 12


def test_cover_reduces_auto_hit_chance():
    """Shooting from Cover: every +10 of cover (crouched and prone included) reduces the
    automatic hit chance by 1."""
    def face(cover=None, stance="normal"):
        (s,) = plan_area_burst(Fighter(ANN), [(Fighter(BOB, stance=stance), 10, cover)], 10)
        return s.plan.auto_hit_face
    assert face() == 19
    assert face("hard50") == 20
    assert face(stance="prone") == 20
    assert face("soft50") == 19
    assert face("hard90") is None


def test_resolve_area_burst_order_and_maximum():
    """Bursts at an area: roll at each target nearest first; automatic hits do not count
    toward the maximum (3 for 10 bullets); stop at the maximum."""
    names = ["T1", "T2", "T3", "T4", "T5", "T6"]
    targets = [(Fighter(Character(n)), 5 + i, None) for i, n in enumerate(names)]
    # T1 auto hit (19), T2 hit (12), T3 fumble (5), T4 hit, T5 hit: third counted hit, stop.
    dice = ScriptedDice([19, 1, 1, 12, 1, 1, 5, 12, 1, 1, 12, 1, 1])
    results = resolve_area_burst(dice, Fighter(ANN), targets, 10)
    assert [r.target for r in results] == names[:5]
    assert [r.hit for r in results] == [True, True, False, True, True]
    assert results[0].automatic and not results[1].automatic
    assert all(r.damage.damage_roll.total == 26 + 1 for r in results if r.hit)  # one bullet
    assert dice.faces == []


def test_blind_fire():
    """Blind fire: suppressive fire with an attribute of zero (1 with blind fighting)."""
    (s,) = plan_area_burst(Fighter(ANN), [(Fighter(BOB), 10, None)], 10, blind=True)
    assert s.plan.attack.terms[0].value == 0 and s.effective == 5
    (bf,) = plan_area_burst(Fighter(ANN), [(Fighter(BOB), 10, None)], 10, blind=True, blind_fighting=True)
    assert bf.plan.attack.terms[0].value == 5
    (r,) = resolve_area_burst(ScriptedDice([15, 1, 1]), Fighter(ANN), [(Fighter(BOB), 10, None)], 10, blind=True)
    assert any("full cover" in n for n in r.notes)


def test_bullet_shyness():
    """Bullet Shyness: Will x 4 + d20 at 20, +10 per burst beyond the first, halved in 90%
    cover; failure -5 initiative, -5 more per level failed by."""
    will3 = Character("W", {"will": 3})
    roll, shock = bullet_shyness(ScriptedDice([8]), will3, 1)
    assert (roll.total, roll.target, shock) == (20, 20, 0)
    assert bullet_shyness(ScriptedDice([7]), will3, 1)[1] == 5  # failed by 1
    roll, shock = bullet_shyness(ScriptedDice([7]), will3, 2)  # 19 vs 30: failed by 11
    assert (roll.target, shock) == (30, 10)
    roll, shock = bullet_shyness(ScriptedDice([8]), will3, 3, in_cover_90=True)  # 40 / 2
    assert (roll.target, shock) == (20, 0)
    assert bullet_shyness(ScriptedDice([1]), Character("Brave", {"will": 6}), 1)[1] == 5  # fumble


def test_shotgun_cone():
    """Shotguns (Co-X): -5 damage per full increment of the cone range, one more target and
    a better automatic hit per increment (reading: 20 at one increment, 19+ at two)."""
    def dmg(plan):
        return sum(t.value for t in plan.damage.damage_terms)
    close = plan_shotgun(burst_at(5, SHOTGUN))
    one = plan_shotgun(burst_at(10, SHOTGUN))
    two = plan_shotgun(burst_at(20, SHOTGUN))
    assert (dmg(close), close.auto_hit_face) == (33, None)
    assert (dmg(one), one.auto_hit_face) == (33 - 5, 20)
    assert (dmg(two), two.auto_hit_face) == (33 - 10 - 5, 19)  # 20 m is medium range: -5 more
    assert plan_shotgun(burst_at(20, SHOTGUN, cover="hard50")).auto_hit_face == 20
    assert isinstance(plan_shotgun(burst_at(10)), Impossible)


def test_shotgun_extra_targets():
    """Shotguns: each cone increment allows one more target to be hit (2 at 10 m)."""
    atks = [burst_at(10 + i, SHOTGUN, target=Fighter(Character(n))) for i, n in enumerate("ABC")]
    dice = ScriptedDice([15, 1, 1, 15, 1, 1])
    results = resolve_shotgun(dice, atks)
    assert [r.target for r in results] == ["A", "B"] and all(r.hit for r in results)


@pytest.mark.parametrize("plan", [
    plan_burst(burst_at(60, target=Fighter(Character("D", {"agility": 5}, {"Athletics": 4}), defending=True))),
    plan_area_burst(Fighter(ANN), [(Fighter(BOB, defending=True), 100, "hard50")], 10)[0].plan,
    plan_triple(burst_at(200, target=Fighter(BOB, full_dodge=True), shot="snap")),
])
def test_preview_matches_rolls(plan):
    """plan.py: the exact preview and 20,000 seeded rolls of the same plan agree."""
    dice = Dice(random.Random(11))
    hits = sum(roll_plan(dice, plan).hit for _ in range(20_000))
    assert abs(float(preview_plan(plan).p_hit) - hits / 20_000) < 0.01
