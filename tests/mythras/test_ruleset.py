"""MythrasRuleset behind engine/ruleset.py's ABC; explosions; a duel to the end."""

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from engine.dice import Dice, ScriptedDice
from engine.mythras.catalogue import default_catalogue
from engine.mythras.duel import duel
from engine.mythras.explosions import blast, blast_band, plan_throw, preview_blast, throw_at
from engine.mythras.health import fresh_state
from engine.mythras.ruleset import MythrasDeclaration, MythrasRuleset
from engine.mythras.templates import make_character
from engine.ruleset import AttackRequest, Participant, Situation
from tests.mythras.helpers import fighter

RULES = MythrasRuleset()


def _p(name, role, **decl):
    c = RULES.make_combatant({"name": name, "role": role})
    return Participant(name, c, RULES.fresh_state(c), RULES.declare(c, RULES.fresh_state(c), **decl))


def test_movement_is_per_move_action():
    """0002 Movement Rate: 6 m, Run x3, Sprint x5; 0005 Crawl: 2 m prone."""
    p = _p("A", "rifleman")
    assert RULES.movement(p.combatant, p.state) == {"free": 6, "run": 18, "sprint": 30}
    assert RULES.movement(p.combatant, replace(p.state, prone=True)) == {"free": 2, "run": 2, "sprint": 2}


def test_weapon_facts_and_ammo():
    p = _p("A", "rifleman")
    f = RULES.weapon_facts(p.combatant)
    assert (f.capacity, f.burst, f.long_m, f.reload_rounds) == (30, 3, 2000.0, 2)  # Load 2: two Turns
    assert set(f.modes) == {"shot", "burst", "area", "suppress"}
    assert RULES.ammo_use(p.combatant, "burst", {}) == 3
    assert RULES.ammo_use(p.combatant, "area", {"rounds": 12}) == 12
    assert RULES.weapon_facts(_p("S", "swordsman").combatant).melee


def test_declare_validates_policy_and_wards():
    c = _p("S", "swordsman").combatant
    assert RULES.declare(c, RULES.fresh_state(c), reaction="parry").reaction == "parry"
    with pytest.raises(ValueError):
        RULES.declare(c, RULES.fresh_state(c), reaction="pray")


def test_preview_resolve_apply_round_trip():
    a, t = _p("A", "rifleman"), _p("T", "gunner", reaction="evade")
    req = AttackRequest(a, t, "shot", situation=Situation(distance_m=60, target_cover="soft50"))
    p = RULES.preview(req)
    assert p.reaction == "evade" and sum(p.p_wound.values()) == 1
    dice = Dice(random.Random(4))
    results = RULES.resolve_all(dice, req)
    assert len(results) == 1
    applied = RULES.apply(dice, t.combatant, t.state, results[0])
    assert all(x <= y for x, y in zip(applied.state.hp, t.state.hp, strict=True))
    RULES.apply_to_attacker(dice, a.combatant, a.state, results[0])


def test_full_auto_rolls_once_per_target():
    """0005 Full-Automatic: rounds shared out; a separate attack roll for each target."""
    a, t1, t2 = _p("A", "gunner"), _p("T1", "rifleman"), _p("T2", "rifleman")
    req = AttackRequest(a, t1, "area", options={"rounds": 20}, situation=Situation(distance_m=40),
                        others=((t2, Situation(distance_m=42)),))
    ctx = RULES.context(req)
    assert ctx.rounds == 10 and ctx.mode == "full_auto"
    assert len(RULES.resolve(Dice(random.Random(2)), req)) == 2


def test_orders_by_initiative_then_dex():
    a, b = _p("A", "rifleman"), _p("B", "scout")
    assert RULES.action_order([("a", a.combatant, "normal", 10), ("b", b.combatant, "normal", 12)]) == ["b", "a"]
    assert RULES.declaration_order([("a", a.combatant, 12), ("b", b.combatant, 12)]) == ["a", "b"]


def test_blast_bands_from_the_fire_intensity_table():
    """The blast rule (rules-notes): every location within a third of the radius, 1d4+1
    within two thirds, one out to the radius."""
    frag = default_catalogue().weapon("frag_grenade")  # 20 m
    assert [blast_band(frag, d) for d in (3, 6.6, 10, 13.3, 20, 21)] == ["all", "all", "several", "several", "one", None]


def test_blast_strikes_several_locations_each_with_its_own_damage():
    v = fighter("V", armour=("type_ii_vest",))
    frag = default_catalogue().weapon("frag_grenade")
    roll = throw_at(ScriptedDice([30]), fighter("T", "glock_17", points={"combat_style": 40}), plan_throw(fighter("T", points={"combat_style": 40}), fresh_state(fighter("T", points={"combat_style": 40})),
                                                                         frag, 10)).roll
    dice = ScriptedDice([2, 19, 19, 11, 1, 6, 6, 6, 1, 1, 1, 2, 2, 2])  # 1d4+1 = 3: head, (head again), chest, leg
    res = blast(dice, frag, roll, v, fresh_state(v), 10)
    assert res.band == "several"
    assert [h.location for h in res.hits] == ["head", "chest", "right_leg"]


def test_throw_scatters_on_a_failure():
    t = fighter("T", points={"combat_style": 40})
    frag = default_catalogue().weapon("frag_grenade")
    plan = plan_throw(t, fresh_state(t), frag, 20)  # effective range: 2d6 m
    out = throw_at(ScriptedDice([90, 3, 4, 3]), t, plan)  # a failure; 7 m; d8 3: north
    assert not out.roll.succeeded and out.offset == (0.0, 7.0)


def test_blast_preview_matches_a_sample():
    v = fighter("V", armour=("type_ii_vest", "combat_helmet"))
    conc = default_catalogue().weapon("frag_grenade")
    p = preview_blast(conc, v, fresh_state(v), 9)
    assert sum(p.p_wound.values()) == 1
    thrower = fighter("T", points={"combat_style": 40})
    roll = throw_at(ScriptedDice([30]), thrower, plan_throw(thrower, fresh_state(thrower), conc, 9)).roll
    dice, n, seen = Dice(random.Random(11)), 3000, Counter()
    from engine.mythras.outcome import apply_hits

    for _ in range(n):
        res = blast(dice, conc, roll, v, fresh_state(v), 9)
        seen[apply_hits(dice, v, fresh_state(v), (), res.hits, roll).wound or "none"] += 1
    for level, q in p.p_wound.items():
        sigma = (float(q) * (1 - float(q)) / n) ** 0.5
        assert abs(seen[level] / n - float(q)) <= 4.5 * sigma + 0.004


def test_evading_a_blast():
    """0005 Evading: winning the Opposed Roll avoids all damage; prone either way."""
    v, t = fighter("V", points={"evade": 60}), fighter("T", points={"combat_style": 40})
    frag = default_catalogue().weapon("frag_grenade")
    roll = throw_at(ScriptedDice([40]), t, plan_throw(t, fresh_state(t), frag, 9)).roll
    res = blast(ScriptedDice([50]), frag, roll, v, fresh_state(v), 9, evade=True)
    assert res.evaded and not res.hits and ("prone", True) in res.target_changes
    p = preview_blast(frag, v, fresh_state(v), 9, evade_skill=82, throw_skill=roll.target)
    assert 0 < p.p_evade < 1 and p.p_evade == 1 - p.p_hit


def test_ruleset_throw_and_blast():
    t, v = _p("T", "grenadier"), _p("V", "rifleman", reaction="none")
    dice = Dice(random.Random(5))
    roll, offset = RULES.throw(dice, t, "frag_grenade", 12)
    results = RULES.blast(dice, t, "frag_grenade", [(v, 5.0, False), (v, 30.0, False)])
    assert results[1] is None and results[0] is not None
    assert isinstance(RULES.preview_throw(t, "frag_grenade", 12).p_hit, Fraction)
    assert RULES.preview_blast("frag_grenade", v, 5.0).band == "all"


def test_first_aid_stabilises_and_heals_a_minor_wound():
    """0003 First Aid: heals 1d3 (minor wounds), stabilises worse ones."""
    medic, hurt = _p("M", "leader"), _p("H", "rifleman")
    st = replace(hurt.state, hp=(6, 6, 7, 5, 5, 5, 6), bleeding=True)
    out = RULES.first_aid(ScriptedDice([10, 2]), medic, replace(hurt, state=st))
    assert out.state.hp_at("chest") == 7 and not out.state.bleeding


@pytest.mark.parametrize(("a", "b", "distance"), [("swordsman", "axeman", 1), ("rifleman", "gunner", 60),
                                                   ("shotgun", "smg", 15), ("marksman", "scout", 200)])
def test_duel_to_the_end_replays_from_its_seed(a, b, distance):
    """A duel played turn by turn with seeded dice ends with one side out of the fight, and
    the same seed plays it again identically."""
    one = duel(Dice(random.Random(7)), make_character({"name": "A", "role": a}),
               make_character({"name": "B", "role": b}), distance, max_rounds=60)
    two = duel(Dice(random.Random(7)), make_character({"name": "A", "role": a}),
               make_character({"name": "B", "role": b}), distance, max_rounds=60)
    assert one.lines == two.lines and one.winner == two.winner
    assert one.winner in ("A", "B")
    loser = "B" if one.winner == "A" else "A"
    assert one.states[loser].out_of_fight
    assert isinstance(RULES.status(one.states[loser]), str)


def test_declaration_policy_in_blasts():
    v = _p("V", "rifleman")
    assert isinstance(v.declaration, MythrasDeclaration) and v.declaration.reaction == "ask"


def test_a_bystander_struck_by_a_crowd_miss_takes_no_special_effect():
    """0005 Firing into a Crowd: a shot that fails only for the crowd's grade strikes "an
    adjacent victim ... instead (who is free to Evade or Parry as normal)"; the special
    effects are the aimed shot's, at its target (rules-notes, issue 28): the stray shot's face
    (03, a Critical of the skill without the crowd) against a bystander taking it with no
    reaction would win two effects; none is offered or taken, given ones included."""
    a, b = _p("A", "rifleman"), _p("B", "rifleman")
    req = AttackRequest(a, b, "shot", options={"stray": "crowd/3", "reaction": "none"},
                        situation=Situation(distance_m=20))
    dice = Dice(random.Random(1))
    req = RULES.before_reaction(dice, req)
    assert req.options["attack_roll"].outcome == "critical"
    [result] = RULES.resolve(dice, req)
    assert RULES.effects(result) is None and result.exchange.levels == 2
    assert result.chosen == () and result.hits
    given = replace(req, options={**req.options, "effects": ("maximize_damage", "bleed")})
    [result] = RULES.resolve(Dice(random.Random(1)), given)
    assert result.chosen == ()
