"""Invariants of the step ruleset, checked with hypothesis and against seeded samples: exact
previews sum to one and agree with the dice; life only goes down from damage."""

import math
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.outcome import Impossible
from engine.stepdice import area
from engine.stepdice.attack import Fighter, defence_options, plan_attack, resolve_attack
from engine.stepdice.catalogue import default_catalogue
from engine.stepdice.character import Condition, build_character, default_templates
from engine.stepdice.health import end_of_round, hit_effect, take_damage
from engine.stepdice.preview import preview_attack
from engine.stepdice.round import Statement, state_round

CAT = default_catalogue()
ROLES = sorted(default_templates())


def char(role, name):
    return build_character(name, default_templates()[role], CAT)


conditions = st.builds(lambda s, w, held: Condition(stun=s, wounds=w, held_by="X" if held else None),
                       st.integers(0, 14), st.integers(0, 14), st.booleans())
statements = st.sampled_from([Statement(1), Statement(2, 1), Statement(3, 1), Statement(1, all_out="attack"),
                              Statement(2, 2, all_out="defence")])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(ROLES), st.sampled_from(ROLES), st.sampled_from(["single", "burst", "melee"]),
       st.floats(1, 150), st.sampled_from([None, "light", "medium", "heavy", "total"]), statements, statements,
       conditions, conditions, st.sampled_from([None, "limb", "vital", "miniscule", "disarm"]))
def test_preview_probabilities_sum_to_one(ra, rt, mode, dist, cover, sa, st_, ca, ct, special):
    a = Fighter(char(ra, "A"), ca, state_round(sa))
    t = Fighter(char(rt, "T"), ct, state_round(st_))
    plan = plan_attack(a, t, mode=mode, weapon=a.character.weapon, distance_m=dist, cover=cover,
                       special_attack=special)
    if isinstance(plan, Impossible):
        assert plan.reason
        return
    for option in defence_options(plan):
        pv = preview_attack(plan, option.kind)
        assert pv.total == 1
        assert sum(pv.p_hits.values()) == 1 and sum(pv.p_damage.values()) == 1
        assert 0 <= pv.p_hit <= 1 and 0 <= pv.p_unconscious <= pv.p_hit + pv.p_hits.get(0, 0)
        assert pv.p_dead <= pv.p_dying <= pv.p_bleeding <= 1


def _sample(plan, defence, n, seed):
    dice = Dice(random.Random(seed))
    hits = wounds = 0
    for _ in range(n):
        r = resolve_attack(dice, plan, defence)
        hits += r.hit
        wounds += r.wounds
    return hits / n, wounds / n


def test_the_preview_matches_a_seeded_sample():
    """5000 seeded bursts and shots: the share that hit and the mean wounds within four
    standard errors of the exact preview."""
    a = Fighter(char("gunner", "G"), turn=state_round(Statement(2)))
    t = Fighter(char("rifleman", "R"), turn=state_round(Statement(2, 1)))
    for mode, defence in (("burst", "dodge"), ("single", "innate")):
        plan = plan_attack(a, t, mode=mode, weapon=a.character.weapon, distance_m=30, cover="light")
        pv = preview_attack(plan, defence)
        n = 5000
        p_hit, mean_w = _sample(plan, defence, n, 11)
        p = float(pv.p_hit)
        assert abs(p_hit - p) < 4 * math.sqrt(p * (1 - p) / n)
        ew = sum(float(q) * w for (_s, w), q in pv.p_damage.items())
        var = sum(float(q) * (w - ew) ** 2 for (_s, w), q in pv.p_damage.items())
        assert abs(mean_w - ew) < 4 * math.sqrt(var / n)


def test_the_autofire_and_blast_previews_match_a_sample():
    g = Fighter(char("gunner", "G"))
    t = Fighter(char("rifleman", "R"), still=True)
    plan = area.plan_autofire(g, g.character.weapon, 30, [(t, None)])
    pv = area.preview_autofire(plan, 0)
    dice, n = Dice(random.Random(5)), 4000
    hits = sum(area.resolve_autofire(dice, plan)[0].hit for _ in range(n))
    p = float(pv.p_hit)
    assert pv.total == 1 and abs(hits / n - p) < 4 * math.sqrt(p * (1 - p) / n)
    frag = CAT.explosive("frag_grenade")
    bp = area.preview_blast(frag, t, 4.0)
    mean = sum(area.blast(dice, "X", frag, [(t, 4.0, False)])[0].wounds for _ in range(n)) / n
    ew = sum(float(q) * w for (_s, w), q in bp.p_damage.items())
    assert bp.total == 1 and abs(mean - ew) < 0.25


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["hit", "round", "effect"]), st.integers(0, 9), st.integers(0, 9),
                          st.sampled_from(["lamed", "stunned", "special_injury", "disarmed", "held"])),
                max_size=40), st.integers(0, 10_000))
def test_life_only_goes_down_from_damage(events, seed):
    """Stun and wounds never fall; the unconscious never wake; the dead stay dead."""
    c = char("rifleman", "R")
    cond = Condition(life_points=c.life_points)
    dice = Dice(random.Random(seed))
    for kind, s, w, effect in events:
        if kind == "hit":
            new = take_damage(dice, c, cond, s, w).condition
        elif kind == "round":
            new = end_of_round(dice, c, cond).condition
        else:
            new = hit_effect(dice, c, cond, effect, "X").condition
        assert new.stun >= cond.stun and new.wounds >= cond.wounds
        if cond.status == "dead":
            assert new.status == "dead"
        if cond.status == "unconscious":
            assert new.status in ("unconscious", "dead")
        if kind == "hit" and new.status == "ok":
            assert new.damage < c.life_points or new.ko_checks >= 1
        cond = new
    assert cond.life_points - cond.stun - cond.wounds <= c.life_points


def test_unconsciousness_chance_in_the_preview_is_exact():
    """A shot that can take the target to its life points: the preview's chance of falling
    unconscious is the sum over outcomes of the check's exact failure chance."""
    a = Fighter(char("marksman", "M"))
    t = Fighter(char("rifleman", "R"), Condition(stun=5, wounds=3))
    plan = plan_attack(a, t, mode="single", weapon=a.character.weapon, distance_m=10)
    pv = preview_attack(plan, "innate")
    assert Fraction(0) < pv.p_unconscious < pv.p_hit


TAGS = ("hold", "move", "attack", "full_dodge", "area_fire", "throw", "overwatch", "reload", "pick_up", "stand")


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TAGS), st.sampled_from(("none", "free", "run", "sprint")), st.integers(0, 5),
       st.integers(0, 3), st.booleans())
def test_a_world_statement_is_a_valid_round_or_refused(tag, move, defences, carried, stunned):
    """Initiative and Actions: whatever the world declares, the statement it makes is one the
    round accepts (at most three actions with the carried ones, defences within them), or
    it is refused with a reason; never a round the sheet forbids."""
    from engine.ruleset import Intent
    from engine.stepdice.round import MAX_ACTIONS
    from engine.stepdice.world import statement_choices

    try:
        ch = statement_choices(Intent(tag, move=move), defences, carried, stunned)
    except ValueError as exc:
        assert str(exc)
        return
    s = Statement(ch["actions"], ch.get("defences", 0), ch.get("all_out"), ch.get("sit_out", False))
    turn = state_round(s, carried, Condition(stunned=1) if stunned else None)
    assert turn.count <= MAX_ACTIONS or s.actions == 0
    assert 0 <= s.defences <= s.actions
    if tag != "hold":
        assert s.actions - s.defences >= 1
