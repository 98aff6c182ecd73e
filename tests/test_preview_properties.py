"""The exact preview and the invariants of damage, checked with hypothesis and against large
seeded samples."""

import random
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.yags import apply_damage, wounds_inflicted
from engine.yags.attack import Fighter
from engine.yags.character import Character
from engine.yags.equipment import Weapon
from engine.yags.melee import MeleeAttack, plan_melee
from engine.yags.plan import roll_plan
from engine.yags.preview import preview_plan

SWORD = Weapon(id="sword", name="Broad sword", kind="melee", skill="Melee", attack=4, defence=4, damage=8, reach=2)

kinds = st.sampled_from(["wounds", "stuns", "mixed", "ineffective"])


@given(st.integers(0, 6), st.integers(0, 20), st.integers(0, 30), kinds)
def test_damage_never_heals(stuns, wounds, levels, kind):
    """A hit never heals: wounds never go down, and stuns only go down by wrapping onto
    wounds (which then go up)."""
    s, w = apply_damage(stuns, wounds, levels, kind)
    assert w >= wounds
    assert s >= stuns or w > wounds
    assert s <= 6
    # the total injury never drops
    assert s + w >= stuns + wounds


@given(st.integers(0, 200), st.integers(0, 200), st.integers(0, 200))
def test_more_damage_never_fewer_levels(damage, soak, extra):
    assert wounds_inflicted(damage + extra, soak) >= wounds_inflicted(damage, soak)


attack_skills = st.integers(0, 8)


@settings(max_examples=40, deadline=None)
@given(attack_skills, attack_skills, st.integers(1, 6), st.integers(1, 6), st.booleans(),
       st.sampled_from(["normal", "aggressive", "defensive", "prone"]), st.integers(0, 4), st.integers(0, 4))
def test_preview_probabilities_sum_to_one(sa, sd, da, dd, defending, stance, wounds, stuns):
    a = Character("A", {"dexterity": da, "strength": 3}, {"Melee": sa}, weapon=SWORD)
    d = Character("D", {"dexterity": dd}, {"Melee": sd}, weapon=SWORD)
    plan = plan_melee(MeleeAttack(Fighter(a, stance=stance, defending=True),
                                  Fighter(d, defending=defending, defences=1)))
    p = preview_plan(plan, stuns, wounds)
    assert sum(p.p_outcome.values()) == 1
    assert sum(p.p_level.values()) == p.p_hit
    assert sum(p.p_damage_levels.values()) == p.p_hit
    assert 0 <= p.p_hit <= 1


def _sample(plan, n, seed):
    dice = Dice(random.Random(seed))
    hits = 0
    levels = Counter()
    for _ in range(n):
        r = roll_plan(dice, plan)
        if r.hit:
            hits += 1
            levels[r.damage.levels] += 1
    return hits / n, {k: v / n for k, v in levels.items()}


def test_preview_matches_a_large_seeded_sample():
    """The preview enumerates the dice exactly; a 40,000-roll seeded sample agrees within
    sampling error (4 standard errors at most ~0.01)."""
    a = Character("A", {"dexterity": 4, "strength": 3}, {"Melee": 5}, weapon=SWORD)
    d = Character("D", {"dexterity": 3}, {"Melee": 4}, weapon=SWORD)
    for defending in (True, False):
        plan = plan_melee(MeleeAttack(Fighter(a, defending=True), Fighter(d, defending=defending, defences=1)))
        p = preview_plan(plan)
        freq, lv = _sample(plan, 40_000, seed=1234)
        assert abs(freq - float(p.p_hit)) < 0.01
        for k, q in p.p_damage_levels.items():
            assert abs(lv.get(k, 0.0) - float(q)) < 0.01


def test_preview_undefended_hit_chance_by_hand():
    """Against base 15 with ability 20 + attack 4: hits on any die but a fumbling 1: 19/20."""
    a = Character("A", {"dexterity": 4, "strength": 3}, {"Melee": 5}, weapon=SWORD)
    d = Character("D", weapon=SWORD)
    p = preview_plan(plan_melee(MeleeAttack(Fighter(a, defending=True), Fighter(d))))
    assert p.p_hit == Fraction(19, 20)
    assert p.p_attack_fumble == Fraction(1, 20)


STATUS_RANK = {"ok": 0, "unconscious": 1, "dead": 2}


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 6), st.integers(0, 12), st.sampled_from(["ok", "unconscious"]), st.integers(0, 25), kinds,
       st.sampled_from([1, 2]), st.sampled_from([1, 5, 25]), st.integers(0, 10**6))
def test_a_hit_never_heals_nor_revives(stuns, wounds, status, levels, kind, multiplier, divisor, seed):
    """Inflicting Damage and the health checks: whatever the dice, a hit never lowers the
    wounds, never lowers stuns + wounds, and never improves the status (ok, unconscious,
    dead); triple auto's multiplier and a blast's stun divisor included."""
    from engine.yags.health import Condition, take_damage

    before = Condition(stuns=stuns, wounds=wounds, status=status)
    after = take_damage(Dice(random.Random(seed)), Character("V"), before, levels, kind,
                        wound_multiplier=multiplier, stun_divisor=divisor).condition
    assert after.wounds >= before.wounds
    assert after.stuns + after.wounds >= before.stuns + before.wounds
    assert after.stuns <= 6
    assert STATUS_RANK[after.status] >= STATUS_RANK[before.status]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 400), st.sampled_from(["normal", "snap", "careful", "aimed"]),
       st.sampled_from([None, "soft50", "hard50", "hard90"]), st.booleans(),
       st.sampled_from(["normal", "crouched", "prone"]), st.integers(0, 3), st.integers(0, 5))
def test_missile_preview_is_a_distribution_that_never_heals(distance, shot, cover, defending, stance, stuns, wounds):
    """The exact preview of a missile attack: the outcomes' chances sum to one, the degrees'
    and the levels' chances to the chance to hit, and no outcome has fewer wounds."""
    from engine.yags.missile import MissileAttack, plan_missile

    rifle = Weapon(id="r", name="Rifle", kind="missile", skill="Rifles", attack=8, damage=27, muscle=False,
                   reach=2, properties=frozenset({"firearm"}), increment=25, short=300, medium=600, long=1200)
    shooter = Character("S", {"dexterity": 4}, {"Rifles": 5}, weapon=rifle)
    plan = plan_missile(MissileAttack(Fighter(shooter), Fighter(Character("T"), stance=stance, defending=defending),
                                      distance, shot=shot, cover=cover))
    p = preview_plan(plan, stuns, wounds)
    assert sum(p.p_outcome.values()) == 1
    assert sum(p.p_level.values()) == p.p_hit == sum(p.p_damage_levels.values())
    assert all(w >= wounds and s + w >= stuns + wounds for s, w in p.p_outcome)
