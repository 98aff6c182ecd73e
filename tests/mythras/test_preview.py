"""The exact preview: its chances sum to one, and a seeded sample of the real resolution
(`resolve_hit` with no effects picked) falls within a tolerance of them; hit points only go
down from damage (hypothesis)."""

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.mythras.attack import Impossible, plan_attack
from engine.mythras.health import fresh_state, take_damage
from engine.mythras.preview import exchange_counts, preview
from engine.mythras.ranged import grid_cover
from engine.mythras.tables import LOCATIONS, differential, opposed_skills, success_level
from tests.mythras.helpers import context, fighter, run

P = {"combat_style": 40, "evade": 40}


def _sample(plan, reaction, n, seed):
    dice = Dice(random.Random(seed))
    wounds, exchanges, hits = Counter(), Counter(), 0
    for _ in range(n):
        ex, out, health = run(dice, plan, reaction)
        wounds[health.wound or "none"] += 1
        exchanges[(ex.winner, ex.levels)] += 1
        hits += ex.hit
    return wounds, exchanges, hits


def _close(p, count, n):
    p = float(p)
    sigma = (p * (1 - p) / n) ** 0.5
    assert abs(count / n - p) <= 4.5 * sigma + 0.004, (p, count / n)


CASES = {
    "melee, no reaction": (lambda: context(fighter("A", "broadsword", points=P), fighter("D", points=P)), "none"),
    "melee, parry": (lambda: context(fighter("A", "spear_2h", points=P), fighter("D", "shortsword", points=P)), "parry"),
    "melee, evade": (lambda: context(fighter("A", "mace", points=P), fighter("D", points=P)), "evade"),
    "rifle behind cover, evade": (lambda: context(fighter("A", "rifle", points=P), fighter("D", armour=("type_ii_vest",), points=P),
                                                  mode="single", distance_m=60, cover=grid_cover("soft50")), "evade"),
    "burst": (lambda: context(fighter("A", "m16_a1", points=P), fighter("D", armour=("combat_helmet",)), mode="burst",
                              distance_m=60), "none"),
    "full auto, 6 rounds": (lambda: context(fighter("A", "ak_47", points=P), fighter("D"), mode="full_auto",
                                            distance_m=60, rounds=6), "none"),
    "pistol at long range": (lambda: context(fighter("A", "pistol", points=P), fighter("D"), mode="single",
                                             distance_m=150), "none"),
    "buckler warding the chest against a sword": (lambda: context(
        fighter("A", "longsword", points=P), fighter("D", "shortsword", second="buckler", points=P),
        defender_state=replace(fresh_state(fighter("D", "shortsword", second="buckler")),
                               warded=frozenset({"chest", "left_arm"}))), "evade"),
    "weak charger, wounded target": (lambda: context(
        fighter("A", "club", points=P, ch={"STR": 5, "CON": 11, "SIZ": 8, "DEX": 11, "INT": 13, "POW": 11, "CHA": 10}),
        fighter("D"), charging=True,
        defender_state=replace(fresh_state(fighter("D")), hp=(1, 1, 2, 3, 1, 1, 1))), "none"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_preview_matches_a_seeded_sample(name):
    make, reaction = CASES[name]
    plan = plan_attack(make())
    p = preview(plan, reaction)
    assert sum(p.p_wound.values()) == 1
    assert sum(p.p_exchange.values()) == 1
    n = 3000
    wounds, exchanges, hits = _sample(plan, reaction, n, seed=sum(map(ord, name)))
    for level, q in p.p_wound.items():
        _close(q, wounds[level], n)
    for key, q in p.p_exchange.items():
        _close(q, exchanges[key], n)
    _close(p.p_hit, hits, n)


def test_exchange_counts_match_brute_force_enumeration():
    """The grouped count equals a plain walk over all 10,000 face pairs (Differential Roll
    with the over-100 rule)."""
    for a_skill, d_skill in ((62, 45), (120, 80), (15, 95), (100, 100)):
        grouped = Counter()
        for (w, levels, _, _, _), k in exchange_counts(a_skill, d_skill, False, False):
            grouped[(w, levels)] += k
        brute = Counter()
        aa, dd = opposed_skills(a_skill, d_skill)
        for fa in range(1, 101):
            for fd in range(1, 101):
                w, levels = differential(success_level(fa, aa), success_level(fd, dd))
                brute[({"protagonist": "attacker", "antagonist": "defender"}.get(w), levels)] += 1
        assert grouped == brute


skills = st.integers(0, 90)
modes = st.sampled_from([("melee", "broadsword", 1), ("single", "rifle", 60), ("burst", "m16_a1", 60),
                         ("full_auto", "ak_47", 30), ("single", "pistol", 150)])


@settings(max_examples=40, deadline=None)
@given(skills, skills, modes, st.sampled_from(["none", "parry", "evade"]),
       st.sampled_from([(), ("type_ii_vest",), ("mail", "plate_helm")]),
       st.lists(st.integers(-8, 8), min_size=7, max_size=7), st.sampled_from([None, "soft50", "hard90"]),
       st.integers(1, 8))
def test_preview_probabilities_sum_to_one(sa, sd, mode, reaction, armour, hp, cover, rounds):
    kind, weapon, distance = mode
    a = fighter("A", weapon, points={"combat_style": sa})
    d = fighter("D", armour=armour, points={"combat_style": sd, "evade": sd})
    state = replace(fresh_state(d), hp=tuple(hp))
    plan = plan_attack(context(a, d, mode=kind, distance_m=distance, defender_state=state,
                               cover=grid_cover(cover), rounds=rounds))
    assert not isinstance(plan, Impossible)
    p = preview(plan, reaction)
    assert sum(p.p_wound.values()) == 1
    assert sum(p.p_exchange.values()) == 1
    assert sum(p.p_attack.values()) == 1
    assert sum(p.p_location.values()) == 1
    assert all(0 <= q <= 1 for q in p.p_wound.values())
    assert 0 <= p.p_parried <= p.p_hit <= 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(LOCATIONS), st.integers(-3, 25)), max_size=8), st.integers(0, 10 ** 6))
def test_hit_points_only_go_down_from_damage(blows, seed):
    """0004: damage is removed from a location's hit points; nothing else here adds any."""
    d = fighter("D")
    state = fresh_state(d)
    dice = Dice(random.Random(seed))
    for loc, dmg in blows:
        before, was_dead = state.hp, state.dead
        state = take_damage(dice, d, state, loc, dmg, None).state
        assert all(b >= a for b, a in zip(before, state.hp, strict=True))
        assert sum(before) - sum(state.hp) == (0 if was_dead else max(dmg, 0))


def test_preview_values_are_fractions():
    plan = plan_attack(context(fighter("A", points=P), fighter("D", points=P)))
    p = preview(plan, "parry")
    assert all(isinstance(v, Fraction) for v in p.p_wound.values())
