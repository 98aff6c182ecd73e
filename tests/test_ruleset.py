"""The ruleset interface as the game uses it: Yags behind `engine.ruleset.Ruleset`."""

import random
from fractions import Fraction

import pytest

from engine.dice import Dice, ScriptedDice
from engine.outcome import Impossible
from engine.ruleset import AttackRequest, Participant, Ruleset, Situation
from engine.yags.preview import Preview
from engine.yags.ruleset import YagsRuleset

SOLDIER = {
    "name": "Ann",
    "attributes": {"str": 3, "agi": 3, "dex": 4, "per": 3},
    "skills": {"Rifles": 5, "Melee": 4},
    "weapon": "m16_a1",
    "armour": ["kevlar_vest", "combat_helmet"],
    "grenades": ["frag_grenade"],
}


@pytest.fixture(scope="module")
def rules():
    return YagsRuleset()


def _p(rules, spec, name, **decl):
    c = rules.make_combatant({**spec, "name": name})
    d = rules.declare(c, rules.fresh_state(c), **decl)
    return Participant(name, c, rules.fresh_state(c), d)


def test_yags_is_a_ruleset(rules):
    assert isinstance(rules, Ruleset)
    assert rules.name == "yags"


def test_make_combatant_from_spec(rules):
    c = rules.make_combatant(SOLDIER)
    assert c.attributes["dexterity"] == 4 and c.skill("Rifles") == 5
    assert c.weapon.id == "m16_a1"
    assert c.armour.protection == 6 + 2
    with pytest.raises(KeyError):
        rules.make_combatant({**SOLDIER, "weapon": "phaser"})


def test_declare_validates_defences_and_stance(rules):
    c = rules.make_combatant(SOLDIER)
    st = rules.fresh_state(c)
    assert rules.declare(c, st, defences=3).defences == 3
    with pytest.raises(ValueError, match="0 to 3 defences"):
        rules.declare(c, st, defences=4)
    assert rules.declare(c, st, stance="defensive", defences=4).defences == 4
    with pytest.raises(ValueError, match="unknown stance"):
        rules.declare(c, st, stance="heroic")


def test_each_defence_covers_one_attacker(rules):
    """Declaring Defences: each declared defence covers all attacks from one attacker."""
    c = rules.make_combatant(SOLDIER)
    d = rules.declare(c, rules.fresh_state(c), defences=1)
    d = rules.note_attacked(d, "X")
    assert d.covers("X")
    d = rules.note_attacked(d, "Y")
    assert not d.covers("Y") and d.covers("X")


def test_shot_preview_is_exact_and_resolution_applies(rules):
    a = _p(rules, SOLDIER, "Ann")
    b = _p(rules, {**SOLDIER, "weapon": "ak_47"}, "Bob")
    req = AttackRequest(a, b, "shot", {}, Situation(distance_m=60))
    p = rules.preview(req)
    assert isinstance(p, Preview)
    assert sum(p.p_outcome.values()) == 1
    assert 0 < p.p_hit < 1
    results = rules.resolve(Dice(random.Random(4)), req)
    assert len(results) == 1
    r = results[0]
    applied = rules.apply(Dice(random.Random(5)), b.combatant, b.state, r)
    if r.hit and r.damage.levels:
        assert applied.state.wounds > 0
    else:
        assert applied.state == b.state


def test_running_target_is_harder_to_hit(rules):
    """Other Modifiers: target moving fast x3 on the effective distance."""
    a = _p(rules, SOLDIER, "Ann")
    b = _p(rules, SOLDIER, "Bob")
    still = rules.preview(AttackRequest(a, b, "shot", {}, Situation(distance_m=60)))
    running = rules.preview(AttackRequest(a, b, "shot", {}, Situation(distance_m=60, target_moved="run")))
    assert running.p_hit < still.p_hit


def test_burst_and_triple_and_area(rules):
    a = _p(rules, SOLDIER, "Ann")
    b = _p(rules, SOLDIER, "Bob")
    c = _p(rules, SOLDIER, "Cat")
    s = Situation(distance_m=20)
    assert len(rules.resolve(Dice(random.Random(1)), AttackRequest(a, b, "burst", {"bursts": 2}, s))) == 2
    assert rules.resolve(Dice(random.Random(1)), AttackRequest(a, b, "triple", {}, s))[0].wound_multiplier == 2
    area = rules.resolve(Dice(random.Random(1)), AttackRequest(a, b, "area", {}, s, others=((c, Situation(distance_m=22)),)))
    assert 1 <= len(area) <= 2
    assert {r.target for r in area} <= {"Bob", "Cat"}


def test_weapon_facts_and_ammo(rules):
    c = rules.make_combatant(SOLDIER)
    f = rules.weapon_facts(c)
    assert not f.melee and f.capacity == 30 and f.burst == 10
    assert set(f.modes) >= {"shot", "burst", "area", "triple"}
    assert f.grenades == ("frag_grenade",)
    assert rules.ammo_use(c, "burst", {"bursts": 2}) == 20
    assert rules.ammo_use(c, "triple", {}) == 3
    sword = rules.make_combatant({**SOLDIER, "weapon": "long_spear"})
    assert rules.weapon_facts(sword).melee and rules.weapon_facts(sword).reach_tiles == 2


def test_blast_through_the_interface(rules):
    """Explosive damage: one damage roll, a soak roll per victim; out of reach: None."""
    a = _p(rules, SOLDIER, "Ann")
    b = _p(rules, SOLDIER, "Bob")
    out = rules.blast(ScriptedDice([15, 10]), a, "frag_grenade", [(b, 5.0, False), (a, 500.0, False)])
    assert out[1] is None
    assert out[0].hit and out[0].damage.damage_roll.total == 40 + 15
    assert out[0].damage.kind == "wounds"


def test_throw_scatters_on_a_miss(rules):
    a = _p(rules, SOLDIER, "Ann")
    roll, offset = rules.throw(ScriptedDice([2, 3]), a, "frag_grenade", 20.0)
    assert not roll.success and offset != (0.0, 0.0)
    roll, offset = rules.throw(ScriptedDice([18]), a, "frag_grenade", 10.0)
    assert roll.success and offset == (0.0, 0.0)


def test_melee_impossible_with_a_rifle_and_status_line(rules):
    a = _p(rules, SOLDIER, "Ann")
    b = _p(rules, SOLDIER, "Bob")
    res = rules.resolve(Dice(random.Random(1)), AttackRequest(a, b, "melee", {}, Situation()))
    assert isinstance(res[0], Impossible)
    assert rules.status(b.state) == "wounds 0 (okay), stuns 0 (okay)"


def test_fumbles_and_manoeuvres_cost_fatigue(rules):
    """Fumbling a defence / an attack: the fumbler's choice is a point of fatigue; Melee
    Manoeuvres: the tiring ones cost the attacker a point of fatigue on success."""
    from engine.yags.attack import AttackResult
    from engine.yags.health import Condition

    c = rules.make_combatant({**SOLDIER, "name": "Bob"})
    missed = AttackResult("Ann", "Bob", None, None, hit=False, level=0, defence_fumble_outcome="fatigue")
    assert rules.apply(Dice(random.Random(1)), c, Condition(), missed).state.fatigue == 1
    failed = AttackResult("Ann", "Bob", None, None, hit=False, level=0, defence_fumble_outcome="fail_defence")
    assert rules.apply(Dice(random.Random(1)), c, Condition(), failed).state.fatigue == 0
    fumbled = AttackResult("Bob", "Ann", None, None, hit=False, level=0, fumble_outcome="fatigue")
    assert rules.apply_to_attacker(Dice(random.Random(1)), c, Condition(), fumbled).state.fatigue == 1
    dropped = AttackResult("Bob", "Ann", None, None, hit=False, level=0, fumble_outcome="drop_weapon")
    assert rules.apply_to_attacker(Dice(random.Random(1)), c, Condition(), dropped).state.fatigue == 0
    tiring = AttackResult("Bob", "Ann", None, None, hit=True, level=3, effects=("improved_damage", "fatigue"))
    assert rules.apply_to_attacker(Dice(random.Random(1)), c, Condition(), tiring).state.fatigue == 1


def test_sprinting_costs_fatigue_each_round(rules):
    """yags-core.md, Sprinting: a sprinting character gains a point of fatigue every round."""
    from engine.yags.health import Condition

    c = rules.make_combatant(SOLDIER)
    assert rules.end_of_round(ScriptedDice([]), c, Condition(), moved="sprint").state.fatigue == 1
    assert rules.end_of_round(ScriptedDice([]), c, Condition(), moved="run").state.fatigue == 0


def test_full_move_allows_only_a_slow_attack(rules):
    """Movement: moving your full Move allows only a standard attack, which is slow; an
    aggressive attack is otherwise fast."""
    sword = {**SOLDIER, "weapon": "broad_sword"}
    a = _p(rules, sword, "Ann", stance="aggressive")
    b = _p(rules, sword, "Bob")
    assert rules.action_speed(AttackRequest(a, b, "melee", {}, Situation())) == "fast"
    assert rules.action_speed(AttackRequest(a, b, "melee", {}, Situation(attacker_moved="run"))) == "slow"


def test_fumbled_initiative_loses_attacks_and_defences(rules):
    """The Combat Sequence: fumbling initiative, you may not act the first round (no attacks
    nor declared defences)."""
    c = rules.make_combatant(SOLDIER)
    d = rules.note_attacked(rules.declare(c, rules.fresh_state(c), defences=2, lost_round=True), "X")
    assert not d.covers("X")
    f = rules.fighter(Participant("Ann", c, rules.fresh_state(c), d), "X")
    assert not f.defending and not f.full_dodge


def test_first_aid_through_the_interface(rules):
    """Healing and First aid: moderate wounds and light stuns, difficulty 18; tending takes a
    minute (12 rounds of about five seconds)."""
    from engine.yags.health import Condition

    medic = rules.make_combatant({**SOLDIER, "name": "Medic", "attributes": {"int": 3}, "skills": {"First aid": 4}})
    healer = Participant("Medic", medic, Condition())
    patient = Participant("Bob", rules.make_combatant(SOLDIER), Condition(wounds=3, stuns=2))
    out = rules.first_aid(ScriptedDice([16]), healer, patient)
    assert out.rolls[0].target == 18 and out.state.wounds == 2 and out.state.stabilised
    assert rules.first_aid_rounds() == 12
    with pytest.raises(ValueError):
        rules.first_aid(ScriptedDice([16]), Participant("Medic", medic, Condition(status="unconscious")), patient)


def test_missile_attacks_are_in_the_normal_stance(rules):
    """Missile Attacks: a missile attacker is considered to be using the normal stance, so
    aggressive (fast) and defensive (slow) do not change a shot's speed; Prone: all actions
    of a prone character are slow."""
    a_aggr = _p(rules, SOLDIER, "Ann", stance="aggressive")
    a_def = _p(rules, SOLDIER, "Ann", stance="defensive", defences=1)
    a_prone = _p(rules, SOLDIER, "Ann", stance="prone")
    b = _p(rules, SOLDIER, "Bob")
    s = Situation(distance_m=30)
    assert rules.action_speed(AttackRequest(a_aggr, b, "shot", {}, s)) == "normal"
    assert rules.action_speed(AttackRequest(a_def, b, "shot", {}, s)) == "normal"
    assert rules.action_speed(AttackRequest(a_prone, b, "shot", {}, s)) == "slow"
    assert rules.action_speed(AttackRequest(a_aggr, b, "shot", {"shot": "snap"}, s)) == "fast"


def test_brawling_with_a_proper_weapon_is_slow(rules):
    """Brawling: other weapons used with Brawl have their bonuses halved, all attacks are
    slow and the fumble chance is one more; with Melee skill the same sword is normal."""
    brawler = {**SOLDIER, "weapon": "broad_sword", "skills": {"Brawl": 4}}
    fencer = {**SOLDIER, "weapon": "broad_sword", "skills": {"Melee": 4}}
    b = _p(rules, SOLDIER, "Bob")
    assert rules.action_speed(AttackRequest(_p(rules, brawler, "Ann"), b, "melee", {}, Situation())) == "slow"
    assert rules.action_speed(AttackRequest(_p(rules, fencer, "Ann"), b, "melee", {}, Situation())) == "normal"


@pytest.mark.parametrize("distance,covered", [(2.0, False), (5.0, False), (15.0, False), (5.0, True)])
def test_blast_preview_is_the_blast_exactly(rules, distance, covered):
    """Explosive damage through the interface: preview_blast is one victim's exact share of
    the explosion (damage d20 against soak d20: 400 cases), so it matches the frequencies of
    `blast` over every pair of faces; beyond the last band it is Impossible like the blast."""
    a = _p(rules, SOLDIER, "Ann")
    b = _p(rules, SOLDIER, "Bob")
    p = rules.preview_blast("frag_grenade", b, distance, covered)
    assert p.p_hit == 1
    counts: dict[int, int] = {}
    for dmg in range(1, 21):
        for soak in range(1, 21):
            (r,) = rules.blast(ScriptedDice([dmg, soak]), a, "frag_grenade", [(b, distance, covered)])
            levels = r.damage.levels
            counts[levels] = counts.get(levels, 0) + 1
            assert r.damage.kind == p.kind
    assert {k: v / 400 for k, v in counts.items()} == {k: float(v) for k, v in p.p_damage_levels.items()}
    assert isinstance(rules.preview_blast("frag_grenade", b, 500.0), Impossible)


def test_throw_preview_is_the_chance_to_land_on_the_spot(rules):
    """Throwing at a spot: 15 + distance penalty; the preview's chance to land is the share of
    d20 faces `throw` lands on the spot with (offset 0)."""
    a = _p(rules, SOLDIER, "Ann")
    for distance in (5.0, 12.0, 20.0):
        p = rules.preview_throw(a, "frag_grenade", distance)
        landed = sum(rules.throw(ScriptedDice([face, 1]), a, "frag_grenade", distance)[1] == (0.0, 0.0)
                     for face in range(1, 21))
        assert p.p_hit == Fraction(landed, 20)
    assert isinstance(rules.preview_throw(a, "frag_grenade", 5000.0), Impossible)


def test_the_round_orders_come_from_the_ruleset(rules):
    """Initiative: characters declare in increasing initiative and act fast, normal, slow in
    decreasing initiative (yags-combat.md, The Combat Round); ties go by agility (rules-notes,
    The round). The world asks the ruleset for both orders, so another ruleset can order its
    round its own way."""
    quick = rules.make_combatant({**SOLDIER, "name": "Quick", "attributes": {**SOLDIER["attributes"], "agi": 4}})
    slow = rules.make_combatant({**SOLDIER, "name": "Slow", "attributes": {**SOLDIER["attributes"], "agi": 2}})
    mid = rules.make_combatant({**SOLDIER, "name": "Mid"})
    assert rules.declaration_order([("q", quick, 12), ("s", slow, 12), ("m", mid, 9)]) == ["m", "s", "q"]
    assert rules.action_order([("q", quick, "slow", 20), ("s", slow, "normal", 12), ("m", mid, "normal", 12),
                               ("f", mid, "fast", 3)]) == ["f", "m", "s", "q"]
