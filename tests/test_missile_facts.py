"""The remembered figures of missile attacks (engine/yags/missile_facts.py) and the other memos
of the preview's path equal the plain functions they stand for, value for value."""

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rolls import Term
from engine.yags.attack import Fighter, _injury_terms, can_carry
from engine.yags.catalogue import default_catalogue
from engine.yags.character import Character
from engine.yags.checks import ability_term
from engine.yags.damage import armour_against, damage_kind, damage_terms, soak_terms
from engine.yags.equipment import Armour
from engine.yags.health import Condition
from engine.yags.missile import MissileAttack, plan_missile
from engine.yags.missile_facts import distance_term, multiplier, pairing
from engine.yags.missile_rules import BASE_DIFFICULTY, FIREARM_SIZE, environment_multiplier
from engine.yags.preview import _after, _plan_damage_counts, _preview_plan, preview_plan
from engine.yags.tables import (
    ENVIRONMENT_MULTIPLIER,
    RANGE_BAND_DAMAGE,
    SHOT_MULTIPLIER,
    cover_bonus,
    defence_penalty,
    distance_penalty,
    effective_burst,
    missile_size_modifier,
)

CAT = default_catalogue()
MISSILES = sorted((w for w in CAT.weapons.values() if w.is_missile), key=lambda w: w.id)
ARMOURS = sorted(CAT.armour.values(), key=lambda a: a.id)

weapons = st.sampled_from(MISSILES)
armours = st.lists(st.sampled_from(ARMOURS), max_size=2, unique_by=lambda a: a.id)
attrs = st.fixed_dictionaries({"strength": st.integers(0, 8), "dexterity": st.integers(0, 8),
                               "agility": st.integers(0, 8)})


def _character(name, a, weapon, pieces, size, skill):
    return Character(name, a, {weapon.skill: skill, "Athletics": skill // 2}, size=size, weapon=weapon,
                     armour=Armour(tuple(pieces)))


@settings(max_examples=80, deadline=None)
@given(weapons, attrs, attrs, armours, st.integers(1, 30), st.integers(1, 30), st.integers(0, 7),
       st.sampled_from(["short", "medium", "long"]), st.integers(-15, 0))
def test_pairing_equals_the_plain_functions(weapon, a_attrs, t_attrs, pieces, a_size, t_size, skill, band, cone):
    a = _character("A", a_attrs, weapon, (), a_size, skill)
    t = _character("T", t_attrs, weapon, pieces, t_size, skill + 1)
    p = pairing(a, weapon, t)
    assert pairing(a, weapon, t) is p  # remembered
    kind0 = "mixed" if weapon.has("armour_piercing") else weapon.damage_type
    armour = armour_against(t.armour, weapon, kind0)
    a_size_now = FIREARM_SIZE if weapon.is_firearm else a.size
    assert p.carry == can_carry(a, weapon)
    assert p.skill == a.skill(weapon.skill) and p.defence_skill == t.skill("Athletics")
    assert p.kind0 == kind0 and p.armour == armour
    assert p.kind == damage_kind(weapon, armour.kind_shift, a_size_now, t.size, base=kind0)
    assert p.soak == tuple(soak_terms(t, armour.value))
    assert p.base_difficulty == BASE_DIFFICULTY + missile_size_modifier(a.size, t.size)
    extra = [Term(f"{band} range", RANGE_BAND_DAMAGE[band]), Term("cone", cone)]
    assert p.damage_terms(band, cone) == tuple(damage_terms(a, weapon, extra))
    assert p.damage_terms(band, cone) is p.damage_terms(band, cone)


def test_a_pairing_is_never_shared_by_equal_but_distinct_characters():
    """Remembered by identity: a character equal in value but another object gets its own."""
    w = MISSILES[0]
    a, t = _character("A", {}, w, (), 5, 3), _character("T", {}, w, (), 5, 3)
    twin = _character("A", {}, w, (), 5, 3)
    assert pairing(a, w, t) is not pairing(twin, w, t)
    assert pairing(a, w, t) == pairing(a, w, t)


@given(st.sampled_from(sorted(SHOT_MULTIPLIER)), st.lists(st.sampled_from(sorted(ENVIRONMENT_MULTIPLIER)), max_size=4),
       st.booleans(), st.booleans())
def test_multiplier_equals_environment_multiplier(shot, conditions, firearm, laser):
    got = multiplier(shot, conditions, firearm, laser)
    want = environment_multiplier(shot, conditions, firearm=firearm, laser=laser)
    assert got == want and type(got) is type(want)


@given(st.floats(0.5, 2000, allow_nan=False), st.sampled_from([5, 10.0, 25.0, 50.0, 150.0]),
       st.sampled_from([Fraction(1), Fraction(2), Fraction(1, 2), Fraction(1, 3), Fraction(8), Fraction(3, 2)]))
def test_distance_term_equals_the_exact_penalty(distance, increment, mult):
    assert distance_term(distance, increment, mult) == (distance_penalty(distance, increment, mult),
                                                        float(Fraction(distance) * mult))


@given(st.integers(0, 60), st.sampled_from([5, 10.0, 7.5, 0.3, 25.0, 150.0, 1.1]),
       st.sampled_from([Fraction(1), Fraction(2), Fraction(1, 2), Fraction(1, 3), Fraction(3), Fraction(3, 2),
                        Fraction(12), Fraction(2, 3)]),
       st.sampled_from([0.0, 1e-9, -1e-9, 0.5]), st.booleans())
def test_distance_term_in_whole_numbers_on_the_increments(k, increment, mult, nudge, whole):
    """At and about each multiple of the increment (where the penalty steps), whole-number
    distances too: the penalty Fraction arithmetic gives and the same float, bit for bit."""
    from engine.yags.missile_facts import _distance

    distance = round(float(Fraction(increment) * k / mult) + nudge) if whole else float(Fraction(increment) * k / mult) + nudge
    if distance < 0:
        return
    got = _distance.__wrapped__(distance, increment, mult.numerator, mult.denominator)
    want = (distance_penalty.__wrapped__(distance, increment, mult), float(Fraction(distance) * mult))
    assert got == want and type(got[0]) is int and type(got[1]) is float


@given(st.integers(0, 10), st.floats(0, 2000, allow_nan=False), st.sampled_from([10.0, 50.0, 400.0]))
def test_effective_burst_remembered_equals_worked_out(bullets, distance, short):
    assert effective_burst(bullets, distance, short) == effective_burst.__wrapped__(bullets, distance, short)


@given(st.lists(st.sampled_from([None, "none", "crouched", "prone", "soft50", "soft90", "hard50", "hard90", "full"]),
                max_size=3))
def test_cover_bonus_remembered_equals_worked_out(covers):
    assert cover_bonus(*covers) == cover_bonus.__wrapped__(*covers)


@given(st.sampled_from(["dexterity", "agility", "perception"]), st.integers(0, 9),
       st.sampled_from([None, "Rifles", "Athletics"]), st.integers(0, 9))
def test_ability_term_remembered_equals_worked_out(attribute, score, skill, skill_score):
    assert ability_term(attribute, score, skill, skill_score) == ability_term.__wrapped__(attribute, score, skill, skill_score)


@given(st.integers(0, 8), st.integers(0, 8), st.integers(0, 12), st.integers(0, 8), st.integers(-30, 0),
       st.integers(0, 6), st.sampled_from(["ok", "unconscious"]))
def test_injury_terms_as_worked_out_term_by_term(wounds, stuns, fatigue, defences, overwhelmed, health, status):
    """Fighter.injury_terms (remembered by the condition's numbers and the fatigue track, and
    by the penalties) against the terms built one by one."""
    c = Condition(stuns=stuns, wounds=wounds, fatigue=fatigue, status=status, shock=stuns)
    me = Character("M", {"health": health})
    f = Fighter(me, c, defences=defences, overwhelmed=overwhelmed)
    want = []
    if c.wound_penalty:
        want.append(Term("wounds", c.wound_penalty))
    if c.stun_penalty:
        want.append(Term("stuns", c.stun_penalty))
    fat = c.fatigue_penalty(me.fatigue_track)
    if fat:
        want.append(Term("fatigue", fat))
    if defence_penalty(defences):
        want.append(Term(f"{defences} defences", defence_penalty(defences)))
    if overwhelmed:
        want.append(Term("overwhelmed", overwhelmed))
    got = f.injury_terms()
    assert got == want and isinstance(got, list)
    got.append(Term("x", 1))  # the caller's own list: the remembered terms are untouched
    assert f.injury_terms() == want
    assert _injury_terms.cache_info().currsize >= 1


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([w for w in MISSILES if w.is_firearm]), st.integers(1, 400),
       st.sampled_from(["normal", "snap", "careful"]), st.sampled_from([None, "soft50", "hard50"]),
       st.booleans(), st.integers(0, 6), st.integers(0, 6), armours)
def test_preview_outcomes_as_added_up_hit_by_hit(weapon, distance, shot, cover, defending, stuns, wounds, pieces):
    """The preview adds up the outcomes by levels of damage: the same chances, in the same
    order, as adding each (degree, levels) case to its outcome one by one; and the memo gives
    the plan's own preview back."""
    shooter = _character("S", {"dexterity": 4, "strength": 4}, weapon, (), 5, 5)
    target = _character("T", {"agility": 3}, weapon, pieces, 5, 3)
    plan = plan_missile(MissileAttack(Fighter(shooter), Fighter(target, defending=defending, defences=1),
                                      float(distance), shot=shot, cover=cover))
    if not hasattr(plan, "damage"):
        return
    p = _preview_plan(plan, stuns, wounds)
    assert preview_plan(plan, stuns, wounds) == p
    dp = plan.damage
    outcomes: dict = defaultdict(int)
    total = sum(p.p_level.values())
    outcomes[(stuns, wounds)] += 1 - total
    for level, chance in p.p_level.items():
        for levels, q in _plan_damage_counts(dp, level):
            outcomes[_after(stuns, wounds, levels, dp)] += chance * Fraction(q, 400)
    assert list(outcomes) == list(p.p_outcome)
    assert dict(outcomes) == p.p_outcome


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(MISSILES), st.integers(1, 500), st.sampled_from(["normal", "snap", "careful"]),
       st.sampled_from([None, "soft50", "hard90"]), st.booleans(), st.integers(0, 3), st.integers(0, 4),
       st.integers(0, 6), st.integers(0, 6), armours, st.booleans())
def test_the_preview_memo_answers_as_worked_out(weapon, distance, shot, cover, defending, defences, skill,
                                                stuns, wounds, pieces, zero):
    """preview_plan remembers by the plan's numbers: a plan alike in them but with other
    names, notes and shown terms (previewed first, so the memo holds its numbers) still gets
    exactly its own worked-out preview, its own terms with it."""
    from dataclasses import replace

    shooter = _character("S", {"dexterity": 3, "strength": 4}, weapon, (), 5, skill)
    target = _character("T", {"agility": 4}, weapon, pieces, 5, skill)
    plan = plan_missile(MissileAttack(Fighter(shooter, initiative_zero=zero),
                                      Fighter(target, defending=defending, defences=defences),
                                      float(distance), shot=shot, cover=cover))
    if not hasattr(plan, "attack"):
        return
    twin = replace(plan, attacker="Other", target="Someone", notes=("another note",),
                   target_terms=tuple(replace(t, shown=f"{t.name} shown otherwise") for t in plan.target_terms),
                   attack=replace(plan.attack, terms=(*plan.attack.terms[:-1], replace(plan.attack.terms[-1], name="renamed"))))
    first = preview_plan(twin, stuns, wounds)
    assert first == _preview_plan(twin, stuns, wounds)
    got = preview_plan(plan, stuns, wounds)
    assert got == _preview_plan(plan, stuns, wounds)
    assert got.terms == plan.attack.terms and got.target_terms == plan.target_terms


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(MISSILES), st.integers(1, 300), st.integers(0, 6), st.integers(0, 6), armours)
def test_expected_harm_as_summed_with_float(weapon, distance, stuns, wounds, pieces):
    """YagsRuleset.expected_harm divides each Fraction's numerator by its denominator: the
    same float as float(p), summed in the same order."""
    from engine.yags.ruleset import YagsRuleset

    shooter = _character("S", {"dexterity": 4, "strength": 4}, weapon, (), 5, 4)
    target = _character("T", {"agility": 3}, weapon, pieces, 5, 3)
    plan = plan_missile(MissileAttack(Fighter(shooter), Fighter(target, defending=True, defences=1), float(distance)))
    if not hasattr(plan, "attack"):
        return
    p = preview_plan(plan, stuns, wounds)
    want = sum(float(x) * levels for levels, x in p.p_damage_levels.items())
    want = want * 2 if p.kind == "wounds" else want
    rules = YagsRuleset()
    assert rules.expected_harm(p) == want
    assert rules.expected_harm(preview_plan(plan, stuns, wounds)) == want  # the chances' dict shared: remembered
    other = replace(p, p_damage_levels=dict(p.p_damage_levels), kind="stuns" if p.kind == "wounds" else "wounds")
    assert rules.expected_harm(other) == sum(float(x) * levels for levels, x in p.p_damage_levels.items()) * (
        2 if other.kind == "wounds" else 1)  # an equal dict, another kind: its own sum, its own kind


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(MISSILES), st.integers(1, 600), st.sampled_from(["normal", "snap", "careful", "aimed"]),
       st.lists(st.tuples(st.sampled_from([None, "normal", "snap"]),
                          st.sampled_from([(), ("burst",), ("burst", "target_moving")])), min_size=1, max_size=6),
       st.booleans(), st.sampled_from([(), ("target_moving",)]), st.sampled_from(["", "two_guns", "off_hand"]))
def test_shot_facts_remembered_answers_as_worked_out(weapon, distance, shot, asks, twin, conditions, guns):
    """shot_facts gives its last answer again only for the same attack (by identity) and the
    same arguments, and with extra conditions the facts without them with their multiplier:
    any run of questions, an equal attack in between or not, answers as worked out afresh."""
    from engine.yags.missile import _shot_facts, shot_facts

    shooter = _character("S", {"dexterity": 4, "strength": 3}, weapon, (), 5, 4)
    hands = {guns: True} if guns else {}
    atk = MissileAttack(Fighter(shooter), Fighter(_character("T", {}, weapon, (), 5, 3)), float(distance), shot=shot,
                        conditions=conditions, **hands)
    other = MissileAttack(Fighter(shooter), Fighter(_character("T", {}, weapon, (), 5, 3)), float(distance) + 1.0,
                          shot=shot, conditions=conditions, **hands)
    for s, extra in asks:
        assert shot_facts(atk, s, extra) == _shot_facts(atk, s, extra)
        assert shot_facts(atk, s, list(extra)) == _shot_facts(atk, s, extra)
        if twin:
            assert shot_facts(other, s, extra) == _shot_facts(other, s, extra)


@given(st.integers(-10**6, 10**6))
def test_half_up_in_whole_numbers_as_by_fractions(x):
    """half_up's whole-number path rounds as round_half_away(Fraction(x, 2)) does."""
    from engine.yags.tables import half_up, round_half_away

    assert half_up(x) == round_half_away(Fraction(x, 2))
    assert half_up(Fraction(x)) == round_half_away(Fraction(x, 2))


@given(st.integers(0, 40), st.integers(-60, 60), st.floats(0, 3000, allow_nan=False), st.sampled_from([None, "x +1"]))
def test_remembered_terms_equal_the_terms_built(effective, value, effective_m, shown):
    """The terms a missile plan takes from memos (`term`, the distance term as shown, a
    burst's terms by effective bullets) equal those built afresh."""
    from engine.yags.autofire import _burst_terms
    from engine.yags.missile_facts import distance_shown, term
    from engine.yags.tables import burst_attack_bonus, burst_damage_bonus

    assert term("cover", value, shown) == Term("cover", value, shown)
    assert distance_shown(value, effective_m) == Term("distance", value, f"distance +{value} ({effective_m:.0f} m)")
    bonus = burst_attack_bonus(effective)
    assert _burst_terms(effective) == (Term("burst", bonus, f"burst {effective} bullets +{bonus}"),
                                       ((2, Term("burst", burst_damage_bonus(effective, 2))),
                                        (3, Term("burst", burst_damage_bonus(effective, 3)))))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(MISSILES), st.integers(1, 600),
       st.lists(st.tuples(st.booleans(), st.sampled_from([None, "normal", "snap", "careful"]),
                          st.sampled_from([(), ("burst",)]), st.booleans(), st.sampled_from([0, 10, 20]),
                          st.sampled_from([None, 0, 1])), min_size=1, max_size=6),
       st.booleans(), st.booleans(), st.sampled_from(["normal", "prone", "crouched"]), st.integers(0, 3))
def test_defence_and_attack_terms_remembered_answer_as_worked_out(weapon, distance, asks, defending, in_melee,
                                                                  stance, wounds):
    """missile_defence and attack_terms_of give their last answer again only for the same
    attack (by identity) and facts or arguments alike: any run of questions, on one attack or
    an equal other, answers as worked out afresh; the terms are the caller's own list."""
    from engine.yags.missile import shot_facts
    from engine.yags.missile_parts import (
        _missile_defence,
        attack_terms,
        attack_terms_of,
        missile_defence,
    )

    shooter = _character("S", {"dexterity": 4, "strength": 3}, weapon, (), 5, 4)
    target = Fighter(_character("T", {}, weapon, (), 5, 3), Condition(wounds=wounds), stance=stance,
                     defending=defending, defences=1)
    attacks = [MissileAttack(Fighter(shooter, stance=stance, condition=Condition(wounds=wounds)), target,
                             float(distance) + k, in_melee_with_attacker=in_melee, threat_band=k) for k in (0, 1)]
    for other, shot, extra, keep, scope, attribute in asks:
        atk = attacks[other]
        facts = shot_facts(atk, shot, extra)
        if not hasattr(facts, "band"):
            continue
        assert missile_defence(atk, facts) == _missile_defence(atk, facts)
        want = attack_terms(atk.attacker, facts.weapon, keep_bonus=keep, scope=scope, off_hand=atk.off_hand,
                            attribute_score=attribute)
        got = attack_terms_of(atk, facts.weapon, keep, scope, attribute)
        assert got == want
        got.append(Term("x", 1))  # the caller's own list: the remembered terms are untouched
        assert attack_terms_of(atk, facts.weapon, keep, scope, attribute) == want
