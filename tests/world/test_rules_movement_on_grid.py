"""Issue 3's battle world on small grids: movement (Movement; yags-core.md Combat Move and
Sprinting; Shooting from Cover: crouched, prone) and simultaneous movement (rules-notes).
Every test names the yags-combat.md section it pins and uses the text's numbers."""

from __future__ import annotations

import math

import pytest
from gridfactory import make_grid
from worldplay import OPEN, declare_all, events, play, refused, unit
from worldplay import VESTED_RIFLEMAN as RIFLEMAN  # these tests' riflemen wear kevlar vests

from game.flow import driver
from game.world import geometry as geo
from game.world.actions import Attack, Move

# --- movement (Movement; yags-core.md Combat Move; Shooting from Cover: crouched, prone) -----


def test_paths_go_round_blocking_tiles_and_pay_move_costs(new_match):
    """Movement: a free move of half Move (6 m); rough ground ('+', move_cost 2) costs double;
    walls cannot be entered nor corners cut."""
    g = make_grid(["..........",
                   ".#........",
                   "..++++....",
                   ".........."])
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 2)], "red": [unit(RIFLEMAN, "B", 9, 0)]})
    driver(m).start_round()
    refused(m.check(0, Move(((0, 2), (1, 1)), "free")), "cannot be walked")
    refused(m.check(0, Move(((0, 2), (0, 1), (1, 0)), "free")), "cuts a corner")
    rough = ((0, 2), (1, 2), (2, 2), (3, 2), (4, 2))  # 1 + 2 + 2 + 2 = 7 m
    refused(m.check(0, Move(rough, "free")), "path costs 7.0 m, free allows 6 m")
    assert not hasattr(m.check(0, Move(rough, "run")), "reason")
    path = m.movement.path(0, (6, 2))
    assert path is not None and not set(path) & {(2, 2), (3, 2), (4, 2), (5, 2)}  # round the rough
    assert geo.path_cost_m(g, path) == pytest.approx(4 + 2 * math.sqrt(2))


def test_diagonal_steps_cost_root_two(new_match):
    """Distances are metres: a diagonal step is 1.41 m, so a 6 m free move is 4 diagonal
    steps (5.66 m) but not 5 (7.07 m)."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 0)], "red": [unit(RIFLEMAN, "B", 29, 11)]})
    driver(m).start_round()
    assert not hasattr(m.check(0, Move(tuple((i, i) for i in range(5)), "free")), "reason")
    refused(m.check(0, Move(tuple((i, i) for i in range(6)), "free")), "path costs 7.1 m, free allows 6 m")


def test_a_full_move_allows_only_a_slow_standard_attack_and_a_sprint_none(new_match):
    """Movement: "you can move your full Move, but can only perform a standard attack which
    is slow. Movement faster than this precludes making an attack action." Other Modifiers:
    the firer running is x2 distance."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 0), unit(RIFLEMAN, "W", 0, 11)],
                                    "red": [unit(RIFLEMAN, "B", 26, 6)]}, seed=2)
    run = tuple((x, 0) for x in range(0, 11))  # 10 m: more than half Move (6), within Move (12)
    refused(m.check(0, Attack(2, "shot", {}, run)), "free allows 6 m")
    refused(m.check(0, Attack(2, "shot", {"move": "sprint"}, run)), "a sprint allows no attack")
    refused(m.check(0, Attack(2, "shot", {"move": "run", "shot": "snap"}, run)), "only a standard attack")
    refused(m.check(0, Attack(2, "shot", {"move": "run", "shots": 2}, run)), "only a standard attack")
    refused(m.check(0, Attack(2, "shot", {"move": "run"}, tuple((x, 0) for x in range(0, 14)))),
            "run allows 12 m")
    still = m.preview(0, 2).difficulty
    declare_all(m, {0: Attack(2, "shot", {"move": "run"}, run), 1: Attack(2, "shot", {}, ((0, 11), (1, 11)))})
    assert m.range.situation(0, 2).attacker_moved == "run"
    assert m.preview(0, 2).difficulty > still  # firer moving: 26 m doubled is 52 m
    start = len(m.log)
    driver(m).resolve_round()
    phases = {e.actor: e.phase for e in events(m, "attack", since=start) if e.actor in (0, 1)}
    assert phases.get(0, "slow") == "slow" and phases.get(1, "normal") == "normal"
    assert 0 in phases or m.view(2).out
    assert m.view(0).pos == (10, 0) and m.view(1).pos == (1, 11)


def test_crouched_moves_its_combat_move_and_prone_crawls_half(new_match):
    """Shooting from Cover (the cover table): crouched "can only move combat move" (6 m);
    prone "can move half your combat move" (3 m). The stance declared with a move is the one
    it is measured in."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 0)], "red": [unit(RIFLEMAN, "B", 29, 11)]})
    row = lambda a, b: tuple((x, 0) for x in range(a, b + 1))  # noqa: E731
    refused(m.check(0, Move(row(0, 10), "run"), stance="crouched"), "run allows 6 m crouched")
    assert not hasattr(m.check(0, Move(row(0, 10), "run")), "reason")  # standing: 12 m
    play(m, {0: Move(row(0, 6), "run")}, {0: {"stance": "crouched"}})
    assert m.view(0).pos == (6, 0) and m.view(0).stance == "crouched"
    refused(m.check(0, Move(row(6, 13), "run")), "run allows 6 m crouched")  # still crouched
    play(m, {0: Move(row(6, 17), "run")}, {0: {"stance": "normal"}})  # stands up: a full run
    assert m.view(0).pos == (17, 0) and m.view(0).stance == "normal"
    play(m, {}, {0: {"stance": "prone"}})
    refused(m.check(0, Move(row(17, 21), "run")), "run allows 3 m prone")
    play(m, {0: Move(row(17, 20), "run")}, {0: {"stance": "prone"}})
    assert m.view(0).pos == (20, 0) and m.view(0).stance == "prone"


# --- simultaneous movement (rules-notes) -----------------------------------------------------


def test_the_higher_initiative_takes_a_contested_tile(new_match):
    """Initiative: all movement ends at the end of the round; on the grid the movers arrive in
    decreasing initiative, so the faster one takes a tile both wanted (rules-notes)."""
    for seed in (1, 2, 3, 4):
        m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 3, 5)], "red": [unit(RIFLEMAN, "B", 7, 5)]},
                      seed=seed)
        if m.view(0).initiative == m.view(1).initiative:
            continue
        declare_all(m, {0: Move(((3, 5), (4, 5), (5, 5)), "free"), 1: Move(((7, 5), (6, 5), (5, 5)), "free")})
        driver(m).resolve_round()
        fast = max((0, 1), key=lambda u: m.view(u).initiative)
        slow = 1 - fast
        assert m.view(fast).pos == (5, 5)
        assert m.view(slow).pos == ((4, 5) if slow == 0 else (6, 5))


def test_during_the_round_a_mover_is_shot_where_it_started(new_match):
    """Initiative: "all movement actions begin at the start of the round, and end at the end
    of the round"; a mover that ends out of sight was in cover for part of the round (50%
    hard)."""
    g = make_grid(["..........", "......#...", ".........."])
    m = new_match(g, {"blue": [unit(RIFLEMAN, "A", 0, 1)], "red": [unit(RIFLEMAN, "B", 6, 0)]})
    assert m.range.situation(0, 1).target_cover is None
    declare_all(m, {1: Move(((6, 0), (7, 0), (7, 1)), "free")})
    assert m.view(1).pos == (6, 0)
    assert m.range.situation(0, 1).target_cover == "hard50"


def test_movers_pass_through_friends_but_never_stop_on_one(new_match):
    """Paths may cross a friend's tile, not end on it (as `reachable` and `path` allow);
    a mover cut short by a taken end tile steps back off a friend."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 5), unit(RIFLEMAN, "F", 2, 5)],
                                    "red": [unit(RIFLEMAN, "E", 29, 0)]})
    play(m, {0: Move(tuple((x, 5) for x in range(5)), "free")})
    assert m.view(0).pos == (4, 5) and m.view(1).pos == (2, 5)
    for seed in range(1, 30):
        m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "A", 0, 5), unit(RIFLEMAN, "F", 2, 5)],
                                        "red": [unit(RIFLEMAN, "E", 3, 8)]}, seed=seed)
        if m.view(2).initiative > m.view(0).initiative:
            break
    else:
        pytest.fail("no seed gives E the higher initiative")
    play(m, {0: Move(((0, 5), (1, 5), (2, 5), (3, 5)), "free"), 2: Move(((3, 8), (3, 7), (3, 6), (3, 5)), "free")})
    assert m.view(2).pos == (3, 5)  # the faster one took the tile
    assert m.view(0).pos == (1, 5)  # not on F's tile


def test_a_sprint_tires(new_match):
    """yags-core.md, Sprinting: "a sprinting character gains a point of fatigue every round";
    a run does not."""
    m = new_match(make_grid(OPEN), {"blue": [unit(RIFLEMAN, "S", 0, 0), unit(RIFLEMAN, "R", 0, 4)],
                                    "red": [unit(RIFLEMAN, "B", 29, 11)]})
    play(m, {0: Move(tuple((x, 0) for x in range(21)), "sprint"), 1: Move(tuple((x, 4) for x in range(13)), "run")})
    assert (m.view(0).pos, m.view(0).state.fatigue) == ((20, 0), 1)
    assert (m.view(1).pos, m.view(1).state.fatigue) == ((12, 4), 0)
