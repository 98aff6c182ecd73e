"""Issue 3's battle world on small grids: reach and engagement (Reach; Free Strikes; Counter
Strikes; Declaring Attacks; Melee Manoeuvres). Every test names the yags-combat.md section
it pins and uses the text's numbers."""

from __future__ import annotations

import pytest
from gridfactory import make_grid
from worldplay import BRAWLER, OPEN, SWORDSMAN, declare_all, events, play, spy, unit
from worldplay import VESTED_RIFLEMAN as RIFLEMAN  # these tests' riflemen wear kevlar vests

from game.flow import driver
from game.world import geometry as geo
from game.world.actions import Attack, Move

SPEARMAN = {**SWORDSMAN, "weapon": "spear"}  # reach 3: two tiles
LONG_SPEAR = {**SWORDSMAN, "weapon": "long_spear"}  # reach 4


# --- reach and engagement (Reach; Free Strikes; Counter Strikes; Declaring Attacks) -----------


@pytest.mark.parametrize(("target_x", "phase", "moved"), [(6, "normal", "free"), (12, "slow", "run")])
def test_a_melee_charge_past_half_move_is_slow(new_match, target_x, phase, moved):
    """Declaring Attacks: the movement to make the attack is implied; Movement: past half Move
    (6 m) only a slow attack. The charger counts as moving for shots at it."""
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "Sword", 2, 5), unit(RIFLEMAN, "Watch", 2, 11)],
                                    "red": [unit(SWORDSMAN, "Foe", target_x, 5), unit(RIFLEMAN, "Gun", 20, 0)]},
                  seed=4)
    declare_all(m, {0: Attack(2, "melee")})
    assert m.range.situation(3, 0).target_moved == moved
    start = len(m.log)
    driver(m).resolve_round()
    mine = [e for e in events(m, "attack", actor=0, since=start)]
    assert mine and all(e.phase == phase for e in mine)
    assert geo.chebyshev(m.view(0).pos, m.view(2).pos) == 1


def test_a_spear_strikes_two_tiles_away_without_moving(new_match):
    """Reach on the grid (rules-notes): reach 3+ strikes two tiles away; melee needs reach to
    the target's tile, a broad sword (reach 2) only the adjacent ones."""
    m = new_match(make_grid(OPEN), {"blue": [unit(SPEARMAN, "Spear", 5, 5), unit(SWORDSMAN, "Sword", 5, 9)],
                                    "red": [unit(SWORDSMAN, "A", 7, 5), unit(SWORDSMAN, "B", 7, 9)]}, seed=5)
    declare_all(m, {0: Attack(2, "melee"), 1: Attack(3, "melee")})
    start = len(m.log)
    driver(m).resolve_round()
    assert m.view(0).pos == (5, 5) and events(m, "attack", actor=0, since=start)
    assert m.view(1).pos != (5, 9) or m.view(1).out  # the sword had to step in


def test_the_longer_weapon_ignores_the_free_strike(new_match):
    """Reach 1: "If the attacker has a longer weapon, then they ignore a free strike from the
    defender"; Reach 2 / Free Strikes 1: the other way round the defender strikes first."""
    m = new_match(make_grid(OPEN), {"blue": [unit(SPEARMAN, "Spear", 5, 5)], "red": [unit(SWORDSMAN, "Sword", 6, 5)]},
                  seed=7)
    declare_all(m, {0: Attack(1, "melee")})
    start = len(m.log)
    driver(m).resolve_round()
    before = [e for e in m.log.since(start) if e.kind in ("free_strike", "attack")]
    assert before[0].actor == 0  # the spear's attack comes first: no free strike at it
    assert not any("longer reach" in e.text for e in before)


def test_grappling_a_longer_weapon_is_one_automatic_strike(new_match, monkeypatch):
    """Free Strikes: "If an action triggers multiple free strikes, then all are merged into a
    single automatic strike": grappling (Free Strikes 2) someone with a longer weapon (Free
    Strikes 1). Grappling a bare-handed foe draws just the free strike."""
    m = new_match(make_grid(OPEN), {"blue": [unit(BRAWLER, "Wrestler", 5, 5), unit(BRAWLER, "Other", 5, 9)],
                                    "red": [unit(SWORDSMAN, "Guard", 6, 5), unit(BRAWLER, "Boxer", 6, 9)]}, seed=1)
    calls = spy(monkeypatch, m, "resolve")
    declare_all(m, {0: Attack(2, "melee", {"manoeuvre": "grapple"}), 1: Attack(3, "melee", {"manoeuvre": "trip"})})
    driver(m).resolve_round()
    guard = [e for e in events(m, "free_strike", actor=2)]
    boxer = [e for e in events(m, "free_strike", actor=3)]
    assert len(guard) == 1 and guard[0].data.strike == "automatic strike"
    assert "longer reach" in guard[0].text and "grab" in guard[0].text
    assert len(boxer) == 1 and boxer[0].data.strike == "free strike"
    strikes = [args[1].options for args, _ in calls if args[1].attacker.name in ("Guard", "Boxer")]
    assert {"kind": "automatic strike", "automatic": True} in strikes  # no defence against it
    assert {"kind": "free strike", "automatic": False} in strikes


def test_attacking_without_a_defence_against_the_target_earns_a_counter_strike(new_match):
    """Counter Strikes 1 / Declaring Defences: "If you are making a melee attack but do not
    declare a defence against the target, then they get a counter strike against you after
    your attack has been resolved" - if still standing."""
    countered = 0
    for seed in range(1, 9):
        m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "A", 5, 5)],
                                        "red": [unit({**SWORDSMAN, "armour": ["kevlar_vest"]}, "B", 6, 5)]}, seed=seed)
        declare_all(m, {0: Attack(1, "melee")}, {0: {"defences": 0}})
        driver(m).resolve_round()
        counter = [e for e in events(m, "free_strike", actor=1) if "counter" in e.text]
        assert len(counter) == (0 if m.view(1).out else 1)
        countered += len(counter)
    assert countered >= 4
    m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "A", 5, 5)], "red": [unit(SWORDSMAN, "B", 6, 5)]})
    declare_all(m, {0: Attack(1, "melee")}, {0: {"defences": 1}})
    driver(m).resolve_round()
    assert not [e for e in events(m, "free_strike", actor=1) if "counter" in e.text]


def test_running_past_two_guards_draws_their_strikes_in_initiative_order(new_match):
    """Free Strikes 3 (running past someone within reach without attacking them); "each foe
    handles their strikes independently (in initiative order)"."""
    for seed in (2, 3, 4, 5):
        m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "Runner", 2, 1)],
                                        "red": [unit(SWORDSMAN, "G1", 6, 0), unit(SWORDSMAN, "G2", 6, 2)]}, seed=seed)
        declare_all(m, {0: Move(tuple((x, 1) for x in range(2, 14)), "run")})
        driver(m).resolve_round()
        strikers = [e.actor for e in events(m, "free_strike")]
        assert strikers, seed
        first = max((1, 2), key=lambda u: (m.view(u).initiative, -u))
        assert strikers[0] == first
        assert len(strikers) == 2 or m.view(0).out


def test_a_weapon_too_long_for_a_corridor_is_at_minus_five_a_level(new_match):
    """Reach: "A weapon that is too long for the situation ... gives a -5 to attack rolls for
    each excess level of reach": a long spear (reach 4) in a one-wide corridor (reach 1
    allowed) is at -15; in the open, nothing."""
    corridor = make_grid(["#########", ".........", "#########"])
    m = new_match(corridor, {"blue": [unit(LONG_SPEAR, "A", 3, 1)], "red": [unit(SWORDSMAN, "B", 4, 1)]})
    terms = {t.name: t.value for t in m.preview(0, 1, "melee").terms}
    assert terms.get("too long") == -15
    m2 = new_match(make_grid(OPEN), {"blue": [unit(LONG_SPEAR, "A", 3, 1)], "red": [unit(SWORDSMAN, "B", 4, 1)]})
    assert "too long" not in {t.name for t in m2.preview(0, 1, "melee").terms}


def test_tiring_manoeuvres_and_fumbles_cost_the_attacker_fatigue(new_match, monkeypatch):
    """Melee Manoeuvres: a tiring manoeuvre (improved damage) that succeeds, and a fumbled
    attack whose outcome is fatigue, cost the attacker a point of fatigue."""
    tired = 0
    for seed in range(1, 13):
        m = new_match(make_grid(OPEN), {"blue": [unit(SWORDSMAN, "A", 5, 5)],
                                        "red": [unit({**SWORDSMAN, "armour": ["kevlar_vest"]}, "B", 6, 5)]}, seed=seed)
        results = []
        real = m.rules.resolve

        def resolve(dice, request, real=real, results=results):
            out = real(dice, request)
            if request.attacker.name == "A":
                results.extend(r for r in out if not hasattr(r, "reason"))
            return out

        monkeypatch.setattr(m.rules, "resolve", resolve)
        play(m, {0: Attack(1, "melee", {"manoeuvre": "improved_damage"})},
             {0: {"stance": "aggressive"}, 1: {"defences": 0}})
        costs = sum(("fatigue" in r.effects) + (r.fumble_outcome == "fatigue") for r in results)
        assert results and (m.view(0).state.fatigue == costs or m.view(0).out)
        tired += costs
    assert tired >= 1
