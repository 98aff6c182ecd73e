"""step-dice-combat.md: feint and grapple (Special Attacks and Defenses), autofire (Automatic
Weapons), throws and explosions (the explosives paragraph)."""

from fractions import Fraction

from engine.dice import ScriptedDice, seeded
from engine.outcome import Impossible
from engine.stepdice import area
from engine.stepdice.attack import Fighter
from engine.stepdice.catalogue import default_catalogue
from engine.stepdice.character import Condition
from engine.stepdice.manoeuvres import plan_break_free, plan_feint, plan_grapple, resolve_manoeuvre
from engine.stepdice.round import Statement, state_round

CAT = default_catalogue()


def test_feint_is_alertness_and_weapon_against_intelligence_and_perception(make):
    """Feint: "Roll alertness + hand to hand weapon against opponents Intelligence + Perception
    / Intuition roll. If you roll higher opponent can only use innate defense." """
    s, r = Fighter(make("swordsman", "S")), Fighter(make("rifleman", "R"))
    m = plan_feint(s, r)
    assert [p.label() for p in m.pool.parts] == ["Alertness d6", "Melee d8"]
    assert [p.label() for p in m.against.parts] == ["Intelligence d6", "Perception d4"]
    tie = resolve_manoeuvre(ScriptedDice([3, 3, 4, 2]), m)
    assert not tie.success  # "roll higher": a tie fails
    won = resolve_manoeuvre(ScriptedDice([3, 4, 4, 2]), m)
    assert won.success and won.turn_effects == ("feinted:S",)
    assert 0 < m.chance() < 1


def test_grapple_holds_at_or_above_and_breaking_free_is_an_action(make):
    """Grapple: "Roll Agility + Unarmed combat ... against opponent who rolls Agility +
    Strength to break free"."""
    a, b = Fighter(make("rifleman", "A")), Fighter(make("rifleman", "B"))
    g = plan_grapple(a, b)
    assert [p.label() for p in g.against.parts] == ["Agility d8", "Strength d6"]
    res = resolve_manoeuvre(ScriptedDice([5, 3, 6, 2]), g)  # 8 against 8: held
    assert res.success and res.effects == ("held",)
    held = Fighter(b.character, Condition(held_by="A"), turn=state_round(Statement(2)))
    br = plan_break_free(held, a)
    assert [p.label() for p in br.pool.parts] == ["Agility d8", "Strength d6 -1 = d4"]
    out = resolve_manoeuvre(ScriptedDice([5, 3, 6, 2]), br)
    assert out.success and out.actor_effects == ("free",)
    assert isinstance(plan_break_free(b, a), Impossible)


def test_autofire_easy_area_roll_then_average_defences(make):
    """Autofire: "An easy attack roll is made ... anyone in the area must make a defense roll
    against average difficulty. Those that suceed do not get hit. Those unaware or standing
    still get their innate defense." """
    g = Fighter(make("gunner", "G"))
    moving = Fighter(make("rifleman", "M"))
    still = Fighter(make("rifleman", "S"), still=True)
    plan = area.plan_autofire(g, g.character.weapon, 30, [(moving, None), (still, "light")])
    assert [p.label() for p in area.autofire_defence(moving).parts] == ["Agility d8", "Athletics d4"]
    assert [p.label() for p in area.autofire_defence(still).parts] == ["Agility d8"]
    # area 6+5 = 11 vs easy; M ducks 4+3 = 7 (not hit); S innate 2 + light cover 4 = 6 < 7: hit,
    # basic 11 - 6 = 5 (2 stun, 3 wounds) + d8 (4) wounds, the vest stops 3
    results = area.resolve_autofire(ScriptedDice([6, 5, 4, 3, 2, 4]), plan)
    assert [r.hit for r in results] == [False, True]
    assert (results[1].stun, results[1].wounds) == (2, 4)
    pv = area.preview_autofire(plan, 1)
    assert pv.total == 1 and 0 < pv.p_hit < 1


def test_autofire_that_misses_the_area_hits_no_one(make):
    g = Fighter(make("gunner", "G"))
    plan = area.plan_autofire(g, g.character.weapon, 30, [(Fighter(make()), None)])
    assert not any(r.hit for r in area.resolve_autofire(ScriptedDice([1, 1]), plan))
    assert isinstance(area.plan_autofire(Fighter(make("pistol")), CAT.weapon("pistol"), 5, []), Impossible)


def test_a_grenade_thrown_at_a_spot(make):
    """Reading: a throw at a spot is an easy roll (as autofire's area); a miss lands a quarter
    of the distance off."""
    t = Fighter(make("grenadier", "T"))
    pool = area.plan_throw(t, CAT.explosive("frag_grenade"), 8)
    assert [p.label() for p in pool.parts] == ["Agility d8", "Throwing d8"]
    roll, off = area.throw_at(ScriptedDice([1, 1]), pool, 8)
    assert not roll.success and abs((off[0] ** 2 + off[1] ** 2) ** 0.5 - 2) < 1e-6
    assert area.throw_at(ScriptedDice([2, 1]), pool, 8)[1] == (0.0, 0.0)
    assert area.throw_chance(pool) == 1 - Fraction(1, 64)
    assert isinstance(area.plan_throw(t, CAT.explosive("frag_grenade"), 31), Impossible)


def test_explosions_roll_by_distance_from_the_blast(make):
    """ "Explosives do different amounts of damage depending on how close the person is to the
    explosion. Different damage rolls are made for each person within the different radius' of
    the blast." Frag bands 2/5/10/15 m of 4, 3, 2, 1 d6 (reading)."""
    frag = CAT.explosive("frag_grenade")
    v = Fighter(make("rifleman", "V"))
    assert [area.blast_band(frag, d) for d in (1, 2, 4, 9, 15, 16)] == [0, 0, 1, 2, 3, None]
    assert area.blast_band(frag, 4, hard_cover_between=True) == 2
    out = area.blast(ScriptedDice([6, 5, 4, 3, 1, 1]), "T", frag, [(v, 1.0, False), (v, 12.0, False), (v, 30, False)])
    assert out[0].wounds == 18 - 3 and out[0].armour == 3  # the vest stops 3
    assert out[1].wounds == 0 and out[2] is None
    stun = area.blast(ScriptedDice([6, 6, 6, 6]), "T", CAT.explosive("concussion_grenade"), [(v, 1.0, False)])
    assert (stun[0].stun, stun[0].wounds) == (24, 0)
    pv = area.preview_blast(frag, v, 3.0)
    assert pv.total == 1 and pv.p_hit == 1
    assert isinstance(area.preview_blast(frag, v, 40.0), Impossible)


def test_every_victim_rolls_its_own_damage(make):
    frag = CAT.explosive("frag_grenade")
    vs = [(Fighter(make("rifleman", f"V{i}")), 1.0, False) for i in range(3)]
    out = area.blast(seeded(3), "T", frag, vs)
    assert all(len(r.rolls[0].terms) == 4 for r in out)


def test_the_area_roll_takes_the_attackers_steps(make):
    g = Fighter(make("gunner", "G"), Condition(lamed=True, held_by="X"), turn=state_round(Statement(2)))
    plan = area.plan_autofire(g, g.character.weapon, 60, [])  # medium -2, two actions -1, lamed -1: d8 -4
    assert isinstance(plan, Impossible) and "below d2" in plan.reason
    ok = area.plan_autofire(Fighter(make("gunner", "G"), Condition(lamed=True)), g.character.weapon, 30, [])
    assert [p.label() for p in ok.pool.parts] == ["Agility d8", "Guns d8 -1 = d6"]


def test_autofire_basic_damage_is_never_below_zero(make):
    """Reading: the area roll less the defence and cover, at least 0, plus the weapon die."""
    g = Fighter(make("gunner", "G"))
    t = Fighter(make("rifleman", "T", armour=()), still=True)
    plan = area.plan_autofire(g, g.character.weapon, 30, [(t, None)])
    res = area.resolve_autofire(ScriptedDice([2, 1, 5, 6]), plan)  # area 3 (easy), innate 5 < 7: hit
    assert res[0].hit and res[0].hits[0].basic == (0, 0) and (res[0].stun, res[0].wounds) == (0, 6)
