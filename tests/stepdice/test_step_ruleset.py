"""StepRuleset behind engine/ruleset.py's interface, and seeded duels to the end
(RULESETS.md)."""

import re
from pathlib import Path

import pytest

from engine.dice import ScriptedDice, seeded
from engine.outcome import Impossible
from engine.ruleset import AttackRequest, Participant, Ruleset, Situation
from engine.stepdice.catalogue import KitError
from engine.stepdice.character import Condition
from engine.stepdice.duel import run_duel
from engine.stepdice.round import Statement
from engine.stepdice.ruleset import StepRuleset

ROOT = Path(__file__).resolve().parents[2]
R = StepRuleset()


def unit_specs():
    for path in sorted((ROOT / "maps").glob("*.tmx")):
        for obj in re.findall(r'<object [^>]*type="unit".*?</object>', path.read_text(encoding="utf-8"), re.S):
            p = dict(re.findall(r'name="([a-z_]+)"(?: type="\w+")? value="([^"]*)"', obj))
            spec = {k: p[k] for k in ("name", "role", "template", "weapon", "second_weapon") if k in p}
            spec["armour"] = [x for x in p.get("armour", "").split(",") if x]
            spec["grenades"] = [x for x in p.get("grenades", "").split(",") if x and x != "none"]
            yield path.name, spec


def test_it_is_a_ruleset_named_step():
    assert isinstance(R, Ruleset) and R.name == "step"


def test_every_shipped_unit_is_built_from_its_roles_template():
    count = 0
    for where, spec in unit_specs():
        c = R.make_combatant(spec)
        assert c.role == spec["role"], where
        assert c.life_points == 12
        count += 1
    from game.maps import load_map

    grids = [load_map(p) for p in sorted((ROOT / "maps").glob("*.tmx"))]
    # every unit object of the shipped maps: the units layers' and the deployments'
    assert count == sum(len(g.units) + sum(len(d.units) for d in g.deployments) for g in grids) > 80
    sword = R.make_combatant({"name": "S", "role": "swordsman", "weapon": "short_sword", "second_weapon": "small_shield",
                              "armour": ["kevlar_vest", "combat_helmet"]})
    assert sword.weapon.id == "short_sword" and sword.shield.id == "small_shield"
    assert [a.id for a in sword.armour] == ["kevlar_vest", "combat_helmet"]


def test_yags_attributes_are_ignored_and_the_template_stands_in():
    c = R.make_combatant({"name": "X", "weapon": "glock_17", "attributes": {"strength": 9}, "skills": {"Rifles": 9}})
    assert c.role == "rifleman" and c.weapon.id == "pistol" and c.attributes["strength"] == 6
    assert R.make_combatant({"name": "Y", "weapon": "axe"}).role == "swordsman"
    assert R.make_combatant({"name": "Z", "role": "rifleman"}).weapon.id == "assault_rifle"
    with pytest.raises(KeyError, match="no template for role"):
        R.make_combatant({"name": "Q", "role": "pilot"})
    with pytest.raises(KitError, match="ruleset step: .*'m61_vulcan'"):
        R.make_combatant({"name": "Q", "weapon": "m61_vulcan"})


def test_weapon_facts_movement_and_ammunition():
    rifle = R.make_combatant({"name": "A", "role": "rifleman", "weapon": "m16_a1"})
    f = R.weapon_facts(rifle)
    assert f.modes == ("shot", "burst", "area") and f.capacity == 30 and f.long_m == 300 and f.burst == 3
    assert R.ammo_use(rifle, "burst", {}) == 3 and R.ammo_use(rifle, "area", {}) == 10
    assert R.ammo_use(rifle, "shot", {"shots": 2}) == 2
    state = R.fresh_state(rifle)
    assert R.movement(rifle, state) == {"free": 10, "run": 20, "sprint": 30}
    assert R.movement(rifle, state, "prone") == {"free": 2, "run": 4, "sprint": 6}
    assert R.movement(rifle, Condition(lamed=True))["free"] == 5
    assert R.movement(rifle, Condition(held_by="B"))["free"] == 0
    axe = R.make_combatant({"name": "X", "role": "axeman", "weapon": "axe"})
    assert R.weapon_facts(axe).melee and R.weapon_facts(axe).modes == ("melee",)
    assert R.throw_range_m(rifle, "frag_grenade") == 30


def test_declare_is_the_rounds_statement():
    rifle = R.make_combatant({"name": "A", "role": "rifleman"})
    turn = R.declare(rifle, R.fresh_state(rifle), actions=2, defences=1)
    assert turn.steps == -1
    with pytest.raises(ValueError):
        R.declare(rifle, R.fresh_state(rifle), actions=2, carried=2)
    assert R.declare(rifle, Condition(stunned=1)).count == 0
    turn = R.note_effect(turn, "defended:dodge")
    assert turn.defences_used == 1
    assert R.note_effect(turn, "feinted", "B").feinted_by == {"B"}


def request(mode="shot", a_decl=None, t_decl=None, distance=30.0, **options):
    a = R.make_combatant({"name": "A", "role": "rifleman", "weapon": "m16_a1", "armour": ["kevlar_vest"]})
    t = R.make_combatant({"name": "T", "role": "rifleman", "weapon": "m16_a1", "armour": ["kevlar_vest"]})
    return AttackRequest(Participant("A", a, R.fresh_state(a), a_decl), Participant("T", t, R.fresh_state(t), t_decl),
                         mode, options, Situation(distance_m=distance))


def test_resolve_and_apply_through_the_interface():
    t_decl = R.declare(R.make_combatant({"name": "T"}), Condition(), actions=2, defences=1)
    req = request(t_decl=t_decl)
    pv = R.preview(req)
    assert pv.defence == "dodge" and pv.total == 1  # a stated defence is spent by default
    results = R.resolve(ScriptedDice([8, 8, 1, 1, 4]), req)
    r = results[0]
    assert r.hit and r.defence == "dodge" and r.turn_effects == ("defended:dodge",)
    applied = R.apply(ScriptedDice([1, 1]), req.target.combatant, req.target.state, r)
    assert applied.state.wounds == r.wounds and applied.state.stun == r.stun
    assert "wounds" in R.status(applied.state)
    innate = R.preview(request(t_decl=t_decl, defence="innate"))
    assert innate.defence == "innate" and innate.p_hit > pv.p_hit
    assert R.preview(request(mode="triple")).p_hits.keys() <= {0, 1, 2, 3}
    assert isinstance(R.preview(request(distance=500)), Impossible)
    assert isinstance(R.resolve(ScriptedDice([]), request(distance=500))[0], Impossible)


def test_manoeuvres_and_autofire_through_the_interface():
    feint = R.preview(request(mode="melee", distance=1, manoeuvre="feint"))
    assert 0 < feint.p_hit < 1 and feint.kind == "feint"
    res = R.resolve(ScriptedDice([1, 1, 6, 4]), request(mode="melee", distance=1, manoeuvre="grapple"))[0]
    assert not res.success
    af = R.resolve(seeded(2), request(mode="area"))
    assert len(af) == 1 and af[0].mode == "autofire"
    with pytest.raises(ValueError, match="unknown manoeuvre"):
        R.preview(request(manoeuvre="tickle"))


def test_explosions_through_the_interface():
    req = request()
    thrower, victim = req.attacker, req.target
    roll, off = R.throw(ScriptedDice([5, 1]), thrower, "frag_grenade", 8)
    assert roll.success and off == (0.0, 0.0)
    assert R.preview_throw(thrower, "frag_grenade", 8).p_hit > 0.9
    out = R.blast(seeded(1), thrower, "frag_grenade", [(victim, 1.0, False), (victim, 50.0, False)])
    assert out[0].hit and out[1] is None
    assert R.preview_blast("concussion_grenade", victim, 3.0).total == 1
    assert R.take_cover(seeded(1), victim, "A", "frag_grenade", 3.0) == (None, 0.0)


def test_covering_always_fires():
    req = request()
    assert R.overwatch_arc() == 30.0 and R.overwatch_check(seeded(1), req.attacker).success
    assert R.overwatch_check_chance(req.attacker) == 1


def fighter(role, weapon, name):
    return R.make_combatant({"name": name, "role": role, "weapon": weapon})


def test_a_seeded_firefight_runs_to_the_end_and_replays():
    """Rifleman against gunner at 30 m, each stating an attack and a defence, to the end."""
    a, b = fighter("rifleman", "m16_a1", "Rifle"), fighter("gunner", "rpk", "Gunner")
    one = run_duel(seeded(7), ("Rifle", a, Statement(2, 1)), ("Gunner", b, Statement(2, 1)), distance_m=30)
    two = run_duel(seeded(7), ("Rifle", a, Statement(2, 1)), ("Gunner", b, Statement(2, 1)), distance_m=30)
    assert one.winner is not None and one.lines == two.lines
    loser = "Rifle" if one.winner == "Gunner" else "Gunner"
    assert one.states[loser].status in ("unconscious", "dead")
    assert any("attacks" in line for line in one.lines)


def test_a_seeded_melee_duel_runs_to_the_end():
    s = R.make_combatant({"name": "Sword", "role": "swordsman", "weapon": "short_sword", "second_weapon": "small_shield"})
    x = fighter("axeman", "axe", "Axe")
    winners = {run_duel(seeded(seed), ("Sword", s, Statement(2, 1)), ("Axe", x, Statement(1)), distance_m=1.5).winner
               for seed in range(12)}
    assert winners <= {"Sword", "Axe", None} and winners & {"Sword", "Axe"}


def test_statements_and_actions_go_highest_initiative_first():
    a, b = fighter("rifleman", "m16_a1", "A"), fighter("gunner", "rpk", "B")
    assert R.declaration_order([("a", a, 7), ("b", b, 11)]) == ["b", "a"]
    assert R.action_order([("a", a, "normal", 7), ("b", b, "normal", 7)]) == ["a", "b"]
    assert R.action_speed(request()) == "normal"
