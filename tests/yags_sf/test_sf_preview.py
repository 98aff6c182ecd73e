"""Exact previews (engine.yags_sf.preview): every chance sums to one and agrees with the
dice, for melee, shots, bursts and blasts."""

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.yags_sf.character import Condition
from engine.yags_sf.explosions import blast_damage
from engine.yags_sf.firearms import Aim, plan_fire
from engine.yags_sf.melee import Side, plan_melee
from engine.yags_sf.plan import roll_plan
from engine.yags_sf.preview import after_hit, preview_damage, preview_plan, preview_series
from engine.yags_sf.round import declare
from engine.yags_sf.ruleset import YagsSFRuleset

R = YagsSFRuleset()
ROLES = sorted(R.catalogue.templates)


def fighter(role, name="X"):
    return R.make_combatant({"name": name, "role": role})


def test_a_plain_shot_exactly():
    a, t = fighter("rifleman", "A"), fighter("rifleman", "T")
    [plan] = plan_fire(Side(a, Condition(), declare(a, Condition())), [Aim(Side(t, Condition()), 30)])
    p = preview_plan(plan)
    # 42 + 2d10! against 25: only a fumble misses (3 in 100)
    assert p.p_hit == Fraction(97, 100) and p.p_attack_fumble == Fraction(3, 100)
    assert sum(p.p_damage_levels.values()) == p.p_hit
    assert sum(p.p_outcome.values()) == 1


def _melee(att_role, tgt_role, special, wounds):
    a, t = fighter(att_role, "A"), fighter(tgt_role, "T")
    if not a.weapon.melee:
        return None
    try:
        d = declare(a, Condition(), special=special)
    except ValueError:
        return None
    plan = plan_melee(Side(a, Condition(), d), Side(t, Condition(wounds=wounds), declare(t, Condition())), defending=True)
    return None if not hasattr(plan, "terms") else plan


@settings(max_examples=40, deadline=None)
@given(att=st.sampled_from(ROLES), tgt=st.sampled_from(ROLES),
       special=st.sampled_from([None, "aggressive", "defensive", "killing_blow"]),
       wounds=st.integers(0, 5), fatigue=st.integers(0, 5))
def test_melee_previews_sum_to_one(att, tgt, special, wounds, fatigue):
    plan = _melee(att, tgt, special, wounds)
    if plan is None:
        return
    p = preview_plan(plan, wounds, fatigue)
    assert sum(p.p_outcome.values()) == 1
    assert sum(p.p_damage_levels.values()) == p.p_hit == sum(p.p_levels.values())
    for (w, f) in p.p_outcome:  # wounds and fatigue only go up
        assert w >= wounds and f >= fatigue


@settings(max_examples=25, deadline=None)
@given(att=st.sampled_from([r for r in ROLES if not fighter(r).weapon.melee]), tgt=st.sampled_from(ROLES),
       distance=st.sampled_from([2, 10, 30, 80, 150, 450, 900]),
       special=st.sampled_from([None, "single_shot", "triple_shot", "multiple_shots", "full_auto"]),
       cover=st.sampled_from([None, "soft50", "hard90"]), n=st.integers(1, 3))
def test_fire_previews_agree_with_seeded_dice(att, tgt, distance, special, cover, n):
    a, t = fighter(att, "A"), fighter(tgt, "T")
    try:
        d = declare(a, Condition(), special=special)
    except ValueError:
        return
    plans = plan_fire(Side(a, Condition(), d), [Aim(Side(t, Condition()), distance, cover)] * n)
    if not isinstance(plans, list):
        return
    p = preview_series(plans)
    assert sum(p.p_outcome.values()) == 1
    assert abs(sum(p.p_damage_levels.values()) - p.p_hit) < Fraction(1, 10**12) or len(plans) > 1
    # the first attack against 1500 seeded rolls: chance to hit and mean levels
    one = preview_plan(plans[0])
    dice = Dice(random.Random(distance * 7 + n))
    runs, hits, levels = 1500, 0, 0
    for _ in range(runs):
        r = roll_plan(dice, plans[0])
        hits += r.hit
        levels += (r.damage.levels or 0) if r.damage else 0
    ph = float(one.p_hit)
    assert abs(hits / runs - ph) <= 5 * (ph * (1 - ph) / runs) ** 0.5 + 1e-9
    mean = float(sum(k * v for k, v in one.p_damage_levels.items()))
    assert abs(levels / runs - mean) <= 0.25


def test_series_combines_independent_attacks():
    a, t = fighter("gunner", "A"), fighter("rifleman", "T")
    d = declare(a, Condition(), special="full_auto")
    plans = plan_fire(Side(a, Condition(), d), [Aim(Side(t, Condition()), 300)] * 3)
    p = preview_series(plans)
    miss = 1
    for s in p.attacks:
        miss *= 1 - s.p_hit
    assert p.p_hit == 1 - miss and len(p.attacks) == 3
    assert sum(p.p_outcome.values()) == 1


def test_blast_previews():
    t = fighter("rifleman", "T")
    frag = R.catalogue.explosive("frag_grenade")
    for distance in (0, 5, 7, 12, 15):
        dp = blast_damage(frag, t, distance)
        p = preview_damage(dp)
        assert p.p_hit == 1 and sum(p.p_outcome.values()) == 1
    assert blast_damage(frag, t, 16) is None
    near, far = preview_damage(blast_damage(frag, t, 1)), preview_damage(blast_damage(frag, t, 14))
    mean = lambda p: sum(k * v for k, v in p.p_damage_levels.items())  # noqa: E731
    assert mean(near) > mean(far)


def test_after_hit_counts_as_take_hit():
    from engine.dice import ScriptedDice
    from engine.yags_sf import health

    t = fighter("rifleman", "T")
    dp = blast_damage(R.catalogue.explosive("concussion_grenade"), t, 1)
    for levels in (None, 0, 1, 3):
        for knocked in (False, True):
            out = health.take_hit(ScriptedDice([]), t, Condition(fatigue=1), levels, knocked=knocked, subduing=True)
            assert after_hit(0, 1, levels, knocked, dp) == (out.condition.wounds, out.condition.fatigue)
