"""Issue 3's battle world on small grids: explosions (Explosive damage; Taking Cover;
rules-notes Grenades). Every test names the yags-combat.md section it pins and uses the
text's numbers."""

from __future__ import annotations

import math

import pytest
from gridfactory import make_grid
from worldplay import OPEN, declare_all, events, spy, unit
from worldplay import VESTED_RIFLEMAN as RIFLEMAN  # these tests' riflemen wear kevlar vests

from game.flow import driver
from game.world.actions import Throw

# --- explosions (Explosive damage; Taking Cover; rules-notes Grenades) ------------------------


def test_a_thrown_grenade_is_a_throw_at_a_tile_and_a_miss_scatters(new_match, monkeypatch):
    """Grenades (rules-notes): a throw attack at a spot; a miss scatters the grenade, which
    explodes where it lands."""
    m = new_match(make_grid(OPEN), {"blue": [unit({**RIFLEMAN, "grenades": ["concussion_grenade"]}, "T", 2, 5)],
                                    "red": [unit(RIFLEMAN, "R", 14, 5)]}, seed=3)
    throws = []
    real = m.rules.throw

    def throw(dice, thrower, weapon, distance):
        roll, _ = real(dice, thrower, weapon, distance)
        throws.append(distance)
        return roll, (0.0, 4.0)  # a miss: 4 m south

    monkeypatch.setattr(m.rules, "throw", throw)
    declare_all(m, {0: Throw("concussion_grenade", (12, 5))})
    driver(m).resolve_round()
    assert throws == [10.0]
    blasts = events(m, "blast")
    assert any("scatters to (12, 9)" in e.text for e in blasts)
    assert blasts[-1].data.tile == (12, 9)


def test_the_blast_reaches_everyone_by_distance_and_hard_cover_protects(new_match, monkeypatch):
    """Explosive damage: bands by distance from the blast, friends hit too; hard cover (or a
    wall) between the blast and a victim protects it (rules-notes: one band further out)."""
    g = make_grid(["....................",
                   "............#.......",
                   "............H.......",
                   "...................."])
    thrower = {**RIFLEMAN, "grenades": ["concussion_grenade"]}
    m = new_match(g, {"blue": [unit(thrower, "T", 2, 2), unit(RIFLEMAN, "Friend", 8, 3)],
                      "red": [unit(RIFLEMAN, "Near", 10, 3), unit(RIFLEMAN, "Walled", 13, 1),
                              unit(RIFLEMAN, "Sheltered", 13, 2)]}, seed=3)
    real = m.rules.throw
    monkeypatch.setattr(m.rules, "throw", lambda dice, p, w, d: (real(dice, p, w, d)[0], (0.0, 0.0)))
    calls = spy(monkeypatch, m, "blast")
    declare_all(m, {0: Throw("concussion_grenade", (10, 2))}, {u: {"defences": 0} for u in range(1, 5)})
    driver(m).resolve_round()
    (args, _), = calls
    victims = {p.name: (d, covered) for p, d, covered in args[3]}
    assert victims["Near"] == (1.0, False)
    assert victims["Friend"] == (pytest.approx(math.hypot(2, 1)), False)
    assert victims["Walled"][1] is True  # the wall blocks the line from the blast
    assert victims["Sheltered"][1] is True  # hard 90% cover between
    assert victims["T"] == (8.0, False)


def test_taking_cover_a_victim_with_a_defence_dodges_its_combat_move_further_out(new_match, monkeypatch):
    """Taking Cover: "A successful dodge roll allows you to move a distance equal to your
    combat move away from the explosion, hopefully to a less deadly range band." On the grid
    (rules-notes): a victim with a defence declared dodges (agility x Athletics at 15), and on
    a success the blast's bands count it its combat move further out; no defence, no dodge;
    prone, no dodge (Stances: prone "cannot dodge"); the dodge spends the defence."""
    thrower = {**RIFLEMAN, "grenades": ["concussion_grenade"]}
    m = new_match(make_grid(OPEN), {"blue": [unit(thrower, "T", 1, 5)],
                                    "red": [unit(RIFLEMAN, "Dodger", 10, 5), unit(RIFLEMAN, "Still", 10, 4),
                                            unit(RIFLEMAN, "Flat", 10, 6)]}, seed=5)
    real = m.rules.throw
    monkeypatch.setattr(m.rules, "throw", lambda dice, p, w, d: (real(dice, p, w, d)[0], (0.0, 0.0)))
    dodges = []
    real_cover = m.rules.take_cover

    def take_cover(dice, victim, thrower_name, weapon, distance):
        roll, metres = real_cover(dice, victim, thrower_name, weapon, distance)
        dodges.append((victim.name, roll, metres))
        return roll, metres

    monkeypatch.setattr(m.rules, "take_cover", take_cover)
    calls = spy(monkeypatch, m, "blast")
    declare_all(m, {0: Throw("concussion_grenade", (11, 5))},
                {1: {"defences": 1}, 2: {"defences": 0}, 3: {"defences": 1, "stance": "prone"}})
    driver(m).resolve_round()
    by_name = {name: (roll, metres) for name, roll, metres in dodges}
    roll, metres = by_name["Dodger"]
    assert roll is not None and roll.target == 15
    move = m.view(1).combatant.combat_move
    assert metres == (move if roll.success else 0)
    assert by_name["Still"] == (None, 0.0) and by_name["Flat"] == (None, 0.0)
    (args, _), = calls
    victims = {p.name: d for p, d, _ in args[3]}
    assert victims["Dodger"] == pytest.approx(1.0 + metres)
    assert victims["Still"] == pytest.approx(math.hypot(1, 1))
    assert any("dodge the blast" in e.text and e.actor == 1 for e in m.log.events)


def test_taking_cover_succeeds_and_fails_by_the_roll(new_match, monkeypatch):
    """Taking Cover: success puts the dodger its combat move further out; a failed roll
    leaves it where it stood. Over seeds both happen, and the distance the blast counts
    follows the roll each time."""
    seen = set()
    for seed in range(1, 30):
        thrower = {**RIFLEMAN, "grenades": ["concussion_grenade"]}
        m = new_match(make_grid(OPEN), {"blue": [unit(thrower, "T", 1, 5)],
                                        "red": [unit(RIFLEMAN, "Dodger", 10, 5)]}, seed=seed)
        real = m.rules.throw
        monkeypatch.setattr(m.rules, "throw", lambda dice, p, w, d, real=real: (real(dice, p, w, d)[0], (0.0, 0.0)))
        calls = spy(monkeypatch, m, "blast")
        declare_all(m, {0: Throw("concussion_grenade", (10, 5))}, {1: {"defences": 1}})
        driver(m).resolve_round()
        (args, _), = calls
        d = {p.name: dist for p, dist, _ in args[3]}["Dodger"]
        ev = next(e for e in m.log.events if "dodge the blast" in e.text)
        success = "further out" in ev.text
        assert d == (m.view(1).combatant.combat_move if success else 0.0)
        seen.add(success)
        if seen == {True, False}:
            break
    assert seen == {True, False}
